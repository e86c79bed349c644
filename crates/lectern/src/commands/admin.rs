//! `lectern admin`: sites, client keys and accounts. Creation goes through the fixture loader,
//! so the rules an entry must meet are checked in one place.

use std::io::BufRead;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use lectern_domain::client::FirstParty;
use lectern_domain::password::NewPassword;
use lectern_domain::secret::{hash_password, new_token};
use lectern_store::fixture::{self, ClientEntry, FixtureFile, SiteEntry, UserEntry, directory_csv};
use lectern_store::{Store, accounts, clients, credentials, sites};

use super::open_store;
use crate::settings::Settings;

#[derive(Subcommand)]
pub enum Admin {
    /// Sites: one library's catalog and users
    #[command(subcommand)]
    Site(SiteCommand),
    /// Client keys: the applications that call the API
    #[command(subcommand)]
    Client(ClientCommand),
    /// User accounts
    #[command(subcommand)]
    Account(AccountCommand),
    /// Mail the server has written (requests to competent authorities), for a mailer to send
    #[command(subcommand)]
    Outbox(OutboxCommand),
    /// The directory of reference organizations new organizations sign up from
    #[command(subcommand)]
    ReferenceOrganizations(DirectoryCommand),
    /// How many passwords one core hashes a second (argon2id, as sign-ins and new accounts
    /// do): the ceiling of sign-ins and account creations per core
    HashRate {
        /// How long to hash for
        #[arg(long, default_value_t = 5)]
        seconds: u64,
    },
}

