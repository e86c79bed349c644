//! DAISY 3 (ANSI/NISO Z39.86-2005): the package file (OEB 1.2's, with the DTB's metadata), the
//! DTBook text, the NCX (headings as nested navigation points, print pages as page targets),
//! a resource file, and a SMIL file per section that plays each element's text and, when the
//! book is read aloud, its clip. Without audio it is a text-only book (`textNCX`).

use std::fmt::Write;

use super::book::{Book, Item, clock, image_type, page_kind, section_file};
use super::dtbook::{self, element_id};
use super::speech::Narration;
use crate::xml::esc;

const OPF: &str = "book.opf";
const NCX: &str = "book.ncx";
const RESOURCES: &str = "book.res";

/// The id of item `i`'s `par` in its SMIL file.
fn par_id(i: usize) -> String {
    format!("p{i}")
}

/// The DAISY 3 book's files but its audio (which the narration's files are, by the names the
/// SMIL gives them).
pub(super) fn files(book: &Book, narration: Option<&Narration>) -> Vec<(String, Vec<u8>)> {
    let section_of = book.section_of();
    let smilref = |i: usize| format!("{}#{}", section_file(section_of[i], "smil"), par_id(i));
    let mut files = vec![
        (OPF.to_owned(), opf(book, narration).into_bytes()),
        (
            dtbook::FILE.to_owned(),
            dtbook::dtbook(book, &smilref).into_bytes(),
        ),
        (NCX.to_owned(), ncx(book, narration, &smilref).into_bytes()),
        (RESOURCES.to_owned(), resources(book).into_bytes()),
    ];
    for (n, section) in book.sections().into_iter().enumerate() {
        files.push((
            section_file(n, "smil"),
            smil(book, narration, n, section).into_bytes(),
        ));
    }
    files.extend(book.images.iter().cloned());
    files
}

fn multimedia(narration: Option<&Narration>, book: &Book) -> (&'static str, String) {
    let images = if book.images.is_empty() { "" } else { ",image" };
    match narration {
        Some(_) => ("audioFullText", format!("audio,text{images}")),
        None => ("textNCX", format!("text{images}")),
    }
}

fn opf(book: &Book, narration: Option<&Narration>) -> String {
    let (kind, content) = multimedia(narration, book);
    let total = narration.map_or(0.0, Narration::total);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE package PUBLIC \"+//ISBN 0-9673008-1-9//DTD OEB 1.2 Package//EN\" \
         \"http://openebook.org/dtds/oeb-1.2/oebpkg12.dtd\">\n\
         <package xmlns=\"http://openebook.org/namespaces/oeb-package/1.0/\" \
         unique-identifier=\"uid\">\n<metadata>\n\
         <dc-metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\" \
         xmlns:oebpackage=\"http://openebook.org/namespaces/oeb-package/1.0/\">\n\
         <dc:Title>{title}</dc:Title>\n{creators}\
         <dc:Publisher>{publisher}</dc:Publisher>\n\
         <dc:Date>{date}</dc:Date>\n\
         <dc:Format>ANSI/NISO Z39.86-2005</dc:Format>\n\
         <dc:Identifier id=\"uid\">{uid}</dc:Identifier>\n\
         <dc:Language>{lang}</dc:Language>\n\
         </dc-metadata>\n<x-metadata>\n\
         <meta name=\"dtb:multimediaType\" content=\"{kind}\"/>\n\
         <meta name=\"dtb:multimediaContent\" content=\"{content}\"/>\n\
         <meta name=\"dtb:totalTime\" content=\"{total}\"/>\n{narrator}\
         </x-metadata>\n</metadata>\n<manifest>\n\
         <item id=\"opf\" href=\"{OPF}\" media-type=\"text/xml\"/>\n\
         <item id=\"dtbook\" href=\"{text}\" media-type=\"application/x-dtbook+xml\"/>\n\
         <item id=\"ncx\" href=\"{NCX}\" media-type=\"application/x-dtbncx+xml\"/>\n\
         <item id=\"resource\" href=\"{RESOURCES}\" media-type=\"application/x-dtbresource+xml\"/>\n",
        title = esc(&book.title),
        creators = book
            .authors
            .iter()
            .map(|a| format!("<dc:Creator>{}</dc:Creator>\n", esc(a)))
            .collect::<String>(),
        publisher = esc(&book.publisher),
        date = lectern_domain::Timestamp::now().date(),
        uid = esc(&book.uid),
        lang = esc(&book.language),
        total = clock(total),
        narrator = if narration.is_some() {
            "<meta name=\"dtb:narrator\" content=\"eSpeak NG\"/>\n"
        } else {
            ""
        },
        text = dtbook::FILE,
    );
    let sections = book.sections().len();
    for n in 0..sections {
        let _ = writeln!(
            out,
            "<item id=\"smil{n}\" href=\"{}\" media-type=\"application/smil\"/>",
            section_file(n, "smil")
        );
        if narration.is_some() {
            let _ = writeln!(
                out,
                "<item id=\"audio{n}\" href=\"{}\" media-type=\"audio/mpeg\"/>",
                section_file(n, "mp3")
            );
        }
    }
    for (n, (file, _)) in book.images.iter().enumerate() {
        let _ = writeln!(
            out,
            "<item id=\"image{n}\" href=\"{}\" media-type=\"{}\"/>",
            esc(file),
            image_type(file)
        );
    }
    out.push_str("</manifest>\n<spine>\n");
    for n in 0..sections {
        let _ = writeln!(out, "<itemref idref=\"smil{n}\"/>");
    }
    out.push_str("</spine>\n</package>\n");
    out
}

