//! Lectern's HTTP behaviour, over real HTTP against the real router, on both stores.

// A failed unwrap is a failed test: that is what tests are for.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod account_proof;
mod account_search;
mod accounts;
mod assigned_titles;
mod authorization_matrix;
mod authorize;
mod catalog_lists;
mod collection;
mod control_characters;
mod conventions;
mod derived;
mod documents;
mod download_lanes;
mod downloads;
mod kosync;
mod my_account;
mod my_organization;
mod opds;
mod opds_koreader;
mod openapi;
mod organization_members;
mod organization_membership;
mod organizations;
mod partner_identity;
mod reader_marks;
mod reading_lists;
mod reading_online;
mod recommendations;
mod revocations;
mod self_links;
mod sign_in_doors;
mod support;
mod titles;
mod token;
mod upstream_clients;
mod web;
