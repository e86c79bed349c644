//! The collection's files on the staff's pages, through HTTP: EPUB 3 files uploaded together,
//! each imported as `lectern import-epub` does (each file's outcome shown, a bad one refused
//! with why, the others imported all the same, the same book again updating its title); a file
//! of another format added to a title, and replaced (the replaced file removed), through the
//! catalog's edit queue; a format's details changed; bad input named; all refused to whoever
//! is not a collection assistant.

use lectern_jobs::epub::{Chapter, EpubSource, build};
use lectern_store::{on_both_stores, titles};
use reqwest::{Method, StatusCode};

use super::{Browser, link, location};
use crate::collection::edits_applied;
use crate::support::*;

on_both_stores!(
    a_curator_imports_epub_files_and_sees_each_outcome,
    epub_import_choices_are_checked,
    a_curator_adds_and_replaces_a_format_s_file,
    a_format_s_files_are_checked,
    a_curator_changes_a_format_s_details,
    collection_uploads_are_refused_to_whoever_may_not,
);

const IMPORT: &str = "/main/staff/import-epub";

async fn curator(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in("collection@example.org", "collection-pass-1")
        .await;
    b
}

fn epub(identifier: &str, title: &str) -> Vec<u8> {
    build(&EpubSource {
        print_edition: None,
        identifier: identifier.to_owned(),
        isbn: None,
        title: title.to_owned(),
        subtitle: None,
        authors: vec!["Ada Uploader".to_owned()],
        language: "eng".to_owned(),
        publisher: None,
        date: Some("2024".to_owned()),
        synopsis: None,
        subjects: vec![],
        chapters: vec![Chapter {
            title: "One".to_owned(),
            text: "The first chapter.".to_owned(),
        }],
        accessibility_summary: None,
        modified: "2026-01-01T00:00:00Z".to_owned(),
    })
}

/// The service id of the first title an import page links to.
fn imported_id(page: &str, title: &str) -> String {
    let added = format!("Added: <bdi translate=\"no\">{title}</bdi>");
    let path = link(page, &added).expect(title);
    path.rsplit('/').next().unwrap().to_owned()
}

