//! The authorization code flow in the browser: `GET /oauth/authorize` validates the request and
//! shows the login page; the login form posts back to the same address; the consent page
//! follows; its answer ends the flow with a redirect to the client. The flow lives in a row
//! keyed by the hash of a cookie and is deleted when it ends, so the next flow starts afresh.

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::account::Account;
use lectern_domain::client::Client;
use lectern_domain::secret::{check_pkce_challenge, constant_time_eq, token_hash};
use lectern_operations::authorization::{self, Asked, Begun, Decided, FLOW_TTL_SECS};
use lectern_store::oauth::Flow;
use url::Url;

use super::pages::{ConsentPage, LoginPage, STYLESHEET_PATH, error_page, html, html_posting_to};
use crate::conventions::params::Params;
use crate::i18n::Lang;
use crate::sign_in::LoginErrors;
use crate::sign_in::{self, ClientAddress, Secret, SignIn};
use crate::state::AppState;

const COOKIE: &str = "lectern_authz";

/// Starts the flow: checks the client and redirect URI, then shows the login page.
#[utoipa::path(
    get, path = "/oauth/authorize", tag = "oauth",
    params(
        ("response_type" = Option<String>, Query, description = "code; any other value, or none, is answered like any other refused request once the client and redirect URI are known: by redirecting with error=unsupported_response_type (RFC 6749 §4.1.2.1)"),
        ("client_id" = String, Query, description = "The API key"),
        ("redirect_uri" = String, Query, description = "Exactly one of the client's registered redirect URIs"),
        ("scope" = Option<String>, Query, description = "basic"),
        ("state" = Option<String>, Query, description = "Returned unchanged on the redirect"),
        ("code_challenge" = Option<String>, Query, description = "PKCE challenge (RFC 7636)"),
        ("code_challenge_method" = Option<String>, Query, description = "S256"),
    ),
    responses(
        (status = 200, description = "The login page", content_type = "text/html"),
        (status = 302, description = "Redirect to the client with an error"),
        (status = 303, description = "This browser has signed in already: on to the consent page"),
        (status = 400, description = "An error page: unknown client or redirect URI", content_type = "text/html"),
    )
)]
pub async fn show_login(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    // Text that is not UTF-8 reads as no parameters: the page then names what is missing.
    let params = Params::from_pairs(
        Params::parse_urlencoded(query.unwrap_or_default().as_bytes()).unwrap_or_default(),
    );
    let bad = |message: &str| {
        error_page(
            StatusCode::BAD_REQUEST,
            STYLESHEET_PATH,
            "oauth-error-start",
            message,
        )
    };

    let one = |name: &str| params.one(name).ok().flatten().filter(|v| !v.is_empty());
    let Some(client_id) = one("client_id") else {
        return bad("oauth-error-no-client");
    };
    let client = match state.clients.get(&state.store, client_id).await {
        Ok(Some(c)) if !c.disabled => c,
        Ok(_) => return bad("oauth-error-unknown-client"),
        Err(e) => return server_error(e),
    };
    let Some(redirect_uri) = one("redirect_uri").filter(|u| client.allows_redirect(u)) else {
        return bad("oauth-error-redirect");
    };
    // From here on, errors go back to the client, which has proved where it lives.
    let client_state = one("state");
    let to_client = |error: &str, description: &str| {
        redirect_to(
            redirect_uri,
            &[("error", error), ("error_description", description)],
            client_state,
        )
    };
    if [
        "response_type",
        "client_id",
        "redirect_uri",
        "scope",
        "state",
        "code_challenge",
        "code_challenge_method",
    ]
    .iter()
    .any(|p| params.one(p).is_err())
    {
        return to_client("invalid_request", "A parameter was sent more than once");
    }
    if one("response_type") != Some("code") {
        return to_client(
            "unsupported_response_type",
            "Only response_type=code is supported",
        );
    }
    if one("scope").is_some_and(|s| s != "basic") {
        return to_client("invalid_scope", "The only scope is 'basic'");
    }
    let challenge = one("code_challenge");
    match (challenge, one("code_challenge_method")) {
        (None, None) => {}
        (Some(c), Some("S256")) => {
            if let Err(why) = check_pkce_challenge(c) {
                return to_client("invalid_request", why);
            }
        }
        (Some(_), _) => return to_client("invalid_request", "code_challenge_method must be S256"),
        (None, Some(_)) => {
            return to_client(
                "invalid_request",
                "code_challenge_method was sent without code_challenge",
            );
        }
    }

    let asked = Asked {
        redirect_uri,
        state: client_state,
        code_challenge: challenge,
    };
    let Begun {
        browser_secret: cookie_value,
        flow,
    } = match authorization::begin(&state, &client, asked).await {
        Ok(begun) => begun,
        Err(e) => return server_error(e),
    };
    let lang = page_lang(&state, &headers, &client).await;
    let mut resp = login_page(
        (&state, lang),
        &client,
        &flow.csrf_token,
        "",
        LoginErrors::default(),
    );
    set_cookie(&mut resp, &state, &cookie_value, FLOW_TTL_SECS);
    resp
}

