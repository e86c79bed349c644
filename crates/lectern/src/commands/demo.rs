//! `lectern demo`: the embedded store, the demo data set, and instructions to try it.

use lectern_domain::catalog::{Artifact, ContributorType, Format};
use lectern_jobs::FileStore;
use lectern_jobs::epub::{Chapter, EpubSource, PrintEdition, build};
use lectern_store::fixture::{self, FixtureFile};
use lectern_store::{periodicals, sites, titles};

use lectern_http::i18n::{Lang, accepted};

use super::open_store;
use super::serve::serve_store;
use crate::settings::Settings;

pub const DEMO: &str = include_str!("../../demo/demo.json");

pub async fn run(settings: &Settings) -> anyhow::Result<()> {
    let store = open_store(settings).await?;
    if sites::list(store.reads()).await?.is_empty() {
        load(&store, settings).await?;
    } else {
        tracing::info!("the store already holds data; the demo data set was not loaded again");
    }
    let demo = FixtureFile::parse(DEMO)?;
    serve_store(
        settings,
        store,
        Some(Box::new(move |base: &str| {
            println!("{}", instructions(terminal_language(), &demo, base))
        })),
    )
    .await
}

/// The language the terminal asks for, as POSIX says (`LC_ALL`, then `LC_MESSAGES`, then
/// `LANG`: `es_ES.UTF-8`), where the messages are written in it; English otherwise.
fn terminal_language() -> Lang {
    let asked = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|l| !l.is_empty()));
    asked
        .and_then(|l| {
            let tag = l.split(['.', '@']).next().unwrap_or("").replace('_', "-");
            accepted(&tag)
        })
        .unwrap_or(Lang::En)
}

/// Loads the demo data set, with a readable EPUB for each of its titles.
pub async fn load(store: &lectern_store::Store, settings: &Settings) -> anyhow::Result<()> {
    let report = fixture::load(store, FixtureFile::parse(DEMO)?).await?;
    let file_store = super::open_files(settings)?;
    let files = add_reading_files(store, &file_store).await?;
    let recorded = super::demo_recording::add(store, &file_store).await?;
    give_the_reader_a_sync_key(store, &FixtureFile::parse(DEMO)?).await?;
    tracing::info!(
        users = report.users,
        clients = report.clients,
        titles = report.titles,
        files,
        recorded,
        "demo data set loaded"
    );
    Ok(())
}

/// The demo's KOReader sync key, the same on every machine as the demo's passwords are: the
/// first reader's, printed with the instructions.
const DEMO_SYNC_KEY: &str = "demo-sync-key-2026";

async fn give_the_reader_a_sync_key(
    store: &lectern_store::Store,
    demo: &FixtureFile,
) -> anyhow::Result<()> {
    let Some(reader) = demo.users.first().and_then(|u| u.user_name.as_deref()) else {
        return Ok(());
    };
    let Some((account, _)) = lectern_store::accounts::credentials(store.reads(), reader).await?
    else {
        return Ok(());
    };
    lectern_store::kosync::set_key(
        &mut *store.writer().await?,
        &account.user_account_id,
        &lectern_domain::kosync::sync_key_hash(DEMO_SYNC_KEY),
        lectern_domain::Timestamp::now(),
    )
    .await?;
    Ok(())
}

/// The demo's EPUB 3 editions, made from each title's own record: the demo data set names no
/// files, so that the repository carries no book files, and every demo title can still be read.
async fn add_reading_files(
    store: &lectern_store::Store,
    files: &FileStore,
) -> anyhow::Result<usize> {
    let demo = FixtureFile::parse(DEMO)?;
    let mut made = 0;
    let mut changed = Vec::new();
    for t in &demo.titles {
        let Some(mut record) = titles::get(store.reads(), &t.service_id).await? else {
            continue;
        };
        let author = record
            .contributors_of(ContributorType::Author)
            .next()
            .map(str::to_owned);
        let text = record.synopsis.clone().unwrap_or_default();
        let id = record.service_id.clone();
        made += attach(
            files,
            &mut record.artifacts,
            &id,
            &record.title,
            author,
            &record.languages,
            &text,
            |a, name| fixture::title_file_key(&id, a, name),
        )
        .await?;
        changed.push(record);
    }
    let mut tx = store.begin().await?;
    titles::upsert(&mut tx, &changed).await?;
    for mut series in demo.periodicals {
        let series_id = series.series_id.clone();
        for e in &mut series.editions {
            let title = format!("{}: {}", series.title, e.edition_name);
            let text = series.description.clone().unwrap_or_default();
            let edition_id = e.edition_id.clone();
            made += attach(
                files,
                &mut e.artifacts,
                &edition_id,
                &title,
                series.publisher.clone(),
                &series.languages,
                &text,
                |a, name| fixture::edition_file_key(&series_id, &edition_id, a, name),
            )
            .await?;
        }
        periodicals::upsert(&mut tx, &series).await?;
    }
    tx.commit().await?;
    Ok(made)
}

