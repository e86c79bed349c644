//! `POST /v2/myDocuments`: a document from an uploaded file (multipart), answered 201 with its
//! title summary while the worker converts it.

use crate::conventions::json::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::record::owner_view;
use crate::api::titles::{CatalogViewer, TitleSummary, segment};
use crate::conventions::caller::Caller;
use crate::document_upload::{NewDocument, read_form, store_document};
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    post, path = "/v2/myDocuments", tag = "documents",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = NewDocument, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Created: Location names the new title; available once converted", body = TitleSummary),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 413, description = "The file is over 20 MB", body = ErrorBody),
        (status = 422, description = "Documents of this type cannot be converted on this server (a tool is missing); nothing is kept", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_document(
    State(state): State<AppState>,
    caller: Caller,
    // Taken as it came, so that a guest hears 401 before anything about the body's shape.
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let me = caller.signed_in()?;
    let form = read_form(multipart).await?;
    let document = store_document(&state, me, form).await?;
    let who = CatalogViewer::of(&state, &caller).await?;
    let view = owner_view(&state, &who, me, &document)?.summary;
    let location = state.v2_url(&format!("/titles/{}", segment(&document.document_id)));
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(view),
    )
        .into_response())
}
