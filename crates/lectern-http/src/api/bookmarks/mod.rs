//! Bookmarks (`/v2/myBookmarks`, document 2): a reader's marks in a title, per format. They are
//! the reader's alone: every call reads and writes the caller's own, and nobody else's.

mod list;
pub mod marks;
mod save;
pub mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(
        list::list_bookmarks,
        save::save_bookmark,
        list::delete_bookmark
    ))
}

// The web pages call the handler itself, so that a page shows what the API shows.
