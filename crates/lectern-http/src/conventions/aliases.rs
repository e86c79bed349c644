//! Deprecated spellings that older clients still call: `/v2/myaccount...` is `/v2/myAccount...`.
//! Rewritten before routing, so that every path under the account has its alias without a second
//! route for each (the OpenAPI document lists the current spelling only).

use axum::extract::Request;
use axum::http::Uri;

const DEPRECATED: &str = "/v2/myaccount";
const CURRENT: &str = "/v2/myAccount";

pub fn rewrite(req: &mut Request) {
    if let Some(uri) = current_spelling(req.uri()) {
        *req.uri_mut() = uri;
    }
}

fn current_spelling(uri: &Uri) -> Option<Uri> {
    let rest = uri.path().strip_prefix(DEPRECATED)?;
    if !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
    format!("{CURRENT}{rest}{query}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_account_paths_are_rewritten() {
        let rewritten = |p: &str| current_spelling(&p.parse().unwrap()).map(|u| u.to_string());
        assert_eq!(
            rewritten("/v2/myaccount/preferences?api_key=k").as_deref(),
            Some("/v2/myAccount/preferences?api_key=k")
        );
        assert_eq!(rewritten("/v2/myaccount").as_deref(), Some("/v2/myAccount"));
        assert_eq!(rewritten("/v2/myaccounts"), None);
        assert_eq!(rewritten("/v2/myAccount"), None);
    }
}