/// The language of the token server's pages: the browser's (`Accept-Language`), else the
/// library's whose app is asking, else English. Nobody is signed in yet whose preference
/// could say.
async fn page_lang(state: &AppState, headers: &HeaderMap, client: &Client) -> Lang {
    let site = state.sites.get(&state.store, &client.site_id).await;
    let site_language = match &site {
        Ok(Some(site)) => site.language.as_deref(),
        _ => None,
    };
    crate::i18n::unnamed(headers, site_language)
}

fn login_page(
    (state, lang): (&AppState, Lang),
    client: &Client,
    csrf: &str,
    username: &str,
    errors: LoginErrors<'_>,
) -> Response {
    let has_errors = errors.any();
    let status = if has_errors {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let action = state.oauth_url("/authorize");
    html(
        status,
        &LoginPage {
            lang,
            stylesheet: STYLESHEET_PATH,
            action: &action,
            client_name: &client.name,
            csrf,
            username,
            has_errors,
            username_error: errors.username,
            password_error: errors.password,
            form_error: errors.form,
            next: None,
        },
    )
}

/// The login form's fields. The handlers read the body as `Params`, so that a repeated field
/// is refused like any other; these structs exist to describe the forms.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct LoginForm {
    /// The form's anti-forgery token, from the login page
    csrf: String,
    username: String,
    password: String,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ConsentForm {
    /// The form's anti-forgery token, from the consent page
    csrf: String,
    /// allow or deny
    #[schema(pattern = "^(allow|deny)$")]
    decision: String,
}

/// The login form's answer.
#[utoipa::path(
    post, path = "/oauth/authorize", tag = "oauth",
    params(("lectern_authz" = String, Cookie, description = "The sign-in in progress, set by GET /oauth/authorize")),
    request_body(content = LoginForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "Signed in: on to the consent page"),
        (status = 400, description = "The login page again, with the errors", content_type = "text/html"),
        (status = 403, description = "No sign-in in progress in this browser, or a forged form", content_type = "text/html"),
    )
)]
pub async fn submit_login(
    State(state): State<AppState>,
    from: ClientAddress,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // A form that is not UTF-8 text reads as empty, and fails the flow's CSRF check.
    let form = Params::from_pairs(Params::parse_urlencoded(&body).unwrap_or_default());
    let (flow_hash, flow, client) = match current_flow(&state, &headers, Some(&form)).await {
        Ok(found) => found,
        Err(resp) => return resp,
    };
    let lang = page_lang(&state, &headers, &client).await;
    let field = |name: &str| form.one(name).ok().flatten().unwrap_or("").to_owned();
    let (username, password) = (field("username"), field("password"));
    let username = username.trim();
    if let Some(errors) = LoginErrors::of_blanks(username, &password) {
        return login_page((&state, lang), &client, &flow.csrf_token, username, errors);
    }
    let account = match sign_in::check(&state, username, Secret::Password(&password), &from).await {
        Ok(SignIn::Ok(a)) => a,
        Ok(refused) => {
            let errors = LoginErrors::of_refusal(&refused);
            return login_page((&state, lang), &client, &flow.csrf_token, username, errors);
        }
        Err(e) => return server_error(e),
    };
    if let Err(e) = authorization::signed_in(&state, &flow_hash, &account).await {
        return server_error(e);
    }
    see_other(&state.oauth_url("/consent"))
}

/// The consent page, once the user has signed in.
#[utoipa::path(
    get, path = "/oauth/consent", tag = "oauth",
    params(("lectern_authz" = String, Cookie, description = "The sign-in in progress, set by GET /oauth/authorize")),
    responses(
        (status = 200, description = "The consent page", content_type = "text/html"),
        (status = 403, description = "No sign-in in progress in this browser, or not signed in yet", content_type = "text/html"),
    )
)]
pub async fn show_consent(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let (_, flow, client) = match current_flow(&state, &headers, None).await {
        Ok(found) => found,
        Err(resp) => return resp,
    };
    let account = match signed_in_user(&state, &flow).await {
        Ok(a) => a,
        Err(resp) => return resp,
    };
    let display = format!("{} {}", account.first_name, account.last_name);
    let action = state.oauth_url("/consent");
    let lang = page_lang(&state, &headers, &client).await;
    html_posting_to(
        StatusCode::OK,
        &ConsentPage {
            lang,
            stylesheet: STYLESHEET_PATH,
            action: &action,
            client_name: &client.name,
            user_display: &display,
            csrf: &flow.csrf_token,
        },
        &flow.redirect_uri,
    )
}

