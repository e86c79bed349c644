use std::sync::{Arc, OnceLock};
use std::time::Duration;

use lectern_operations::House;
use lectern_operations::title_index::Titles;
use lectern_store::Store;
use url::Url;

pub use crate::partner_drive::PartnerDrive;
use crate::partner_identity::PartnerIdentity;
use lectern_operations::rate_limit::{Quotas, RateLimits};

/// What the HTTP layer needs to know from the operator's configuration.
#[derive(Debug, Clone)]
pub struct HttpSettings {
    /// Base of the resource API; links are built from it (`{base}/v2/...`).
    pub public_url: Url,
    /// Base of the token server (`{base}/oauth/...`).
    pub oauth_public_url: Url,
    pub access_token_ttl: Duration,
    pub refresh_token_ttl: Duration,
    /// Requests a minute allowed per client key, and per signed-in user.
    pub rate_limit_per_client: u32,
    pub rate_limit_per_user: u32,
    /// Failed sign-ins a minute per user name from one client address, on the password grant and
    /// the login page; an address may fail 3 times this over all names, a name 10 times this.
    pub sign_in_failures_per_minute: u32,
    /// The partner drive members connect for documents; None: none is set up.
    pub partner_drive: Option<PartnerDrive>,
    /// The partner whose identity tokens create and sign in accounts; None: none is set up.
    pub partner_identity: Option<Arc<PartnerIdentity>>,
    /// Which document types this node can convert: the tools found when it started.
    pub converters: Arc<lectern_jobs::convert::Converters>,
    /// Title records this node keeps in memory.
    pub title_records_kept: usize,
}

impl HttpSettings {
    pub fn quotas(&self) -> Quotas {
        Quotas {
            per_client: self.rate_limit_per_client,
            per_user: self.rate_limit_per_user,
            per_sign_in: self.sign_in_failures_per_minute,
        }
    }
}

/// What every request of a node shares. Cloned for each layer and handler a request passes
/// through, so it is one reference count rather than one per part.
#[derive(Clone)]
pub struct AppState(Arc<AppStateInner>);

impl std::ops::Deref for AppState {
    type Target = AppStateInner;
    fn deref(&self) -> &AppStateInner {
        &self.0
    }
}

#[derive(Clone)]
pub struct AppStateInner {
    /// What every operation reaches: the store, the title index, the files. `state.store`
    /// reads through to it.
    pub house: House,
    pub settings: Arc<HttpSettings>,
    /// The key that signs file URLs, read from the store on first use.
    pub signing_key: Arc<tokio::sync::OnceCell<Vec<u8>>>,
    /// The key the web pages' form tokens are made with, kept in the store for every node.
    pub form_token_key: Arc<tokio::sync::OnceCell<Vec<u8>>>,
    /// The OpenAPI document, set once the routers that it describes are assembled.
    pub openapi: Arc<OnceLock<serde_json::Value>>,
}

impl std::ops::Deref for AppStateInner {
    type Target = House;
    fn deref(&self) -> &House {
        &self.house
    }
}

impl AppState {
    /// State with rate limits kept in this process, keeping files in `files`.
    pub fn new(store: Store, settings: HttpSettings, files: lectern_jobs::FileStore) -> Self {
        let limits = RateLimits::local(settings.quotas());
        Self::with_limits(store, settings, limits, files)
    }

    /// State with the given rate limits (for example shared through Redis).
    pub fn with_limits(
        store: Store,
        settings: HttpSettings,
        limits: RateLimits,
        files: lectern_jobs::FileStore,
    ) -> Self {
        let records_kept = settings.title_records_kept;
        AppState(Arc::new(AppStateInner {
            house: House {
                store,
                files,
                titles: Arc::new(Titles::new(
                    // An empty index in memory cannot fail to open; a node that serves uses
                    // `with_title_index` with its index on disk.
                    lectern_search::TitleIndex::in_memory().expect("an index in memory opens"),
                    records_kept,
                )),
                clients: Arc::default(),
                sites: Arc::default(),
                limits: Arc::new(limits),
                tokens: Arc::new(lectern_operations::token_cache::new_token_cache()),
                lifetimes: lectern_operations::tokens::Lifetimes {
                    access: settings.access_token_ttl,
                    refresh: settings.refresh_token_ttl,
                },
                books: Arc::default(),
                recordings: Arc::default(),
            },
            settings: Arc::new(settings),
            signing_key: Arc::default(),
            form_token_key: Arc::default(),
            openapi: Arc::default(),
        }))
    }

    /// Uses this title index (for example the node's index on disk) instead of one in memory.
    pub fn with_title_index(mut self, index: lectern_search::TitleIndex) -> Self {
        let kept = self.settings.title_records_kept;
        Arc::make_mut(&mut self.0).house.titles = Arc::new(Titles::new(index, kept));
        self
    }

    /// An absolute URL under the resource API's public base, e.g. `v2_url("/myAccount")`.
    pub fn v2_url(&self, path: &str) -> String {
        join(&self.settings.public_url, "v2", path)
    }

    /// An absolute URL under the OPDS catalog's base, e.g. `opds_url("/demo/new")`.
    pub fn opds_url(&self, path: &str) -> String {
        join(&self.settings.public_url, "opds", path)
    }

    /// An absolute URL of a site's web pages, e.g. `web_url("demo", "/sign-in")`.
    pub fn web_url(&self, site_id: &str, path: &str) -> String {
        join(
            &self.settings.public_url,
            &crate::conventions::links::segment(site_id),
            path,
        )
    }

    pub fn oauth_url(&self, path: &str) -> String {
        join(&self.settings.oauth_public_url, "oauth", path)
    }

    /// Whether the token server is served over HTTPS, so its cookies must be `Secure`.
    pub fn oauth_is_https(&self) -> bool {
        self.settings.oauth_public_url.scheme() == "https"
    }
}

/// `base`, then `prefix` and `path` joined by one slash. Built in one allocation: every resource
/// carries several links, so this runs a dozen times for each answer.
fn join(base: &Url, prefix: &str, path: &str) -> String {
    let base = base.as_str().trim_end_matches('/');
    let path = path.trim_start_matches('/');
    let mut url = String::with_capacity(base.len() + prefix.len() + path.len() + 2);
    url.push_str(base);
    url.push('/');
    url.push_str(prefix);
    if !path.is_empty() {
        url.push('/');
        url.push_str(path);
    }
    url
}
