//! One user's copy of a PDF: the original with the copyright notice on pages of its own after
//! the last (so that a reader still opens the book at its first page), and the catalog's title
//! and authors in the document information where the PDF gives none, as calibre and every PDF
//! reader's document properties show them.

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, dictionary, text_string};

use crate::epub::EpubError;
use crate::notice::{Notice, Part};

/// US Letter, for a PDF whose pages do not say their size.
const LETTER: [f32; 4] = [0.0, 0.0, 612.0, 792.0];
const MARGIN: f32 = 72.0;
const BODY_SIZE: f32 = 11.0;
const HEADING_SIZE: f32 = 14.0;

pub fn stamp_pdf(original: &[u8], notice: &Notice) -> Result<Vec<u8>, EpubError> {
    let unstampable = |why: String| EpubError::Unstampable(why);
    let mut doc = Document::load_mem(original)
        .map_err(|e| unstampable(format!("the PDF cannot be read: {e}")))?;
    if doc.is_encrypted() {
        return Err(unstampable("the PDF is encrypted".into()));
    }
    let broken = |e: lopdf::Error| unstampable(format!("the PDF's page tree: {e}"));
    let pages_id = doc
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .map_err(broken)?;
    let media_box = media_box(&doc, pages_id);
    let regular = doc.add_object(font("Helvetica"));
    let bold = doc.add_object(font("Helvetica-Bold"));
    let resources = dictionary! { "Font" => dictionary! { "F1" => regular, "F2" => bold } };
    let mut added = Vec::new();
    for page in lay_out(notice, media_box) {
        let bytes = page.encode().map_err(broken)?;
        let contents = doc.add_object(Stream::new(Dictionary::new(), bytes));
        added.push(doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => media_box.iter().map(|v| Object::Real(*v)).collect::<Vec<_>>(),
            "Contents" => contents,
            "Resources" => resources.clone(),
        }));
    }
    append_pages(&mut doc, pages_id, &added).map_err(broken)?;
    describe(&mut doc, notice);
    let mut out = Vec::with_capacity(original.len() + 4096);
    doc.save_to(&mut out)
        .map_err(|e| unstampable(format!("the stamped PDF could not be written: {e}")))?;
    Ok(out)
}

fn font(name: &str) -> Dictionary {
    dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => name,
        "Encoding" => "WinAnsiEncoding",
    }
}

/// The size of the book's last page (its own, or inherited from the page tree), so that the
/// notice prints and shows as the book does.
fn media_box(doc: &Document, pages_id: ObjectId) -> [f32; 4] {
    let from = |id: ObjectId| -> Option<[f32; 4]> {
        let boxed = doc.get_dictionary(id).ok()?.get(b"MediaBox").ok()?;
        let (_, boxed) = doc.dereference(boxed).ok()?;
        let values: Vec<f32> = boxed
            .as_array()
            .ok()?
            .iter()
            .filter_map(|v| v.as_float().ok())
            .collect();
        values.try_into().ok()
    };
    doc.page_iter()
        .last()
        .and_then(from)
        .or_else(|| from(pages_id))
        .unwrap_or(LETTER)
}

/// The notice's outline in its language where the standard fonts write that language's words
/// (Latin scripts), else in English: an Arabic notice would need a font of its own embedded and
/// shaped. A name in another script (a title) shows as `?` either way; the document
/// information carries it whole.
fn outline(notice: &Notice) -> [(Part, String); 5] {
    let own = notice.outline_in(notice.lang());
    let words_written = own
        .iter()
        .filter(|(part, _)| *part == Part::Heading)
        .all(|(_, text)| in_win_ansi(text));
    if words_written {
        own
    } else {
        notice.outline_in("en")
    }
}

/// The notice's outline as pages of text: headings in bold, paragraphs wrapped to the page.
fn lay_out(notice: &Notice, [x0, y0, x1, y1]: [f32; 4]) -> Vec<Content> {
    let width = (x1 - x0 - 2.0 * MARGIN).max(100.0);
    let top = y1 - MARGIN;
    let mut pages = vec![Vec::new()];
    let mut y = top;
    for (part, text) in outline(notice) {
        let (font, size) = match part {
            Part::Heading => ("F2", HEADING_SIZE),
            Part::Paragraph => ("F1", BODY_SIZE),
        };
        // Helvetica averages about half an em a character.
        let per_line = ((width / (size * 0.5)) as usize).max(20);
        y -= size;
        for line in wrap(&text, per_line) {
            if y < y0 + MARGIN {
                pages.push(Vec::new());
                y = top - size;
            }
            let page = pages.last_mut().expect("a page");
            page.extend([
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec![font.into(), size.into()]),
                Operation::new("Td", vec![(x0 + MARGIN).into(), y.into()]),
                Operation::new("Tj", vec![Object::string_literal(win_ansi(&line))]),
                Operation::new("ET", vec![]),
            ]);
            y -= size * 1.4;
        }
    }
    pages
        .into_iter()
        .map(|operations| Content { operations })
        .collect()
}

fn wrap(text: &str, per_line: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= per_line => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// The text in the standard fonts' WinAnsi encoding; a character it lacks shows as `?` (the
/// document information carries the names whole).
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| win_ansi_byte(c).unwrap_or(b'?'))
        .collect()
}

/// Whether every character of `text` is one of WinAnsi's.
fn in_win_ansi(text: &str) -> bool {
    text.chars().all(|c| win_ansi_byte(c).is_some())
}

