//! KOReader's progress sync server (`/kosync`), so that a reader enters `https://LIBRARY/kosync`
//! as KOReader's custom sync server: the protocol of koreader's `kosync.koplugin/api.json` and its
//! reference server (koreader/koreader-sync-server). A reader signs in with their user name and
//! the sync key of `POST /v2/myAccount/syncKey`; a document is a file Lectern delivered to them,
//! named as KOReader names files (`lectern_domain::kosync::partial_md5`), and its progress is
//! their reading position in that title and format (`GET /v2/myReadingPosition`).

mod auth;
mod progress;

use axum::Router;
use axum::routing::{get, post, put};

use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/kosync/users/create", post(auth::register))
        .route("/kosync/users/auth", get(auth::authorize))
        .route("/kosync/syncs/progress", put(progress::update))
        .route("/kosync/syncs/progress/{document}", get(progress::get))
}
