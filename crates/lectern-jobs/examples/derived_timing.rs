//! How long making each format from an EPUB master takes, for a novel and for parts of it, and
//! how two formats made at once share the machine (docs/benchmarks.md, "Formats made from the
//! EPUB"): `bench/derived.sh`, or
//! `cargo run --release -p lectern-jobs --example derived_timing -- novel.txt`
//! with a plain-text novel whose chapters begin with lines `Chapter N`. With `--epub out.epub`
//! after it, it only writes the novel's EPUB 3 (`bench/derived_ttfb.sh` imports it).

use std::time::Instant;

use lectern_domain::account::braille::{BrailleCode, BrailleLayout};
use lectern_domain::catalog::Format;
use lectern_jobs::convert::Cancel;
use lectern_jobs::derive::{make, narrate, with_audio};
use lectern_jobs::epub::{Chapter, EpubSource, build};
use lectern_jobs::notice::Notice;
use lectern_jobs::package;

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: derived_timing <novel.txt>");
    let text = std::fs::read_to_string(&path).expect("the novel's text");
    let chapters = chapters(&text);
    let words: usize = chapters
        .iter()
        .map(|c| c.text.split_whitespace().count())
        .sum();
    if let (Some(flag), Some(out)) = (std::env::args().nth(2), std::env::args().nth(3)) {
        assert_eq!(
            flag, "--epub",
            "usage: derived_timing <novel.txt> [--epub out.epub]"
        );
        std::fs::write(&out, book(&chapters)).expect("the EPUB is written");
        println!("{out}: {} chapters, {words} words", chapters.len());
        return;
    }
    println!("{path}: {} chapters, {words} words", chapters.len());
    let refreshable = BrailleLayout::new(BrailleCode::Ueb, false, 32, None).expect("a layout");
    let kinds: [(&str, Format, BrailleLayout); 4] = [
        ("DOCX", Format::Docx, BrailleLayout::STANDARD),
        ("BRF ueb-g2-40x25", Format::Brf, BrailleLayout::STANDARD),
        ("BRF ueb-g1-32", Format::Brf, refreshable),
        ("DAISY (text)", Format::Daisy, BrailleLayout::STANDARD),
    ];
    println!(
        "\n| part of the novel | words | format | seconds | made size | package size | braille pages |"
    );
    println!("|---|---|---|---|---|---|---|");
    for share in [4, 2, 1] {
        let part = &chapters[..chapters.len() / share];
        let epub = book(part);
        let words: usize = part.iter().map(|c| c.text.split_whitespace().count()).sum();
        for (name, format, layout) in &kinds {
            let (seconds, files) = timed(*format, &epub, layout);
            let size: usize = files.iter().map(|(_, b)| b.len()).sum();
            let pages = match format {
                Format::Brf => (files[0].1.iter().filter(|b| **b == 0x0c).count() + 1).to_string(),
                _ => "".into(),
            };
            println!(
                "| 1/{share} | {words} | {name} | {seconds:.2} | {} kB | {} kB | {pages} |",
                size / 1024,
                package_size(*format, &files, layout) / 1024
            );
        }
    }
    narration(&chapters);
    let epub = book(&chapters);
    let alone: f64 = kinds[..2]
        .iter()
        .map(|(_, f, l)| timed(*f, &epub, l).0)
        .sum();
    let started = Instant::now();
    std::thread::scope(|s| {
        for (_, format, layout) in &kinds[..2] {
            let epub = &epub;
            s.spawn(move || make(*format, epub, layout, &Cancel::default()).expect("made"));
        }
    });
    let together = started.elapsed().as_secs_f64();
    println!(
        "\nDOCX and contracted BRF of the whole novel: {alone:.2} s one after the other, \
         {together:.2} s at once on two threads"
    );
}

