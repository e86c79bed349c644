use crate::conventions::json::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::Timestamp;
use lectern_domain::client::Client;
use lectern_domain::ids::new_id;
use lectern_domain::sealed_pair::{self, TokenPair};
use lectern_domain::secret::{check_pkce_verifier, new_token, pkce_s256_matches, token_hash};
use lectern_store::oauth::{
    self, Holder, Redeemed, Refreshed, Spent, redeem_code, redeem_refresh_token,
};
use lectern_store::{Transaction, accounts, partner_identities};

use super::client_auth;
use super::issue::{TokenResponse, issue, issue_pair};
use super::token_error::TokenError;
use crate::accounts::partner_identity::Refused;
use crate::conventions::params::Params;
use crate::sign_in::{self, ClientAddress, Secret, SignIn};
use crate::state::AppState;

/// Form fields of a token request (application/x-www-form-urlencoded).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct TokenRequest {
    /// authorization_code, refresh_token, password (trusted clients only), or
    /// urn:ietf:params:oauth:grant-type:jwt-bearer (privileged clients only, RFC 7523)
    grant_type: String,
    code: Option<String>,
    redirect_uri: Option<String>,
    /// PKCE verifier, when the authorization request carried a code_challenge
    code_verifier: Option<String>,
    refresh_token: Option<String>,
    username: Option<String>,
    password: Option<String>,
    /// With the JWT bearer grant: an identity token of the library's identity partner, for a
    /// member whose account was created with it
    assertion: Option<String>,
    /// basic (the default and only scope)
    scope: Option<String>,
}

/// Exchanges a code, a refresh token or (trusted clients) a user name and password for tokens.
#[utoipa::path(
    post, path = "/oauth/token", tag = "oauth",
    request_body(content = TokenRequest, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Tokens issued", body = TokenResponse),
        (status = 400, description = "Token Error", body = TokenError),
        (status = 401, description = "Client authentication failed", body = TokenError),
    ),
    security(("basic" = []))
)]
pub async fn token(
    State(state): State<AppState>,
    from: ClientAddress,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    match grant(&state, &from, query, &headers, &body).await {
        Ok(tokens) => (
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::PRAGMA, "no-cache"),
            ],
            Json(tokens),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn grant(
    state: &AppState,
    from: &ClientAddress,
    query: Option<String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<TokenResponse, TokenError> {
    let params = form_params(query, headers, body)?;
    let client = client_auth::authenticate(state, headers, &params).await?;
    grant_as(state, &client, &params, from).await
}

/// A token request of a client already known: the API's token endpoint after it authenticated
/// the client, or a site's OPDS catalog for the key it answers as.
pub(crate) async fn grant_as(
    state: &AppState,
    client: &Client,
    params: &Params,
    from: &ClientAddress,
) -> Result<TokenResponse, TokenError> {
    if let Some(scope) = field(params, "scope")?
        && scope != "basic"
    {
        return Err(TokenError::new(
            "invalid_scope",
            "The only scope is 'basic'",
        ));
    }
    let grant_type = field(params, "grant_type")?.ok_or_else(|| missing("grant_type"))?;
    let result = match grant_type {
        "password" => password_grant(state, client, params, from).await,
        "authorization_code" => code_grant(state, client, params).await,
        "refresh_token" => refresh_grant(state, client, params).await,
        JWT_BEARER => partner_grant(state, client, params).await,
        other => Err(TokenError::new(
            "unsupported_grant_type",
            format!(
                "grant_type '{other}' is not supported; use authorization_code, refresh_token, password or {JWT_BEARER}"
            ),
        )),
    };
    metrics::counter!("lectern_token_requests_total", "grant_type" => grant_type.to_owned(), "outcome" => if result.is_ok() { "issued" } else { "refused" }).increment(1);
    result
}

/// The form body, plus the query string where existing clients put `api_key`. Nothing else may
/// come in the query (RFC 6749 section 2.3.1: a password or secret there ends up in logs), and no
/// parameter may be sent twice (section 3.2).
pub(super) fn form_params(
    query: Option<String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Params, TokenError> {
    let is_form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| {
            ct.to_ascii_lowercase()
                .starts_with("application/x-www-form-urlencoded")
        });
    if !is_form && !body.is_empty() {
        return Err(TokenError::new(
            "invalid_request",
            "Send the request as application/x-www-form-urlencoded",
        ));
    }
    let not_text = |e: crate::conventions::params::NotText| {
        TokenError::new("invalid_request", format!("'{}' {}", e.name, e.message()))
    };
    let in_query =
        Params::parse_urlencoded(query.unwrap_or_default().as_bytes()).map_err(not_text)?;
    if let Some((name, _)) = in_query.iter().find(|(k, _)| k != "api_key") {
        return Err(TokenError::new(
            "invalid_request",
            format!(
                "'{name}' must be sent in the form body, not in the URL; only api_key may come in the query"
            ),
        ));
    }
    let mut params = Params::from_pairs(Params::parse_urlencoded(body).map_err(not_text)?);
    params.extend(in_query);
    if let Some(name) = params.repeated_name() {
        return Err(TokenError::new(
            "invalid_request",
            format!("'{name}' was sent more than once"),
        ));
    }
    Ok(params)
}

pub(super) fn field<'a>(params: &'a Params, name: &str) -> Result<Option<&'a str>, TokenError> {
    params
        .one(name)
        .map(|v| v.filter(|s| !s.is_empty()))
        .map_err(|_| {
            TokenError::new(
                "invalid_request",
                format!("'{name}' was sent more than once"),
            )
        })
}

