//! The link a reader opens a book with: one path segment that names the book's file, the
//! catalog's title it is (so that the pages can keep the reader's place and marks in it), and
//! when the link stops working, signed with the key that signs download links. Every file of the book
//! is below it, so a reading system resolves the manifest's relative links without knowing the
//! reader's credentials, and no file is served to anyone the rules did not open the book for.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use lectern_domain::Timestamp;
use lectern_domain::invalid::Why;
use lectern_domain::secret::{sign, signature_matches};

use lectern_operations::streaming::Opened;

use crate::downloads::signing_key;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// How long an opened book's link works: a day of reading, after which the reader's page (or
/// app) opens it again through the rules.
pub const GRANT_TTL_SECONDS: i64 = 12 * 3600;

/// What a download link's signature covers is `key\nexpires`; a reading link's starts with its
/// own word, so that neither signature can stand for the other.
fn message(object_key: &str, title: &str, expires: i64) -> String {
    format!("read\n{object_key}\n{title}\n{expires}")
}

/// The path segment of a reading link to the book opened.
pub async fn grant(state: &AppState, book: &Opened) -> ApiResult<String> {
    let expires = Timestamp::now().plus_seconds(GRANT_TTL_SECONDS).unix();
    let title = book.title.as_deref().unwrap_or_default();
    let signature = sign(
        signing_key(state).await?,
        &message(&book.object_key, title, expires),
    );
    let key = URL_SAFE_NO_PAD.encode(&book.object_key);
    let title = URL_SAFE_NO_PAD.encode(title);
    Ok(format!("{expires}.{key}.{title}.{signature}"))
}

/// The book a reading link's segment names, when its signature holds and it has not expired.
pub async fn granted(state: &AppState, grant: &str) -> ApiResult<Opened> {
    let refused = || {
        ApiError::forbidden(Why::of(
            "refused-reading-link",
            "This reading link is not valid; open the book again",
        ))
    };
    let parts: Vec<&str> = grant.splitn(4, '.').collect();
    let [expires, key, title, signature] = parts[..] else {
        return Err(refused());
    };
    let expires: i64 = expires.parse().map_err(|_| refused())?;
    let text = |b64: &str| {
        URL_SAFE_NO_PAD
            .decode(b64)
            .ok()
            .and_then(|k| String::from_utf8(k).ok())
            .ok_or_else(refused)
    };
    let (object_key, title) = (text(key)?, text(title)?);
    if !signature_matches(
        signing_key(state).await?,
        &message(&object_key, &title, expires),
        signature,
    ) {
        return Err(refused());
    }
    if expires < Timestamp::now().unix() {
        return Err(ApiError::forbidden(Why::of(
            "refused-reading-link-expired",
            "This reading link has expired; open the book again",
        )));
    }
    Ok(Opened {
        object_key,
        title: Some(title).filter(|t| !t.is_empty()),
    })
}

/// The book's file key a reading link's segment names (see [`granted`]).
pub async fn object_key(state: &AppState, grant: &str) -> ApiResult<String> {
    Ok(granted(state, grant).await?.object_key)
}
