//! Lectern's HTTP behaviour, over real HTTP against the real router, on both stores.

mod authorize;
mod conventions;
mod my_account;
mod openapi;
mod revocations;
mod support;
mod token;
