//! Reading online: `GET /v2/titles/{serviceId}/webpub` opens a title by the download rules and
//! answers with its Readium Web Publication Manifest below a signed reading link; the book's
//! files are served from there, sandboxed, by range when asked, to no one the rules refused.

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use crate::downloads::{call, downloads_counted};
use crate::support::*;

on_both_stores!(
    a_member_reads_a_title_file_by_file,
    refusals_are_a_downloads_and_links_cannot_be_forged,
    opening_counts_once_a_month,
    readium_apps_stream_from_the_opds_catalog,
);

/// Opens `service_id` for `token` (a guest when `None`) and follows the answer to the
/// manifest: (the manifest's address, the manifest).
async fn opened(app: &TestApp, service_id: &str, token: Option<&str>) -> (String, Value) {
    let key = if token.is_some() { TRUSTED } else { PUBLIC };
    let (status, headers, body) = call(
        app,
        &format!("/v2/titles/{service_id}/webpub?api_key={key}"),
        token,
    )
    .await;
    assert_eq!(status, StatusCode::FOUND, "{body}");
    let url = headers["location"].to_str().unwrap().to_owned();
    assert_eq!(body["messages"][0], url.as_str());
    assert!(
        url.starts_with(&app.url("/read/")) && url.ends_with("/manifest.json"),
        "{url}"
    );
    // The link is the credential: no key, no token.
    let resp = app.http.get(&url).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-type"], "application/webpub+json");
    assert_eq!(resp.headers()["referrer-policy"], "no-referrer");
    (url, resp.json().await.unwrap())
}

