//! One periodical, for its collection assistants: its fields changed through
//! `PUT /v2/periodicals/{seriesId}` (applied at once), and its editions, newest first, as
//! `GET /v2/periodicals/{seriesId}/editions` lists them, a page at a time.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::periodical::{EditionSort, PeriodicalSeries};
use lectern_operations::periodicals as periodicals_house;
use lectern_store::keyset::KeyedOrder;
use lectern_store::periodicals::ListedEdition;

use super::home::{Staff, StaffForm};
use super::paths::{edition_page_path, series_page_path};
use super::periodicals::{SERIES_LINES, SERIES_TEXT, SERIES_TYPES, series_params};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::format_name;
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/staff/periodical.html")]
struct SeriesPage<'a> {
    chrome: &'a Chrome,
    name: String,
    back: String,
    action: String,
    new_edition: String,
    done: Option<&'static str>,
    form: Params,
    types: Vec<Choice>,
    text_fields: &'static [(&'static str, &'static str, &'static str)],
    line_fields: &'static [(&'static str, &'static str, &'static str)],
    errors: FormErrors,
    count: String,
    editions: Vec<(String, String, String)>,
    first: Option<String>,
    next: Option<String>,
}

impl SeriesPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

/// The series, when the visitor manages its site's collection.
pub async fn managed_series(
    state: &AppState,
    visitor: &Visitor,
    id: &str,
) -> ApiResult<PeriodicalSeries> {
    let (_, series, _) =
        periodicals_house::curated(state, &visitor.caller, id, "manage periodicals").await?;
    Ok(series)
}

/// The stored series as the form shows it.
fn as_form(s: &PeriodicalSeries) -> Params {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let pairs = [
        ("title", s.title.clone()),
        ("issn", text(&s.issn)),
        ("publisher", text(&s.publisher)),
        ("description", text(&s.description)),
        ("externalCategoryCode", text(&s.external_category_code)),
        ("seriesType", s.series_type.to_string()),
        ("languages", s.languages.join("\n")),
        ("categories", s.categories.join("\n")),
        ("countries", s.countries.join("\n")),
    ];
    Params::from_pairs(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// `GET /{site}/staff/periodicals/{series}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let series = managed_series(&state, &visitor, &id).await?;
    series_page(
        &state,
        &site,
        &visitor,
        &series,
        as_form(&series),
        FormErrors::default(),
    )
    .await
}

/// `POST /{site}/staff/periodicals/{series}`: the series' fields, changed at once.
pub async fn change(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let (curator, series, _) =
        periodicals_house::curated(&state, &visitor.caller, &id, "manage periodicals").await?;
    let edit = series_params(&form).edit_form();
    match periodicals_house::edit_series(&state, &curator, &id, &edit).await {
        Ok(_) => {
            let to = with_query(&series_page_path(&site, &id), &[("done", "saved")]);
            Ok(see_other(&to, &visitor.set_cookies))
        }
        Err(e) => {
            let errors = FormErrors::of_failure(e)?;
            series_page(&state, &site, &visitor, &series, form, errors).await
        }
    }
}

async fn series_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    series: &PeriodicalSeries,
    form: Params,
    errors: FormErrors,
) -> ApiResult<Response> {
    let start = visitor.caller.params.only(&["start", "limit"]);
    let limit = forms::field(&start, "limit");
    let asked = start
        .clone()
        .with("sortOrder", "publicationDate")
        .with("direction", "desc");
    let list: ListParams<EditionSort> = asked.parse()?;
    let (listing, window) = list.window::<ListedEdition>()?;
    let sort = window.sort;
    let (mut rows, total) = periodicals_house::editions_of(state, series, window).await?;
    let next = listing.next_token(&mut rows, |row| sort.key_of(row));
    let action = series_page_path(site, &series.series_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    let chosen_type = forms::field(&form, "seriesType");
    Ok(page(
        errors.status(),
        &SeriesPage {
            chrome: &chrome,
            name: series.title.clone(),
            back: site.path("/staff/periodicals"),
            new_edition: format!("{action}/new-edition"),
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "added" => Some("staff-series-done-added"),
                "saved" => Some("staff-done-saved"),
                "withdrawn" => Some("staff-series-done-withdrawn"),
                _ => None,
            },
            types: choices_in(lang, SERIES_TYPES, &chosen_type),
            text_fields: &SERIES_TEXT,
            line_fields: &SERIES_LINES,
            form,
            errors,
            count: lang.t_count("staff-editions-count", total),
            editions: rows
                .iter()
                .map(|row| {
                    let e = &row.edition;
                    let date = e.publication_date.date();
                    let formats: Vec<String> = e
                        .artifacts
                        .iter()
                        .filter(|a| a.status == ArtifactStatus::Available)
                        .map(|a| format_name(lang, a.format))
                        .collect();
                    let about = lang.t_with(
                        "staff-edition-about",
                        &[
                            ("date", &lang.date(&date)),
                            ("formats", &lang.and_list(&formats)),
                        ],
                    );
                    (
                        e.edition_name.clone(),
                        edition_page_path(site, &series.series_id, &e.edition_id),
                        about,
                    )
                })
                .collect(),
            first: start
                .one("start")
                .ok()
                .flatten()
                .map(|_| with_query(&action, &[("limit", &limit)])),
            next: next
                .as_deref()
                .map(|n| with_query(&action, &[("limit", &limit), ("start", n)])),
            action,
        },
        visitor,
    ))
}
