//! Highlights (`/v2/myHighlights`): passages a reader marked in a title, per format, with a
//! colour and a note. Shaped like bookmarks (see `docs/decisions.md`), and like them the
//! reader's alone.

mod list;
mod write;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(
        list::list_highlights,
        write::create_highlight,
        write::update_highlight,
        list::delete_highlight
    ))
}

// The web pages call the handler itself, so that a page shows what the API shows.
