//! A title, for its collection assistants: its record as the catalog has it, its metadata
//! changed (the API's 202: accepted now, applied by the worker, each edit's progress in the
//! title's history: waiting, applied, or not applied and why), withdrawn and restored.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use lectern_domain::catalog::{ContributorType, Format, TitleRecord, TitleStatusCode, names};

use super::home::{Staff, StaffForm};
use super::paths::{accepted, artifact_page_path, title_page_path};
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::pages::forms::{self, FormErrors};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::catalog::title_edit::EditTarget;
use lectern_operations::title_edits;
use lectern_operations::titles::{CatalogViewer, visible_title};
use lectern_store::catalog_edits::HistoryEntry;

/// The one-line fields of the form: (parameter, label, hint).
const TEXT_FIELDS: [(&str, &str, &str); 11] = [
    ("title", "Title", ""),
    ("subtitle", "Subtitle", ""),
    ("seriesTitle", "Series", ""),
    ("seriesNumber", "Number in the series", ""),
    ("publisher", "Publisher", ""),
    ("edition", "Edition", ""),
    ("isbn13", "ISBN", "ISBN-10 or ISBN-13; kept as ISBN-13."),
    (
        "copyrightDate",
        "Copyright year",
        "Four digits, such as 1998.",
    ),
    ("readingAgeMinimum", "Youngest reading age", "In years."),
    ("readingAgeMaximum", "Oldest reading age", "In years."),
    ("notes", "Notes", ""),
];
/// The fields of one value a line: (parameter, label, hint).
const LINE_FIELDS: [(&str, &str, &str); 2] = [
    (
        "authors",
        "Authors",
        "One a line, as the name is written: Jane Austen.",
    ),
    (
        "languages",
        "Languages",
        "One a line, each a three-letter code such as eng.",
    ),
];
const FLAGS: [(&str, &str); 2] = [
    ("adultContent", "For adults only"),
    ("allowRecommend", "May be recommended"),
];

#[derive(Template)]
#[template(path = "web/staff/title.html")]
struct TitlePage<'a> {
    chrome: &'a Chrome,
    name: String,
    facts: Vec<(&'static str, String)>,
    action: String,
    status_action: String,
    withdrawn: bool,
    errors: FormErrors,
    form: Params,
    text_fields: &'static [(&'static str, &'static str, &'static str)],
    line_fields: &'static [(&'static str, &'static str, &'static str)],
    flags: Vec<(&'static str, &'static str, bool)>,
    events: Vec<Event>,
    /// Each format the title has: its name, status and the page of its details.
    formats: Vec<(&'static str, String, Option<String>)>,
    waiting: bool,
    catalog: String,
    done: Option<&'static str>,
}

impl TitlePage<'_> {
    pub fn value(&self, name: &str) -> String {
        self.form.all(name).join("\n")
    }
}

struct Event {
    heading: String,
    state: String,
    detail: Option<String>,
}

