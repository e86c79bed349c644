//! The store on both engines: fixture loading and single-use credentials.

// A failed unwrap is a failed test: that is what tests are for.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fixtures;
mod oauth;
