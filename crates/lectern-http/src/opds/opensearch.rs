//! `GET /opds/{siteId}/opensearch.xml`: the OpenSearch description OPDS 1.2 apps search with.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::atom::{ACQUISITION, OPENSEARCH, escape};
use super::site::OpdsSite;
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn description(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let name = escape(&site.site.name);
    let template = escape(&format!("{}?query={{searchTerms}}", site.url("/search")));
    let body = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/"><ShortName>{short}</ShortName><Description>Search the titles of {name}</Description><InputEncoding>UTF-8</InputEncoding><OutputEncoding>UTF-8</OutputEncoding><Url type="{ACQUISITION}" template="{template}"/></OpenSearchDescription>"#,
        // OpenSearch limits the short name to 16 characters.
        short = escape(&site.site.name.chars().take(16).collect::<String>()),
    );
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(OPENSEARCH));
    Ok(response)
}
