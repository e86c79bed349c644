//! Listening online to a library's own recording (a DAISY 2.02 fileset a person narrated): the
//! title page's "Listen online" opens it by the download rules, its page lists its headings and
//! print pages, each playing from its place, and its tracks are served by range.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, location};
use crate::downloads::downloads_counted;
use crate::support::*;

on_both_stores!(
    a_person_s_recording_is_heard_by_heading_and_page,
    a_recording_that_cannot_be_heard_or_may_not_be_is_refused_in_words,
);

const SPEECH: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/speech.mp3"
));

const FOLDER: &str = "titles/t-road/DAISY_AUDIO";

const NCC: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>The Long Road</title></head><body>
<h1 class="title" id="h1"><a href="road.smil#t1">The Long Road</a></h1>
<span class="page-normal" id="p1"><a href="road.smil#t2">1</a></span>
<h2 id="h2"><a href="road.smil#t3">Setting Out</a></h2>
</body></html>"#;

const SMIL: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<smil><head/><body><seq>
<par id="t1"><text src="ncc.html#h1"/><audio src="speech.mp3" clip-begin="npt=0.000s" clip-end="npt=0.600s"/></par>
<par id="t2"><text src="ncc.html#p1"/><audio src="speech.mp3" clip-begin="npt=0.600s" clip-end="npt=1.000s"/></par>
<par id="t3"><text src="ncc.html#h2"/><audio src="speech.mp3" clip-begin="npt=1.000s" clip-end="npt=2.000s"/></par>
</seq></body></smil>"#;

/// Gives t-road's DAISY audio the navigation, SMIL and track of a real recording.
async fn recorded(app: &TestApp) {
    for (name, bytes) in [
        ("ncc.html", NCC.as_bytes()),
        ("road.smil", SMIL.as_bytes()),
        ("speech.mp3", SPEECH),
    ] {
        app.files
            .put(&format!("{FOLDER}/{name}"), bytes.to_vec())
            .await
            .unwrap();
    }
}

async fn a_person_s_recording_is_heard_by_heading_and_page(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    recorded(&app).await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let title = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(
        title.contains("listen to the library’s recording of it"),
        "{title}"
    );
    assert!(
        title
            .contains(r#"formaction="/main/titles/t-road/listen" class="secondary">Listen online"#),
        "{title}"
    );
    let resp = b
        .submit("/main/titles/t-road", "/main/titles/t-road/listen", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let page_path = location(&resp);
    assert!(
        page_path.starts_with("/main/read/") && page_path.ends_with("/recording"),
        "{page_path}"
    );
    assert_eq!(downloads_counted(&app, "u-member").await, 1);

    let page = b.page(&page_path, StatusCode::OK).await;
    assert!(
        page.contains(r#"Read by <bdi translate="no">Nora Voice</bdi>."#),
        "{page}"
    );
    let track = format!("{page_path}/1");
    // Headings below the page's own, each a link playing from its second (relative to the
    // page, as the script's tracks are); the page number too.
    let href = "recording/1";
    for shown in [
        format!(
            r##"<h3 id="mark-1" translate="no"><a href="{href}#t=0" data-clip="0">The Long Road</a></h3>"##
        ),
        format!(
            r##"<p class="recording-page" id="mark-2"><a href="{href}#t=0.6" data-clip="1">Page <bdi translate="no">1</bdi></a></p>"##
        ),
        format!(
            r##"<h4 id="mark-3" translate="no"><a href="{href}#t=1" data-clip="2">Setting Out</a></h4>"##
        ),
    ] {
        assert!(page.contains(&shown), "{shown} in {page}");
    }
    let clips = page
        .split(r#"<script type="application/json" id="listen-clips">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap();
    let clips: serde_json::Value = serde_json::from_str(clips).unwrap();
    assert_eq!(clips["files"], serde_json::json!([href]));
    assert_eq!(
        clips["clips"],
        serde_json::json!([
            [0, 0.0, 0.6, "mark-1", "heading", null],
            [0, 0.6, 1.0, "mark-2", "page", "1"],
            [0, 1.0, 2.0, "mark-3", "heading", null]
        ])
    );
    assert!(page.contains(r#"<script src="/assets/listen.js" defer></script>"#));

    // The track, whole and by range, from the recording as the library keeps it.
    let whole = b.get(&track).await;
    assert_eq!(whole.status(), StatusCode::OK);
    assert_eq!(whole.headers()["content-type"], "audio/mpeg");
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.bytes().await.unwrap(), SPEECH);
    let part = b
        .http
        .get(app.url(&track))
        .header("range", "bytes=10-19")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 10-19/{}", SPEECH.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap(), &SPEECH[10..20]);
    let past = b
        .http
        .get(app.url(&track))
        .header("range", format!("bytes={}-", SPEECH.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(past.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    for missing in ["2", "0", "one"] {
        let resp = b.get(&format!("{page_path}/{missing}")).await;
        assert_eq!(resp.status(), StatusCode::NOT_FOUND, "track {missing}");
    }

    // Listening again, or reading the title, that month counts nothing more.
    let again = b
        .submit("/main/titles/t-road", "/main/titles/t-road/listen", &[])
        .await;
    assert_eq!(again.status(), StatusCode::SEE_OTHER);
    let read = b
        .submit("/main/titles/t-road", "/main/titles/t-road/read", &[])
        .await;
    assert_eq!(read.status(), StatusCode::SEE_OTHER);
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
    // The EPUB read online is not narrated by machine: the recording is the title's.
    let first = location(&read);
    let part = b.page(&first, StatusCode::OK).await;
    assert!(!part.contains("Listen to the narration"), "{part}");
    let refused = b
        .page(&format!("{first}/listen"), StatusCode::FORBIDDEN)
        .await;
    assert!(
        refused.contains("narrated in the library&#39;s own recording"),
        "{refused}"
    );
    // A reading link is not a recording's, nor the other way round.
    let grant_path = page_path.trim_end_matches("/recording");
    assert_eq!(
        b.get(&format!("{}/recording", first.trim_end_matches("/1")))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        b.get(&format!("{grant_path}/1")).await.status(),
        StatusCode::NOT_FOUND
    );
}

async fn a_recording_that_cannot_be_heard_or_may_not_be_is_refused_in_words(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // The catalog's stand-in fileset has no navigation a player could follow.
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let resp = b
        .submit("/main/titles/t-road", "/main/titles/t-road/listen", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let page_path = location(&resp);
    let refused = b.page(&page_path, StatusCode::FORBIDDEN).await;
    assert!(
        refused.contains("cannot be heard online (the recording has no navigation"),
        "{refused}"
    );
    assert!(refused.contains("download it in DAISY audio"), "{refused}");
    // Once it has one, the same link plays it.
    recorded(&app).await;
    b.page(&page_path, StatusCode::OK).await;

    // A forged link is refused; a guest may not open a title only members may take.
    let forged = page_path.replacen("/read/", "/read/x", 1);
    assert_eq!(b.get(&forged).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        b.get(&format!("{forged}/1")).await.status(),
        StatusCode::FORBIDDEN
    );
    let guest = Browser::new(&app);
    let road = guest.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(!road.contains("Listen online"), "{road}");
    let resp = guest
        .submit("/main/titles/t-pride", "/main/titles/t-road/listen", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let refused = resp.text().await.unwrap();
    assert!(refused.contains("Sign in"), "{refused}");
    // Without the page's token nothing is opened.
    let resp = b.post("/main/titles/t-road/listen", &[]).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
}
