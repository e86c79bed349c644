//! The library's web pages for readers: server-rendered HTML (askama) at `/{siteId}/`, working
//! without JavaScript, answering as the site's web key (`session`) with the API's own rules and
//! store. Every refusal becomes a page in one layer (`errors`). `docs/web.md` says what each
//! page is for and how the pages meet WCAG 2.2 AA.

pub(crate) mod account;
mod assign;
mod books;
mod catalog;
mod cover;
mod documents;
mod download;
mod home;
mod language;
mod lists;
mod members;
mod organization;
mod reader;
mod reader_listen;
mod reader_place;
mod reader_recording;
mod reader_settings;
mod reading_book;
mod search;
mod sign_in;
mod title;
mod title_words;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use lectern_domain::documents::MAX_BYTES;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub fn routes(state: AppState) -> Router<AppState> {
    let site = Router::new()
        .route("/{site_id}", get(home::bare))
        .route("/{site_id}/", get(home::home))
        .route(
            "/{site_id}/sign-in",
            get(sign_in::show).post(sign_in::submit),
        )
        .route(
            "/{site_id}/sign-out",
            axum::routing::post(sign_in::sign_out),
        )
        .route("/{site_id}/signed-out", get(sign_in::signed_out))
        .route("/{site_id}/search", get(search::results))
        .route("/{site_id}/books", get(books::show))
        .route("/{site_id}/account", get(account::show))
        .route(
            "/{site_id}/account/preferences",
            axum::routing::post(account::preferences),
        )
        .route(
            "/{site_id}/account/password",
            axum::routing::post(account::password),
        )
        .route(
            "/{site_id}/account/agreement",
            axum::routing::post(account::agreement),
        )
        .route(
            "/{site_id}/account/sync-key",
            axum::routing::post(account::sync_key),
        )
        .route("/{site_id}/lists", get(lists::index).post(lists::create))
        .route("/{site_id}/lists/add", axum::routing::post(lists::add))
        .route(
            "/{site_id}/lists/{list_id}",
            get(lists::show).post(lists::change),
        )
        .route(
            "/{site_id}/lists/{list_id}/remove",
            axum::routing::post(lists::remove),
        )
        .route(
            "/{site_id}/documents",
            get(documents::show)
                .post(documents::upload)
                // Room for the largest file and the form around it, as the API allows.
                .layer(DefaultBodyLimit::max(MAX_BYTES + 64 * 1024)),
        )
        .route(
            "/{site_id}/documents/delete",
            axum::routing::post(documents::delete),
        )
        .route("/{site_id}/organization", get(organization::show))
        .route(
            "/{site_id}/organization/roster-tags",
            axum::routing::post(organization::new_tag),
        )
        .route(
            "/{site_id}/organization/members",
            get(organization::members).post(members::create),
        )
        .route("/{site_id}/organization/members/new", get(members::new))
        .route(
            "/{site_id}/organization/members/{member}",
            get(members::show).post(members::change),
        )
        .route(
            "/{site_id}/organization/members/{member}/take-back",
            axum::routing::post(members::take_back),
        )
        .route(
            "/{site_id}/organization/members/{member}/find",
            get(members::find_titles),
        )
        .route(
            "/{site_id}/organization/members/{member}/assign",
            axum::routing::post(members::assign),
        )
        .route("/{site_id}/titles/{service_id}", get(title::show))
        .route(
            "/{site_id}/titles/{service_id}/{marks}/delete",
            axum::routing::post(title::delete_mark),
        )
        .route(
            "/{site_id}/titles/{service_id}/assign",
            get(assign::show).post(assign::assign),
        )
        .route(
            "/{site_id}/titles/{service_id}/cover.png",
            get(cover::image),
        )
        .route(
            "/{site_id}/titles/{service_id}/download",
            axum::routing::post(download::start),
        )
        .route("/{site_id}/language", axum::routing::post(language::choose))
        .route(
            "/{site_id}/titles/{service_id}/read",
            axum::routing::post(reader::open),
        )
        .route(
            "/{site_id}/titles/{service_id}/listen",
            axum::routing::post(reader::open_to_listen),
        )
        .route("/{site_id}/read/{grant}/contents", get(reader::contents))
        .route("/{site_id}/read/{grant}/page", get(reader::print_page))
        .route("/{site_id}/read/{grant}/file/{*path}", get(reader::file))
        .route(
            "/{site_id}/read/{grant}/narration/{file}",
            get(reader_listen::mp3),
        )
        .route("/{site_id}/read/{grant}/{part}/listen", get(reader::listen))
        .route(
            "/{site_id}/read/{grant}/recording",
            get(reader_recording::show),
        )
        .route(
            "/{site_id}/read/{grant}/recording/{track}",
            get(reader_recording::track),
        )
        .route(
            "/{site_id}/read/{grant}/settings",
            get(reader_settings::show).post(reader_settings::save),
        )
        .route("/{site_id}/read/{grant}/{part}", get(reader::part))
        .route(
            "/{site_id}/read/{grant}/{part}/place",
            axum::routing::post(reader_place::save),
        )
        .route(
            "/{site_id}/read/{grant}/{part}/bookmark",
            axum::routing::post(reader_place::bookmark),
        )
        .route(
            "/{site_id}/read/{grant}/{part}/highlight",
            axum::routing::post(reader_place::highlight),
        )
        .route(
            "/{site_id}/titles/{service_id}/download/{format}",
            get(download::status),
        )
        .route_layer(from_fn_with_state(state, crate::pages::errors::as_pages));
    Router::new()
        .route("/", get(home::root))
        .route("/assets/web.js", get(script))
        .route("/assets/read-aloud.js", get(read_aloud_script))
        .route("/assets/listen.js", get(listen_script))
        .route(
            crate::reading_settings::STYLESHEET_PATH,
            get(crate::reading_settings::stylesheet),
        )
        .route("/assets/fonts/{file}", get(font))
        .merge(site)
}

