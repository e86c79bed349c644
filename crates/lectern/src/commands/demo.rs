//! `lectern demo`: the embedded store, the demo data set, and instructions to try it.

use lectern_domain::catalog::{Artifact, ContributorType, Format};
use lectern_jobs::FileStore;
use lectern_jobs::epub::{Chapter, EpubSource, PrintEdition, build};
use lectern_store::fixture::{self, FixtureFile};
use lectern_store::{periodicals, sites, titles};

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
            println!("{}", instructions(&demo, base))
        })),
    )
    .await
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
    out += &web_instructions(demo, base);
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
             Find a book, then download it (202 while it is packaged for you; ask again for the 302 to the file):\n\n  \
             curl -s '{base}/v2/titles?api_key={key}&keyword=pride'\n  \
             curl -s -i -H \"Authorization: Bearer $TOKEN\" '{base}/v2/titles/demo-pride/EPUB3?api_key={key}'\n\n\
             Or open it to read online: a 302 to its Readium Web Publication Manifest, whose files are\n\
             streamed from the EPUB below the same signed link (docs/access-rules.md, \"Reading online\"):\n\n  \
             curl -s -i -H \"Authorization: Bearer $TOKEN\" '{base}/v2/titles/demo-pride/webpub?api_key={key}'\n\n\
             Your reading lists, a bookmark, and where you are in a book:\n\n  \
             curl -s -H \"Authorization: Bearer $TOKEN\" '{base}/v2/myLists?api_key={key}'\n  \
             curl -s -H \"Authorization: Bearer $TOKEN\" -d serviceId=demo-pride -d location='epubcfi(/6/4)' '{base}/v2/myBookmarks?api_key={key}'\n  \
             curl -s -H \"Authorization: Bearer $TOKEN\" -d serviceId=demo-pride -d format=EPUB3 -d location='epubcfi(/6/4)' -d metric=1 -d metricType=chapter '{base}/v2/readingEvents?api_key={key}'\n  \
             curl -s -H \"Authorization: Bearer $TOKEN\" '{base}/v2/myReadingPosition/demo-pride/EPUB3?api_key={key}'\n\n\
             Your reading preferences (Braille format and line width change together; the reading\n\
             settings of books read online are preferences too):\n\n  \
             curl -s -X PUT -H \"Authorization: Bearer $TOKEN\" -d brailleFormat=refreshable -d brailleCellLineWidth=32 -d brailleGrade=uncontracted '{base}/v2/myAccount/preferences?api_key={key}'\n  \
             curl -s -X PUT -H \"Authorization: Bearer $TOKEN\" -d readingTextSize=200 -d readingFont=opendyslexic -d readingTheme=sepia '{base}/v2/myAccount/preferences?api_key={key}'\n\n\
             Every title here is an EPUB, and downloads as Word, braille and DAISY too, made from the EPUB\n\
             when asked (braille laid out for the preferences above, DAISY read aloud by eSpeak NG; ask\n\
             again until the 302):\n\n  \
             curl -s -i -H \"Authorization: Bearer $TOKEN\" '{base}/v2/titles/demo-pride/BRF?api_key={key}'\n  \
             curl -s -i -H \"Authorization: Bearer $TOKEN\" '{base}/v2/titles/demo-pride/DOCX?api_key={key}'\n  \
             curl -s -i -H \"Authorization: Bearer $TOKEN\" '{base}/v2/titles/demo-pride/DAISY_AUDIO?api_key={key}'\n"
        );
        out += &staff_instructions(demo, base);
        out += &sponsor_instructions(demo, base, key);
        out += &curator_instructions(demo, base, key);
        out += &app_instructions(demo, base, user, pass);
        out += &format!("\nThe API is described at {base}/v2/openapi.json. Stop with Ctrl-C.\n");
    }
    out
}

/// The library's web pages, first: a person tries the library in a browser.
fn web_instructions(demo: &FixtureFile, base: &str) -> String {
    let Some(site) = demo.sites.first() else {
        return String::new();
    };
    let mut out = format!(
        "\nIn a browser: {base}/{}/ (search, open a title, download it or read it online: its\n  \
         \"Reading settings\" set text size, font and colours, and \"Go to print page\" finds page 12;\n  \
         \"Listen online\" plays its narration with each paragraph highlighted as it is read, and on\n  \
         {base}/{}/titles/{} the library's own recording, followed by heading and page; docs/web.md)\n  \
         the pages' frame in English, Spanish, French or Arabic: the browser's language, or the\n  \
         choice at the foot of every page (a reader's choice is kept as their preference)\n",
        site.id,
        site.id,
        super::demo_recording::RECORDED
    );
    if let Some((user, pass)) = sign_in_of(demo, "individualMember") {
        out += &format!(
            "  sign in as a reader:  {user} / {pass}  (my books, lists, documents, account)\n"
        );
    }
    if let Some((user, pass)) = sign_in_of(demo, "organizationSponsor") {
        out += &format!(
            "  sign in as a sponsor: {user} / {pass}  (my organization: add a member, assign a title)\n"
        );
    }
    if let Some((user, pass)) = sign_in_of(demo, "membershipAssistant") {
        out += &format!(
            "  sign in as staff:     {user} / {pass}  (Staff: find, add and change accounts; review proof of disability)\n"
        );
    }
    if let Some((user, pass)) = sign_in_of(demo, "collectionAssistant") {
        out += &format!(
            "  sign in as a curator: {user} / {pass}  (Staff: the catalog, a title's details and files, EPUB uploads, periodicals)\n"
        );
    }
    if let Some((user, pass)) = sign_in_of(demo, "administrator") {
        out += &format!(
            "  sign in as an admin:  {user} / {pass}  (Staff: sites, client keys, popular lists, categories)\n"
        );
    }
    out
}

