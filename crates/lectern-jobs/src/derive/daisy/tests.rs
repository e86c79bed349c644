//! DAISY made from a small EPUB, checked by the DTDs the formats publish (DTBook, NCX, OEB 1.2's
//! package, XHTML 1.0 for DAISY 2.02's NCC: `checkers::dtd_valid`), by following every
//! reference between the files, by decoding the audio, and by a DAISY player nobody here wrote
//! (`checkers::DaisyPlayer`).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::*;
use crate::checkers::{DaisyPlayer, dtd_valid};
use crate::epub::testing::{PIXEL_PNG, epub_of_bodies};

fn master() -> Vec<u8> {
    epub_of_bodies(
        "Pride and Prejudice",
        &[
            r#"<h1>Chapter One</h1><p>It is a truth universally acknowledged.</p>
<span epub:type="pagebreak" role="doc-pagebreak" id="page2" aria-label="2"/>
<p>However little known the feelings of such a man may be.</p>
<img src="image.png" alt="A country house"/>"#,
            r#"<h3>A deeper part</h3><p>Text under a skipped level.</p><img src="image.png" alt=""/>"#,
            r#"<h1>Chapter Two</h1><p>Mr. Bennet was among the earliest.</p>"#,
        ],
    )
}

/// The narration, made once for the tests that need it (eSpeak NG takes a second).
fn narrated() -> Vec<(String, Vec<u8>)> {
    static NARRATED: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    NARRATED
        .get_or_init(|| narrate(&master(), &Cancel::default()).unwrap())
        .clone()
}

/// An element as the tests look at it: its local name, attributes and text.
#[derive(Debug)]
struct Element {
    name: String,
    attributes: HashMap<String, String>,
    text: String,
}

impl Element {
    fn attr(&self, name: &str) -> &str {
        self.attributes.get(name).map_or("", String::as_str)
    }
}

fn elements(xml: &[u8]) -> Vec<Element> {
    let mut reader = Reader::from_reader(xml);
    let mut out: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut buf = Vec::new();
    loop {
        let event = reader.read_event_into(&mut buf).unwrap();
        let (e, empty) = match &event {
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::GeneralRef(r) => {
                let text = crate::xml::reference_text(r);
                for &i in &open {
                    out[i].text.push_str(&text);
                }
                continue;
            }
            Event::Text(t) => {
                let text = t.xml10_content().into_owned();
                for &i in &open {
                    out[i].text.push_str(&text);
                }
                continue;
            }
            Event::End(_) => {
                open.pop();
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let name = e.local_name().into_inner().to_owned();
        let attributes = e
            .attributes()
            .map(|a| {
                let a = a.unwrap();
                (
                    a.key.local_name().into_inner().to_owned(),
                    a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .unwrap()
                        .into_owned(),
                )
            })
            .collect();
        out.push(Element {
            name,
            attributes,
            text: String::new(),
        });
        if !empty {
            open.push(out.len() - 1);
        }
        buf.clear();
    }
    out
}

fn file<'a>(files: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &files
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name} in the book"))
        .1
}

/// Every `file#id` the book's XML files point at (through `attribute` of `element`) is there.
fn references_hold(files: &[(String, Vec<u8>)], element: &str, attribute: &str) -> usize {
    let ids: HashMap<&str, HashSet<String>> = files
        .iter()
        .filter(|(n, _)| {
            [".xml", ".ncx", ".smil", ".html", ".opf"]
                .iter()
                .any(|e| n.ends_with(e))
        })
        .map(|(n, bytes)| {
            let ids = elements(bytes)
                .into_iter()
                .filter_map(|e| e.attributes.get("id").cloned())
                .collect();
            (n.as_str(), ids)
        })
        .collect();
    let mut count = 0;
    for (name, bytes) in files {
        if !ids.contains_key(name.as_str()) {
            continue;
        }
        for e in elements(bytes).iter().filter(|e| e.name == element) {
            let Some(target) = e.attributes.get(attribute) else {
                continue;
            };
            let (target_file, id) = target.split_once('#').unwrap_or((target, ""));
            let target_ids = ids
                .get(target_file)
                .unwrap_or_else(|| panic!("{name} points at {target}, not in the book"));
            assert!(
                id.is_empty() || target_ids.contains(id),
                "{name} points at {target}, which is not there"
            );
            count += 1;
        }
    }
    count
}

