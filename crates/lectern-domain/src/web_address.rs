//! Addresses people and browsers are sent to: an organization's website, a client's redirect
//! URIs. A `javascript:` or `data:` address shown as a link, or followed as a redirect, runs
//! script in the page of whoever follows it: a website is `http` or `https`, and a redirect URI
//! that too or a native app's own scheme (RFC 8252).

/// A web address with a host, by `http` or `https`.
pub fn check_web_address(text: &str) -> Result<url::Url, &'static str> {
    let parsed = url::Url::parse(text.trim())
        .map_err(|_| "must be a web address, such as https://example.org")?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err("must be an http or https address");
    }
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err("must name a host, such as https://example.org");
    }
    Ok(parsed)
}

/// A client's redirect URI (RFC 6749, 3.1.2), without a fragment: a web address, or a native
/// app's private-use scheme in reverse domain order (`org.example.reader:/callback`, RFC 8252,
/// 7.1), which no browser runs as script. `javascript:`, `data:` and the like are neither.
pub fn check_redirect_uri(text: &str) -> Result<(), &'static str> {
    const WHY: &str = "must be an absolute http or https URI, or an app's own scheme in reverse \
                       domain order (org.example.app:/callback), without a fragment";
    let parsed = url::Url::parse(text.trim()).map_err(|_| WHY)?;
    let private_use = parsed.scheme().contains('.');
    if !private_use {
        check_web_address(text).map_err(|_| WHY)?;
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
