//! The store on both engines: fixture loading, the catalog and its change feed, single-use
//! credentials, and writers taking turns.

// A failed unwrap is a failed test: that is what tests are for.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod catalog;
mod conflicts;
mod downloads;
mod fixtures;
mod inline_reads;
mod oauth;
mod periodicals;
mod reading_activity;
mod recommendations;
mod speed_variants;
mod write_turns;
