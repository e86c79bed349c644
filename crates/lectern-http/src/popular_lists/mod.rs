//! Popular lists (document 2): lists the library curates, such as new arrivals.

mod list;
pub(crate) mod titles;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list::list_popular_lists))
        .routes(routes!(titles::popular_list_titles))
}

/// The sites whose popular lists a caller sees: their own (a signed-in reader's, whatever the
/// client key's site; a guest's client key's), and the global collection's, as for titles.
pub(crate) fn sites_of(who: &crate::titles::CatalogViewer) -> Vec<String> {
    let own = who.viewer.site_id();
    let mut sites = vec![own.to_owned()];
    sites.extend(who.global_sites.iter().filter(|s| *s != own).cloned());
    sites
}
