//! My documents on the web, through HTTP: a file uploaded with the page's form (multipart, its
//! token among the fields), made accessible by the worker, downloaded, a failure said in words,
//! deleted; the form's errors all at once, and nothing kept when it is refused.

use std::time::Duration;

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};

use super::{Browser, hidden, location};
use crate::documents::{text_pdf, until_status};
use crate::support::*;

on_both_stores!(
    a_reader_uploads_a_document_downloads_it_and_deletes_it,
    the_document_form_names_what_is_wrong_and_keeps_nothing,
    my_documents_page_both_ways,
);

impl Browser<'_> {
    /// Posts the documents page's upload form: its token, then `fields`, then the file.
    async fn upload_document(
        &self,
        fields: &[(&str, &str)],
        file: Option<(&str, &str, Vec<u8>)>,
    ) -> reqwest::Response {
        let parts = file
            .map(|(name, mime, bytes)| {
                let part = Part::bytes(bytes)
                    .file_name(name.to_owned())
                    .mime_str(mime)
                    .unwrap();
                ("file".to_owned(), part)
            })
            .into_iter()
            .collect();
        self.multipart("/main/documents", "/main/documents", fields, parts)
            .await
    }
}

async fn documents_of(app: &TestApp, owner: &str) -> u64 {
    lectern_store::documents::owned_count(app.store.reads(), owner)
        .await
        .unwrap()
}

async fn a_reader_uploads_a_document_downloads_it_and_deletes_it(backend: Backend) {
    let app = TestApp::start(backend).await;
    let guest = Browser::new(&app);
    let away = guest.get("/main/documents").await;
    assert_eq!(away.status(), StatusCode::SEE_OTHER);
    assert!(location(&away).starts_with("/main/sign-in?next="));

    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let empty = b.page("/main/documents", StatusCode::OK).await;
    assert!(empty.contains("You have no documents."));
    assert!(empty.contains("aria-current=\"page\">My documents</a>"));
    assert!(empty.contains("enctype=\"multipart/form-data\""));
    let pdf = text_pdf(&[(24, "Chapter notes"), (12, "Words to read aloud.")]);
    let sent = b
        .upload_document(
            &[("name", "Chapter notes")],
            Some(("notes.pdf", "application/pdf", pdf)),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&sent), "/main/documents?done=uploaded");
    let listed = b
        .page("/main/documents?done=uploaded", StatusCode::OK)
        .await;
    assert!(listed.contains("role=\"status\">Your document has been uploaded."));
    assert!(listed.contains("Chapter notes"));
    let id = hidden(&listed, "serviceId").expect("its delete form");
    until_status(&app, &id, &["ready"], Duration::from_secs(60)).await;
    let ready = b.page("/main/documents", StatusCode::OK).await;
    assert!(ready.contains("Ready to download as EPUB 3."), "{ready}");
    let download = format!("/main/titles/{id}/download");
    assert!(ready.contains(&format!("action=\"{download}\"")));
    let file = b
        .submit("/main/documents", &download, &[("format", "EPUB3")])
        .await;
    assert_eq!(file.status(), StatusCode::SEE_OTHER, "the file at once");
    // The file's address is the API's (absolute), as for any download.
    let epub = b.http.get(location(&file)).send().await.unwrap();
    assert_eq!(epub.status(), StatusCode::OK);
    assert!(
        epub.bytes().await.unwrap().starts_with(b"PK"),
        "an EPUB (a zip)"
    );

    // Another reader sees none of it and cannot delete it.
    let other = Browser::new(&app);
    other.sign_in("student@example.org", "student-pass-1").await;
    let theirs = other.page("/main/documents", StatusCode::OK).await;
    assert!(!theirs.contains("Chapter notes"));
    let refused = other
        .submit(
            "/main/documents",
            "/main/documents/delete",
            &[("serviceId", &id)],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(documents_of(&app, "u-member").await, 1);

    let gone = b
        .submit(
            "/main/documents",
            "/main/documents/delete",
            &[("serviceId", &id)],
        )
        .await;
    assert_eq!(gone.status(), StatusCode::SEE_OTHER);
    let after = b.page(&location(&gone), StatusCode::OK).await;
    assert!(after.contains("The document has been deleted."));
    assert!(after.contains("You have no documents."));
    assert_eq!(documents_of(&app, "u-member").await, 0);
}

