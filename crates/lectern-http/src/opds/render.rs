//! Which rendering a client gets, and the answer that carries it: OPDS 2.0 to a client that
//! accepts it, OPDS 1.2 Atom to any other (the older apps send no `Accept` or `*/*`).

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::model::Feed;
use super::{atom, opds2};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rendering {
    Opds2,
    Atom,
}

impl Rendering {
    pub fn of(headers: &HeaderMap) -> Rendering {
        let accepts = |media: &str| {
            headers
                .get_all(header::ACCEPT)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .any(|range| {
                    let mut parts = range.split(';').map(str::trim);
                    let named = parts.next().is_some_and(|m| m.eq_ignore_ascii_case(media));
                    let refused = parts.any(|p| p.replace(' ', "") == "q=0");
                    named && !refused
                })
        };
        if accepts(opds2::MEDIA_TYPE) || accepts("application/json") {
            Rendering::Opds2
        } else {
            Rendering::Atom
        }
    }
}

/// The feed in the rendering asked for. A signed-in reader's feed shows what their rights
/// allow, so no cache may keep it for another.
/// `named` is the library's name and the language (a BCP 47 tag) of the feed's own words.
pub fn answer(feed: &Feed, rendering: Rendering, named: (&str, &str), signed_in: bool) -> Response {
    let (body, media_type) = match rendering {
        Rendering::Opds2 => (opds2::render(feed).to_string(), opds2::MEDIA_TYPE),
        Rendering::Atom if feed.is_acquisition() => (atom::render(feed, named), atom::ACQUISITION),
        Rendering::Atom => (atom::render(feed, named), atom::NAVIGATION),
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(media_type));
    headers.insert(
        header::VARY,
        HeaderValue::from_static("Accept, Accept-Language, Authorization"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if signed_in {
            "no-store"
        } else {
            "public, max-age=60"
        }),
    );
    response
}
