//! Who is looking at the catalog, as the access rules see them.

use lectern_domain::Timestamp;
use lectern_domain::title_access::{self, Viewer};
use lectern_store::{assigned_titles, readers};

use super::view::Perspective;
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::title_index::CategoryNames;

pub struct CatalogViewer {
    pub viewer: Viewer,
    /// The titles assigned to the viewer, read only when their organization limits them to
    /// those (the access rules lift `ASSIGNED_TITLES_ONLY` on them).
    pub assigned: std::collections::HashSet<String>,
    pub global_sites: std::sync::Arc<Vec<String>>,
    pub category_names: std::sync::Arc<CategoryNames>,
}

impl CatalogViewer {
    pub async fn of(state: &AppState, caller: &Caller) -> ApiResult<Self> {
        let viewer = match caller.user() {
            None => Viewer::Guest {
                site_id: caller.client.site_id.clone(),
            },
            Some(user) => Viewer::User(
                readers::reader_facts(state.store.reads(), &user.user_account_id, Timestamp::now())
                    .await?
                    .ok_or_else(|| ApiError::unauthorized("The account of this token is gone"))?,
            ),
        };
        let assigned = match &viewer {
            Viewer::User(r) if r.organization.is_some_and(|o| !o.allow_search_downloads) => {
                assigned_titles::service_ids(state.store.reads(), &r.user_account_id)
                    .await?
                    .into_iter()
                    .collect()
            }
            _ => std::collections::HashSet::new(),
        };
        Ok(CatalogViewer {
            viewer,
            assigned,
            global_sites: state.titles.global_sites(&state.store).await?,
            category_names: state.titles.category_names(&state.store).await?,
        })
    }

    pub fn in_global(&self, site: &str) -> bool {
        self.global_sites.iter().any(|s| s == site)
    }

    pub fn scope(&self) -> lectern_domain::catalog::query::Scope {
        title_access::search_scope(&self.viewer, &self.global_sites)
    }

    pub fn perspective(&self) -> Perspective<'_> {
        Perspective {
            viewer: &self.viewer,
            downloads_for_others: match &self.viewer {
                Viewer::Guest { .. } => false,
                Viewer::User(r) => title_access::downloads_for_others(r),
            },
            names: &self.category_names,
            assigned: &self.assigned,
        }
    }

    pub fn offers_download(&self, record: &lectern_domain::catalog::TitleRecord) -> bool {
        self.perspective().offers_download(record)
    }

    /// Whether the caller may see a title at all; a title they may not see is absent (404).
    pub fn sees(&self, record: &lectern_domain::catalog::TitleRecord) -> bool {
        title_access::is_visible(&self.viewer, &record.facts(self.in_global(&record.site)))
    }

    /// Collection assistants of the title's site and administrators see the internal fields.
    pub fn manages(&self, site: &str) -> bool {
        self.viewer.manages_collection_of(site)
    }
}
