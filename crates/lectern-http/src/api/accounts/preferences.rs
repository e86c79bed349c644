//! Reading preferences, through both doors: the member's `GET`/`PUT /v2/myAccount/preferences`
//! and the assistant's `GET`/`PUT /v2/accounts/{userIdentifier}/preferences`; one reading, one
//! set of rules (`lectern_domain::account::preferences`).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::preferences::{
    BrailleFormat, BrailleGrade, PreferenceChanges, Preferences,
};
use lectern_domain::catalog::Format;
use lectern_operations::preferences;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::managed::managed;
use crate::api::titles::FormatRef;
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::Link;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::reading_settings::{ReadingParams, reading_changes};
use crate::state::AppState;

/// Document 2's My Account Preferences.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreferencesView {
    pub allow_adult_content: bool,
    pub show_all_books: bool,
    pub show_recommendations: bool,
    pub language: Option<String>,
    pub format: Option<FormatRef>,
    /// uncontracted or contracted
    pub braille_grade: Option<String>,
    pub use_ueb: bool,
    /// refreshable or embossable
    pub braille_format: Option<String>,
    pub braille_cell_line_width: Option<u32>,
    pub skip_upgrade_reminder: bool,
    /// Reading online: text size in per cent
    pub reading_text_size: u16,
    /// book, sans, serif, opendyslexic or atkinson
    pub reading_font: String,
    /// Line height in per cent of the text size
    pub reading_line_height: u16,
    /// normal, wide or wider
    pub reading_letter_spacing: String,
    /// normal, wide or wider
    pub reading_word_spacing: String,
    /// narrow, normal or wide
    pub reading_margins: String,
    /// book, start or justify
    pub reading_align: String,
    /// light, dark, sepia, contrast or own
    pub reading_theme: String,
    /// #rrggbb, the text of the theme own
    pub reading_text_color: Option<String>,
    /// #rrggbb, the background of the theme own
    pub reading_background_color: Option<String>,
    pub links: Vec<Link>,
    pub allows: Allows,
}

pub(crate) fn view(state: &AppState, path: &str, p: Preferences) -> PreferencesView {
    let r = &p.reading;
    PreferencesView {
        allow_adult_content: p.allow_adult_content,
        show_all_books: p.show_all_books,
        show_recommendations: p.show_recommendations,
        language: p.language,
        format: p.format.map(FormatRef::from),
        braille_grade: p.braille_grade.map(|g| g.as_str().to_owned()),
        use_ueb: p.use_ueb,
        braille_format: p.braille_format.map(|f| f.as_str().to_owned()),
        braille_cell_line_width: p.braille_cell_line_width,
        skip_upgrade_reminder: p.skip_upgrade_reminder,
        reading_text_size: r.text_size,
        reading_font: r.font.to_string(),
        reading_line_height: r.line_height,
        reading_letter_spacing: r.letter_spacing.to_string(),
        reading_word_spacing: r.word_spacing.to_string(),
        reading_margins: r.margins.to_string(),
        reading_align: r.align.to_string(),
        reading_theme: r.theme.to_string(),
        reading_text_color: r.text_color.map(|c| c.to_string()),
        reading_background_color: r.background_color.map(|c| c.to_string()),
        links: vec![Link::new("self", state.v2_url(path))],
        allows: Allows::of(&[("PUT", true)]),
    }
}

pub(crate) async fn stored(state: &AppState, a: &Account) -> ApiResult<Preferences> {
    Ok(preferences::stored(state, a).await?)
}

/// The preferences a PUT may change.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct PreferenceParams {
    allow_adult_content: Option<bool>,
    show_all_books: Option<bool>,
    show_recommendations: Option<bool>,
    /// ISO 639-2 alpha-3
    #[param(pattern = "^[a-z]{3}$")]
    language: Option<String>,
    /// DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX
    #[param(value_type = Option<Format>, inline)]
    format: Option<Format>,
    /// uncontracted or contracted
    #[param(value_type = Option<BrailleGrade>, inline)]
    braille_grade: Option<BrailleGrade>,
    use_ueb: Option<bool>,
    /// refreshable or embossable; a change is sent with brailleCellLineWidth
    #[param(value_type = Option<BrailleFormat>, inline)]
    braille_format: Option<BrailleFormat>,
    /// refreshable 18, 20, 32, 40, 70, 80; embossable 28, 40
    #[param(minimum = 18, maximum = 80)]
    braille_cell_line_width: Option<u32>,
    skip_upgrade_reminder: Option<bool>,
}

/// The changes a PUT asks: document 2's parameters and the reading settings'.
pub(crate) fn changes(params: &Params) -> ApiResult<PreferenceChanges> {
    let p: PreferenceParams = params.parse()?;
    Ok(PreferenceChanges {
        reading: reading_changes(params)?,
        ..p.into()
    })
}

impl From<PreferenceParams> for PreferenceChanges {
    fn from(p: PreferenceParams) -> Self {
        PreferenceChanges {
            allow_adult_content: p.allow_adult_content,
            show_all_books: p.show_all_books,
            show_recommendations: p.show_recommendations,
            language: p.language,
            format: p.format,
            braille_grade: p.braille_grade,
            use_ueb: p.use_ueb,
            braille_format: p.braille_format,
            braille_cell_line_width: p.braille_cell_line_width,
            skip_upgrade_reminder: p.skip_upgrade_reminder,
            reading: Default::default(),
        }
    }
}

#[utoipa::path(
    get, path = "/v2/myAccount/preferences", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's preferences", body = PreferencesView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_preferences(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<PreferencesView>> {
    let p = preferences::mine(&state, &caller).await?;
    Ok(Json(view(&state, "/myAccount/preferences", p)))
}

#[utoipa::path(
    put, path = "/v2/myAccount/preferences", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), PreferenceParams, ReadingParams),
    responses(
        (status = 200, description = "The caller's preferences as changed", body = PreferencesView),
        (status = 400, description = "A bad parameter, each named (a Braille format and width that do not fit)", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_my_preferences(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<PreferencesView>> {
    caller.signed_in()?;
    let after = preferences::change_mine(&state, &caller, changes(&caller.params)?).await?;
    Ok(Json(view(&state, "/myAccount/preferences", after)))
}

fn account_path(a: &Account) -> String {
    format!("{}/preferences", super::view::account_path(a))
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/preferences", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The account's preferences", body = PreferencesView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn account_preferences(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<PreferencesView>> {
    let m = managed(&state, &caller, &user_identifier, "read preferences").await?;
    let p = stored(&state, &m.account).await?;
    Ok(Json(view(&state, &account_path(&m.account), p)))
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/preferences", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        PreferenceParams,
        ReadingParams,
    ),
    responses(
        (status = 200, description = "The account's preferences as changed", body = PreferencesView),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator (sponsors no longer may), or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_account_preferences(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<PreferencesView>> {
    let m = managed(&state, &caller, &user_identifier, "change preferences").await?;
    let after = preferences::change_managed(&state, &m, changes(&caller.params)?).await?;
    Ok(Json(view(&state, &account_path(&m.account), after)))
}
