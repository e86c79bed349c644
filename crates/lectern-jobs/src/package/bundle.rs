use super::{Format, PackageError};
use crate::notice::Notice;
use crate::zipio;
use lectern_domain::account::braille::BrailleLayout;

const NOTICE_TEXT: &str = "COPYRIGHT-NOTICE.txt";
const NOTICE_HTML: &str = "COPYRIGHT-NOTICE.html";
const NOTICE_BRF: &str = "COPYRIGHT-NOTICE.brf";

/// Extensions of content that is compressed already: deflating it again costs time (audio
/// books run to hundreds of megabytes) and saves nothing.
const COMPRESSED: &[&str] = &[
    "mp3", "m4a", "m4b", "mp4", "aac", "ogg", "opus", "jpg", "jpeg", "png", "gif", "webp", "zip",
    "epub", "docx", "pdf",
];

/// One user's download of a non-EPUB format: a zip of the title's files, unchanged and under
/// their own names, plus the copyright notice as `COPYRIGHT-NOTICE.txt` and (for screen readers
/// and browsers) `COPYRIGHT-NOTICE.html`; a braille download adds it in uncontracted braille,
/// `COPYRIGHT-NOTICE.brf`, laid out for the line of the embosser or display its reader uses
/// (`braille`). EPUB 3 is refused: it gets its notice inside the publication, from
/// [`super::stamp_epub`].
pub fn bundle(
    format: Format,
    files: &[(String, Vec<u8>)],
    notice: &Notice,
    braille: &BrailleLayout,
) -> Result<Vec<u8>, PackageError> {
    if format == Format::Epub3 {
        return Err(PackageError::EpubIsStamped);
    }
    let mut notices = vec![(NOTICE_TEXT, notice.text()), (NOTICE_HTML, notice.html())];
    if format == Format::Brf {
        notices.push((NOTICE_BRF, notice.brf(braille)));
    }
    for (i, (name, _)) in files.iter().enumerate() {
        let clashes_with_notice = notices.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        if clashes_with_notice || files[..i].iter().any(|(earlier, _)| earlier == name) {
            return Err(PackageError::DuplicateName(name.clone()));
        }
    }
    let time = zipio::timestamp(&notice.issued_at);
    let mut zip = zipio::writer();
    let bad = |name: &str, e: zip::result::ZipError| PackageError::BadName {
        name: name.to_owned(),
        message: e.to_string(),
    };
    for (name, text) in &notices {
        zipio::put(&mut zip, name, text.as_bytes(), false, time).map_err(|e| bad(name, e))?;
    }
    for (name, data) in files {
        zipio::put(&mut zip, name, data, is_compressed(name), time).map_err(|e| bad(name, e))?;
    }
    zipio::finish(zip).map_err(|e| bad("(archive)", e))
}

fn is_compressed(name: &str) -> bool {
    let extension = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    COMPRESSED.contains(&extension.as_str())
}
