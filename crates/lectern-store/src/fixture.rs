//! Fixture files: a JSON document that puts a known world into the store. The format is
//! described in docs/fixtures.md. Loading is an upsert by identifier, all or nothing: the whole
//! file is checked before anything is written, and written in one transaction.

use std::collections::{HashMap, HashSet};

use lectern_domain::account::{self, Account, ProofOfDisabilityStatus, SubscriptionStatus};
use lectern_domain::client::Client;
use lectern_domain::ids;
use lectern_domain::organization::Organization;
use lectern_domain::password::NewPassword;
use lectern_domain::role::{Role, Roles};
use lectern_domain::secret::{hash_password, verify_password};
use lectern_domain::site::{Site, check_site_id};
use serde::Deserialize;

use crate::{Store, StoreError, accounts, clients, dialect, organizations, sites};

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FixtureFile {
    #[serde(default)]
    pub sites: Vec<SiteEntry>,
    #[serde(default)]
    pub clients: Vec<ClientEntry>,
    #[serde(default)]
    pub organizations: Vec<OrganizationEntry>,
    #[serde(default)]
    pub users: Vec<UserEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SiteEntry {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub global: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClientEntry {
    pub api_key: String,
    #[serde(default)]
    pub secret: Option<String>,
    pub name: String,
    pub site: String,
    #[serde(default)]
    pub redirect_uris: Vec<String>,
    #[serde(default)]
    pub trusted: bool,
    #[serde(default)]
    pub privileged: bool,
    #[serde(default)]
    pub disabled: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrganizationEntry {
    pub organization_id: String,
    pub organization_name: String,
    pub organization_type: String,
    pub site: String,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: String,
    pub phone_number: Option<String>,
    pub web_site: Option<String>,
    #[serde(default)]
    pub has_service_plus: bool,
    #[serde(default)]
    pub has_reading_companion: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserEntry {
    pub user_account_id: Option<String>,
    pub user_name: Option<String>,
    pub password: Option<String>,
    pub site: String,
    pub roles: Vec<String>,
    pub first_name: String,
    pub last_name: String,
    pub date_of_birth: Option<String>,
    pub grade: Option<String>,
    pub country: Option<String>,
    pub organization_id: Option<String>,
    #[serde(default)]
    pub has_agreement: bool,
    pub subscription_status: Option<String>,
    pub proof_of_disability_status: Option<String>,
    #[serde(default)]
    pub locked: bool,
}

/// What a load did, by section.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LoadReport {
    pub sites: usize,
    pub clients: usize,
    pub organizations: usize,
    pub users: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum FixtureError {
    #[error("fixture is not valid JSON of the fixture format at {path}: {message}")]
    Syntax { path: String, message: String },
    #[error("fixture refused, nothing was written:\n{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl FixtureFile {
    pub fn parse(json: &str) -> Result<Self, FixtureError> {
        let de = &mut serde_json::Deserializer::from_str(json);
        serde_path_to_error::deserialize(de).map_err(|e| FixtureError::Syntax {
            path: e.path().to_string(),
            message: e.inner().to_string(),
        })
    }
}

/// A checked file, ready to write.
struct Plan {
    sites: Vec<Site>,
    clients: Vec<(ClientEntry, Client)>,
    organizations: Vec<Organization>,
    users: Vec<(Account, Option<NewPassword>)>,
}

/// Checks and loads a fixture file into the store.
pub async fn load(store: &Store, file: FixtureFile) -> Result<LoadReport, FixtureError> {
    let plan = check(store, file).await?;
    let clients = with_secret_hashes(store, plan.clients).await?;
    let users = with_password_hashes(store, plan.users).await?;

    let mut tx = store.begin().await?;
    for s in &plan.sites {
        sites::upsert(&mut *tx, s).await?;
    }
    for c in &clients {
        clients::upsert(&mut *tx, c).await?;
    }
    for o in &plan.organizations {
        organizations::upsert(&mut *tx, o).await?;
    }
    for (i, (a, hash)) in users.iter().enumerate() {
        if let Err(e) = accounts::upsert(&mut *tx, a, hash.as_deref()).await {
            return Err(match e {
                StoreError::Database(ref db) if dialect::is_unique_violation(db) => {
                    FixtureError::Invalid(vec![format!(
                        "users[{i}] ({}): userName: already belongs to another account",
                        a.user_name.as_deref().unwrap_or("-")
                    )])
                }
                other => other.into(),
            });
        }
    }
    tx.commit().await.map_err(StoreError::from)?;
    Ok(LoadReport {
        sites: plan.sites.len(),
        clients: clients.len(),
        organizations: plan.organizations.len(),
        users: users.len(),
    })
}

async fn check(store: &Store, file: FixtureFile) -> Result<Plan, FixtureError> {
    let mut problems = Vec::new();
    let mut site_ids: HashSet<String> = sites::list(store.pool())
        .await?
        .into_iter()
        .map(|s| s.id)
        .collect();
    let mut plan = Plan {
        sites: vec![],
        clients: vec![],
        organizations: vec![],
        users: vec![],
    };

    for (i, s) in file.sites.into_iter().enumerate() {
        let at = format!("sites[{i}] ({})", s.id);
        if let Err(why) = check_site_id(&s.id) {
            problems.push(format!("{at}: id: {why}"));
        }
        if s.name.trim().is_empty() {
            problems.push(format!("{at}: name: must not be empty"));
        }
        site_ids.insert(s.id.clone());
        plan.sites.push(Site {
            id: s.id,
            name: s.name,
            global: s.global,
        });
    }

    for (i, c) in file.clients.into_iter().enumerate() {
        let at = format!("clients[{i}] ({})", c.api_key);
        if c.api_key.len() < 8 || c.api_key.chars().any(|ch| ch.is_whitespace() || ch == ':') {
            problems.push(format!(
                "{at}: apiKey: must be at least 8 characters without spaces or ':'"
            ));
        }
        if !site_ids.contains(&c.site) {
            problems.push(format!(
                "{at}: site: no site '{}' in this file or the store",
                c.site
            ));
        }
        if c.secret.as_deref().is_some_and(|s| s.len() < 16) {
            problems.push(format!(
                "{at}: secret: must be at least 16 characters, or null for none"
            ));
        }
        for (j, uri) in c.redirect_uris.iter().enumerate() {
            match url::Url::parse(uri) {
                Ok(u) if u.fragment().is_none() => {}
                _ => problems.push(format!(
                    "{at}: redirectUris[{j}]: must be an absolute URI without a fragment"
                )),
            }
        }
        let client = Client {
            api_key: c.api_key.clone(),
            name: c.name.clone(),
            site_id: c.site.clone(),
            redirect_uris: c.redirect_uris.clone(),
            trusted: c.trusted,
            privileged: c.privileged,
            disabled: c.disabled,
            secret_hash: None,
        };
        plan.clients.push((c, client));
    }

    let mut org_sites: HashMap<String, String> = HashMap::new();
    for (i, o) in file.organizations.into_iter().enumerate() {
        let at = format!("organizations[{i}] ({})", o.organization_id);
        if o.organization_id.trim().is_empty() {
            problems.push(format!("{at}: organizationId: must not be empty"));
        }
        if o.organization_name.trim().is_empty() {
            problems.push(format!("{at}: organizationName: must not be empty"));
        }
        if !site_ids.contains(&o.site) {
            problems.push(format!(
                "{at}: site: no site '{}' in this file or the store",
                o.site
            ));
        }
        if let Err(why) = account::check_country(&o.country) {
            problems.push(format!("{at}: country: {why}"));
        }
        org_sites.insert(o.organization_id.clone(), o.site.clone());
        plan.organizations.push(Organization {
            organization_id: o.organization_id,
            site_id: o.site,
            organization_name: o.organization_name,
            organization_type: o.organization_type,
            address1: o.address1,
            address2: o.address2,
            city: o.city,
            state: o.state,
            postal_code: o.postal_code,
            country: o.country,
            phone_number: o.phone_number,
            web_site: o.web_site,
            has_service_plus: o.has_service_plus,
            has_reading_companion: o.has_reading_companion,
        });
    }

    let mut names_seen = HashSet::new();
    for (i, u) in file.users.into_iter().enumerate() {
        let at = format!(
            "users[{i}] ({})",
            u.user_name
                .as_deref()
                .or(u.user_account_id.as_deref())
                .unwrap_or("-")
        );
        match check_user(store, &at, u, &site_ids, &mut org_sites, &mut names_seen).await? {
            Ok(checked) => plan.users.push(checked),
            Err(mut why) => problems.append(&mut why),
        }
    }

    if problems.is_empty() {
        Ok(plan)
    } else {
        Err(FixtureError::Invalid(problems))
    }
}

async fn check_user(
    store: &Store,
    at: &str,
    u: UserEntry,
    site_ids: &HashSet<String>,
    org_sites: &mut HashMap<String, String>,
    names_seen: &mut HashSet<String>,
) -> Result<Result<(Account, Option<NewPassword>), Vec<String>>, StoreError> {
    let mut problems = Vec::new();
    let mut roles = Vec::new();
    for r in &u.roles {
        match r.parse::<Role>() {
            Ok(role) => roles.push(role),
            Err(e) => problems.push(format!("{at}: roles: {e}")),
        }
    }
    if u.roles.is_empty() {
        problems.push(format!("{at}: roles: at least one role is required"));
    }
    if let Some(name) = &u.user_name {
        if let Err(why) = account::check_user_name(name) {
            problems.push(format!("{at}: userName: {why}"));
        } else if !names_seen.insert(accounts::user_name_key(name)) {
            problems.push(format!("{at}: userName: appears twice in this file"));
        }
    } else if !roles.iter().all(|r| *r == Role::OrganizationMember) {
        problems.push(format!(
            "{at}: userName: required for every role but organizationMember"
        ));
    } else if u.user_account_id.is_none() {
        problems.push(format!("{at}: userAccountId: required when there is no userName, so that a second load finds the same account"));
    }
    let password = match (&u.password, &u.user_name) {
        (Some(p), Some(_)) => match NewPassword::parse(p) {
            Ok(p) => Some(p),
            Err(e) => {
                problems.push(format!("{at}: password: {e}"));
                None
            }
        },
        (Some(_), None) => {
            problems.push(format!(
                "{at}: password: a user without a userName cannot sign in"
            ));
            None
        }
        (None, _) => None,
    };
    if !site_ids.contains(&u.site) {
        problems.push(format!(
            "{at}: site: no site '{}' in this file or the store",
            u.site
        ));
    }
    if let Some(d) = &u.date_of_birth
        && let Err(why) = account::check_date(d)
    {
        problems.push(format!("{at}: dateOfBirth: {why}"));
    }
    if let Some(c) = &u.country
        && let Err(why) = account::check_country(c)
    {
        problems.push(format!("{at}: country: {why}"));
    }
    if let Some(org) = &u.organization_id {
        if !org_sites.contains_key(org)
            && let Some(o) = organizations::get(store.pool(), org).await?
        {
            org_sites.insert(o.organization_id, o.site_id);
        }
        match org_sites.get(org) {
            None => problems.push(format!(
                "{at}: organizationId: no organization '{org}' in this file or the store"
            )),
            Some(site) if *site != u.site => problems.push(format!(
                "{at}: organizationId: organization '{org}' belongs to site '{site}', not '{}'",
                u.site
            )),
            Some(_) => {}
        }
    }
    let subscription_status = parse_or(
        &u.subscription_status,
        SubscriptionStatus::Missing,
        at,
        "subscriptionStatus",
        &mut problems,
    );
    let proof = parse_or(
        &u.proof_of_disability_status,
        ProofOfDisabilityStatus::Missing,
        at,
        "proofOfDisabilityStatus",
        &mut problems,
    );
    if !problems.is_empty() {
        return Ok(Err(problems));
    }

    // The identity of an entry: its userAccountId, else the account already holding its name.
    let existing_id = match (&u.user_account_id, &u.user_name) {
        (Some(id), _) => Some(id.clone()),
        (None, Some(name)) => accounts::credentials(store.pool(), name)
            .await?
            .map(|(a, _)| a.user_account_id),
        (None, None) => None,
    };
    let account = Account {
        user_account_id: existing_id.unwrap_or_else(ids::new_id),
        user_name: u.user_name,
        site_id: u.site,
        roles: Roles::new(roles),
        first_name: u.first_name,
        last_name: u.last_name,
        date_of_birth: u.date_of_birth,
        grade: u.grade,
        country: u.country,
        organization_id: u.organization_id,
        has_agreement: u.has_agreement,
        subscription_status,
        proof_of_disability_status: proof,
        locked: u.locked,
    };
    Ok(Ok((account, password)))
}

fn parse_or<T: std::str::FromStr<Err = String>>(
    raw: &Option<String>,
    default: T,
    at: &str,
    field: &str,
    problems: &mut Vec<String>,
) -> T {
    match raw.as_deref().map(str::parse::<T>) {
        None => default,
        Some(Ok(v)) => v,
        Some(Err(e)) => {
            problems.push(format!("{at}: {field}: {e}"));
            default
        }
    }
}

/// Hashes client secrets, keeping a stored hash that already matches so a second load of the
/// same file changes nothing.
async fn with_secret_hashes(
    store: &Store,
    entries: Vec<(ClientEntry, Client)>,
) -> Result<Vec<Client>, FixtureError> {
    let mut out = Vec::with_capacity(entries.len());
    for (entry, mut client) in entries {
        client.secret_hash = match entry.secret {
            None => None,
            Some(secret) => {
                let stored = clients::get(store.pool(), &client.api_key)
                    .await?
                    .and_then(|c| c.secret_hash);
                Some(keep_or_hash(stored, &secret)?)
            }
        };
        out.push(client);
    }
    Ok(out)
}

async fn with_password_hashes(
    store: &Store,
    users: Vec<(Account, Option<NewPassword>)>,
) -> Result<Vec<(Account, Option<String>)>, FixtureError> {
    let mut out = Vec::with_capacity(users.len());
    for (account, password) in users {
        let hash = match password {
            None => None,
            Some(p) => {
                let stored =
                    accounts::password_hash(store.pool(), &account.user_account_id).await?;
                Some(keep_or_hash(stored, p.expose())?)
            }
        };
        out.push((account, hash));
    }
    Ok(out)
}

fn keep_or_hash(stored: Option<String>, secret_value: &str) -> Result<String, FixtureError> {
    match stored {
        Some(h) if verify_password(secret_value, &h) => Ok(h),
        _ => hash_password(secret_value).map_err(|e| FixtureError::Invalid(vec![e.to_string()])),
    }
}
