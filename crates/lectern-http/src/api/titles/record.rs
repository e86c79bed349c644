//! `GET /v2/titles/{serviceId}`: the complete record, as the caller may see it.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::catalog::artifact::AccessibilityMetadata;
use lectern_domain::catalog::{Artifact, TitleRecord};
use lectern_domain::title_access::UsageRestriction;

use serde::Serialize;
use utoipa::ToSchema;

use super::CatalogViewer;
use super::names::contributor_name;
use super::view::{TitleSummary, segment, summary};
use super::visible_title;
use crate::api::accounts::name::Name;
use crate::api::documents;
use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsageRestrictionView {
    pub name: String,
    pub restriction_code: String,
    pub usage_restriction_id: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeView {
    pub name: String,
    pub grade_code: String,
    /// Deprecated by document 1 (Versioning 4); the same as `gradeCode`, for clients that
    /// still read it
    pub grade_id: String,
    pub links: Vec<Link>,
}

impl GradeView {
    /// Grades are kept by their code, which is also their name.
    pub fn of(code: &str) -> Self {
        GradeView {
            name: code.to_owned(),
            grade_code: code.to_owned(),
            grade_id: code.to_owned(),
            links: vec![],
        }
    }
}

/// Document 3's Artifact Metadata.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactView {
    pub format: String,
    pub status: String,
    pub global_book_service_id: Option<String>,
    pub producer: Option<String>,
    pub supplier: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub narrator: Option<lectern_domain::catalog::Narrator>,
    pub braille_grade: Option<String>,
    pub braille_code: Option<String>,
    pub braille_type: Option<String>,
    pub braille_music_score_layout: Option<String>,
    pub duration: Option<String>,
    pub funding_source: Option<String>,
    pub number_of_volumes: Option<u32>,
    pub external_identifier_code: Option<String>,
    /// A Name object, as the upstream writes it
    pub transcriber: Option<Name>,
    #[schema(value_type = Object)]
    pub accessibility: AccessibilityMetadata,
    pub date_added: Option<String>,
    pub allows: Option<Vec<String>>,
    pub links: Vec<Link>,
}

/// Document 3's title complete record: the summary's fields and the catalog's own.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleCompleteRecord {
    #[serde(flatten)]
    pub summary: TitleSummary,
    pub adult_content: bool,
    pub allow_recommend: bool,
    pub artifacts: Vec<ArtifactView>,
    /// Deprecated: the copyright year as text.
    pub copyright: Option<String>,
    pub copyright_holder: Option<String>,
    pub countries: Vec<String>,
    pub dtbook_size: Option<u64>,
    pub edition: Option<String>,
    pub external_category_code: Option<String>,
    pub grades: Vec<GradeView>,
    pub has_chord_symbols: bool,
    pub key: Option<String>,
    pub last_updated: Option<String>,
    pub marrakesh_available: bool,
    #[serde(rename = "marrakeshPODException")]
    pub marrakesh_pod_exception: bool,
    pub movement_number: Option<String>,
    pub movement_title: Option<String>,
    pub music_score_type: Option<String>,
    pub notes: Option<String>,
    pub num_pages: Option<u32>,
    pub opus: Option<String>,
    pub origin_country: Option<String>,
    pub proofreader: Option<String>,
    pub publisher: Option<String>,
    pub related_isbns: Vec<String>,
    pub replacement_id: Option<String>,
    pub series_subtitle: Option<String>,
    pub status: String,
    /// Shown to collection assistants of the title's site and administrators only.
    pub submitter: Option<String>,
    /// Shown to collection assistants of the title's site and administrators only.
    pub title_source: Option<String>,
    pub usage_restriction: UsageRestrictionView,
    pub withdrawal_date: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The title's complete record, as the caller may see it", body = TitleCompleteRecord),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn get_title(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Json<TitleCompleteRecord>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    match visible_title(&state, &who, &service_id).await {
        Ok(record) => Ok(Json(complete_record(&state, &who, &record))),
        // The caller's own documents are titles to them alone.
        Err(absent) => match (
            lectern_operations::documents::owned(&state, caller.user(), &service_id).await?,
            caller.user(),
        ) {
            (Some(d), Some(me)) => Ok(Json(documents::owner_view(&state, &who, me, &d)?)),
            _ => Err(absent.into()),
        },
    }
}