/// The record as the form shows it.
fn as_form(r: &TitleRecord) -> Params {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let number = |v: Option<u32>| v.map(|n| n.to_string()).unwrap_or_default();
    let mut pairs: Vec<(String, String)> = [
        ("title", r.title.clone()),
        ("subtitle", text(&r.subtitle)),
        ("seriesTitle", text(&r.series_title)),
        ("seriesNumber", text(&r.series_number)),
        ("publisher", text(&r.publisher)),
        ("edition", text(&r.edition)),
        ("isbn13", text(&r.isbn13)),
        (
            "copyrightDate",
            r.copyright_date.map(|y| y.to_string()).unwrap_or_default(),
        ),
        ("readingAgeMinimum", number(r.reading_age_minimum)),
        ("readingAgeMaximum", number(r.reading_age_maximum)),
        ("notes", text(&r.notes)),
        ("synopsis", text(&r.synopsis)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    for name in r.contributors_of(ContributorType::Author) {
        pairs.push(("authors".to_owned(), names::display_name(name)));
    }
    for l in &r.languages {
        pairs.push(("languages".to_owned(), l.clone()));
    }
    for (flag, on) in [
        ("adultContent", r.adult_content),
        ("allowRecommend", r.allow_recommend),
    ] {
        if on {
            pairs.push((flag.to_owned(), "true".to_owned()));
        }
    }
    Params::from_pairs(pairs)
}

/// The form as the API's parameters: each line of a list a value (an empty list sent once,
/// empty, which clears it), the boxes `true` or `false`.
fn edit_params(form: &Params) -> Params {
    let mut pairs: Vec<(String, String)> = TEXT_FIELDS
        .iter()
        .map(|(name, ..)| *name)
        .chain(["synopsis", "comments"])
        .map(|name| (name.to_owned(), forms::field(form, name)))
        .filter(|(name, value)| name != "comments" || !value.is_empty())
        .collect();
    for (name, ..) in LINE_FIELDS {
        forms::push_lines(&mut pairs, form, name);
    }
    for (flag, _) in FLAGS {
        pairs.push((
            flag.to_owned(),
            (forms::field(form, flag) == "true").to_string(),
        ));
    }
    Params::from_pairs(pairs)
}

/// The form as it was posted, its lists a value a line again.
fn as_typed(form: &Params) -> Params {
    let mut pairs: Vec<(String, String)> = form
        .pairs()
        .iter()
        .filter(|(k, _)| !LINE_FIELDS.iter().any(|(n, ..)| n == k))
        .cloned()
        .collect();
    for (name, ..) in LINE_FIELDS {
        for line in forms::field(form, name).lines() {
            pairs.push((name.to_owned(), line.trim_end_matches('\r').to_owned()));
        }
    }
    Params::from_pairs(pairs)
}

/// `GET /{site}/staff/titles/{title}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    title_page(&state, &site, &visitor, &id, FormErrors::default(), None).await
}

/// `POST /{site}/staff/titles/{title}`: the change asked for; the worker applies it.
pub async fn change(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let edit = edit_params(&form).edit_form();
    match title_edits::accept(&state, &visitor.caller, &id, EditTarget::Metadata, edit).await {
        Ok(_) => Ok(accepted(&site, &visitor, &id)),
        Err(e) => {
            let errors = FormErrors::of_failure(e)?;
            title_page(&state, &site, &visitor, &id, errors, Some(as_typed(&form))).await
        }
    }
}

/// `POST /{site}/staff/titles/{title}/status`: withdrawn (`titleStatus=withdrawn`) or
/// restored (`live`), through the same edit.
pub async fn status(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let edit = form.only(&["titleStatus"]).edit_form();
    title_edits::accept(&state, &visitor.caller, &id, EditTarget::Metadata, edit).await?;
    Ok(accepted(&site, &visitor, &id))
}

async fn title_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    asked: Option<Params>,
) -> ApiResult<Response> {
    // The history first: it is the collection's, and refuses whom the collection refuses.
    let history = title_edits::history_of(state, &visitor.caller, id).await?;
    let who = CatalogViewer::of(state, &visitor.caller).await?;
    let record = visible_title(state, &who, id).await?;
    let form = asked.unwrap_or_else(|| as_form(&record));
    let action = title_page_path(site, id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let events = events(&history);
    let waiting = history.iter().any(|e| e.status == "queued");
    let status = if errors.any() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    Ok(page(
        status,
        &TitlePage {
            chrome: &chrome,
            name: record.title.clone(),
            facts: vec![
                ("Identifier", record.service_id.clone()),
                ("Status", record.status.to_string()),
                (
                    "Last updated",
                    record
                        .last_updated
                        .map_or_else(|| "Never".to_owned(), |t| t.to_string()),
                ),
            ],
            formats: formats(site, id, &record),
            status_action: format!("{action}/status"),
            withdrawn: record.status == TitleStatusCode::Withdrawn,
            flags: FLAGS
                .iter()
                .map(|&(name, label)| (name, label, forms::field(&form, name) == "true"))
                .collect(),
            text_fields: &TEXT_FIELDS,
            line_fields: &LINE_FIELDS,
            events,
            waiting,
            catalog: site.path("/staff/titles"),
            done: (forms::field(&visitor.caller.params, "done") == "accepted").then_some(
                "Your change is accepted. The worker applies it in a moment; its progress is in the history below.",
            ),
            action,
            errors,
            form,
        },
        visitor,
    ))
}

/// The title's formats: the library's own, each linked to its details page, and those made from
/// the EPUB master, which have no page (there is nothing of theirs to edit) and say so.
fn formats(
    site: &WebSite,
    id: &str,
    record: &TitleRecord,
) -> Vec<(&'static str, String, Option<String>)> {
    record
        .offered()
        .iter()
        .map(|a| {
            let status = if a.derived {
                "made from the EPUB master when first asked for".to_owned()
            } else {
                a.status.to_string()
            };
            (
                a.format.display_name(),
                status,
                (!a.derived).then(|| artifact_page_path(site, id, a.format)),
            )
        })
        .collect()
}

/// The title's history in words, newest first.
fn events(history: &[HistoryEntry]) -> Vec<Event> {
    history
        .iter()
        .map(|e| {
            let what = match e.action.as_str() {
                "updateAccepted" => "Change asked for",
                "metadataUpdated" => "Details changed",
                "artifactUpdated" => "A format changed",
                "artifactAdded" => "A format added",
                "withdrawn" => "Withdrawn",
                "restored" => "Restored",
                "removed" => "Removed",
                "statusChanged" => "Status changed",
                "updateNotApplied" => "Change not applied",
                other => other,
            };
            Event {
                heading: format!(
                    "{what}{}, {} UTC, by {}",
                    e.format
                        .as_deref()
                        .and_then(|f| f.parse::<Format>().ok())
                        .map(|f| format!(" ({})", f.display_name()))
                        .unwrap_or_default(),
                    e.date.to_string().replace('T', " ").trim_end_matches('Z'),
                    e.person_name
                ),
                state: match e.status.as_str() {
                    "queued" => "Waiting to be applied.".to_owned(),
                    "applied" if e.changes.is_empty() => "Applied.".to_owned(),
                    "applied" => format!("Applied: {}.", e.changes.join(", ")),
                    _ => format!(
                        "Not applied: {}.",
                        e.reason.as_deref().unwrap_or("the title had changed")
                    ),
                },
                detail: e.comment.clone().filter(|c| !c.is_empty()),
            }
        })
        .collect()
}
