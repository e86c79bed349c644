//! Formats made from a title's EPUB 3 master by the worker (`lectern_jobs::derive`): offered
//! beside the library's own, downloaded as they are (202, then 302 to the reader's package),
//! made once per master (and braille layout) and kept.

use std::io::Read;

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::downloads::{call, downloads_counted, fetch, fetch_typed, poll};
use crate::support::*;

on_both_stores!(
    formats_made_from_the_epub_download_like_the_librarys_own,
    daisy_made_from_the_epub_is_read_aloud_and_plays,
    synthesized_audio_streams_and_plays_at_other_speeds,
    a_format_that_cannot_be_made_for_its_resources_says_why,
);

fn formats(title: &Value) -> Vec<String> {
    title["formats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["formatId"].as_str().unwrap().to_owned())
        .collect()
}

/// Braille, Word and DAISY made from a title's EPUB 3 by the worker: offered beside the library's own
/// formats, made once per master (and braille layout), kept, and packaged per reader.
async fn formats_made_from_the_epub_download_like_the_librarys_own(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let get = |id: &str| format!("/v2/titles/{id}?api_key={TRUSTED}");
    let (_, _, road) = call(&app, &get("t-road"), Some(&member)).await;
    assert_eq!(
        formats(&road),
        [
            "EPUB3",
            "DAISY_AUDIO",
            "DAISY",
            "DAISY_2_AUDIO",
            "DOCX",
            "BRF"
        ],
        "{road}"
    );
    // A library's own file is never replaced; Spanish is not brailled by machine.
    let (_, _, pride) = call(&app, &get("t-pride"), Some(&member)).await;
    assert_eq!(
        formats(&pride),
        [
            "EPUB3",
            "BRF",
            "DAISY",
            "DAISY_AUDIO",
            "DAISY_2_AUDIO",
            "DOCX"
        ]
    );
    // The made narration says who reads it: eSpeak NG's default (male) voice, by machine.
    let narrated = pride["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["format"] == "DAISY_AUDIO")
        .unwrap();
    assert_eq!(
        narrated["narrator"],
        json!({ "name": "eSpeak NG", "gender": "male", "type": "tts" })
    );
    let (_, _, casa) = call(&app, &get("t-casa"), Some(&member)).await;
    assert_eq!(
        formats(&casa),
        [
            "EPUB3",
            "DAISY",
            "DAISY_AUDIO",
            "DAISY_2_AUDIO",
            "DOCX",
            "BRF"
        ]
    );
    // The title's rules stand for a made format: a guest, and staff who are not members, are
    // refused with their reasons, and nothing is made.
    let docx_path = format!("/v2/titles/t-road/DOCX?api_key={TRUSTED}");
    let (status, _, body) = call(&app, &docx_path, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.to_string().contains("SIGN_IN_REQUIRED"), "{body}");
    let admin = app.token_of("admin@example.org").await;
    let (status, _, body) = call(&app, &docx_path, Some(&admin)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.to_string().contains("NOT_A_MEMBER"), "{body}");
    assert!(app.files.list("derived").await.unwrap().is_empty());

    // Word: pandoc's file, delivered as a Word document with the notice as its last page.
    let url = poll(&app, &docx_path, Some(&member)).await;
    assert!(url.contains("t-road-DOCX.docx"), "{url}");
    let (media_type, name, docx) = fetch_typed(&app, &url).await;
    assert_eq!(
        media_type,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    );
    assert_eq!(name, "t-road-DOCX.docx");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&docx)).unwrap();
    let mut document = String::new();
    zip.by_name("word/document.xml")
        .unwrap()
        .read_to_string(&mut document)
        .unwrap();
    let (book, notice) = document.split_once("Copyright notice").unwrap();
    assert!(book.contains("The first chapter."), "{document}");
    assert!(notice.contains("The Long Road"), "{document}");

    // Braille in the reader's layout: a refreshable display of 32 cells, uncontracted.
    let (status, body) = call_as(
        &app,
        TRUSTED,
        reqwest::Method::PUT,
        "/v2/myAccount/preferences",
        Some(&member),
        &[
            ("brailleFormat", "refreshable"),
            ("brailleCellLineWidth", "32"),
            ("brailleGrade", "uncontracted"),
            ("useUeb", "true"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let brf_path = format!("/v2/titles/t-road/BRF?api_key={TRUSTED}");
    let (media_type, name, package) =
        fetch_typed(&app, &poll(&app, &brf_path, Some(&member)).await).await;
    assert_eq!(
        (media_type.as_str(), name.as_str()),
        ("application/x-brf", "t-road-BRF.brf")
    );
    let whole = String::from_utf8(package).unwrap();
    assert!(
        !whole.contains('\u{c}'),
        "one page on a refreshable display"
    );
    // The book, a blank line, and the notice in the same layout.
    let (brf, notice) = whole.rsplit_once("\r\n\r\n").unwrap();
    for line in whole.split_terminator("\r\n") {
        assert!(line.len() <= 32, "{line:?}");
        assert!(line.bytes().all(|b| (0x20..=0x5f).contains(&b)), "{line:?}");
    }
    assert!(brf.lines().count() > 3, "{brf}");
    assert!(notice.contains(",COPYRIGHT NOTICE"), "{notice}");
    // Two downloads, counted once each, however often they are asked for.
    poll(&app, &brf_path, Some(&member)).await;
    assert_eq!(downloads_counted(&app, "u-member").await, 2);

    // Each was made once and kept: one list of made files per format and layout.
    let kept = |format: &'static str| {
        let files = app.files.clone();
        async move {
            files
                .list(&format!("derived/t-road/{format}"))
                .await
                .unwrap()
                .into_iter()
                .filter(|(key, _, _)| key.ends_with(".files"))
                .map(|(key, _, _)| key)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(kept("DOCX").await.len(), 1);
    let brf_lists = kept("BRF").await;
    assert_eq!(brf_lists.len(), 1);
    assert!(brf_lists[0].ends_with("/ueb-g1-32.files"), "{brf_lists:?}");
    // Another reader with no preferences gets the standard layout, made and kept beside it.
    let grown = app.token_of("grown@example.org").await;
    let package = fetch(&app, &poll(&app, &brf_path, Some(&grown)).await).await;
    let standard = String::from_utf8(package).unwrap();
    // Pages of 25 lines on paper, the 25th ending in the braille page's number.
    let first_page: Vec<&str> = standard
        .split('\u{c}')
        .next()
        .unwrap()
        .split_terminator("\r\n")
        .collect();
    assert_eq!(first_page.len(), 25, "{standard}");
    assert_eq!(first_page[24], format!("{:>40}", "#A"));
    assert!(standard.split_terminator("\r\n").all(|l| l.len() <= 40));
    assert_eq!(kept("BRF").await.len(), 2);

    // The member changes to an embosser of 28 cells: their next braille download is a new
    // package in that layout (and a new download), not the one made for their display. Times
    // are whole seconds, and a package of the second of the change counts as made after it.
    let second = lectern_domain::Timestamp::now();
    while lectern_domain::Timestamp::now() == second {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (status, body) = call_as(
        &app,
        TRUSTED,
        reqwest::Method::PUT,
        "/v2/myAccount/preferences",
        Some(&member),
        &[
            ("brailleFormat", "embossable"),
            ("brailleCellLineWidth", "28"),
            ("brailleGrade", "uncontracted"),
            ("useUeb", "true"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let package = fetch(&app, &poll(&app, &brf_path, Some(&member)).await).await;
    let embossed = String::from_utf8(package).unwrap();
    // A page on paper ends in the braille page's number, at the end of the 28-cell line.
    let lines: Vec<&str> = embossed.split_terminator("\r\n").collect();
    assert_eq!(
        lines.get(24),
        Some(&format!("{:>28}", "#A").as_str()),
        "{embossed}"
    );
    // A form feed opens a page, and takes no cell.
    let long: Vec<&str> = embossed
        .split_terminator("\r\n")
        .filter(|l| l.trim_start_matches('\u{c}').len() > 28)
        .collect();
    assert!(long.is_empty(), "{long:?}");
    assert_eq!(downloads_counted(&app, "u-member").await, 3);
    assert_eq!(kept("BRF").await.len(), 3);

    // Spanish is brailled in Spanish braille, given in Unicode braille, its notice too.
    let casa_brf = format!("/v2/titles/t-casa/BRF?api_key={TRUSTED}");
    let url = poll(&app, &casa_brf, Some(&member)).await;
    let (_, _, brf) = fetch_typed(&app, &url).await;
    let brf = String::from_utf8(brf).expect("UTF-8");
    assert!(
        brf.chars()
            .all(|c| matches!(c, '\u{2800}'..='\u{283f}' | '\r' | '\n' | '\u{c}')),
        "{brf}"
    );
    // "capítulo": Spanish braille's í (dots 3-4), not English braille's.
    assert!(brf.contains('\u{280c}'), "{brf}");
}

/// The files of a package, by name.
fn unzipped(package: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(package)).unwrap();
    (0..zip.len())
        .map(|i| {
            let mut file = zip.by_index(i).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().unwrap().into_owned(), bytes)
        })
        .collect()
}

fn named<'a>(files: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &files.iter().find(|(n, _)| n == name).unwrap().1
}

/// DAISY from the EPUB: text only, and read aloud by eSpeak NG as DAISY 3 and DAISY 2.02,
/// which share one narration; valid by their DTDs, and opened by a DAISY player.
async fn daisy_made_from_the_epub_is_read_aloud_and_plays(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let path = |id: &str, format: &str| format!("/v2/titles/{id}/{format}?api_key={TRUSTED}");

    // Text only: DTBook, NCX and the package, valid by the formats' DTDs.
    let text = unzipped(
        &fetch(
            &app,
            &poll(&app, &path("t-pride", "DAISY"), Some(&member)).await,
        )
        .await,
    );
    for (name, dtd) in [
        ("book.xml", "dtbook-2005-2.dtd"),
        ("book.ncx", "ncx-2005-1.dtd"),
        ("book.opf", "oebpkg12.dtd"),
    ] {
        lectern_jobs::checkers::dtd_valid(name, named(&text, name), dtd);
    }
    assert!(!text.iter().any(|(n, _)| n.ends_with(".mp3")));

    // Read aloud: DAISY 3 and DAISY 2.02 of one narration, made once.
    let daisy3 = unzipped(
        &fetch(
            &app,
            &poll(&app, &path("t-pride", "DAISY_AUDIO"), Some(&member)).await,
        )
        .await,
    );
    let daisy2 = unzipped(
        &fetch(
            &app,
            &poll(&app, &path("t-pride", "DAISY_2_AUDIO"), Some(&member)).await,
        )
        .await,
    );
    let opf = String::from_utf8_lossy(named(&daisy3, "book.opf")).into_owned();
    assert!(opf.contains("content=\"audioFullText\""), "{opf}");
    lectern_jobs::checkers::dtd_valid("NCC", named(&daisy2, "ncc.html"), "xhtml1-transitional.dtd");
    let mp3s = |files: &[(String, Vec<u8>)]| -> Vec<Vec<u8>> {
        files
            .iter()
            .filter(|(n, _)| n.ends_with(".mp3"))
            .map(|(_, b)| b.clone())
            .collect()
    };
    assert!(!mp3s(&daisy3).is_empty());
    assert_eq!(mp3s(&daisy3), mp3s(&daisy2), "the same clips in both");
    let narrations = app
        .files
        .list("derived/t-pride/NARRATION")
        .await
        .unwrap()
        .into_iter()
        .filter(|(key, _, _)| key.ends_with(".files"))
        .count();
    assert_eq!(narrations, 1);
    assert_eq!(downloads_counted(&app, "u-member").await, 3);

    // A DAISY player lists the book's headings from each (notice files beside it and all).
    for (label, files) in [("DAISY 3", &daisy3), ("DAISY 2.02", &daisy2)] {
        if let Some(player) = lectern_jobs::checkers::DaisyPlayer::open(label, files) {
            let screen = player.screen();
            assert!(screen.contains("total length"), "{screen}");
            assert!(screen.lines().count() > 2, "{screen}");
        }
    }

    // A copyright title's made audio is for members, as its own files are.
    let (status, _, body) = call(&app, &path("t-road", "DAISY_2_AUDIO"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.to_string().contains("SIGN_IN_REQUIRED"), "{body}");
}

/// A made format's resources list once it is made, with no download: DAISY's text at once, the
/// rest made by the worker (202 with Retry-After until then); and its synthesized MP3s play at
/// other speeds as recorded ones do.
async fn synthesized_audio_streams_and_plays_at_other_speeds(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    // DAISY's text is made as it is listed: word-img-report's DTBook lookup finds it.
    let (status, _, body) = call(
        &app,
        &format!("/v2/titles/t-road/DAISY/resources?api_key={TRUSTED}"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body.to_string().contains("application/x-dtbook+xml"),
        "{body}"
    );
    // Word and braille are made by the worker, and listed once made.
    let word = listed_once_made(
        &app,
        &format!("/v2/titles/t-road/DOCX/resources?api_key={TRUSTED}"),
        &member,
    )
    .await;
    assert!(word.to_string().contains("book.docx"), "{word}");
    let braille = listed_once_made(
        &app,
        &format!("/v2/titles/t-road/BRF/resources?api_key={TRUSTED}"),
        &member,
    )
    .await;
    assert!(braille.to_string().contains("book.brf"), "{braille}");

    let base = "/v2/titles/t-pride/DAISY_AUDIO/resources";
    let list = format!("{base}?api_key={TRUSTED}");
    let body = listed_once_made(&app, &list, &member).await;
    // Listing made nothing a reader is counted for.
    assert_eq!(downloads_counted(&app, "u-member").await, 0);
    let names: Vec<&str> = body["titleFileResources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["resourceId"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"book.opf") && names.contains(&"s0002.mp3"),
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.ends_with(".tsv")), "{names:?}");
    let mp3 = body["titleFileResources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["resourceId"] == "s0002.mp3")
        .unwrap();
    assert_eq!(mp3["mimeType"], "audio/mpeg");
    let recorded = fetch(&app, mp3["links"][0]["href"].as_str().unwrap()).await;
    assert_eq!(recorded.len() as u64, mp3["size"].as_u64().unwrap());

    // At twice the speed: made by the worker (202 first), then half as long.
    let twice = format!("{base}/s0002.mp3?api_key={TRUSTED}&speed=2");
    let faster = fetch(&app, &poll(&app, &twice, Some(&member)).await).await;
    assert!(
        faster.len() * 10 < recorded.len() * 7,
        "{} bytes at twice the speed, {} as made",
        faster.len(),
        recorded.len()
    );
    // A name the made format does not hold is not found; a guest may not stream a member's book.
    let (status, _, body) = call(
        &app,
        &format!("{base}/narration.tsv?api_key={TRUSTED}"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _, body) = call(
        &app,
        &format!("/v2/titles/t-road/DAISY_2_AUDIO/resources?api_key={TRUSTED}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
}

/// A made format's resources: 202 with a Retry-After while the worker makes it, then the list.
async fn listed_once_made(app: &TestApp, path: &str, token: &str) -> Value {
    let started = std::time::Instant::now();
    loop {
        let (status, headers, body) = call(app, path, Some(token)).await;
        match status {
            StatusCode::OK => return body,
            StatusCode::ACCEPTED => {
                let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
                assert!((1..=3600).contains(&wait), "{wait}");
            }
            other => panic!("{path}: {other} {body}"),
        }
        // The worker's own pace decides; this bounds a test whose worker never gets there.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(300),
            "{path}: not made after 300 s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A master the tools cannot read: the worker fails the making, and the list says why (409, as
/// for any format that cannot be had), rather than 202 for ever.
async fn a_format_that_cannot_be_made_for_its_resources_says_why(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let title = lectern_store::titles::get(app.store.reads(), "t-road")
        .await
        .unwrap()
        .unwrap();
    let master = title
        .artifacts
        .iter()
        .find(|a| a.format == lectern_domain::catalog::Format::Epub3)
        .and_then(|a| a.file.clone())
        .unwrap();
    app.files.put(&master, "not an EPUB").await.unwrap();
    let path = format!("/v2/titles/t-road/DOCX/resources?api_key={TRUSTED}");
    let started = std::time::Instant::now();
    let body = loop {
        let (status, _, body) = call(&app, &path, Some(&member)).await;
        match status {
            StatusCode::ACCEPTED => {}
            StatusCode::CONFLICT => break body,
            other => panic!("{other} {body}"),
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(300),
            "never failed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let why = body["messages"][0].as_str().unwrap();
    assert!(
        why.contains("could not be made in DOCX from its EPUB"),
        "{body}"
    );
}
