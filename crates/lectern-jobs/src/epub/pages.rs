//! XHTML content documents: one template for every page this crate writes into an EPUB.

use crate::xml::esc;

/// A complete XHTML content document. `lang` goes on the root element in both the HTML and the
/// XML form, since reading systems and assistive technology read either.
pub(crate) fn xhtml(lang: &str, title: &str, head_extra: &str, body: &str) -> String {
    let lang = esc(lang);
    let title = esc(title);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n\
         <html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" \
         lang=\"{lang}\" xml:lang=\"{lang}\">\n<head>\n<title>{title}</title>\n{head_extra}</head>\n\
         <body>\n{body}</body>\n</html>\n"
    )
}

/// Attributes marking an element's content as English, for this crate's own labels inside a
/// document in another language; nothing when the document is English already.
pub(crate) fn english_in(lang: &str) -> String {
    marked_in(lang, "en")
}

/// Attributes marking an element's content as in the language of tag `part` (and its
/// direction), inside a document in the language of tag `lang`; nothing when they are one.
pub(crate) fn marked_in(lang: &str, part: &str) -> String {
    if crate::language::same_language(lang, part) {
        return String::new();
    }
    format!(
        " lang=\"{0}\" xml:lang=\"{0}\" dir=\"{1}\"",
        esc(part),
        lectern_i18n::direction_of(part)
    )
}

/// Paragraphs from plain text: blank lines separate them, other line breaks are spaces.
pub(crate) fn paragraphs(text: &str) -> String {
    let mut out = String::new();
    let mut current = Vec::new();
    for line in text.lines().chain(std::iter::once("")) {
        if line.trim().is_empty() {
            if !current.is_empty() {
                let joined = current.join(" ");
                out.push_str(&format!(
                    "<p>{}</p>\n",
                    esc(&crate::xml::normalize_space(&joined))
                ));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    out
}
