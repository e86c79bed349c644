//! A title, for its collection assistants: its record as the catalog has it, its metadata
//! changed (the API's 202: accepted now, applied by the worker, each edit's progress in the
//! title's history: waiting, applied, or not applied and why), withdrawn and restored.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use lectern_domain::catalog::{ContributorType, Format, TitleRecord, TitleStatusCode, names};

use super::catalog::status_in_words;
use super::home::{Staff, StaffForm};
use super::paths::{accepted, artifact_page_path, title_page_path};
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::{Lang, format_name};
use crate::pages::forms::{self, FormErrors, Said};
use crate::pages::render::{Chrome, Section, day, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::catalog::title_edit::EditTarget;
use lectern_operations::title_edits;
use lectern_operations::titles::{CatalogViewer, visible_title};
use lectern_store::catalog_edits::HistoryEntry;

/// The one-line fields of the form: (parameter, label, hint), the label and the hint as
/// message keys.
const TEXT_FIELDS: [(&str, &str, &str); 11] = [
    ("title", "staff-title-field-title", ""),
    ("subtitle", "staff-title-field-subtitle", ""),
    ("seriesTitle", "staff-title-field-series", ""),
    ("seriesNumber", "staff-title-field-series-number", ""),
    ("publisher", "staff-title-field-publisher", ""),
    ("edition", "staff-title-field-edition", ""),
    (
        "isbn13",
        "staff-title-field-isbn",
        "staff-title-field-isbn-hint",
    ),
    (
        "copyrightDate",
        "staff-catalog-order-copyright",
        "staff-title-field-copyright-hint",
    ),
    (
        "readingAgeMinimum",
        "staff-title-field-youngest",
        "staff-title-field-years-hint",
    ),
    (
        "readingAgeMaximum",
        "staff-title-field-oldest",
        "staff-title-field-years-hint",
    ),
    ("notes", "staff-org-notes", ""),
];
/// The fields of one value a line: (parameter, label, hint), as message keys.
const LINE_FIELDS: [(&str, &str, &str); 2] = [
    (
        "authors",
        "staff-title-field-authors",
        "staff-title-field-authors-hint",
    ),
    (
        "languages",
        "staff-title-field-languages",
        "staff-title-field-languages-hint",
    ),
];
const FLAGS: [(&str, &str); 2] = [
    ("adultContent", "staff-title-flag-adult"),
    ("allowRecommend", "staff-title-flag-recommend"),
];

#[derive(Template)]
#[template(path = "web/staff/title.html")]
struct TitlePage<'a> {
    chrome: &'a Chrome,
    name: String,
    /// Each fact's message key, its value, and whether the value is the records' own words.
    facts: Vec<(&'static str, String, bool)>,
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
    formats: Vec<(String, String, Option<String>)>,
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
    /// Why the worker did not apply it, in its English.
    reason: Option<Said>,
    /// The staff member's own words kept with the change.
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
    let lang = chrome.lang;
    let events = events(lang, &history);
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
                ("staff-org-identifier", record.service_id.clone(), true),
                (
                    "staff-catalog-status",
                    status_in_words(lang, &record.status.to_string()),
                    false,
                ),
                (
                    "staff-catalog-order-updated",
                    record.last_updated.map_or_else(
                        || lang.t("staff-never"),
                        |t| lang.date(&day(&t.to_string())),
                    ),
                    false,
                ),
            ],
            formats: formats(lang, site, id, &record),
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
            done: (forms::field(&visitor.caller.params, "done") == "accepted")
                .then_some("staff-title-done-accepted"),
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
    lang: Lang,
    site: &WebSite,
    id: &str,
    record: &TitleRecord,
) -> Vec<(String, String, Option<String>)> {
    record
        .offered()
        .iter()
        .map(|a| {
            let status = if a.derived {
                lang.t("staff-format-derived")
            } else {
                lang.t(&format!("staff-artifact-status-{}", a.status))
            };
            (
                format_name(lang, a.format),
                status,
                (!a.derived).then(|| artifact_page_path(site, id, a.format)),
            )
        })
        .collect()
}

/// The title's history in words, newest first.
/// The history's actions, and their messages.
const ACTIONS: [(&str, &str); 9] = [
    ("updateAccepted", "staff-history-updateAccepted"),
    ("metadataUpdated", "staff-history-metadataUpdated"),
    ("artifactUpdated", "staff-history-artifactUpdated"),
    ("artifactAdded", "staff-history-artifactAdded"),
    ("withdrawn", "staff-status-withdrawn"),
    ("restored", "staff-history-restored"),
    ("removed", "staff-status-removed"),
    ("statusChanged", "staff-history-statusChanged"),
    ("updateNotApplied", "staff-history-updateNotApplied"),
];

fn events(lang: Lang, history: &[HistoryEntry]) -> Vec<Event> {
    history
        .iter()
        .map(|e| {
            let what = ACTIONS
                .iter()
                .find(|(a, _)| *a == e.action)
                .map_or_else(|| e.action.clone(), |(_, key)| lang.t(key));
            let when = e.date.to_string().replace('T', " ");
            let mut args = vec![
                ("what", what),
                ("when", when.trim_end_matches('Z').to_owned()),
                ("who", e.person_name.clone()),
            ];
            let format = e.format.as_deref().and_then(|f| f.parse::<Format>().ok());
            if let Some(f) = format {
                args.push(("format", format_name(lang, f)));
            }
            let args: Vec<(&'static str, &str)> =
                args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let heading_key = if format.is_some() {
                "staff-history-heading-format"
            } else {
                "staff-history-heading"
            };
            let (state, reason) = match e.status.as_str() {
                "queued" => (lang.t("staff-history-queued"), None),
                "applied" if e.changes.is_empty() => (lang.t("staff-history-applied"), None),
                "applied" => (
                    lang.t1(
                        "staff-history-applied-changes",
                        "changes",
                        &e.changes.join(", "),
                    ),
                    None,
                ),
                _ => match &e.reason {
                    Some(why) => (
                        lang.t("staff-history-not-applied"),
                        Some(Said::reason(why.clone())),
                    ),
                    None => (lang.t("staff-history-not-applied-changed"), None),
                },
            };
            Event {
                heading: lang.t_with(heading_key, &args),
                state,
                reason,
                detail: e.comment.clone().filter(|c| !c.is_empty()),
            }
        })
        .collect()
}
