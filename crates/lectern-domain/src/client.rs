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
