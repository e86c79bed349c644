//! lectern-jobs: reading, building, stamping and bundling title files.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod build;
mod bundle;
mod files;
mod fixtures;
mod one_file;
mod read;
mod speed;
mod stamp;
