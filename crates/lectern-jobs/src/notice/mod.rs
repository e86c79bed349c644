//! The copyright notice that goes with every download: one wording, in the reader's language
//! (`words`), rendered as plain text, HTML, an EPUB page, a Word document's and a PDF's last
//! page and braille, so that every copy of a download says the same thing.

mod words;

use sha2::{Digest, Sha256};

use crate::xml::esc;
pub use words::{NOTICE_LANGUAGES, notice_language};

/// Who a download was packaged for, and what. All plain data, as the job has it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice {
    /// The reader's name; empty for a guest, whom the notice calls the library's guest.
    pub user_display_name: String,
    pub user_account_id: String,
    /// The title's service id.
    pub service_id: String,
    pub title: String,
    /// The library (site) the download came from.
    pub site_name: String,
    /// Unique per packaging job; ties a file found elsewhere to one download.
    pub download_id: String,
    /// `YYYY-MM-DDThh:mm:ssZ`.
    pub issued_at: String,
    /// The IRI of Lectern's metadata vocabulary under the library's public address
    /// (`https://library.example/vocab#`): the prefix of the recipient mark in an EPUB's package.
    pub vocabulary: String,
    /// What the catalog says of the title, written into a delivered file where it is silent.
    pub record: Catalogued,
    /// The language the notice is written in (a BCP 47 tag, `notice_language`'s choice),
    /// wherever its rendering can write it; English where not, or where it is empty.
    pub language: String,
}

/// What the library's catalog says of a title that a delivered file may not: a reading app
/// shows the file's own metadata (calibre shows the day it converted a file with no date).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalogued {
    pub authors: Vec<String>,
    /// The publication date (`YYYY-MM-DD`), or the copyright year (`YYYY`).
    pub date: Option<String>,
    /// The title's categories, by name.
    pub subjects: Vec<String>,
}

/// A piece of the notice's outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Heading,
    Paragraph,
}

/// The notice's words in one language.
struct Wording {
    heading: String,
    statement: String,
    terms_heading: String,
    personal: String,
    copyright: String,
}

impl Notice {
    /// A mark that identifies the recipient without naming them: the first 16 hex digits of
    /// SHA-256 over the account, the title and the download. The unit separator keeps
    /// ("ab", "c") and ("a", "bc") apart.
    pub fn recipient_mark(&self) -> String {
        let mut hash = Sha256::new();
        for part in [&self.user_account_id, &self.service_id, &self.download_id] {
            hash.update(part.as_bytes());
            hash.update([0x1f]);
        }
        hex::encode(&hash.finalize()[..8])
    }

    /// The download date, `YYYY-MM-DD`.
    pub fn date(&self) -> &str {
        self.issued_at.get(..10).unwrap_or(&self.issued_at)
    }

    /// Whether `issued_at` has the exact `YYYY-MM-DDThh:mm:ssZ` form EPUB's `dcterms:modified`
    /// requires.
    pub fn issued_at_is_valid(&self) -> bool {
        let b = self.issued_at.as_bytes();
        b.len() == 20
            && b.iter().enumerate().all(|(i, c)| match i {
                4 | 7 => *c == b'-',
                10 => *c == b'T',
                13 | 16 => *c == b':',
                19 => *c == b'Z',
                _ => c.is_ascii_digit(),
            })
    }

