//! Reading online: `GET /read/{grant}/manifest.json` (the book's Readium Web Publication
//! Manifest) and `GET /read/{grant}/{path}` (each of its files), below a signed link the API's
//! `GET /v2/titles/{serviceId}/webpub` and the pages hand a reader once the rules opened the
//! book for them (`lectern_operations::streaming`).
//!
//! The link is the credential, as a download's signed URL is: a reading system resolves the
//! manifest's relative links against it and sends no key or token. A book's files are served
//! as the book has them, from a path of their own that no page of the library shares, with a
//! policy that lets none of the book's scripts run and gives its documents no origin of the
//! library's (`BOOK_POLICY`).

mod grant;
mod range;

pub use grant::{grant, granted, object_key};

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use lectern_domain::invalid::Why;
use lectern_operations::streaming::{self, Opened};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::conventions::json::Json;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::readium::manifest::{self, MEDIA_TYPE};
use crate::state::AppState;

/// What a book's file may do in a browser: nothing of its own runs (no script, no plugin, no
/// form sent anywhere), and it is sandboxed, so that even a document opened on its own has no
/// access to the library's cookies or storage. The reader's page, which shows the documents,
/// reads them as a page of the same origin (`allow-same-origin`); their styles, images, fonts
/// and media load from the book.
const BOOK_POLICY: &str = "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox; \
     default-src 'self' data:; style-src 'self' 'unsafe-inline' data:; script-src 'none'; \
     object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/// `/read/...`: outside `/v2`, because the link is the credential. A book's path may hold
/// slashes, which a documented path parameter cannot say: the route takes the rest of the path,
/// and the document ([`described`]) names it `{path}`.
pub fn routes() -> Router<AppState> {
    Router::new().route("/read/{grant}/{*path}", get(book_file))
}

/// The OpenAPI description of the routes.
pub fn described() -> utoipa::openapi::OpenApi {
    OpenApiRouter::<AppState>::new()
        .routes(routes!(book_file))
        .split_for_parts()
        .1
}

/// The answer to a book opened to read online: a 302 to its manifest below a new reading link,
/// the address in the Status body too, as a download's 302 carries its file's.
pub async fn opened(state: &AppState, book: &Opened) -> ApiResult<Response> {
    let url = manifest_url(state, &grant(state, book).await?);
    let body = ErrorBody {
        key: "AVAILABLE".to_owned(),
        messages: vec![url.clone()],
        links: vec![],
        error: None,
        error_description: None,
    };
    let mut resp = (StatusCode::FOUND, Json(body)).into_response();
    if let Ok(v) = HeaderValue::from_str(&url) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    Ok(resp)
}

/// The address of the manifest under a reading link.
pub fn manifest_url(state: &AppState, grant: &str) -> String {
    let base = state.settings.public_url.as_str().trim_end_matches('/');
    format!("{base}/read/{grant}/{}", manifest::NAME)
}

#[utoipa::path(
    get, path = "/read/{grant}/{path}", tag = "reading online",
    params(
        ("grant" = String, Path, description = "The reading link's signed segment, as `GET /v2/titles/{serviceId}/webpub` gave it"),
        ("path" = String, Path, description = "`manifest.json`, or a file of the book by its path in the book"),
    ),
    responses(
        (status = 200, description = "The manifest, or the file as the book has it", content(
            (String = "application/webpub+json"),
            (String = "application/xhtml+xml"),
            (String = "application/octet-stream"),
        )),
        (status = 206, description = "The part of the file a `Range` header asked for"),
        (status = 400, description = "The path holds a control character", body = ErrorBody),
        (status = 403, description = "The link is not valid or has expired", body = ErrorBody),
        (status = 404, description = "The book has no such file", body = ErrorBody),
        (status = 416, description = "The range asked for is past the file's end"),
    )
)]
pub async fn book_file(
    State(state): State<AppState>,
    Path((grant, path)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    serve_file(&state, &grant, &path, &headers).await
}

/// A file of the book a reading link opened (or its manifest), as every address of it answers:
/// below `/read/{grant}/` for reading apps, and below the pages' own reading link for the
/// images a part of the book shows.
pub async fn serve_file(
    state: &AppState,
    grant: &str,
    path: &str,
    headers: &HeaderMap,
) -> ApiResult<Response> {
    let object_key = grant::object_key(state, grant).await?;
    if path == manifest::NAME {
        let book = streaming::book(state, &object_key).await?;
        let body = manifest::manifest(&book.publication, &manifest_url(state, grant));
        let mut resp = Json(body).into_response();
        resp.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(MEDIA_TYPE));
        kept_privately(resp.headers_mut());
        return Ok(resp);
    }
    let Some((bytes, media_type)) = streaming::file(state, &object_key, path).await? else {
        return Err(ApiError::not_found(
            Why::of("absent-book-part", format!("The book has no file '{path}'"))
                .with("path", path),
        ));
    };
    let mut resp = ranged(bytes, headers);
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&media_type) {
        h.insert(header::CONTENT_TYPE, v);
    }
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(BOOK_POLICY),
    );
    kept_privately(h);
    Ok(resp)
}

/// A file held in memory, whole or the one range its `Range` header asks for (a player seeking
/// in an audio file), saying that ranges may be asked for.
pub fn ranged(bytes: axum::body::Bytes, headers: &HeaderMap) -> Response {
    let len = bytes.len() as u64;
    answer_range(headers, len, |r| {
        Body::from(bytes.slice(r.start as usize..r.end as usize))
    })
}

/// The most of a file read at once when it is sent a part at a time.
const PART_BYTES: u64 = 1 << 20;

/// A file of `len` bytes kept elsewhere, whole or the range its `Range` header asks for, read
/// and sent a megabyte at a time: an hour of a recording is never held in memory.
pub fn ranged_by_parts<F, Fut>(len: u64, headers: &HeaderMap, read: F) -> Response
where
    F: Fn(std::ops::Range<u64>) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = std::io::Result<axum::body::Bytes>> + Send + 'static,
{
    answer_range(headers, len, move |r| {
        let parts = futures_util::stream::unfold((r.start, read), move |(at, read)| async move {
            if at >= r.end {
                return None;
            }
            let until = (at + PART_BYTES).min(r.end);
            Some((read(at..until).await, (until, read)))
        });
        Body::from_stream(parts)
    })
}

/// The answer to a request for a file of `len` bytes: 200 with the whole, 206 with the one
/// range asked for, or 416; the body of a range made by `body`.
fn answer_range(
    headers: &HeaderMap,
    len: u64,
    body: impl FnOnce(std::ops::Range<u64>) -> Body,
) -> Response {
    let asked = headers.get(header::RANGE).and_then(|v| v.to_str().ok());
    let mut resp = match range::asked(asked, len as usize) {
        range::Asked::Whole => body(0..len).into_response(),
        range::Asked::Part(r) => {
            let content_range = format!("bytes {}-{}/{len}", r.start, r.end - 1);
            let part = r.start as u64..r.end as u64;
            let mut resp = (StatusCode::PARTIAL_CONTENT, body(part)).into_response();
            if let Ok(v) = HeaderValue::from_str(&content_range) {
                resp.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            resp
        }
        range::Asked::Unsatisfiable => {
            let mut resp = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
            if let Ok(v) = HeaderValue::from_str(&format!("bytes */{len}")) {
                resp.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            resp
        }
    };
    resp.headers_mut()
        .insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    resp
}

/// A book's files are the same for as long as its link works, and the reader's alone: the
/// browser keeps them, no shared cache does, and the link never travels on in a `Referer`.
pub fn kept_privately(h: &mut HeaderMap) {
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}
