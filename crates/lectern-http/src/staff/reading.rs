//! An account's reading preferences and recommendation profile, as a membership assistant
//! changes them for the reader (`/v2/accounts/{id}/preferences` and `.../recommendationProfile`).
//! The preferences form is the reader's own (`web/preferences_fields.html`), in the reader's
//! words, so that an assistant helping on the telephone sees what the reader sees.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;

use super::home::{Staff, StaffForm};
use super::records::{self, Owner, Records, done};
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::preferences::{ShownPreferences, formats, preference_changes, widths};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::recommendation_profile::{
    ProfileChanges, ProfileForm, RecommendationProfile,
};
use lectern_operations::managed_accounts::managed;
use lectern_operations::preferences as reading_preferences;
use lectern_operations::recommendation_profiles;

#[derive(Template)]
#[template(path = "web/staff/preferences.html")]
struct PreferencesPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    preferences: &'a ShownPreferences,
    formats: Vec<(&'static str, String)>,
    widths: Vec<u32>,
    errors_of: &'static str,
    errors: FormErrors,
    action: String,
    done: Option<&'static str>,
}

/// `GET /{site}/staff/accounts/{account}/preferences`.
pub async fn preferences(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    preferences_page(&state, &site, &visitor, &id, FormErrors::default()).await
}

/// `POST /{site}/staff/accounts/{account}/preferences`.
pub async fn change_preferences(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(&state, &visitor.caller, &id, "change preferences").await?;
    let changed = match preference_changes(&form) {
        Ok(changes) => reading_preferences::change_managed(&state, &m, changes)
            .await
            .map_err(FormErrors::of_failure),
        Err(e) => Err(FormErrors::of(e)),
    };
    match changed {
        Ok(_) => Ok(done(&site, &visitor, &id, Records::Preferences, "saved")),
        Err(errors) => preferences_page(&state, &site, &visitor, &id, errors?).await,
    }
}

async fn preferences_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
) -> ApiResult<Response> {
    let m = records::managed_account(state, visitor, id).await?;
    let a = &m.account;
    let preferences: ShownPreferences =
        reading_preferences::stored(state, &m.account).await?.into();
    let action = Records::Preferences.path(site, &a.user_account_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &PreferencesPage {
            chrome: &chrome,
            owner: Owner::of(site, visitor, a, Records::Preferences),
            preferences: &preferences,
            formats: formats(chrome.lang),
            widths: widths(),
            errors_of: "preferences",
            errors,
            action,
            done: (forms::field(&visitor.caller.params, "done") == "saved")
                .then_some("staff-preferences-done"),
        },
        visitor,
    ))
}

/// The content warnings, the narrators' voices and kinds the profile offers, and their messages.
const WARNINGS: &[(&str, &str)] = &[
    ("sex", "staff-warning-sex"),
    ("violence", "staff-warning-violence"),
    ("drugs", "staff-warning-drugs"),
    ("language", "staff-warning-language"),
    ("intolerance", "staff-warning-intolerance"),
    ("adult", "staff-warning-adult"),
    ("unrated", "staff-warning-unrated"),
    ("contentWarning", "staff-warning-contentWarning"),
];
const GENDERS: &[(&str, &str)] = &[
    ("", "staff-no-preference"),
    ("female", "staff-gender-female"),
    ("male", "staff-gender-male"),
    ("otherNonBinary", "staff-gender-otherNonBinary"),
];
const NARRATORS: &[(&str, &str)] = &[
    ("", "staff-no-preference"),
    ("human", "staff-narrator-human"),
    ("tts", "staff-narrator-tts"),
];
/// The profile's lists, each a text area of one entry a line.
const LISTS: [&str; 4] = [
    "includedAuthors",
    "excludedAuthors",
    "includedCategories",
    "excludedCategories",
];

#[derive(Template)]
#[template(path = "web/staff/recommendations.html")]
struct ProfilePage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    include_global: bool,
    lists: Vec<(&'static str, &'static str, String)>,
    warnings: Vec<(&'static str, &'static str, bool)>,
    genders: Vec<Choice>,
    narrators: Vec<Choice>,
    reading_age: String,
    errors: FormErrors,
    action: String,
    done: Option<&'static str>,
}

/// `GET /{site}/staff/accounts/{account}/recommendations`.
pub async fn recommendations(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    profile_page(&state, &site, &visitor, &id, FormErrors::default(), None).await
}

