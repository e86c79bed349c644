//! The title index, exercised through its public API.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod exact_filters;
mod facets;
mod filters;
mod languages;
mod lifecycle;
mod paging;
mod scope;
mod tokens;
