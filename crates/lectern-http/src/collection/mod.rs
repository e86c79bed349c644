//! Collection management (document 3): the catalog of every title in every state, edits of
//! titles, artifacts and periodicals (accepted now, applied by the worker), and a title's
//! history. Collection assistants act on their own site; administrators on every site.
//! `PUT /v2/titles/{serviceId}` and the periodical writes share their paths with the reading
//! side, so the `titles` and `periodicals` routers mount them.

pub(crate) mod catalog;
pub(crate) mod history;
pub(crate) mod periodical_edits;
pub(crate) mod title_edits;

use lectern_domain::account::Account;
use lectern_domain::catalog::edit::EditForm;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::conventions::caller::Caller;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use lectern_operations::curator::Curator;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(catalog::catalog))
        .routes(routes!(history::title_history))
        .routes(routes!(title_edits::edit_artifact))
}

/// The signed-in caller, when they may manage the collection of `site` (`None`: some site);
/// `absent` is the 404 of a thing of another site.
pub(crate) fn collection_staff<'c>(
    caller: &'c Caller,
    site: Option<&str>,
    what: &str,
    absent: impl FnOnce() -> lectern_operations::Failure,
) -> ApiResult<&'c Account> {
    Ok(Curator::of(caller, site, what, absent)?.account)
}

/// An edit's form: every parameter sent but the credentials, empty values kept (they clear).
pub(crate) fn edit_form(params: &Params) -> EditForm {
    let mut form = EditForm::new();
    for (name, value) in params.pairs() {
        if name != "api_key" && name != "access_token" {
            form.entry(name.clone()).or_default().push(value.clone());
        }
    }
    form
}

/// A 400 unless the form names one of `params`: an edit that changes nothing is a mistake.
pub(crate) fn require_known(form: &EditForm, params: &[&str]) -> ApiResult<()> {
    if lectern_domain::catalog::edit::known(form, params) {
        return Ok(());
    }
    Err(ApiError::new(
        axum::http::StatusCode::BAD_REQUEST,
        "BAD_REQUEST",
        format!("Send at least one of the parameters: {}", params.join(", ")),
    ))
}
