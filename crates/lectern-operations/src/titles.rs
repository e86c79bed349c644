//! Who is looking at the catalog, as the access rules see them, and the titles they may see:
//! every door asks here whether a title is there for this actor.

use crate::absences;
use std::collections::HashSet;
use std::sync::Arc;

use lectern_domain::Timestamp;
use lectern_domain::catalog::{TitleRecord, TitleStatusCode};
use lectern_domain::title_access::{self, Alert, UsageRestriction, Viewer};
use lectern_store::{assigned_titles, readers, titles};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::title_index::CategoryNames;

pub struct CatalogViewer {
    pub viewer: Viewer,
    /// The titles assigned to the viewer, read only when their organization limits them to
    /// those (the access rules lift `ASSIGNED_TITLES_ONLY` on them).
    pub assigned: HashSet<String>,
    pub global_sites: Arc<Vec<String>>,
    pub category_names: Arc<CategoryNames>,
}

impl CatalogViewer {
    pub async fn of(house: &House, actor: &Actor) -> Outcome<Self> {
        let viewer = match actor.user() {
            None => Viewer::Guest {
                site_id: actor.client.site_id.clone(),
            },
            Some(user) => Viewer::User(
                readers::reader_facts(house.store.reads(), &user.user_account_id, Timestamp::now())
                    .await?
                    .ok_or_else(|| {
                        Failure::SignedOut("The account of this token is gone".into())
                    })?,
            ),
        };
        let assigned = match &viewer {
            Viewer::User(r) if r.organization.is_some_and(|o| !o.allow_search_downloads) => {
                assigned_titles::service_ids(house.store.reads(), &r.user_account_id)
                    .await?
                    .into_iter()
                    .collect()
            }
            _ => HashSet::new(),
        };
        Ok(CatalogViewer {
            viewer,
            assigned,
            global_sites: house.titles.global_sites(&house.store).await?,
            category_names: house.titles.category_names(&house.store).await?,
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

    pub fn offers_download(&self, record: &TitleRecord) -> bool {
        self.perspective().offers_download(record)
    }

    /// Whether the actor may see a title at all; a title they may not see is absent.
    pub fn sees(&self, record: &TitleRecord) -> bool {
        title_access::is_visible(&self.viewer, &record.facts(self.in_global(&record.site)))
    }

    /// Collection assistants of the title's site and administrators see the internal fields.
    pub fn manages(&self, site: &str) -> bool {
        self.viewer.manages_collection_of(site)
    }
}

/// What a viewer sees of one title: the alerts on their own download, and where the download
/// link points (`forUser` for those who download for others).
pub struct Perspective<'a> {
    pub viewer: &'a Viewer,
    pub downloads_for_others: bool,
    pub names: &'a CategoryNames,
    pub assigned: &'a HashSet<String>,
}

impl Perspective<'_> {
    /// Whether the title's records carry download links: a guest's only on public-domain and
    /// Creative Commons titles (document 1, general rule 4).
    pub fn offers_download(&self, record: &TitleRecord) -> bool {
        !matches!(self.viewer, Viewer::Guest { .. })
            || record.usage_restriction != UsageRestriction::Copyright
    }

    pub fn alerts(&self, record: &TitleRecord, in_global: bool) -> Vec<Alert> {
        let reader = match self.viewer {
            Viewer::Guest { .. } => None,
            Viewer::User(r) => Some(r),
        };
        let assigned = self.assigned.contains(&record.service_id);
        let mut alerts = title_access::download_alerts(reader, &record.facts(in_global), assigned);
        if self.downloads_for_others {
            // Their download link asks for a member (`forUser`); that they hold no member
            // role themselves explains nothing about it.
            alerts.retain(|a| a.code != "NOT_A_MEMBER");
        }
        alerts
    }
}

/// The title if the viewer may see it; absent otherwise, as if it did not exist. Through the
/// node's record cache: the titles named are the ones being read, which are the ones it holds.
pub async fn visible_title(
    house: &House,
    who: &CatalogViewer,
    service_id: &str,
) -> Outcome<Arc<TitleRecord>> {
    match house.titles.record(&house.store, service_id).await? {
        Some(r) if who.sees(&r) => Ok(r),
        _ => Err(absences::title(service_id)),
    }
}

/// The title, when it is live and the reader may see it (a title put on their list or assigned
/// to them must be one they can read).
pub async fn live_title_for(
    house: &House,
    reader_id: &str,
    service_id: &str,
) -> Outcome<Option<TitleRecord>> {
    let Some(reader) =
        readers::reader_facts(house.store.reads(), reader_id, Timestamp::now()).await?
    else {
        return Ok(None);
    };
    let Some(record) = titles::get(house.store.reads(), service_id).await? else {
        return Ok(None);
    };
    let globals = house.titles.global_sites(&house.store).await?;
    let in_global = globals.contains(&record.site);
    let live = record.status == TitleStatusCode::Live;
    let visible = title_access::is_visible(&Viewer::User(reader), &record.facts(in_global));
    Ok((live && visible).then_some(record))
}

/// Whether the viewer may see the title: for writes that only name a title (bookmarks,
/// highlights, reading events); absent otherwise, as if it did not exist.
pub async fn check_visible(house: &House, who: &CatalogViewer, service_id: &str) -> Outcome<()> {
    visible_title(house, who, service_id).await.map(drop)
}

/// The titles a page lists, read at once, with the actor as the catalog sees them: a title the
/// actor may not see is not there for them.
pub struct ShownTitles {
    records: Vec<TitleRecord>,
    pub viewer: CatalogViewer,
}

impl ShownTitles {
    pub async fn read(house: &House, actor: &Actor, ids: &[String]) -> Outcome<ShownTitles> {
        let records = titles::get_many(house.store.reads(), ids).await?;
        let viewer = CatalogViewer::of(house, actor).await?;
        Ok(ShownTitles { records, viewer })
    }

    /// The title, when it exists and the actor may see it.
    pub fn get(&self, service_id: &str) -> Option<&TitleRecord> {
        self.records
            .iter()
            .find(|r| r.service_id == service_id)
            .filter(|r| self.viewer.sees(r))
    }
}
