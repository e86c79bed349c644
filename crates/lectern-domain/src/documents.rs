//! A reader's own documents: what may be uploaded, to be made accessible as an EPUB 3.

string_enum!(
    /// The media types document 2 accepts for a document.
    DocumentType {
        Pdf = "application/pdf",
        Jpeg = "image/jpeg",
        Heif = "image/heif",
        Png = "image/png",
        Pptx = "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    }
);

/// The largest upload: document 1's 20 Mb, read as megabytes.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// A document's name: not blank, at most 200 characters.
pub fn check_name(name: &str) -> Result<(), crate::invalid::Why> {
    use crate::invalid::Why;
    match name.trim().chars().count() {
        0 => Err(Why::not_blank()),
        n if n > 200 => Err(Why::at_most_chars(200)),
        _ => Ok(()),
    }
}

/// Whether the bytes look like the type named, by their first bytes, so that a file sent under
/// the wrong type is refused at once instead of failing in the worker.
pub fn looks_like(kind: DocumentType, bytes: &[u8]) -> bool {
    match kind {
        DocumentType::Pdf => bytes.starts_with(b"%PDF-"),
        DocumentType::Jpeg => bytes.starts_with(&[0xFF, 0xD8, 0xFF]),
        DocumentType::Png => bytes.starts_with(&[0x89, b'P', b'N', b'G']),
        DocumentType::Heif => bytes.get(4..8) == Some(b"ftyp".as_slice()),
        DocumentType::Pptx => bytes.starts_with(&[b'P', b'K', 3, 4]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_must_look_like_their_type() {
        assert!(looks_like(DocumentType::Pdf, b"%PDF-1.4 ..."));
        assert!(!looks_like(DocumentType::Pdf, b"PK\x03\x04"));
        assert!(looks_like(
            DocumentType::Png,
            &[0x89, b'P', b'N', b'G', 13, 10, 26, 10]
        ));
        assert!(looks_like(DocumentType::Pptx, b"PK\x03\x04rest"));
        assert!(looks_like(DocumentType::Heif, b"\0\0\0\x18ftypheic"));
        assert!("text/plain".parse::<DocumentType>().is_err());
        assert!(check_name(" ").is_err());
        assert!(check_name("Notes").is_ok());
    }
}
