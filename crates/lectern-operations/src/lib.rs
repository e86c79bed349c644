//! The house every door opens onto. The API, the token server, the OPDS catalog, KOReader's
//! sync and the pages each parse what they were sent, make an [`Actor`] of its credential, call
//! an operation here and render its outcome; the rules, the checks and the transactions are
//! the operations', so that every door does the same thing the same way.
//!
//! An operation takes the [`House`] (the store, the title index, the files), the actor and its
//! typed input; it answers a typed outcome, or a [`Failure`] that says which parameter was
//! wrong, that the rules refused, that the thing is absent, or that it collides with what is
//! stored, without any door reading its text.

pub mod absences;
pub mod account_writes;
pub mod actor;
pub mod administration;
pub mod agreements;
pub mod assigned_titles;
pub mod authorization;
pub mod book_cache;
pub mod catalog;
pub mod categories;
pub mod client_cache;
pub mod client_keys;
pub mod curator;
pub mod documents;
pub mod download_history;
pub mod download_wait;
pub mod downloads;
pub mod failure;
pub mod house;
pub mod housekeeping;
pub mod listening;
pub mod listing;
pub mod made_on_request;
pub mod managed_account_writes;
pub mod managed_accounts;
pub mod marks;
pub mod my_account;
pub mod organization_members;
pub mod organizations;
pub mod partner_drive_tokens;
pub mod periodicals;
pub mod popular_lists;
pub mod preferences;
pub mod proof_of_disability;
pub mod proof_review;
pub mod proof_submissions;
pub mod rate_limit;
pub mod reading_activity;
pub mod reading_lists;
pub mod recommendation_profiles;
pub mod recommendations;
pub mod recorded_account;
pub mod recording;
pub mod reference_directory;
pub mod referrals;
pub mod refusals;
pub mod roster_tags;
pub mod sign_in;
pub mod sites;
pub mod sponsored_members;
pub mod sponsoring;
pub mod staff;
pub mod streaming;
pub mod student_profile;
pub mod subscriptions;
pub mod sync_keys;
pub mod title_edits;
pub mod title_imports;
pub mod title_index;
pub mod title_offer;
pub mod titles;
pub mod token_cache;
pub mod tokens;
pub mod ttl_cache;

pub use actor::{Actor, SignedIn};
pub use failure::{Failure, Outcome};
pub use house::House;
