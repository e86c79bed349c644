//! Lectern's types and rules. Nothing here performs I/O: the store and the HTTP layer
//! hand values in and get decisions back.

#[macro_use]
pub mod string_enum;

// For `string_enum!` expanded in other crates, which need not depend on utoipa themselves.
#[cfg(feature = "openapi")]
#[doc(hidden)]
pub use utoipa as __utoipa;

pub mod access;
pub mod account;
pub mod assigned_titles;
pub mod catalog;
pub mod client;
pub mod documents;
pub mod ids;
pub mod invalid;
pub mod kosync;
pub mod members;
pub mod organization;
pub mod paging;
pub mod password;
pub mod reading;
pub mod reading_lists;
pub mod recommend;
pub mod role;
pub mod sealed_pair;
pub mod secret;
pub mod site;
pub mod time;
pub mod title_access;
pub mod web_address;

pub use role::{Role, Roles};
pub use time::Timestamp;
