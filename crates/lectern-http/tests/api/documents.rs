//! `POST /v2/myDocuments` and `DELETE /v2/myDocuments/{serviceId}`: a reader's own documents,
//! made accessible as EPUB 3 by the worker (text PDFs with their headings, scans and images by
//! OCR, presentations slide by slide), and theirs alone.

use std::io::Write;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::downloads::{epubcheck_passes, fetch};
use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    documents_are_made_accessible_and_are_their_owners_alone,
    document_input_is_checked_by_name,
    documents_come_from_the_members_partner_drive,
);

const PDF: &str = "application/pdf";
const PPTX: &str = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/// A one-page PDF with a text layer: each line at its font size, top to bottom.
fn text_pdf(lines: &[(u32, &str)]) -> Vec<u8> {
    let mut content = String::new();
    let mut y = 760;
    for (size, text) in lines {
        content += &format!("BT /F1 {size} Tf 72 {y} Td ({text}) Tj ET\n");
        y -= size * 6 / 5;
    }
    page_pdf(
        "/Font << /F1 5 0 R >>",
        content,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec(),
    )
}

/// A one-page PDF drawing `content` with `resources`, whose fifth object is `extra`.
fn page_pdf(resources: &str, content: String, extra: Vec<u8>) -> Vec<u8> {
    let objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
             /Resources << {resources} >> >>"
        )
        .into_bytes(),
        format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        )
        .into_bytes(),
        extra,
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        writeln!(out, "{} 0 obj", i + 1).unwrap();
        out.extend_from_slice(o);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    write!(out, "xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).unwrap();
    for o in offsets {
        writeln!(out, "{o:010} 00000 n ").unwrap();
    }
    write!(
        out,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    )
    .unwrap();
    out
}

/// A page of large text rendered to an image by poppler: a PNG (`-png`) or raw gray (`-gray`).
fn rendered(text: &str, format: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!(
        "lectern-doc-test-{}",
        lectern_domain::ids::new_id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("page.pdf");
    std::fs::write(&source, text_pdf(&[(28, text)])).unwrap();
    let out = std::process::Command::new("pdftoppm")
        .args(["-r", "150", "-singlefile", format])
        .arg(&source)
        .arg(dir.join("page"))
        .output()
        .expect("pdftoppm (poppler-utils) is installed");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ext = if format == "-png" { "png" } else { "pgm" };
    let bytes = std::fs::read(dir.join(format!("page.{ext}"))).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}

/// A PDF holding only a scanned page: an image of `text`, no text layer.
fn scanned_pdf(text: &str) -> Vec<u8> {
    let pgm = rendered(text, "-gray");
    // A binary PGM: "P5", width, height and 255, each after whitespace, then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
    }
    let pixels = &pgm[at + 1..];
    let mut image = format!(
        "<< /Type /XObject /Subtype /Image /Width {} /Height {} /ColorSpace /DeviceGray \
         /BitsPerComponent 8 /Length {} >>\nstream\n",
        fields[1],
        fields[2],
        pixels.len()
    )
    .into_bytes();
    image.extend_from_slice(pixels);
    image.extend_from_slice(b"\nendstream");
    page_pdf(
        "/XObject << /Im1 5 0 R >>",
        "q 612 0 0 792 0 0 cm /Im1 Do Q\n".to_owned(),
        image,
    )
}

