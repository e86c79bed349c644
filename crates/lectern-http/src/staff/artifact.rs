//! One format of a title, for its collection assistants: the artifact's details (document 3's
//! artifact parameters) changed through `PUT /v2/titles/{id}/artifacts/{format}`, so with the
//! same checks and the same 202: accepted now, applied by the worker, its progress in the
//! title's history.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::catalog::{Artifact, Format};

use super::home::{Staff, StaffForm};
use super::paths::{accepted, artifact_page_path, title_page_path};
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::{self, Choice, FormErrors, choices};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::catalog::title_edit::EditTarget;
use lectern_operations::title_edits;

/// A field of the form: its parameter, label and hint, and its choices when it is a `select`.
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
        "Global Book Service identifier",
        "The ABC Global Book Service's number for this file, if it has one.",
    ),
    text(
        "externalIdentifierCode",
        "Your own identifier",
        "The number your library's own system gives this file.",
    ),
    text("supplier", "Supplier", ""),
    text("fundingSource", "Funded by", ""),
];

const AUDIO: [Field; 1] = [text(
    "duration",
    "Playing time",
    "As PTnHnMnS: PT9H30M is nine hours and a half.",
)];

const BRAILLE_CODES: &[(&str, &str)] = &[
    ("", "Not recorded"),
    ("ueb", "Unified English Braille (UEB)"),
    ("ebae", "English Braille, American Edition (EBAE)"),
    ("standardEnglishBraille", "Standard English Braille"),
    ("musicBrailleCode", "Music braille code"),
    ("french", "French"),
    ("frenchQuebec", "French (Québec)"),
    ("frenchUnified", "French (unified)"),
    ("spanish", "Spanish"),
];
const BRAILLE_GRADES: &[(&str, &str)] = &[
    ("", "Not recorded"),
    ("contracted", "Contracted"),
    ("uncontracted", "Uncontracted"),
];
const BRAILLE_TYPES: &[(&str, &str)] = &[
    ("", "Not recorded"),
    ("transcribed", "Transcribed by a person"),
    ("automated", "Translated by software"),
];
const SCORE_LAYOUTS: &[(&str, &str)] = &[
    ("", "Not music, or not recorded"),
    ("barOverBar", "Bar over bar"),
    ("barByBar", "Bar by bar"),
];

const BRAILLE: [Field; 6] = [
    choose("brailleCode", "Braille code", BRAILLE_CODES),
    choose("brailleGrade", "Grade", BRAILLE_GRADES),
    choose("brailleType", "How it was made", BRAILLE_TYPES),
    choose(
        "brailleMusicScoreLayout",
        "Music score layout",
        SCORE_LAYOUTS,
    ),
    text("numberOfVolumes", "Volumes", "How many braille volumes."),
    text("transcriber", "Transcriber", ""),
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
    heading: String,
    title_page: String,
    facts: Vec<(&'static str, String)>,
    action: String,
    fields: Vec<Shown>,
    producers: String,
    errors: FormErrors,
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
    raw.parse()
        .map_err(|_| ApiError::not_found(format!("There is no format '{raw}'")))
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
        .ok_or_else(|| ApiError::not_found(format!("The title '{id}' has no {format} artifact")))?;
    let form = asked.unwrap_or_else(|| as_form(artifact));
    let action = artifact_page_path(site, id, format);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let fields = fields_of(format)
        .into_iter()
        .map(|f| Shown {
            name: f.name,
            label: f.label,
            hint: f.hint,
            value: forms::field(&form, f.name),
            options: f
                .options
                .map(|all| choices(all, &forms::field(&form, f.name))),
        })
        .collect();
    let file = artifact
        .file
        .as_deref()
        .and_then(|k| k.rsplit('/').next())
        .unwrap_or("No file")
        .to_owned();
    Ok(page(
        errors.status(),
        &ArtifactPage {
            chrome: &chrome,
            heading: format!("{}: {}", title.title, format.display_name()),
            title_page: title_page_path(site, id),
            facts: vec![
                ("Status", artifact.status.to_string()),
                ("File", file),
                (
                    "Added",
                    artifact
                        .date_added
                        .map(|d| d.to_string())
                        .unwrap_or_else(|| "Not recorded".to_owned()),
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
