//! A list through its rule: absent (404) for a caller who may not read it, refused (403) to one
//! who may read but not change it when a change is asked (`lectern_operations::reading_lists`).

pub use lectern_operations::reading_lists::{Found, list_for};
