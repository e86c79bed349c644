//! The pages' language: the reader's preference, then the choice made at the foot of every
//! page, then the browser's `Accept-Language`, then the site's. The frame of every page (its
//! navigation, skip link, footer and language choice) is in that language, the `html` element
//! says which and its direction, and text not yet translated says it is English.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, hidden, location, my_preferences, the_reader_s_app_reads_the_long_road};
use crate::support::*;

on_both_stores!(
    a_guest_sees_the_frame_in_their_browser_s_language_or_the_one_they_chose,
    a_reader_s_choice_is_their_preference_on_every_door,
    a_title_in_another_language_says_which,
    a_title_page_says_what_its_language_keeps_from_being_made,
    translated_pages_show_no_words_of_their_own_but_the_messages,
    an_error_page_says_the_refusal_in_the_page_s_language,
);

impl Browser<'_> {
    async fn page_in(&self, path: &str, accept_language: &str) -> String {
        self.page_as(path, accept_language, StatusCode::OK).await
    }

    /// A page asked for in `accept_language`, which must answer `status`; its body.
    async fn page_as(&self, path: &str, accept_language: &str, status: StatusCode) -> String {
        let resp = self
            .http
            .get(self.app.url(path))
            .header("accept-language", accept_language)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), status, "{path}");
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
    // The home page's own text is Spanish too; a page not yet translated says it is English.
    assert!(
        spanish.contains(r#"<main id="main" tabindex="-1">"#) && spanish.contains(">Novedades<"),
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
        found.contains(
            r#"<a href="/main/titles/t-casa" lang="es" dir="ltr" translate="no">La Casa</a>"#
        ),
        "{found}"
    );
    // Its author's name is the title's words too, in its language.
    assert!(
        found.contains(r#"by <span translate="no" lang="es" dir="ltr">Rosa Luna</span>"#),
        "{found}"
    );
    let title = b.page("/main/titles/t-casa", StatusCode::OK).await;
    assert!(
        title.contains(r#"<h1 lang="es" dir="ltr" translate="no">La Casa"#)
            && title.contains(r#"<span translate="no" lang="es" dir="ltr">Rosa Luna</span>"#),
        "{title}"
    );
    let english = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(
        english.contains(r#"<h1 translate="no">The Long Road"#),
        "{english}"
    );
    // On a page in Spanish, a Spanish title is the page's language: nothing to mark; its
    // accessibility is in the display guide's published Spanish, as the page's text is.
    let spanish = b.page_in("/main/titles/t-casa", "es").await;
    assert!(
        spanish.contains(r#"<h1 translate="no">La Casa"#)
            && spanish.contains("<h4>Modos de lectura</h4>")
            && spanish.contains(">Descargar</h2>"),
        "{spanish}"
    );
    // The staff's pages speak the staff member's language too.
    let staff = Browser::new(&app);
    staff
        .sign_in("membership@example.org", "membership-pass-1")
        .await;
    let home = staff.page_in("/main/staff", "es").await;
    assert!(
        home.contains(r#"<main id="main" tabindex="-1">"#)
            && home.contains(">Buscar una cuenta</a>"),
        "{home}"
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

/// The pages whose own text comes from the message files, crawled in the pseudo-locale: every
/// word they show is inside a message's `⟦ ⟧` (a name or a number filling one may be anything),
/// or is the catalog's or a person's (`translate="no"`), or is in a language of its own (`lang`):
/// a word written into a template or a handler shows up bare.
async fn translated_pages_show_no_words_of_their_own_but_the_messages(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let guest = Browser::new(&app);
    let pseudo = "qps-ploc";
    let mut crawled = Vec::new();
    for (path, status) in [
        ("/main/", StatusCode::OK),
        ("/main/search", StatusCode::OK),
        (
            "/main/search?keyword=house&sort=newest&limit=1",
            StatusCode::OK,
        ),
        ("/main/search?keyword=zzzzqqqq", StatusCode::OK),
        ("/main/sign-in", StatusCode::OK),
        ("/main/signed-out", StatusCode::OK),
        ("/main/titles/no-such-title", StatusCode::NOT_FOUND),
        ("/main/search?readingAge=old", StatusCode::BAD_REQUEST),
        ("/main/titles/t-road", StatusCode::OK),
        ("/main/titles/t-pride", StatusCode::OK),
        ("/main/titles/t-casa", StatusCode::OK),
        ("/main/titles/t-open", StatusCode::OK),
    ] {
        crawled.push((path, guest.page_as(path, pseudo, status).await));
    }
    let empty = guest
        .http
        .post(app.url("/main/sign-in"))
        .header("accept-language", pseudo)
        .form(&[
            ("csrf", hidden(&crawled[4].1, "csrf").unwrap().as_str()),
            ("username", ""),
            ("password", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    crawled.push((
        "/main/sign-in (nothing filled in)",
        empty.text().await.unwrap(),
    ));
    // A reader with a download, a place, a bookmark and a highlight, made by their app.
    the_reader_s_app_reads_the_long_road(&app).await;
    let reader = Browser::new(&app);
    reader.sign_in("member@example.org", "member-pass-1").await;
    for path in [
        "/main/",
        "/main/search?keyword=pride",
        "/main/titles/t-road?deleted=bookmark",
        "/main/titles/t-pride",
        "/main/titles/t-road/download/EPUB3",
        "/main/books",
    ] {
        crawled.push((path, reader.page_as(path, pseudo, StatusCode::OK).await));
    }
    // A refusal and an absence are said in the page's language, not the API's English.
    let staff = "/main/staff";
    crawled.push((
        staff,
        reader.page_as(staff, pseudo, StatusCode::FORBIDDEN).await,
    ));
    for (path, html) in crawled.iter().filter(|(_, html)| html.contains("<h1>")) {
        if [staff, "/main/titles/no-such-title"].contains(path) {
            assert!(!html.contains(r#"<p lang="en""#), "{path}: {html}");
        }
    }
    crawled.extend(a_reader_s_own_pages_and_forms(&app, pseudo).await);
    crawled.extend(a_sponsor_s_pages_and_forms(&app, pseudo).await);
    crawled.extend(the_staff_s_pages_and_forms(&app, pseudo).await);
    for (path, html) in &crawled {
        assert!(
            html.contains(r#"<html lang="qps-ploc" dir="ltr">"#),
            "{path}: {html}"
        );
        assert!(
            html.contains(r#"<main id="main" tabindex="-1">"#),
            "{path}: {html}"
        );
        let bare = bare_words(html);
        assert!(bare.is_empty(), "{path}: words from no message: {bare:#?}");
    }
    // The check itself: words written into a page, even among a message's, are found.
    let home = &crawled[0].1;
    let broken = home.replacen("</h2>", "</h2><p>New <b>words</b></p>", 1);
    assert_eq!(bare_words(&broken), ["New", "words"]);
    let broken = home.replacen("\u{27e7}</h2>", "\u{27e7} and more</h2>", 1);
    let found = bare_words(&broken);
    assert!(
        found.len() == 1 && found[0].ends_with("\u{27e7} and more"),
        "{found:?}"
    );
}

/// The page of a form refused for what was sent in it.
async fn refused(resp: reqwest::Response) -> String {
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    resp.text().await.unwrap()
}

/// A reader's lists, account and documents in `lang`, and their forms refused and done.
async fn a_reader_s_own_pages_and_forms(app: &TestApp, lang: &str) -> Vec<(&'static str, String)> {
    let reader = Browser::speaking(app, lang);
    reader.sign_in("member@example.org", "member-pass-1").await;
    let mut crawled = Vec::new();
    for path in ["/main/lists", "/main/account", "/main/documents"] {
        crawled.push((path, reader.page(path, StatusCode::OK).await));
    }
    let lists = "/main/lists";
    let unnamed = reader.submit(lists, lists, &[("name", "")]).await;
    crawled.push(("a list without a name", refused(unnamed).await));
    // A rule's reason the message files have words for is said in them, beside its field.
    let long = "n".repeat(201);
    let too_long = [("name", long.as_str()), ("access", "private")];
    let named_too_long = refused(reader.submit(lists, lists, &too_long).await).await;
    assert!(
        named_too_long.contains(r#"<p class="field-error" id="name-error">"#)
            && !named_too_long.contains(r##"<a href="#name" lang="en""##),
        "{named_too_long}"
    );
    crawled.push(("a list whose name is too long", named_too_long));
    let made = reader
        .submit(lists, lists, &[("name", "Summer"), ("access", "private")])
        .await;
    let list = location(&made);
    crawled.push(("a list just made", reader.page(&list, StatusCode::OK).await));
    let account = "/main/account";
    let password = reader.submit(account, "/main/account/password", &[]).await;
    crawled.push(("a password change, empty", refused(password).await));
    let unfit = [
        ("brailleFormat", "embossable"),
        ("brailleCellLineWidth", "80"),
    ];
    let preferences = reader
        .submit(account, "/main/account/preferences", &unfit)
        .await;
    crawled.push(("preferences that do not fit", refused(preferences).await));
    let documents = "/main/documents";
    let upload = reader.upload(documents, documents, &[], &[]).await;
    crawled.push(("an upload of nothing", refused(upload).await));
    crawled.extend(a_book_read_and_listened_to(&reader).await);
    crawled
}

/// A book read online: a part, the next with a bookmark kept, its contents, its reading
/// settings, and its narration being made.
async fn a_book_read_and_listened_to(reader: &Browser<'_>) -> Vec<(&'static str, String)> {
    let road = "/main/titles/t-road";
    let opened = reader.submit(road, &format!("{road}/read"), &[]).await;
    let first = location(&opened);
    let book = first
        .rsplit_once('/')
        .expect("a part's address")
        .0
        .to_owned();
    let mut crawled = vec![(
        "a book's first part",
        reader.page(&first, StatusCode::OK).await,
    )];
    let second = format!("{book}/2");
    let part = reader.page(&second, StatusCode::OK).await;
    let start = hidden(&part, "location").expect("the part's place");
    let kept = reader
        .submit(
            &second,
            &format!("{book}/2/bookmark"),
            &[("location", &start)],
        )
        .await;
    let back = location(&kept);
    crawled.push((
        "a part with a bookmark kept",
        reader.page(&back, StatusCode::OK).await,
    ));
    for (what, path) in [
        ("a book's contents", format!("{book}/contents")),
        (
            "a book's reading settings",
            format!("{book}/settings?part=2"),
        ),
    ] {
        crawled.push((what, reader.page(&path, StatusCode::OK).await));
    }
    let pride = "/main/titles/t-pride";
    let listen = reader.submit(pride, &format!("{pride}/listen"), &[]).await;
    let listening = location(&listen);
    crawled.push((
        "a narration being made",
        reader.page(&listening, StatusCode::OK).await,
    ));
    crawled
}

/// A sponsor's organization, members, a member, titles found and assigned in `lang`, and
/// their forms refused and done.
async fn a_sponsor_s_pages_and_forms(app: &TestApp, lang: &str) -> Vec<(&'static str, String)> {
    let sponsor = Browser::speaking(app, lang);
    sponsor
        .sign_in("sponsor@example.org", "sponsor-pass-1")
        .await;
    let student = "/main/organization/members/u-student";
    let assign = "/main/titles/t-pride/assign";
    let mut crawled = Vec::new();
    for path in [
        "/main/organization",
        "/main/organization/members?sortOrder=grade",
        "/main/organization/members/new",
        "/main/organization/members/u-student/find?keyword=pride",
        assign,
    ] {
        crawled.push((path, sponsor.page(path, StatusCode::OK).await));
    }
    let empty_find = sponsor
        .page(&format!("{student}/find?keyword="), StatusCode::BAD_REQUEST)
        .await;
    crawled.push(("titles found by no words", empty_find));
    let new = "/main/organization/members/new";
    let unnamed = sponsor.submit(new, "/main/organization/members", &[]).await;
    crawled.push(("a member with nothing filled in", refused(unnamed).await));
    let tag = [("districtName", ""), ("schoolName", "")];
    let no_tag = sponsor
        .submit("/main/organization", "/main/organization/roster-tags", &tag)
        .await;
    crawled.push(("a roster tag with neither name", refused(no_tag).await));
    let nobody = sponsor.submit(assign, assign, &[]).await;
    crawled.push(("a title assigned to nobody", refused(nobody).await));
    let find = format!("{student}/find?keyword=pride");
    let assigned = sponsor
        .submit(
            &find,
            &format!("{student}/assign"),
            &[("serviceId", "t-pride")],
        )
        .await;
    let member = location(&assigned);
    crawled.push((
        "a member a title was assigned to",
        sponsor.page(&member, StatusCode::OK).await,
    ));
    let both = [("member", "u-student"), ("member", "u-pupil")];
    let done = sponsor.submit(assign, assign, &both).await;
    let done = location(&done);
    crawled.push((
        "a title assigned to two",
        sponsor.page(&done, StatusCode::OK).await,
    ));
    crawled
}

/// A form refused: what the crawl calls it, the page it is on, where it is sent, and what.
type Refused = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Every page of the staff's, as an administrator sees it (memberships, the collection and the
/// administration), in `lang`, and their forms refused.
async fn the_staff_s_pages_and_forms(app: &TestApp, lang: &str) -> Vec<(&'static str, String)> {
    let admin = Browser::speaking(app, lang);
    admin.sign_in("admin@example.org", "admin-pass-1").await;
    let student = "/main/staff/accounts/u-student";
    let mut crawled = Vec::new();
    for path in [
        "/main/staff",
        "/main/staff/accounts?keyword=stu",
        "/main/staff/accounts/new",
        student,
        "/main/staff/accounts/u-student/agreements",
        "/main/staff/accounts/u-student/subscriptions",
        "/main/staff/accounts/u-student/proof",
        "/main/staff/accounts/u-student/preferences",
        "/main/staff/accounts/u-student/recommendations",
        "/main/staff/accounts/u-member/activity",
        "/main/staff/accounts/u-student/changes",
        "/main/staff/proof",
        "/main/staff/organizations",
        "/main/staff/organizations/new",
        "/main/staff/organizations/directory",
        "/main/staff/organizations/org-school",
        "/main/staff/organizations/org-school/members",
        "/main/staff/titles",
        "/main/staff/titles/t-pride",
        "/main/staff/titles/t-pride/files",
        "/main/staff/titles/t-pride/formats/BRF",
        "/main/staff/import-epub",
        "/main/staff/periodicals",
        "/main/staff/periodicals/weekly",
        "/main/staff/periodicals/weekly/new-edition",
        "/main/staff/periodicals/weekly/editions/w1",
        "/main/staff/admin/clients",
        "/main/staff/admin/clients/confidential-app-key",
        "/main/staff/admin/sites",
        "/main/staff/admin/sites/main",
        "/main/staff/admin/lists",
        "/main/staff/admin/lists/new-arrivals",
        "/main/staff/admin/categories",
        "/main/staff/admin/bisac",
    ] {
        crawled.push((path, admin.page(path, StatusCode::OK).await));
    }
    let refusals: [Refused; 9] = [
        (
            "an account with nothing filled in",
            "/main/staff/accounts/new",
            "/main/staff/accounts",
            &[],
        ),
        (
            "an agreement with nothing filled in",
            "/main/staff/accounts/u-student/agreements",
            "/main/staff/accounts/u-student/agreements",
            &[],
        ),
        (
            "a subscription with nothing filled in",
            "/main/staff/accounts/u-student/subscriptions",
            "/main/staff/accounts/u-student/subscriptions",
            &[],
        ),
        (
            "a disability with nothing chosen",
            "/main/staff/accounts/u-student/proof",
            "/main/staff/accounts/u-student/proof",
            &[],
        ),
        (
            "a decision with nothing chosen",
            "/main/staff/proof",
            "/main/staff/proof/u-student-submission",
            &[],
        ),
        (
            "an organization with nothing filled in",
            "/main/staff/organizations/new",
            "/main/staff/organizations",
            &[],
        ),
        (
            "a member with nothing filled in",
            "/main/staff/organizations/org-school/members",
            "/main/staff/organizations/org-school/members",
            &[("form", "member")],
        ),
        (
            "a periodical with nothing filled in",
            "/main/staff/periodicals",
            "/main/staff/periodicals",
            &[],
        ),
        (
            "a client key with a rate of words",
            "/main/staff/admin/clients",
            "/main/staff/admin/clients",
            &[("name", "App"), ("rateLimit", "many")],
        ),
    ];
    for (what, from, action, fields) in refusals {
        crawled.push((
            what,
            refused(admin.submit(from, action, fields).await).await,
        ));
    }
    // An account rule's reason the files have words for is said in them, not marked English.
    let usa = [
        ("firstName", "Ann"),
        ("lastName", "Lee"),
        ("country", "USA"),
    ];
    let country = refused(
        admin
            .submit("/main/staff/accounts/new", "/main/staff/accounts", &usa)
            .await,
    )
    .await;
    assert!(
        country.contains(r#"<p class="field-error" id="country-error">"#)
            && !country.contains(r##"<a href="#country" lang="en""##),
        "{country}"
    );
    crawled.push(("an account whose country is not a code", country));
    crawled
}

/// The text of a page's body (and the words of its `aria-label`, `alt`, `title` and
/// `placeholder` attributes) that is neither in a pseudo-locale message nor marked as the
/// catalog's, a person's or another language's.
fn bare_words(html: &str) -> Vec<String> {
    use quick_xml::events::Event;
    const VOID: &[&str] = &[
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr",
    ];
    let mut reader = quick_xml::Reader::from_str(html);
    reader.config_mut().check_end_names = false;
    // Each open element: whether its words are not the page's to translate.
    let mut open: Vec<bool> = Vec::new();
    let mut in_body = false;
    let mut bare = Vec::new();
    let mut depth = 0;
    loop {
        let exempt_above = open.last().copied().unwrap_or(false);
        match reader.read_event().expect("the page parses") {
            Event::Eof => break,
            Event::Start(e) => {
                let name = e.local_name().into_inner().to_ascii_lowercase();
                in_body |= name == "body";
                let exempt = element_words(&e, exempt_above, in_body, &mut bare);
                if !VOID.contains(&name.as_str()) {
                    open.push(exempt);
                }
            }
            Event::Empty(e) => {
                element_words(&e, exempt_above, in_body, &mut bare);
            }
            Event::End(e) => {
                let name = e.local_name().into_inner().to_ascii_lowercase();
                if !VOID.contains(&name.as_str()) {
                    open.pop();
                }
            }
            Event::Text(t) if in_body && !exempt_above => {
                check_words(&t.xml10_content(), &mut depth, &mut bare);
            }
            _ => {}
        }
    }
    bare
}

/// Whether an element's words are not the page's to translate (`translate="no"`, a `lang` of
/// their own, or inside such an element); its labelling attributes checked on the way.
fn element_words(
    e: &quick_xml::events::BytesStart<'_>,
    exempt_above: bool,
    in_body: bool,
    bare: &mut Vec<String>,
) -> bool {
    let mut exempt = exempt_above;
    let mut labels = Vec::new();
    for a in e.html_attributes().flatten() {
        let value = a.value.into_owned();
        match a.key.local_name().into_inner() {
            "translate" if value == "no" => exempt = true,
            "lang" if value != "qps-ploc" => exempt = true,
            "aria-label" | "alt" | "title" | "placeholder" if in_body => labels.push(value),
            _ => {}
        }
    }
    if !exempt {
        for label in labels {
            check_words(&label, &mut 0, bare);
        }
    }
    exempt
}

/// Keeps `text` when it has words outside the messages; `depth` is how many messages are open
/// where it starts (a message may hold elements: a name in its `bdi`).
fn check_words(text: &str, depth: &mut usize, bare: &mut Vec<String>) {
    if outside_messages(text, depth)
        .chars()
        .any(|c| c.is_ascii_alphabetic())
    {
        bare.push(text.trim().to_owned());
    }
}

/// `text` without its pseudo-locale messages (`⟦ … ⟧`, which may hold others).
fn outside_messages(text: &str, depth: &mut usize) -> String {
    text.chars()
        .filter(|c| match c {
            '\u{27E6}' => {
                *depth += 1;
                false
            }
            '\u{27E7}' => {
                *depth = depth.saturating_sub(1);
                false
            }
            _ => *depth == 0,
        })
        .collect()
}

/// An error page in Spanish says the refusal in Spanish where the message files have its words
/// (a missing parameter, an absence), the parameter's name and the identifier as sent; a reason
/// without a message stays the API's English, marked so.
async fn an_error_page_says_the_refusal_in_the_page_s_language(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let reader = Browser::speaking(&app, "es");
    reader.sign_in("member@example.org", "member-pass-1").await;
    let refused = reader.submit("/main/", "/main/lists/add", &[]).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(page.contains(r#"<html lang="es" dir="ltr">"#), "{page}");
    assert!(
        page.contains("<p>Falta el parámetro obligatorio &#39;readingListId&#39;</p>"),
        "{page}"
    );
    assert!(!page.contains(r#"<p lang="en""#), "{page}");
    let absent = reader
        .page("/main/titles/no-such-title", StatusCode::NOT_FOUND)
        .await;
    assert!(
        absent.contains("<p>No hay ningún título &#39;no-such-title&#39;</p>"),
        "{absent}"
    );
    let twice = [("readingListId", "a"), ("readingListId", "b")];
    let refused = reader.submit("/main/", "/main/lists/add", &twice).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(
        page.contains(
            r#"<p lang="en" dir="ltr">Invalid parameter &#39;readingListId&#39;: was sent more than once with different values</p>"#
        ),
        "{page}"
    );
}
