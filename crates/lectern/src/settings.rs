//! Settings, from (highest first) a command-line flag, a `LECTERN_*` environment variable, the
//! TOML file named by `--config`, and the defaults. Unknown keys in the file are an error;
//! unknown `LECTERN_*` variables are reported as warnings.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Args;
use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use lectern_http::HttpSettings;
use serde::{Deserialize, Serialize};
use url::Url;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub data_dir: PathBuf,
    pub database_url: Option<String>,
    pub listen: SocketAddr,
    pub public_url: Option<Url>,
    pub oauth_public_url: Option<Url>,
    pub access_token_ttl: u64,
    pub refresh_token_ttl: u64,
    pub rate_limit_per_client: u32,
    pub rate_limit_per_user: u32,
    pub sign_in_failures_per_minute: u32,
    pub redis_url: Option<String>,
    pub files_url: Option<String>,
    pub log_format: LogFormat,
    pub partner_drive_token_url: Option<Url>,
    pub partner_drive_files_url: Option<Url>,
    pub partner_drive_client_id: Option<String>,
    pub partner_drive_client_secret: Option<String>,
    pub partner_id_issuer: Option<String>,
    pub partner_id_audience: Option<String>,
    pub partner_id_keys_url: Option<Url>,
    /// Whether `serve` runs the background worker (packages, documents, speeds, catalog edits).
    pub worker: bool,
    /// Title records each node keeps in memory (see `docs/operations.md`).
    pub title_records_kept: usize,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, clap::ValueEnum, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            data_dir: PathBuf::from("./lectern-data"),
            database_url: None,
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            public_url: None,
            oauth_public_url: None,
            access_token_ttl: 3600,
            refresh_token_ttl: 30 * 24 * 3600,
            rate_limit_per_client: 60_000,
            rate_limit_per_user: 1200,
            sign_in_failures_per_minute: 10,
            redis_url: None,
            files_url: None,
            log_format: LogFormat::Text,
            partner_drive_token_url: None,
            partner_drive_files_url: None,
            partner_drive_client_id: None,
            partner_drive_client_secret: None,
            partner_id_issuer: None,
            partner_id_audience: None,
            partner_id_keys_url: None,
            worker: true,
            title_records_kept: 100_000,
        }
    }
}

const KEYS: [&str; 22] = [
    "data_dir",
    "database_url",
    "listen",
    "public_url",
    "oauth_public_url",
    "access_token_ttl",
    "refresh_token_ttl",
    "rate_limit_per_client",
    "rate_limit_per_user",
    "sign_in_failures_per_minute",
    "redis_url",
    "files_url",
    "log_format",
    "partner_drive_token_url",
    "partner_drive_files_url",
    "partner_drive_client_id",
    "partner_drive_client_secret",
    "partner_id_issuer",
    "partner_id_audience",
    "partner_id_keys_url",
    "worker",
    "title_records_kept",
];

