//! `GET /files/{key}`: the file behind a signed URL.

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::invalid::Why;
use serde::Deserialize;
use utoipa::IntoParams;

use lectern_domain::catalog::Delivery;
use lectern_operations::downloads;

use super::signing;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Deserialize, IntoParams)]
pub struct SignedQuery {
    // Optional here so that a link without them gets our 400 naming the parameter; every link
    // the server signs carries both, as the document says.
    /// When the link stops working (Unix seconds).
    #[param(required = true, value_type = i64)]
    expires: Option<String>,
    /// The server's signature of the file and the expiry.
    #[param(required = true, value_type = String)]
    signature: Option<String>,
}

#[utoipa::path(
    get, path = "/files/{folder}/{name}", tag = "downloads",
    params(
        ("folder" = String, Path, description = "The file's folder, as the signed URL names it"),
        ("name" = String, Path, description = "The file's name"),
        SignedQuery,
    ),
    responses(
        (status = 200, description = "The file: a package as the format's own file type (EPUB, DOCX, PDF, BRF) or a zip (DAISY, braille in volumes); other files as bytes", content(
            (String = "application/epub+zip"),
            (String = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
            (String = "application/pdf"),
            (String = "application/x-brf"),
            (String = "application/daisy+zip"),
            (String = "application/zip"),
            (String = "application/octet-stream"),
        )),
        (status = 400, description = "The link lacks its expiry or signature", body = ErrorBody),
        (status = 403, description = "The link is not valid or has expired", body = ErrorBody),
        (status = 404, description = "No such file", body = ErrorBody),
    )
)]
pub async fn serve_file(
    State(state): State<AppState>,
    Path((folder, name)): Path<(String, String)>,
    Query(q): Query<SignedQuery>,
) -> ApiResult<Response> {
    let expires = q
        .expires
        .ok_or_else(|| ApiError::missing_param("expires"))?;
    let signature = q
        .signature
        .ok_or_else(|| ApiError::missing_param("signature"))?;
    let key = signing::object_key(&folder, &name)?;
    signing::check(&state, &key, &expires, &signature).await?;
    let format = downloads::package_still_offered(&state, &key).await?;
    // A package is typed as what it was delivered as (a Word document, a DAISY zip); any other
    // file the link names is bytes.
    let media_type = format
        .and_then(|f| Delivery::of_package(f, &name))
        .map_or("application/octet-stream", |d| d.media_type);
    let bytes = match state.files.get(&key).await {
        Ok(b) => b,
        Err(lectern_jobs::FileError::NotFound(_)) => {
            return Err(ApiError::not_found(Why::of(
                "absent-download-file",
                "The file is no longer here; ask for the download again",
            )));
        }
        Err(e) => return Err(ApiError::internal(e)),
    };
    let disposition = format!("attachment; filename=\"{}\"", name.replace('"', ""));
    let mut resp = Body::from(bytes).into_response();
    let headers = resp.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(media_type));
    // A package is stamped with its reader's name.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(resp)
}
