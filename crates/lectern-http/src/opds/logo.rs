//! `GET /opds/{siteId}/logo.png`: the library's mark that the authentication document links as its
//! `logo`, so that an app's list of libraries and its sign-in screen show which library asks. A
//! site has no uploaded artwork, so the mark is drawn as the covers are: the initials of the
//! library's name on a colour taken from its id.

use axum::extract::{Path, State};
use axum::response::Response;
use sha2::{Digest, Sha256};

use super::site::OpdsSite;
use crate::covers::{drawn_png, escape};
use crate::error::ApiResult;
use crate::state::AppState;

/// Where the logo is, under the site's catalog.
pub const PATH: &str = "/logo.png";
/// Its width and height in pixels: square, as app icons are.
pub const SIDE: u32 = 256;

pub async fn logo(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let svg = drawn(&site.site.id, &site.site.name);
    drawn_png(svg, (SIDE, SIDE), "public, max-age=86400").await
}

fn drawn(site_id: &str, name: &str) -> String {
    let hue = u32::from(Sha256::digest(site_id.as_bytes())[0]) * 360 / 256;
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{SIDE}" height="{SIDE}" viewBox="0 0 {SIDE} {SIDE}"><rect width="100%" height="100%" rx="32" fill="hsl({hue},45%,25%)"/><text x="50%" y="62%" font-size="104" text-anchor="middle" fill="white" font-family="sans-serif" font-weight="bold">{}</text></svg>"#,
        escape(&initials(name)),
    )
}

/// The first letters of the name's first three words that begin with a letter or digit,
/// upper-cased: "Main Library" is "ML".
fn initials(name: &str) -> String {
    let letters: String = name
        .split_whitespace()
        .filter_map(|w| w.chars().next().filter(|c| c.is_alphanumeric()))
        .flat_map(char::to_uppercase)
        .take(3)
        .collect();
    if letters.is_empty() {
        name.chars().take(1).collect()
    } else {
        letters
    }
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_of_a_library() {
        assert_eq!(initials("Main Library"), "ML");
        assert_eq!(initials("Lectern Demo Library"), "LDL");
        assert_eq!(initials("the North & South Reading Service"), "TNS");
        assert_eq!(initials("état"), "É");
        assert_eq!(initials("&"), "&");
    }
}
