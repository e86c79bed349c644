//! The library's client keys, for administrators: every key of every site, a new one (its
//! secret shown once, on the answer to the form, and kept only hashed), and a key changed
//! (name, redirect URIs, trusted, privileged, rate share, disabled) or given a new secret. A key
//! is made as `lectern admin client create` makes it (the fixture loader, with its checks).

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::client::Client;
use lectern_domain::role::Role;
use lectern_domain::secret::{hash_password, new_token};
use lectern_store::fixture::{ClientEntry, FixtureFile};
use lectern_store::{clients, sites};

use super::loaded::written;
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::forms::{self, FormErrors, Posted};
use crate::web::render::{Chrome, Section, page, see_other, with_query};
use crate::web::session::{Here, Visitor, WebSite};

/// The client keys are the administrators' alone.
pub fn administrators_only(visitor: &Visitor) -> ApiResult<()> {
    let me = visitor.caller.signed_in()?;
    if me.has_role(Role::Administrator) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "Only administrators manage the library's client keys and sites",
        ))
    }
}

fn key_page_path(site: &WebSite, key: &str) -> String {
    site.path(&format!("/staff/admin/clients/{}", segment(key)))
}

/// The boxes of a key's form, sent `false` when unticked.
const FLAGS: [(&str, &str); 3] = [
    (
        "trusted",
        "Trusted: may sign readers in with their password",
    ),
    (
        "privileged",
        "Privileged: may manage memberships (the library's own applications)",
    ),
    ("disabled", "Disabled: every request with it is refused"),
];

struct KeyRow {
    key: String,
    href: String,
    about: String,
}

#[derive(Template)]
#[template(path = "web/staff/clients.html")]
struct ClientsPage<'a> {
    chrome: &'a Chrome,
    keys: Vec<KeyRow>,
    action: String,
    sites: Vec<(String, String, bool)>,
    errors: FormErrors,
    form: Params,
    flags: Vec<(&'static str, &'static str, bool)>,
    /// A key just made, with its secret: shown on this answer only.
    made: Option<(String, Option<String>)>,
}

impl ClientsPage<'_> {
    pub fn value(&self, name: &str) -> String {
        self.form.all(name).join("\n")
    }
}

fn about(c: &Client) -> String {
    let mut words = vec![format!("{} (site {})", c.name, c.site_id)];
    for (on, word) in [
        (c.trusted, "trusted"),
        (c.privileged, "privileged"),
        (c.secret_hash.is_some(), "with a secret"),
        (c.disabled, "disabled"),
        (c.first_party.is_some(), "the site's own"),
    ] {
        if on {
            words.push(word.to_owned());
        }
    }
    if let Some(n) = c.rate_limit_per_minute {
        words.push(format!("{n} requests a minute"));
    }
    words.join("; ")
}

/// `GET /{site}/staff/admin/clients`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    administrators_only(&visitor)?;
    clients_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        Params::default(),
        None,
    )
    .await
}

/// `POST /{site}/staff/admin/clients`: a new key, its secret shown on the answer once.
pub async fn create(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    administrators_only(&visitor)?;
    let api_key = Some(forms::field(&form, "apiKey").trim().to_owned())
        .filter(|k| !k.is_empty())
        .unwrap_or_else(new_token);
    if clients::get(state.store.reads(), &api_key).await?.is_some() {
        let errors = FormErrors::one(
            "apiKey",
            "This key exists already; choose another, or leave it empty for a random one.",
        );
        return clients_page(&state, &site, &visitor, errors, form, None).await;
    }
    let secret = (forms::field(&form, "withSecret") == "true").then(new_token);
    let rate = forms::field(&form, "rateLimit");
    let rate_limit_per_minute = match rate.trim() {
        "" => None,
        n => match n.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                let errors = FormErrors::one(
                    "rateLimit",
                    "Enter a number of requests a minute, or leave it empty for the server's.",
                );
                return clients_page(&state, &site, &visitor, errors, form, None).await;
            }
        },
    };
    let entry = ClientEntry {
        api_key: api_key.clone(),
        secret: secret.clone(),
        name: forms::field(&form, "name").trim().to_owned(),
        site: forms::field(&form, "site"),
        redirect_uris: lines(&form, "redirectUris"),
        trusted: forms::field(&form, "trusted") == "true",
        privileged: forms::field(&form, "privileged") == "true",
        disabled: false,
        rate_limit_per_minute,
    };
    let file = FixtureFile {
        clients: vec![entry],
        ..FixtureFile::default()
    };
    match written(&state, file).await? {
        Ok(()) => {
            clients_page(
                &state,
                &site,
                &visitor,
                FormErrors::default(),
                Params::default(),
                Some((api_key, secret)),
            )
            .await
        }
        Err(errors) => clients_page(&state, &site, &visitor, errors, form, None).await,
    }
}

