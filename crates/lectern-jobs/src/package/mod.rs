//! Packaging one user's download of a title: an EPUB stamped with a notice page and a
//! recipient mark, or, for the other formats, a zip of the original files beside the notice.

mod bundle;
mod edit;
mod epub;
mod nav;
mod opf_edit;
mod paths;

pub use bundle::bundle;
pub use epub::stamp_epub;

/// The download formats the API names (`formatId`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Daisy,
    DaisyAudio,
    Daisy2Audio,
    Brf,
    Epub3,
    Pdf,
    Docx,
}

impl Format {
    pub const ALL: [Format; 7] = [
        Format::Daisy,
        Format::DaisyAudio,
        Format::Daisy2Audio,
        Format::Brf,
        Format::Epub3,
        Format::Pdf,
        Format::Docx,
    ];

    /// The identifier the API uses, for example `DAISY_AUDIO`.
    pub fn id(self) -> &'static str {
        match self {
            Format::Daisy => "DAISY",
            Format::DaisyAudio => "DAISY_AUDIO",
            Format::Daisy2Audio => "DAISY_2_AUDIO",
            Format::Brf => "BRF",
            Format::Epub3 => "EPUB3",
            Format::Pdf => "PDF",
            Format::Docx => "DOCX",
        }
    }

    pub fn from_id(id: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == id)
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

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
    let safe: String = service_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let extension = if format == Format::Epub3 {
        "epub"
    } else {
        "zip"
    };
    format!("{safe}-{}.{extension}", format.id())
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

    #[test]
    fn ids_round_trip() {
        for format in Format::ALL {
            assert_eq!(Format::from_id(format.id()), Some(format));
        }
        assert_eq!(Format::from_id("epub3"), None);
    }
}