/// The settings flags every subcommand accepts.
#[derive(Debug, Clone, Default, Args, Serialize)]
pub struct SettingsArgs {
    /// A TOML file of settings (keys as below, in snake_case)
    #[arg(long, global = true, value_name = "FILE")]
    #[serde(skip)]
    pub config: Option<PathBuf>,
    /// Where the SQLite file and stored files live [default: ./lectern-data]
    #[arg(long, global = true, value_name = "DIR")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<PathBuf>,
    /// sqlite://PATH or postgres://...; the scheme picks the store [default: SQLite in the data dir]
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_url: Option<String>,
    /// Address to listen on [default: 127.0.0.1:8080]
    #[arg(long, global = true, value_name = "ADDR")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen: Option<SocketAddr>,
    /// Absolute base URL of the resource API, used in links [default: http://LISTEN]
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_url: Option<Url>,
    /// Absolute base URL of the token server [default: the public URL]
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oauth_public_url: Option<Url>,
    /// Access token lifetime in seconds [default: 3600]
    #[arg(long, global = true, value_name = "SECONDS")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token_ttl: Option<u64>,
    /// Refresh token lifetime in seconds [default: 2592000, 30 days]
    #[arg(long, global = true, value_name = "SECONDS")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refresh_token_ttl: Option<u64>,
    /// Requests a minute allowed per client key that has no share of its own [default: 60000]
    #[arg(long, global = true, value_name = "N")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_limit_per_client: Option<u32>,
    /// Requests a minute allowed per signed-in user [default: 1200]
    #[arg(long, global = true, value_name = "N")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_limit_per_user: Option<u32>,
    /// Failed sign-ins a minute per user name and client address (3x per address, 10x per user name) [default: 10]
    #[arg(long, global = true, value_name = "N")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_in_failures_per_minute: Option<u32>,
    /// redis://HOST:PORT to share rate limits between nodes [default: each node keeps its own]
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redis_url: Option<String>,
    /// Where title files and download packages are kept: file:///ABSOLUTE/DIR, or s3://BUCKET/PREFIX
    /// in a build with the `s3` feature (credentials from the AWS_* variables) [default: DATA_DIR/files]
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files_url: Option<String>,
    /// Log lines as text or JSON [default: text]
    #[arg(long, global = true, value_name = "FORMAT")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_format: Option<LogFormat>,
    /// The OAuth token endpoint of the partner drive members connect for documents [default: none]
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_drive_token_url: Option<Url>,
    /// Where the partner drive's files are: a file is fetched from URL/{fileId}?alt=media
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_drive_files_url: Option<Url>,
    /// The library's client id at the partner drive
    #[arg(long, global = true, value_name = "ID")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_drive_client_id: Option<String>,
    /// The library's client secret at the partner drive (better in LECTERN_PARTNER_DRIVE_CLIENT_SECRET)
    #[arg(long, global = true, value_name = "SECRET")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_drive_client_secret: Option<String>,
    /// The issuer (`iss`) of the partner's identity tokens that create and sign in accounts [default: none]
    #[arg(long, global = true, value_name = "ISSUER")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_id_issuer: Option<String>,
    /// The audience (`aud`) those tokens are issued to: the library's client id at the partner
    #[arg(long, global = true, value_name = "AUDIENCE")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_id_audience: Option<String>,
    /// Where the partner publishes the keys that sign them (a JWK set)
    #[arg(long, global = true, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partner_id_keys_url: Option<Url>,
    /// Run the background worker in this process [default: true]; nodes that only answer
    /// requests say false, as long as some node runs one
    #[arg(long, global = true, value_name = "BOOL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worker: Option<bool>,
    /// Title records each node keeps in memory, about 4.5 KB each; more than the titles being read
    /// at once spares the store most record reads [default: 100000]
    #[arg(long, global = true, value_name = "N")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_records_kept: Option<usize>,
}

impl Settings {
    /// Layers the sources; returns the settings and warnings to log once logging is set up.
    pub fn load(args: &SettingsArgs) -> anyhow::Result<(Settings, Vec<String>)> {
        let mut figment = Figment::from(Serialized::defaults(Settings::default()));
        if let Some(file) = &args.config {
            if !file.exists() {
                bail!("the settings file {} does not exist", file.display());
            }
            figment = figment.merge(Toml::file_exact(file));
        }
        figment = figment
            .merge(
                Env::prefixed("LECTERN_")
                    .filter(|k| KEYS.iter().any(|key| k.as_str().eq_ignore_ascii_case(key))),
            )
            .merge(Serialized::defaults(args));
        let settings: Settings = figment.extract().context("reading settings")?;
        settings.check()?;
        Ok((settings, unknown_env_warnings()))
    }