/// `H:MM:SS.mmm`, or DAISY 2.02's `npt=1.234s` and `1.234s`, in seconds.
fn seconds(clock: &str) -> f64 {
    let clock = clock.trim_start_matches("npt=");
    if let Some(plain) = clock.strip_suffix('s') {
        return plain.parse().unwrap();
    }
    clock.split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    })
}

fn mp3_seconds(files: &[(String, Vec<u8>)], name: &str) -> f64 {
    crate::speed::duration(bytes::Bytes::copy_from_slice(file(files, name))).unwrap()
}

/// How much longer an MP3 plays than the samples encoded: the encoder's delay and its last
/// frame's padding.
const ENCODER_SLACK: f64 = 0.12;

#[test]
fn a_text_only_daisy_3_is_valid_and_its_references_hold() {
    let files = text(&master(), &Cancel::default()).unwrap();
    dtd_valid("DTBook", file(&files, "book.xml"), "dtbook-2005-2.dtd");
    dtd_valid("NCX", file(&files, "book.ncx"), "ncx-2005-1.dtd");
    dtd_valid("package", file(&files, "book.opf"), "oebpkg12.dtd");
    assert!(
        references_hold(&files, "content", "src") >= 4,
        "NCX to SMIL"
    );
    assert!(
        references_hold(&files, "text", "src") >= 10,
        "SMIL to DTBook"
    );
    let dtbook = elements(file(&files, "book.xml"));
    let smilrefs = dtbook
        .iter()
        .filter(|e| e.attributes.contains_key("smilref"));
    let smil_ids: HashSet<String> = files
        .iter()
        .filter(|(n, _)| n.ends_with(".smil"))
        .flat_map(|(n, b)| {
            elements(b)
                .into_iter()
                .filter_map(move |e| Some(format!("{n}#{}", e.attributes.get("id")?)))
        })
        .collect();
    for e in smilrefs {
        assert!(smil_ids.contains(e.attr("smilref")), "{e:?}");
    }
    // Headings as nested levels (the EPUB's h3 under an h1 is the second level), pages, images.
    let headings: Vec<(&str, &str)> = dtbook
        .iter()
        .filter(|e| e.name.len() == 2 && e.name.starts_with('h'))
        .map(|e| (e.name.as_str(), e.text.as_str()))
        .collect();
    assert_eq!(
        headings,
        [
            ("h1", "Chapter One"),
            ("h2", "A deeper part"),
            ("h1", "Chapter Two")
        ]
    );
    let page = dtbook.iter().find(|e| e.name == "pagenum").unwrap();
    assert_eq!((page.text.as_str(), page.attr("page")), ("2", "normal"));
    let images: Vec<(&str, &str)> = dtbook
        .iter()
        .filter(|e| e.name == "img")
        .map(|e| (e.attr("src"), e.attr("alt")))
        .collect();
    assert_eq!(
        images,
        [
            ("images/image0001.png", "A country house"),
            ("images/image0001.png", "")
        ]
    );
    assert_eq!(file(&files, "images/image0001.png"), PIXEL_PNG);
    // The NCX agrees with the DTBook: its navigation points are the headings, nested as the
    // levels are, and its page targets the print pages, each pointing at the element's par.
    let ncx = elements(file(&files, "book.ncx"));
    // A point's label is the first text after it.
    let points: Vec<(&str, &str)> = ncx
        .iter()
        .enumerate()
        .filter(|(_, e)| e.name == "navPoint")
        .map(|(i, e)| {
            let label = ncx[i..].iter().find(|l| l.name == "text").unwrap();
            (e.attr("class"), label.text.as_str())
        })
        .collect();
    assert_eq!(
        points,
        [
            ("h1", "Chapter One"),
            ("h2", "A deeper part"),
            ("h1", "Chapter Two")
        ]
    );
    let targets: Vec<&str> = ncx
        .iter()
        .filter(|e| e.name == "pageTarget")
        .map(|e| e.attr("value"))
        .collect();
    assert_eq!(targets, ["2"]);
    let heading_refs: Vec<&str> = dtbook
        .iter()
        .filter(|e| e.name.len() == 2 && e.name.starts_with('h'))
        .map(|e| e.attr("smilref"))
        .collect();
    let point_refs: Vec<&str> = ncx
        .iter()
        .filter(|e| e.name == "content")
        .map(|e| e.attr("src"))
        .take(3)
        .collect();
    assert_eq!(point_refs, heading_refs);
    // The package lists every file, and names the book's kind.
    let opf = elements(file(&files, "book.opf"));
    let listed: HashSet<&str> = opf
        .iter()
        .filter(|e| e.name == "item")
        .map(|e| e.attr("href"))
        .collect();
    let names: HashSet<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(listed, names);
    let kind = opf
        .iter()
        .find(|e| e.attr("name") == "dtb:multimediaType")
        .unwrap();
    assert_eq!(kind.attr("content"), "textNCX");
}

