//! The staff's pages at `/{site}/staff`: membership assistants find, open, add and change
//! accounts and decide the proof of disability under review. As the readers' pages, each read
//! and write asks the rules the API asks, so a page refuses what the API refuses, in its words;
//! the staff home itself is for the staff roles only (`lectern_domain::account::STAFF_ROLES`).

mod account;
mod account_form;
mod account_proof;
mod accounts;
mod activity;
mod agreements;
mod artifact;
mod catalog;
mod categories;
mod clients;
mod directory;
mod edition;
mod format_file;
mod home;
mod import;
mod organization;
mod organizations;
mod paths;
mod periodical;
mod periodicals;
mod popular_lists;
mod proof;
mod reading;
mod records;
mod sites;
mod subscriptions;
mod title;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};

use crate::state::AppState;

/// The staff's pages, each refusal a page (`pages::errors`).
pub fn routes(state: AppState) -> Router<AppState> {
    Router::new()
        .route("/{site_id}/staff", get(home::show))
        .route(
            "/{site_id}/staff/accounts",
            get(accounts::find).post(account::create),
        )
        .route("/{site_id}/staff/accounts/new", get(account::new))
        .route(
            "/{site_id}/staff/accounts/{account}",
            get(account::show).post(account::change),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/lock",
            post(account::lock),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/password",
            post(account::password),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/organization",
            post(account::join),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/organization/leave",
            post(account::leave),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/agreements",
            get(agreements::show).post(agreements::record),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/agreements/{agreement}/expire",
            post(agreements::expire),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/subscriptions",
            get(subscriptions::show).post(subscriptions::grant),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/subscriptions/{subscription}",
            post(subscriptions::change),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/proof",
            get(account_proof::show).post(account_proof::record),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/proof/{kind}",
            post(account_proof::change),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/preferences",
            get(reading::preferences).post(reading::change_preferences),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/recommendations",
            get(reading::recommendations).post(reading::change_recommendations),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/activity",
            get(activity::show),
        )
        .route(
            "/{site_id}/staff/accounts/{account}/changes",
            get(activity::changes),
        )
        .route(
            "/{site_id}/staff/organizations",
            get(organizations::find).post(organizations::create),
        )
        .route(
            "/{site_id}/staff/organizations/new",
            get(organizations::new),
        )
        .route(
            "/{site_id}/staff/organizations/directory",
            get(directory::show)
                .post(directory::import)
                .layer(DefaultBodyLimit::max(directory::MAX_BYTES + 64 * 1024)),
        )
        .route(
            "/{site_id}/staff/organizations/{organization}",
            get(organization::show).post(organization::change),
        )
        .route(
            "/{site_id}/staff/organizations/{organization}/members",
            get(organization::members).post(organization::members_form),
        )
        .route("/{site_id}/staff/titles", get(catalog::show))
        .route(
            "/{site_id}/staff/import-epub",
            get(import::show)
                .post(import::import)
                .layer(DefaultBodyLimit::max(import::MAX_BODY_BYTES)),
        )
        .route(
            "/{site_id}/staff/titles/{title}",
            get(title::show).post(title::change),
        )
        .route(
            "/{site_id}/staff/titles/{title}/formats/{format}",
            get(artifact::show).post(artifact::change),
        )
        .route(
            "/{site_id}/staff/titles/{title}/files",
            get(format_file::show)
                .post(format_file::upload)
                .layer(DefaultBodyLimit::max(format_file::MAX_BODY_BYTES)),
        )
        .route(
            "/{site_id}/staff/titles/{title}/status",
            post(title::status),
        )
        .route(
            "/{site_id}/staff/periodicals",
            get(periodicals::show).post(periodicals::create),
        )
        .route(
            "/{site_id}/staff/periodicals/{series}",
            get(periodical::show).post(periodical::change),
        )
        .route(
            "/{site_id}/staff/periodicals/{series}/new-edition",
            get(edition::new)
                .post(edition::add)
                .layer(DefaultBodyLimit::max(format_file::MAX_BODY_BYTES)),
        )
        .route(
            "/{site_id}/staff/periodicals/{series}/editions/{edition}",
            get(edition::show).post(edition::change),
        )
        .route(
            "/{site_id}/staff/periodicals/{series}/editions/{edition}/withdraw",
            post(edition::withdraw),
        )
        .route(
            "/{site_id}/staff/admin/clients",
            get(clients::show).post(clients::create),
        )
        .route(
            "/{site_id}/staff/admin/clients/{key}",
            get(clients::show_key).post(clients::change),
        )
        .route(
            "/{site_id}/staff/admin/clients/{key}/secret",
            post(clients::rotate),
        )
        .route(
            "/{site_id}/staff/admin/sites",
            get(sites::show).post(sites::create),
        )
        .route(
            "/{site_id}/staff/admin/sites/{id}",
            get(sites::show_site).post(sites::change),
        )
        .route(
            "/{site_id}/staff/admin/lists",
            get(popular_lists::show).post(popular_lists::create),
        )
        .route(
            "/{site_id}/staff/admin/lists/{id}",
            get(popular_lists::show_list).post(popular_lists::describe),
        )
        .route(
            "/{site_id}/staff/admin/lists/{id}/titles",
            post(popular_lists::titles),
        )
        .route(
            "/{site_id}/staff/admin/categories",
            get(categories::show).post(categories::save_category),
        )
        .route(
            "/{site_id}/staff/admin/bisac",
            get(categories::show_bisac).post(categories::save_bisac),
        )
        .route("/{site_id}/staff/proof", get(proof::queue))
        .route("/{site_id}/staff/proof/{submission}", post(proof::decide))
        .route_layer(from_fn_with_state(state, crate::pages::errors::as_pages))
}