/// The user's decision. Either way the flow ends here and the browser returns to the client.
#[utoipa::path(
    post, path = "/oauth/consent", tag = "oauth",
    params(("lectern_authz" = String, Cookie, description = "The sign-in in progress, set by GET /oauth/authorize")),
    request_body(content = ConsentForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "Back to the client with `code` and `state`, or with error=access_denied"),
        (status = 403, description = "No sign-in in progress in this browser, or a forged form", content_type = "text/html"),
    )
)]
pub async fn submit_consent(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // A form that is not UTF-8 text reads as empty, and fails the flow's CSRF check.
    let form = Params::from_pairs(Params::parse_urlencoded(&body).unwrap_or_default());
    let (flow_hash, flow, _) = match current_flow(&state, &headers, Some(&form)).await {
        Ok(found) => found,
        Err(resp) => return resp,
    };
    let account = match signed_in_user(&state, &flow).await {
        Ok(a) => a,
        Err(resp) => return resp,
    };
    let allowed = form.one("decision").ok().flatten() == Some("allow");
    let state_param = flow.state.as_deref();
    let mut resp = match authorization::decide(&state, (&flow_hash, &flow), &account, allowed).await
    {
        Ok(Decided::Allowed { code }) => {
            redirect_to(&flow.redirect_uri, &[("code", &code)], state_param)
        }
        Ok(Decided::Denied) => redirect_to(
            &flow.redirect_uri,
            &[
                ("error", "access_denied"),
                ("error_description", "The user denied access"),
            ],
            state_param,
        ),
        Ok(Decided::Over) => return expired_flow(),
        Err(e) => return server_error(e),
    };
    set_cookie(&mut resp, &state, "", 0);
    resp
}

/// The flow this browser is in. A posted form (`Some`) must carry the flow's CSRF token,
/// whatever else it holds: an empty or partial body is refused like a forged one.
async fn current_flow(
    state: &AppState,
    headers: &HeaderMap,
    form: Option<&Params>,
) -> Result<(String, Flow, Client), Response> {
    let Some(cookie) = read_cookie(state, headers) else {
        return Err(expired_flow());
    };
    let flow_hash = token_hash(&cookie);
    let flow = match authorization::flow(state, &flow_hash).await {
        Ok(Some(f)) => f,
        Ok(None) => return Err(expired_flow()),
        Err(e) => return Err(server_error(e)),
    };
    if let Some(form) = form {
        let sent = form.one("csrf").ok().flatten().unwrap_or("");
        if !constant_time_eq(sent.as_bytes(), flow.csrf_token.as_bytes()) {
            return Err(error_page(
                StatusCode::FORBIDDEN,
                STYLESHEET_PATH,
                "oauth-error-form-expired",
                "oauth-error-form-foreign",
            ));
        }
    }
    match state.clients.get(&state.store, &flow.api_key).await {
        Ok(Some(c)) if !c.disabled => Ok((flow_hash, flow, std::sync::Arc::unwrap_or_clone(c))),
        Ok(_) => Err(error_page(
            StatusCode::FORBIDDEN,
            STYLESHEET_PATH,
            "oauth-error-continue",
            "oauth-error-client-gone",
        )),
        Err(e) => Err(server_error(e)),
    }
}

async fn signed_in_user(state: &AppState, flow: &Flow) -> Result<Account, Response> {
    let Some(id) = &flow.user_account_id else {
        return Err(error_page(
            StatusCode::FORBIDDEN,
            STYLESHEET_PATH,
            "oauth-error-sign-in-first",
            "oauth-error-sign-in-before",
        ));
    };
    match authorization::flow_reader(state, id).await {
        Ok(Some(a)) => Ok(a),
        Ok(_) => Err(error_page(
            StatusCode::FORBIDDEN,
            STYLESHEET_PATH,
            "oauth-error-continue",
            "oauth-error-account-gone",
        )),
        Err(e) => Err(server_error(e)),
    }
}

fn expired_flow() -> Response {
    error_page(
        StatusCode::FORBIDDEN,
        STYLESHEET_PATH,
        "oauth-error-expired",
        "oauth-error-expired-why",
    )
}

fn server_error(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "authorization flow failed");
    error_page(
        StatusCode::INTERNAL_SERVER_ERROR,
        STYLESHEET_PATH,
        "error-went-wrong",
        "oauth-error-our-side",
    )
}

fn read_cookie(state: &AppState, headers: &HeaderMap) -> Option<String> {
    let name = crate::conventions::cookies::name_of(COOKIE, state.oauth_is_https());
    crate::conventions::cookies::named(headers, &name)
}

fn set_cookie(resp: &mut Response, state: &AppState, value: &str, max_age: i64) {
    let secure = if state.oauth_is_https() {
        "; Secure"
    } else {
        ""
    };
    let name = crate::conventions::cookies::name_of(COOKIE, state.oauth_is_https());
    let cookie =
        format!("{name}={value}; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}");
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        resp.headers_mut().append(header::SET_COOKIE, v);
    }
}

fn see_other(location: &str) -> Response {
    let mut resp = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(location) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    resp
}

/// A redirect to the client's registered URI with the given parameters and `state`.
fn redirect_to(redirect_uri: &str, pairs: &[(&str, &str)], state: Option<&str>) -> Response {
    let Ok(mut url) = Url::parse(redirect_uri) else {
        return server_error(format!(
            "registered redirect URI does not parse: {redirect_uri}"
        ));
    };
    {
        let mut q = url.query_pairs_mut();
        q.extend_pairs(pairs);
        if let Some(s) = state {
            q.append_pair("state", s);
        }
    }
    let mut resp = see_other(url.as_str());
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}