async fn a_curator_imports_epub_files_and_sees_each_outcome(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let home = b.page("/main/staff", StatusCode::OK).await;
    assert!(home.contains(">Add titles from EPUB files</a>"), "{home}");
    let form = b.page(IMPORT, StatusCode::OK).await;
    assert!(form.contains("enctype=\"multipart/form-data\""), "{form}");

    let first = epub("urn:uuid:first-book", "The First Upload");
    let files = vec![
        ("files", "first.epub", first.clone()),
        (
            "files",
            "second.epub",
            epub("urn:uuid:second", "The Second Upload"),
        ),
        ("files", "notes.epub", b"not a zip at all".to_vec()),
        ("files", "first again.epub", first.clone()),
    ];
    let done = b
        .upload(IMPORT, IMPORT, &[("category", "Fiction")], &files)
        .await;
    assert_eq!(done.status(), StatusCode::OK);
    let page = done.text().await.unwrap();
    assert!(page.contains("2 of 4 files were imported"), "{page}");
    assert!(
        page.contains("<h3 translate=\"no\">notes.epub</h3>"),
        "{page}"
    );
    assert!(page.contains("Not imported: "), "{page}");
    assert!(page.contains("The same book as first.epub"), "{page}");
    let id = imported_id(&page, "The First Upload");
    assert_eq!(id, service_id_of(&first), "the command's service id");

    let title = b
        .page(&format!("/main/staff/titles/{id}"), StatusCode::OK)
        .await;
    assert!(
        title.contains("<h1 translate=\"no\">The First Upload</h1>"),
        "{title}"
    );
    assert!(title.contains(">EPUB 3</a> (available)"), "{title}");
    let stored = titles::get(app.store.reads(), &id).await.unwrap().unwrap();
    assert_eq!(stored.categories, vec!["Fiction".to_owned()]);
    let key = stored.artifacts[0].file.clone().unwrap();
    assert_eq!(
        app.files.get(&key).await.unwrap().to_vec(),
        first,
        "the file as sent"
    );

    app.index_caught_up().await;
    let (status, found) = call_reader(
        &app,
        Method::GET,
        "/v2/titles?keyword=Second%20Upload",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(found.to_string().contains("The Second Upload"), "{found}");

    // The same book again, in the public domain: its title is updated, not added twice.
    let again = b
        .upload(
            IMPORT,
            IMPORT,
            &[("usageRestriction", "publicDomain")],
            &[("files", "first.epub", first)],
        )
        .await;
    let page = again.text().await.unwrap();
    assert!(page.contains("The file was imported."), "{page}");
    assert!(
        page.contains("Updated: <bdi translate=\"no\">The First Upload</bdi>"),
        "{page}"
    );
    let stored = titles::get(app.store.reads(), &id).await.unwrap().unwrap();
    assert_eq!(stored.usage_restriction.as_str(), "publicDomain");

    // A curator reading Spanish reads why in Spanish; the zip reader's own words stay its own.
    let spanish = Browser::speaking(&app, "es");
    spanish
        .sign_in("collection@example.org", "collection-pass-1")
        .await;
    let notes = [("files", "notes.epub", b"not a zip at all".to_vec())];
    let page = spanish.upload(IMPORT, IMPORT, &[], &notes).await;
    let page = page.text().await.unwrap();
    assert!(
        page.contains("No importado: <span>No es un archivo zip, así que no es un EPUB: "),
        "{page}"
    );
}

async fn epub_import_choices_are_checked(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let bytes = epub("urn:uuid:checked", "Checked");
    let id = service_id_of(&bytes);
    let book = vec![("files", "a.epub", bytes)];
    for (fields, field, files) in [
        (
            vec![("usageRestriction", "borrowed")],
            "usageRestriction",
            &book,
        ),
        (vec![("titleStatus", "lost")], "titleStatus", &book),
        (vec![("category", "No Such Shelf")], "category", &book),
        (vec![], "files", &vec![]),
    ] {
        let refused = b.upload(IMPORT, IMPORT, &fields, files).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{field}");
        let page = refused.text().await.unwrap();
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
        assert!(page.contains("<title>Error: "), "{page}");
    }
    // A text field is a line or two: a body sent as one is refused, not held.
    let long = "x".repeat(70 * 1024);
    let refused = b
        .upload(IMPORT, IMPORT, &[("category", &long)], &book)
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(refused.text().await.unwrap().contains("too long"));
    assert!(
        titles::get(app.store.reads(), &id).await.unwrap().is_none(),
        "nothing imported"
    );
}

/// The service id `lectern import-epub` gives a book.
fn service_id_of(book: &[u8]) -> String {
    let meta = lectern_jobs::epub::read_metadata(book).unwrap();
    lectern_jobs::import_epub::service_id(lectern_jobs::import_epub::DEFAULT_PREFIX, &meta)
}

async fn a_curator_adds_and_replaces_a_format_s_file(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let here = "/main/staff/titles/t-casa";
    let files = format!("{here}/files");
    let title = b.page(here, StatusCode::OK).await;
    assert_eq!(
        link(&title, "Add or replace a format&#39;s file").as_deref(),
        Some(files.as_str())
    );

    let pdf = b"%PDF-1.7 the first".to_vec();
    let sent = b
        .upload(
            &files,
            &files,
            &[("format", "PDF"), ("comments", "From the publisher")],
            &[("files", "night.pdf", pdf.clone())],
        )
        .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    assert!(location(&sent).ends_with("/main/staff/titles/t-casa?done=accepted"));
    edits_applied(&app).await;
    let page = b.page(here, StatusCode::OK).await;
    assert!(page.contains(">PDF</a> (available)"), "{page}");
    assert!(page.contains("A format added (PDF)"), "{page}");
    assert!(page.contains("From the publisher"), "{page}");
    let (status, record) = call_reader(&app, Method::GET, "/v2/titles/t-casa", None, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        record.to_string().contains("\"PDF\""),
        "readers see it: {record}"
    );
    let first_key = pdf_key(&app).await;
    assert_eq!(app.files.get(&first_key).await.unwrap().to_vec(), pdf);

    // Replaced: the title names the new file, and the old one is gone from the file store.
    let newer = b"%PDF-1.7 the second".to_vec();
    b.upload(
        &files,
        &files,
        &[("format", "PDF")],
        &[("files", "night.pdf", newer.clone())],
    )
    .await;
    edits_applied(&app).await;
    let second_key = pdf_key(&app).await;
    assert_ne!(second_key, first_key);
    assert_eq!(app.files.get(&second_key).await.unwrap().to_vec(), newer);
    assert!(
        app.files.head(&first_key).await.unwrap().is_none(),
        "the old file removed"
    );
    let page = b.page(here, StatusCode::OK).await;
    assert!(page.contains("A format changed (PDF)"), "{page}");

    // A DAISY 2.02 book is all its files at once, kept as a folder.
    b.upload(
        &files,
        &files,
        &[("format", "DAISY_2_AUDIO")],
        &[
            ("files", "ncc.html", b"<html>ncc</html>".to_vec()),
            ("files", "track01.mp3", b"ID3 one".to_vec()),
        ],
    )
    .await;
    edits_applied(&app).await;
    let stored = titles::get(app.store.reads(), "t-casa")
        .await
        .unwrap()
        .unwrap();
    let daisy = stored
        .artifacts
        .iter()
        .find(|a| a.format.as_str() == "DAISY_2_AUDIO")
        .unwrap();
    let folder = daisy.file.clone().unwrap();
    assert!(folder.ends_with('/'), "{folder}");
    assert_eq!(
        app.files
            .list(folder.trim_end_matches('/'))
            .await
            .unwrap()
            .len(),
        2
    );
}

async fn pdf_key(app: &TestApp) -> String {
    let stored = titles::get(app.store.reads(), "t-casa")
        .await
        .unwrap()
        .unwrap();
    stored
        .artifacts
        .iter()
        .find(|a| a.format.as_str() == "PDF")
        .and_then(|a| a.file.clone())
        .unwrap()
}

async fn a_format_s_files_are_checked(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let files = "/main/staff/titles/t-casa/files";
    let pdf = || ("files", "a.pdf", b"%PDF-1.7".to_vec());
    for (format, sent, field) in [
        ("", vec![pdf()], "format"),
        ("PDF", vec![], "files"),
        ("PDF", vec![("files", "a.pdf", b"GIF89a".to_vec())], "files"),
        (
            "PDF",
            vec![pdf(), ("files", "b.pdf", b"%PDF-1.7".to_vec())],
            "files",
        ),
        (
            "EPUB3",
            vec![("files", "a.epub", b"PK\x03\x04 no".to_vec())],
            "files",
        ),
        ("DOCX", vec![pdf()], "files"),
        (
            "DAISY_2_AUDIO",
            vec![("files", "t.mp3", b"ID3".to_vec())],
            "files",
        ),
        (
            "DAISY",
            vec![("files", "book.xml", b"<dtbook/>".to_vec())],
            "files",
        ),
        (
            "BRF",
            vec![("files", "book.txt", b"braille".to_vec())],
            "files",
        ),
    ] {
        let refused = b.upload(files, files, &[("format", format)], &sent).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{format}");
        let page = refused.text().await.unwrap();
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{format}: {page}"
        );
    }
    // Only files are spooled to disk: the fields besides them are bounded in number and size,
    // so that a form of many large text parts cannot fill the node's memory.
    let many: Vec<(&str, &str)> = vec![("note", "a few words"); 201];
    let refused = b.upload(files, files, &many, &[pdf()]).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(refused.text().await.unwrap().contains("at most 200 fields"));
    let sixty_kb = "x".repeat(60 * 1024);
    let large: Vec<(&str, &str)> = vec![("note", sixty_kb.as_str()); 5];
    let refused = b.upload(files, files, &large, &[pdf()]).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(refused.text().await.unwrap().contains("256 KB together"));
    assert_eq!(
        lectern_store::catalog_edits::unapplied(app.store.reads())
            .await
            .unwrap(),
        0,
        "nothing queued"
    );
    assert!(
        app.files
            .list("titles/t-casa/uploads")
            .await
            .unwrap()
            .is_empty(),
        "nothing kept"
    );
}