/// Builds and stores an EPUB for each EPUB3 artifact without a file; returns how many.
#[allow(clippy::too_many_arguments)]
async fn attach(
    files: &FileStore,
    artifacts: &mut [Artifact],
    id: &str,
    title: &str,
    author: Option<String>,
    languages: &[String],
    text: &str,
    key_of: impl Fn(&Artifact, &str) -> String,
) -> anyhow::Result<usize> {
    let mut made = 0;
    for a in artifacts
        .iter_mut()
        .filter(|a| a.format == Format::Epub3 && a.file.is_none())
    {
        let epub = build(&EpubSource {
            // A print edition to follow, so that a class's "page 12" can be found in every
            // demo book: the front matter takes pages 1 to 10.
            print_edition: Some(PrintEdition {
                source: format!("{title}, print edition"),
                chapter_pages: vec!["11".into(), "12".into()],
            }),
            identifier: format!("https://demo.lectern/books/{id}"),
            isbn: None,
            title: title.to_owned(),
            subtitle: None,
            authors: author.iter().cloned().collect(),
            language: languages.first().cloned().unwrap_or_else(|| "eng".into()),
            publisher: Some("Lectern Demo Editions".into()),
            date: None,
            synopsis: Some(text.to_owned()),
            subjects: vec![],
            chapters: vec![
                Chapter { title: "About this book".into(), text: text.to_owned() },
                Chapter {
                    title: "About this edition".into(),
                    text: "This short edition was made by Lectern's demo from the catalog record, so that every demo title can be downloaded and read.".into(),
                },
            ],
            accessibility_summary: a.accessibility.accessibility_summary.clone(),
            modified: "2026-01-01T00:00:00Z".into(),
        });
        let key = key_of(a, &format!("{id}.epub"));
        files.put(&key, epub).await?;
        a.file = Some(key);
        made += 1;
    }
    Ok(made)
}

