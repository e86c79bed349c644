//! Packaging one user's download of a title: a one-file format (EPUB, Word, PDF, braille)
//! stamped with a notice page (and, in an EPUB, a recipient mark), or, for DAISY and braille in
//! volumes, a zip of the original files beside the notice.

mod bundle;
mod docx;
mod edit;
mod epub;
mod nav;
mod opf_edit;
pub(crate) mod paths;
mod pdf;

pub use bundle::bundle;
pub use docx::stamp_docx;
pub use epub::stamp_epub;
#[cfg(feature = "testing")]
pub use pdf::plain_pdf;
pub use pdf::stamp_pdf;

/// The download formats, as the domain (and the API) names them, and how each is delivered.
pub use lectern_domain::catalog::{Delivery, Format};

use crate::epub::EpubError;
use crate::notice::Notice;
use lectern_domain::account::braille::BrailleLayout;

/// Why a bundle could not be made.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PackageError {
    #[error("EPUB3 downloads are stamped with stamp_epub, not bundled")]
    EpubIsStamped,
    #[error("file name {0:?} appears twice, or collides with the notice files")]
    DuplicateName(String),
    #[error("file name {name:?} cannot go into a zip: {message}")]
    BadName { name: String, message: String },
}

/// The download's file name: `<serviceId>-<FORMAT>.<extension>`, the extension of the file it
/// is delivered as (`epub`, `docx`, `brf`, `pdf`, or `zip` for DAISY and for braille in
/// volumes). Characters other than letters, digits, `.`, `_` and `-` become `_`, so that the
/// name is safe in a Content-Disposition header and on any file system.
pub fn file_name(service_id: &str, format: Format, delivery: Delivery) -> String {
    let safe = safe_segment(service_id);
    format!("{safe}-{}.{}", format.as_str(), delivery.extension)
}

/// One user's copy of a one-file artifact, with the notice inside it: an EPUB's last page in
/// its reading order, a Word document's and a PDF's last page, a braille file's last page in
/// the reader's layout (`braille`).
pub fn stamp(
    format: Format,
    original: &[u8],
    notice: &Notice,
    braille: &BrailleLayout,
) -> Result<Vec<u8>, EpubError> {
    match format {
        Format::Epub3 => stamp_epub(original, notice),
        Format::Docx => stamp_docx(original, notice),
        Format::Pdf => stamp_pdf(original, notice),
        Format::Brf => Ok(stamp_brf(original, notice, braille)),
        other => Err(EpubError::Unstampable(format!(
            "{other} is delivered as a zip of its files"
        ))),
    }
}

/// The braille book, then the notice: on a page of its own for an embosser (BRF separates
/// pages with a form feed), after a blank line for a display, which reads one unbroken page.
/// A book in Unicode braille (every language but English) has its notice in Unicode braille.
fn stamp_brf(original: &[u8], notice: &Notice, braille: &BrailleLayout) -> Vec<u8> {
    let mut notice = notice.brf(braille);
    if crate::braille::is_unicode_braille(original) {
        notice = crate::braille::unicode_braille(&notice);
    }
    let paged = braille.lines_per_page().is_some();
    let mut out = Vec::with_capacity(original.len() + notice.len() + 4);
    out.extend_from_slice(original);
    if paged && !original.is_empty() && !original.ends_with(b"\x0c") {
        out.push(b'\x0c');
    } else if !paged && !original.is_empty() {
        if !original.ends_with(b"\r\n") {
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(notice.as_bytes());
    out
}

/// `id` as one segment of a file name or key: characters other than letters, digits, `.`, `_`
/// and `-` become `_`.
pub fn safe_segment(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Format, file_name};
    use lectern_domain::catalog::Artifact;

    #[test]
    fn file_names() {
        let of = |format, file: &str| Artifact::new(format, Some(file.to_owned())).delivery();
        let epub = of(Format::Epub3, "a.epub");
        assert_eq!(
            file_name("123456", Format::Epub3, epub),
            "123456-EPUB3.epub"
        );
        let daisy = of(Format::Daisy2Audio, "daisy/");
        assert_eq!(
            file_name("123456", Format::Daisy2Audio, daisy),
            "123456-DAISY_2_AUDIO.zip"
        );
        let volumes = of(Format::Brf, "volumes/");
        assert_eq!(
            file_name("12/34 x", Format::Brf, volumes),
            "12_34_x-BRF.zip"
        );
        let brf = of(Format::Brf, "book.brf");
        assert_eq!(file_name("12/34 x", Format::Brf, brf), "12_34_x-BRF.brf");
        let docx = of(Format::Docx, "book.docx");
        assert_eq!(file_name("1", Format::Docx, docx), "1-DOCX.docx");
    }
}