#[test]
fn read_aloud_every_clip_is_inside_its_audio_and_the_times_add_up() {
    let files = with_audio(Format::DaisyAudio, &master(), narrated()).unwrap();
    dtd_valid("DTBook", file(&files, "book.xml"), "dtbook-2005-2.dtd");
    dtd_valid("NCX", file(&files, "book.ncx"), "ncx-2005-1.dtd");
    dtd_valid("package", file(&files, "book.opf"), "oebpkg12.dtd");
    references_hold(&files, "content", "src");
    references_hold(&files, "text", "src");
    let mut total = 0.0;
    let mut clips = 0;
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".smil")) {
        let smil = elements(bytes);
        let duration = seconds(smil.iter().find(|e| e.name == "seq").unwrap().attr("dur"));
        let mut end_of_last = 0.0;
        for audio in smil.iter().filter(|e| e.name == "audio") {
            let (begin, end) = (
                seconds(audio.attr("clipBegin")),
                seconds(audio.attr("clipEnd")),
            );
            let playing = mp3_seconds(&files, audio.attr("src"));
            assert!(
                begin < end && end <= playing + 1e-3 && (begin - end_of_last).abs() < 2e-3,
                "{name}: a clip {begin}..{end} s of {} ({playing} s), after {end_of_last} s",
                audio.attr("src")
            );
            end_of_last = end;
            clips += 1;
        }
        assert!(
            (end_of_last - duration).abs() < 2e-3,
            "{name} ends at its last clip"
        );
        let mp3 = name.replace(".smil", ".mp3");
        let playing = mp3_seconds(&files, &mp3);
        assert!(
            playing >= duration - 1e-3 && playing <= duration + ENCODER_SLACK,
            "{mp3} plays {playing} s for {duration} s of speech"
        );
        total += duration;
    }
    // Every item that speaks has a clip: all but the decorative image.
    assert_eq!(clips, 10);
    let opf = elements(file(&files, "book.opf"));
    let meta = |name: &str| {
        opf.iter()
            .find(|e| e.attr("name") == name)
            .unwrap()
            .attr("content")
            .to_owned()
    };
    assert!((seconds(&meta("dtb:totalTime")) - total).abs() < 5e-3);
    assert_eq!(meta("dtb:multimediaType"), "audioFullText");
    assert!(total > 5.0, "{total} s of speech for eleven items");

    let daisy2 = with_audio(Format::Daisy2Audio, &master(), narrated()).unwrap();
    dtd_valid("NCC", file(&daisy2, "ncc.html"), "xhtml1-transitional.dtd");
    assert!(references_hold(&daisy2, "a", "href") >= 5, "NCC to SMIL");
    references_hold(&daisy2, "text", "src");
    let mut total_2 = 0.0;
    for (name, bytes) in daisy2.iter().filter(|(n, _)| n.ends_with(".smil")) {
        let smil = elements(bytes);
        for audio in smil.iter().filter(|e| e.name == "audio") {
            let end = seconds(audio.attr("clip-end"));
            let playing = mp3_seconds(&daisy2, audio.attr("src"));
            assert!(
                seconds(audio.attr("clip-begin")) < end && end <= playing + 1e-3,
                "{name}"
            );
        }
        total_2 += seconds(smil.iter().find(|e| e.name == "seq").unwrap().attr("dur"));
        // The same clips: DAISY 2.02 plays DAISY 3's audio.
        let mp3 = name.replace(".smil", ".mp3");
        assert_eq!(file(&daisy2, &mp3), file(&files, &mp3));
    }
    assert!((total_2 - total).abs() < 5e-3);
    let ncc = elements(file(&daisy2, "ncc.html"));
    let first = ncc.iter().find(|e| e.name == "h1").unwrap();
    assert_eq!(
        (first.attr("class"), first.text.as_str()),
        ("title", "Pride and Prejudice")
    );
}