/// What to paste to try the demo, drawn from the demo data set itself.
/// What to try and as whom, in `lang`: each step's words, then its commands as typed.
fn instructions(lang: Lang, demo: &FixtureFile, base: &str) -> String {
    let mut out = format!("\n{}\n\n", lang.t1("demo-serving", "url", base));
    if let Some(site) = demo.sites.first() {
        let args = [("id", site.id.as_str()), ("name", site.name.as_str())];
        out += &format!("  {}\n", lang.t_with("demo-site", &args));
    }
    let client = demo
        .clients
        .iter()
        .find(|c| c.trusted && !c.privileged)
        .or(demo.clients.first());
    if let Some(c) = client {
        out += &format!("  {}\n", lang.t1("demo-client-key", "key", &c.api_key));
    }
    out += &format!("  {}\n", lang.t("demo-accounts"));
    let password = lang.t("demo-password");
    for u in &demo.users {
        out += &format!(
            "    {:<22} {:<32} {password} {}\n",
            u.roles.join(","),
            u.user_name.as_deref().unwrap_or("-"),
            u.password.as_deref().unwrap_or("-")
        );
    }
    out += &web_instructions(lang, demo, base);
    if let (Some(c), Some(u)) = (client, demo.users.first()) {
        let (key, user, pass) = (
            &c.api_key,
            u.user_name.as_deref().unwrap_or(""),
            u.password.as_deref().unwrap_or(""),
        );
        let bearer = "-H \"Authorization: Bearer $TOKEN\"";
        out += &step(
            lang.t("demo-try-it"),
            &[
                sign_in_command("TOKEN", (key, user, pass), base),
                format!("curl -s {bearer} '{base}/v2/myAccount?api_key={key}'"),
            ],
        );
        out += &step(
            lang.t("demo-find"),
            &[
                format!("curl -s '{base}/v2/titles?api_key={key}&keyword=pride'"),
                format!("curl -s -i {bearer} '{base}/v2/titles/demo-pride/EPUB3?api_key={key}'"),
            ],
        );
        out += &step(
            lang.t("demo-read-online"),
            &[format!(
                "curl -s -i {bearer} '{base}/v2/titles/demo-pride/webpub?api_key={key}'"
            )],
        );
        out += &step(
            lang.t("demo-lists"),
            &[
                format!("curl -s {bearer} '{base}/v2/myLists?api_key={key}'"),
                format!(
                    "curl -s {bearer} -d serviceId=demo-pride -d location='epubcfi(/6/4)' '{base}/v2/myBookmarks?api_key={key}'"
                ),
                format!(
                    "curl -s {bearer} -d serviceId=demo-pride -d format=EPUB3 -d location='epubcfi(/6/4)' -d metric=1 -d metricType=chapter '{base}/v2/readingEvents?api_key={key}'"
                ),
                format!(
                    "curl -s {bearer} '{base}/v2/myReadingPosition/demo-pride/EPUB3?api_key={key}'"
                ),
            ],
        );
        out += &step(
            lang.t("demo-preferences"),
            &[
                format!(
                    "curl -s -X PUT {bearer} -d brailleFormat=refreshable -d brailleCellLineWidth=32 -d brailleGrade=uncontracted '{base}/v2/myAccount/preferences?api_key={key}'"
                ),
                format!(
                    "curl -s -X PUT {bearer} -d readingTextSize=200 -d readingFont=opendyslexic -d readingTheme=sepia '{base}/v2/myAccount/preferences?api_key={key}'"
                ),
            ],
        );
        out += &step(
            lang.t("demo-formats"),
            &["BRF", "DOCX", "DAISY_AUDIO"].map(|format| {
                format!("curl -s -i {bearer} '{base}/v2/titles/demo-pride/{format}?api_key={key}'")
            }),
        );
        out += &staff_instructions(lang, demo, base);
        out += &sponsor_instructions(lang, demo, base, key);
        out += &curator_instructions(lang, demo, base, key);
        out += &app_instructions(lang, demo, base, (user, pass));
        let described = format!("{base}/v2/openapi.json");
        out += &format!("\n{}\n", lang.t1("demo-described", "url", &described));
    }
    out
}

/// One step: its words, wrapped to the terminal's usual width, then its commands, indented.
fn step(words: String, commands: &[String]) -> String {
    let mut out = format!("\n{}\n\n", wrapped(&words, ""));
    for c in commands {
        out += &format!("  {c}\n");
    }
    out
}

