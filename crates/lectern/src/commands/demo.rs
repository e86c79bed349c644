//! `lectern demo`: the embedded store, the demo data set, and instructions to try it.

use lectern_store::fixture::{self, FixtureFile};
use lectern_store::sites;

use super::open_store;
use super::serve::serve_store;
use crate::settings::Settings;

const DEMO: &str = include_str!("../../demo/demo.json");

pub async fn run(settings: &Settings) -> anyhow::Result<()> {
    let store = open_store(settings).await?;
    if sites::list(store.pool()).await?.is_empty() {
        let report = fixture::load(&store, FixtureFile::parse(DEMO)?).await?;
        tracing::info!(
            users = report.users,
            clients = report.clients,
            "demo data set loaded"
        );
    } else {
        tracing::info!("the store already holds data; the demo data set was not loaded again");
    }
    let demo = FixtureFile::parse(DEMO)?;
    serve_store(
        settings,
        store,
        Some(Box::new(move |base: &str| {
            println!("{}", instructions(&demo, base))
        })),
    )
    .await
}

/// What to paste to try the demo, drawn from the demo data set itself.
fn instructions(demo: &FixtureFile, base: &str) -> String {
    let mut out = format!("\nLectern is serving the demo at {base}\n\n");
    if let Some(site) = demo.sites.first() {
        out += &format!("  site:        {} ({})\n", site.id, site.name);
    }
    let client = demo
        .clients
        .iter()
        .find(|c| c.trusted && !c.privileged)
        .or(demo.clients.first());
    if let Some(c) = client {
        out += &format!(
            "  client key:  {} (no secret; may use the password grant)\n",
            c.api_key
        );
    }
    out += "  accounts:\n";
    for u in &demo.users {
        out += &format!(
            "    {:<22} {:<32} password {}\n",
            u.roles.join(","),
            u.user_name.as_deref().unwrap_or("-"),
            u.password.as_deref().unwrap_or("-")
        );
    }
    if let (Some(c), Some(u)) = (client, demo.users.first()) {
        let (key, user, pass) = (
            &c.api_key,
            u.user_name.as_deref().unwrap_or(""),
            u.password.as_deref().unwrap_or(""),
        );
        out += &format!(
            "\nTry it (password grant, then the account it signs in):\n\n  \
             TOKEN=$(curl -s -u '{key}:' -d grant_type=password -d username='{user}' -d password='{pass}' \
             '{base}/oauth/token' | sed -E 's/.*\"access_token\":\"([^\"]+)\".*/\\1/')\n  \
             curl -s -H \"Authorization: Bearer $TOKEN\" '{base}/v2/myAccount?api_key={key}'\n\n\
             The API is described at {base}/v2/openapi.json. Stop with Ctrl-C.\n"
        );
    }
    out
}