#[test]
fn a_daisy_player_opens_both_books_and_moves_by_heading() {
    let daisy3 = with_audio(Format::DaisyAudio, &master(), narrated()).unwrap();
    if let Some(player) = DaisyPlayer::open("DAISY 3", &daisy3) {
        assert!(player.screen().contains("Pride and Prejudice"));
        assert!(
            player.current().contains("Chapter One"),
            "{}",
            player.screen()
        );
        // At the first level, the next heading is the next chapter.
        player.press("Down");
        assert!(
            player.current().contains("Chapter Two"),
            "{}",
            player.screen()
        );
    }
    let daisy2 = with_audio(Format::Daisy2Audio, &master(), narrated()).unwrap();
    if let Some(player) = DaisyPlayer::open("DAISY 2.02", &daisy2) {
        assert!(
            player.current().contains("Pride and Prejudice"),
            "{}",
            player.screen()
        );
        player.press("Down");
        assert!(
            player.current().contains("Chapter One"),
            "{}",
            player.screen()
        );
        assert!(player.screen().contains("A deeper part"));
    }
}

#[test]
fn a_narration_kept_for_another_book_is_refused() {
    let mut narration = narrated();
    let timings = narration
        .iter_mut()
        .find(|(n, _)| n == speech::TIMINGS)
        .unwrap();
    timings.1 = b"1.0\n\n".to_vec();
    let refused = with_audio(Format::DaisyAudio, &master(), narration).unwrap_err();
    assert!(refused.to_string().contains("do not fit"), "{refused}");
}

/// Each clip names the part of the reading order and the element its text is in, as the
/// reader's pages mark them (`data-cfi`), and the section's MP3 it is heard in.
#[test]
fn the_narration_heard_online_finds_each_clip_s_text() {
    let narration = narrated();
    let timings = String::from_utf8_lossy(file(&narration, speech::TIMINGS)).into_owned();
    let heard = listening(&master(), &timings).unwrap();
    assert_eq!(
        heard.files,
        ["s0001.mp3", "s0002.mp3", "s0003.mp3", "s0004.mp3"]
    );
    let found: Vec<(usize, usize, &str, Spoken)> = heard
        .clips
        .iter()
        .map(|c| (c.section, c.part, c.steps.as_str(), c.spoken.clone()))
        .collect();
    assert_eq!(
        found,
        vec![
            (1, 1, "/4/2", Spoken::Heading),
            (1, 1, "/4/4", Spoken::Paragraph),
            (1, 1, "/4/6", Spoken::Page("2".into())),
            (1, 1, "/4/8", Spoken::Paragraph),
            (1, 1, "/4/10", Spoken::Image),
            (2, 2, "/4/2", Spoken::Heading),
            (2, 2, "/4/4", Spoken::Paragraph),
            (3, 3, "/4/2", Spoken::Heading),
            (3, 3, "/4/4", Spoken::Paragraph),
        ]
    );
    for clip in &heard.clips {
        assert!(clip.begin < clip.end, "{clip:?}");
        assert!(clip.end <= heard.durations[clip.section] + 1e-6, "{clip:?}");
    }
    assert_eq!(heard.of_part(2).count(), 2);
    assert!(listening(&master(), "1.0\n\n").is_err());
}

#[test]
fn a_stretch_in_another_language_says_so_in_each_daisy_and_stays_valid() {
    let master = epub_of_bodies(
        "Travels",
        &[r#"<h1>Chapter <span lang="fr">Un</span></h1>
<p>He said <span lang="es">buenos días, niño</span> and left.</p>"#],
    );
    let daisy3 = text(&master, &Cancel::default()).unwrap();
    dtd_valid("DTBook", file(&daisy3, "book.xml"), "dtbook-2005-2.dtd");
    let dtbook = elements(file(&daisy3, "book.xml"));
    let spans: Vec<(&str, &str)> = dtbook
        .iter()
        .filter(|e| e.name == "span")
        // `xml:lang`, by its local name.
        .map(|e| (e.attr("lang"), e.text.as_str()))
        .collect();
    assert_eq!(spans, [("fr", "Un"), ("es", "buenos días, niño")]);
    let paragraph = dtbook.iter().find(|e| e.name == "p").unwrap();
    assert_eq!(paragraph.text, "He said buenos días, niño and left.");

    let narrated = narrate(&master, &Cancel::default()).unwrap();
    let daisy2 = with_audio(Format::Daisy2Audio, &master, narrated).unwrap();
    dtd_valid("NCC", file(&daisy2, "ncc.html"), "xhtml1-transitional.dtd");
    let ncc = String::from_utf8_lossy(file(&daisy2, "ncc.html")).into_owned();
    assert!(
        ncc.contains(r#">Chapter <span lang="fr" xml:lang="fr">Un</span></a></h1>"#),
        "{ncc}"
    );
}
