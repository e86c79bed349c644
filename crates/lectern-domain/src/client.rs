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
    /// The key a site's OPDS catalog answers as (one per site, made with it).
    pub opds_catalog: bool,
}

impl Client {
    pub fn allows_redirect(&self, uri: &str) -> bool {
        self.redirect_uris.iter().any(|r| r == uri)
    }
}