async fn the_document_form_names_what_is_wrong_and_keeps_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;

    let nothing = b.upload_document(&[("name", "")], None).await;
    assert_eq!(nothing.status(), StatusCode::BAD_REQUEST);
    let page = nothing.text().await.unwrap();
    assert!(page.contains("<title>Error: My documents"), "{page}");
    for (field, words) in [
        ("name", "Enter a name for the document"),
        ("file", "Choose the file to upload"),
    ] {
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
        assert!(
            page.contains(&format!("href=\"#{field}\">{words}")),
            "{field} in the summary"
        );
    }

    let text = b
        .upload_document(
            &[("name", "Shopping")],
            Some(("list.txt", "text/plain", b"eggs".to_vec())),
        )
        .await;
    assert_eq!(text.status(), StatusCode::BAD_REQUEST);
    let page = text.text().await.unwrap();
    assert!(
        page.contains("Choose a PDF, a JPEG, PNG or HEIF photo"),
        "{page}"
    );
    assert!(
        page.contains("value=\"Shopping\""),
        "what was typed is kept"
    );

    let posing = b
        .upload_document(
            &[("name", "Not a PDF")],
            Some(("fake.pdf", "application/pdf", b"eggs".to_vec())),
        )
        .await;
    assert_eq!(posing.status(), StatusCode::BAD_REQUEST);
    let page = posing.text().await.unwrap();
    assert!(page.contains("id=\"file-error\""), "{page}");
    assert!(
        page.contains("Is not a application/pdf file."),
        "the API's words: {page}"
    );

    // Without the page's token: refused, and nothing kept.
    let forged = b
        .http
        .post(app.url("/main/documents"))
        .multipart(
            Form::new().text("name", "Forged").part(
                "file",
                Part::bytes(text_pdf(&[(12, "x")]))
                    .file_name("x.pdf")
                    .mime_str("application/pdf")
                    .unwrap(),
            ),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert_eq!(documents_of(&app, "u-member").await, 0);

    // A conversion that fails says why, in words, with what to do.
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file(
        "ppt/presentation.xml",
        zip::write::SimpleFileOptions::default(),
    )
    .unwrap();
    std::io::Write::write_all(&mut zip, b"<p:presentation/>").unwrap();
    let empty = zip.finish().unwrap().into_inner();
    let pptx = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
    let doomed = b
        .upload_document(&[("name", "Doomed")], Some(("slides.pptx", pptx, empty)))
        .await;
    assert_eq!(doomed.status(), StatusCode::SEE_OTHER);
    let listed = b.page("/main/documents", StatusCode::OK).await;
    let id = hidden(&listed, "serviceId").unwrap();
    until_status(&app, &id, &["failed"], Duration::from_secs(60)).await;
    let failed = b.page("/main/documents", StatusCode::OK).await;
    assert!(
        failed.contains("Could not be made accessible: "),
        "{failed}"
    );
    assert!(failed.contains("no slides"), "{failed}");
    assert!(failed.contains("Delete it and upload it again"));
    assert!(
        !failed.contains("action=\"/main/titles/"),
        "no download for it"
    );
}

/// The names of the documents a page lists, in its order.
fn names_listed(page: &str) -> Vec<String> {
    page.split("<span class=\"document-name\" translate=\"no\">")
        .skip(1)
        .filter_map(|s| Some(s[..s.find("</span>")?].to_owned()))
        .collect()
}

async fn my_documents_page_both_ways(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    for name in ["First", "Second", "Third"] {
        let pdf = text_pdf(&[(12, name)]);
        let sent = b
            .upload_document(&[("name", name)], Some(("a.pdf", "application/pdf", pdf)))
            .await;
        assert_eq!(sent.status(), StatusCode::SEE_OTHER);
        // Apart by a second at least: the page's order is by when, then by id.
        tokio::time::sleep(Duration::from_millis(1100)).await;
    }
    let first = b.page("/main/documents?limit=2", StatusCode::OK).await;
    assert!(first.contains("<p>3 documents</p>"), "{first}");
    assert_eq!(
        names_listed(&first),
        ["Third", "Second"],
        "the newest first"
    );
    let next = super::link(&first, "Next page").expect("a next page");
    assert!(next.contains("limit=2"), "{next}");
    let second = b.page(&next, StatusCode::OK).await;
    assert_eq!(names_listed(&second), ["First"]);
    assert!(super::link(&second, "Next page").is_none());
    let back = super::link(&second, "Previous page").expect("a way back");
    assert_eq!(
        names_listed(&b.page(&back, StatusCode::OK).await),
        ["Third", "Second"]
    );
    let bad = b
        .page("/main/documents?start=nonsense", StatusCode::BAD_REQUEST)
        .await;
    assert!(bad.contains("start"), "{bad}");
}
