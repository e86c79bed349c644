//! The titles area (document 4): search, count, the complete record, cover images, and
//! downloads.

mod count;
mod cover;
mod download;
mod names;
pub(crate) use names::contributor_name;
mod record;
mod resources;
pub(crate) mod search;
mod view;
mod webpub;

pub use lectern_operations::titles::{CatalogViewer, visible_title};
pub use record::{GradeView, TitleCompleteRecord, complete_record};
pub use view::{
    CategoryRef, FormatRef, TitleSummary, category_search_url, segment, service_category, summary,
};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search::search_titles))
        .routes(routes!(count::count_titles))
        .routes(routes!(
            record::get_title,
            crate::api::collection::title_edits::edit_title_metadata
        ))
        .routes(routes!(cover::cover_image))
        .routes(routes!(cover::thumbnail))
        .routes(routes!(webpub::open_to_read))
        .routes(routes!(download::download_title))
        .routes(routes!(resources::list_resources))
        .routes(routes!(resources::get_resource))
}