async fn a_curator_changes_a_format_s_details(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let title = b.page("/main/staff/titles/t-pride", StatusCode::OK).await;
    let here = link(&title, "BRF (Braille Ready Format)").expect("the BRF's page");
    assert_eq!(here, "/main/staff/titles/t-pride/formats/BRF");
    let page = b.page(&here, StatusCode::OK).await;
    assert!(page.contains("<select id=\"brailleCode\""), "{page}");
    assert!(
        !page.contains("id=\"duration\""),
        "no playing time for braille"
    );

    let bad = b
        .submit(
            &here,
            &here,
            &[("brailleCode", "ueb"), ("numberOfVolumes", "many")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let text = bad.text().await.unwrap();
    assert!(text.contains("id=\"numberOfVolumes-error\""), "{text}");
    assert!(text.contains("value=\"many\""), "what was typed stays");

    let sent = b
        .submit(
            &here,
            &here,
            &[
                ("brailleCode", "ueb"),
                ("brailleGrade", "contracted"),
                ("numberOfVolumes", "3"),
                ("producers", "Braille House\r\nDots Ltd"),
            ],
        )
        .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    edits_applied(&app).await;
    let page = b.page(&here, StatusCode::OK).await;
    assert!(page.contains("<option value=\"ueb\" selected>"), "{page}");
    assert!(page.contains("value=\"3\""), "{page}");
    assert!(
        page.contains(">Braille House\nDots Ltd</textarea>"),
        "{page}"
    );
    let (_, record) = call_reader(&app, Method::GET, "/v2/titles/t-pride", None, &[]).await;
    let brf = record["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["format"] == "BRF")
        .unwrap()
        .clone();
    assert_eq!(brf["brailleCode"], "ueb", "{brf}");
    assert_eq!(brf["numberOfVolumes"], 3, "{brf}");

    let audio = b
        .page(
            "/main/staff/titles/t-road/formats/DAISY_AUDIO",
            StatusCode::OK,
        )
        .await;
    assert!(audio.contains("id=\"duration\""), "{audio}");
    b.page(
        "/main/staff/titles/t-pride/formats/DOCX",
        StatusCode::NOT_FOUND,
    )
    .await;
    // So the title's page links no made format: it says what each is, and every format it
    // links opens.
    let title = b.page("/main/staff/titles/t-pride", StatusCode::OK).await;
    // Its title says what it is for, unlike the public page of the same title (WCAG 2.4.2).
    assert!(
        title.contains("<title>Pride and Prejudice: details and files – Staff – "),
        "{title}"
    );
    let public = b.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(public.contains("<title>Pride and Prejudice – "), "{public}");
    assert!(link(&title, "Word (DOCX)").is_none(), "{title}");
    assert!(
        title.contains("Word (DOCX) (made from the EPUB master when first asked for)"),
        "{title}"
    );
    let formats = title.split("id=\"formats\"").nth(1).unwrap();
    let formats = formats.split("</section>").next().unwrap();
    let linked: Vec<&str> = formats
        .split("href=\"")
        .skip(1)
        .map(|h| h.split('"').next().unwrap())
        .filter(|h| h.contains("/formats/"))
        .collect();
    assert!(linked.len() >= 2, "{formats}");
    for href in linked {
        b.page(href, StatusCode::OK).await;
    }
    b.page(
        "/main/staff/titles/t-pride/formats/MP4",
        StatusCode::NOT_FOUND,
    )
    .await;
}

async fn collection_uploads_are_refused_to_whoever_may_not(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let pages = [
        IMPORT,
        "/main/staff/titles/t-casa/files",
        "/main/staff/titles/t-pride/formats/BRF",
    ];
    let guest = Browser::new(&app);
    for path in pages {
        assert_eq!(
            guest.get(path).await.status(),
            StatusCode::SEE_OTHER,
            "{path}"
        );
    }
    for (user, password) in [
        ("membership@example.org", "membership-pass-1"),
        ("member@example.org", "member-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        for path in pages {
            b.page(path, StatusCode::FORBIDDEN).await;
        }
        let posted = b
            .upload(
                "/main/",
                "/main/staff/titles/t-casa/files",
                &[("format", "PDF")],
                &[("files", "a.pdf", b"%PDF-1.7".to_vec())],
            )
            .await;
        assert_eq!(posted.status(), StatusCode::FORBIDDEN, "{user}");
    }
    let b = curator(&app).await;
    b.page("/main/staff/titles/t-far/files", StatusCode::NOT_FOUND)
        .await;
    b.page(
        "/main/staff/titles/t-far/formats/EPUB3",
        StatusCode::NOT_FOUND,
    )
    .await;
    // A form without its token writes nothing.
    let tokenless = b
        .http
        .post(app.url("/main/staff/titles/t-casa/files"))
        .multipart(reqwest::multipart::Form::new().text("format", "PDF").part(
            "files",
            reqwest::multipart::Part::bytes(b"%PDF-1.7".to_vec()).file_name("a.pdf"),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(tokenless.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        lectern_store::catalog_edits::unapplied(app.store.reads())
            .await
            .unwrap(),
        0
    );
}
