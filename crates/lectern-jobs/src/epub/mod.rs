//! EPUB 3: reading a publication's package metadata, and building small publications.

mod build;
mod container;
mod content;
mod metadata;
pub(crate) mod opf;
pub(crate) mod pages;
pub mod positions;
pub(crate) mod read;
pub(crate) mod steps;
#[cfg(test)]
pub(crate) mod testing;

pub use build::{Chapter, EpubSource, PrintEdition, build};
pub use content::{Content, Foreign, Part, PartPlace, read_content};
pub use lectern_domain::catalog::isbn::isbn13;
use lectern_domain::invalid::Why;
pub use metadata::{Accessibility, Contributor, EpubMetadata};
pub use read::read_metadata;

pub(crate) use container::{CONTAINER, package_path, package_path_in};

/// Why a file could not be read or stamped as an EPUB 3. Each message names what is wrong, so
/// that it can be shown to whoever uploaded the file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EpubError {
    #[error("not a zip archive, so not an EPUB: {0}")]
    NotZip(String),
    #[error("zip entry {entry} cannot be read: {message}")]
    Zip { entry: String, message: String },
    #[error("META-INF/container.xml is missing, so this is not an EPUB")]
    NoContainer,
    #[error("META-INF/container.xml names no package document (no rootfile with a full-path)")]
    NoRootfile,
    #[error("the package document {0} named by META-INF/container.xml is not in the archive")]
    NoPackage(String),
    #[error("package version \"{0}\" is not EPUB 3: only EPUB 3.x publications are accepted")]
    NotEpub3(String),
    #[error("{file} is not well-formed XML: {message}")]
    Xml { file: String, message: String },
    #[error("the package document has no {0}")]
    MissingMetadata(&'static str),
    #[error("the package document cannot be stamped: {0}")]
    Unstampable(String),
    #[error("the notice's issued_at \"{0}\" is not a YYYY-MM-DDThh:mm:ssZ timestamp")]
    BadTimestamp(String),
}

/// The file's problem with its message, so that whoever uploaded it reads it in their language
/// (the zip reader's and the XML parser's own words stay as they said them).
impl From<EpubError> for Why {
    fn from(e: EpubError) -> Why {
        let english = e.to_string();
        match e {
            EpubError::NotZip(why) => Why::of("epub-not-zip", english).with("why", why),
            EpubError::Zip { entry, message } => Why::of("epub-zip-entry", english)
                .with("entry", entry)
                .with("why", message),
            EpubError::NoContainer => Why::of("epub-no-container", english),
            EpubError::NoRootfile => Why::of("epub-no-rootfile", english),
            EpubError::NoPackage(path) => Why::of("epub-no-package", english).with("path", path),
            EpubError::NotEpub3(version) => {
                Why::of("epub-not-epub3", english).with("version", version)
            }
            EpubError::Xml { file, message } => Why::of("epub-not-xml", english)
                .with("file", file)
                .with("why", message),
            EpubError::MissingMetadata(element) => {
                Why::of("epub-no-metadata", english).with("element", element)
            }
            EpubError::Unstampable(why) => Why::of("epub-unstampable", english).with("why", why),
            EpubError::BadTimestamp(value) => {
                Why::of("epub-bad-timestamp", english).with("value", value)
            }
        }
    }
}

impl EpubError {
    pub(crate) fn xml(file: &str, e: impl std::fmt::Display) -> Self {
        Self::Xml {
            file: file.to_owned(),
            message: e.to_string(),
        }
    }
}
