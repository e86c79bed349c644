//! The reader's settings page, reached from a book read online (`GET` and `POST
//! /{site}/read/{grant}/settings?part=n`): text size, font, spacing, margins and colours, saved
//! with the reader's preferences (`lectern_operations::preferences`) and shown at once on the
//! part the reader came from. The reading link only brings the reader back; the settings are
//! the account's, so a guest is asked to sign in.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::account::preferences::PreferenceChanges;
use lectern_domain::invalid::Why;
use lectern_operations::preferences as reading_preferences;
use lectern_operations::streaming;

use super::reading_book::{Look, part_path, settings_path};
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::pages::forms::{FormErrors, Posted};
use crate::pages::preferences::ShownPreferences;
use crate::pages::render::{Chrome, Section, page, see_other};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::reading_settings::{reading_changes, stylesheet_href};
use crate::state::AppState;
use crate::streaming::object_key;

#[derive(Template)]
#[template(path = "web/reader_settings.html")]
struct SettingsPage<'a> {
    chrome: &'a Chrome,
    book_title: &'a str,
    back: String,
    action: String,
    part: usize,
    preferences: ShownPreferences,
    errors_of: &'static str,
    errors: FormErrors,
    look: Look,
}

/// `GET /{site}/read/{grant}/settings?part=n`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, grant)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let part = part_of(&visitor.caller.params)?;
    settings_page(&state, &site, &visitor, &grant, part, None).await
}

/// `POST /{site}/read/{grant}/settings`: saves the settings and goes back to the part.
pub async fn save(
    State(state): State<AppState>,
    Path((_, grant)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let part = part_of(&form)?;
    let sent = match reading_changes(&form) {
        Ok(reading) => reading,
        Err(e) => {
            let errors = FormErrors::of(e)?;
            return settings_page(&state, &site, &visitor, &grant, part, Some((errors, None)))
                .await;
        }
    };
    let changes = PreferenceChanges {
        reading: sent.clone(),
        ..Default::default()
    };
    match reading_preferences::change_mine(&state, &visitor.caller, changes).await {
        Ok(_) => Ok(see_other(
            &part_path(&site, &grant, part),
            &visitor.set_cookies,
        )),
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            settings_page(
                &state,
                &site,
                &visitor,
                &grant,
                part,
                Some((errors, Some(sent))),
            )
            .await
        }
    }
}

/// The part to go back to: `part`, from 1 (the book's first when not given).
fn part_of(params: &Params) -> ApiResult<usize> {
    match params.one("part")? {
        None | Some("") => Ok(1),
        Some(n) => n.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
            crate::error::ApiError::bad_param(
                "part",
                Why::of("why-part-number", "must be the number of a part, from 1"),
            )
        }),
    }
}

async fn settings_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    grant: &str,
    part: usize,
    refused: Option<(
        FormErrors,
        Option<lectern_domain::account::reading_settings::ReadingChanges>,
    )>,
) -> ApiResult<Response> {
    visitor.caller.signed_in()?;
    let key = object_key(state, grant).await?;
    let book = streaming::book(state, &key).await?;
    let mine = reading_preferences::mine(state, &visitor.caller).await?;
    let stylesheet = stylesheet_href(&mine.reading);
    let mut preferences = ShownPreferences::from(mine);
    let (errors, sent) = refused.unwrap_or_default();
    if let Some(sent) = &sent {
        preferences.reading = preferences.reading.with(sent);
    }
    let action = settings_path(site, grant);
    let chrome = Chrome::of(site, visitor, &action, Section::Books);
    Ok(page(
        errors.status(),
        &SettingsPage {
            chrome: &chrome,
            book_title: &book.publication.metadata.title,
            back: part_path(site, grant, part),
            action: action.clone(),
            part,
            preferences,
            errors_of: "preferences",
            errors,
            look: Look {
                stylesheet,
                settings: None,
            },
        },
        visitor,
    ))
}