/// A presentation of two slides; the second has a picture with alternative text.
fn pptx() -> Vec<u8> {
    let slide = |title: &str, body: &str, picture: &str| {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree>
<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>{title}</a:t></a:r></a:p></p:txBody></p:sp>
<p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:cNvSpPr/><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>{body}</a:t></a:r></a:p></p:txBody></p:sp>
{picture}
</p:spTree></p:cSld></p:sld>"#
        )
    };
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, xml) in [
        (
            "ppt/slides/slide1.xml",
            slide("Rivers", "Water runs to the sea.", ""),
        ),
        (
            "ppt/slides/slide2.xml",
            slide(
                "Mountains",
                "High places &amp; cold air.",
                r#"<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture" descr="A snowy peak"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr></p:pic>"#,
            ),
        ),
    ] {
        zip.start_file(name, options).unwrap();
        zip.write_all(xml.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

async fn upload(
    app: &TestApp,
    token: Option<&str>,
    form: Form,
) -> (StatusCode, Option<String>, Value) {
    let mut req = app
        .post(&format!("/v2/myDocuments?api_key={TRUSTED}"))
        .multipart(form);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let resp = req.send().await.unwrap();
    let location = resp
        .headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_owned());
    let (status, body) = json(resp).await;
    (status, location, body)
}

fn document(name: &str, mime: &str, bytes: Vec<u8>) -> Form {
    Form::new()
        .text("name", name.to_owned())
        .text("mimeType", mime.to_owned())
        .part("file", Part::bytes(bytes).file_name("upload"))
}

/// Asks for the document's EPUB until it is converted, and returns it.
async fn converted(app: &TestApp, token: &str, service_id: &str) -> Vec<u8> {
    let started = Instant::now();
    loop {
        let resp = app
            .get(&format!("/v2/titles/{service_id}/EPUB3?api_key={TRUSTED}"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        match resp.status() {
            StatusCode::FOUND => {
                let url = resp.headers()["location"].to_str().unwrap().to_owned();
                return fetch(app, &url).await;
            }
            StatusCode::ACCEPTED => {}
            other => panic!("{other}: {}", resp.text().await.unwrap()),
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "not converted in time"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The text of every XHTML document of an EPUB, tags removed.
fn epub_text(epub: &[u8]) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(epub)).unwrap();
    let mut text = String::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        if f.name().is_ok_and(|n| n.ends_with(".xhtml")) {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut f, &mut s).unwrap();
            text.push_str(&s);
        }
    }
    text
}

async fn documents_are_made_accessible_and_are_their_owners_alone(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let pdf = text_pdf(&[
        (24, "Rivers and Seas"),
        (12, "Water runs down to the sea,"),
        (12, "where it rests a while."),
        (24, "Mountains"),
        (12, "High places are cold."),
    ]);
    let cases: Vec<(&str, &str, Vec<u8>, Vec<&str>)> = vec![
        (
            "Geography notes",
            PDF,
            pdf,
            vec![
                "<h1 id=\"h1\">Rivers and Seas</h1>",
                "Water runs down to the sea, where it rests a while.",
                ">Mountains</h1>",
            ],
        ),
        (
            "A photographed page",
            "image/png",
            rendered("READING IS GOOD", "-png"),
            vec!["READING IS GOOD"],
        ),
        (
            "A scanned page",
            PDF,
            scanned_pdf("SCANNED PAGES TOO"),
            vec!["Page 1", "SCANNED PAGES TOO"],
        ),
        (
            "Slides",
            PPTX,
            pptx(),
            vec![
                ">Rivers</h1>",
                "Water runs to the sea.",
                ">Mountains</h1>",
                "High places &amp; cold air.",
                "Image: A snowy peak",
            ],
        ),
    ];
    for (name, mime, bytes, expected) in cases {
        let (status, location, body) =
            upload(&app, Some(&token), document(name, mime, bytes)).await;
        assert_eq!(status, StatusCode::CREATED, "{name}: {body}");
        let id = body["serviceId"].as_str().unwrap().to_owned();
        assert_eq!(
            location.as_deref(),
            Some(app.url(&format!("/v2/titles/{id}")).as_str())
        );
        assert_eq!(body["available"], false);
        assert_eq!(body["allows"], serde_json::json!(["DELETE"]));
        assert_eq!(body["owner"], "Mary Member");
        assert_eq!(body["title"], name);
        let epub = converted(&app, &token, &id).await;
        let text = epub_text(&epub);
        for want in expected {
            assert!(text.contains(want), "{name}: '{want}' missing from\n{text}");
        }
        // The EPUB is the converter's, whichever store keeps the row: checked once.
        if backend == Backend::Sqlite {
            epubcheck_passes(&epub);
        }
        let (status, record) = json(
            app.get(&format!("/v2/titles/{id}?api_key={TRUSTED}"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{record}");
        assert_eq!(record["available"], true);
        assert_eq!(record["formatStatuses"][0]["status"], "AVAILABLE");
    }
    // The document is its owner's alone: not there for anyone else, nor in search.
    let (_, _, body) = upload(
        &app,
        Some(&token),
        document("Private", PDF, text_pdf(&[(12, "Secret words")])),
    )
    .await;
    let id = body["serviceId"].as_str().unwrap().to_owned();
    let other = app.token_of("admin@example.org").await;
    for path in [format!("/v2/titles/{id}"), format!("/v2/titles/{id}/EPUB3")] {
        let (status, _) = json(
            app.get(&format!("{path}?api_key={TRUSTED}"))
                .bearer_auth(&other)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (_, found) = json(
        app.get(&format!("/v2/titles?api_key={TRUSTED}&keyword=Private"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(found["totalResults"], 0);
    let delete = |token: String| {
        let path = format!("/v2/myDocuments/{id}?api_key={TRUSTED}");
        let app = &app;
        async move {
            json(
                app.http
                    .delete(app.url(&path))
                    .bearer_auth(token)
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        }
    };
    assert_eq!(delete(other.clone()).await.0, StatusCode::NOT_FOUND);
    let (status, body) = delete(token.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["key"], "SUCCESS");
    assert_eq!(delete(token.clone()).await.0, StatusCode::NOT_FOUND);
    let (status, _) = json(
        app.get(&format!("/v2/titles/{id}?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = upload(&app, None, document("Anon", PDF, text_pdf(&[(12, "x")]))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn document_input_is_checked_by_name(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let pdf = || text_pdf(&[(12, "Some words")]);
    let cases: Vec<(Form, &str)> = vec![
        (
            Form::new()
                .text("mimeType", PDF)
                .part("file", Part::bytes(pdf())),
            "Missing required parameter 'name'",
        ),
        (
            Form::new()
                .text("name", "A")
                .part("file", Part::bytes(pdf())),
            "Missing required parameter 'mimeType'",
        ),
        (document("A", "text/plain", pdf()), "'mimeType'"),
        (
            Form::new().text("name", "A").text("mimeType", PDF),
            "Missing required parameter 'file'",
        ),
        (document("A", "image/png", pdf()), "'file'"),
        (
            document("A", PDF, pdf()).text("partnerDriveFileId", "f1"),
            "'partnerDriveFileId'",
        ),
        (
            Form::new()
                .text("name", "A")
                .text("mimeType", PDF)
                .text("partnerDriveFileId", "f1"),
            "'partnerDriveFileId'",
        ),
        (document("A", PDF, pdf()).text("name", "B"), "'name'"),
    ];
    for (form, named) in cases {
        let (status, _, body) = upload(&app, Some(&token), form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{named}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains(named),
            "{named}: {body}"
        );
    }
    // The server answers 413 as soon as the limit is passed and closes the connection; the
    // client may still be writing then and see a broken pipe instead of the answer, so a send
    // that fails that way is repeated.
    let mut answer = None;
    for _ in 0..5 {
        let sent = app
            .post(&format!("/v2/myDocuments?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .multipart(document("Big", PDF, vec![b'%'; 21 * 1024 * 1024]))
            .send()
            .await;
        if let Ok(resp) = sent {
            answer = Some(json(resp).await);
            break;
        }
    }
    let (status, body) = answer.expect("an answer to the large upload");
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM documents")
        .fetch_one(app.store.pool())
        .await
        .unwrap();
    assert_eq!(count, 0, "nothing refused was kept");
}

async fn documents_come_from_the_members_partner_drive(backend: Backend) {
    let pdf = text_pdf(&[(24, "From the Drive"), (12, "Words kept in the cloud")]);
    let app = app_with_drive(backend, &[("file-7", pdf)]).await;
    let token = app.token_of("member@example.org").await;
    let from_drive = |id: &str| {
        Form::new()
            .text("name", "Cloud notes")
            .text("mimeType", PDF)
            .text("partnerDriveFileId", id.to_owned())
    };
    // Not connected yet: the drive is not asked, and the refusal names the parameter.
    let (status, _, body) = upload(&app, Some(&token), from_drive("file-7")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error_message(&body, "BAD_REQUEST").contains("partnerDriveFileId"));

    // The library's application connects the member's drive; its token runs out within the
    // minute, so the document's fetch renews it first.
    let console = app.minted_token(CONFIDENTIAL, "member@example.org").await;
    let (status, body) = call_as(
        &app,
        CONFIDENTIAL,
        reqwest::Method::POST,
        "/v2/partnerAccessToken",
        Some(&console),
        &[("code", "good"), ("redirectUri", "app:/drive")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, location, body) = upload(&app, Some(&token), from_drive("file-7")).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(location.is_some());
    let service_id = body["serviceId"].as_str().unwrap().to_owned();
    let epub = converted(&app, &token, &service_id).await;
    let text = epub_text(&epub);
    assert!(text.contains("From the Drive"), "{text}");
    assert!(text.contains("Words kept in the cloud"), "{text}");

    // A file the drive does not have is the member's mistake, named.
    let (status, _, body) = upload(&app, Some(&token), from_drive("file-8")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error_message(&body, "BAD_REQUEST").contains("partnerDriveFileId"));
    // Another member has connected no drive: the first member's connection is not theirs.
    let other = app.token_of("volunteer@example.org").await;
    let (status, _, body) = upload(&app, Some(&other), from_drive("file-7")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}
