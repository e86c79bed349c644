//! Who is looking at a site's pages: the site's web key stands for the `api_key` a browser never
//! sends, and the session cookie holds the tokens of a sign-in, so that a page asks the same
//! rules the API asks, as the same caller (`Caller`). The access token is refreshed on the
//! server when it expires; the browser never sees a token it could send elsewhere (`HttpOnly`).

use lectern_domain::invalid::Why;
use std::sync::Arc;

use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use lectern_domain::account::preferences::Preferences;
use lectern_domain::client::{Client, FirstParty};
use lectern_domain::secret::{constant_time_eq, new_token, token_hash};
use lectern_domain::site::Site;
use lectern_operations::Actor;
use lectern_store::sites;

use crate::conventions::caller::Caller;
use crate::conventions::cookies;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::{self, Lang};
use crate::sign_in::ClientAddress;
use crate::state::AppState;
use lectern_operations::tokens::{self, Grant};
use lectern_operations::{Failure, sign_in};

const SESSION: &str = "lectern_session";
const REFRESH: &str = "lectern_refresh";
const CSRF: &str = "lectern_csrf";
/// The language chosen on the pages (`web::language`), for a visitor who is not signed in.
const LANGUAGE: &str = "lectern_language";

/// A site whose pages are being served.
pub struct WebSite {
    pub site: Arc<Site>,
    pub client: Arc<Client>,
    /// The path every page of the site starts with: `/demo`.
    base: String,
}

impl WebSite {
    pub async fn named(state: &AppState, site_id: &str) -> ApiResult<WebSite> {
        let absent = || {
            ApiError::not_found(
                Why::of(
                    "absent-library",
                    format!("There is no library '{site_id}' here"),
                )
                .with("id", site_id),
            )
        };
        let client = state
            .clients
            .get(&state.store, &sites::web_key(site_id))
            .await?
            .filter(|c| {
                c.first_party == Some(FirstParty::WebPages) && c.site_id == site_id && !c.disabled
            })
            .ok_or_else(absent)?;
        // The pages are the library's own application, as document 2 reserves some actions to
        // (a sponsor adding a member). The key itself stays unprivileged: it is public, and
        // anyone may send it to the API.
        let client = Arc::new(Client {
            privileged: true,
            ..(*client).clone()
        });
        let site = state
            .sites
            .get(&state.store, site_id)
            .await?
            .ok_or_else(absent)?;
        Ok(WebSite {
            base: format!("/{}", crate::conventions::links::segment(&site.id)),
            site,
            client,
        })
    }