/// Reading apps: the OPDS catalog's address, and who to sign in as (docs/opds.md).
fn app_instructions(demo: &FixtureFile, base: &str, user: &str, pass: &str) -> String {
    let site = demo.sites.first().map_or("", |s| s.id.as_str());
    format!(
        "\nIn a reading app (Thorium Reader, KOReader, Librera: docs/opds.md), add the catalog \
         {base}/opds and sign in as {user} with password {pass}. In KOReader's progress sync, \
         set the custom server {base}/kosync and log in as {user} with the sync key \
         {DEMO_SYNC_KEY}. The same feeds from a shell (OPDS 2.0, then Atom with Basic \
         credentials):\n\n  \
         curl -s -H 'Accept: application/opds+json' '{base}/opds/{site}/new'\n  \
         curl -s -u '{user}:{pass}' '{base}/opds/{site}/shelf'\n"
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

/// The sponsor's door: the organization's members, and who of them may read a title.
fn sponsor_instructions(demo: &FixtureFile, base: &str, key: &str) -> String {
    let Some((user, pass)) = sign_in_of(demo, "organizationSponsor") else {
        return String::new();
    };
    format!(
        "\nA sponsor's view of their organization: its members, and who of them may download a title:\n\n  \
         SPONSOR=$(curl -s -u '{key}:' -d grant_type=password -d username='{user}' -d password='{pass}' \
         '{base}/oauth/token' | sed -E 's/.*\"access_token\":\"([^\"]+)\".*/\\1/')\n  \
         curl -s -H \"Authorization: Bearer $SPONSOR\" '{base}/v2/myOrganization/members?api_key={key}&sortOrder=school'\n  \
         curl -s -H \"Authorization: Bearer $SPONSOR\" '{base}/v2/myOrganization/titleAvailabilities/demo-alice?api_key={key}'\n"
    )
}

/// The collection assistant's door: the catalog in every status, an edit the worker applies, and
/// the title's history that records it.
fn curator_instructions(demo: &FixtureFile, base: &str, key: &str) -> String {
    let Some((user, pass)) = sign_in_of(demo, "collectionAssistant") else {
        return String::new();
    };
    format!(
        "\nA collection assistant's catalog (every status), an edit (accepted, then applied by the worker) and the title's history:\n\n  \
         CURATOR=$(curl -s -u '{key}:' -d grant_type=password -d username='{user}' -d password='{pass}' \
         '{base}/oauth/token' | sed -E 's/.*\"access_token\":\"([^\"]+)\".*/\\1/')\n  \
         curl -s -H \"Authorization: Bearer $CURATOR\" '{base}/v2/catalog?api_key={key}&sortOrder=updatedDate&direction=desc'\n  \
         curl -s -X PUT -H \"Authorization: Bearer $CURATOR\" -d subtitle='A Novel' -d comments='Subtitle from the title page' '{base}/v2/titles/demo-pride?api_key={key}'\n  \
         curl -s -H \"Authorization: Bearer $CURATOR\" '{base}/v2/titles/demo-pride/history?api_key={key}'\n"
    )
}

/// The membership assistant's door, through the client key with membership privileges.
fn staff_instructions(demo: &FixtureFile, base: &str) -> String {
    let console = demo.clients.iter().find(|c| c.privileged);
    let assistant = demo
        .users
        .iter()
        .find(|u| u.roles.iter().any(|r| r == "membershipAssistant"));
    let (Some(c), Some(u), Some(reader)) = (console, assistant, demo.users.first()) else {
        return String::new();
    };
    let (key, user, pass) = (
        &c.api_key,
        u.user_name.as_deref().unwrap_or(""),
        u.password.as_deref().unwrap_or(""),
    );
    let member = reader.user_name.as_deref().unwrap_or("");
    format!(
        "\nA membership assistant's view of the reader's account, through the membership console's key:\n\n  \
         STAFF=$(curl -s -u '{key}:' -d grant_type=password -d username='{user}' -d password='{pass}' \
         '{base}/oauth/token' | sed -E 's/.*\"access_token\":\"([^\"]+)\".*/\\1/')\n  \
         curl -s -H \"Authorization: Bearer $STAFF\" '{base}/v2/accounts/{member}?api_key={key}'\n"
    )
}
