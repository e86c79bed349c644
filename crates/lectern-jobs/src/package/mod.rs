//! Packaging one user's download of a title: an EPUB stamped with a notice page and a
//! recipient mark, or, for the other formats, a zip of the original files beside the notice.

mod bundle;
mod edit;
mod epub;
mod nav;
mod opf_edit;
pub(crate) mod paths;

pub use bundle::bundle;
pub use epub::stamp_epub;

/// The download formats, as the domain (and the API) names them.
pub use lectern_domain::catalog::Format;

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

/// The download's file name: `<serviceId>-<FORMAT>.epub` for EPUB 3, `.zip` for the rest.
/// Characters other than letters, digits, `.`, `_` and `-` become `_`, so that the name is
/// safe in a Content-Disposition header and on any file system.
pub fn file_name(service_id: &str, format: Format) -> String {
    let safe = safe_segment(service_id);
    let extension = if format == Format::Epub3 {
        "epub"
    } else {
        "zip"
    };
    format!("{safe}-{}.{extension}", format.as_str())
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

    #[test]
    fn file_names() {
        assert_eq!(file_name("123456", Format::Epub3), "123456-EPUB3.epub");
        assert_eq!(
            file_name("123456", Format::Daisy2Audio),
            "123456-DAISY_2_AUDIO.zip"
        );
        assert_eq!(file_name("12/34 x", Format::Brf), "12_34_x-BRF.zip");
    }
}
