//! A partner's identity tokens (OpenID Connect ID tokens, RFC 7519 JWTs): the partner vouches
//! for a member's verified e-mail address, so that the library's application can create an
//! account with `partnerIdToken` and sign the member in later with the same kind of token (the
//! JWT bearer grant of RFC 7523). The partner publishes its signing keys as a JWK set at a URL;
//! keys rotate there, so the set is cached and fetched again when a token names a key not in it.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use lectern_domain::invalid::Why;
use serde::Deserialize;
use tokio::sync::RwLock;
use url::Url;

use crate::error::ApiError;

/// How long a fetched key set is trusted before it is fetched again.
const KEYS_FRESH_FOR: Duration = Duration::from_secs(3600);
/// A token naming an unknown key may make us fetch the set again, but not more often than this:
/// made-up key ids must not turn the server into a relay that hammers the partner.
const REFETCH_AT_MOST_EVERY: Duration = Duration::from_secs(30);
/// Clocks differ: a token just expired, or issued a moment "in the future", is still taken.
const CLOCK_LEEWAY_SECONDS: u64 = 60;
/// The longest lifetime left that a partner's token may claim. Identity tokens live minutes to
/// an hour; one valid for longer is a token that would be dangerous if leaked, and is refused
/// (`docs/decisions.md`, "A partner's identity tokens").
pub const MAX_TOKEN_LIFETIME_SECONDS: u64 = 24 * 3600;

/// The partner that vouches for identities, as the operator configured it.
pub struct PartnerIdentity {
    issuer: String,
    audience: String,
    keys_url: Url,
    http: reqwest::Client,
    keys: RwLock<Option<FetchedKeys>>,
}

struct FetchedKeys {
    set: JwkSet,
    at: Instant,
}

impl std::fmt::Debug for PartnerIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartnerIdentity")
            .field("issuer", &self.issuer)
            .field("audience", &self.audience)
            .field("keys_url", &self.keys_url.as_str())
            .finish_non_exhaustive()
    }
}

/// Who the partner says the member is.
#[derive(Debug, Clone)]
pub struct PartnerClaims {
    /// The partner's stable identifier of the person (`sub`)
    pub subject: String,
    pub issuer: String,
    pub email: String,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    /// What makes this token single-use: the issuer and its `jti`, or the token's hash when the
    /// partner sends no `jti`.
    pub replay_key: String,
    /// When the token expires (`exp`), until which its use is remembered.
    pub expires_at: i64,
}

/// Why a token was not taken.
#[derive(Debug)]
pub enum Refused {
    /// The token is not good: its signature, issuer, audience, age or claims; says which.
    Invalid(Why),
    /// The partner's keys could not be fetched.
    Unreachable(Why),
}

#[derive(Deserialize)]
struct RawClaims {
    sub: String,
    iss: String,
    email: Option<String>,
    /// OpenID Connect's boolean; anything else (the string "true" included) is not a
    /// verification.
    #[serde(default)]
    email_verified: serde_json::Value,
    given_name: Option<String>,
    family_name: Option<String>,
    exp: u64,
    iat: Option<u64>,
    jti: Option<String>,
}

impl PartnerIdentity {
    pub fn new(issuer: String, audience: String, keys_url: Url) -> Self {
        PartnerIdentity {
            issuer,
            audience,
            keys_url,
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .unwrap_or_default(),
            keys: RwLock::new(None),
        }
    }