    fn check(&self) -> anyhow::Result<()> {
        if self.access_token_ttl == 0 || self.refresh_token_ttl == 0 {
            bail!("access_token_ttl and refresh_token_ttl must be at least 1 second");
        }
        if self.title_records_kept < 2 {
            bail!("title_records_kept must be at least 2");
        }
        if self.rate_limit_per_client == 0
            || self.rate_limit_per_user == 0
            || self.sign_in_failures_per_minute == 0
        {
            bail!("rate limits must be at least 1 request a minute");
        }
        let partner = [
            self.partner_drive_token_url.is_some(),
            self.partner_drive_files_url.is_some(),
            self.partner_drive_client_id.is_some(),
            self.partner_drive_client_secret.is_some(),
        ];
        if partner.contains(&true) && partner.contains(&false) {
            bail!(
                "partner_drive_token_url, partner_drive_files_url, partner_drive_client_id and partner_drive_client_secret go together"
            );
        }
        let identity = [
            self.partner_id_issuer.is_some(),
            self.partner_id_audience.is_some(),
            self.partner_id_keys_url.is_some(),
        ];
        if identity.contains(&true) && identity.contains(&false) {
            bail!("partner_id_issuer, partner_id_audience and partner_id_keys_url go together");
        }
        for url in [&self.public_url, &self.oauth_public_url]
            .into_iter()
            .flatten()
        {
            if !matches!(url.scheme(), "http" | "https") || url.query().is_some() {
                bail!("public URLs must be http(s) URLs without a query: {url}");
            }
        }
        Ok(())
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| lectern_store::Store::sqlite_url_for_dir(&self.data_dir))
    }

    /// Creates the data directory when the store lives in it.
    pub fn prepare_data_dir(&self) -> anyhow::Result<()> {
        if self.database_url.is_none() {
            std::fs::create_dir_all(&self.data_dir).with_context(|| {
                format!("creating the data directory {}", self.data_dir.display())
            })?;
        }
        Ok(())
    }

    /// The HTTP settings, once the real listening address is known (it differs when port 0 was asked).
    pub fn http(&self, bound: SocketAddr) -> HttpSettings {
        let public_url = self.public_url.clone().unwrap_or_else(|| {
            Url::parse(&format!("http://{bound}/")).unwrap_or_else(|_| default_url())
        });
        HttpSettings {
            oauth_public_url: self
                .oauth_public_url
                .clone()
                .unwrap_or_else(|| public_url.clone()),
            public_url,
            access_token_ttl: Duration::from_secs(self.access_token_ttl),
            refresh_token_ttl: Duration::from_secs(self.refresh_token_ttl),
            rate_limit_per_client: self.rate_limit_per_client,
            rate_limit_per_user: self.rate_limit_per_user,
            sign_in_failures_per_minute: self.sign_in_failures_per_minute,
            partner_drive: match (
                &self.partner_drive_token_url,
                &self.partner_drive_files_url,
                &self.partner_drive_client_id,
                &self.partner_drive_client_secret,
            ) {
                (Some(url), Some(files), Some(id), Some(secret)) => {
                    Some(lectern_http::PartnerDrive::new(
                        url.clone(),
                        files.clone(),
                        id.clone(),
                        secret.clone(),
                    ))
                }
                _ => None,
            },
            partner_identity: match (
                &self.partner_id_issuer,
                &self.partner_id_audience,
                &self.partner_id_keys_url,
            ) {
                (Some(issuer), Some(audience), Some(url)) => {
                    Some(std::sync::Arc::new(lectern_http::PartnerIdentity::new(
                        issuer.clone(),
                        audience.clone(),
                        url.clone(),
                    )))
                }
                _ => None,
            },
            converters: std::sync::Arc::new(lectern_jobs::convert::Converters::probe()),
            title_records_kept: self.title_records_kept,
        }
    }
}

#[allow(clippy::unwrap_used)]
fn default_url() -> Url {
    Url::parse("http://127.0.0.1:8080/").unwrap()
}

fn unknown_env_warnings() -> Vec<String> {
    std::env::vars()
        .filter_map(|(k, _)| k.strip_prefix("LECTERN_").map(str::to_lowercase))
        .filter(|k| !KEYS.contains(&k.as_str()))
        .map(|k| {
            format!(
                "ignoring unknown setting LECTERN_{}; known: {}",
                k.to_uppercase(),
                KEYS.join(", ")
            )
        })
        .collect()
}
