//! The system of record: one schema and one query path over SQLite and PostgreSQL.
//!
//! Every statement is written once in SQL both engines accept (`$n` parameters, `ON CONFLICT`,
//! `RETURNING`) and runs through sqlx's `Any` driver; the backend is picked at run time by the
//! URL's scheme. Anything that truly differs between the engines belongs in `dialect`. The one
//! exception is `bulk`, which copies titles into PostgreSQL with `COPY`, which `Any` lacks.

pub mod account_changes;
pub mod account_search;
pub mod accounts;
pub mod agreements;
pub mod assigned_titles;
pub mod bisac_codes;
pub mod bookmarks;
pub mod bulk;
pub mod catalog_edits;
pub mod categories;
mod checkpoints;
pub mod clients;
pub mod conflicts;
pub mod credentials;
mod db;
pub mod dialect;
pub mod disabilities;
pub mod documents;
pub mod downloads;
pub mod fixture;
mod group_commit;
pub mod highlights;
mod inline_reads;
pub mod keyset;
pub mod kosync;
pub mod made_formats;
pub mod marks;
pub mod members;
pub mod oauth;
pub mod organizations;
pub mod outbox;
mod packed;
pub mod partner_identities;
pub mod partner_tokens;
pub mod periodicals;
pub mod pod_queue;
pub mod popular_lists;
pub mod preferences;
pub mod queue;
pub mod readers;
pub mod reading_activity;
pub mod reading_list_entries;
pub mod reading_lists;
mod reads;
pub mod recommendations;
pub mod reference_organizations;
pub mod request_locks;
pub mod roster_tags;
pub mod sites;
pub mod speed_variants;
mod sql;
pub mod subscriptions;
#[cfg(feature = "testing")]
pub mod testing;
pub mod titles;
pub mod utm;
mod write_turns;

pub use db::{Backend, Store, StoreError};
pub use reads::{ReadOn, Reads};
pub use sqlx::AnyConnection as Connection;
pub use write_turns::{Transaction, Writer};

pub(crate) fn flag(b: bool) -> i64 {
    i64::from(b)
}