/// An item's audio element for the NCX's labels, when it is spoken.
fn label_audio(section_of: &[usize], narration: Option<&Narration>, i: usize) -> String {
    narration
        .and_then(|n| n.clips[i])
        .map(|c| {
            format!(
                "<audio src=\"{}\" clipBegin=\"{}\" clipEnd=\"{}\"/>",
                section_file(section_of[i], "mp3"),
                clock(c.begin),
                clock(c.end)
            )
        })
        .unwrap_or_default()
}

fn ncx(book: &Book, narration: Option<&Narration>, smilref: &dyn Fn(usize) -> String) -> String {
    let section_of = book.section_of();
    let pages: Vec<(usize, &str)> = book.pages().collect();
    let max_page = pages
        .iter()
        .filter_map(|(_, n)| n.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE ncx PUBLIC \"-//NISO//DTD ncx 2005-1//EN\" \
         \"http://www.daisy.org/z3986/2005/ncx-2005-1.dtd\">\n\
         <ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\" \
         xml:lang=\"{lang}\">\n<head>\n\
         <smilCustomTest id=\"pagenum\" defaultState=\"false\" override=\"visible\" \
         bookStruct=\"PAGE_NUMBER\"/>\n\
         <meta name=\"dtb:uid\" content=\"{uid}\"/>\n\
         <meta name=\"dtb:depth\" content=\"{depth}\"/>\n\
         <meta name=\"dtb:generator\" content=\"Lectern\"/>\n\
         <meta name=\"dtb:totalPageCount\" content=\"{count}\"/>\n\
         <meta name=\"dtb:maxPageNumber\" content=\"{max_page}\"/>\n\
         </head>\n<docTitle><text>{title}</text>{audio}</docTitle>\n",
        lang = esc(&book.language),
        uid = esc(&book.uid),
        depth = book.depth(),
        count = pages.len(),
        title = esc(&book.title),
        audio = label_audio(&section_of, narration, 0),
    );
    for author in &book.authors {
        let _ = writeln!(out, "<docAuthor><text>{}</text></docAuthor>", esc(author));
    }
    // Play order runs through headings and pages alike, in the book's order.
    let mut play_order = 0;
    let mut order_of = vec![0; book.items.len()];
    for (i, item) in book.items.iter().enumerate() {
        if matches!(item, Item::Heading { .. } | Item::Page(_)) || i == 0 {
            play_order += 1;
            order_of[i] = play_order;
        }
    }
    out.push_str("<navMap>\n");
    let headings: Vec<(usize, u8, &str)> = book
        .items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match item {
            Item::Heading { depth, text } => Some((i, *depth, text.as_str())),
            _ => None,
        })
        .collect();
    // A book without headings is navigated from its title.
    let points = if headings.is_empty() {
        vec![(0, 1, book.title.as_str())]
    } else {
        headings
    };
    let mut open = 0;
    for (i, depth, text) in points {
        while open >= depth {
            out.push_str("</navPoint>\n");
            open -= 1;
        }
        let _ = writeln!(
            out,
            "<navPoint id=\"nav{i}\" class=\"h{depth}\" playOrder=\"{}\">\
             <navLabel><text>{}</text>{}</navLabel><content src=\"{}\"/>",
            order_of[i],
            esc(text),
            label_audio(&section_of, narration, i),
            esc(&smilref(i))
        );
        open = depth;
    }
    for _ in 0..open {
        out.push_str("</navPoint>\n");
    }
    out.push_str("</navMap>\n");
    if !pages.is_empty() {
        out.push_str("<pageList>\n");
        for (i, number) in &pages {
            let kind = page_kind(number);
            let value = if kind == "normal" {
                format!(" value=\"{number}\"")
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "<pageTarget id=\"page{i}\" type=\"{kind}\"{value} playOrder=\"{}\">\
                 <navLabel><text>{}</text>{}</navLabel><content src=\"{}\"/></pageTarget>",
                order_of[*i],
                esc(number),
                label_audio(&section_of, narration, *i),
                esc(&smilref(*i))
            );
        }
        out.push_str("</pageList>\n");
    }
    out.push_str("</ncx>\n");
    out
}