/// The fonts Lectern ships for reading online, by file name.
const FONTS: [(&str, &[u8]); 6] = [
    (
        "atkinson-hyperlegible-latin-400-normal.woff2",
        include_bytes!("../../assets/fonts/atkinson-hyperlegible-latin-400-normal.woff2"),
    ),
    (
        "atkinson-hyperlegible-latin-700-normal.woff2",
        include_bytes!("../../assets/fonts/atkinson-hyperlegible-latin-700-normal.woff2"),
    ),
    (
        "atkinson-hyperlegible-latin-ext-400-normal.woff2",
        include_bytes!("../../assets/fonts/atkinson-hyperlegible-latin-ext-400-normal.woff2"),
    ),
    (
        "atkinson-hyperlegible-latin-ext-700-normal.woff2",
        include_bytes!("../../assets/fonts/atkinson-hyperlegible-latin-ext-700-normal.woff2"),
    ),
    (
        "opendyslexic-latin-400-normal.woff2",
        include_bytes!("../../assets/fonts/opendyslexic-latin-400-normal.woff2"),
    ),
    (
        "opendyslexic-latin-700-normal.woff2",
        include_bytes!("../../assets/fonts/opendyslexic-latin-700-normal.woff2"),
    ),
];

/// `GET /assets/fonts/{file}`: one of the shipped fonts.
async fn font(axum::extract::Path(file): axum::extract::Path<String>) -> ApiResult<Response> {
    let (_, bytes) = FONTS
        .iter()
        .find(|(name, _)| *name == file)
        .ok_or_else(|| ApiError::not_found(format!("No font is called {file}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("font/woff2")),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        *bytes,
    )
        .into_response())
}

/// The pages' script: the live status of a package being prepared, and the place kept in a
/// book read online.
async fn script() -> Response {
    javascript(include_str!("../../assets/web.js"))
}

/// Reading aloud with the browser's voices, on a part of a book read online.
async fn read_aloud_script() -> Response {
    javascript(include_str!("../../assets/read-aloud.js"))
}

/// The narration's player, on a part's listening page.
async fn listen_script() -> Response {
    javascript(include_str!("../../assets/listen.js"))
}

fn javascript(source: &'static str) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        source,
    )
        .into_response()
}
