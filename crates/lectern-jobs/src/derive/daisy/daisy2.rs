//! DAISY 2.02, the audio with a navigation control centre (`audioNcc`): the NCC (XHTML 1.0
//! Transitional, valid by its DTD) lists the title, the headings and the print pages, each a
//! link to its place in a SMIL 1.0 file; each section's SMIL plays its clips, grouped in a `par`
//! from each place the NCC names to the next. The audio is DAISY 3's, the same clips.

use std::fmt::Write;

use super::book::{Book, Item, LangMarkup, clock, marked_text, page_kind, section_file};
use super::speech::Narration;
use crate::xml::esc;

const NCC: &str = "ncc.html";

/// The id of item `i`'s entry in the NCC.
fn ncc_id(i: usize) -> String {
    format!("n{i}")
}

/// The id of the `par` that starts at item `i`.
fn par_id(i: usize) -> String {
    format!("p{i}")
}

/// Whether the NCC names item `i`.
fn in_ncc(item: &Item, i: usize) -> bool {
    i == 0 || matches!(item, Item::Heading { .. } | Item::Page(_))
}

/// Whole seconds, as DAISY 2.02's `ncc:totalTime` and `ncc:timeInThisSmil` are given.
fn hms(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The DAISY 2.02 book's files but its audio.
pub(super) fn files(book: &Book, narration: &Narration) -> Vec<(String, Vec<u8>)> {
    let mut files = vec![(NCC.to_owned(), ncc(book, narration).into_bytes())];
    for (n, section) in book.sections().into_iter().enumerate() {
        files.push((
            section_file(n, "smil"),
            smil(book, narration, n, section).into_bytes(),
        ));
    }
    files
}

fn ncc(book: &Book, narration: &Narration) -> String {
    let section_of = book.section_of();
    let sections = book.sections().len();
    let pages: Vec<(usize, &str)> = book.pages().collect();
    let count = |kind: &str| pages.iter().filter(|(_, n)| page_kind(n) == kind).count();
    let headings = book
        .items
        .iter()
        .filter(|i| matches!(i, Item::Heading { .. }))
        .count();
    let mut meta = vec![
        ("dc:title", book.title.clone()),
        ("dc:identifier", book.uid.clone()),
        ("dc:language", book.language.clone()),
        ("dc:publisher", book.publisher.clone()),
        ("dc:date", lectern_domain::Timestamp::now().date()),
        ("dc:format", "Daisy 2.02".to_owned()),
    ];
    meta.extend(book.authors.iter().map(|a| ("dc:creator", a.clone())));
    meta.extend([
        ("ncc:charset", "utf-8".to_owned()),
        ("ncc:generator", "Lectern".to_owned()),
        ("ncc:narrator", "eSpeak NG".to_owned()),
        ("ncc:multimediaType", "audioNcc".to_owned()),
        ("ncc:totalTime", hms(narration.total())),
        ("ncc:tocItems", (headings + 1 + pages.len()).to_string()),
        ("ncc:depth", book.depth().to_string()),
        ("ncc:pageNormal", count("normal").to_string()),
        ("ncc:pageFront", count("front").to_string()),
        ("ncc:pageSpecial", count("special").to_string()),
        (
            "ncc:maxPageNormal",
            pages
                .iter()
                .filter_map(|(_, n)| n.parse::<u64>().ok())
                .max()
                .unwrap_or(0)
                .to_string(),
        ),
        ("ncc:footnotes", "0".to_owned()),
        ("ncc:prodNotes", "0".to_owned()),
        ("ncc:sidebars", "0".to_owned()),
        ("ncc:setInfo", "1 of 1".to_owned()),
        // The NCC, and a SMIL and an MP3 for each section.
        ("ncc:files", (1 + 2 * sections).to_string()),
    ]);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \
         \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n\
         <html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"{lang}\" xml:lang=\"{lang}\">\n\
         <head>\n<meta http-equiv=\"Content-type\" content=\"text/html; charset=utf-8\"/>\n\
         <title>{title}</title>\n",
        lang = esc(&book.language),
        title = esc(&book.title),
    );
    for (name, content) in meta {
        let _ = writeln!(out, "<meta name=\"{name}\" content=\"{}\"/>", esc(&content));
    }
    out.push_str("</head>\n<body>\n");
    for (i, item) in book.items.iter().enumerate() {
        let href = format!("{}#{}", section_file(section_of[i], "smil"), par_id(i));
        let _ = match item {
            Item::Title(text) => writeln!(
                out,
                "<h1 class=\"title\" id=\"{}\"><a href=\"{href}\">{}</a></h1>",
                ncc_id(i),
                esc(text)
            ),
            Item::Heading { depth, text } => writeln!(
                out,
                "<h{depth} id=\"{}\"><a href=\"{href}\">{}</a></h{depth}>",
                ncc_id(i),
                marked_text(text, &book.foreign[i], LangMarkup::Xhtml)
            ),
            Item::Page(number) => writeln!(
                out,
                "<span class=\"page-{}\" id=\"{}\"><a href=\"{href}\">{}</a></span>",
                page_kind(number),
                ncc_id(i),
                esc(number)
            ),
            Item::Paragraph(_) | Item::Image { .. } => Ok(()),
        };
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn smil(book: &Book, narration: &Narration, n: usize, section: std::ops::Range<usize>) -> String {
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <!DOCTYPE smil PUBLIC \"-//W3C//DTD SMIL 1.0//EN\" \
         \"http://www.w3.org/TR/REC-smil/SMIL10.dtd\">\n<smil>\n<head>\n\
         <meta name=\"dc:format\" content=\"Daisy 2.02\"/>\n\
         <meta name=\"dc:title\" content=\"{title}\"/>\n\
         <meta name=\"dc:identifier\" content=\"{uid}\"/>\n\
         <meta name=\"ncc:generator\" content=\"Lectern\"/>\n\
         <meta name=\"ncc:totalElapsedTime\" content=\"{elapsed}\"/>\n\
         <meta name=\"ncc:timeInThisSmil\" content=\"{here}\"/>\n\
         <layout><region id=\"txtView\"/></layout>\n</head>\n<body>\n\
         <seq dur=\"{dur:.3}s\">\n",
        title = esc(&book.title),
        uid = esc(&book.uid),
        elapsed = clock(narration.elapsed_before(n)),
        here = clock(narration.durations[n]),
        dur = narration.durations[n],
    );
    let mut open = false;
    for i in section {
        let item = &book.items[i];
        if in_ncc(item, i) {
            if open {
                out.push_str("</seq></par>\n");
            }
            let _ = write!(
                out,
                "<par endsync=\"last\" id=\"{}\"><text src=\"{NCC}#{}\" id=\"t{i}\"/><seq>",
                par_id(i),
                ncc_id(i)
            );
            open = true;
        }
        if let (true, Some(clip)) = (open, narration.clips[i]) {
            let _ = write!(
                out,
                "<audio src=\"{}\" clip-begin=\"npt={:.3}s\" clip-end=\"npt={:.3}s\" id=\"a{i}\"/>",
                section_file(n, "mp3"),
                clip.begin,
                clip.end
            );
        }
    }
    if open {
        out.push_str("</seq></par>\n");
    }
    out.push_str("</seq>\n</body>\n</smil>\n");
    out
}
