//! The reader's own documents (`/v2/myDocuments`, document 2): a PDF, image or presentation
//! uploaded and made accessible as an EPUB 3 by the worker. A document is its owner's alone:
//! `GET /v2/titles/{serviceId}` and its EPUB3 download answer it for them, and for no one else.

mod create;
mod delete;
mod record;

pub use record::owner_view;

use axum::extract::DefaultBodyLimit;
use lectern_domain::documents::MAX_BYTES;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create::create_document))
        .routes(routes!(delete::delete_document))
        // Room for the largest file and the form around it; more is refused before it is read.
        .layer(DefaultBodyLimit::max(MAX_BYTES + 64 * 1024))
}