/// The profile form as the API's parameters: each line of a list a value (a list left empty is
/// sent once, empty, which empties it), the boxes sent `false` or not at all.
/// The changes the form asks for: every list is sent, emptied when its box is.
fn profile_changes(form: &Params) -> ApiResult<ProfileChanges> {
    let asked = profile_params(form);
    let parsed: ProfileForm = asked.parse()?;
    Ok(parsed.changes(|name| !asked.all(name).is_empty()))
}

fn profile_params(form: &Params) -> Params {
    let mut pairs = Vec::new();
    for list in LISTS {
        let text = forms::field(form, list);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if lines.is_empty() {
            pairs.push((list.to_owned(), String::new()));
        }
        pairs.extend(lines.into_iter().map(|l| (list.to_owned(), l.to_owned())));
    }
    let warnings = form.all("excludedContentWarnings");
    if warnings.is_empty() {
        pairs.push(("excludedContentWarnings".to_owned(), String::new()));
    }
    pairs.extend(
        warnings
            .into_iter()
            .map(|w| ("excludedContentWarnings".to_owned(), w.to_owned())),
    );
    let global = forms::field(form, "includeGlobalCollection") == "true";
    pairs.push(("includeGlobalCollection".to_owned(), global.to_string()));
    for one in ["narratorGender", "narratorType", "readingAge"] {
        pairs.push((one.to_owned(), forms::field(form, one)));
    }
    Params::from_pairs(pairs)
}

/// `POST /{site}/staff/accounts/{account}/recommendations`.
pub async fn change_recommendations(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(
        &state,
        &visitor.caller,
        &id,
        "change recommendation profiles",
    )
    .await?;
    let changed = match profile_changes(&form) {
        Ok(changes) => recommendation_profiles::change_for(&state, &m, changes)
            .await
            .map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match changed {
        Ok(_) => Ok(done(
            &site,
            &visitor,
            &id,
            Records::Recommendations,
            "saved",
        )),
        Err(e) => {
            let errors = FormErrors::of(e)?;
            profile_page(&state, &site, &visitor, &id, errors, Some(form)).await
        }
    }
}

async fn profile_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    asked: Option<Params>,
) -> ApiResult<Response> {
    let m = records::managed_account(state, visitor, id).await?;
    let a = &m.account;
    let p = recommendation_profiles::of(state, a).await?;
    let form = asked.unwrap_or_else(|| as_form(&p));
    let action = Records::Recommendations.path(site, &a.user_account_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    let excluded = form.all("excludedContentWarnings");
    let status = errors.status();
    Ok(page(
        status,
        &ProfilePage {
            chrome: &chrome,
            owner: Owner::of(site, visitor, a, Records::Recommendations),
            include_global: forms::field(&form, "includeGlobalCollection") == "true",
            lists: [
                ("includedAuthors", "staff-profile-included-authors"),
                ("excludedAuthors", "staff-profile-excluded-authors"),
                ("includedCategories", "staff-profile-included-categories"),
                ("excludedCategories", "staff-profile-excluded-categories"),
            ]
            .into_iter()
            .map(|(name, label)| (name, label, forms::field(&form, name)))
            .collect(),
            warnings: WARNINGS
                .iter()
                .map(|&(v, l)| (v, l, excluded.contains(&v)))
                .collect(),
            genders: choices_in(lang, GENDERS, &forms::field(&form, "narratorGender")),
            narrators: choices_in(lang, NARRATORS, &forms::field(&form, "narratorType")),
            reading_age: forms::field(&form, "readingAge"),
            errors,
            action,
            done: (forms::field(&visitor.caller.params, "done") == "saved")
                .then_some("staff-profile-done"),
        },
        visitor,
    ))
}

/// The profile as the form shows it: each list one entry a line.
fn as_form(p: &RecommendationProfile) -> Params {
    let mut pairs = vec![(
        "includeGlobalCollection".to_owned(),
        p.include_global_collection.to_string(),
    )];
    for (name, values) in [
        ("includedAuthors", &p.included_authors),
        ("excludedAuthors", &p.excluded_authors),
        ("includedCategories", &p.included_categories),
        ("excludedCategories", &p.excluded_categories),
    ] {
        pairs.push((name.to_owned(), values.join("\n")));
    }
    for w in &p.excluded_content_warnings {
        pairs.push(("excludedContentWarnings".to_owned(), w.as_str().to_owned()));
    }
    for (name, value) in [
        (
            "narratorGender",
            p.narrator_gender.map(|g| g.as_str().to_owned()),
        ),
        (
            "narratorType",
            p.narrator_type.map(|t| t.as_str().to_owned()),
        ),
        ("readingAge", p.reading_age.map(|a| a.to_string())),
    ] {
        pairs.push((name.to_owned(), value.unwrap_or_default()));
    }
    Params::from_pairs(pairs)
}
