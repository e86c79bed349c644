//! The copyright notice that goes with every download: one wording, rendered as plain text,
//! HTML, an EPUB page and braille, so that every copy of a download says the same thing.

use sha2::{Digest, Sha256};

use crate::xml::esc;

/// Who a download was packaged for, and what. All plain data, as the job has it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice {
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

pub(crate) const HEADING: &str = "Copyright notice";

/// A piece of the notice's outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Heading,
    Paragraph,
}
const TERMS_HEADING: &str = "Terms of use";

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

    /// The statement of whom the copy is for; first paragraph in every rendering.
    fn statement(&self) -> String {
        format!(
            "This copy of \u{201c}{}\u{201d} ({} title {}) was prepared by {} on {} for {} \
             (user account {}), download {}, recipient mark {}.",
            self.title,
            self.site_name,
            self.service_id,
            self.site_name,
            self.date(),
            self.user_display_name,
            self.user_account_id,
            self.download_id,
            self.recipient_mark(),
        )
    }

    fn terms(&self) -> [String; 2] {
        [
            "It is for the personal use of a person with a print disability only. Do not copy \
             it for, share it with or redistribute it to anyone else."
                .to_owned(),
            format!(
                "The work remains protected by copyright. {} provides this accessible copy under \
                 the exceptions to copyright law for people with print disabilities; use beyond \
                 these terms may infringe the rights of the copyright holder.",
                self.site_name
            ),
        ]
    }

    /// Plain text, for `COPYRIGHT-NOTICE.txt`.
    pub fn text(&self) -> String {
        let [personal, copyright] = self.terms();
        format!(
            "{HEADING}\n\n{}\n\n{TERMS_HEADING}\n\n{personal}\n\n{copyright}\n",
            self.statement()
        )
    }

    /// Uncontracted braille in a BRF file's character set, on the reader's line and page, for
    /// `COPYRIGHT-NOTICE.brf` in a braille download and the page a BRF ends with.
    pub fn brf(&self, layout: &lectern_domain::account::braille::BrailleLayout) -> String {
        use crate::braille::{Block, brf};
        let outline = self.outline();
        let blocks: Vec<Block<'_>> = outline
            .iter()
            .map(|(part, text)| match part {
                Part::Heading => Block::Heading(text),
                Part::Paragraph => Block::Paragraph(text),
            })
            .collect();
        brf(&blocks, layout)
    }

    /// The notice as headings and paragraphs in reading order, for the renderings that lay
    /// text out themselves (braille, Word, PDF).
    pub(crate) fn outline(&self) -> [(Part, String); 5] {
        let [personal, copyright] = self.terms();
        [
            (Part::Heading, HEADING.to_owned()),
            (Part::Paragraph, self.statement()),
            (Part::Heading, TERMS_HEADING.to_owned()),
            (Part::Paragraph, personal),
            (Part::Paragraph, copyright),
        ]
    }

    /// The notice's body markup, shared by the HTML file and the EPUB page.
    fn body(&self) -> String {
        let [personal, copyright] = self.terms();
        format!(
            "<h1 id=\"notice-h\">{HEADING}</h1>\n<p>{}</p>\n<h2>{TERMS_HEADING}</h2>\n\
             <p>{}</p>\n<p>{}</p>\n",
            esc(&self.statement()),
            esc(&personal),
            esc(&copyright)
        )
    }

    /// A standalone HTML document, for `COPYRIGHT-NOTICE.html`.
    pub fn html(&self) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{HEADING}: {}</title>\n</head>\n<body>\n<main aria-labelledby=\"notice-h\">\n{}</main>\n\
             </body>\n</html>\n",
            esc(&self.title),
            self.body()
        )
    }

    /// The EPUB page's `<body>` content. Always English: the notice's own language, whatever
    /// the book's.
    pub(crate) fn xhtml_body(&self) -> String {
        format!(
            "<section epub:type=\"copyright-page\" aria-labelledby=\"notice-h\">\n{}</section>\n",
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
