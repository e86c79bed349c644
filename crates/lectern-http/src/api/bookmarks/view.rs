//! The Bookmark resource of document 2, and what highlights share with it.

use lectern_domain::catalog::Format;
use lectern_domain::reading::Bookmark;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{FormatRef, segment};
use crate::conventions::collection::{Allows, Listed};
use crate::conventions::links::Link;
use crate::state::AppState;

/// A bookmark, or the place part of a highlight.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookmarkView {
    pub allows: Allows,
    pub service_id: String,
    pub date_created: Option<String>,
    /// The same as `dateCreated`, under the upstream's name
    pub date_added: Option<String>,
    pub format: FormatRef,
    /// `self` (the mark, which DELETE removes) and `title`.
    pub links: Vec<Link>,
    /// As the reading app gave it; for EPUB 3 a canonical fragment identifier.
    pub location: String,
    /// Spine index.
    pub position: Option<i64>,
    /// Percent within the section.
    pub progression: Option<f64>,
    pub text: Option<String>,
    /// Percent within the title.
    pub total_progression: Option<f64>,
}

impl Listed for BookmarkView {
    const ITEMS: &'static str = "bookmarks";
    const LIST: &'static str = "BookmarkList";
}

/// The view of a mark of the caller's own at `path` (`/myBookmarks`, `/myHighlights`), which they
/// may change (`extra`) and delete.
pub fn mark_view(
    state: &AppState,
    path: &str,
    b: &Bookmark,
    allows: &[(&'static str, bool)],
) -> BookmarkView {
    BookmarkView {
        allows: Allows::of(allows),
        service_id: b.service_id.clone(),
        date_created: Some(b.date_created.to_string()),
        date_added: Some(b.date_created.to_string()),
        format: b.format.into(),
        links: vec![
            Link::new(
                "self",
                mark_url(state, path, &b.service_id, b.format, &b.location),
            ),
            Link::new(
                "title",
                state.v2_url(&format!("/titles/{}", segment(&b.service_id))),
            ),
        ],
        location: b.location.clone(),
        position: b.position,
        progression: b.progression,
        text: b.text.clone(),
        total_progression: b.total_progression,
    }
}

fn mark_url(
    state: &AppState,
    path: &str,
    service_id: &str,
    format: Format,
    location: &str,
) -> String {
    let q: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("serviceId", service_id)
        .append_pair("format", format.as_str())
        .append_pair("location", location)
        .finish();
    format!("{}?{q}", state.v2_url(path))
}
