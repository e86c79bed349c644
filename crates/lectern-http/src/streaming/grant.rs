//! The link a reader opens a book with: one path segment that names the book's file and when
//! the link stops working, signed with the key that signs download links. Every file of the book
//! is below it, so a reading system resolves the manifest's relative links without knowing the
//! reader's credentials, and no file is served to anyone the rules did not open the book for.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use lectern_domain::Timestamp;
use lectern_domain::secret::{sign, signature_matches};

use crate::downloads::signing_key;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// How long an opened book's link works: a day of reading, after which the reader's page (or
/// app) opens it again through the rules.
pub const GRANT_TTL_SECONDS: i64 = 12 * 3600;

/// What a download link's signature covers is `key\nexpires`; a reading link's starts with its
/// own word, so that neither signature can stand for the other.
fn message(object_key: &str, expires: i64) -> String {
    format!("read\n{object_key}\n{expires}")
}

/// The path segment of a reading link to the book at `object_key`.
pub async fn grant(state: &AppState, object_key: &str) -> ApiResult<String> {
    let expires = Timestamp::now().plus_seconds(GRANT_TTL_SECONDS).unix();
    let signature = sign(signing_key(state).await?, &message(object_key, expires));
    let key = URL_SAFE_NO_PAD.encode(object_key);
    Ok(format!("{expires}.{key}.{signature}"))
}

/// The book's file key a reading link's segment names, when its signature holds and it has not
/// expired.
pub async fn object_key(state: &AppState, grant: &str) -> ApiResult<String> {
    let refused = || ApiError::forbidden("This reading link is not valid; open the book again");
    let mut parts = grant.splitn(3, '.');
    let (Some(expires), Some(key), Some(signature)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(refused());
    };
    let expires: i64 = expires.parse().map_err(|_| refused())?;
    let object_key = URL_SAFE_NO_PAD
        .decode(key)
        .ok()
        .and_then(|k| String::from_utf8(k).ok())
        .ok_or_else(refused)?;
    if !signature_matches(
        signing_key(state).await?,
        &message(&object_key, expires),
        signature,
    ) {
        return Err(refused());
    }
    if expires < Timestamp::now().unix() {
        return Err(ApiError::forbidden(
            "This reading link has expired; open the book again",
        ));
    }
    Ok(object_key)
}
