//! The library's client keys: made (with a secret shown once and kept only hashed, or none),
//! changed, given a new secret. A site's own keys (its OPDS catalog's, its pages') are made and
//! changed with the site, never here. Every change is seen at once on this node and within the
//! key cache's ten seconds on the others (`client_cache`).

use crate::absences;
use lectern_domain::client::{Client, KeySettings, changeable_problems};
use lectern_domain::invalid::Invalid;
use lectern_domain::invalid::Why;
use lectern_domain::secret::{hash_password, new_token};
use lectern_store::{clients, sites};

use crate::administration::Administrator;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// A key to make.
pub struct NewKey {
    /// The key itself; a random one when `None`.
    pub api_key: Option<String>,
    pub name: String,
    pub site: String,
    pub redirect_uris: Vec<String>,
    pub trusted: bool,
    pub privileged: bool,
    /// Whether the key gets a secret (a confidential client).
    pub with_secret: bool,
    /// `None` takes the server's share.
    pub rate_limit_per_minute: Option<u32>,
}

/// A key made, with its secret: the only time the secret is seen.
pub struct Made {
    pub api_key: String,
    pub secret: Option<String>,
}

/// What a key's change sets: everything an operator may change but the key and its site.
pub struct KeyChange {
    pub name: String,
    pub redirect_uris: Vec<String>,
    pub trusted: bool,
    pub privileged: bool,
    pub disabled: bool,
    pub rate_limit_per_minute: Option<u32>,
}

/// Every key of every site.
pub async fn all(house: &House, _: &Administrator<'_>) -> Outcome<Vec<Client>> {
    Ok(clients::list(house.store.reads()).await?)
}

pub async fn key(house: &House, _: &Administrator<'_>, api_key: &str) -> Outcome<Client> {
    clients::get(house.store.reads(), api_key)
        .await?
        .ok_or_else(|| absences::client_key(api_key))
}

pub async fn make(house: &House, _: &Administrator<'_>, new: NewKey) -> Outcome<Made> {
    let api_key = new
        .api_key
        .filter(|k| !k.trim().is_empty())
        .unwrap_or_else(new_token);
    let secret = new.with_secret.then(new_token);
    let settings = KeySettings {
        api_key: &api_key,
        name: &new.name,
        secret: secret.as_deref(),
        redirect_uris: &new.redirect_uris,
        rate_limit_per_minute: new.rate_limit_per_minute,
    };
    let mut problems = settings.problems();
    if sites::get(house.store.reads(), &new.site).await?.is_none() {
        problems.push(Invalid::new("site", Why::no_site(&new.site)));
    }
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    if clients::get(house.store.reads(), &api_key).await?.is_some() {
        return Err(Failure::Conflict {
            param: Some("apiKey"),
            why: Why::of(
                "why-client-key-taken",
                "this key exists already; choose another, or leave it empty for a random one",
            ),
        });
    }
    let secret_hash = match &secret {
        Some(s) => Some(hashed(s.clone()).await?),
        None => None,
    };
    let client = Client {
        api_key: api_key.clone(),
        name: new.name,
        site_id: new.site,
        redirect_uris: new.redirect_uris,
        trusted: new.trusted,
        privileged: new.privileged,
        disabled: false,
        secret_hash,
        rate_limit_per_minute: new.rate_limit_per_minute,
        first_party: None,
    };
    written(house, &client).await?;
    Ok(Made { api_key, secret })
}

pub async fn change(
    house: &House,
    admin: &Administrator<'_>,
    api_key: &str,
    change: KeyChange,
) -> Outcome<Client> {
    let mut c = key(house, admin, api_key).await?;
    if c.first_party.is_some() {
        return Err(Failure::Conflict {
            param: None,
            why: Why::of(
                "conflict-site-key-changes",
                "A site's own key (its OPDS catalog's, its web pages') changes with the site only",
            ),
        });
    }
    let mut problems = Vec::new();
    if change.name.trim().is_empty() {
        problems.push(Invalid::required_because("name", Why::not_empty()));
    }
    problems.extend(changeable_problems(
        &change.redirect_uris,
        change.rate_limit_per_minute,
    ));
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    c.name = change.name;
    c.redirect_uris = change.redirect_uris;
    c.trusted = change.trusted;
    c.privileged = change.privileged;
    c.disabled = change.disabled;
    c.rate_limit_per_minute = change.rate_limit_per_minute;
    written(house, &c).await?;
    Ok(c)
}

/// A new secret for the key, replacing the old one; answered once, kept only hashed.
pub async fn new_secret(
    house: &House,
    admin: &Administrator<'_>,
    api_key: &str,
) -> Outcome<(Client, String)> {
    let mut c = key(house, admin, api_key).await?;
    if c.first_party.is_some() {
        return Err(Failure::Conflict {
            param: None,
            why: Why::of(
                "conflict-site-key-secret",
                "A site's own key is public and has no secret",
            ),
        });
    }
    let secret = new_token();
    c.secret_hash = Some(hashed(secret.clone()).await?);
    written(house, &c).await?;
    Ok((c, secret))
}

/// Hashing takes tens of milliseconds of a core: not on the threads that answer requests.
async fn hashed(secret: String) -> Outcome<String> {
    tokio::task::spawn_blocking(move || hash_password(&secret))
        .await
        .map_err(Failure::broken)?
        .map_err(Failure::broken)
}

async fn written(house: &House, c: &Client) -> Outcome<()> {
    clients::upsert(&mut *house.store.writer().await?, c).await?;
    house.clients.forget_all();
    Ok(())
}
