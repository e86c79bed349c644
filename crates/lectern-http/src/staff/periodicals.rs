//! The site's periodicals, for its collection assistants: every series as `GET /v2/periodicals`
//! lists them (`periodicals::series_seen`), a page at a time, found by title; and a new
//! series. Document 3 has no endpoint that makes one, so it is checked by the same rule as a
//! series' edit (`SeriesEdit`) and added without replacing anything (a series id taken is the store's 409 on `seriesId`).

use askama::Template;
use axum::extract::State;
use axum::response::Response;
use lectern_domain::catalog::periodical::SeriesSort;
use lectern_operations::curator::Curator;
use lectern_operations::periodicals::{self, SeriesWanted};
use lectern_operations::titles::CatalogViewer;
use lectern_store::keyset::KeyedOrder;

use super::home::{Staff, StaffForm};
use super::paths::series_page_path;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;

/// A series' one-line fields: (parameter, label, hint), as message keys.
pub const SERIES_TEXT: [(&str, &str, &str); 5] = [
    ("title", "staff-title-field-title", ""),
    ("issn", "staff-series-issn", "staff-series-issn-hint"),
    ("publisher", "staff-title-field-publisher", ""),
    ("description", "staff-series-description", ""),
    (
        "externalCategoryCode",
        "staff-series-category-code",
        "staff-series-category-code-hint",
    ),
];
/// A series' fields of one value a line.
pub const SERIES_LINES: [(&str, &str, &str); 3] = [
    (
        "languages",
        "staff-title-field-languages",
        "staff-title-field-languages-hint",
    ),
    ("categories", "staff-series-categories", "staff-one-a-line"),
    (
        "countries",
        "staff-series-countries",
        "staff-series-countries-hint",
    ),
];
/// The kinds of series, and their messages.
pub const SERIES_TYPES: &[(&str, &str)] = &[
    ("newspaper", "staff-series-type-newspaper"),
    ("magazine", "staff-series-type-magazine"),
    ("journal", "staff-series-type-journal"),
];

/// A kind of series in words, in `lang`.
pub fn series_type_in_words(lang: Lang, kind: &str) -> String {
    SERIES_TYPES
        .iter()
        .find(|(v, _)| *v == kind)
        .map_or_else(|| kind.to_owned(), |(_, key)| lang.t(key))
}

/// A series' form fields as the API's parameters.
pub fn series_params(form: &Params) -> Params {
    let mut pairs: Vec<(String, String)> = SERIES_TEXT
        .iter()
        .map(|(name, ..)| *name)
        .chain(["seriesType"])
        .map(|name| (name.to_owned(), forms::field(form, name)))
        .collect();
    for (name, ..) in SERIES_LINES {
        forms::push_lines(&mut pairs, form, name);
    }
    Params::from_pairs(pairs)
}

#[derive(Template)]
#[template(path = "web/staff/periodicals.html")]
struct PeriodicalsPage<'a> {
    chrome: &'a Chrome,
    action: String,
    search: String,
    count: String,
    series: Vec<(String, String, String)>,
    first: Option<String>,
    next: Option<String>,
    form: Params,
    types: Vec<Choice>,
    text_fields: &'static [(&'static str, &'static str, &'static str)],
    line_fields: &'static [(&'static str, &'static str, &'static str)],
    errors: FormErrors,
}

impl PeriodicalsPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

/// The collection assistants of this site, and administrators: `what` is what they would do.
pub fn collection_here(site: &WebSite, visitor: &Visitor, what: &str) -> ApiResult<()> {
    Curator::of(
        &visitor.caller,
        Some(&site.site.id),
        what,
        lectern_operations::absences::page,
    )?;
    Ok(())
}

/// `GET /{site}/staff/periodicals`.
pub async fn show(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    collection_here(&site, &visitor, "manage periodicals")?;
    periodicals_page(
        &state,
        &site,
        &visitor,
        Params::default(),
        FormErrors::default(),
    )
    .await
}

/// `POST /{site}/staff/periodicals`: a new series.
pub async fn create(
    State(state): State<AppState>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let curator = Curator::of(
        &visitor.caller,
        Some(&site.site.id),
        "add periodicals",
        lectern_operations::absences::page,
    )?;
    let asked = series_params(&form).with("seriesId", &forms::field(&form, "seriesId"));
    let series =
        match periodicals::add_series(&state, &curator, &site.site.id, &asked.edit_form()).await {
            Ok(series) => series,
            Err(f) => {
                let errors = FormErrors::of_failure(f)?
                    .missing_as("seriesId", "staff-series-id-missing")
                    .missing_as("title", "staff-series-title-missing");
                return periodicals_page(&state, &site, &visitor, form, errors).await;
            }
        };
    let to = with_query(
        &series_page_path(&site, &series.series_id),
        &[("done", "added")],
    );
    Ok(see_other(&to, &visitor.set_cookies))
}

async fn periodicals_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    form: Params,
    errors: FormErrors,
) -> ApiResult<Response> {
    let asked = visitor.caller.params.only(&["title", "start", "limit"]);
    let search = forms::field(&asked, "title");
    let who = CatalogViewer::of(state, &visitor.caller).await?;
    let (shown, window) = asked.parse::<ListParams<SeriesSort>>()?.window()?;
    let order = window.sort;
    let wanted = SeriesWanted {
        title: Some(search.clone()),
        ..SeriesWanted::default()
    };
    let (mut found, total) = periodicals::series_seen(state, &who, wanted, window).await?;
    let next = shown.next_token(&mut found, |row| order.key_of(row));
    let action = site.path("/staff/periodicals");
    let limit = forms::field(&asked, "limit");
    let here = with_query(&action, &[("title", &search), ("limit", &limit)]);
    let next = next.as_deref().map(|n| {
        with_query(
            &action,
            &[("title", &search), ("limit", &limit), ("start", n)],
        )
    });
    let chrome = Chrome::of(site, visitor, &here, Section::Staff);
    let lang = chrome.lang;
    let chosen_type = forms::field(&form, "seriesType");
    Ok(page(
        errors.status(),
        &PeriodicalsPage {
            chrome: &chrome,
            count: lang.t_count("staff-series-found", total),
            series: found
                .iter()
                .map(|(s, _)| {
                    let kind = series_type_in_words(lang, &s.series_type.to_string());
                    let about = match s.issn.as_deref() {
                        Some(issn) => lang.t_with(
                            "staff-series-about-issn",
                            &[("issn", issn), ("kind", &kind)],
                        ),
                        None => kind,
                    };
                    (s.title.clone(), series_page_path(site, &s.series_id), about)
                })
                .collect(),
            first: asked.one("start").ok().flatten().map(|_| here.clone()),
            next,
            search,
            action,
            types: choices_in(
                lang,
                SERIES_TYPES,
                if chosen_type.is_empty() {
                    "newspaper"
                } else {
                    &chosen_type
                },
            ),
            text_fields: &SERIES_TEXT,
            line_fields: &SERIES_LINES,
            form,
            errors,
        },
        visitor,
    ))
}
