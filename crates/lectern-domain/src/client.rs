use crate::invalid::{Invalid, Problems, Why};

/// A client application, identified by its API key and tied to one site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub api_key: String,
    pub name: String,
    pub site_id: String,
    /// Exact redirect URIs; the authorization flow accepts no other.
    pub redirect_uris: Vec<String>,
    /// May use the password grant.
    pub trusted: bool,
    /// May call the endpoints documents 1 to 3 reserve to limited client keys.
    pub privileged: bool,
    pub disabled: bool,
    /// Argon2id hash of the client secret; `None` for a public client (blank secret).
    pub secret_hash: Option<String>,
    /// Requests a minute this key may make, set by the operator; `None` takes the default.
    pub rate_limit_per_minute: Option<u32>,
    /// Set on the keys the server itself answers as for a site (one of each kind per site,
    /// made with it): its OPDS catalog and its web pages.
    pub first_party: Option<FirstParty>,
}

/// What a site's own key serves: reading apps have no key to send, and neither has a browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstParty {
    OpdsCatalog,
    WebPages,
}

impl FirstParty {
    /// The key of a site's catalog or pages: `opds-{site}`, `web-{site}`.
    pub fn key_of(self, site_id: &str) -> String {
        match self {
            FirstParty::OpdsCatalog => format!("opds-{site_id}"),
            FirstParty::WebPages => format!("web-{site_id}"),
        }
    }

    /// How the key is named in lists of keys.
    pub fn name_of(self, site_name: &str) -> String {
        match self {
            FirstParty::OpdsCatalog => format!("{site_name} OPDS catalog"),
            FirstParty::WebPages => format!("{site_name} web pages"),
        }
    }
}

impl Client {
    pub fn allows_redirect(&self, uri: &str) -> bool {
        self.redirect_uris.iter().any(|r| r == uri)
    }
}

/// What an operator sets on a client key, checked alike however it comes: the administrators'
/// pages, `lectern load` and `lectern admin client create`.
pub struct KeySettings<'a> {
    pub api_key: &'a str,
    pub name: &'a str,
    /// The secret it is made with; `None` for a public client.
    pub secret: Option<&'a str>,
    pub redirect_uris: &'a [String],
    pub rate_limit_per_minute: Option<u32>,
}

impl KeySettings<'_> {
    /// What is wrong with them, each named by its parameter.
    pub fn problems(&self) -> Vec<Invalid> {
        let mut p = Problems::new();
        let unfit = |ch: char| ch.is_whitespace() || ch == ':';
        if self.api_key.len() < 8 || self.api_key.chars().any(unfit) {
            p.add(
                "apiKey",
                Why::of(
                    "why-api-key-characters",
                    "must be at least 8 characters without spaces or ':'",
                ),
            );
        }
        if self.name.trim().is_empty() {
            p.add_required("name", Why::not_empty());
        }
        if self.secret.is_some_and(|s| s.len() < 16) {
            p.add(
                "secret",
                Why::of(
                    "why-secret-length",
                    "must be at least 16 characters, or null for none",
                ),
            );
        }
        p.extend(changeable_problems(
            self.redirect_uris,
            self.rate_limit_per_minute,
        ));
        p.into_vec()
    }
}

/// What is wrong with the settings a key's change may touch besides its name and flags.
pub fn changeable_problems(redirect_uris: &[String], rate: Option<u32>) -> Vec<Invalid> {
    let mut p = Problems::new();
    for uri in redirect_uris {
        if let Err(why) = crate::web_address::check_redirect_uri(uri) {
            p.add(
                "redirectUris",
                Why::of("why-redirect-uri", format!("{why}: '{uri}' is not")).with("value", uri),
            );
        }
    }
    if rate == Some(0) {
        p.add(
            "rateLimitPerMinute",
            Why::of(
                "why-rate-at-least-one",
                "must be at least 1, or left out for the default",
            ),
        );
    }
    p.into_vec()
}
