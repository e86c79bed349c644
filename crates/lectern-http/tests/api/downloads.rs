//! Downloads: the packaging flow (202 until ready, then 302 to a signed URL), per-user packages,
//! the rules and their refusals, `forUser`, limits, periodical editions, resources and covers.

use std::io::Read;
use std::time::{Duration, Instant};

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::*;

on_both_stores!(
    a_member_gets_an_epub_stamped_for_them,
    calibre_reads_the_title_and_author_of_every_format_it_knows,
    guests_download_only_free_titles,
    refusals_name_every_reason,
    sponsors_download_for_their_members_only,
    too_many_packages_in_progress_is_429,
    the_monthly_allowance_is_counted,
    periodical_editions_download_like_titles,
    resources_list_an_artifacts_files,
    mp3_resources_play_at_another_speed,
    covers_are_drawn_for_visible_titles,
    requests_at_once_make_one_package_and_keep_the_limits,
);

pub(crate) async fn call(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut req = app.get(path);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let resp = req.send().await.unwrap();
    let headers = resp.headers().clone();
    let (status, body) = json(resp).await;
    (status, headers, body)
}

/// Asks until the package is ready (202s first) and returns the signed URL.
pub(crate) async fn poll(app: &TestApp, path: &str, token: Option<&str>) -> String {
    let started = Instant::now();
    loop {
        let (status, headers, body) = call(app, path, token).await;
        match status {
            StatusCode::ACCEPTED => {
                assert_eq!(body["key"], "ACCEPTED");
                // The wait estimated (`download_lanes.rs`), in whole seconds up to an hour.
                let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
                assert!((1..=3600).contains(&wait), "{wait}");
            }
            StatusCode::FOUND => {
                assert_eq!(body["key"], "AVAILABLE");
                let location = headers["location"].to_str().unwrap().to_owned();
                assert_eq!(body["messages"][0], location.as_str());
                return location;
            }
            other => panic!("{path}: {other} {body}"),
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{path}: not ready after 20 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The downloads counted against the reader's allowance this period.
pub(crate) async fn downloads_counted(app: &TestApp, reader: &str) -> u32 {
    lectern_store::readers::reader_facts(
        app.store.reads(),
        reader,
        lectern_domain::Timestamp::now(),
    )
    .await
    .unwrap()
    .unwrap()
    .downloads_in_period
}

pub(crate) async fn fetch(app: &TestApp, url: &str) -> Vec<u8> {
    fetch_typed(app, url).await.2
}

/// A file behind a signed URL: its media type, the name it is saved under, and its bytes.
pub(crate) async fn fetch_typed(app: &TestApp, url: &str) -> (String, String, Vec<u8>) {
    let resp = app.http.get(url).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK, "{url}");
    let header = |name: &str| resp.headers()[name].to_str().unwrap().to_owned();
    let media_type = header("content-type");
    let disposition = header("content-disposition");
    let name = disposition
        .split_once("filename=\"")
        .and_then(|(_, rest)| rest.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{disposition}"))
        .to_owned();
    (media_type, name, resp.bytes().await.unwrap().to_vec())
}

pub(crate) fn entry(zip_bytes: &[u8], predicate: impl Fn(&str) -> bool) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip_bytes)).unwrap();
    let names: Vec<String> = zip.file_names().map(|n| n.unwrap().into_owned()).collect();
    let name = names
        .iter()
        .find(|n| predicate(n))
        .unwrap_or_else(|| panic!("no such entry in {names:?}"));
    let mut text = String::new();
    zip.by_name(name)
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    text
}

