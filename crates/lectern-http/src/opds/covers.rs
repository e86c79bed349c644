//! `GET /opds/{siteId}/titles/{serviceId}/cover.png` and `thumbnail.png`: the drawn cover of
//! `GET /v2/titles/{serviceId}/coverimage`, rendered to PNG, since OPDS 2.0 asks every
//! publication for an image in a raster format and apps show SVG unevenly.

use std::sync::{Arc, OnceLock};

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use resvg::{tiny_skia, usvg};

use super::site::{OpdsAsk, OpdsSite};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::titles::{CatalogViewer, cover, visible_title};

pub async fn cover(
    state: State<AppState>,
    Path((site_id, service_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    png(state, &site_id, &service_id, &ask, (600, 900)).await
}

pub async fn thumbnail(
    state: State<AppState>,
    Path((site_id, service_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    png(state, &site_id, &service_id, &ask, (120, 180)).await
}

async fn png(
    State(state): State<AppState>,
    site_id: &str,
    service_id: &str,
    ask: &OpdsAsk,
    (width, height): (u32, u32),
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, site_id).await?;
    let caller = site.caller(&state, ask).await?;
    let who = CatalogViewer::of(&state, &caller).await?;
    let record = visible_title(&state, &who, service_id).await?;
    let svg = cover::svg(&record, width, height);
    // Drawing a cover is a few milliseconds of CPU: off the async threads.
    let png = tokio::task::spawn_blocking(move || rasterize(&svg, width, height))
        .await
        .map_err(ApiError::internal)??;
    let mut response = png.into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if caller.user().is_some() {
            "private, max-age=86400"
        } else {
            "public, max-age=86400"
        }),
    );
    Ok(response)
}

/// The system's fonts, read once: the cover's text is drawn in whichever sans-serif is there,
/// and a machine with none draws the cover without its text.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

fn rasterize(svg: &str, width: u32, height: u32) -> ApiResult<Vec<u8>> {
    let options = usvg::Options {
        fontdb: fonts(),
        ..Default::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(ApiError::internal)?;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| ApiError::internal("a cover of no size"))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(ApiError::internal)
}