#[derive(Subcommand)]
pub enum DirectoryCommand {
    /// Add or replace organizations from a CSV file whose header names the fixture's fields
    /// (referenceOrgId, name, parentName, organizationType, address1, address2, city, state,
    /// postalCode, country, locationAddress1, locationCity, locationState, locationPostalCode)
    Import {
        /// The CSV file
        file: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
pub enum OutboxCommand {
    /// Print the messages not yet sent, oldest first, as JSON lines
    List,
    /// Mark a message sent, once a mailer has sent it
    MarkSent {
        /// The message's id, as `list` prints it
        message_id: String,
    },
}

#[derive(Subcommand)]
pub enum SiteCommand {
    /// Create a site
    Create {
        /// Identifier: letters, digits, '-' and '_'
        #[arg(long)]
        id: String,
        #[arg(long)]
        name: String,
        /// Its titles form the global collection other sites may include
        #[arg(long)]
        global: bool,
        /// The language its pages are shown in by default (ISO 639-2, as `spa`); English if not given
        #[arg(long)]
        language: Option<String>,
    },
    /// List the sites
    List,
}

#[derive(Subcommand)]
pub enum ClientCommand {
    /// Create a client key
    Create(ClientCreate),
    /// List the client keys
    List,
    /// Set how many requests a minute a client key may make: a number, or `default` for the
    /// server's `rate_limit_per_client` (a reading app's one key carries all its readers)
    SetRateLimit {
        api_key: String,
        #[arg(value_parser = parse_rate_limit, value_name = "N|default")]
        per_minute: RateLimit,
    },
}

/// A client key's share, as `set-rate-limit` reads it.
#[derive(Clone, Copy)]
pub struct RateLimit(Option<u32>);

fn parse_rate_limit(value: &str) -> Result<RateLimit, String> {
    if value == "default" {
        return Ok(RateLimit(None));
    }
    match value.parse::<u32>() {
        Ok(n) if n > 0 => Ok(RateLimit(Some(n))),
        _ => Err("a number of requests a minute, at least 1, or `default`".to_owned()),
    }
}

#[derive(Args)]
pub struct ClientCreate {
    /// The API key (at least 8 characters); a random one when left out
    #[arg(long)]
    api_key: Option<String>,
    #[arg(long)]
    name: String,
    #[arg(long)]
    site: String,
    /// Issue a client secret (printed once) for a confidential client
    #[arg(long)]
    with_secret: bool,
    /// A redirect URI the authorization flow may return to (repeat for several)
    #[arg(long = "redirect-uri")]
    redirect_uris: Vec<String>,
    /// May use the password grant
    #[arg(long)]
    trusted: bool,
    /// May call the endpoints reserved to limited client keys
    #[arg(long)]
    privileged: bool,
    /// Requests a minute this key may make [default: the server's rate_limit_per_client]
    #[arg(long, value_name = "N")]
    rate_limit: Option<u32>,
}

#[derive(Subcommand)]
pub enum AccountCommand {
    /// Create an account; the password is read from standard input when --password is left out
    Create(AccountCreate),
    /// List accounts, of one site or all
    List {
        #[arg(long)]
        site: Option<String>,
    },
    /// Set a new password (read from standard input when --password is left out)
    ResetPassword {
        /// User name or userAccountId
        user: String,
        #[arg(long)]
        password: Option<String>,
    },
    /// Lock an account: it can no longer sign in, and its tokens stop working
    Lock {
        /// User name or userAccountId
        user: String,
    },
    /// Unlock an account
    Unlock {
        /// User name or userAccountId
        user: String,
    },
}

#[derive(Args)]
pub struct AccountCreate {
    #[arg(long)]
    user_name: String,
    #[arg(long)]
    password: Option<String>,
    #[arg(long)]
    site: String,
    /// A role (repeat for several): individualMember, organizationMember, organizationSponsor,
    /// collectionAssistant, membershipAssistant, administrator, volunteer, trustedVolunteer
    #[arg(long = "role", required = true)]
    roles: Vec<String>,
    #[arg(long)]
    first_name: String,
    #[arg(long)]
    last_name: String,
    #[arg(long)]
    organization_id: Option<String>,
    /// YYYY-MM-DD
    #[arg(long)]
    date_of_birth: Option<String>,
    /// ISO 3166 alpha-2
    #[arg(long)]
    country: Option<String>,
}

pub async fn run(settings: &Settings, command: Admin) -> anyhow::Result<()> {
    if let Admin::HashRate { seconds } = command {
        return hash_rate(seconds);
    }
    let store = open_store(settings).await?;
    let result = match command {
        Admin::Site(c) => site(&store, c).await,
        Admin::Client(c) => client(&store, c).await,
        Admin::Account(c) => account(&store, c).await,
        Admin::Outbox(c) => outbox(&store, c).await,
        Admin::ReferenceOrganizations(DirectoryCommand::Import { file }) => {
            import_directory(&store, &file).await
        }
        Admin::HashRate { seconds } => hash_rate(seconds),
    };
    store.close().await;
    result
}

/// Hashes on this thread for `seconds` and prints the rate.
fn hash_rate(seconds: u64) -> anyhow::Result<()> {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds.max(1));
    let started = std::time::Instant::now();
    let mut hashes = 0u64;
    while std::time::Instant::now() < until {
        hash_password("reading42-benchmark")?;
        hashes += 1;
    }
    let rate = hashes as f64 / started.elapsed().as_secs_f64();
    println!("{rate:.1} argon2id hashes per second on one thread ({hashes} in {seconds} s)");
    Ok(())
}

async fn outbox(store: &Store, command: OutboxCommand) -> anyhow::Result<()> {
    match command {
        OutboxCommand::List => {
            for m in lectern_store::outbox::unsent(store.reads()).await? {
                let line = serde_json::json!({
                    "messageId": m.message_id,
                    "site": m.site_id,
                    "to": m.recipient,
                    "subject": m.subject,
                    "body": m.body,
                    "created": lectern_domain::Timestamp::from_unix(m.created_at),
                });
                println!("{line}");
            }
        }
        OutboxCommand::MarkSent { message_id } => {
            if !lectern_store::outbox::mark_sent(&mut *store.writer().await?, &message_id).await? {
                bail!("no unsent message '{message_id}'");
            }
            println!("marked {message_id} sent");
        }
    }
    Ok(())
}

async fn site(store: &Store, command: SiteCommand) -> anyhow::Result<()> {
    match command {
        SiteCommand::Create {
            id,
            name,
            global,
            language,
        } => {
            if sites::get(store.reads(), &id).await?.is_some() {
                bail!("a site '{id}' already exists");
            }
            load(
                store,
                FixtureFile {
                    sites: vec![SiteEntry {
                        id: id.clone(),
                        name,
                        global,
                        language,
                    }],
                    ..Default::default()
                },
            )
            .await?;
            println!("Created site {id}.");
        }
        SiteCommand::List => {
            for s in sites::list(store.reads()).await? {
                println!(
                    "{}\t{}{}",
                    s.id,
                    s.name,
                    if s.global { "\t(global)" } else { "" }
                );
            }
        }
    }
    Ok(())
}

async fn client(store: &Store, command: ClientCommand) -> anyhow::Result<()> {
    match command {
        ClientCommand::Create(c) => {
            let api_key = c.api_key.unwrap_or_else(new_token);
            if clients::get(store.reads(), &api_key).await?.is_some() {
                bail!("a client key '{api_key}' already exists");
            }
            let secret = c.with_secret.then(new_token);
            let entry = ClientEntry {
                api_key: api_key.clone(),
                secret: secret.clone(),
                name: c.name,
                site: c.site,
                redirect_uris: c.redirect_uris,
                trusted: c.trusted,
                privileged: c.privileged,
                disabled: false,
                rate_limit_per_minute: c.rate_limit,
            };
            load(
                store,
                FixtureFile {
                    clients: vec![entry],
                    ..Default::default()
                },
            )
            .await?;
            println!("Created client key {api_key}.");
            if let Some(s) = secret {
                println!("Client secret (shown only now; store it safely): {s}");
            }
        }
        ClientCommand::List => {
            for c in clients::list(store.reads()).await? {
                let mut traits = vec![if c.secret_hash.is_some() {
                    "confidential"
                } else {
                    "public"
                }];
                if c.trusted {
                    traits.push("trusted");
                }
                if c.privileged {
                    traits.push("privileged");
                }
                if c.disabled {
                    traits.push("disabled");
                }
                match c.first_party {
                    Some(FirstParty::OpdsCatalog) => traits.push("opds-catalog"),
                    Some(FirstParty::WebPages) => traits.push("web-pages"),
                    None => {}
                }
                let limit = c
                    .rate_limit_per_minute
                    .map_or("default".to_owned(), |n| n.to_string());
                println!(
                    "{}\t{}\tsite {}\t{}\t{limit} a minute",
                    c.api_key,
                    c.name,
                    c.site_id,
                    traits.join(",")
                );
            }
        }
        ClientCommand::SetRateLimit {
            api_key,
            per_minute: RateLimit(per_minute),
        } => {
            if !clients::set_rate_limit(&mut *store.writer().await?, &api_key, per_minute).await? {
                bail!("there is no client key '{api_key}'");
            }
            match per_minute {
                Some(n) => println!("Client key {api_key} may make {n} requests a minute."),
                None => println!("Client key {api_key} takes the server's default rate limit."),
            }
        }
    }
    Ok(())
}

async fn account(store: &Store, command: AccountCommand) -> anyhow::Result<()> {
    match command {
        AccountCommand::Create(a) => {
            if accounts::by_identifier(store.reads(), &a.user_name)
                .await?
                .is_some()
            {
                bail!("an account named '{}' already exists", a.user_name);
            }
            let password = match a.password {
                Some(p) => p,
                None => read_password()?,
            };
            let entry = UserEntry {
                user_account_id: None,
                user_name: Some(a.user_name.clone()),
                password: Some(password),
                site: a.site,
                roles: a.roles,
                first_name: a.first_name,
                last_name: a.last_name,
                date_of_birth: a.date_of_birth,
                grade: None,
                country: a.country,
                organization_id: a.organization_id,
                email_address: Some(a.user_name.clone()),
                ..UserEntry::default()
            };
            load(
                store,
                FixtureFile {
                    users: vec![entry],
                    ..Default::default()
                },
            )
            .await?;
            let created = accounts::by_identifier(store.reads(), &a.user_name)
                .await?
                .context("the new account was not found")?;
            println!(
                "Created account {} ({}).",
                a.user_name, created.user_account_id
            );
        }
        AccountCommand::List { site } => {
            for a in accounts::list(store.reads(), site.as_deref()).await? {
                println!(
                    "{}\t{}\t{} {}\tsite {}\t{}{}",
                    a.user_account_id,
                    a.user_name.as_deref().unwrap_or("-"),
                    a.first_name,
                    a.last_name,
                    a.site_id,
                    a.roles.to_stored(),
                    if a.locked { "\t(locked)" } else { "" }
                );
            }
        }
        AccountCommand::ResetPassword { user, password } => {
            let account = find(store, &user).await?;
            let password = match password {
                Some(p) => p,
                None => read_password()?,
            };
            let password = NewPassword::parse(&password)?;
            let hash = hash_password(password.expose())?;
            // The account's sign-ins end with the old password, as they do through the API.
            let mut tx = store.begin().await?;
            accounts::set_password_hash(&mut tx, &account.user_account_id, &hash).await?;
            credentials::end_credentials(&mut tx, &account.user_account_id).await?;
            tx.commit().await?;
            println!("Password of {user} changed; its sign-ins are ended.");
        }
        AccountCommand::Lock { user } => {
            let account = find(store, &user).await?;
            accounts::set_locked(&mut *store.writer().await?, &account.user_account_id, true)
                .await?;
            println!("Locked {user}.");
        }
        AccountCommand::Unlock { user } => {
            let account = find(store, &user).await?;
            accounts::set_locked(&mut *store.writer().await?, &account.user_account_id, false)
                .await?;
            println!("Unlocked {user}.");
        }
    }
    Ok(())
}

async fn find(store: &Store, user: &str) -> anyhow::Result<lectern_domain::account::Account> {
    accounts::by_identifier(store.reads(), user)
        .await?
        .with_context(|| format!("no account '{user}'"))
}

async fn load(store: &Store, file: FixtureFile) -> anyhow::Result<()> {
    fixture::load(store, file).await?;
    Ok(())
}

fn read_password() -> anyhow::Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("reading the password from standard input")?;
    let password = line.trim_end_matches(['\n', '\r']).to_owned();
    if password.is_empty() {
        bail!("no password given: pass --password or write it on standard input");
    }
    Ok(password)
}

async fn import_directory(store: &Store, file: &std::path::Path) -> anyhow::Result<()> {
    let input = std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?;
    let rows = directory_csv::read(std::io::BufReader::new(input)).map_err(|problems| {
        anyhow::anyhow!(
            "{} refused, nothing was loaded:\n{}",
            file.display(),
            problems
                .iter()
                .map(|p| p.english.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })?;
    let total = rows.len();
    let bar = super::progress::bar(total as u64, "organizations");
    directory_csv::load_all(store, rows, |n| bar.inc(n))
        .await
        .with_context(|| format!("loading {}", file.display()))?;
    bar.finish_and_clear();
    println!(
        "{total} reference organizations loaded from {}",
        file.display()
    );
    Ok(())
}