async fn a_member_reads_a_title_file_by_file(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let (url, manifest) = opened(&app, "t-road", Some(&member)).await;
    assert_eq!(manifest["metadata"]["title"], "The Long Road", "{manifest}");
    assert_eq!(manifest["links"][0]["href"], url.as_str());
    let order = manifest["readingOrder"].as_array().unwrap();
    assert!(!order.is_empty(), "{manifest}");
    assert!(
        manifest["toc"].as_array().is_some_and(|t| !t.is_empty()),
        "{manifest}"
    );
    as_the_schema_reads_it(&manifest);
    as_readium_reads_it(&manifest);
    let base = url.trim_end_matches("manifest.json");
    for link in order {
        let href = link["href"].as_str().unwrap();
        let resp = app.http.get(format!("{base}{href}")).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{href}");
        assert_eq!(
            resp.headers()["content-type"],
            link["type"].as_str().unwrap()
        );
        let policy = resp.headers()["content-security-policy"].to_str().unwrap();
        assert!(policy.starts_with("sandbox ") && policy.contains("script-src 'none'"));
        assert_eq!(resp.headers()["x-content-type-options"], "nosniff");
        let text = resp.text().await.unwrap();
        assert!(text.contains("<html"), "{href}: {text}");
    }
    // A part of a file, as a player seeking in audio asks for it.
    let first = format!("{base}{}", order[0]["href"].as_str().unwrap());
    let whole = app
        .http
        .get(&first)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let part = app
        .http
        .get(&first)
        .header("range", "bytes=2-9")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 2-9/{}", whole.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap(), whole.slice(2..10));
    let past = app
        .http
        .get(&first)
        .header("range", format!("bytes={}-", whole.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(past.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    // A file the book does not have.
    let none = app
        .http
        .get(format!("{base}EPUB/none.xhtml"))
        .send()
        .await
        .unwrap();
    assert_eq!(none.status(), StatusCode::NOT_FOUND);
    // A guest opens a public-domain title the same way.
    let (_, pride) = opened(&app, "t-pride", None).await;
    assert!(
        pride["readingOrder"]
            .as_array()
            .is_some_and(|o| !o.is_empty())
    );
}

async fn refusals_are_a_downloads_and_links_cannot_be_forged(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let student = app.token_of("student@example.org").await;
    let sponsor = app.token_of("sponsor@example.org").await;
    let cases: [(Option<&str>, &str, StatusCode, &[&str]); 6] = [
        (None, "t-road", StatusCode::FORBIDDEN, &["SIGN_IN_REQUIRED"]),
        (
            Some(&member),
            "t-stripes",
            StatusCode::FORBIDDEN,
            &["COUNTRY_RESTRICTED"],
        ),
        (
            Some(&student),
            "t-casa",
            StatusCode::FORBIDDEN,
            &["SUBSCRIPTION_EXPIRED", "PROOF_OF_DISABILITY_PENDING"],
        ),
        (
            Some(&sponsor),
            "t-casa",
            StatusCode::FORBIDDEN,
            &["NOT_A_MEMBER"],
        ),
        (
            Some(&member),
            "t-algebra",
            StatusCode::FORBIDDEN,
            &["NIMAC_RESTRICTED"],
        ),
        (
            Some(&member),
            "t-night",
            StatusCode::NOT_FOUND,
            &["t-night"],
        ),
    ];
    for (token, title, expected, reasons) in cases {
        let key = if token.is_some() { TRUSTED } else { PUBLIC };
        let (status, headers, body) = call(
            &app,
            &format!("/v2/titles/{title}/webpub?api_key={key}"),
            token,
        )
        .await;
        assert_eq!(status, expected, "{title}: {body}");
        assert!(headers.get("location").is_none());
        let messages = body["messages"].to_string();
        for reason in reasons {
            assert!(messages.contains(reason), "{title}: {reason} in {messages}");
        }
    }
    // A link cannot be altered to name another book, nor outlive its time.
    let (url, _) = opened(&app, "t-road", Some(&member)).await;
    let grant = url.split('/').rev().nth(1).unwrap();
    let (expires, rest) = grant.split_once('.').unwrap();
    let later = format!("{}.{rest}", expires.parse::<i64>().unwrap() + 1);
    use base64::Engine;
    let b64 = |text: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text);
    let (key, title_and_signature) = rest.split_once('.').unwrap();
    let (title, signature) = title_and_signature.split_once('.').unwrap();
    assert_eq!(title, b64("t-road"), "the link names the title it opens");
    let other_book = format!(
        "{expires}.{}.{title}.{signature}",
        b64("titles/t-casa/book.epub")
    );
    // Nor name another title, whose place and marks the pages would then keep.
    let other_title = format!("{expires}.{key}.{}.{signature}", b64("t-casa"));
    for forged in [later, other_book, other_title, "garbage".to_owned()] {
        let resp = app
            .http
            .get(app.url(&format!("/read/{forged}/manifest.json")))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{forged}");
    }
}

async fn opening_counts_once_a_month(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    assert_eq!(downloads_counted(&app, "u-member").await, 0);
    for _ in 0..3 {
        opened(&app, "t-road", Some(&member)).await;
    }
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
    let (status, history) = json(
        app.get(&format!("/v2/myAccount/history?api_key={TRUSTED}"))
            .bearer_auth(&member)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let read = &history["downloads"][0];
    assert_eq!(read["serviceId"], "t-road", "{history}");
    assert_eq!(read["format"]["formatId"], "EPUB3", "{history}");
    assert_eq!(read["downloadStatus"]["key"], "AVAILABLE");
    // Downloading the EPUB 3 afterwards is a download of its own: it is packaged and counted.
    let path = format!("/v2/titles/t-road/EPUB3?api_key={TRUSTED}");
    let (status, _, _) = call(&app, &path, Some(&member)).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(downloads_counted(&app, "u-member").await, 2);
}

/// The manifest is valid against Readium's pinned JSON schema (`tests/opds/schema_check.mjs`).
fn as_the_schema_reads_it(manifest: &Value) {
    let checker = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/opds");
    if !checker.join("node_modules/ajv").exists() || !crate::opds::opds_schemas().exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the schema check cannot run: ajv (tests/opds) or ../shared/opds-schemas is missing"
        );
        eprintln!("\n!!! SKIPPING the Readium manifest schema check: see .ci/run !!!\n");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.webpub.json");
    std::fs::write(&file, manifest.to_string()).unwrap();
    if let Err(report) = crate::opds::schema_check(&checker, &[&file]) {
        panic!("the manifest breaks Readium's schema:\n{report}\n{manifest}");
    }
}

async fn readium_apps_stream_from_the_opds_catalog(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // The OPDS 2.0 publication links the book to read online beside its files...
    let feed: Value = app
        .get("/opds/main/search?query=road")
        .header("accept", "application/opds+json")
        .basic_auth("member@example.org", Some("member-pass-1"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let road = feed["publications"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["metadata"]["title"] == "The Long Road")
        .unwrap_or_else(|| panic!("{feed}"));
    let link = road["links"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["type"] == "application/webpub+json")
        .unwrap_or_else(|| panic!("{road}"));
    assert_eq!(link["rel"], "http://opds-spec.org/acquisition");
    let href = link["href"].as_str().unwrap();
    // ...which an app follows with its Basic credentials to the manifest, and streams from.
    let opened = app
        .http
        .get(href)
        .basic_auth("member@example.org", Some("member-pass-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(opened.status(), StatusCode::FOUND, "{href}");
    let location = opened.headers()["location"].to_str().unwrap();
    assert!(location.starts_with(&app.url("/read/")), "{location}");
    let opened = app.http.get(location).send().await.unwrap();
    assert_eq!(opened.headers()["content-type"], "application/webpub+json");
    let manifest: Value = opened.json().await.unwrap();
    assert_eq!(manifest["metadata"]["title"], "The Long Road");
    // A guest is asked to sign in, as for a download; Atom (KOReader's) has no such link.
    let guest = app.http.get(href).send().await.unwrap();
    assert_eq!(guest.status(), StatusCode::UNAUTHORIZED);
    let atom = app
        .get("/opds/main/search?query=road")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        atom.contains("/titles/t-road/EPUB3") && !atom.contains("webpub"),
        "{atom}"
    );
}

/// Readium's own model of a publication (r2-shared-js, which Thorium streams a book from) reads
/// the manifest as it is meant: the title, the files in reading order, the table of contents
/// (`tests/opds/check.mjs`).
fn as_readium_reads_it(manifest: &Value) {
    let mut files = crate::opds::Feeds::new();
    files.keep(&manifest.to_string(), "webpub.json");
    let Some(read) = files.as_apps_read_them() else {
        return;
    };
    let read = &read[0];
    assert_eq!(read["title"], manifest["metadata"]["title"], "{read}");
    let order: Vec<&Value> = manifest["readingOrder"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    let read_order = read["readingOrder"].as_array().unwrap();
    assert_eq!(read_order.len(), order.len(), "{read}");
    for (ours, theirs) in order.iter().zip(read_order) {
        assert_eq!(ours["href"], theirs["href"], "{read}");
        assert_eq!(ours["type"], theirs["type"], "{read}");
    }
    assert_eq!(read["self"][0], manifest["links"][0]["href"], "{read}");
    let toc_titles = |toc: &Value| -> Vec<String> {
        toc.as_array()
            .map(|t| {
                t.iter()
                    .map(|l| l["title"].as_str().unwrap_or("").to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(
        toc_titles(&read["toc"]),
        toc_titles(&manifest["toc"]),
        "{read}"
    );
    assert!(!toc_titles(&read["toc"]).is_empty(), "{read}");
}
