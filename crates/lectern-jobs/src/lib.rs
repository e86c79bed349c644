//! Background work for Lectern. For now: packaging title files, with no access to the store.
//!
//! - [`epub`] reads an EPUB 3's package metadata (for ingest) and builds small EPUB 3s from plain
//!   data (for the demo and synthetic catalogs).
//! - [`package`] turns a title's files into one user's download: an EPUB stamped with a copyright
//!   notice page and a recipient mark, or a zip of the originals beside the same notice.
//! - [`files`] is the file store (a local directory, or S3 with the `s3` feature).

pub mod epub;
pub mod files;
pub mod language;
pub mod notice;
pub mod package;

mod xml;
mod zipio;

pub use files::{FileError, FileStore};
pub use notice::Notice;
