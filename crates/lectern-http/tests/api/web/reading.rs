//! Reading a book on the pages, without JavaScript: the title page's "Read online" form opens
//! it by the download rules, each part of the book is a page of the site with the contents,
//! the parts before and after and "go to print page", and a GET never opens or counts one.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, assert_page_headers, location, my_preferences};
use crate::downloads::{call, downloads_counted};
use crate::support::*;

on_both_stores!(
    a_reader_opens_a_book_and_reads_it_part_by_part,
    what_may_not_be_read_is_refused_in_words,
    a_class_follows_the_print_edition_page_by_page,
    a_reader_shapes_the_text_and_the_settings_follow_them,
    the_place_read_online_is_the_api_s_and_koreader_s,
    a_reader_listens_to_the_narration_beside_the_text,
    highlights_made_reading_online_are_the_api_s,
);

async fn a_reader_opens_a_book_and_reads_it_part_by_part(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let title = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(
        title.contains(r#"action="/main/titles/t-road/read""#),
        "{title}"
    );
    assert!(title.contains("Read online</button>"), "{title}");
    let resp = b
        .submit("/main/titles/t-road", "/main/titles/t-road/read", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let first = location(&resp);
    assert!(
        first.starts_with("/main/read/") && first.ends_with("/1"),
        "{first}"
    );
    assert_eq!(downloads_counted(&app, "u-member").await, 1);

    // The first part: the book's text in the page, and the ways on.
    let resp = b.get(&first).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_page_headers(&resp, &first);
    let part = resp.text().await.unwrap();
    assert!(
        part.contains(r#"<h1 translate="no">The Long Road</h1>"#),
        "{part}"
    );
    assert!(part.contains(r#"<article class="book-text""#), "{part}");
    // Reading aloud is the script's: hidden until it finds the browser's speech.
    assert!(
        part.contains(
            r#"<section class="read-aloud" aria-labelledby="read-aloud-heading" hidden>"#
        ),
        "{part}"
    );
    assert!(
        part.contains(r#"<script src="/assets/read-aloud.js" defer></script>"#),
        "{part}"
    );
    let script = b.get("/assets/read-aloud.js").await;
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let grant_path = first.trim_end_matches("/1");
    let contents = format!("{grant_path}/contents");
    assert!(
        part.contains(&format!(r#"<a href="{contents}">Contents</a>"#)),
        "{part}"
    );
    let second = format!("{grant_path}/2");
    assert!(
        part.contains(&format!(r#"<a href="{second}" rel="next">Next part</a>"#)),
        "{part}"
    );
    assert!(
        !part.contains("rel=\"prev\""),
        "the first part has none before it"
    );
    // The next part, and the contents that lead to every part.
    let next = b.page(&second, StatusCode::OK).await;
    assert!(
        next.contains(&format!(
            r#"<a href="{first}" rel="prev">Previous part</a>"#
        )),
        "{next}"
    );
    let toc = b.page(&contents, StatusCode::OK).await;
    assert!(
        toc.contains("<h2 id=\"contents-heading\">Contents</h2>"),
        "{toc}"
    );
    let links: Vec<&str> = toc
        .split("<a href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .filter(|h| h.starts_with(grant_path))
        .collect();
    assert!(!links.is_empty(), "{toc}");
    for href in links {
        let path = href.split('#').next().unwrap();
        b.page(path, StatusCode::OK).await;
    }
    // Reading on, and coming back, count nothing more: a GET never opens a book.
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
    // A part the book does not have, and a print page it does not have, are named.
    let none = b
        .page(&format!("{grant_path}/99"), StatusCode::NOT_FOUND)
        .await;
    assert!(none.contains("The book has no part 99"), "{none}");
    let page = b
        .page(
            &format!("{grant_path}/page?number=12"),
            StatusCode::NOT_FOUND,
        )
        .await;
    assert!(page.contains("This book has no print page 12"), "{page}");
    let asked = b
        .page(&format!("{grant_path}/page"), StatusCode::BAD_REQUEST)
        .await;
    assert!(asked.contains("give the number of a print page"), "{asked}");
}

async fn what_may_not_be_read_is_refused_in_words(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    // A guest sees no "Read online" on a title only readers may have, and asking is refused.
    let road = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(!road.contains("Read online</button>"), "{road}");
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-road/read", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let page = resp.text().await.unwrap();
    assert!(
        page.contains("SIGN_IN_REQUIRED") || page.contains("Sign in"),
        "{page}"
    );
    // A guest reads a public-domain title, uncounted.
    let pride = b.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(pride.contains("Read online</button>"), "{pride}");
    assert!(!pride.contains("counts as one download"), "{pride}");
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-pride/read", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    b.page(&location(&resp), StatusCode::OK).await;
    // Listening is opening: refused as reading is, and a guest listens to what they may read.
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-road/listen", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let listen = opened(&b, "t-pride", "listen").await;
    assert!(listen.ends_with("/1/listen"), "{listen}");
    // Without the page's token, nothing is opened.
    for how in ["read", "listen"] {
        let resp = b.post(&format!("/main/titles/t-pride/{how}"), &[]).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{how}");
    }
    // A reading link that is not one is refused.
    b.page("/main/read/garbage/1", StatusCode::FORBIDDEN).await;
}

/// Opens a title from its page ("read" for "Read online", "listen" for "Listen online"): where
/// the book opened.
async fn opened(b: &Browser<'_>, id: &str, how: &str) -> String {
    let page = format!("/main/titles/{id}");
    let resp = b.submit(&page, &format!("{page}/{how}"), &[]).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{page}/{how}");
    location(&resp)
}

/// A book with print pages (a page list, and page breaks in its text), as a zip.
fn book_with_print_pages() -> Vec<u8> {
    use std::io::Write;
    let files: [(&str, String); 5] = [
        ("mimetype", "application/epub+zip".to_owned()),
        (
            "META-INF/container.xml",
            r#"<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#.to_owned(),
        ),
        (
            "OEBPS/package.opf",
            r#"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:pages</dc:identifier><dc:title>A Class Reader</dc:title><dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="one" href="one.xhtml" media-type="application/xhtml+xml"/><item id="two" href="two.xhtml" media-type="application/xhtml+xml"/><item id="plate" href="plate.svg" media-type="image/svg+xml"/><item id="broken" href="broken.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="one"/><itemref idref="two"/><itemref idref="plate"/><itemref idref="broken"/></spine></package>"#.to_owned(),
        ),
        (
            "OEBPS/nav.xhtml",
            r#"<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol><li><a href="one.xhtml">One</a></li><li><a href="two.xhtml">Two</a></li></ol></nav><nav epub:type="page-list"><ol><li><a href="one.xhtml#page11">11</a></li><li><a href="two.xhtml#page12">12</a></li></ol></nav></body></html>"#.to_owned(),
        ),
        (
            "OEBPS/one.xhtml",
            r#"<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><head><title>One</title></head><body><h1>One</h1><span epub:type="pagebreak" id="page11" title="11"/><p>The first lesson.</p><p>See <a href="two.xhtml#page12">page 12</a> and the plate: <img src="plate.svg" alt="A plate"/></p></body></html>"#.to_owned(),
        ),
    ];
    let two = r#"<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><head><title>Two</title></head><body><h1>Two</h1><span epub:type="pagebreak" id="page12" title="12"/><p>The second lesson.</p></body></html>"#;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in &files {
        zip.start_file(
            *name,
            if *name == "mimetype" {
                stored
            } else {
                deflated
            },
        )
        .unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.start_file("OEBPS/two.xhtml", deflated).unwrap();
    zip.write_all(two.as_bytes()).unwrap();
    zip.start_file("OEBPS/plate.svg", deflated).unwrap();
    zip.write_all(br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>A plate</title></svg>"#)
        .unwrap();
    // Markup no XML reader accepts, as books made by hand sometimes have.
    zip.start_file("OEBPS/broken.xhtml", deflated).unwrap();
    zip.write_all(
        br#"<html xmlns="http://www.w3.org/1999/xhtml"><body><p>An <b>unclosed</p></body></html>"#,
    )
    .unwrap();
    zip.finish().unwrap().into_inner()
}

/// A reading link to the file at `key`, signed as the server signs one (a book no title of the
/// catalog has, so the link names none: the rules that open a title are the other tests').
async fn reading_link(app: &TestApp, key: &str) -> String {
    use base64::Engine;
    let secret = lectern_store::downloads::server_secret(&app.store, "file-url-signing", "x")
        .await
        .unwrap();
    let expires = lectern_domain::Timestamp::now().plus_seconds(3600).unix();
    let signature =
        lectern_domain::secret::sign(secret.as_bytes(), &format!("read\n{key}\n\n{expires}"));
    let key = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(key);
    format!("{expires}.{key}..{signature}")
}

async fn a_class_follows_the_print_edition_page_by_page(backend: Backend) {
    let app = TestApp::start(backend).await;
    app.files
        .put("titles/pages/book.epub", book_with_print_pages())
        .await
        .unwrap();
    let grant = reading_link(&app, "titles/pages/book.epub").await;
    let b = Browser::new(&app);
    let first = b
        .page(&format!("/main/read/{grant}/1"), StatusCode::OK)
        .await;
    // The page break is announced as the page (and placed, where the narration says it), and
    // the book offers "go to print page".
    assert!(
        first.contains(r#"role="doc-pagebreak" id="b-page11" aria-label="page 11" data-cfi="#),
        "{first}"
    );
    assert!(
        first.contains(r#"<label for="page-number">Go to print page</label>"#),
        "{first}"
    );
    assert!(first.contains("The first lesson."), "{first}");
    // A part's links and images are relative to its page: the same for every reader, so a
    // node makes the part once; the image is served below the page's own link.
    assert!(
        first.contains(r##"<a href="2#b-page12">page 12</a>"##),
        "{first}"
    );
    assert!(
        first.contains(r#"<img src="file/OEBPS/plate.svg" alt="A plate">"#),
        "{first}"
    );
    let image = b
        .get(&format!("/main/read/{grant}/file/OEBPS/plate.svg"))
        .await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/svg+xml");
    assert!(
        image.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("sandbox"),
        "a book's file keeps its own policy on the pages' path too"
    );
    let again = b
        .page(&format!("/main/read/{grant}/1"), StatusCode::OK)
        .await;
    assert_eq!(again, first, "the part kept is the part shown");
    // Print page 12 is in the second part, at its marker.
    let resp = b.get(&format!("/main/read/{grant}/page?number=12")).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&resp), format!("/main/read/{grant}/2#b-page12"));
    let second = b
        .page(&format!("/main/read/{grant}/2"), StatusCode::OK)
        .await;
    assert!(
        second.contains(r#"id="b-page12" aria-label="page 12""#),
        "{second}"
    );
    // A part that is not a document is offered as itself.
    let plate = b
        .page(&format!("/main/read/{grant}/3"), StatusCode::OK)
        .await;
    let href = format!("/read/{grant}/OEBPS/plate.svg");
    assert!(
        plate.contains(&format!(
            r#"This part of the book is not text. <a href="{href}">Open this part of the book as it is</a> (<span translate="no">image/svg+xml</span>)"#
        )),
        "{plate}"
    );
    let svg = b.get(&href).await;
    assert_eq!(svg.status(), StatusCode::OK);
    assert_eq!(svg.headers()["content-type"], "image/svg+xml");
    // A document whose markup is broken is a page that says so and offers the file, not a 500.
    let broken = b
        .page(&format!("/main/read/{grant}/4"), StatusCode::OK)
        .await;
    let href = format!("/read/{grant}/OEBPS/broken.xhtml");
    assert!(
        broken.contains(&format!(
            r#"could not be shown as a page: its markup is broken. <a href="{href}">Open this part of the book as it is</a>"#
        )),
        "{broken}"
    );
    assert!(broken.contains(r#"rel="prev""#), "{broken}");
    // The contents lead to both parts.
    let toc = b
        .page(&format!("/main/read/{grant}/contents"), StatusCode::OK)
        .await;
    for part in ["1", "2"] {
        assert!(
            toc.contains(&format!(r#"<a href="/main/read/{grant}/{part}">"#)),
            "{toc}"
        );
    }
}

/// Reading settings changed beside the book are the reader's preferences: the part shows them
/// at once, the API reads them, and a guest has none to change.
async fn a_reader_shapes_the_text_and_the_settings_follow_them(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let first = opened(&b, "t-road", "read").await;
    let grant_path = first.trim_end_matches("/1").to_owned();
    let second = format!("{grant_path}/2");
    let part = b.page(&second, StatusCode::OK).await;
    // The defaults need no stylesheet of their own.
    assert!(!part.contains("/assets/reading.css"), "{part}");
    let settings = format!("{grant_path}/settings?part=2");
    assert!(
        part.contains(&format!(r#"<a href="{settings}">Reading settings</a>"#)),
        "{part}"
    );
    let form = b.page(&settings, StatusCode::OK).await;
    assert!(
        form.contains(r#"<option value="100" selected>100%</option>"#),
        "{form}"
    );
    assert!(
        form.contains(r#"class="font-opendyslexic">OpenDyslexic</label>"#),
        "{form}"
    );
    let action = format!("{grant_path}/settings");
    let wanted = [
        ("part", "2"),
        ("readingTextSize", "400"),
        ("readingFont", "opendyslexic"),
        ("readingLineHeight", "200"),
        ("readingLetterSpacing", "wide"),
        ("readingWordSpacing", "wide"),
        ("readingMargins", "narrow"),
        ("readingAlign", "start"),
        ("readingTheme", "dark"),
        ("readingTextColor", "#1b1b1b"),
        ("readingBackgroundColor", "#ffffff"),
    ];
    let saved = b.submit(&settings, &action, &wanted).await;
    assert_eq!(saved.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        location(&saved),
        second,
        "back to the part the reader came from"
    );
    // The part links the stylesheet its settings name, and it shows them.
    let part = b.page(&second, StatusCode::OK).await;
    let href = part
        .split(r#"<link rel="stylesheet" href=""#)
        .nth(2)
        .and_then(|s| s.split('"').next())
        .unwrap_or_else(|| panic!("no reading stylesheet in {part}"))
        .replace("&#38;", "&");
    assert!(
        href.starts_with("/assets/reading.css?readingTextSize=400"),
        "{href}"
    );
    let css = b.get(&href).await.text().await.unwrap();
    for rule in [
        "font-size: 400%;",
        r#"font-family: "OpenDyslexic", sans-serif;"#,
        "line-height: 2.00;",
        "letter-spacing: 0.12em;",
        "word-spacing: 0.16em;",
        "padding-inline: 0;",
        "text-align: start;",
        "background: #121212;",
    ] {
        assert!(css.contains(rule), "{rule} in {css}");
    }
    // The contents follow them too.
    let toc = b
        .page(&format!("{grant_path}/contents"), StatusCode::OK)
        .await;
    assert!(toc.contains(&href.replace('&', "&#38;")), "{toc}");
    // The API reads what the page saved.
    let token = app.minted_token("web-main", "member@example.org").await;
    let prefs = my_preferences(&app, &token).await;
    assert_eq!(prefs["readingTextSize"], 400, "{prefs}");
    assert_eq!(prefs["readingTheme"], "dark");
    // A pair of colours too faint to read is named, the reader's choice kept in the form, and
    // nothing is saved.
    let refused = b
        .submit(
            &settings,
            &action,
            &[
                ("part", "2"),
                ("readingTheme", "own"),
                ("readingTextColor", "#777777"),
                ("readingBackgroundColor", "#888888"),
            ],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(
        page.contains(
            r##"<li><a href="#readingTextColor">#777777 on #888888 has a contrast of 1.3:1"##
        ),
        "{page}"
    );
    assert!(
        page.contains(r#"id="readingTheme-own" name="readingTheme" value="own" checked"#),
        "{page}"
    );
    assert!(
        page.contains(r##"name="readingTextColor" value="#777777" aria-invalid="true""##),
        "{page}"
    );
    let prefs = my_preferences(&app, &token).await;
    assert_eq!(prefs["readingTheme"], "dark", "nothing was saved: {prefs}");
    // A form without the page's token is refused.
    let forged = b.post(&action, &[("readingTextSize", "50")]).await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);

    // A guest reading a public-domain title has no settings to change.
    let guest = Browser::new(&app);
    let resp = guest
        .submit("/main/titles/t-pride", "/main/titles/t-pride/read", &[])
        .await;
    let first = location(&resp);
    let part = guest.page(&first, StatusCode::OK).await;
    assert!(!part.contains("Reading settings"), "{part}");
    let asked = guest
        .get(&format!("{}/settings", first.trim_end_matches("/1")))
        .await;
    assert!(
        location(&asked).starts_with("/main/sign-in?next="),
        "{asked:?}"
    );
}

/// Where a reader is in a book read online is the API's reading position, which KOReader's sync
/// gives back in its own terms; a bookmark made here is the API's; opening the book again goes
/// back to the place.
async fn the_place_read_online_is_the_api_s_and_koreader_s(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.minted_token("opds-main", "member@example.org").await;
    let position = || crate::kosync::reading_position(&app, &token, "t-pride");
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let first = opened(&b, "t-pride", "read").await;
    assert!(first.ends_with("/1"), "no place yet, so the start: {first}");
    let grant_path = first.trim_end_matches("/1").to_owned();
    // Showing the chapter keeps its start as the reader's place.
    let chapter = format!("{grant_path}/2");
    let page = b.page(&chapter, StatusCode::OK).await;
    let kept = position().await;
    assert_eq!(kept["location"], "epubcfi(/6/4)", "{kept}");
    assert_eq!(kept["locationDescription"], "One, read online", "{kept}");
    // The page names each paragraph's place, and where the script sends the reader's.
    assert!(
        page.contains(r#"<p data-cfi="/4/2/4">The first chapter.</p>"#),
        "{page}"
    );
    let save = format!("{chapter}/place");
    assert!(
        page.contains(&format!(r#"data-place="{save}" data-spine="/6/4""#)),
        "{page}"
    );
    let csrf = super::hidden(&page, "csrf").unwrap();
    // The script's report of the paragraph on the screen is the place, to the API and KOReader.
    let resp = b
        .post(
            &save,
            &[("csrf", &csrf), ("location", "epubcfi(/6/4!/4/2/4)")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::NO_CONTENT);
    let kept = position().await;
    assert_eq!(kept["location"], "epubcfi(/6/4!/4/2/4)", "{kept}");
    let koreader = crate::kosync::Koreader::of(&app, "member@example.org", &token).await;
    let document = koreader.delivered(&token, "t-pride").await;
    let (_, pulled) = koreader.pull(&document).await;
    assert_eq!(
        pulled["progress"], "/body/DocFragment[2]/body/section/p",
        "{pulled}"
    );
    // Showing the part again keeps the finer place; a browser's prefetch of another moves nothing.
    b.page(&chapter, StatusCode::OK).await;
    let prefetched = b
        .http
        .get(app.url(&first))
        .header("sec-purpose", "prefetch")
        .send()
        .await
        .unwrap();
    assert_eq!(prefetched.status(), StatusCode::OK);
    let kept = position().await;
    assert_eq!(kept["location"], "epubcfi(/6/4!/4/2/4)", "{kept}");
    // Opening the book again goes back to the place.
    let back = opened(&b, "t-pride", "read").await;
    assert!(back.ends_with("/2?at=/4/2/4"), "{back}");
    // A place that is not in the part, or not a place, is named; without the page's token,
    // nothing is kept.
    for bad in ["epubcfi(/6/6!/4/2)", "page 12"] {
        let resp = b.post(&save, &[("csrf", &csrf), ("location", bad)]).await;
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST, "{bad}");
        assert!(resp.text().await.unwrap().contains("location"), "{bad}");
    }
    // Said in the reader's language, the part's number as the language writes it.
    let spanish = b
        .http
        .post(app.url(&save))
        .header("accept-language", "es")
        .form(&[("csrf", csrf.as_str()), ("location", "epubcfi(/6/6!/4/2)")])
        .send()
        .await
        .unwrap();
    assert_eq!(spanish.status(), StatusCode::BAD_REQUEST);
    let said = spanish.text().await.unwrap();
    assert!(
        said.contains("un lugar de la parte 2 del libro, como CFI de EPUB"),
        "{said}"
    );
    let resp = b.post(&save, &[("location", "epubcfi(/6/4)")]).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    // A part the book does not have is named, as its page is.
    let resp = b
        .post(
            &format!("{grant_path}/9/place"),
            &[("csrf", &csrf), ("location", "epubcfi(/6/18)")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    assert!(
        resp.text()
            .await
            .unwrap()
            .contains("The book has no part 9")
    );
    // A bookmark here is the API's, and the page says it is kept.
    let marked = b
        .submit(
            &chapter,
            &format!("{chapter}/bookmark"),
            &[("location", "epubcfi(/6/4!/4/2/4)")],
        )
        .await;
    assert_eq!(marked.status(), StatusCode::SEE_OTHER);
    let after = location(&marked);
    assert_eq!(after, format!("{chapter}?done=bookmark&at=/4/2/4"));
    let page = b.page(&after, StatusCode::OK).await;
    assert!(
        page.contains(r#"<p role="status" class="note">A bookmark is kept at this place.</p>"#),
        "{page}"
    );
    let (_, marks) = json(
        app.get("/v2/myBookmarks?serviceId=t-pride&api_key=opds-main")
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        marks["bookmarks"][0]["location"], "epubcfi(/6/4!/4/2/4)",
        "{marks}"
    );
    // Another part shown moves the place to its start.
    b.page(&first, StatusCode::OK).await;
    let kept = position().await;
    assert_eq!(kept["location"], "epubcfi(/6/2)", "{kept}");
    // A guest keeps no place: no form, no place to send.
    let guest = Browser::new(&app);
    let resp = guest
        .submit("/main/titles/t-pride", "/main/titles/t-pride/read", &[])
        .await;
    let part = guest.page(&location(&resp), StatusCode::OK).await;
    assert!(!part.contains("data-place"), "{part}");
    assert!(!part.contains("Bookmark this place"), "{part}");
    // And a guest who sends one anyway, with their page's token, keeps nothing.
    let guest_part = location(&resp);
    let title_page = guest.page("/main/titles/t-pride", StatusCode::OK).await;
    let guest_csrf = super::hidden(&title_page, "csrf").unwrap();
    for action in ["place", "bookmark"] {
        let sent = guest
            .post(
                &format!("{guest_part}/{action}"),
                &[("csrf", &guest_csrf), ("location", "epubcfi(/6/2)")],
            )
            .await;
        assert!(
            !sent.status().is_success() && sent.status() != StatusCode::INTERNAL_SERVER_ERROR,
            "a guest's {action}: {}",
            sent.status()
        );
    }
    let kept = position().await;
    assert_eq!(
        kept["location"], "epubcfi(/6/2)",
        "the member's place, untouched: {kept}"
    );
}

/// "Listen online": the book opened as "Read online" opens it, its narration made by the worker
/// the first time (a page that says so meanwhile, and answers its script as JSON), then each
/// part with the narration's player: its clips name the part's paragraphs as the page marks
/// them, and its MP3s play whole or from a range. Listening counts nothing more.
async fn a_reader_listens_to_the_narration_beside_the_text(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let title = b.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(
        title.contains(r#"formaction="/main/titles/t-pride/listen""#),
        "{title}"
    );
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-pride/listen", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let listen = location(&resp);
    assert!(
        listen.starts_with("/main/read/") && listen.ends_with("/1/listen"),
        "{listen}"
    );
    assert_eq!(downloads_counted(&app, "u-member").await, 1);

    // Nobody asked before: the narration is being made, and the page says so.
    let waiting = b.page(&listen, StatusCode::OK).await;
    assert!(
        waiting.contains("The narration of this book is being made"),
        "{waiting}"
    );
    assert!(
        waiting.contains(&format!(r#"data-poll="{listen}""#)),
        "{waiting}"
    );
    let started = std::time::Instant::now();
    loop {
        let answer: serde_json::Value = b
            .http
            .get(app.url(&listen))
            .header("accept", "application/json")
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if answer["status"] == "ready" {
            assert_eq!(answer["href"], listen.as_str());
            break;
        }
        assert_eq!(answer["status"], "preparing", "{answer}");
        // The worker's own pace decides; this bounds a test whose worker never gets there.
        assert!(started.elapsed() < std::time::Duration::from_secs(300));
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Made: the part with its player, every clip's paragraph marked on the page.
    let part = b.page(&listen, StatusCode::OK).await;
    assert!(
        part.contains(r#"<script src="/assets/listen.js" defer></script>"#),
        "{part}"
    );
    assert!(
        !part.contains("read-aloud.js"),
        "one voice at a time: {part}"
    );
    let clips = part
        .split(r#"<script type="application/json" id="listen-clips">"#)
        .nth(1)
        .and_then(|s| s.split("</script>").next())
        .expect("the part's clips");
    let clips: serde_json::Value = serde_json::from_str(clips).unwrap();
    let heard = clips["clips"].as_array().unwrap();
    assert!(!heard.is_empty(), "{clips}");
    for clip in heard {
        let steps = clip[3].as_str().unwrap();
        assert!(
            part.contains(&format!(r#"data-cfi="{steps}""#)),
            "{steps} is not on the page: {part}"
        );
        assert!(
            clip[1].as_f64().unwrap() < clip[2].as_f64().unwrap(),
            "{clip}"
        );
    }
    let grant_path = listen.trim_end_matches("/1/listen");
    assert_eq!(
        clips["next"].as_str(),
        Some(format!("{grant_path}/2/listen").as_str())
    );
    // Without the script, the browser's own players.
    let mp3 = clips["files"][0].as_str().unwrap();
    assert!(
        part.contains(&format!(r#"<audio controls preload="none" src="{mp3}""#)),
        "{part}"
    );
    let whole = b.get(mp3).await;
    assert_eq!(whole.status(), StatusCode::OK);
    assert_eq!(whole.headers()["content-type"], "audio/mpeg");
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    let bytes = whole.bytes().await.unwrap();
    assert!(bytes.len() > 1000, "{}", bytes.len());
    let ranged = b
        .http
        .get(app.url(mp3))
        .header("range", "bytes=0-9")
        .send()
        .await
        .unwrap();
    assert_eq!(ranged.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        ranged.headers()["content-range"],
        format!("bytes 0-9/{}", bytes.len()).as_str()
    );
    assert_eq!(ranged.bytes().await.unwrap(), bytes.slice(0..10));
    let none = b
        .page(
            &format!("{grant_path}/narration/s9999.mp3"),
            StatusCode::NOT_FOUND,
        )
        .await;
    assert!(none.contains("The narration has no file"), "{none}");
    let forged = format!("{}0/narration/s0001.mp3", grant_path);
    assert_eq!(b.get(&forged).await.status(), StatusCode::FORBIDDEN);
    let beyond = b
        .page(&format!("{grant_path}/99/listen"), StatusCode::NOT_FOUND)
        .await;
    assert!(beyond.contains("The book has no part 99"), "{beyond}");

    // The parts read link their listening pages, and the listening pages lead on to theirs.
    let reading = b.page(&format!("{grant_path}/1"), StatusCode::OK).await;
    assert!(
        reading.contains(&format!(
            r#"<a href="{listen}">Listen to the narration</a>"#
        )),
        "{reading}"
    );
    assert!(
        part.contains(&format!(
            r#"<a href="{grant_path}/1">Read without the narration</a>"#
        )),
        "{part}"
    );
    assert!(
        part.contains(&format!(r#"<a href="{grant_path}/2/listen" rel="next">"#)),
        "{part}"
    );
    let script = b.get("/assets/listen.js").await;
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
}

/// Highlights made while reading online are the API's marks: the script posts the passage
/// selected as an EPUB CFI range in the part, and the part lists the reader's highlights in it
/// (one made by an app too). A place in another part, a colour the API has not, and a guest
/// are refused.
async fn highlights_made_reading_online_are_the_api_s(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let first = opened(&b, "t-road", "read").await;
    let part = b.page(&first, StatusCode::OK).await;
    assert!(
        part.contains(&format!(r#"data-post="{first}/highlight""#)),
        "{part}"
    );
    assert!(
        part.contains(
            r#"<section class="my-highlights" aria-labelledby="my-highlights-heading" hidden>"#
        ),
        "none yet: {part}"
    );
    let csrf = super::hidden(&part, "csrf").unwrap();
    let place = "epubcfi(/6/2!/4/2,/1:0,/1:5)";
    let post = |form: Vec<(&'static str, String)>| {
        let b = &b;
        let first = first.clone();
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            b.post(&format!("{first}/highlight"), &form).await
        }
    };
    let made = post(vec![
        ("csrf", csrf.clone()),
        ("location", place.to_owned()),
        ("text", "The L".to_owned()),
        ("color", "green".to_owned()),
    ])
    .await;
    assert_eq!(made.status(), StatusCode::NO_CONTENT);
    let token = app.token_of("member@example.org").await;
    let (status, _, listed) = call(
        &app,
        &format!("/v2/myHighlights?api_key={TRUSTED}&serviceId=t-road&format=EPUB3"),
        Some(&token),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let kept = &listed["highlights"][0];
    assert_eq!(kept["location"], place, "{listed}");
    assert_eq!(kept["text"], "The L", "{listed}");
    assert_eq!(kept["color"], "green", "{listed}");
    // One an app made in the part is listed too.
    let from_app = "epubcfi(/6/2!/4/4,/1:0,/1:3)";
    let (status, made) = call_reader(
        &app,
        reqwest::Method::POST,
        "/v2/myHighlights",
        Some(&token),
        &[
            ("serviceId", "t-road"),
            ("location", from_app),
            ("text", "Far"),
        ],
    )
    .await;
    assert!(status.is_success(), "{status} {made}");
    let part = b.page(&first, StatusCode::OK).await;
    for (at, text) in [(place, "The L"), (from_app, "Far")] {
        assert!(
            part.contains(&format!(
                r#"<li data-location="{at}" translate="no">“{text}”</li>"#
            )),
            "{part}"
        );
    }

    for (form, param) in [
        (
            vec![("location", "epubcfi(/6/4!/4/2,/1:0,/1:5)"), ("text", "x")],
            "location",
        ),
        (vec![("location", place), ("color", "beige")], "color"),
        (vec![("text", "x")], "location"),
    ] {
        let mut sent: Vec<(&'static str, String)> = vec![("csrf", csrf.clone())];
        sent.extend(form.iter().map(|(k, v)| (*k, v.to_string())));
        let refused = post(sent).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{param}");
        let body = refused.text().await.unwrap();
        assert!(body.contains(param), "{param}: {body}");
    }

    // A guest who has the link reads, but keeps no marks.
    let guest = Browser::new(&app);
    let page = guest.page(&first, StatusCode::OK).await;
    assert!(!page.contains("Highlight the selected text"), "{page}");
    let form = guest.page("/main/sign-in", StatusCode::OK).await;
    let csrf = super::hidden(&form, "csrf").unwrap();
    let refused = guest
        .post(
            &format!("{first}/highlight"),
            &[("csrf", csrf.as_str()), ("location", place), ("text", "x")],
        )
        .await;
    // Sent to sign in, as every page that needs an account sends a guest.
    assert_eq!(refused.status(), StatusCode::SEE_OTHER);
    assert!(
        location(&refused).contains("/sign-in"),
        "{}",
        location(&refused)
    );
    let (_, _, listed) = call(
        &app,
        &format!("/v2/myHighlights?api_key={TRUSTED}&serviceId=t-road&format=EPUB3"),
        Some(&token),
    )
    .await;
    // The reader's two, and nothing of the guest's.
    assert_eq!(
        listed["highlights"].as_array().unwrap().len(),
        2,
        "{listed}"
    );
}
