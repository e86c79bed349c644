//! The languages of a Word file's text: the book's as the document's default, each stretch the
//! EPUB marks as another language as a run in that language, so that Word's proofing and a
//! screen reader in Word switch with it.
//!
//! pandoc (2.17) writes neither from an EPUB: it reads no `lang` into its docx, but it keeps a
//! span's `custom-style` as a character style. So each text in another language is given to it
//! in a span of the style "Lang xx", and the made file's styles then say that style's language
//! (`w:lang`). The book's own language is pandoc's `lang` setting.

use std::borrow::Cow;

use quick_xml::events::{BytesEnd, BytesStart, Event};
use quick_xml::{Reader, Writer};

use crate::language::same_language;
use crate::work_error::{WorkError, Worked};
use crate::xml::attribute;

/// The name of the character style that says `lang`.
fn style_of(lang: &str) -> String {
    format!("Lang {lang}")
}

/// `xhtml` with each text whose language (its element's `lang` or `xml:lang`, or an
/// ancestor's) is not `book_language` in a span of that language's style. Text in the head,
/// scripts and styles is left alone. A document that is not well-formed XML is given as it
/// is: pandoc reads it as it did.
pub(super) fn marked(xhtml: &str, book_language: &str) -> String {
    rewritten(xhtml, book_language).unwrap_or_else(|| xhtml.to_owned())
}

fn rewritten(xhtml: &str, book_language: &str) -> Option<String> {
    let mut reader = Reader::from_str(xhtml);
    let mut writer = Writer::new(Vec::with_capacity(xhtml.len() + xhtml.len() / 8));
    let mut langs: Vec<Option<String>> = Vec::new();
    let mut unread = 0usize;
    loop {
        let event = reader.read_event().ok()?;
        match &event {
            Event::Start(e) => {
                let own = attribute(e, "lang").filter(|l| !l.is_empty());
                langs.push(own.or_else(|| langs.last().cloned().flatten()));
                if unread > 0 || matches!(e.local_name().into_inner(), "head" | "script" | "style")
                {
                    unread += 1;
                }
            }
            Event::End(_) => {
                langs.pop();
                unread = unread.saturating_sub(1);
            }
            Event::Text(_) | Event::GeneralRef(_) | Event::CData(_) if unread == 0 => {
                let foreign = langs
                    .last()
                    .cloned()
                    .flatten()
                    .filter(|l| !same_language(l, book_language));
                let blank = matches!(&event, Event::Text(t) if t.xml10_content().trim().is_empty());
                if let (Some(lang), false) = (foreign, blank) {
                    let style = style_of(&lang);
                    let span = BytesStart::new("span")
                        .with_attributes([("data-custom-style", style.as_str())]);
                    writer.write_event(Event::Start(span)).ok()?;
                    writer.write_event(event).ok()?;
                    writer.write_event(Event::End(BytesEnd::new("span"))).ok()?;
                    continue;
                }
            }
            Event::Eof => break,
            _ => {}
        }
        writer.write_event(event).ok()?;
    }
    String::from_utf8(writer.into_inner()).ok()
}

/// The styles part of a Word file pandoc made, with each "Lang xx" style saying its language.
pub(super) fn with_languages(styles: &str) -> Cow<'_, str> {
    const NAME: &str = "<w:name w:val=\"Lang ";
    if !styles.contains(NAME) {
        return Cow::Borrowed(styles);
    }
    let mut out = String::with_capacity(styles.len() + 256);
    let mut rest = styles;
    while let Some(at) = rest.find(NAME) {
        let after_name = &rest[at + NAME.len()..];
        let Some(quote) = after_name.find('"') else {
            break;
        };
        let lang = &after_name[..quote];
        let Some(end) = after_name.find("</w:style>") else {
            break;
        };
        let upto = at + NAME.len() + end;
        out.push_str(&rest[..upto]);
        out.push_str(&format!(
            "<w:rPr><w:lang w:val=\"{}\"/></w:rPr>",
            attr_value(lang)
        ));
        rest = &rest[upto..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// A language tag as it may stand in an attribute: the characters BCP 47 has, nothing else.
fn attr_value(lang: &str) -> String {
    lang.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect()
}

/// The Word file with its "Lang xx" styles saying their languages.
pub(super) fn docx_with_languages(docx: &[u8]) -> Worked<Vec<u8>> {
    let unwritten = |e: zip::result::ZipError| {
        WorkError::machine(format!("the Word file cannot be written again: {e}"))
    };
    let mut archive = crate::zipio::open(docx)?;
    let names: Vec<String> = archive
        .file_names()
        .filter_map(Result::ok)
        .map(|n| n.into_owned())
        .collect();
    let time = crate::zipio::timestamp("");
    let mut out = crate::zipio::writer();
    for name in names {
        let Some(mut bytes) = crate::zipio::read_entry(&mut archive, &name)? else {
            continue;
        };
        if name == "word/styles.xml" {
            let styles = String::from_utf8_lossy(&bytes);
            bytes = with_languages(&styles).into_owned().into_bytes();
        }
        crate::zipio::put(&mut out, &name, &bytes, false, time).map_err(unwritten)?;
    }
    crate::zipio::finish(out).map_err(unwritten)
}
