//! One format of a title, for its collection assistants: the artifact's details (document 3's
//! artifact parameters) changed through `PUT /v2/titles/{id}/artifacts/{format}`, so with the
//! same checks and the same 202: accepted now, applied by the worker, its progress in the
//! title's history.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::catalog::{Artifact, Format};
use lectern_domain::invalid::Why;

use super::home::{Staff, StaffForm};
use super::paths::{accepted, artifact_page_path, title_page_path};
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::format_name;
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::catalog::title_edit::EditTarget;
use lectern_operations::title_edits;

/// A field of the form: its parameter, label and hint (message keys), and its choices when it
/// is a `select` (values and their messages).
struct Field {
    name: &'static str,
    label: &'static str,
    hint: &'static str,
    options: Option<&'static [(&'static str, &'static str)]>,
}

const fn text(name: &'static str, label: &'static str, hint: &'static str) -> Field {
    Field {
        name,
        label,
        hint,
        options: None,
    }
}

const fn choose(
    name: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
) -> Field {
    Field {
        name,
        label,
        hint: "",
        options: Some(options),
    }
}

const EVERY_FORMAT: [Field; 4] = [
    text(
        "globalBookServiceId",
        "staff-artifact-gbs",
        "staff-artifact-gbs-hint",
    ),
    text(
        "externalIdentifierCode",
        "staff-artifact-own-id",
        "staff-artifact-own-id-hint",
    ),
    text("supplier", "staff-artifact-supplier", ""),
    text("fundingSource", "staff-artifact-funded-by", ""),
];

const AUDIO: [Field; 1] = [text(
    "duration",
    "staff-artifact-duration",
    "staff-artifact-duration-hint",
)];

const BRAILLE_CODES: &[(&str, &str)] = &[
    ("", "staff-not-recorded"),
    ("ueb", "staff-braille-code-ueb"),
    ("ebae", "staff-braille-code-ebae"),
    (
        "standardEnglishBraille",
        "staff-braille-code-standardEnglishBraille",
    ),
    ("musicBrailleCode", "staff-braille-code-musicBrailleCode"),
    ("french", "staff-braille-code-french"),
    ("frenchQuebec", "staff-braille-code-frenchQuebec"),
    ("frenchUnified", "staff-braille-code-frenchUnified"),
    ("spanish", "staff-braille-code-spanish"),
];
const BRAILLE_GRADES: &[(&str, &str)] = &[
    ("", "staff-not-recorded"),
    ("contracted", "staff-braille-contracted"),
    ("uncontracted", "staff-braille-uncontracted"),
];
const BRAILLE_TYPES: &[(&str, &str)] = &[
    ("", "staff-not-recorded"),
    ("transcribed", "staff-braille-transcribed"),
    ("automated", "staff-braille-automated"),
];
const SCORE_LAYOUTS: &[(&str, &str)] = &[
    ("", "staff-braille-layout-none"),
    ("barOverBar", "staff-braille-layout-barOverBar"),
    ("barByBar", "staff-braille-layout-barByBar"),
];

const BRAILLE: [Field; 6] = [
    choose("brailleCode", "staff-braille-code", BRAILLE_CODES),
    choose("brailleGrade", "members-order-grade", BRAILLE_GRADES),
    choose("brailleType", "staff-braille-how-made", BRAILLE_TYPES),
    choose(
        "brailleMusicScoreLayout",
        "staff-braille-layout",
        SCORE_LAYOUTS,
    ),
    text(
        "numberOfVolumes",
        "staff-braille-volumes",
        "staff-braille-volumes-hint",
    ),
    text("transcriber", "staff-braille-transcriber", ""),
];

/// The fields a format has: a duration for audio, the braille fields for braille.
fn fields_of(format: Format) -> Vec<&'static Field> {
    let mut fields: Vec<&Field> = EVERY_FORMAT.iter().collect();
    if format.is_audio() {
        fields.extend(AUDIO.iter());
    }
    if format == Format::Brf {
        fields.extend(BRAILLE.iter());
    }
    fields
}

/// A field as the template shows it: its value typed or stored, or its choices.
struct Shown {
    name: &'static str,
    label: &'static str,
    hint: &'static str,
    value: String,
    options: Option<Vec<Choice>>,
}

#[derive(Template)]
#[template(path = "web/staff/artifact.html")]
struct ArtifactPage<'a> {
    chrome: &'a Chrome,
    /// The title's name, the records' own, and its format in words.
    title: String,
    format: String,
    title_page: String,
    /// Each fact's message key, its value, and whether the value is the records' own words.
    facts: Vec<(&'static str, String, bool)>,
    action: String,
    fields: Vec<Shown>,
    producers: String,
    errors: FormErrors,
}

impl ArtifactPage<'_> {
    /// The title and the format, as the page's title says them.
    fn heading_text(&self) -> String {
        let args = [("title", self.title.as_str()), ("format", &self.format)];
        self.chrome.lang.t_with("staff-artifact-heading", &args)
    }

    /// The same as HTML, the title's name marked as the records' own.
    fn heading_html(&self) -> String {
        let format = [("format", self.format.as_str())];
        self.chrome
            .lang
            .t_work_with("staff-artifact-heading", "title", &self.title, &format)
    }
}

