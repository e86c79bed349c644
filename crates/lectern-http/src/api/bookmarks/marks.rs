//! What bookmarks and highlights share over HTTP: the parameters that name a reader's marks in a
//! title and format, and deleting one of them.

use lectern_domain::catalog::Format;
use lectern_operations::marks;
use lectern_store::marks::Marks;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::conventions::caller::Caller;
use crate::error::ApiResult;
use crate::state::AppState;

/// The caller's marks in a title and format, a page at a time.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MarkListParams {
    /// The title
    pub service_id: String,
    /// The format the marks were made in (default EPUB3)
    #[param(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    pub format: Option<Format>,
}

/// The caller's mark at one location.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MarkDeleteParams {
    /// The title
    pub service_id: String,
    /// The mark's location, exactly as it was saved (`startLocation` is taken for it, as the
    /// upstream's clients name a highlight's)
    #[serde(alias = "startLocation")]
    pub location: String,
    /// The mark's format (default EPUB3)
    #[param(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    pub format: Option<Format>,
}

/// Deletes the caller's mark named by the request, or a 404 naming what was not there; the
/// title and format whose marks are left.
pub async fn delete_mark(
    state: &AppState,
    caller: &Caller,
    which: Marks,
) -> ApiResult<(String, Format)> {
    caller.signed_in()?;
    let p: MarkDeleteParams = caller.params.parse()?;
    let format = marks::delete(state, caller, which, &p.service_id, p.format, &p.location).await?;
    Ok((p.service_id, format))
}
