//! The library's sites: made and changed (renamed, made global or not) by administrators. A
//! site is made with its own keys (its OPDS catalog's and its pages'), in the same transaction
//! (`lectern_store::sites::upsert`); every change is seen at once on this node and within the
//! site cache's ten seconds on the others.

use crate::absences;
use lectern_domain::invalid::Why;
use lectern_domain::site::{Site, site_problems};
use lectern_store::sites;

use crate::administration::Administrator;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// What an administrator sets on a site.
pub struct SiteSettings {
    pub name: String,
    /// Whether its titles form the global collection other sites may include.
    pub global: bool,
    /// The language its pages are shown in by default (ISO 639-2); `None` for English.
    pub language: Option<String>,
}

/// Every site, as a door's root chooses among them (a site's name and identifier are public:
/// each door then opens only the sites it has a key of).
pub async fn listed(house: &House) -> Outcome<Vec<Site>> {
    Ok(sites::list(house.store.reads()).await?)
}

pub async fn all(house: &House, _: &Administrator<'_>) -> Outcome<Vec<Site>> {
    Ok(sites::list(house.store.reads()).await?)
}

pub async fn site(house: &House, _: &Administrator<'_>, id: &str) -> Outcome<Site> {
    sites::get(house.store.reads(), id)
        .await?
        .ok_or_else(|| absences::site(id))
}

/// A new site named `id`.
pub async fn make(
    house: &House,
    _: &Administrator<'_>,
    id: &str,
    settings: SiteSettings,
) -> Outcome<Site> {
    let problems = site_problems(id, &settings.name, settings.language.as_deref());
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    if sites::get(house.store.reads(), id).await?.is_some() {
        return Err(Failure::Conflict {
            param: Some("id"),
            why: Why::of(
                "why-site-id-taken",
                "a site has this identifier already; choose another",
            ),
        });
    }
    written(house, id, settings).await
}

/// The site `id`, renamed or made global or not.
pub async fn change(
    house: &House,
    admin: &Administrator<'_>,
    id: &str,
    settings: SiteSettings,
) -> Outcome<Site> {
    let s = site(house, admin, id).await?;
    let problems = site_problems(&s.id, &settings.name, settings.language.as_deref());
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    written(house, &s.id, settings).await
}

async fn written(house: &House, id: &str, settings: SiteSettings) -> Outcome<Site> {
    let site = Site {
        id: id.to_owned(),
        name: settings.name,
        global: settings.global,
        language: settings.language,
    };
    let mut tx = house.store.begin().await?;
    sites::upsert(&mut tx, &site).await?;
    tx.commit().await?;
    house.sites.forget_all();
    house.clients.forget_all();
    Ok(site)
}