/// The stored artifact as the form shows it.
fn as_form(a: &Artifact) -> Params {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let word = |v: Option<&str>| v.unwrap_or_default().to_owned();
    let pairs = [
        ("globalBookServiceId", text(&a.global_book_service_id)),
        ("externalIdentifierCode", text(&a.external_identifier_code)),
        ("supplier", text(&a.supplier)),
        ("fundingSource", text(&a.funding_source)),
        ("duration", text(&a.duration)),
        ("brailleCode", text(&a.braille_code)),
        ("brailleGrade", word(a.braille_grade.map(|g| g.as_str()))),
        ("brailleType", word(a.braille_type.map(|t| t.as_str()))),
        (
            "brailleMusicScoreLayout",
            word(a.braille_music_score_layout.map(|l| l.as_str())),
        ),
        (
            "numberOfVolumes",
            a.number_of_volumes
                .map(|n| n.to_string())
                .unwrap_or_default(),
        ),
        ("transcriber", text(&a.transcriber)),
        (
            "producers",
            a.producer.clone().unwrap_or_default().replace("; ", "\n"),
        ),
    ];
    Params::from_pairs(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// The form as the API's parameters: each field of the format sent (an empty one clears it),
/// each producer a line.
fn edit_params(format: Format, form: &Params) -> Params {
    let mut pairs: Vec<(String, String)> = fields_of(format)
        .into_iter()
        .map(|f| (f.name.to_owned(), forms::field(form, f.name)))
        .collect();
    forms::push_lines(&mut pairs, form, "producers");
    let comment = forms::field(form, "comments");
    if !comment.trim().is_empty() {
        pairs.push(("comments".to_owned(), comment));
    }
    Params::from_pairs(pairs)
}

fn parse_format(raw: &str) -> ApiResult<Format> {
    raw.parse().map_err(|_| {
        ApiError::not_found(
            Why::of("absent-format", format!("There is no format '{raw}'")).with("format", raw),
        )
    })
}

/// `GET /{site}/staff/titles/{title}/formats/{format}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id, format)): Path<(String, String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let format = parse_format(&format)?;
    artifact_page(
        &state,
        &site,
        &visitor,
        &id,
        format,
        FormErrors::default(),
        None,
    )
    .await
}

/// `POST /{site}/staff/titles/{title}/formats/{format}`: the change asked for; the worker
/// applies it.
pub async fn change(
    State(state): State<AppState>,
    Path((_, id, raw_format)): Path<(String, String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let format = parse_format(&raw_format)?;
    let edit = edit_params(format, &form).edit_form();
    match title_edits::accept(
        &state,
        &visitor.caller,
        &id,
        EditTarget::Artifact(format),
        edit,
    )
    .await
    {
        Ok(_) => Ok(accepted(&site, &visitor, &id)),
        Err(e) => {
            let errors = FormErrors::of_failure(e)?;
            artifact_page(&state, &site, &visitor, &id, format, errors, Some(form)).await
        }
    }
}

async fn artifact_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    format: Format,
    errors: FormErrors,
    asked: Option<Params>,
) -> ApiResult<Response> {
    let title = title_edits::curated_title(state, &visitor.caller, id).await?;
    let artifact = title
        .artifact(format)
        .ok_or_else(|| ApiError::from(lectern_operations::absences::artifact(id, format)))?;
    let form = asked.unwrap_or_else(|| as_form(artifact));
    let action = artifact_page_path(site, id, format);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    let fields = fields_of(format)
        .into_iter()
        .map(|f| Shown {
            name: f.name,
            label: f.label,
            hint: f.hint,
            value: forms::field(&form, f.name),
            options: f
                .options
                .map(|all| choices_in(lang, all, &forms::field(&form, f.name))),
        })
        .collect();
    let file = match artifact.file.as_deref().and_then(|k| k.rsplit('/').next()) {
        Some(name) => (name.to_owned(), true),
        None => (lang.t("staff-artifact-no-file"), false),
    };
    Ok(page(
        errors.status(),
        &ArtifactPage {
            chrome: &chrome,
            title: title.title.clone(),
            format: format_name(lang, format),
            title_page: title_page_path(site, id),
            facts: vec![
                (
                    "staff-catalog-status",
                    lang.t(&format!("staff-artifact-status-{}", artifact.status)),
                    false,
                ),
                ("staff-artifact-file", file.0, file.1),
                (
                    "staff-artifact-added",
                    artifact.date_added.map_or_else(
                        || lang.t("staff-not-recorded"),
                        |d| lang.date(&d.to_string()),
                    ),
                    false,
                ),
            ],
            action,
            fields,
            producers: forms::field(&form, "producers"),
            errors,
        },
        visitor,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lectern_domain::catalog::artifact::{BrailleGrade, BrailleMusicScoreLayout, BrailleType};
    use lectern_domain::catalog::edit::BrailleCode;

    /// Every choice offered is one the edit takes, and every value the edit takes is offered.
    #[test]
    fn the_choices_are_the_domains_values() {
        fn offered(all: &[(&str, &str)]) -> Vec<String> {
            all.iter()
                .filter(|(v, _)| !v.is_empty())
                .map(|(v, _)| v.to_string())
                .collect()
        }
        let words = |all: Vec<String>| {
            let mut all = all;
            all.sort();
            all
        };
        assert_eq!(
            words(offered(BRAILLE_CODES)),
            words(BrailleCode::ALL.iter().map(|c| c.to_string()).collect())
        );
        assert_eq!(
            words(offered(BRAILLE_GRADES)),
            words(BrailleGrade::ALL.iter().map(|c| c.to_string()).collect())
        );
        assert_eq!(
            words(offered(BRAILLE_TYPES)),
            words(BrailleType::ALL.iter().map(|c| c.to_string()).collect())
        );
        assert_eq!(
            words(offered(SCORE_LAYOUTS)),
            words(
                BrailleMusicScoreLayout::ALL
                    .iter()
                    .map(|c| c.to_string())
                    .collect()
            )
        );
    }
}
