//! Recordings read as the DAISY books Lectern makes write them (DAISY 2.02's NCC and DAISY 3's
//! NCX and package, both with SMIL and MP3s, the files daisy-player opens in
//! `derive::daisy`'s tests), and hand-written ones where the makers differ.

use std::sync::OnceLock;

use lectern_domain::catalog::Format;

use super::*;
use crate::convert::Cancel;
use crate::derive::{narrate, with_audio};
use crate::epub::testing::epub_of_bodies;

fn master() -> Vec<u8> {
    epub_of_bodies(
        "The Long Road",
        &[
            r#"<h1>Chapter One</h1><p>The road was long and the morning cold.</p>
<span epub:type="pagebreak" role="doc-pagebreak" id="page2" aria-label="2"/>
<p>They walked on until the evening.</p>"#,
            r#"<h2>A Rest</h2><p>They slept by the river.</p>"#,
            r#"<h1>Chapter Two</h1><p>The second morning was warmer.</p>"#,
        ],
    )
}

/// The narration, made once (eSpeak NG takes a second).
fn narrated() -> Vec<(String, Vec<u8>)> {
    static NARRATED: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    NARRATED
        .get_or_init(|| narrate(&master(), &Cancel::default()).unwrap())
        .clone()
}

/// The DAISY book of `format`, kept as a fileset below `book/` in a local file store, and read.
async fn kept_and_read(files: Vec<(String, Vec<u8>)>) -> (tempfile::TempDir, Worked<Recording>) {
    let dir = tempfile::tempdir().unwrap();
    let store = FileStore::local(dir.path()).unwrap();
    for (name, bytes) in files {
        store
            .put(&format!("titles/t/book/{name}"), bytes)
            .await
            .unwrap();
    }
    let read = read(&store, "titles/t/book/").await;
    (dir, read)
}

fn outline(recording: &Recording) -> Vec<(MarkKind, &str)> {
    recording
        .marks
        .iter()
        .map(|m| (m.kind, m.label.as_str()))
        .collect()
}

/// Every stretch heard lies in a track the recording has, in order within each mark, and the
/// marks together are heard in order with nothing heard twice.
fn heard_in_order(recording: &Recording) {
    let mut last: Option<Heard> = None;
    for mark in &recording.marks {
        for h in &mark.heard {
            assert!(h.track < recording.tracks.len(), "{h:?}");
            assert!(h.end > h.begin, "{h:?}");
            if let Some(before) = last.filter(|l| l.track == h.track) {
                assert!(h.begin >= before.end - 0.01, "{before:?} then {h:?}");
            }
            last = Some(*h);
        }
    }
}

#[tokio::test]
async fn a_daisy_2_recording_is_heard_by_its_headings_and_pages() {
    let files = with_audio(Format::Daisy2Audio, &master(), narrated()).unwrap();
    let (_dir, read) = kept_and_read(files).await;
    let recording = read.unwrap();
    // DAISY 2.02's NCC begins with the book's title, a heading of its own, as it is heard.
    assert_eq!(
        outline(&recording),
        [
            (MarkKind::Heading(1), "The Long Road"),
            (MarkKind::Heading(1), "Chapter One"),
            (MarkKind::Page, "2"),
            (MarkKind::Heading(2), "A Rest"),
            (MarkKind::Heading(1), "Chapter Two"),
        ]
    );
    assert!(
        recording.tracks.iter().all(|t| t.ends_with(".mp3")),
        "{:?}",
        recording.tracks
    );
    assert!(
        recording.marks.iter().all(|m| !m.heard.is_empty()),
        "{recording:?}"
    );
    heard_in_order(&recording);
}

#[tokio::test]
async fn a_daisy_3_recording_is_heard_in_its_spine_s_order() {
    let files = with_audio(Format::DaisyAudio, &master(), narrated()).unwrap();
    let (_dir, read) = kept_and_read(files).await;
    let recording = read.unwrap();
    assert_eq!(
        outline(&recording),
        [
            (MarkKind::Heading(1), "Chapter One"),
            (MarkKind::Page, "2"),
            (MarkKind::Heading(2), "A Rest"),
            (MarkKind::Heading(1), "Chapter Two"),
        ]
    );
    heard_in_order(&recording);
}

const NCC: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Road</title></head><body>
<h1 id="h1"><a href="one.smil#p1">One</a></h1>
<span class="page-normal" id="pg1"><a href="one.smil#p1">1</a></span>
<h1 id="h2"><a href="two.smil#p1">Two</a></h1>
</body></html>"#;

fn smil(pars: &[(&str, &str, f64, f64)]) -> Vec<u8> {
    let mut out = String::from("<smil><body><seq>");
    for (id, audio, begin, end) in pars {
        out.push_str(&format!(
            r#"<par id="{id}"><text src="ncc.html#x"/><audio src="{audio}" clip-begin="npt={begin}s" clip-end="npt={end}s"/></par>"#
        ));
    }
    out.push_str("</seq></body></smil>");
    out.into_bytes()
}

#[tokio::test]
async fn clips_close_together_are_one_stretch_and_a_page_at_a_heading_s_place_comes_first() {
    let files = vec![
        ("ncc.html".to_owned(), NCC.as_bytes().to_vec()),
        (
            "one.smil".to_owned(),
            smil(&[
                ("p1", "a.mp3", 0.0, 2.0),
                ("p2", "a.mp3", 2.2, 5.0),
                ("p3", "a.mp3", 9.0, 10.0),
            ]),
        ),
        ("two.smil".to_owned(), smil(&[("p1", "b.mp3", 0.0, 3.0)])),
        ("a.mp3".to_owned(), b"ID3".to_vec()),
        ("b.mp3".to_owned(), b"ID3".to_vec()),
    ];
    let (_dir, read) = kept_and_read(files).await;
    let recording = read.unwrap();
    assert_eq!(
        outline(&recording),
        [
            (MarkKind::Page, "1"),
            (MarkKind::Heading(1), "One"),
            (MarkKind::Heading(1), "Two")
        ]
    );
    assert_eq!(recording.tracks, ["a.mp3", "b.mp3"]);
    assert_eq!(recording.marks[0].heard, []);
    assert_eq!(
        recording.marks[1].heard,
        [
            Heard {
                track: 0,
                begin: 0.0,
                end: 5.0
            },
            Heard {
                track: 0,
                begin: 9.0,
                end: 10.0
            }
        ]
    );
    assert_eq!(
        recording.start_of(0),
        Some(Heard {
            track: 0,
            begin: 0.0,
            end: 5.0
        })
    );
    assert_eq!(
        recording.marks[2].heard,
        [Heard {
            track: 1,
            begin: 0.0,
            end: 3.0
        }]
    );
}

#[tokio::test]
async fn a_recording_without_navigation_or_audio_is_refused_in_words() {
    let (_dir, read) = kept_and_read(vec![("a.mp3".to_owned(), b"ID3".to_vec())]).await;
    let why = read.unwrap_err().to_string();
    assert!(why.contains("no navigation"), "{why}");
    let files = vec![
        ("ncc.html".to_owned(), NCC.as_bytes().to_vec()),
        ("one.smil".to_owned(), smil(&[("p1", "gone.mp3", 0.0, 2.0)])),
    ];
    let (_dir, read) = kept_and_read(files).await;
    let why = read.unwrap_err().to_string();
    assert!(why.contains("none of the audio files"), "{why}");
}