pub(super) fn missing(name: &str) -> TokenError {
    TokenError::new(
        "invalid_request",
        format!("Missing required parameter '{name}'"),
    )
}

async fn password_grant(
    state: &AppState,
    client: &Client,
    params: &Params,
    from: &ClientAddress,
) -> Result<TokenResponse, TokenError> {
    if !client.trusted {
        return Err(TokenError::new(
            "unauthorized_client",
            "This client may not use the password grant",
        ));
    }
    let user_name = field(params, "username")?.ok_or_else(|| missing("username"))?;
    let password = field(params, "password")?.ok_or_else(|| missing("password"))?;
    let account = match sign_in::check(state, user_name, Secret::Password(password), from).await? {
        SignIn::Ok(a) => a,
        SignIn::BadCredentials => return Err(TokenError::new("invalid_grant", "Bad credentials")),
        SignIn::TooManyAttempts(wait) => return Err(TokenError::too_many_attempts(wait)),
        SignIn::Locked => {
            return Err(TokenError::new(
                "invalid_grant",
                "This account is locked; contact your library",
            ));
        }
    };
    new_sign_in(state, client, &account.user_account_id).await
}

/// Tokens of a new sign-in (its own family of refresh tokens) for the account.
pub(crate) async fn new_sign_in(
    state: &AppState,
    client: &Client,
    user_account_id: &str,
) -> Result<TokenResponse, TokenError> {
    let mut conn = state.store.writer().await?;
    Ok(issue(
        &mut conn,
        state,
        &new_id(),
        user_account_id,
        &client.api_key,
    )
    .await?)
}

/// How long after a refresh token is spent its client may present it again and be given the
/// same answer: the retry of a refresh whose answer a dropped connection lost. A second
/// presentation later than this, or by another client, is a replay and revokes the sign-in.
const REFRESH_RETRY_SECONDS: i64 = 30;

/// RFC 7523's grant: a JWT vouching for the user, here the identity partner's ID token.
const JWT_BEARER: &str = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/// Signs in the member whose account is linked to the partner identity the assertion names. Only
/// the library's own applications (privileged keys, as for creating such an account) may.
async fn partner_grant(
    state: &AppState,
    client: &Client,
    params: &Params,
) -> Result<TokenResponse, TokenError> {
    if !client.privileged {
        return Err(TokenError::new(
            "unauthorized_client",
            "Only the library's own applications may sign in with the identity partner's tokens",
        ));
    }
    let assertion = field(params, "assertion")?.ok_or_else(|| missing("assertion"))?;
    let partner = state.settings.partner_identity.as_ref().ok_or_else(|| {
        TokenError::new(
            "unsupported_grant_type",
            "This library has no identity partner set up",
        )
    })?;
    let claims = partner.verify(assertion).await.map_err(refused_assertion)?;
    let reads = state.store.reads();
    let who = claims.subject_on(&client.site_id);
    let account = match partner_identities::account_of(reads, &who).await? {
        Some(id) => accounts::get(reads, &id).await?,
        None => None,
    }
    .ok_or_else(|| {
        TokenError::new(
            "invalid_grant",
            "No account here is linked to this partner identity; create one with partnerIdToken",
        )
    })?;
    if account.locked {
        return Err(TokenError::new(
            "invalid_grant",
            "This account is locked; contact your library",
        ));
    }
    let mut tx = state.store.begin().await?;
    claims.spend(&mut tx).await.map_err(refused_assertion)?;
    issue_and_commit(tx, state, &new_id(), &account.user_account_id, client).await
}