/// `text` in lines of at most 100 characters where its words allow, each after `indent`.
fn wrapped(text: &str, indent: &str) -> String {
    const WIDTH: usize = 100;
    let mut lines: Vec<String> = vec![];
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty()
            && indent.len() + line.chars().count() + 1 + word.chars().count() > WIDTH
        {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
        .iter()
        .map(|l| format!("{indent}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The command that signs `user` in through the password grant and keeps the token in `$var`.
fn sign_in_command(var: &str, (key, user, pass): (&str, &str, &str), base: &str) -> String {
    format!(
        "{var}=$(curl -s -u '{key}:' -d grant_type=password -d username='{user}' -d password='{pass}' \
         '{base}/oauth/token' | sed -E 's/.*\"access_token\":\"([^\"]+)\".*/\\1/')"
    )
}

/// The library's web pages, first: a person tries the library in a browser.
fn web_instructions(lang: Lang, demo: &FixtureFile, base: &str) -> String {
    let Some(site) = demo.sites.first() else {
        return String::new();
    };
    let pages = format!("{base}/{}/", site.id);
    let recorded = format!(
        "{base}/{}/titles/{}",
        site.id,
        super::demo_recording::RECORDED
    );
    let browser = lang.t_with("demo-browser", &[("url", &pages), ("recorded", &recorded)]);
    let mut out = format!("\n{}\n", wrapped(&browser, ""));
    out += &format!("{}\n", wrapped(&lang.t("demo-languages"), "  "));
    for (role, key) in [
        ("individualMember", "demo-as-reader"),
        ("organizationSponsor", "demo-as-sponsor"),
        ("membershipAssistant", "demo-as-staff"),
        ("collectionAssistant", "demo-as-curator"),
        ("administrator", "demo-as-admin"),
    ] {
        if let Some((user, password)) = sign_in_of(demo, role) {
            let said = lang.t_with(key, &[("user", user), ("password", password)]);
            out += &format!("  {said}\n");
        }
    }
    out
}

/// Reading apps: the OPDS catalog's address, and who to sign in as (docs/opds.md).
fn app_instructions(
    lang: Lang,
    demo: &FixtureFile,
    base: &str,
    (user, pass): (&str, &str),
) -> String {
    let site = demo.sites.first().map_or("", |s| s.id.as_str());
    let (catalog, sync) = (format!("{base}/opds"), format!("{base}/kosync"));
    let words = lang.t_with(
        "demo-app",
        &[
            ("catalog", catalog.as_str()),
            ("user", user),
            ("password", pass),
            ("sync", sync.as_str()),
            ("key", DEMO_SYNC_KEY),
        ],
    );
    step(
        words,
        &[
            format!("curl -s -H 'Accept: application/opds+json' '{base}/opds/{site}/new'"),
            format!("curl -s -u '{user}:{pass}' '{base}/opds/{site}/shelf'"),
        ],
    )
}

/// The user name and password of the demo's first account with `role`.
fn sign_in_of<'d>(demo: &'d FixtureFile, role: &str) -> Option<(&'d str, &'d str)> {
    let u = demo
        .users
        .iter()
        .find(|u| u.roles.iter().any(|r| r == role))?;
    Some((
        u.user_name.as_deref().unwrap_or(""),
        u.password.as_deref().unwrap_or(""),
    ))
}

/// A step done as the demo's first account with `role`, signed in into `$var`: its words
/// (`words`), then the commands `calls` makes of the `-H` that sends the token.
fn step_as(
    (lang, demo, base, key): (Lang, &FixtureFile, &str, &str),
    (role, var, words): (&str, &str, &str),
    calls: impl Fn(&str) -> Vec<String>,
) -> String {
    let Some((user, pass)) = sign_in_of(demo, role) else {
        return String::new();
    };
    let mut commands = vec![sign_in_command(var, (key, user, pass), base)];
    commands.extend(calls(&format!("-H \"Authorization: Bearer ${var}\"")));
    step(lang.t(words), &commands)
}

/// The sponsor's door: the organization's members, and who of them may read a title.
fn sponsor_instructions(lang: Lang, demo: &FixtureFile, base: &str, key: &str) -> String {
    let demo_at = (lang, demo, base, key);
    step_as(
        demo_at,
        ("organizationSponsor", "SPONSOR", "demo-sponsor"),
        |bearer| {
            vec![
                format!(
                    "curl -s {bearer} '{base}/v2/myOrganization/members?api_key={key}&sortOrder=school'"
                ),
                format!(
                    "curl -s {bearer} '{base}/v2/myOrganization/titleAvailabilities/demo-alice?api_key={key}'"
                ),
            ]
        },
    )
}

/// The collection assistant's door: the catalog in every status, an edit the worker applies, and
/// the title's history that records it.
fn curator_instructions(lang: Lang, demo: &FixtureFile, base: &str, key: &str) -> String {
    let demo_at = (lang, demo, base, key);
    step_as(
        demo_at,
        ("collectionAssistant", "CURATOR", "demo-curator"),
        |bearer| {
            vec![
                format!(
                    "curl -s {bearer} '{base}/v2/catalog?api_key={key}&sortOrder=updatedDate&direction=desc'"
                ),
                format!(
                    "curl -s -X PUT {bearer} -d subtitle='A Novel' -d comments='Subtitle from the title page' '{base}/v2/titles/demo-pride?api_key={key}'"
                ),
                format!("curl -s {bearer} '{base}/v2/titles/demo-pride/history?api_key={key}'"),
            ]
        },
    )
}

/// The membership assistant's door, through the client key with membership privileges.
fn staff_instructions(lang: Lang, demo: &FixtureFile, base: &str) -> String {
    let console = demo.clients.iter().find(|c| c.privileged);
    let assistant = demo
        .users
        .iter()
        .find(|u| u.roles.iter().any(|r| r == "membershipAssistant"));
    let (Some(c), Some(u), Some(reader)) = (console, assistant, demo.users.first()) else {
        return String::new();
    };
    let (key, user, pass) = (
        c.api_key.as_str(),
        u.user_name.as_deref().unwrap_or(""),
        u.password.as_deref().unwrap_or(""),
    );
    let member = reader.user_name.as_deref().unwrap_or("");
    step(
        lang.t("demo-staff"),
        &[
            sign_in_command("STAFF", (key, user, pass), base),
            format!(
                "curl -s -H \"Authorization: Bearer $STAFF\" '{base}/v2/accounts/{member}?api_key={key}'"
            ),
        ],
    )
}
