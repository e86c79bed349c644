//! Signed, expiring URLs for files. Any node can check one: the key is a secret kept in the
//! store, made by the first node that needed it.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use lectern_domain::Timestamp;
use lectern_domain::invalid::Why;
use lectern_domain::secret::{sign, signature_matches};
use lectern_operations::made_on_request;

use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// How long a signed URL works.
pub const URL_TTL_SECONDS: i64 = 3600;

/// The key that signs file and reading links, shared by every node.
pub async fn key(state: &AppState) -> ApiResult<&[u8]> {
    let key = state
        .signing_key
        .get_or_try_init(|| async {
            made_on_request::shared_secret(state, "file-url-signing")
                .await
                .map(String::into_bytes)
        })
        .await?;
    Ok(key)
}

fn message(object_key: &str, expires: i64) -> String {
    format!("{object_key}\n{expires}")
}

/// An absolute URL that serves `object_key` until it expires.
pub async fn signed_url(state: &AppState, object_key: &str) -> ApiResult<String> {
    let expires = Timestamp::now().plus_seconds(URL_TTL_SECONDS).unix();
    let signature = sign(key(state).await?, &message(object_key, expires));
    let (folder, name) = object_key.rsplit_once('/').unwrap_or(("", object_key));
    let folder = URL_SAFE_NO_PAD.encode(folder);
    let name = segment(name);
    let base = state.settings.public_url.as_str().trim_end_matches('/');
    Ok(format!(
        "{base}/files/{folder}/{name}?expires={expires}&signature={signature}"
    ))
}

/// The object key a signed URL's path names: its folder travels as one base64url segment, so
/// the URL still ends with the file's own name.
pub fn object_key(folder: &str, name: &str) -> ApiResult<String> {
    let folder = URL_SAFE_NO_PAD
        .decode(folder)
        .ok()
        .and_then(|f| String::from_utf8(f).ok())
        .ok_or_else(|| ApiError::not_found(Why::of("absent-file", "There is no such file")))?;
    Ok(if folder.is_empty() {
        name.to_owned()
    } else {
        format!("{folder}/{name}")
    })
}

/// Checks a signed URL's parameters for `object_key`.
pub async fn check(
    state: &AppState,
    object_key: &str,
    expires: &str,
    signature: &str,
) -> ApiResult<()> {
    let expires: i64 = expires.parse().map_err(|_| {
        ApiError::bad_param(
            "expires",
            Why::of(
                "why-signed-expires",
                "must be the number the signed URL carried",
            ),
        )
    })?;
    if !signature_matches(key(state).await?, &message(object_key, expires), signature) {
        return Err(ApiError::forbidden(Why::of(
            "refused-file-link",
            "This file link is not valid; ask for the download again",
        )));
    }
    if expires < Timestamp::now().unix() {
        return Err(ApiError::forbidden(Why::of(
            "refused-file-link-expired",
            "This file link has expired; ask for the download again",
        )));
    }
    Ok(())
}
