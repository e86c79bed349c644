//! The library's client keys, for administrators: every key of every site, a new one (its
//! secret shown once, on the answer to the form, and kept only hashed), and a key changed
//! (name, redirect URIs, trusted, privileged, rate share, disabled) or given a new secret, each
//! through the operations of `lectern_operations::client_keys`, with the rules `lectern load`
//! checks a key with.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::client::Client;
use lectern_operations::administration::Administrator;
use lectern_operations::client_keys::{self, KeyChange, NewKey};
use lectern_operations::{Failure, sites};

use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

fn key_page_path(site: &WebSite, key: &str) -> String {
    site.path(&format!("/staff/admin/clients/{}", segment(key)))
}

/// The boxes of a key's form, sent `false` when unticked, and their messages.
const FLAGS: [(&str, &str); 3] = [
    ("trusted", "staff-client-flag-trusted"),
    ("privileged", "staff-client-flag-privileged"),
    ("disabled", "staff-client-flag-disabled"),
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

/// A key in words: its name and site (the records'), and what it may do.
fn about(lang: Lang, c: &Client) -> String {
    let mut words = vec![lang.t_with(
        "staff-client-named",
        &[("name", &c.name), ("site", &c.site_id)],
    )];
    for (on, key) in [
        (c.trusted, "staff-client-trusted"),
        (c.privileged, "staff-client-privileged"),
        (c.secret_hash.is_some(), "staff-client-with-secret"),
        (c.disabled, "staff-client-disabled"),
        (c.first_party.is_some(), "staff-client-sites-own"),
    ] {
        if on {
            words.push(lang.t(key));
        }
    }
    if let Some(n) = c.rate_limit_per_minute {
        words.push(lang.t_count("staff-client-rate", n.into()));
    }
    lang.semicolons(&words)
}

/// `GET /{site}/staff/admin/clients`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let admin = Administrator::of(&visitor.caller)?;
    clients_page(
        &state,
        &admin,
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
    let admin = Administrator::of(&visitor.caller)?;
    let rate_limit_per_minute = match rate_limit(&form) {
        Ok(rate) => rate,
        Err(errors) => {
            return clients_page(&state, &admin, &site, &visitor, errors, form, None).await;
        }
    };
    let new = NewKey {
        api_key: Some(forms::field(&form, "apiKey").trim().to_owned()),
        name: forms::field(&form, "name").trim().to_owned(),
        site: forms::field(&form, "site"),
        redirect_uris: lines(&form, "redirectUris"),
        trusted: forms::field(&form, "trusted") == "true",
        privileged: forms::field(&form, "privileged") == "true",
        with_secret: forms::field(&form, "withSecret") == "true",
        rate_limit_per_minute,
    };
    match client_keys::make(&state, &admin, new).await {
        Ok(made) => {
            let made = Some((made.api_key, made.secret));
            let (errors, form) = (FormErrors::default(), Params::default());
            clients_page(&state, &admin, &site, &visitor, errors, form, made).await
        }
        Err(f) => {
            let errors = form_errors(f)?;
            clients_page(&state, &admin, &site, &visitor, errors, form, None).await
        }
    }
}

/// The rate share as typed: a whole number of requests a minute, or empty for the server's.
fn rate_limit(form: &Params) -> Result<Option<u32>, FormErrors> {
    match forms::field(form, "rateLimit").trim() {
        "" => Ok(None),
        n => n
            .parse::<u32>()
            .map(Some)
            .map_err(|_| FormErrors::message("rateLimit", "staff-client-rate-wrong")),
    }
}

/// A refusal of a key's form, beside its fields (the rate share is the form's `rateLimit`); a
/// key the form may not change (a site's own) is a page of its own.
fn form_errors(f: Failure) -> ApiResult<FormErrors> {
    if let Failure::Conflict { param: None, .. } = f {
        return Err(f.into());
    }
    Ok(FormErrors::of_failure(f)?
        .renamed("rateLimitPerMinute", "rateLimit")
        .missing_as("name", "staff-client-name-missing"))
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
    admin: &Administrator<'_>,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    made: Option<(String, Option<String>)>,
) -> ApiResult<Response> {
    let all = client_keys::all(state, admin).await?;
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
                    about: about(visitor.lang, c),
                })
                .collect(),
            sites: sites::all(state, admin)
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
    let admin = Administrator::of(&visitor.caller)?;
    let c = client_keys::key(&state, &admin, &key).await?;
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
    let admin = Administrator::of(&visitor.caller)?;
    let c = client_keys::key(&state, &admin, &key).await?;
    let rate_limit_per_minute = match rate_limit(&form) {
        Ok(rate) => rate,
        Err(errors) => return Ok(key_page(&site, &visitor, &c, errors, form, None)),
    };
    let change = KeyChange {
        name: forms::field(&form, "name").trim().to_owned(),
        redirect_uris: lines(&form, "redirectUris"),
        trusted: forms::field(&form, "trusted") == "true",
        privileged: forms::field(&form, "privileged") == "true",
        disabled: forms::field(&form, "disabled") == "true",
        rate_limit_per_minute,
    };
    match client_keys::change(&state, &admin, &key, change).await {
        Ok(_) => Ok(see_other(
            &with_query(&key_page_path(&site, &key), &[("done", "changed")]),
            &visitor.set_cookies,
        )),
        Err(f) => {
            let errors = form_errors(f)?;
            Ok(key_page(&site, &visitor, &c, errors, form, None))
        }
    }
}

/// `POST /{site}/staff/admin/clients/{key}/secret`: a new secret, shown on the answer once; it
/// replaces the old one at once on this node, and on every node within the key cache's ten
/// seconds (`client_cache`).
pub async fn rotate(
    State(state): State<AppState>,
    Path((_, key)): Path<(String, String)>,
    Posted { site, visitor, .. }: Posted,
) -> ApiResult<Response> {
    let admin = Administrator::of(&visitor.caller)?;
    let (c, secret) = client_keys::new_secret(&state, &admin, &key).await?;
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
            about: about(visitor.lang, c),
            first_party: c.first_party.is_some(),
            flags: FLAGS
                .iter()
                .map(|&(name, label)| (name, label, forms::field(&form, name) == "true"))
                .collect(),
            done: (forms::field(&visitor.caller.params, "done") == "changed")
                .then_some("staff-client-done-changed"),
            all: site.path("/staff/admin/clients"),
            action,
            errors,
            form,
            secret,
        },
        visitor,
    )
}
