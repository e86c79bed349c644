//! Titles as the pages list them, found through the index as `GET /v2/titles` finds them and
//! checked again against the store's record, as the API checks them.

use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::query::TitleSearch;
use lectern_domain::catalog::{ContributorType, TitleRecord, names};
use lectern_search::SearchPage;

use crate::conventions::links::segment;
use crate::error::ApiResult;
use crate::i18n::{Lang, direction_of, escaped, format_name, same_language};
use crate::pages::session::WebSite;
use crate::state::AppState;
use lectern_operations::catalog as search;
use lectern_operations::titles::CatalogViewer;

/// One title in a list: what a reader needs to choose it.
pub struct Listed {
    pub service_id: String,
    pub title: String,
    pub subtitle: Option<String>,
    pub href: String,
    /// "by A and B" as HTML (see `by_line`), or empty.
    pub by: String,
    /// "Formats: " and the formats it can be had in now, by name; or empty.
    pub formats: String,
    /// The title's language, as a BCP 47 tag (empty when the catalog does not say).
    pub lang: String,
}

impl Listed {
    /// The title as a page in `lang` lists it.
    pub fn of((site, lang): (&WebSite, Lang), r: &TitleRecord) -> Listed {
        let formats: Vec<String> = r
            .offered()
            .iter()
            .filter(|a| a.status == ArtifactStatus::Available)
            .map(|a| format_name(lang, a.format))
            .collect();
        let formats = if formats.is_empty() {
            String::new()
        } else {
            lang.t_with("title-formats", &[("formats", &lang.and_list(&formats))])
        };
        Listed {
            service_id: r.service_id.clone(),
            title: r.title.clone(),
            subtitle: r.subtitle.clone(),
            href: title_path(site, &r.service_id),
            by: by_line(lang, r),
            formats,
            lang: title_lang(r),
        }
    }
}

/// The title's (first) language as a BCP 47 tag, for its name and synopsis on a page; empty
/// when the catalog does not say.
pub fn title_lang(r: &TitleRecord) -> String {
    r.languages
        .first()
        .map(|code| lectern_domain::catalog::languages::bcp47(code))
        .unwrap_or_default()
}

pub fn title_path(site: &WebSite, service_id: &str) -> String {
    site.path(&format!("/titles/{}", segment(service_id)))
}

/// "by A, B and C" as HTML: the authors, as people say them in `lang`, each name the catalog's
/// own (`translate="no"`) and in the title's language where that is not `lang` (WCAG 3.1.2);
/// empty for none.
pub fn by_line(lang: Lang, r: &TitleRecord) -> String {
    let names: Vec<String> = r
        .contributors_of(ContributorType::Author)
        .map(names::display_name)
        .collect();
    if names.is_empty() {
        return String::new();
    }
    let tag = title_lang(r);
    let marked = if tag.is_empty() || same_language(&tag, lang.tag()) {
        String::new()
    } else {
        format!(" lang=\"{}\" dir=\"{}\"", escaped(&tag), direction_of(&tag))
    };
    let names: Vec<String> = names
        .iter()
        .map(|n| format!("<span translate=\"no\"{marked}>{}</span>", escaped(n)))
        .collect();
    lang.t_html("title-by", "names", &lang.and_list(&names))
}

/// A page of a search, its titles listed in the index's order.
pub struct Found {
    pub titles: Vec<Listed>,
    pub page: SearchPage,
}

pub async fn find(
    state: &AppState,
    (site, lang): (&WebSite, Lang),
    who: &CatalogViewer,
    search: TitleSearch,
) -> ApiResult<Found> {
    let page = search::search(state, search).await?;
    let records = state
        .titles
        .records(&state.store, &page.service_ids)
        .await?;
    let titles = page
        .service_ids
        .iter()
        .filter_map(|id| records.get(id))
        // The index trails the store by a moment: a title changed since is checked again.
        .filter(|r| who.sees(r))
        .map(|r| Listed::of((site, lang), r))
        .collect();
    Ok(Found { titles, page })
}
