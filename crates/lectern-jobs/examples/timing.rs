//! How long building and stamping a small book take:
//! `cargo run --release -p lectern-jobs --example timing`.

use std::time::Instant;

use lectern_jobs::Notice;
use lectern_jobs::epub::{Chapter, EpubSource, build};
use lectern_jobs::package::stamp_epub;

fn main() {
    let paragraph = "It is a truth universally acknowledged, that a single man in possession of a good \
                     fortune, must be in want of a wife. ";
    let source = EpubSource {
        print_edition: None,
        identifier: "lectern-100042".into(),
        title: "Pride and Prejudice".into(),
        authors: vec!["Jane Austen".into()],
        language: "eng".into(),
        publisher: Some("Lectern Demo Press".into()),
        synopsis: Some("A story of manners, money and marriage.".into()),
        chapters: (1..=5)
            .map(|n| Chapter {
                title: format!("Chapter {n}"),
                text: format!("{}\n\n", paragraph.repeat(4)).repeat(10),
            })
            .collect(),
        modified: "2025-01-02T03:04:05Z".into(),
        ..EpubSource::default()
    };
    let notice = Notice {
        user_display_name: "Ada Reader".into(),
        user_account_id: "AP5xvS_OBOox68BfRQ".into(),
        service_id: "100042".into(),
        title: "Pride and Prejudice".into(),
        site_name: "Lectern Library".into(),
        download_id: "dl-7f3a".into(),
        issued_at: "2026-03-04T05:06:07Z".into(),
        vocabulary: "https://library.example/vocab#".into(),
        ..Notice::default()
    };
    let epub = build(&source);
    let text: usize = source.chapters.iter().map(|c| c.text.len()).sum();
    println!(
        "book: {} chapters, {text} bytes of text, EPUB {} bytes",
        source.chapters.len(),
        epub.len()
    );

    let rounds: u32 = 2000;
    for (label, run) in [
        ("build", &(|| build(&source).len()) as &dyn Fn() -> usize),
        ("stamp_epub", &|| {
            stamp_epub(&epub, &notice).map(|s| s.len()).unwrap_or(0)
        }),
    ] {
        let mut samples = Vec::new();
        for _ in 0..5 {
            let start = Instant::now();
            let mut bytes = 0;
            for _ in 0..rounds {
                bytes += run();
            }
            samples.push(start.elapsed() / rounds);
            std::hint::black_box(bytes);
        }
        samples.sort();
        println!(
            "{label}: median {:?} per call (5 runs of {rounds}; min {:?}, max {:?})",
            samples[2], samples[0], samples[4]
        );
    }
}