/// What a player says for the kinds of things a reader may skip: here, page numbers.
fn resources(book: &Book) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE resources PUBLIC \"-//NISO//DTD resource 2005-1//EN\" \
         \"http://www.daisy.org/z3986/2005/resource-2005-1.dtd\">\n\
         <resources xmlns=\"http://www.daisy.org/z3986/2005/resource/\" version=\"2005-1\">\n\
         <scope nsuri=\"http://www.daisy.org/z3986/2005/ncx/\">\n\
         <nodeSet id=\"pages\" select=\"//smilCustomTest[@bookStruct='PAGE_NUMBER']\">\n\
         <resource xml:lang=\"{}\" id=\"page\"><text>page</text></resource>\n\
         </nodeSet>\n</scope>\n</resources>\n",
        esc(&book.language)
    )
}

fn smil(
    book: &Book,
    narration: Option<&Narration>,
    n: usize,
    section: std::ops::Range<usize>,
) -> String {
    let elapsed = narration.map_or(0.0, |x| x.elapsed_before(n));
    let duration = narration.map(|x| format!(" dur=\"{}\"", clock(x.durations[n])));
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE smil PUBLIC \"-//NISO//DTD dtbsmil 2005-2//EN\" \
         \"http://www.daisy.org/z3986/2005/dtbsmil-2005-2.dtd\">\n\
         <smil xmlns=\"http://www.w3.org/2001/SMIL20/\">\n<head>\n\
         <meta name=\"dtb:uid\" content=\"{uid}\"/>\n\
         <meta name=\"dtb:generator\" content=\"Lectern\"/>\n\
         <meta name=\"dtb:totalElapsedTime\" content=\"{elapsed}\"/>\n\
         <customAttributes><customTest id=\"pagenum\" defaultState=\"false\" \
         override=\"visible\"/></customAttributes>\n\
         </head>\n<body>\n<seq id=\"seq\"{duration} fill=\"remove\">\n",
        uid = esc(&book.uid),
        elapsed = clock(elapsed),
        duration = duration.unwrap_or_default(),
    );
    for i in section {
        let test = if matches!(book.items[i], Item::Page(_)) {
            " customTest=\"pagenum\""
        } else {
            ""
        };
        let audio = narration
            .and_then(|x| x.clips[i])
            .map(|c| {
                format!(
                    "<audio src=\"{}\" clipBegin=\"{}\" clipEnd=\"{}\"/>",
                    section_file(n, "mp3"),
                    clock(c.begin),
                    clock(c.end)
                )
            })
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "<par id=\"{}\"{test}><text src=\"{}#{}\"/>{audio}</par>",
            par_id(i),
            dtbook::FILE,
            element_id(i)
        );
    }
    out.push_str("</seq>\n</body>\n</smil>\n");
    out
}
