//! Addresses people and browsers are sent to: an organization's website, a client's redirect
//! URIs. A `javascript:` or `data:` address shown as a link, or followed as a redirect, runs
//! script in the page of whoever follows it: a website is `http` or `https`, and a redirect URI
//! that too or a native app's own scheme (RFC 8252).

/// A web address: `http://` or `https://` (in any case), then a host, and no white space
/// (around it, white space is trimmed). `WEB_ADDRESS_PATTERN` says the same for the OpenAPI
/// document.
pub fn check_web_address(text: &str) -> Result<(), crate::invalid::Why> {
    is_web_address(text).map_err(|why| crate::invalid::Why::of("why-web-address", why))
}

fn is_web_address(text: &str) -> Result<(), &'static str> {
    const WHY: &str = "must be an http or https address, such as https://example.org";
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    let rest = ["http://", "https://"]
        .into_iter()
        .find_map(|scheme| lower.strip_prefix(scheme))
        .ok_or(WHY)?;
    let starts_a_host = rest
        .chars()
        .next()
        .is_some_and(|c| !matches!(c, '/' | '?' | '#'));
    if !starts_a_host || rest.chars().any(char::is_whitespace) {
        return Err(WHY);
    }
    Ok(())
}

/// [`check_web_address`] as an ECMA-262 pattern, less the trimming and the white space, which
/// the OpenAPI document's own rules add (`openapi/strict.rs`).
pub const WEB_ADDRESS_HEAD: &str = "[Hh][Tt][Tt][Pp][Ss]?://";

/// A client's redirect URI (RFC 6749, 3.1.2), without a fragment: a web address, or a native
/// app's private-use scheme in reverse domain order (`org.example.reader:/callback`, RFC 8252,
/// 7.1), which no browser runs as script. `javascript:`, `data:` and the like are neither.
pub fn check_redirect_uri(text: &str) -> Result<(), &'static str> {
    const WHY: &str = "must be an absolute http or https URI, or an app's own scheme in reverse \
                       domain order (org.example.app:/callback), without a fragment";
    let parsed = url::Url::parse(text.trim()).map_err(|_| WHY)?;
    let private_use = parsed.scheme().contains('.');
    if !private_use {
        is_web_address(text).map_err(|_| WHY)?;
        if parsed.host_str().is_none_or(str::is_empty) {
            return Err(WHY);
        }
    }
    if parsed.fragment().is_some() {
        return Err(WHY);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_and_https_addresses_with_a_host() {
        assert!(check_web_address("https://library.example/about").is_ok());
        assert!(check_web_address("http://127.0.0.1:9/callback").is_ok());
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,<script>",
            "ftp://example.org",
            "library.example",
            "https://",
            "https:///path",
            "https://a b",
        ] {
            assert!(check_web_address(bad).is_err(), "{bad}");
        }
        assert!(check_redirect_uri("http://127.0.0.1:9/callback").is_ok());
        assert!(check_redirect_uri("https://app.example/cb#x").is_err());
        assert!(check_redirect_uri("com.example.app:/cb").is_ok());
        assert!(check_redirect_uri("javascript:alert(1)").is_err());
        assert!(check_redirect_uri("data:text/html,x").is_err());
    }
}