/// A character's byte in WinAnsi (Windows-1252): Latin-1, and the letters and punctuation it
/// puts in 0x80 to 0x9F.
fn win_ansi_byte(c: char) -> Option<u8> {
    const HIGH: &[(char, u8)] = &[
        ('\u{20ac}', 0x80),
        ('\u{201a}', 0x82),
        ('\u{0192}', 0x83),
        ('\u{201e}', 0x84),
        ('\u{2026}', 0x85),
        ('\u{2020}', 0x86),
        ('\u{2021}', 0x87),
        ('\u{02c6}', 0x88),
        ('\u{2030}', 0x89),
        ('\u{0160}', 0x8a),
        ('\u{2039}', 0x8b),
        ('\u{0152}', 0x8c),
        ('\u{017d}', 0x8e),
        ('\u{2018}', 0x91),
        ('\u{2019}', 0x92),
        ('\u{201c}', 0x93),
        ('\u{201d}', 0x94),
        ('\u{2022}', 0x95),
        ('\u{2013}', 0x96),
        ('\u{2014}', 0x97),
        ('\u{02dc}', 0x98),
        ('\u{2122}', 0x99),
        ('\u{0161}', 0x9a),
        ('\u{203a}', 0x9b),
        ('\u{0153}', 0x9c),
        ('\u{017e}', 0x9e),
        ('\u{0178}', 0x9f),
    ];
    match c {
        ' '..='~' | '\u{a0}'..='\u{ff}' => u8::try_from(u32::from(c)).ok(),
        _ => HIGH.iter().find(|(h, _)| *h == c).map(|(_, b)| *b),
    }
}

/// The new pages after the last: the root of the page tree gains them as its last kids.
fn append_pages(doc: &mut Document, pages_id: ObjectId, added: &[ObjectId]) -> lopdf::Result<()> {
    let kids = doc.get_dictionary(pages_id)?.get(b"Kids")?.clone();
    let kids = match kids {
        Object::Reference(id) => doc.get_object_mut(id)?.as_array_mut()?,
        _ => doc
            .get_dictionary_mut(pages_id)?
            .get_mut(b"Kids")?
            .as_array_mut()?,
    };
    kids.extend(added.iter().map(|id| Object::Reference(*id)));
    let pages = doc.get_dictionary_mut(pages_id)?;
    let count = pages.get(b"Count")?.as_i64()?;
    let more = i64::try_from(added.len()).unwrap_or(0);
    pages.set("Count", count + more);
    Ok(())
}

/// The document information's title and author, from the catalog where the PDF has none.
fn describe(doc: &mut Document, notice: &Notice) {
    let info_id = match doc.trailer.get(b"Info").and_then(Object::as_reference) {
        Ok(id) => id,
        Err(_) => {
            let id = doc.add_object(Dictionary::new());
            doc.trailer.set("Info", id);
            id
        }
    };
    let Ok(info) = doc.get_dictionary_mut(info_id) else {
        return;
    };
    let blank = |info: &Dictionary, key: &[u8]| {
        info.get(key)
            .and_then(Object::as_str)
            .map_or(true, |s| s.iter().all(u8::is_ascii_whitespace))
    };
    if blank(info, b"Title") && !notice.title.is_empty() {
        info.set("Title", text_string(&notice.title));
    }
    if blank(info, b"Author") && !notice.record.authors.is_empty() {
        info.set("Author", text_string(&notice.record.authors.join("; ")));
    }
}

/// A PDF of one page of plain text: what a library's own PDF is like in tests, where none can
/// be fetched.
#[cfg(feature = "testing")]
pub fn plain_pdf(title: &str, text: &str) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let pages_id = doc.new_object_id();
    let regular = doc.add_object(font("Helvetica"));
    let content = Content {
        operations: vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["F1".into(), BODY_SIZE.into()]),
            Operation::new("Td", vec![MARGIN.into(), 700.into()]),
            Operation::new("Tj", vec![Object::string_literal(win_ansi(text))]),
            Operation::new("ET", vec![]),
        ],
    };
    let contents = doc.add_object(Stream::new(
        Dictionary::new(),
        content.encode().expect("content"),
    ));
    let page = doc.add_object(dictionary! {
        "Type" => "Page",
        "Parent" => pages_id,
        "Contents" => contents,
        "Resources" => dictionary! { "Font" => dictionary! { "F1" => regular } },
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => vec![Object::Reference(page)],
            "Count" => 1,
            "MediaBox" => LETTER.iter().map(|v| Object::Real(*v)).collect::<Vec<_>>(),
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let info = doc.add_object(dictionary! { "Title" => text_string(title) });
    doc.trailer.set("Info", info);
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("saved");
    out
}

#[cfg(test)]
mod tests {
    use super::{in_win_ansi, win_ansi};

    #[test]
    fn text_is_written_in_the_standard_fonts_encoding() {
        assert_eq!(win_ansi("\u{201c}Café\u{201d}"), b"\x93Caf\xe9\x94");
        assert_eq!(
            win_ansi("L\u{2019}\u{153}uvre\u{a0}»"),
            b"L\x92\x9cuvre\xa0\xbb"
        );
        assert_eq!(win_ansi("Ω"), b"?");
        assert!(in_win_ansi("Aviso de derechos de autor") && !in_win_ansi("إشعار"));
    }
}
