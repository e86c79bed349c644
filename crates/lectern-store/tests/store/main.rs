//! The store on both engines: fixture loading and single-use credentials.

mod fixtures;
mod oauth;
