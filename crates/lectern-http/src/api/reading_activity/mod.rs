//! Reading activity (document 2): events a reading app reports as the reader goes
//! (`POST /v2/readingEvents`), and where they leave the reader
//! (`GET /v2/myReadingPosition/{serviceId}/{format}`). Both are the reader's alone.

mod events;
mod position;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(events::post_reading_event))
        .routes(routes!(position::get_reading_position))
}

// The web pages call the handler itself, so that a page shows what the API shows.
