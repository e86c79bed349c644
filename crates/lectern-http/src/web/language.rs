//! `POST /{site}/language`: the language choice at the foot of every page. A signed-in
//! reader's choice is their `language` preference, which every door then shares (the API's
//! `/v2/myAccount/preferences` included); a guest's is kept by their browser for a year. The
//! answer goes back to the page the choice was made on.

use axum::extract::State;
use axum::response::Response;
use lectern_domain::account::preferences::PreferenceChanges;
use lectern_domain::invalid::Why;
use lectern_operations::preferences;

use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::forms::Posted;
use crate::pages::render::see_other;
use crate::state::AppState;

pub async fn choose(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let code = form.one("language")?.unwrap_or("");
    let lang = Lang::of_code(code).ok_or_else(|| {
        ApiError::bad_param(
            "language",
            Why::of(
                "why-page-language",
                format!("'{code}' is not a language these pages are written in"),
            )
            .with("code", code),
        )
    })?;
    // Back to a page of this site only: a choice never sends the reader elsewhere.
    let home = site.path("/");
    let next = form
        .one("next")?
        .filter(|n| n.starts_with(&home) && !n.contains("//") && !n.contains('\\'))
        .unwrap_or(&home)
        .to_owned();
    let mut cookies = visitor.set_cookies.clone();
    if visitor.caller.user().is_some() {
        let changes = PreferenceChanges {
            language: Some(lang.iso_639_2().to_owned()),
            ..Default::default()
        };
        preferences::change_mine(&state, &visitor.caller, changes).await?;
    } else {
        cookies.push(site.language_cookie(&state, lang));
    }
    Ok(see_other(&next, &cookies))
}
