//! Where each staff page is, and the way back to a title's page once its change is accepted:
//! every page links to others through these, so no page imports another for its address.

use axum::response::Response;
use lectern_domain::catalog::Format;

use crate::conventions::links::segment;
use crate::pages::render::{see_other, with_query};
use crate::pages::session::{Visitor, WebSite};

pub fn account_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/accounts/{}", segment(id)))
}

pub fn artifact_page_path(site: &WebSite, id: &str, format: Format) -> String {
    format!("{}/formats/{format}", title_page_path(site, id))
}

pub fn title_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/titles/{}", segment(id)))
}

/// Back to the title's page, which says the change is accepted and shows its progress.
pub fn accepted(site: &WebSite, visitor: &Visitor, id: &str) -> Response {
    see_other(
        &with_query(&title_page_path(site, id), &[("done", "accepted")]),
        &visitor.set_cookies,
    )
}

pub fn edition_page_path(site: &WebSite, series: &str, edition: &str) -> String {
    format!(
        "{}/editions/{}",
        series_page_path(site, series),
        segment(edition)
    )
}

pub fn series_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/periodicals/{}", segment(id)))
}

pub fn organization_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/organizations/{}", segment(id)))
}
