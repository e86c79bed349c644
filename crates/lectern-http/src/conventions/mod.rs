//! Document 1's conventions, built once: every `/v2` endpoint gets them by being routed.

pub mod aliases;
pub mod caller;
pub mod collection;
pub mod compression;
pub mod cookies;
pub mod edge;
pub mod guest_links;
pub mod json;
pub mod json_body;
pub mod json_errors;
pub mod links;
pub mod media;
pub mod member_pages;
pub mod multipart;
pub mod paging;
mod param_fields;
pub mod params;
pub use lectern_operations::rate_limit;
pub mod stale_after_writes;
pub mod status;
pub use lectern_operations::token_cache;
pub use lectern_operations::ttl_cache;