    /// A path under this site's pages, e.g. `path("/search")`.
    pub fn path(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The request's caller, with what the answer must set in the browser (a refreshed session,
    /// a first CSRF cookie).
    pub async fn visitor(&self, state: &AppState, visit: &Visit) -> ApiResult<Visitor> {
        let mut set_cookies = Vec::new();
        let session = match (
            cookies::named(&visit.headers, &cookie_name(state, SESSION)),
            cookies::named(&visit.headers, &cookie_name(state, REFRESH)),
        ) {
            (Some(access), refresh) => {
                match sign_in::by_token(state, &self.client, &access).await {
                    Ok(s) => Some((s, access, refresh)),
                    Err(Failure::SignedOut(_) | Failure::Expired(_)) => {
                        self.refreshed(state, visit, refresh.as_deref(), &mut set_cookies)
                            .await?
                    }
                    Err(f) => return Err(f.into()),
                }
            }
            (None, Some(refresh)) => {
                self.refreshed(state, visit, Some(&refresh), &mut set_cookies)
                    .await?
            }
            (None, None) => None,
        };
        let browser = match cookies::named(&visit.headers, &cookie_name(state, CSRF)) {
            Some(c) => c,
            None => {
                let c = new_token();
                set_cookies.push(self.cookie(state, CSRF, &c));
                c
            }
        };
        let params = Params::from_pairs(Params::parse_urlencoded(
            visit.query.as_deref().unwrap_or("").as_bytes(),
        )?);
        let (session, tokens) = match session {
            Some((s, access, refresh)) => (Some(s), Some((access, refresh))),
            None => (None, None),
        };
        let signed_in = session.as_ref().map(|s| s.account.user_account_id.as_str());
        let csrf = form_token(state, &browser, signed_in).await?;
        let preferences = match &session {
            Some(s) => Some(lectern_operations::preferences::stored(state, &s.account).await?),
            None => None,
        };
        let lang = i18n::negotiate(
            preferences.as_ref().and_then(|p| p.language.as_deref()),
            cookies::named(&visit.headers, &cookie_name(state, LANGUAGE)).as_deref(),
            i18n::accept_language(&visit.headers),
            i18n::site_default(self.site.language.as_deref()),
        );
        Ok(Visitor {
            caller: Caller {
                actor: Actor {
                    client: self.client.clone(),
                    session,
                    from: visit.from.0.as_str().into(),
                },
                params,
            },
            csrf,
            tokens,
            set_cookies,
            lang,
            preferences,
        })
    }

    /// A new pair for an expired access token; `None` (and the cookies cleared) when the
    /// sign-in is over: the visitor is a guest again.
    async fn refreshed(
        &self,
        state: &AppState,
        visit: &Visit,
        refresh: Option<&str>,
        set_cookies: &mut Vec<HeaderValue>,
    ) -> ApiResult<Option<SessionTokens>> {
        let Some(refresh) = refresh else {
            set_cookies.extend(self.ended(state));
            return Ok(None);
        };
        let grant = Grant::Refresh {
            refresh_token: refresh,
        };
        let Ok(tokens) = tokens::grant(state, &self.client, grant, &visit.from.0).await else {
            set_cookies.extend(self.ended(state));
            return Ok(None);
        };
        let session = sign_in::by_token(state, &self.client, &tokens.access_token).await?;
        set_cookies.extend(self.started(state, &tokens.access_token, &tokens.refresh_token));
        Ok(Some((
            session,
            tokens.access_token,
            Some(tokens.refresh_token),
        )))
    }

    /// The cookies of a new sign-in.
    pub fn started(&self, state: &AppState, access: &str, refresh: &str) -> [HeaderValue; 2] {
        [
            self.cookie(state, SESSION, access),
            self.cookie(state, REFRESH, refresh),
        ]
    }

    /// The cookies that end a sign-in.
    pub fn ended(&self, state: &AppState) -> [HeaderValue; 2] {
        [
            self.expired_cookie(state, SESSION),
            self.expired_cookie(state, REFRESH),
        ]
    }

    /// A new form token.
    pub fn csrf_cookie(&self, state: &AppState, value: &str) -> HeaderValue {
        self.cookie(state, CSRF, value)
    }

    /// A cookie of this site's pages: only for its paths, never to scripts, and over HTTPS only
    /// when the server is served so. No `Max-Age`: the sign-in ends when the browser closes,
    /// which a reader at a library's shared computer expects.
    fn cookie(&self, state: &AppState, name: &str, value: &str) -> HeaderValue {
        self.cookie_lasting(state, name, value, "")
    }

    /// A cookie of this site's pages that lasts as `max_age` says (`; Max-Age=N`, or nothing
    /// for the browser's session).
    fn cookie_lasting(
        &self,
        state: &AppState,
        name: &str,
        value: &str,
        max_age: &str,
    ) -> HeaderValue {
        let secure = if is_https(state) { "; Secure" } else { "" };
        let name = cookie_name(state, name);
        HeaderValue::from_str(&format!(
            "{name}={value}; Path={}; HttpOnly; SameSite=Lax{max_age}{secure}",
            self.base
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    /// The cookie that keeps a guest's choice of language for a year: a choice of the
    /// browser's, not a sign-in's (a signed-in reader's is their preference).
    pub fn language_cookie(&self, state: &AppState, lang: Lang) -> HeaderValue {
        self.cookie_lasting(state, LANGUAGE, lang.tag(), "; Max-Age=31536000")
    }

    fn expired_cookie(&self, state: &AppState, name: &str) -> HeaderValue {
        self.cookie_lasting(state, name, "", "; Max-Age=0")
    }
}

type SessionTokens = (Arc<lectern_operations::SignedIn>, String, Option<String>);

fn is_https(state: &AppState) -> bool {
    state.settings.public_url.scheme() == "https"
}

/// A cookie's name as the pages send and read it (`__Secure-` over HTTPS).
fn cookie_name(state: &AppState, name: &str) -> String {
    cookies::name_of(name, is_https(state))
}

/// A page request's site and visitor, for the handlers: the site its path names (`site_id`),
/// and the caller its cookies name, resolved once before the handler runs.
pub struct Here {
    pub site: WebSite,
    pub visitor: Visitor,
    /// The address failed sign-ins are counted against.
    pub from: ClientAddress,
}

impl FromRequestParts<AppState> for Here {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| no_library())?;
        let site_id = params
            .iter()
            .find(|(name, _)| *name == "site_id")
            .map(|(_, value)| value.to_owned())
            .ok_or_else(no_library)?;
        let Ok(visit) = Visit::from_request_parts(parts, state).await;
        let site = WebSite::named(state, &site_id).await?;
        let visitor = site.visitor(state, &visit).await?;
        Ok(Here {
            site,
            visitor,
            from: visit.from,
        })
    }
}

/// What a page request brings: its headers (cookies), its query, and the address failed
/// sign-ins are counted against.
pub struct Visit {
    pub headers: HeaderMap,
    pub query: Option<String>,
    pub from: ClientAddress,
}

impl<S: Send + Sync> FromRequestParts<S> for Visit {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let from = ClientAddress::from_request_parts(parts, state).await?;
        Ok(Visit {
            headers: parts.headers.clone(),
            query: parts.uri.query().map(str::to_owned),
            from,
        })
    }
}

/// The token a page's forms carry: a keyed hash (the key is the nodes' shared secret) of the
/// browser's own random cookie and the account signed in. A cookie another site plants, with a
/// field of the same value, is worth nothing: the field must be the hash, which only the server
/// can make, and it changes with who is signed in, so a token seen as a guest is no good once
/// signed in, nor one person's for another.
async fn form_token(state: &AppState, browser: &str, signed_in: Option<&str>) -> ApiResult<String> {
    let key = state
        .form_token_key
        .get_or_try_init(|| async {
            lectern_operations::made_on_request::shared_secret(state, "form-token")
                .await
                .map(String::into_bytes)
        })
        .await?;
    let who = signed_in.unwrap_or("guest");
    Ok(lectern_domain::secret::sign(
        key,
        &format!("{browser}\n{who}"),
    ))
}

/// The caller of a page, and what its forms and answer need.
pub struct Visitor {
    pub caller: Caller,
    /// The token every form of the page carries (`form_token`): a page of another site can
    /// post a form here, but cannot read our cookie, nor make the token of one it plants.
    pub csrf: String,
    /// The access and refresh tokens of the sign-in, for signing out.
    pub tokens: Option<(String, Option<String>)>,
    /// Cookies the answer sets.
    pub set_cookies: Vec<HeaderValue>,
    /// The language the pages are shown in (`i18n::negotiate`).
    pub lang: Lang,
    /// A signed-in reader's preferences as the request found them, read once for the language
    /// and kept for the pages that show by them (a book's look); a page that changes them reads
    /// them again.
    pub preferences: Option<Preferences>,
}

impl Visitor {
    /// A posted form must carry the visitor's CSRF token; a 403 otherwise.
    pub fn check_form(&self, form: &Params) -> ApiResult<()> {
        let sent = form.one("csrf").ok().flatten().unwrap_or("");
        if sent.is_empty() || !constant_time_eq(sent.as_bytes(), self.csrf.as_bytes()) {
            return Err(ApiError::forbidden(Why::of(
                "refused-form-expired",
                "This form has expired or did not come from this site. Go back, reload the page and send it again.",
            )));
        }
        Ok(())
    }

    /// The token hashes of the sign-in, to revoke at sign-out.
    pub fn token_hashes(&self) -> Vec<String> {
        match &self.tokens {
            Some((access, refresh)) => std::iter::once(access)
                .chain(refresh.iter())
                .map(|t| token_hash(t))
                .collect(),
            None => Vec::new(),
        }
    }
}

/// An address that names no site's pages.
fn no_library() -> ApiError {
    ApiError::not_found(Why::of("absent-library-here", "There is no library here"))
}
