//! `GET /v2/bisacCodes`: BISAC subject codes, by a prefix of the code or of the description.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_operations::categories;
use lectern_store::bisac_codes::{self, BisacPrefix};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::invalid::Why;
use lectern_domain::paging::FixedOrder;

#[derive(Serialize, ToSchema)]
pub struct BisacCodeView {
    pub code: String,
    pub description: String,
    pub links: Vec<Link>,
}

impl Listed for BisacCodeView {
    const ITEMS: &'static str = "bisacCodes";
    const LIST: &'static str = "BisacCodeList";
}

pub type BisacCodeList = Collection<BisacCodeView>;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct BisacParams {
    /// Codes starting with this, any case (not with descriptionStartsWith)
    code_starts_with: Option<String>,
    /// Descriptions starting with this, any case (not with codeStartsWith)
    description_starts_with: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/bisacCodes", tag = "categories",
    params(
        ("api_key" = String, Query, description = "The client key"),
        BisacParams,
        ListParams<FixedOrder, 100>,
    ),
    responses(
        (status = 200, description = "BISAC codes, in code order (description order for a description prefix)", body = BisacCodeList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_bisac_codes(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<BisacCodeList>> {
    Ok(Json(bisac_page(&state, &caller.params).await?))
}

/// A page of the BISAC codes, as `params` ask.
pub async fn bisac_page(state: &AppState, params: &Params) -> ApiResult<BisacCodeList> {
    let p: BisacParams = params.parse()?;
    let trimmed = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let prefix = match (
        trimmed(p.code_starts_with),
        trimmed(p.description_starts_with),
    ) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_param(
                "descriptionStartsWith",
                Why::of(
                    "why-bisac-one-or-other",
                    "cannot be sent with codeStartsWith; send one or the other",
                ),
            ));
        }
        (Some(code), None) => BisacPrefix::Code(code),
        (None, Some(description)) => BisacPrefix::Description(description),
        (None, None) => BisacPrefix::All,
    };
    let page = params.parse::<ListParams<FixedOrder, 100>>()?.page()?;
    let after = page.after::<(String, String)>()?;
    let (mut rows, total_results) =
        categories::bisac_codes(state, &prefix, after.as_ref(), page.limit).await?;
    let next = page.next_token(&mut rows, |c| bisac_codes::bisac_key(&prefix, c));
    let items = rows
        .into_iter()
        .map(|c| {
            let search = format!("{}?includedBisacCodes={}", state.v2_url("/titles"), c.code);
            BisacCodeView {
                code: c.code,
                description: c.description,
                links: vec![Link::new("search", search)],
            }
        })
        .collect();
    Ok(Collection::page(
        state,
        "/bisacCodes",
        params,
        &page,
        (items, next),
        total_results,
    ))
}