/// The narration (eSpeak NG and LAME), then DAISY 3 and DAISY 2.02 written around it, for a
/// growing part of the novel: the audio's length against the time it took.
fn narration(chapters: &[Chapter]) {
    println!(
        "\n| part of the novel | words | narration s | audio | MP3 size | DAISY 3 s | DAISY 2.02 s | DAISY 3 package |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for share in [16, 4, 1] {
        let part = &chapters[..chapters.len() / share];
        let words: usize = part.iter().map(|c| c.text.split_whitespace().count()).sum();
        let epub = book(part);
        let started = Instant::now();
        let narrated = narrate(&epub, &Cancel::default()).expect("narrated");
        let narrating = started.elapsed().as_secs_f64();
        let mp3: usize = narrated
            .iter()
            .filter(|(n, _)| n.ends_with(".mp3"))
            .map(|(_, b)| b.len())
            .sum();
        let written = |format| {
            let started = Instant::now();
            let files = with_audio(format, &epub, narrated.clone()).expect("written");
            (started.elapsed().as_secs_f64(), files)
        };
        let ((daisy3, files), (daisy2, _)) =
            (written(Format::DaisyAudio), written(Format::Daisy2Audio));
        let package = package_size(Format::DaisyAudio, &files, &BrailleLayout::STANDARD);
        // 32 kbit/s: the MP3's size says how long it plays.
        let minutes = mp3 as f64 * 8.0 / 32_000.0 / 60.0;
        println!(
            "| 1/{share} | {words} | {narrating:.1} | {minutes:.0} min | {} MB | {daisy3:.2} | {daisy2:.2} | {} MB |",
            mp3 / (1024 * 1024),
            package / (1024 * 1024)
        );
    }
}

/// A reader's package of the made files, with its notice: what each download adds to the store.
fn package_size(format: Format, files: &[(String, Vec<u8>)], layout: &BrailleLayout) -> usize {
    let notice = Notice {
        user_display_name: "A Reader".into(),
        user_account_id: "u-reader".into(),
        service_id: "pride".into(),
        title: "Pride and Prejudice".into(),
        site_name: "Lectern".into(),
        download_id: "d-1".into(),
        issued_at: "2026-11-27T00:00:00Z".into(),
        vocabulary: "https://library.example/vocab#".into(),
        ..Notice::default()
    };
    package::bundle(format, files, &notice, layout)
        .expect("bundled")
        .len()
}

fn timed(format: Format, epub: &[u8], layout: &BrailleLayout) -> (f64, Vec<(String, Vec<u8>)>) {
    let started = Instant::now();
    let files = make(format, epub, layout, &Cancel::default()).expect("made");
    (started.elapsed().as_secs_f64(), files)
}

fn book(chapters: &[Chapter]) -> Vec<u8> {
    build(&EpubSource {
        identifier: "urn:uuid:7d4f9a52-0c5e-4f34-b8d5-3a2e1b0c9f11".into(),
        title: "Pride and Prejudice".into(),
        authors: vec!["Jane Austen".into()],
        language: "eng".into(),
        chapters: chapters.to_vec(),
        modified: "2026-01-01T00:00:00Z".into(),
        ..EpubSource::default()
    })
}

/// Chapters from lines `Chapter N`; a paragraph's lines joined, paragraphs apart by a blank
/// line, as `Chapter::text` has them.
fn chapters(text: &str) -> Vec<Chapter> {
    let mut chapters: Vec<Chapter> = Vec::new();
    for line in text.lines() {
        if line.trim().starts_with("Chapter ") && line.trim().len() < 16 {
            chapters.push(Chapter {
                title: line.trim().to_owned(),
                text: String::new(),
            });
        } else if let Some(c) = chapters.last_mut() {
            if line.trim().is_empty() {
                if !c.text.ends_with("\n\n") && !c.text.is_empty() {
                    c.text.push_str("\n\n");
                }
            } else {
                if !c.text.is_empty() && !c.text.ends_with('\n') {
                    c.text.push(' ');
                }
                c.text.push_str(line.trim());
            }
        }
    }
    chapters
}
