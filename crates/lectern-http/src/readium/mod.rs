//! Readium's JSON, which two doors write: a title's accessibility metadata (OPDS 2.0's
//! publications and the reading manifest) and the Readium Web Publication Manifest of a book
//! opened to read online (`streaming`).

pub mod accessibility;
pub mod manifest;