async fn a_member_gets_an_epub_stamped_for_them(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    // The member reads Spanish: their notice is in it.
    let (status, _) = call_as(
        &app,
        TRUSTED,
        reqwest::Method::PUT,
        "/v2/myAccount/preferences",
        Some(&member),
        &[("language", "spa")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let path = format!("/v2/titles/t-road/EPUB3?api_key={TRUSTED}");
    let (status, _, _) = call(&app, &path, Some(&member)).await;
    assert_eq!(
        status,
        StatusCode::ACCEPTED,
        "the first call queues the package"
    );
    let url = poll(&app, &path, Some(&member)).await;
    assert!(
        url.starts_with(&app.url("/files/")) && url.contains("signature="),
        "{url}"
    );
    assert!(url.contains("t-road-EPUB3.epub"), "{url}");
    let epub = fetch(&app, &url).await;
    let opf = entry(&epub, |n| n.ends_with(".opf"));
    assert!(opf.contains("lectern:recipient"), "{opf}");
    let notice = entry(&epub, |n| n.to_lowercase().contains("notice"));
    assert!(
        notice.contains("u-member")
            && notice.contains("The Long Road")
            && notice.contains(r#"lang="es" xml:lang="es""#)
            && notice.contains("<h1 id=\"notice-h\">Aviso de derechos de autor</h1>"),
        "{notice}"
    );
    // The package is the stamper's, whichever store keeps the row: checked once.
    if backend == Backend::Sqlite {
        lectern_jobs::checkers::epubcheck("stamped download", &epub);
        lectern_jobs::checkers::ace("stamped download", &epub);
    }
    // Asking again serves the same package; it is one download, counted once.
    assert_eq!(
        poll(&app, &path, Some(&member)).await.split('?').next(),
        url.split('?').next()
    );
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
    // A signed URL cannot be altered.
    let forged = url.replace("signature=", "signature=0");
    assert_eq!(
        app.http.get(&forged).send().await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    let unsigned = url.split('?').next().unwrap();
    assert_eq!(
        app.http.get(unsigned).send().await.unwrap().status(),
        StatusCode::BAD_REQUEST
    );
    // An expiry that is not a number is refused by name, in the asked language.
    let garbled = url.replace("expires=", "expires=x");
    let (status, body) = json(
        app.http
            .get(&garbled)
            .header("accept-language", "es")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["messages"][0],
        "Parámetro no válido 'expires': debe ser el número que llevaba el enlace firmado"
    );
    // Another node over the same store serves the same package.
    let second = app.second_node().await;
    let again = poll(&second, &path, Some(&member)).await;
    assert_eq!(fetch(&second, &again).await, epub);
}

async fn guests_download_only_free_titles(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let url = poll(
        &app,
        &format!("/v2/titles/t-pride/EPUB3?api_key={PUBLIC}"),
        None,
    )
    .await;
    let notice = entry(&fetch(&app, &url).await, |n| {
        n.to_lowercase().contains("notice")
    });
    assert!(notice.contains("a guest of Main Library"), "{notice}");
    let (status, _, body) = call(
        &app,
        &format!("/v2/titles/t-road/EPUB3?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let english = body["messages"][0].as_str().unwrap().to_owned();
    assert!(english.starts_with("SIGN_IN_REQUIRED: "), "{english}");
    // In another language the alert keeps its code and says its words in that language.
    let spanish: Value = app
        .http
        .get(app.url(&format!("/v2/titles/t-road/EPUB3?api_key={PUBLIC}")))
        .header("accept-language", "es")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let spanish = spanish["messages"][0].as_str().unwrap();
    assert!(
        spanish.starts_with("SIGN_IN_REQUIRED: ") && spanish != english,
        "{spanish}"
    );
    // A PDF and a braille file come as themselves, the notice their last page; DAISY as a zip
    // of its files beside the notice.
    let guest_package = |format_path: &'static str| {
        let path = format!("/v2/titles/{format_path}?api_key={PUBLIC}");
        let app = &app;
        async move { fetch_typed(app, &poll(app, &path, None).await).await }
    };
    let (media_type, name, pdf) = guest_package("t-open/PDF").await;
    assert_eq!(
        (media_type.as_str(), name.as_str()),
        ("application/pdf", "t-open-PDF.pdf")
    );
    let text = pdf_text(&pdf);
    assert!(text.contains("The road opens."), "{text}");
    assert!(
        text.contains("Copyright notice") && text.contains("a guest of Main Library"),
        "{text}"
    );
    let (media_type, name, brf) = guest_package("t-pride/BRF").await;
    assert_eq!(
        (media_type.as_str(), name.as_str()),
        ("application/x-brf", "t-pride-BRF.brf")
    );
    let brf = String::from_utf8(brf).unwrap();
    let (book, braille) = brf.split_once('\u{c}').unwrap();
    assert_eq!(book, ",PRIDE AND ,PREJUDICE\r\n");
    for cells in [",COPYRIGHT NOTICE", "GUEST", ",MAIN", ",PRIDE"] {
        assert!(braille.contains(cells), "{cells}: {braille}");
    }
}

/// A PDF's text as poppler reads it, its words one space apart.
pub(crate) fn pdf_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("file.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils: .ci/run installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

async fn refusals_name_every_reason(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let student = app.token_of("student@example.org").await;
    let sponsor = app.token_of("sponsor@example.org").await;
    let cases: [(&str, &str, StatusCode, &[&str]); 8] = [
        (
            &member,
            "t-stripes/EPUB3",
            StatusCode::FORBIDDEN,
            &["COUNTRY_RESTRICTED"],
        ),
        (
            &student,
            "t-casa/EPUB3",
            StatusCode::FORBIDDEN,
            &["SUBSCRIPTION_EXPIRED", "PROOF_OF_DISABILITY_PENDING"],
        ),
        (
            &sponsor,
            "t-casa/EPUB3",
            StatusCode::FORBIDDEN,
            &["NOT_A_MEMBER"],
        ),
        (
            &member,
            "t-road/PDF",
            StatusCode::BAD_REQUEST,
            &["'format'"],
        ),
        (
            &member,
            "t-road/MP3",
            StatusCode::BAD_REQUEST,
            &["'format'"],
        ),
        (
            &member,
            "t-night/EPUB3",
            StatusCode::NOT_FOUND,
            &["t-night"],
        ),
        (
            &member,
            "t-algebra/EPUB3",
            StatusCode::FORBIDDEN,
            &["NIMAC_RESTRICTED"],
        ),
        // Catalogued as available, but no file has arrived to package.
        (
            &member,
            "t-fugue/BRF",
            StatusCode::BAD_REQUEST,
            &["not here yet"],
        ),
    ];
    for (token, title, expected, reasons) in cases {
        let (status, _, body) = call(
            &app,
            &format!("/v2/titles/{title}?api_key={TRUSTED}"),
            Some(token),
        )
        .await;
        assert_eq!(status, expected, "{title}: {body}");
        let messages = body["messages"].to_string();
        for r in reasons {
            assert!(messages.contains(r), "{title}: {r} missing from {messages}");
        }
    }
}

async fn sponsors_download_for_their_members_only(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let sponsor = app.token_of("sponsor@example.org").await;
    // The rules are the member's: this pupil has no subscription or proof on file.
    let (status, _, body) = call(
        &app,
        &format!("/v2/titles/t-casa/EPUB3?api_key={TRUSTED}&forUser=u-pupil"),
        Some(&sponsor),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["messages"]
            .to_string()
            .contains("SUBSCRIPTION_MISSING"),
        "{body}"
    );
    // Not a member of the sponsor's organization.
    let (status, _, body) = call(
        &app,
        &format!("/v2/titles/t-casa/EPUB3?api_key={TRUSTED}&forUser=u-member"),
        Some(&sponsor),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        body["messages"][0]
            .as_str()
            .unwrap()
            .contains("may not download for 'u-member'")
    );
    let (status, _, _) = call(
        &app,
        &format!("/v2/titles/t-casa/EPUB3?api_key={TRUSTED}&forUser=u-nobody"),
        Some(&sponsor),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = call(
        &app,
        &format!("/v2/titles/t-pride/EPUB3?api_key={PUBLIC}&forUser=u-pupil"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // An administrator downloads for a member in good standing; the package names the member.
    let admin = app.token_of("admin@example.org").await;
    let url = poll(
        &app,
        &format!("/v2/titles/t-casa/EPUB3?api_key={TRUSTED}&forUser=u-member"),
        Some(&admin),
    )
    .await;
    let notice = entry(&fetch(&app, &url).await, |n| {
        n.to_lowercase().contains("notice")
    });
    assert!(notice.contains("u-member"), "{notice}");
}

async fn too_many_packages_in_progress_is_429(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.pause_worker();
    let member = app.token_of("member@example.org").await;
    for title in ["t-road/EPUB3", "t-pride/EPUB3", "t-open/PDF"] {
        let (status, _, body) = call(
            &app,
            &format!("/v2/titles/{title}?api_key={TRUSTED}"),
            Some(&member),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{title}: {body}");
    }
    let (status, headers, body) = call(
        &app,
        &format!("/v2/titles/t-casa/EPUB3?api_key={TRUSTED}"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(headers.contains_key("retry-after"));
    // Polling what is already queued is not a new package.
    let (status, _, _) = call(
        &app,
        &format!("/v2/titles/t-road/EPUB3?api_key={TRUSTED}"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
}

async fn the_monthly_allowance_is_counted(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let grown = app.token_of("grown@example.org").await;
    // An allowance of three: the record warns when few are left, and the fourth is refused.
    let (_, _, before) = call(
        &app,
        &format!("/v2/titles/t-road?api_key={TRUSTED}"),
        Some(&grown),
    )
    .await;
    assert_eq!(before["titleAccessAlerts"][0]["code"], "MONTHLY_QUOTA_LOW");
    for title in ["t-road/EPUB3", "t-pride/EPUB3", "t-open/PDF"] {
        poll(
            &app,
            &format!("/v2/titles/{title}?api_key={TRUSTED}"),
            Some(&grown),
        )
        .await;
    }
    let (status, _, body) = call(
        &app,
        &format!("/v2/titles/t-casa/EPUB3?api_key={TRUSTED}"),
        Some(&grown),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["messages"][0]
            .as_str()
            .unwrap()
            .starts_with("MONTHLY_QUOTA_REACHED")
    );
}

async fn periodical_editions_download_like_titles(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let path = format!("/v2/periodicals/weekly/editions/w2/EPUB3?api_key={TRUSTED}");
    let url = poll(&app, &path, Some(&member)).await;
    let notice = entry(&fetch(&app, &url).await, |n| {
        n.to_lowercase().contains("notice")
    });
    assert!(notice.contains("The Weekly Reader: Week 2"), "{notice}");
    let (status, _, body) = call(
        &app,
        &format!("/v2/periodicals/weekly/editions/w1/EPUB3?api_key={TRUSTED}"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["messages"][0],
        "Invalid parameter 'format': edition 'w1' is not available in EPUB3"
    );
    // Said in the asked language, the edition and the format as they are named.
    let w1 = format!("/v2/periodicals/weekly/editions/w1/EPUB3?api_key={TRUSTED}");
    let (status, spanish) = app.get_in(&w1, &member, "es").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        spanish["messages"][0],
        "Parámetro no válido 'format': la edición 'w1' no está disponible en EPUB3"
    );
    let (status, _, body) = call(
        &app,
        &format!("/v2/periodicals/weekly/editions/w2/EPUB3?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _, _) = call(
        &app,
        &format!("/v2/periodicals/far-news/editions/x/EPUB3?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn resources_list_an_artifacts_files(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // The audio book was loaded as a folder; a file added to its folder later is one of its files.
    app.files
        .put("titles/t-road/DAISY_AUDIO/track02.mp3", b"ID3 two".to_vec())
        .await
        .unwrap();
    let member = app.token_of("member@example.org").await;
    let base = "/v2/titles/t-road/DAISY_AUDIO/resources";
    let mut listed = Vec::new();
    let mut start = String::new();
    loop {
        let (status, _, body) = call(
            &app,
            &format!("{base}?api_key={TRUSTED}&limit=2{start}"),
            Some(&member),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["totalResults"], 3);
        listed.extend(body["titleFileResources"].as_array().unwrap().clone());
        match body["next"].as_str() {
            Some(next) => start = format!("&start={next}"),
            None => break,
        }
    }
    let ids: Vec<&str> = listed
        .iter()
        .map(|r| r["resourceId"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["sections/ncc 1.html", "track01.mp3", "track02.mp3"]);
    assert_eq!(listed[1]["mimeType"], "audio/mpeg");
    assert_eq!(listed[1]["size"], 14);
    assert_eq!(listed[0]["mimeType"], "application/xhtml+xml");

    // Each file's link leads to it, a nested name with a space included: the `download` link
    // as given (signed, no key or token added), and `self` through the resource endpoint.
    for (resource, content) in [
        (&listed[0], &b"<html>sections</html>"[..]),
        (&listed[2], &b"ID3 two"[..]),
    ] {
        assert_eq!(resource["links"][0]["rel"], "download");
        let download = resource["links"][0]["href"].as_str().unwrap();
        assert_eq!(fetch(&app, download).await, content);
        assert_eq!(resource["links"][1]["rel"], "self");
        let href = resource["links"][1]["href"].as_str().unwrap();
        let path = href.strip_prefix(&app.url("")).unwrap();
        let (status, headers, body) =
            call(&app, &format!("{path}?api_key={TRUSTED}"), Some(&member)).await;
        assert_eq!(
            (status, body["key"].as_str()),
            (StatusCode::FOUND, Some("AVAILABLE")),
            "{href}"
        );
        assert_eq!(
            fetch(&app, headers["location"].to_str().unwrap()).await,
            content
        );
    }

    // The download bundles the whole fileset, with the notice.
    let url = poll(
        &app,
        &format!("/v2/titles/t-road/DAISY_AUDIO?api_key={TRUSTED}"),
        Some(&member),
    )
    .await;
    let (media_type, name, package) = fetch_typed(&app, &url).await;
    // Thorium registers application/daisy+zip; eBook-speaker and Thorium both open a zip.
    assert_eq!(
        (media_type.as_str(), name.as_str()),
        ("application/daisy+zip", "t-road-DAISY_AUDIO.zip")
    );
    assert_eq!(
        entry(&package, |n| n == "sections/ncc 1.html"),
        "<html>sections</html>"
    );
    assert_eq!(entry(&package, |n| n == "track02.mp3"), "ID3 two");
    assert!(entry(&package, |n| n == "COPYRIGHT-NOTICE.txt").contains("The Long Road"));

    let (status, _, _) = call(&app, &format!("{base}?api_key={PUBLIC}"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

const SPEECH: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/speech.mp3"
));

async fn mp3_resources_play_at_another_speed(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.files
        .put("titles/t-road/DAISY_AUDIO/track03.mp3", SPEECH.to_vec())
        .await
        .unwrap();
    app.files
        .put("titles/t-road/DAISY_AUDIO/book.smil", b"<smil/>".to_vec())
        .await
        .unwrap();
    let member = app.token_of("member@example.org").await;
    let base = "/v2/titles/t-road/DAISY_AUDIO/resources";
    let twice = format!("{base}/track03.mp3?api_key={TRUSTED}&speed=2");

    let (status, headers, body) = call(&app, &twice, Some(&member)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(headers["retry-after"], "10");
    let url = poll(&app, &twice, Some(&member)).await;
    let fast = fetch(&app, &url).await;
    assert_eq!(fast[0], 0xFF, "an MP3 frame starts the file");
    assert_eq!(fast[1] & 0xE0, 0xE0);
    // Made at the recording's 32 kb/s, half the length is half the size.
    let half = SPEECH.len() as f64 / 2.0;
    assert!(
        (fast.len() as f64 / half - 1.0).abs() < 0.1,
        "{} bytes",
        fast.len()
    );

    // Made once: another reader, asking as 2.00, is sent the same file at once.
    let grown = app.token_of("grown@example.org").await;
    let (status, headers, body) = call(
        &app,
        &format!("{base}/track03.mp3?api_key={TRUSTED}&speed=2.00"),
        Some(&grown),
    )
    .await;
    assert_eq!(status, StatusCode::FOUND, "{body}");
    assert_eq!(
        fetch(&app, headers["location"].to_str().unwrap()).await,
        fast
    );

    // A replaced file is made again, and what was made from the old one is deleted.
    tokio::time::sleep(Duration::from_millis(20)).await;
    let longer = SPEECH.repeat(2);
    app.files
        .put("titles/t-road/DAISY_AUDIO/track03.mp3", longer.clone())
        .await
        .unwrap();
    let (status, _, body) = call(&app, &twice, Some(&member)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let again = poll(&app, &twice, Some(&member)).await;
    let remade = fetch(&app, &again).await;
    assert!(
        (remade.len() as f64 / SPEECH.len() as f64 - 1.0).abs() < 0.1,
        "{} bytes",
        remade.len()
    );
    let started = Instant::now();
    while app.http.get(&url).send().await.unwrap().status() != StatusCode::NOT_FOUND {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the old one is still served"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The normal speed is the file as recorded.
    let (status, headers, _) = call(
        &app,
        &format!("{base}/track03.mp3?api_key={TRUSTED}&speed=1.0"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::FOUND);
    assert_eq!(
        fetch(&app, headers["location"].to_str().unwrap()).await,
        longer
    );

    // A file that is not MP3 audio is refused once the worker has tried it, naming `speed`.
    let stand_in = format!("{base}/track01.mp3?api_key={TRUSTED}&speed=1.5");
    let started = Instant::now();
    let body = loop {
        let (status, _, body) = call(&app, &stand_in, Some(&member)).await;
        match status {
            StatusCode::ACCEPTED => {}
            StatusCode::BAD_REQUEST => break body,
            other => panic!("{other}: {body}"),
        }
        assert!(started.elapsed() < Duration::from_secs(20), "never refused");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let message = error_message(&body, "BAD_REQUEST");
    assert!(
        message.starts_with("Invalid parameter 'speed'"),
        "{message}"
    );
    assert!(
        message.contains("cannot be played at another speed"),
        "{message}"
    );

    for (query, expected) in [
        ("/book.smil?speed=2", StatusCode::BAD_REQUEST),
        ("/track03.mp3?speed=0.45", StatusCode::BAD_REQUEST),
        ("/track03.mp3?speed=4", StatusCode::BAD_REQUEST),
        ("/track03.mp3?speed=1.23", StatusCode::BAD_REQUEST),
        ("/track03.mp3?speed=fast", StatusCode::BAD_REQUEST),
        ("/track09.mp3?speed=2", StatusCode::NOT_FOUND),
        ("/..%2Ftrack03.mp3?speed=1", StatusCode::NOT_FOUND),
        ("/sections?speed=1", StatusCode::NOT_FOUND),
    ] {
        let (status, _, body) = call(
            &app,
            &format!("{base}{query}&api_key={TRUSTED}"),
            Some(&member),
        )
        .await;
        assert_eq!(status, expected, "{query}: {body}");
        if expected == StatusCode::BAD_REQUEST {
            let message = error_message(&body, "BAD_REQUEST");
            assert!(
                message.starts_with("Invalid parameter 'speed'"),
                "{message}"
            );
        }
    }
    // Those who may not have this title's files may not have them at any speed: a guest, and a
    // sponsor with no subscription of their own.
    let sponsor = app.token_of("sponsor@example.org").await;
    for (api_key, token) in [(PUBLIC, None), (TRUSTED, Some(sponsor.as_str()))] {
        let (status, _, body) = call(
            &app,
            &format!("{base}/track03.mp3?api_key={api_key}&speed=2"),
            token,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    }
}

async fn covers_are_drawn_for_visible_titles(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    for (path, width) in [("coverimage", "600"), ("thumbnail", "120")] {
        let resp = app
            .get(&format!("/v2/titles/t-road/{path}?api_key={PUBLIC}"))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()["content-type"], "image/svg+xml");
        assert_eq!(resp.headers()["cache-control"], "public, max-age=86400");
        let svg = resp.text().await.unwrap();
        assert!(
            svg.contains("<title id=\"t\">The Long Road by Ada Byron</title>"),
            "{svg}"
        );
        assert!(svg.contains(&format!("width=\"{width}\"")));
    }
    let resp = app
        .get(&format!("/v2/titles/t-night/coverimage?api_key={PUBLIC}"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    // A reader who allows adult content sees its cover, but no shared cache may keep it for the
    // client's other users; nor may one keep a signed-in reader's cover of a title anyone sees.
    let grown = app.token_of("grown@example.org").await;
    for title in ["t-night", "t-road"] {
        let resp = app
            .get(&format!("/v2/titles/{title}/coverimage?api_key={TRUSTED}"))
            .bearer_auth(&grown)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{title}");
        assert_eq!(
            resp.headers()["cache-control"],
            "private, max-age=86400",
            "{title}"
        );
    }
}

async fn requests_at_once_make_one_package_and_keep_the_limits(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.pause_worker();
    // Grace may download three titles a month, and wait for three packages at once.
    let grown = app.token_of("grown@example.org").await;
    let ask = |id: &'static str| {
        let path = format!("/v2/titles/{id}/EPUB3?api_key={TRUSTED}");
        let app = &app;
        let grown = grown.clone();
        async move { call(app, &path, Some(&grown)).await.0 }
    };
    // Ten requests at once for one title: one package, asked for ten times.
    let answers = futures_util::future::join_all((0..10).map(|_| ask("t-road"))).await;
    assert!(
        answers.iter().all(|s| *s == StatusCode::ACCEPTED),
        "{answers:?}"
    );
    let store = app.store.clone();
    let rows = |sql: &'static str| {
        let store = store.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(store.reads())
                .await
                .unwrap()
        }
    };
    assert_eq!(
        rows("SELECT COUNT(*) FROM downloads WHERE user_account_id = 'u-grown'").await,
        1
    );
    // Eight more at once, two for each of four titles: the allowance (three, one used) and the
    // cap on packages in progress (three) leave room for two more packages, each made once.
    let more = ["t-pride", "t-stripes", "t-algebra", "t-casa"]
        .into_iter()
        .flat_map(|id| [id, id]);
    let answers = futures_util::future::join_all(more.map(ask)).await;
    let accepted = answers
        .iter()
        .filter(|s| **s == StatusCode::ACCEPTED)
        .count();
    assert!(
        answers.iter().all(|s| [
            StatusCode::ACCEPTED,
            StatusCode::FORBIDDEN,
            StatusCode::TOO_MANY_REQUESTS
        ]
        .contains(s)),
        "{answers:?}"
    );
    assert!((2..=4).contains(&accepted), "{answers:?}");
    assert_eq!(
        rows("SELECT COUNT(*) FROM downloads WHERE user_account_id = 'u-grown'").await,
        3
    );
    assert_eq!(
        rows(
            "SELECT COUNT(*) FROM (SELECT subject FROM downloads WHERE user_account_id = 'u-grown'
             GROUP BY subject HAVING COUNT(*) > 1) repeated"
        )
        .await,
        0
    );
}

/// Each format arrives as its own file type, which calibre's `ebook-meta` opens by its name and
/// reads the title and author of, as an app that files a download does (a zip of a Word file
/// was "no ebook in ZIP archive" to it).
async fn calibre_reads_the_title_and_author_of_every_format_it_knows(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let dir = tempfile::tempdir().unwrap();
    for (path, title, author) in [
        ("t-road/EPUB3", "The Long Road", "Test Author"),
        ("t-road/DOCX", "The Long Road", "Test Author"),
        ("t-open/PDF", "Open Roads", "Ada Byron"),
    ] {
        let url = poll(
            &app,
            &format!("/v2/titles/{path}?api_key={TRUSTED}"),
            Some(&member),
        )
        .await;
        let (_, name, bytes) = fetch_typed(&app, &url).await;
        let file = dir.path().join(&name);
        std::fs::write(&file, bytes).unwrap();
        let read = ebook_meta(&file);
        assert_eq!(
            read.get("Title").map(String::as_str),
            Some(title),
            "{name}: {read:?}"
        );
        let authors = read.get("Author(s)").cloned().unwrap_or_default();
        assert!(authors.starts_with(author), "{name}: {read:?}");
    }
}

/// What calibre's `ebook-meta` prints of a file, field by field.
fn ebook_meta(file: &std::path::Path) -> std::collections::HashMap<String, String> {
    let out = std::process::Command::new("ebook-meta")
        .arg(file)
        .output()
        .expect("ebook-meta (calibre: .ci/run installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_once(" : "))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect()
}
