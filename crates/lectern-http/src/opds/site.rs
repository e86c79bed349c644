//! Which site's catalog a request reads, and who reads it: the site's OPDS key stands for the
//! `api_key` reading apps never send; a bearer token from the catalog's token endpoint, or HTTP
//! Basic credentials, sign the reader in.

use crate::i18n::Lang;
use lectern_domain::invalid::Why;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use lectern_domain::client::Client;
use lectern_domain::site::Site;
use lectern_operations::{Actor, sign_in};

use super::model::Feed;
use super::render::{Rendering, answer};

use crate::conventions::caller::Caller;
use crate::conventions::params::Params;
use crate::conventions::params::text_without_controls;
use crate::error::{ApiError, ApiResult};
use crate::sign_in::ClientAddress;
use crate::state::AppState;

pub struct OpdsSite {
    pub site: Arc<Site>,
    pub client: Arc<Client>,
    base: String,
}

/// What an OPDS request brings besides its path: headers (the renderings it accepts, its
/// credentials), its query, and the address failed sign-ins are counted against.
pub struct OpdsAsk {
    pub headers: HeaderMap,
    pub query: Option<String>,
    pub from: ClientAddress,
}

impl<S: Send + Sync> FromRequestParts<S> for OpdsAsk {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let from = ClientAddress::from_request_parts(parts, state).await?;
        Ok(OpdsAsk {
            headers: parts.headers.clone(),
            query: parts.uri.query().map(str::to_owned),
            from,
        })
    }
}

impl OpdsSite {
    /// The catalog of a site, answered as its OPDS key (from the client cache, as every
    /// request's key is).
    pub async fn named(state: &AppState, site_id: &str) -> ApiResult<OpdsSite> {
        let client = sign_in::catalog_key(state, site_id)
            .await?
            .ok_or_else(|| no_catalog(site_id))?;
        let site = state
            .sites
            .get(&state.store, site_id)
            .await?
            .ok_or_else(|| no_catalog(site_id))?;
        Ok(OpdsSite {
            base: state.opds_url(&crate::conventions::links::segment(&site.id)),
            site,
            client,
        })
    }

    /// The language of the catalog's own words (its navigation, facets, sign-in labels): the
    /// app's `Accept-Language`, else the library's language, else English.
    pub fn lang(&self, headers: &HeaderMap) -> Lang {
        crate::i18n::unnamed(headers, self.site.language.as_deref())
    }

    /// The feed in the rendering the app asked for, its own words in `lang`'s language.
    pub fn answer(&self, feed: &Feed, ask: &OpdsAsk, signed_in: bool) -> Response {
        let lang = self.lang(&ask.headers);
        answer(
            feed,
            Rendering::of(&ask.headers),
            (&self.site.name, lang.tag()),
            signed_in,
        )
    }

    /// The address of a page of one of this site's feeds: its path, the parameters it keeps,
    /// `limit` when it is not the feed's default (`limits`: the page's and the default), and
    /// `start` on any page but the first.
    pub fn page_url(
        &self,
        path: &str,
        kept: &[(&str, String)],
        (limit, default): (u32, u32),
        start: Option<&str>,
    ) -> String {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in kept {
            q.append_pair(k, v);
        }
        if limit != default {
            q.append_pair("limit", &limit.to_string());
        }
        if let Some(s) = start {
            q.append_pair("start", s);
        }
        let q = q.finish();
        if q.is_empty() {
            self.url(path)
        } else {
            format!("{}?{q}", self.url(path))
        }
    }

    /// An absolute URL under this site's catalog, e.g. `url("/new")`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The request's caller as the API's handlers know one: this site's OPDS key, and the
    /// reader its credentials name (a guest without any).
    pub async fn caller(&self, state: &AppState, ask: &OpdsAsk) -> ApiResult<Caller> {
        let params = Params::from_pairs(Params::parse_urlencoded(
            ask.query.as_deref().unwrap_or("").as_bytes(),
        )?);
        let session = match credentials(&ask.headers)? {
            Some(Credentials::Bearer(token)) => {
                Some(sign_in::by_token(state, &self.client, token).await?)
            }
            Some(Credentials::Basic(user, password)) => {
                let sent = (user.as_str(), password.as_str());
                Some(sign_in::by_password(state, &self.client, sent, &ask.from.0).await?)
            }
            None => None,
        };
        Ok(Caller {
            actor: Actor {
                client: self.client.clone(),
                session,
                from: ask.from.0.as_str().into(),
            },
            params,
        })
    }

    /// The caller, who must be signed in: a guest hears 401 (with the authentication document).
    pub async fn reader(&self, state: &AppState, ask: &OpdsAsk) -> ApiResult<Caller> {
        let caller = self.caller(state, ask).await?;
        caller.signed_in()?;
        Ok(caller)
    }
}

enum Credentials<'a> {
    Bearer(&'a str),
    Basic(String, String),
}

fn credentials(headers: &HeaderMap) -> ApiResult<Option<Credentials<'_>>> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let unreadable = || {
        ApiError::unauthorized(
            "The Authorization header must be 'Bearer <access token>' or 'Basic <base64 of name:password>'",
        )
    };
    let value = value.to_str().map_err(|_| unreadable())?;
    let (scheme, rest) = value.split_once(' ').ok_or_else(unreadable)?;
    if scheme.eq_ignore_ascii_case("bearer") {
        return Ok(Some(Credentials::Bearer(rest.trim())));
    }
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err(unreadable());
    }
    let decoded = STANDARD.decode(rest.trim()).map_err(|_| unreadable())?;
    let decoded = String::from_utf8(decoded).map_err(|_| unreadable())?;
    let (user, password) = decoded.split_once(':').ok_or_else(unreadable)?;
    text_without_controls("username", user)?;
    text_without_controls("password", password)?;
    Ok(Some(Credentials::Basic(
        user.to_owned(),
        password.to_owned(),
    )))
}

/// A catalog's address that names no site of this server.
fn no_catalog(site_id: &str) -> ApiError {
    ApiError::not_found(
        Why::of(
            "absent-catalog-named",
            format!("There is no catalog '{site_id}' here"),
        )
        .with("id", site_id),
    )
}