fn refused_assertion(refused: Refused) -> TokenError {
    match refused {
        Refused::Invalid(why) => TokenError::new("invalid_grant", format!("The assertion {why}")),
        Refused::Unreachable(why) => TokenError::with_status(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "temporarily_unavailable",
            why,
        ),
        Refused::Store(e) => e.into(),
    }
}

async fn code_grant(
    state: &AppState,
    client: &Client,
    params: &Params,
) -> Result<TokenResponse, TokenError> {
    let code = field(params, "code")?.ok_or_else(|| missing("code"))?;
    let redirect_uri = field(params, "redirect_uri")?.ok_or_else(|| missing("redirect_uri"))?;
    let verifier = field(params, "code_verifier")?;
    if let Some(v) = verifier {
        check_pkce_verifier(v).map_err(|why| TokenError::new("invalid_request", why))?;
    }
    let mut tx = state.store.begin().await?;
    let spent = match redeem_code(&mut tx, &token_hash(code), Timestamp::now()).await? {
        Redeemed::Fresh(s) => s,
        Redeemed::Replayed => {
            tx.commit().await?;
            return Err(TokenError::new(
                "invalid_grant",
                "This authorization code was already used; the tokens issued with it are revoked",
            ));
        }
        Redeemed::Invalid => {
            return Err(TokenError::new(
                "invalid_grant",
                "The authorization code is unknown or expired",
            ));
        }
    };
    // Any mismatch below leaves the transaction uncommitted, so the code stays unspent.
    if spent.api_key != client.api_key {
        return Err(TokenError::new(
            "invalid_grant",
            "The authorization code was issued to another client",
        ));
    }
    if spent.redirect_uri != redirect_uri {
        return Err(TokenError::new(
            "invalid_grant",
            "redirect_uri differs from the one sent with the authorization request",
        ));
    }
    match (&spent.code_challenge, verifier) {
        (Some(challenge), Some(v)) if pkce_s256_matches(v, challenge) => {}
        (Some(_), _) => {
            return Err(TokenError::new(
                "invalid_grant",
                "code_verifier is missing or does not match the code_challenge",
            ));
        }
        (None, Some(_)) => {
            return Err(TokenError::new(
                "invalid_grant",
                "code_verifier sent, but the authorization request had no code_challenge",
            ));
        }
        (None, None) => {}
    }
    issue_and_commit(tx, state, &spent.grant_id, &spent.user_account_id, client).await
}

async fn refresh_grant(
    state: &AppState,
    client: &Client,
    params: &Params,
) -> Result<TokenResponse, TokenError> {
    let refresh = field(params, "refresh_token")?.ok_or_else(|| missing("refresh_token"))?;
    let mut tx = state.store.begin().await?;
    let now = Timestamp::now();
    let retry_from = now.plus_seconds(-REFRESH_RETRY_SECONDS);
    let hash = token_hash(refresh);
    // The next pair is made first, so that spending the token records it in the same statement.
    let next = TokenPair {
        access_token: new_token(),
        refresh_token: new_token(),
    };
    let sealed = sealed_pair::seal(refresh, &next);
    let redeemed =
        redeem_refresh_token(&mut tx, &hash, &client.api_key, now, retry_from, &sealed).await?;
    let (spent, holder) = match redeemed {
        Refreshed::Fresh(spent, holder) => (spent, holder),
        Refreshed::Retried(spent, sealed) => {
            return answer_retry(tx, refresh, &spent, sealed, now).await;
        }
        Refreshed::Replayed => return Err(replayed(tx).await),
        Refreshed::Invalid => {
            return Err(TokenError::new(
                "invalid_grant",
                "The refresh token is unknown, expired or revoked",
            ));
        }
    };
    if spent.api_key != client.api_key {
        return Err(TokenError::new(
            "invalid_grant",
            "The refresh token was issued to another client",
        ));
    }
    usable(holder)?;
    let tokens = issue_pair(
        &mut tx,
        state,
        &spent.grant_id,
        &spent.user_account_id,
        &client.api_key,
        next,
    )
    .await?;
    tx.commit().await?;
    Ok(tokens)
}