pub fn complete_record(
    state: &AppState,
    who: &CatalogViewer,
    r: &TitleRecord,
) -> TitleCompleteRecord {
    let manager = who.manages(&r.site);
    let internal = |v: &Option<String>| if manager { v.clone() } else { None };
    let mut title = summary(state, r, who.in_global(&r.site), &who.perspective());
    // Collection assistants of the title's site and administrators may edit it and its artifacts.
    let allows = manager.then(|| vec!["PUT".to_owned()]);
    title.allows.clone_from(&allows);
    TitleCompleteRecord {
        summary: title,
        adult_content: r.adult_content,
        allow_recommend: r.allow_recommend,
        artifacts: r
            .offered()
            .iter()
            // A format made from the EPUB master is not the library's to edit: it has no PUT.
            .map(|a| {
                let allows = allows.clone().filter(|_| !a.derived);
                artifact(state, r, a, who.offers_download(r), allows)
            })
            .collect(),
        copyright: r.copyright_date.map(|y| y.to_string()),
        copyright_holder: r.copyright_holder.clone(),
        countries: r.countries.clone(),
        dtbook_size: r.dtbook_size,
        edition: r.edition.clone(),
        external_category_code: r.external_category_code.clone(),
        grades: r.grades.iter().map(|g| GradeView::of(g)).collect(),
        has_chord_symbols: r.has_chord_symbols,
        key: r.key.clone(),
        last_updated: r.last_updated.map(|t| t.to_string()),
        marrakesh_available: r.marrakesh_available,
        marrakesh_pod_exception: r.marrakesh_pod_exception,
        movement_number: r.movement_number.clone(),
        movement_title: r.movement_title.clone(),
        music_score_type: r.music_score_type.map(|m| m.to_string()),
        notes: internal(&r.notes),
        num_pages: r.num_pages,
        opus: r.opus.clone(),
        origin_country: r.origin_country.clone(),
        proofreader: internal(&r.proofreader),
        publisher: r.publisher.clone(),
        related_isbns: r.related_isbns.clone(),
        replacement_id: r.replacement_id.clone(),
        series_subtitle: r.series_subtitle.clone(),
        status: r.status.to_string(),
        submitter: internal(&r.submitter),
        title_source: internal(&r.title_source),
        usage_restriction: usage(r.usage_restriction),
        withdrawal_date: r.withdrawal_date.map(|t| t.to_string()),
    }
}

fn usage(u: UsageRestriction) -> UsageRestrictionView {
    let name = match u {
        UsageRestriction::Copyright => "Copyright",
        UsageRestriction::PublicDomain => "Public domain",
        UsageRestriction::CreativeCommons => "Creative Commons",
    };
    UsageRestrictionView {
        name: name.to_owned(),
        restriction_code: u.to_string(),
        usage_restriction_id: u.to_string(),
    }
}

fn artifact(
    state: &AppState,
    r: &TitleRecord,
    a: &Artifact,
    download: bool,
    allows: Option<Vec<String>>,
) -> ArtifactView {
    let base = format!("/titles/{}/{}", segment(&r.service_id), a.format);
    let mut links = vec![Link::new(
        "resources",
        state.v2_url(&format!("{base}/resources")),
    )];
    if download {
        links.insert(0, Link::new("download", state.v2_url(&base)));
    }
    ArtifactView {
        format: a.format.to_string(),
        status: a.status.to_string(),
        global_book_service_id: a.global_book_service_id.clone(),
        producer: a.producer.clone(),
        supplier: a.supplier.clone(),
        narrator: a.narrator.clone(),
        braille_grade: a.braille_grade.map(|v| v.to_string()),
        braille_code: a.braille_code.clone(),
        braille_type: a.braille_type.map(|v| v.to_string()),
        braille_music_score_layout: a.braille_music_score_layout.map(|v| v.to_string()),
        duration: a.duration.clone(),
        funding_source: a.funding_source.clone(),
        number_of_volumes: a.number_of_volumes,
        external_identifier_code: a.external_identifier_code.clone(),
        transcriber: a.transcriber.as_deref().map(contributor_name),
        accessibility: a.accessibility.clone(),
        date_added: a.date_added.map(|t| t.to_string()),
        allows,
        links,
    }
}
