//! A title's cover, drawn from its record (its title and author, in colours derived from the
//! service id), since catalog sources rarely carry cover art that may be redistributed: as SVG
//! for the API (it scales to any size, and its `<title>` gives screen readers the same text as
//! the picture) and as PNG for OPDS and the pages, which every reading app shows.

use std::sync::{Arc, OnceLock};

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::catalog::{ContributorType, TitleRecord};
use resvg::{tiny_skia, usvg};
use sha2::{Digest, Sha256};

use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use lectern_operations::documents;
use lectern_operations::titles::{CatalogViewer, visible_title};

/// The drawn cover as SVG, for the caller (who must see the title).
pub(crate) async fn svg_answer(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    width: u32,
    height: u32,
) -> ApiResult<Response> {
    let who = CatalogViewer::of(state, caller).await?;
    let record = visible_title(state, &who, service_id).await?;
    let mut resp = svg(&record, width, height).into_response();
    let headers = resp.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    // What a guest sees depends only on the client key, which is in the URL, so shared caches
    // may keep a guest's cover. A signed-in reader may see titles others of the same client may
    // not (adult content, titles not yet live), and a shared cache must not hand those on.
    let cache = if caller.user().is_some() {
        "private, max-age=86400"
    } else {
        "public, max-age=86400"
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(resp)
}

pub(crate) fn svg(r: &TitleRecord, width: u32, height: u32) -> String {
    let digest = Sha256::digest(r.service_id.as_bytes());
    let hue = u32::from(digest[0]) * 360 / 256;
    let author = r
        .contributors_of(ContributorType::Author)
        .next()
        .unwrap_or("");
    let label = if author.is_empty() {
        r.title.clone()
    } else {
        format!("{} by {author}", r.title)
    };
    let lines = wrap(&r.title, 16);
    let size = width / 12;
    let mut text = String::new();
    for (i, line) in lines.iter().take(5).enumerate() {
        let y = height / 4 + u32::try_from(i).unwrap_or(0) * size * 6 / 5;
        text.push_str(&format!(
            r#"<text x="50%" y="{y}" font-size="{size}" text-anchor="middle" fill="white" font-family="sans-serif" font-weight="bold">{}</text>"#,
            escape(line)
        ));
    }
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-labelledby="t"><title id="t">{}</title><rect width="100%" height="100%" fill="hsl({hue},45%,25%)"/>{text}<text x="50%" y="{}" font-size="{}" text-anchor="middle" fill="white" font-family="sans-serif">{}</text></svg>"#,
        escape(&label),
        height * 7 / 8,
        size * 3 / 4,
        escape(author),
    )
}

/// Splits text into lines of about `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The drawn cover as a PNG of this size, for the caller (who must see the title, or own the
/// document of that id): OPDS asks every publication for an image in a raster format, and apps
/// and pages show SVG unevenly.
pub(crate) async fn png(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    (width, height): (u32, u32),
) -> ApiResult<Response> {
    let who = CatalogViewer::of(state, caller).await?;
    let svg = match visible_title(state, &who, service_id).await {
        Ok(record) => svg(&record, width, height),
        Err(absent) => match (
            caller.user(),
            documents::owned(state, caller.user(), service_id).await?,
        ) {
            (Some(owner), Some(d)) => svg(&documents::as_title_record(owner, &d)?, width, height),
            _ => return Err(absent.into()),
        },
    };
    let cache = if caller.user().is_some() {
        "private, max-age=86400"
    } else {
        "public, max-age=86400"
    };
    drawn_png(svg, (width, height), cache).await
}

/// A drawing as a PNG answer, cached as `cache` says. Drawing is a few milliseconds of CPU: off
/// the async threads.
pub(crate) async fn drawn_png(
    svg: String,
    (width, height): (u32, u32),
    cache: &'static str,
) -> ApiResult<Response> {
    let png = tokio::task::spawn_blocking(move || rasterize(&svg, width, height))
        .await
        .map_err(ApiError::internal)??;
    let mut response = png.into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(response)
}

/// The system's fonts, read once: the cover's text is drawn in whichever sans-serif is there,
/// and a machine with none draws the cover without its text. The font database takes Arial for
/// `sans-serif`, which Linux rarely has (covers were drawn blank): the first sans-serif family
/// that is installed stands for it.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let installed = |name: &str| {
                db.faces()
                    .any(|face| face.families.iter().any(|(family, _)| family == name))
            };
            if let Some(sans) = SANS_SERIF.into_iter().find(|name| installed(name)) {
                db.set_sans_serif_family(sans);
            }
            Arc::new(db)
        })
        .clone()
}

/// Sans-serif families, in the order they are preferred: Debian's (DejaVu comes with most
/// desktops and with Chromium), then others common on servers.
const SANS_SERIF: [&str; 5] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "FreeSans",
    "Arial",
];

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