/// A credential presented again outside its grace: the grant is revoked (in `tx`), and so is
/// every token issued from it.
async fn replayed(tx: Transaction) -> TokenError {
    if let Err(e) = tx.commit().await {
        return e.into();
    }
    TokenError::new(
        "invalid_grant",
        "This refresh token was already used; its grant is revoked, sign in again",
    )
}

/// The retry of a refresh whose answer was lost gets that answer again: the pair the token was
/// rotated into, while that pair is unused. Never a new pair, which would fork the sign-in. A
/// token whose next pair has itself been refreshed is older than the previous one: its answer
/// reached someone, so this is a replay (RFC 9700, 4.14.2), and the whole sign-in is revoked.
async fn answer_retry(
    mut tx: Transaction,
    presented: &str,
    spent: &Spent,
    sealed: Option<String>,
    now: Timestamp,
) -> Result<TokenResponse, TokenError> {
    check_account(&mut tx, &spent.user_account_id).await?;
    if let Some(tokens) = unused_successor(&mut tx, presented, sealed, now).await? {
        return Ok(tokens);
    }
    oauth::revoke_grant(&mut tx, &spent.grant_id).await?;
    Err(replayed(tx).await)
}

/// The pair `presented` was rotated into, if it is still live and unused.
async fn unused_successor(
    tx: &mut Transaction,
    presented: &str,
    sealed: Option<String>,
    now: Timestamp,
) -> Result<Option<TokenResponse>, TokenError> {
    let Some(pair) = sealed.and_then(|s| sealed_pair::open(presented, &s)) else {
        return Ok(None);
    };
    let Some(link) = oauth::refresh_link(tx, &token_hash(&pair.refresh_token)).await? else {
        return Ok(None);
    };
    if link.revoked != 0 || link.expires_at <= now.unix() || link.used != 0 {
        return Ok(None);
    }
    let hash = token_hash(&pair.access_token);
    let Some(expires_at) = oauth::live_access_token_expiry(tx, &hash).await? else {
        return Ok(None);
    };
    Ok(Some(TokenResponse {
        access_token: pair.access_token,
        token_type: "bearer",
        expires_in: u64::try_from(expires_at - now.unix()).unwrap_or(0),
        refresh_token: pair.refresh_token,
        scope: "basic",
    }))
}

async fn check_account(tx: &mut Transaction, user_account_id: &str) -> Result<(), TokenError> {
    let account = accounts::get(&mut **tx, user_account_id).await?;
    usable(Holder::of(account.map(|a| a.locked)))
}

/// Whether the account may be issued tokens.
fn usable(holder: Holder) -> Result<(), TokenError> {
    match holder {
        Holder::Active => Ok(()),
        Holder::Locked => Err(TokenError::new(
            "invalid_grant",
            "This account is locked; contact your library",
        )),
        Holder::Gone => Err(TokenError::new(
            "invalid_grant",
            "The account no longer exists",
        )),
    }
}

/// Issues the grant's next tokens in the transaction that spent its credential, unless the
/// account was locked meanwhile; the credential is spent only if tokens are issued.
async fn issue_and_commit(
    mut tx: Transaction,
    state: &AppState,
    grant_id: &str,
    user_account_id: &str,
    client: &Client,
) -> Result<TokenResponse, TokenError> {
    check_account(&mut tx, user_account_id).await?;
    let tokens = issue(&mut tx, state, grant_id, user_account_id, &client.api_key).await?;
    tx.commit().await?;
    Ok(tokens)
}