fn lines(form: &Params, name: &str) -> Vec<String> {
    forms::field(form, name)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

async fn clients_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    made: Option<(String, Option<String>)>,
) -> ApiResult<Response> {
    let reads = state.store.reads();
    let all = clients::list(reads).await?;
    let chosen = Some(forms::field(&form, "site"))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| site.site.id.clone());
    let action = site.path("/staff/admin/clients");
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &ClientsPage {
            chrome: &chrome,
            keys: all
                .iter()
                .map(|c| KeyRow {
                    key: c.api_key.clone(),
                    href: key_page_path(site, &c.api_key),
                    about: about(c),
                })
                .collect(),
            sites: sites::list(reads)
                .await?
                .into_iter()
                .map(|s| {
                    let selected = s.id == chosen;
                    (s.id, s.name, selected)
                })
                .collect(),
            flags: FLAGS[..2]
                .iter()
                .map(|&(name, label)| (name, label, forms::field(&form, name) == "true"))
                .collect(),
            action,
            errors,
            form,
            made,
        },
        visitor,
    ))
}

#[derive(Template)]
#[template(path = "web/staff/client.html")]
struct ClientPage<'a> {
    chrome: &'a Chrome,
    key: String,
    about: String,
    first_party: bool,
    action: String,
    errors: FormErrors,
    form: Params,
    flags: Vec<(&'static str, &'static str, bool)>,
    secret: Option<String>,
    done: Option<&'static str>,
    all: String,
}

impl ClientPage<'_> {
    pub fn value(&self, name: &str) -> String {
        self.form.all(name).join("\n")
    }
}

async fn the_key(state: &AppState, key: &str) -> ApiResult<Client> {
    clients::get(state.store.reads(), key)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("There is no client key '{key}'")))
}

fn as_form(c: &Client) -> Params {
    let mut pairs = vec![
        ("name".to_owned(), c.name.clone()),
        ("redirectUris".to_owned(), c.redirect_uris.join("\n")),
        (
            "rateLimit".to_owned(),
            c.rate_limit_per_minute
                .map(|n| n.to_string())
                .unwrap_or_default(),
        ),
    ];
    for (on, name) in [
        (c.trusted, "trusted"),
        (c.privileged, "privileged"),
        (c.disabled, "disabled"),
    ] {
        if on {
            pairs.push((name.to_owned(), "true".to_owned()));
        }
    }
    Params::from_pairs(pairs)
}

