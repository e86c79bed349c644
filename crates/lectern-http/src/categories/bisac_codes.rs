//! `GET /v2/bisacCodes`: BISAC subject codes, by a prefix of the code or of the description.

use axum::Json;
use axum::extract::State;
use lectern_store::catalog::{self, BisacPrefix};
use serde::Serialize;
use utoipa::ToSchema;

use crate::conventions::caller::Ctx;
use crate::conventions::links::Link;
use crate::conventions::paging::{PageRequest, collection_links};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct BisacCodeView {
    pub code: String,
    pub description: String,
    pub links: Vec<Link>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BisacCodeList {
    pub allows: Option<Vec<String>>,
    pub bisac_codes: Vec<BisacCodeView>,
    pub limit: u32,
    pub links: Vec<Link>,
    pub next: Option<String>,
    pub total_results: u64,
}

#[utoipa::path(
    get, path = "/v2/bisacCodes", tag = "categories",
    params(
        ("api_key" = String, Query, description = "The client key"),
        ("codeStartsWith" = Option<String>, Query, description = "Codes starting with this, any case (not with descriptionStartsWith)"),
        ("descriptionStartsWith" = Option<String>, Query, description = "Descriptions starting with this, any case (not with codeStartsWith)"),
        ("start" = Option<String>, Query, description = "The `next` value of the previous page"),
        ("limit" = Option<u32>, Query, description = "1 to 100, default 100"),
    ),
    responses(
        (status = 200, description = "BISAC codes, in code order (description order for a description prefix)", body = BisacCodeList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_bisac_codes(
    State(state): State<AppState>,
    ctx: Ctx,
) -> ApiResult<Json<BisacCodeList>> {
    let text = |name: &str| -> ApiResult<Option<String>> {
        Ok(ctx
            .params
            .one(name)?
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned))
    };
    let prefix = match (text("codeStartsWith")?, text("descriptionStartsWith")?) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_param(
                "descriptionStartsWith",
                "cannot be sent with codeStartsWith; send one or the other",
            ));
        }
        (Some(code), None) => BisacPrefix::Code(code),
        (None, Some(description)) => BisacPrefix::Description(description),
        (None, None) => BisacPrefix::All,
    };
    let page = PageRequest::from_params(&ctx.params, 100)?;
    let after = page.after::<(String, String)>()?;
    let total_results = catalog::bisac_count(state.store.pool(), &prefix).await?;
    let mut rows =
        catalog::bisac_page(state.store.pool(), &prefix, after.as_ref(), page.limit).await?;
    let next = page.next_token(&mut rows, |c| catalog::bisac_key(&prefix, c));
    Ok(Json(BisacCodeList {
        allows: None,
        bisac_codes: rows
            .into_iter()
            .map(|c| {
                let search = format!("{}?includedBisacCodes={}", state.v2_url("/titles"), c.code);
                BisacCodeView {
                    code: c.code,
                    description: c.description,
                    links: vec![Link::new("search", search)],
                }
            })
            .collect(),
        limit: page.limit,
        links: collection_links(&state, "/bisacCodes", &ctx.params, next.as_deref()),
        next,
        total_results,
    }))
}
