//! A periodical's editions, for its collection assistants: a new one with its file (document 3
//! has no endpoint that adds one: checked by the edition edit's own rule (`EditionEdit`),
//! and added beside the others, an edition id taken being the store's 409 on `editionId`); one
//! changed by the operation behind `PUT .../editions/{editionId}`; one withdrawn as `DELETE`
//! withdraws it, by the worker.

use askama::Template;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;
use lectern_domain::catalog::periodical::{Edition, PeriodicalSeries};
use lectern_domain::catalog::periodical_edit;
use lectern_domain::catalog::{Artifact, Format};
use lectern_domain::ids::new_id;
use lectern_operations::curator::Curator;
use lectern_operations::periodicals as periodicals_house;

use super::format_file::{LIMITS, check_files, forget_files, format_choices, store_files};
use super::home::{Staff, StaffForm};
use super::paths::{edition_page_path, series_page_path};
use super::periodical::managed_series;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::pages::uploads::{self, Spooled};
use crate::state::AppState;

fn new_edition_path(site: &WebSite, series: &str) -> String {
    format!("{}/new-edition", series_page_path(site, series))
}

#[derive(Template)]
#[template(path = "web/staff/edition.html")]
struct EditionPage<'a> {
    chrome: &'a Chrome,
    /// The series' name and the edition's, the records' own; no edition's for a new one.
    series: String,
    edition: Option<String>,
    series_page: String,
    action: String,
    /// The new edition's form (with its identifier, format and files), or an edition's.
    adding: bool,
    withdraw: String,
    formats: Vec<Choice>,
    form: Params,
    done: Option<&'static str>,
    errors: FormErrors,
}

impl EditionPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }

    /// The page's heading: the series and the edition, or a new edition of the series.
    fn heading(&self) -> String {
        let lang = self.chrome.lang;
        match &self.edition {
            Some(edition) => lang.t_work_with(
                "staff-edition-heading",
                "series",
                &self.series,
                &[("edition", edition)],
            ),
            None => lang.t_work("staff-edition-new-heading", "series", &self.series),
        }
    }

    /// The heading as the page's title says it.
    fn heading_text(&self) -> String {
        let lang = self.chrome.lang;
        match &self.edition {
            Some(edition) => lang.t_with(
                "staff-edition-heading",
                &[("series", &self.series), ("edition", edition)],
            ),
            None => lang.t1("staff-edition-new-heading", "series", &self.series),
        }
    }
}

/// The edition's fields as the API takes them.
fn edition_params(form: &Params) -> Params {
    let names = ["editionName", "publicationDate", "expirationDate"];
    Params::from_pairs(
        names
            .iter()
            .map(|n| ((*n).to_owned(), forms::field(form, n).trim().to_owned()))
            .collect(),
    )
}

