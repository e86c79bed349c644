//! An EPUB 3 read in place for streaming: what a Readium Web Publication Manifest says of it
//! (its reading order, resources, table of contents, page list, landmarks and package
//! metadata, accessibility included) and its entries one at a time, read by byte range from the
//! master in the file store ([`zip_directory`]). The doors render the manifest; this module only
//! reads the book.

mod chapter;
mod navigation;
pub mod places;
mod zip_directory;

use crate::epub::opf::{self, Package};
use crate::epub::{CONTAINER, EpubError, EpubMetadata, package_path_in, read};
use crate::files::{FileError, FileStore};
use crate::package::paths::{dir_of, resolve};

pub use chapter::{Chapter, ID_PREFIX, Targets, chapter};
pub use navigation::NavPoint;
pub use zip_directory::{LARGEST_ENTRY, ZipDirectory};

/// Why a master cannot be read for streaming.
#[derive(Debug, thiserror::Error)]
pub enum WebpubError {
    #[error("the EPUB's zip cannot be read: {0}")]
    Zip(String),
    #[error("{0} is larger than an entry streamed from an EPUB may be")]
    TooLarge(String),
    #[error(transparent)]
    Epub(#[from] EpubError),
    #[error(transparent)]
    Files(#[from] FileError),
}

/// A file of the publication, by its path in the zip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource {
    pub path: String,
    pub media_type: String,
    /// The manifest item's properties (`nav`, `cover-image`, `scripted`, `mathml`, ...).
    pub properties: Vec<String>,
}

/// What a reading system needs to open an EPUB without its zip.
#[derive(Debug, Clone)]
pub struct Publication {
    pub metadata: EpubMetadata,
    /// The spine's documents, in reading order.
    pub reading_order: Vec<Resource>,
    /// Every other file of the package's manifest.
    pub resources: Vec<Resource>,
    pub toc: Vec<NavPoint>,
    pub page_list: Vec<NavPoint>,
    pub landmarks: Vec<NavPoint>,
}

impl Publication {
    /// Reads the publication of the EPUB at `key`, through its zip's directory: the container,
    /// the package document and the navigation document, each by its own range.
    pub async fn read(
        files: &FileStore,
        key: &str,
        directory: &ZipDirectory,
    ) -> Result<Self, WebpubError> {
        let text = |name: String| async move {
            let bytes = directory.entry(files, key, &name).await?;
            Ok::<_, WebpubError>(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
        };
        let container = text(CONTAINER.to_owned())
            .await?
            .ok_or(EpubError::NoContainer)?;
        let package_path = package_path_in(&container)?;
        let xml = text(package_path.clone())
            .await?
            .ok_or_else(|| EpubError::NoPackage(package_path.clone()))?;
        let package = opf::parse(&xml, &package_path)?;
        let base = dir_of(&package_path).to_owned();
        let (reading_order, resources) = files_of(&package, &base);
        let nav_path = resources
            .iter()
            .chain(&reading_order)
            .find(|r| r.properties.iter().any(|p| p == "nav"))
            .map(|r| r.path.clone());
        let nav = match nav_path {
            Some(path) => match text(path.clone()).await? {
                Some(xhtml) => navigation::read(&xhtml, &path)?,
                None => navigation::Navigation::default(),
            },
            None => navigation::Navigation::default(),
        };
        Ok(Publication {
            metadata: read::from_package(package)?,
            reading_order,
            resources,
            toc: nav.toc,
            page_list: nav.page_list,
            landmarks: nav.landmarks,
        })
    }
}

/// The spine's documents in order, and the rest of the manifest, as paths in the zip.
fn files_of(package: &Package, base: &str) -> (Vec<Resource>, Vec<Resource>) {
    let resource = |item: &opf::Item| Resource {
        path: resolve(base, &item.href),
        media_type: item.media_type.clone(),
        properties: item.properties.clone(),
    };
    let reading_order: Vec<Resource> = package
        .spine
        .iter()
        .filter_map(|id| package.manifest.iter().find(|i| &i.id == id))
        .map(resource)
        .collect();
    let resources = package
        .manifest
        .iter()
        .filter(|i| !package.spine.contains(&i.id))
        .map(resource)
        .collect();
    (reading_order, resources)
}

#[cfg(test)]
mod tests;
