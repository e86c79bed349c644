//! Background work for Lectern: packaging downloads, and the files they are made from.
//!
//! - [`epub`] reads an EPUB 3's package metadata (for ingest) and builds small EPUB 3s from plain
//!   data (for the demo and synthetic catalogs).
//! - [`package`] turns a title's files into one user's download: an EPUB stamped with a copyright
//!   notice page and a recipient mark, or a zip of the originals beside the same notice.
//! - [`files`] is the file store (a local directory, or S3 with the `s3` feature).
//! - [`speed`] makes an MP3 resource at another playback speed.
//! - [`webpub`] reads an EPUB in place for streaming: its manifest's parts, and its entries by
//!   byte range.
//! - [`worker`] claims queued downloads and speed changes from the store and makes them; its
//!   failures are [`WorkError`]s.

pub mod braille;
#[cfg(feature = "testing")]
pub mod checkers;
pub mod convert;
pub mod derive;
pub mod epub;
pub mod files;
pub mod import_epub;
pub mod language;
pub mod notice;
pub mod package;
pub mod recording;
pub mod speed;
pub mod webpub;
pub mod work_error;
pub mod worker;

mod xml;
mod zipio;

pub use files::{FileError, FileStore};
pub use notice::{Catalogued, Notice};
pub use work_error::{WorkError, Worked};