/// `GET /{site}/staff/periodicals/{series}/new-edition`.
pub async fn new(
    State(state): State<AppState>,
    Path((_, series_id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let series = managed_series(&state, &visitor, &series_id).await?;
    Ok(new_page(
        &site,
        &visitor,
        &series,
        &Params::default(),
        FormErrors::default(),
    ))
}

/// `POST /{site}/staff/periodicals/{series}/new-edition`: the edition checked, its files
/// stored, then the edition added.
pub async fn add(
    State(state): State<AppState>,
    Path((_, series_id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let series = managed_series(&state, &visitor, &series_id).await?;
    let upload = uploads::read(multipart, &LIMITS).await?;
    visitor.check_form(&upload.fields)?;
    let form = &upload.fields;
    let (edition, format) = match new_edition(visitor.lang, form, &upload.files).await {
        Ok(checked) => checked,
        Err(errors) => return Ok(new_page(&site, &visitor, &series, form, errors)),
    };
    let folder = format!(
        "periodicals/{}/{}/{}/{format}/",
        series.series_id,
        edition.edition_id,
        new_id()
    );
    let key = store_files(&state, &folder, format, &upload.files).await?;
    let mut artifact = Artifact::new(format, Some(key.clone()));
    artifact.date_added = Some(Timestamp::now());
    let edition = Edition {
        artifacts: vec![artifact],
        ..edition
    };
    let curator = Curator::of(
        &visitor.caller,
        Some(&series.site),
        "manage periodicals",
        || lectern_operations::absences::periodical(&series_id),
    )?;
    let written =
        periodicals_house::add_edition(&state, &curator, &series.series_id, &edition).await;
    if let Err(f) = written {
        forget_files(&state, &key, &upload.files).await;
        let errors = FormErrors::of_failure(f)?;
        return Ok(new_page(&site, &visitor, &series, form, errors));
    }
    let to = edition_page_path(&site, &series.series_id, &edition.edition_id);
    Ok(see_other(
        &with_query(&to, &[("done", "added")]),
        &visitor.set_cookies,
    ))
}

/// The edition and the format of its files, or every problem of the form at once.
async fn new_edition(
    lang: Lang,
    form: &Params,
    files: &[Spooled],
) -> Result<(Edition, Format), FormErrors> {
    let mut errors = FormErrors::default();
    let asked = edition_params(form).with("editionId", forms::field(form, "editionId").trim());
    let edition = match periodical_edit::new_edition(&asked.edit_form()) {
        Ok(edition) => Some(edition),
        Err(problems) => {
            errors.add_invalid(&problems);
            None
        }
    };
    errors = errors
        .missing_as("editionId", "staff-edition-id-missing")
        .missing_as("editionName", "staff-edition-name-missing")
        .missing_as("publicationDate", "staff-edition-date-missing");
    let format = forms::field(form, "format").parse::<Format>().ok();
    match format {
        None => errors.add_message("format", "staff-files-format-missing"),
        Some(f) => {
            if let Err(why) = check_files(lang, f, files).await {
                errors.add("files", why);
            }
        }
    }
    match (edition, format) {
        (Some(edition), Some(f)) if !errors.any() => Ok((edition, f)),
        _ => Err(errors),
    }
}

fn new_page(
    site: &WebSite,
    visitor: &Visitor,
    series: &PeriodicalSeries,
    form: &Params,
    errors: FormErrors,
) -> Response {
    let action = new_edition_path(site, &series.series_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    page(
        errors.status(),
        &EditionPage {
            series: series.title.clone(),
            edition: None,
            series_page: series_page_path(site, &series.series_id),
            withdraw: String::new(),
            adding: true,
            formats: format_choices(chrome.lang, &forms::field(form, "format")),
            chrome: &chrome,
            form: form.clone(),
            done: None,
            action,
            errors,
        },
        visitor,
    )
}

/// `GET /{site}/staff/periodicals/{series}/editions/{edition}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, series_id, edition_id)): Path<(String, String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let series = managed_series(&state, &visitor, &series_id).await?;
    let edition = stored_edition(&state, &series, &edition_id).await?;
    let text = |t: Option<Timestamp>| t.map(Timestamp::date).unwrap_or_default();
    let form = Params::from_pairs(vec![
        ("editionName".to_owned(), edition.edition_name.clone()),
        (
            "publicationDate".to_owned(),
            text(Some(edition.publication_date)),
        ),
        ("expirationDate".to_owned(), text(edition.expiration_date)),
    ]);
    Ok(edition_page(
        &site,
        &visitor,
        &series,
        &edition,
        form,
        FormErrors::default(),
    ))
}

/// `POST /{site}/staff/periodicals/{series}/editions/{edition}`: changed at once.
pub async fn change(
    State(state): State<AppState>,
    Path((_, series_id, edition_id)): Path<(String, String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let (curator, series, _) =
        periodicals_house::curated(&state, &visitor.caller, &series_id, "manage periodicals")
            .await?;
    let edition = stored_edition(&state, &series, &edition_id).await?;
    let edit = edition_params(&form).edit_form();
    let ids = (series_id.as_str(), edition_id.as_str());
    match periodicals_house::edit_edition(&state, &curator, ids, &edit).await {
        Ok(_) => {
            let to = edition_page_path(&site, &series_id, &edition_id);
            Ok(see_other(
                &with_query(&to, &[("done", "saved")]),
                &visitor.set_cookies,
            ))
        }
        Err(e) => {
            let errors = FormErrors::of_failure(e)?;
            Ok(edition_page(
                &site, &visitor, &series, &edition, form, errors,
            ))
        }
    }
}

/// `POST /{site}/staff/periodicals/{series}/editions/{edition}/withdraw`: accepted; the worker
/// withdraws it.
pub async fn withdraw(
    State(state): State<AppState>,
    Path((_, series_id, edition_id)): Path<(String, String, String)>,
    StaffForm { site, visitor, .. }: StaffForm,
) -> ApiResult<Response> {
    let (curator, series, _) =
        periodicals_house::curated(&state, &visitor.caller, &series_id, "withdraw editions")
            .await?;
    periodicals_house::withdraw_edition(&state, &curator, &series, &edition_id).await?;
    let to = series_page_path(&site, &series_id);
    Ok(see_other(
        &with_query(&to, &[("done", "withdrawn")]),
        &visitor.set_cookies,
    ))
}

async fn stored_edition(
    state: &AppState,
    series: &PeriodicalSeries,
    edition_id: &str,
) -> ApiResult<Edition> {
    Ok(periodicals_house::edition_of(state, series, edition_id).await?)
}

fn edition_page(
    site: &WebSite,
    visitor: &Visitor,
    series: &PeriodicalSeries,
    edition: &Edition,
    form: Params,
    errors: FormErrors,
) -> Response {
    let action = edition_page_path(site, &series.series_id, &edition.edition_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    page(
        errors.status(),
        &EditionPage {
            chrome: &chrome,
            series: series.title.clone(),
            edition: Some(edition.edition_name.clone()),
            series_page: series_page_path(site, &series.series_id),
            withdraw: format!("{action}/withdraw"),
            adding: false,
            formats: Vec::new(),
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "added" => Some("staff-edition-done-added"),
                "saved" => Some("staff-done-saved"),
                _ => None,
            },
            form,
            action,
            errors,
        },
        visitor,
    )
}
