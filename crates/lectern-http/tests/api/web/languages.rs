//! The pages' language: the reader's preference, then the choice made at the foot of every
//! page, then the browser's `Accept-Language`, then the site's. The frame of every page (its
//! navigation, skip link, footer and language choice) is in that language, the `html` element
//! says which and its direction, and text not yet translated says it is English.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, location, my_preferences};
use crate::support::*;

on_both_stores!(
    a_guest_sees_the_frame_in_their_browser_s_language_or_the_one_they_chose,
    a_reader_s_choice_is_their_preference_on_every_door,
    a_title_in_another_language_says_which,
    a_title_page_says_what_its_language_keeps_from_being_made,
);

impl Browser<'_> {
    async fn page_in(&self, path: &str, accept_language: &str) -> String {
        let resp = self
            .http
            .get(self.app.url(path))
            .header("accept-language", accept_language)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        resp.text().await.unwrap()
    }
}

async fn a_guest_sees_the_frame_in_their_browser_s_language_or_the_one_they_chose(
    backend: Backend,
) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    let english = b.page("/main/", StatusCode::OK).await;
    assert!(
        english.contains(r#"<html lang="en" dir="ltr">"#),
        "{english}"
    );
    assert!(
        english.contains(r#"<main id="main" tabindex="-1">"#),
        "{english}"
    );
    let spanish = b.page_in("/main/", "de;q=1, es;q=0.8, en;q=0.5").await;
    assert!(
        spanish.contains(r#"<html lang="es" dir="ltr">"#),
        "{spanish}"
    );
    assert!(spanish.contains(">Buscar</a>"), "{spanish}");
    assert!(
        spanish.contains("Saltar al contenido principal"),
        "{spanish}"
    );
    // The page's own text is still English, and says so.
    assert!(
        spanish.contains(r#"<main id="main" tabindex="-1" lang="en" dir="ltr">"#),
        "{spanish}"
    );
    // Each language is offered in itself.
    for option in [
        r#"<option value="es" lang="es" dir="ltr" selected>Español</option>"#,
        r#"<option value="ar" lang="ar" dir="rtl">العربية</option>"#,
    ] {
        assert!(spanish.contains(option), "{option} in {spanish}");
    }
    let arabic = b.page_in("/main/", "ar-EG").await;
    assert!(arabic.contains(r#"<html lang="ar" dir="rtl">"#), "{arabic}");
    assert!(arabic.contains(">بحث</a>"), "{arabic}");

    // A choice made on a page beats the browser's, and comes back to that page.
    let resp = b
        .submit(
            "/main/search",
            "/main/language",
            &[("language", "fr"), ("next", "/main/search")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&resp), "/main/search");
    let cookie = resp.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        cookie.contains("lectern_language=fr") && cookie.contains("Max-Age=31536000"),
        "{cookie}"
    );
    let french = b.page_in("/main/search", "es").await;
    assert!(french.contains(r#"<html lang="fr" dir="ltr">"#), "{french}");
    assert!(french.contains(">Rechercher</a>"), "{french}");

    // Nothing but a language of the pages, nowhere but this site, and only with the form's token.
    let resp = b
        .submit(
            "/main/",
            "/main/language",
            &[("language", "de"), ("next", "/main/")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert!(resp.text().await.unwrap().contains("language"));
    for elsewhere in ["https://example.org/", "//example.org/main/", "/other/"] {
        let resp = b
            .submit(
                "/main/",
                "/main/language",
                &[("language", "es"), ("next", elsewhere)],
            )
            .await;
        assert_eq!(location(&resp), "/main/", "{elsewhere}");
    }
    let resp = b.post("/main/language", &[("language", "es")]).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
}

async fn a_reader_s_choice_is_their_preference_on_every_door(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let resp = b
        .submit(
            "/main/",
            "/main/language",
            &[("language", "ar"), ("next", "/main/")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert!(
        !resp.headers().contains_key("set-cookie")
            || !resp.headers()["set-cookie"]
                .to_str()
                .unwrap()
                .contains("lectern_language")
    );
    let token = app.minted_token("web-main", "member@example.org").await;
    assert_eq!(my_preferences(&app, &token).await["language"], "ara");
    // The preference beats the browser's language, and follows the reader to another browser.
    let arabic = b.page_in("/main/", "es").await;
    assert!(arabic.contains(r#"<html lang="ar" dir="rtl">"#), "{arabic}");
    assert!(arabic.contains("تم تسجيل الدخول باسم"), "{arabic}");
    let elsewhere = Browser::new(&app);
    elsewhere
        .sign_in("member@example.org", "member-pass-1")
        .await;
    let page = elsewhere.page_in("/main/", "fr").await;
    assert!(page.contains(r#"<html lang="ar" dir="rtl">"#), "{page}");
}

/// A title's name (and synopsis) carries its own language where it is not the page's text's,
/// so that a screen reader reads "La Casa" with Spanish rules on an English page; an English
/// title on an English page carries none.
async fn a_title_in_another_language_says_which(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let found = b.page("/main/search?keyword=casa", StatusCode::OK).await;
    assert!(
        found.contains(r#"<a href="/main/titles/t-casa" lang="es" dir="ltr">La Casa</a>"#),
        "{found}"
    );
    let title = b.page("/main/titles/t-casa", StatusCode::OK).await;
    assert!(
        title.contains(r#"<h1 lang="es" dir="ltr">La Casa"#),
        "{title}"
    );
    let english = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(english.contains("<h1>The Long Road"), "{english}");
    // On a page in Spanish the text is still English, so the title still says it is Spanish.
    let spanish = b.page_in("/main/titles/t-casa", "es").await;
    assert!(
        spanish.contains(r#"<h1 lang="es" dir="ltr">La Casa"#),
        "{spanish}"
    );
    // Its accessibility in the display guide's published Spanish, which says it is Spanish on
    // a page whose own text is still English; in English on an English page.
    assert!(
        spanish.contains(r#"<h4 lang="es-ES" dir="ltr">Modos de lectura</h4>"#),
        "{spanish}"
    );
    assert!(title.contains("<h4>Ways of reading</h4>"), "{title}");
}

/// A title in a language eSpeak NG has no voice for, or Lectern no braille tables for, says so
/// on its page, where its audio or braille would be.
async fn a_title_page_says_what_its_language_keeps_from_being_made(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let before = b.page("/main/titles/t-stripes", StatusCode::OK).await;
    assert!(!before.contains("Lectern cannot"), "{before}");
    for (language, notes) in [
        (
            "tlh",
            &[
                "Lectern cannot read this title aloud: its speech synthesizer, eSpeak NG, has no voice for Klingon.",
                "Lectern cannot make braille of this title: it has no braille tables for Klingon.",
            ][..],
        ),
        (
            "jpn",
            &["Lectern cannot make braille of this title: it has no braille tables for Japanese."]
                [..],
        ),
    ] {
        let mut stripes = lectern_store::titles::get(app.store.reads(), "t-stripes")
            .await
            .unwrap()
            .unwrap();
        stripes.languages = vec![language.to_owned()];
        let mut tx = app.store.begin().await.unwrap();
        lectern_store::titles::upsert(&mut tx, &[stripes])
            .await
            .unwrap();
        tx.commit().await.unwrap();
        // The node hears of the change within a poll of the change feed.
        let started = std::time::Instant::now();
        let page = loop {
            let page = b.page("/main/titles/t-stripes", StatusCode::OK).await;
            if page.contains(notes[0]) {
                break page;
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(10),
                "{language}: {page}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        };
        for note in notes {
            assert!(
                page.contains(&format!(r#"<p class="note">{note}</p>"#)),
                "{note}"
            );
        }
        assert_eq!(
            page.matches("Lectern cannot").count(),
            notes.len(),
            "{page}"
        );
    }
}