/// `GET /{site}/staff/admin/clients/{key}`.
pub async fn show_key(
    State(state): State<AppState>,
    Path((_, key)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    administrators_only(&visitor)?;
    let c = the_key(&state, &key).await?;
    Ok(key_page(
        &site,
        &visitor,
        &c,
        FormErrors::default(),
        as_form(&c),
        None,
    ))
}

/// `POST /{site}/staff/admin/clients/{key}`: the key changed; the site's own keys change with
/// their site only.
pub async fn change(
    State(state): State<AppState>,
    Path((_, key)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    administrators_only(&visitor)?;
    let mut c = the_key(&state, &key).await?;
    if c.first_party.is_some() {
        return Err(ApiError::conflict(
            "A site's own key (its OPDS catalog's, its web pages') changes with the site only",
        ));
    }
    let mut errors = FormErrors::default();
    let name = forms::field(&form, "name").trim().to_owned();
    if name.is_empty() {
        errors
            .fields
            .push(("name".to_owned(), "Enter the key's name".to_owned()));
    }
    let uris = lines(&form, "redirectUris");
    if uris
        .iter()
        .any(|u| lectern_domain::web_address::check_redirect_uri(u).is_err())
    {
        errors.fields.push((
            "redirectUris".to_owned(),
            "Each must be an absolute http or https URI, or the app's own scheme in reverse domain order (org.example.app:/callback), without a fragment.".to_owned(),
        ));
    }
    let rate = match forms::field(&form, "rateLimit").trim() {
        "" => None,
        n => match n.parse::<u32>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                errors.fields.push(("rateLimit".to_owned(), "Enter a number of requests a minute, at least 1, or leave it empty for the server's.".to_owned()));
                None
            }
        },
    };
    if errors.any() {
        return Ok(key_page(&site, &visitor, &c, errors, form, None));
    }
    c.name = name;
    c.redirect_uris = uris;
    c.rate_limit_per_minute = rate;
    for (flag, _) in FLAGS {
        let on = forms::field(&form, flag) == "true";
        match flag {
            "trusted" => c.trusted = on,
            "privileged" => c.privileged = on,
            _ => c.disabled = on,
        }
    }
    let mut tx = state.store.begin().await?;
    clients::upsert(&mut tx, &c).await?;
    tx.commit().await?;
    state.clients.forget_all();
    Ok(see_other(
        &with_query(&key_page_path(&site, &key), &[("done", "changed")]),
        &visitor.set_cookies,
    ))
}

/// `POST /{site}/staff/admin/clients/{key}/secret`: a new secret, shown on the answer once; it
/// replaces the old one at once on this node, and on every node within the key cache's ten
/// seconds (`client_cache`).
pub async fn rotate(
    State(state): State<AppState>,
    Path((_, key)): Path<(String, String)>,
    Posted { site, visitor, .. }: Posted,
) -> ApiResult<Response> {
    administrators_only(&visitor)?;
    let mut c = the_key(&state, &key).await?;
    if c.first_party.is_some() {
        return Err(ApiError::conflict(
            "A site's own key is public and has no secret",
        ));
    }
    let secret = new_token();
    let plain = secret.clone();
    // Hashing takes tens of milliseconds of a core: not on the threads that answer requests.
    let hash = tokio::task::spawn_blocking(move || hash_password(&plain))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    c.secret_hash = Some(hash);
    let mut tx = state.store.begin().await?;
    clients::upsert(&mut tx, &c).await?;
    tx.commit().await?;
    state.clients.forget_all();
    Ok(key_page(
        &site,
        &visitor,
        &c,
        FormErrors::default(),
        as_form(&c),
        Some(secret),
    ))
}

fn key_page(
    site: &WebSite,
    visitor: &Visitor,
    c: &Client,
    errors: FormErrors,
    form: Params,
    secret: Option<String>,
) -> Response {
    let action = key_page_path(site, &c.api_key);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    page(
        status,
        &ClientPage {
            chrome: &chrome,
            key: c.api_key.clone(),
            about: about(c),
            first_party: c.first_party.is_some(),
            flags: FLAGS
                .iter()
                .map(|&(name, label)| (name, label, forms::field(&form, name) == "true"))
                .collect(),
            done: (forms::field(&visitor.caller.params, "done") == "changed")
                .then_some("The key was changed."),
            all: site.path("/staff/admin/clients"),
            action,
            errors,
            form,
            secret,
        },
        visitor,
    )
}