    /// The notice's words in the language of tag `lang`.
    fn wording(&self, lang: &str) -> Wording {
        let say = |key: &str, args: &[(&'static str, &str)]| words::say(lang, key, args);
        let site = self.site_name.as_str();
        let guest;
        let name = if self.user_display_name.is_empty() {
            guest = say("notice-guest", &[("site", site)]);
            guest.as_str()
        } else {
            self.user_display_name.as_str()
        };
        let date = lectern_i18n::date_in(lang, self.date()).unwrap_or_else(|| self.date().into());
        let mark = self.recipient_mark();
        Wording {
            heading: say("notice-heading", &[]),
            statement: say(
                "notice-statement",
                &[
                    ("title", &self.title),
                    ("site", site),
                    ("serviceId", &self.service_id),
                    ("date", &date),
                    ("name", name),
                    ("account", &self.user_account_id),
                    ("download", &self.download_id),
                    ("mark", &mark),
                ],
            ),
            terms_heading: say("notice-terms-heading", &[]),
            personal: say("notice-personal-use", &[]),
            copyright: say("notice-copyright", &[("site", site)]),
        }
    }

    /// The language the notice's words are in: its `language`, English where that is empty.
    pub fn lang(&self) -> &'static str {
        notice_language(&[Some(&self.language)])
    }

    /// The notice's heading, in its language.
    pub fn heading(&self) -> String {
        words::say(self.lang(), "notice-heading", &[])
    }

    /// Plain text, for `COPYRIGHT-NOTICE.txt`.
    pub fn text(&self) -> String {
        let w = self.wording(self.lang());
        format!(
            "{}\n\n{}\n\n{}\n\n{}\n\n{}\n",
            w.heading, w.statement, w.terms_heading, w.personal, w.copyright
        )
    }

    /// Uncontracted braille in a BRF file's character set, on the reader's line and page, for
    /// `COPYRIGHT-NOTICE.brf` in a braille download and the page a BRF ends with. Always
    /// English: Lectern's own transcriber writes Unified English Braille only.
    pub fn brf(&self, layout: &lectern_domain::account::braille::BrailleLayout) -> String {
        use crate::braille::{Block, brf};
        let outline = self.outline_in("en");
        let blocks: Vec<Block<'_>> = outline
            .iter()
            .map(|(part, text)| match part {
                Part::Heading => Block::Heading(text),
                Part::Paragraph => Block::Paragraph(text),
            })
            .collect();
        brf(&blocks, layout)
    }

    /// The notice as headings and paragraphs in reading order, in the language of tag `lang`,
    /// for the renderings that lay text out themselves (braille, Word, PDF).
    pub(crate) fn outline_in(&self, lang: &str) -> [(Part, String); 5] {
        let w = self.wording(lang);
        [
            (Part::Heading, w.heading),
            (Part::Paragraph, w.statement),
            (Part::Heading, w.terms_heading),
            (Part::Paragraph, w.personal),
            (Part::Paragraph, w.copyright),
        ]
    }

    /// The notice's body markup, shared by the HTML file and the EPUB page.
    fn body(&self) -> String {
        let w = self.wording(self.lang());
        format!(
            "<h1 id=\"notice-h\">{}</h1>\n<p>{}</p>\n<h2>{}</h2>\n<p>{}</p>\n<p>{}</p>\n",
            esc(&w.heading),
            esc(&w.statement),
            esc(&w.terms_heading),
            esc(&w.personal),
            esc(&w.copyright)
        )
    }

    /// The direction the notice's words run, for a `dir` attribute.
    pub(crate) fn direction(&self) -> &'static str {
        lectern_i18n::direction_of(self.lang())
    }

    /// A standalone HTML document, for `COPYRIGHT-NOTICE.html`.
    pub fn html(&self) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"{}\" dir=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{}: {}</title>\n</head>\n<body>\n<main aria-labelledby=\"notice-h\">\n{}</main>\n\
             </body>\n</html>\n",
            self.lang(),
            self.direction(),
            esc(&self.heading()),
            esc(&self.title),
            self.body()
        )
    }

    /// The EPUB page's `<body>` content, in the notice's language (the page's own, whatever
    /// the book's).
    pub(crate) fn xhtml_body(&self) -> String {
        format!(
            "<section epub:type=\"copyright-page\" aria-labelledby=\"notice-h\" dir=\"{}\">\n{}</section>\n",
            self.direction(),
            self.body()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Notice;

    fn notice() -> Notice {
        Notice {
            user_account_id: "ua-1".into(),
            service_id: "123".into(),
            download_id: "d-9".into(),
            issued_at: "2026-03-01T12:00:00Z".into(),
            ..Notice::default()
        }
    }

    #[test]
    fn mark_is_stable_and_depends_on_every_part() {
        let n = notice();
        assert_eq!(n.recipient_mark(), notice().recipient_mark());
        assert_eq!(n.recipient_mark().len(), 16);
        let other = Notice {
            download_id: "d-10".into(),
            ..notice()
        };
        assert_ne!(n.recipient_mark(), other.recipient_mark());
    }

    #[test]
    fn issued_at_must_be_exact() {
        assert!(notice().issued_at_is_valid());
        for bad in [
            "2026-03-01",
            "2026-03-01T12:00:00+01:00",
            "2026-03-01 12:00:00Z",
        ] {
            assert!(
                !Notice {
                    issued_at: bad.into(),
                    ..notice()
                }
                .issued_at_is_valid(),
                "{bad}"
            );
        }
    }
}