    /// Checks the token's signature against the partner's keys, its issuer, audience and
    /// lifetime, and that it carries a verified e-mail address.
    pub async fn verify(&self, token: &str) -> Result<PartnerClaims, Refused> {
        let header = jsonwebtoken::decode_header(token)
            .map_err(|e| invalid("why-jwt-unsigned", format!("is not a signed JWT ({e})"), e))?;
        if !matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
            let alg = format!("{:?}", header.alg);
            let english = format!("is signed with {alg}; only RS256 and ES256 are accepted");
            return Err(Refused::Invalid(
                Why::of("why-jwt-algorithm", english).with("alg", alg),
            ));
        }
        let kid = header.kid.ok_or_else(|| {
            let why = "names no signing key (kid)";
            Refused::Invalid(Why::of("why-jwt-no-kid", why))
        })?;
        let jwk = self.key(&kid).await?;
        let key = DecodingKey::from_jwk(&jwk).map_err(|e| {
            let english = format!("names a key the partner cannot use ({e})");
            invalid("why-jwt-bad-key", english, e)
        })?;
        let mut rules = Validation::new(header.alg);
        rules.set_issuer(&[&self.issuer]);
        rules.set_audience(&[&self.audience]);
        rules.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        rules.leeway = CLOCK_LEEWAY_SECONDS;
        rules.validate_nbf = true;
        let raw = jsonwebtoken::decode::<RawClaims>(token, &key, &rules)
            .map_err(|e| invalid("why-jwt-refused", format!("was refused: {e}"), e))?
            .claims;
        check_times(&raw, jsonwebtoken::get_current_timestamp())?;
        let email = raw
            .email
            .filter(|_| raw.email_verified == serde_json::Value::Bool(true))
            .ok_or_else(|| {
                let why = "carries no verified e-mail address";
                Refused::Invalid(Why::of("why-jwt-no-email", why))
            })?;
        Ok(PartnerClaims {
            replay_key: match &raw.jti {
                Some(jti) => format!("jti {} {jti}", raw.iss),
                None => format!("token {}", lectern_domain::secret::token_hash(token)),
            },
            expires_at: i64::try_from(raw.exp).unwrap_or(i64::MAX),
            given_name: raw.given_name,
            family_name: raw.family_name,
            subject: raw.sub,
            issuer: raw.iss,
            email,
        })
    }

    async fn key(&self, kid: &str) -> Result<Jwk, Refused> {
        if let Some(fetched) = &*self.keys.read().await
            && fetched.at.elapsed() < KEYS_FRESH_FOR
            && let Some(jwk) = fetched.set.find(kid)
        {
            return Ok(jwk.clone());
        }
        let mut keys = self.keys.write().await;
        let recent = keys
            .as_ref()
            .is_some_and(|f| f.at.elapsed() < REFETCH_AT_MOST_EVERY);
        if !recent {
            *keys = Some(FetchedKeys {
                set: self.fetch().await?,
                at: Instant::now(),
            });
        }
        keys.as_ref()
            .and_then(|f| f.set.find(kid))
            .cloned()
            .ok_or_else(|| {
                let english = format!("names key '{kid}', which the partner does not publish");
                Refused::Invalid(Why::of("why-jwt-unknown-key", english).with("kid", kid))
            })
    }

    async fn fetch(&self) -> Result<JwkSet, Refused> {
        let unreachable = |e: reqwest::Error| {
            tracing::warn!(error = %e, url = %self.keys_url, "partner identity keys unreachable");
            let english = format!("the partner's keys could not be fetched: {e}");
            Refused::Unreachable(Why::of("partner-keys-unreachable", english).with("why", e))
        };
        self.http
            .get(self.keys_url.clone())
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(unreachable)?
            .json::<JwkSet>()
            .await
            .map_err(unreachable)
    }
}

/// What the JWT library leaves to us: a token issued in the future, or valid for longer than
/// any identity token should be, is refused.
fn check_times(raw: &RawClaims, now: u64) -> Result<(), Refused> {
    if raw.iat.is_some_and(|iat| iat > now + CLOCK_LEEWAY_SECONDS) {
        let why = "was issued in the future (iat); check the partner's clock";
        return Err(Refused::Invalid(Why::of("why-jwt-future", why)));
    }
    if raw.exp > now + MAX_TOKEN_LIFETIME_SECONDS {
        let hours = MAX_TOKEN_LIFETIME_SECONDS / 3600;
        let english = format!(
            "is valid for longer than {hours} hours (exp); ask the partner for a fresh identity token"
        );
        return Err(Refused::Invalid(
            Why::of("why-jwt-too-long", english).with_number("hours", hours),
        ));
    }
    Ok(())
}

/// A token refused for `e`, the JWT library's own words inside the reason.
fn invalid(key: &'static str, english: String, e: impl ToString) -> Refused {
    Refused::Invalid(Why::of(key, english).with("why", e))
}

/// A `partnerIdToken` that was not taken, as the API answers it.
pub(crate) fn refused_token(refused: Refused) -> ApiError {
    match refused {
        Refused::Invalid(why) => ApiError::bad_param("partnerIdToken", why),
        Refused::Unreachable(why) => ApiError::new(StatusCode::BAD_GATEWAY, "BAD_GATEWAY", why),
    }
}
