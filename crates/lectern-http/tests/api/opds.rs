//! The OPDS catalog (`/opds`) as reading apps read it: every feed a test produces is parsed by
//! Thorium Reader's parser (r2-opds-js) and, for Atom, by NYPL's opds-feed-parser
//! (`tests/opds/check.mjs`), and what they understood is checked here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::*;

on_both_stores!(
    apps_browse_the_catalog_in_both_renderings,
    new_arrivals_page_to_the_end_as_the_title_search_does,
    acquisition_links_follow_the_access_rules,
    covers_are_png_and_bad_requests_are_named,
    an_app_signs_in_with_the_password_flow_and_reads_the_shelf,
    basic_credentials_sign_in_each_request_with_the_same_rules,
    facets_narrow_a_feed_to_how_a_reader_reads,
    withdrawn_titles_and_lapsed_subscriptions_answer_as_in_the_api,
    an_app_walks_from_the_root_to_a_valid_epub,
    the_catalog_speaks_the_app_s_language,
);

const OPDS2: &str = "application/opds+json";

/// A directory of feeds to hand to the apps' parsers.
pub(crate) struct Feeds {
    dir: PathBuf,
    files: Vec<PathBuf>,
}

impl Feeds {
    pub(crate) fn new() -> Feeds {
        let dir =
            std::env::temp_dir().join(format!("lectern-opds-{}", lectern_domain::ids::new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        Feeds { dir, files: vec![] }
    }

    /// Fetches a feed (as an app that accepts OPDS 2.0, or as an Atom-only app), keeps it for
    /// the parsers, and returns its body.
    async fn fetch(
        &mut self,
        app: &TestApp,
        path: &str,
        json: bool,
        token: Option<&str>,
    ) -> String {
        let mut req = app.get(path);
        if json {
            req = req.header("accept", format!("{OPDS2}, application/atom+xml;q=0.5"));
        }
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        let media = resp.headers()["content-type"].to_str().unwrap().to_owned();
        if json {
            assert_eq!(media, OPDS2, "{path}");
        } else {
            assert!(
                media.starts_with("application/atom+xml;profile=opds-catalog;kind="),
                "{path}: {media}"
            );
        }
        let body = resp.text().await.unwrap();
        self.keep(&body, if json { "json" } else { "xml" });
        body
    }

    /// Keeps a body for the parsers: `ext` says what it is (`json`, `xml`, `auth.json`).
    pub(crate) fn keep(&mut self, body: &str, ext: &str) {
        let file = self.dir.join(format!("{}.{ext}", self.files.len()));
        std::fs::write(&file, body).unwrap();
        self.files.push(file);
    }

    /// What the apps' parsers understood of each feed fetched, in order; every feed is read by
    /// each parser and schema.
    pub(crate) fn as_apps_read_them(&self) -> Option<Vec<Value>> {
        let checker = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/opds");
        let read = apps_read(&checker, &self.files)?;
        self.as_palace_reads_them(&checker);
        self.as_the_schemas_read_them(&checker);
        Some(read)
    }

    /// What the apps' parsers understood of the feed fetched last: a walk follows the links
    /// an app sees page by page with it, and ends with [`Feeds::as_apps_read_them`]. Reading
    /// every page kept so far again at each step made a walk of 12 pages read 78.
    pub(crate) fn newest_as_apps_read_it(&self) -> Option<Value> {
        let checker = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/opds");
        let newest = &self.files[self.files.len() - 1..];
        apps_read(&checker, newest).map(|mut read| read.pop().expect("one feed read"))
    }
}

/// What Thorium's parser (r2-opds-js, `tests/opds/check.mjs`) understood of each file, in
/// order; `None` when it is not installed (outside CI).
fn apps_read(checker: &Path, files: &[PathBuf]) -> Option<Vec<Value>> {
    if !checker.join("node_modules/r2-opds-js").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the OPDS parsers are not installed: run `npm ci --ignore-scripts --prefix tests/opds` (.ci/run does)"
        );
        eprintln!(
            "\n!!! SKIPPING the OPDS parsers: run `npm ci --ignore-scripts --prefix tests/opds` !!!\n"
        );
        return None;
    }
    let out = Command::new("node")
        .arg(checker.join("check.mjs"))
        .args(files)
        .output()
        .expect("running node");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "an app's parser could not read a feed:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        report
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

impl Feeds {
    /// Every OPDS 2.0 feed kept, checked by the Palace Project's parser
    /// (`tests/opds/palace_check.py`), which reports what breaks the specification.
    fn as_palace_reads_them(&self, checker: &Path) {
        let python = checker.join(".venv/bin/python");
        if !python.exists() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set but Palace's parser is not installed in tests/opds/.venv (.ci/run does)"
            );
            eprintln!("\n!!! SKIPPING Palace's OPDS 2.0 parser: see .ci/run !!!\n");
            return;
        }
        let feeds: Vec<&PathBuf> = self
            .files
            .iter()
            .filter(|f| {
                let name = f.to_string_lossy();
                name.ends_with(".json") && !name.ends_with(".auth.json")
            })
            .collect();
        if feeds.is_empty() {
            return;
        }
        let out = Command::new(python)
            .arg(checker.join("palace_check.py"))
            .args(feeds)
            .output()
            .expect("running python");
        assert!(
            out.status.success(),
            "Palace's parser found errors:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Feeds {
    /// Every OPDS 2.0 feed and authentication document kept, valid against the OPDS
    /// community's and Readium's JSON schemas, pinned in `../shared/opds-schemas/`
    /// (`tests/opds/schema_check.mjs`).
    fn as_the_schemas_read_them(&self, checker: &Path) {
        let json: Vec<&PathBuf> = self
            .files
            .iter()
            .filter(|f| f.to_string_lossy().ends_with(".json"))
            .collect();
        if json.is_empty() {
            return;
        }
        if let Err(report) = schema_check(checker, &json) {
            panic!("a feed breaks the OPDS 2.0 schemas:\n{report}");
        }
    }
}

/// The pinned OPDS and Readium schemas, beside the project (`../shared/opds-schemas/`).
pub(crate) fn opds_schemas() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/opds-schemas")
}

/// Runs the schema check on `files`: its report when one of them is invalid.
pub(crate) fn schema_check(checker: &Path, files: &[&PathBuf]) -> Result<(), String> {
    let out = Command::new("node")
        .arg(checker.join("schema_check.mjs"))
        .arg(opds_schemas())
        .args(files)
        .output()
        .expect("running node");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "the schema check could not run:\n{report}"
    );
    if out.status.success() {
        Ok(())
    } else {
        Err(report)
    }
}

/// The schema check catches a broken feed: without its metadata, and with a publication
/// without a title, it is refused, each named.
#[test]
fn the_schema_check_refuses_a_broken_feed() {
    let checker = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/opds");
    if !checker.join("node_modules/ajv").exists() || !opds_schemas().exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the schema check cannot run: ajv (tests/opds) or ../shared/opds-schemas is missing"
        );
        eprintln!("\n!!! SKIPPING the OPDS schema check: see .ci/run !!!\n");
        return;
    }
    let mut feeds = Feeds::new();
    let publication = serde_json::json!({
        "metadata": {"@type": "http://schema.org/Book"},
        "links": [{"rel": "http://opds-spec.org/acquisition", "href": "http://x/1", "type": "application/epub+zip"}],
        "images": [{"href": "http://x/1.png", "type": "image/png"}]
    });
    let broken = serde_json::json!({
        "links": [{"rel": "self", "href": "http://x/feed", "type": "application/opds+json"}],
        "publications": [publication]
    });
    feeds.keep(&broken.to_string(), "json");
    let files: Vec<&PathBuf> = feeds.files.iter().collect();
    let report = schema_check(&checker, &files).expect_err("a broken feed passed the schemas");
    assert!(
        report.contains("'metadata'") && report.contains("'title'"),
        "{report}"
    );
}

/// The apps' parsers catch a broken feed: Thorium's (r2-opds-js) and NYPL's each fail the run,
/// naming the file and why, on malformed JSON, on a feed whose publications are not a list, on
/// a page that is not a feed, and on Atom that is not well-formed.
#[test]
fn the_apps_parsers_refuse_a_broken_feed() {
    let checker = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/opds");
    if !checker.join("node_modules/r2-opds-js").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the OPDS parsers are not installed (.ci/run installs them)"
        );
        eprintln!("\n!!! SKIPPING the OPDS parsers: see .ci/run !!!\n");
        return;
    }
    let mut feeds = Feeds::new();
    for (body, ext) in [
        (r#"{"links": ["#, "json"),
        (
            r#"{"metadata": {"title": "x"}, "publications": "none"}"#,
            "json",
        ),
        ("<html><body>not a feed</body></html>", "xml"),
        (
            r#"<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>x"#,
            "xml",
        ),
    ] {
        feeds.keep(body, ext);
    }
    for file in &feeds.files {
        let out = Command::new("node")
            .arg(checker.join("check.mjs"))
            .arg(file)
            .output()
            .expect("running node");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(!out.status.success(), "{} passed: {report}", file.display());
        let said: Value = serde_json::from_str(report.lines().next().unwrap_or("{}")).unwrap();
        assert!(
            said["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{report}"
        );
    }
}

impl Drop for Feeds {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The publications' titles; Atom has no subtitle, so an entry's title carries it after a
/// colon, which is left out here.
fn titles_of(read: &Value) -> Vec<String> {
    read["publications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let title = p["title"].as_str().unwrap();
            title.split(": ").next().unwrap().to_owned()
        })
        .collect()
}

fn link(read: &Value, rel: &str) -> Option<String> {
    read["links"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["rel"].as_array().unwrap().iter().any(|r| r == rel))
        .map(|l| l["href"].as_str().unwrap().to_owned())
}

/// A link of a feed as served (OPDS 2.0 JSON), before any parser reads it.
fn link_in(feed: &Value, rel: &str) -> Option<String> {
    feed["links"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["rel"] == rel)
        .map(|l| l["href"].as_str().unwrap().to_owned())
}

fn path_of(href: &str) -> String {
    let url = url::Url::parse(href).unwrap();
    match url.query() {
        Some(q) => format!("{}?{q}", url.path()),
        None => url.path().to_owned(),
    }
}

async fn apps_browse_the_catalog_in_both_renderings(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let mut feeds = Feeds::new();
    let root = feeds.fetch(&app, "/opds", true, None).await;
    let root: Value = serde_json::from_str(&root).unwrap();
    // Two sites, so the root lists their catalogs.
    let sites: BTreeSet<&str> = root["navigation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert_eq!(sites, BTreeSet::from(["Main Library", "Other Library"]));
    for json in [true, false] {
        feeds.fetch(&app, "/opds/main", json, None).await;
        feeds.fetch(&app, "/opds/main/categories", json, None).await;
        feeds
            .fetch(&app, "/opds/main/categories/Fiction", json, None)
            .await;
        feeds
            .fetch(&app, "/opds/main/search?query=road", json, None)
            .await;
        feeds
            .fetch(&app, "/opds/main/bisac/FIC000000", json, None)
            .await;
        feeds.fetch(&app, "/opds/main/languages", json, None).await;
        feeds
            .fetch(&app, "/opds/main/languages/spa", json, None)
            .await;
        feeds.fetch(&app, "/opds/main/bisac", json, None).await;
        feeds
            .fetch(&app, "/opds/main/popular/new-arrivals", json, None)
            .await;
    }
    // Another site's list, and what is no language, are not here; a token of nothing is refused.
    let (status, body) = json(
        app.get("/opds/main/languages?start=bm90LWEtdG9rZW4")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("start"), "{body}");
    for path in [
        "/opds/main/popular/far-favourites",
        "/opds/main/languages/x1",
        "/opds/main/search?query=road&language=english",
    ] {
        let (status, body) = json(app.get(path).send().await.unwrap()).await;
        assert!(
            status == StatusCode::NOT_FOUND || status == StatusCode::BAD_REQUEST,
            "{path}: {status} {body}"
        );
        let said = body["messages"][0].as_str().unwrap_or("");
        assert!(
            ["far-favourites", "x1", "language"]
                .iter()
                .any(|w| said.contains(w)),
            "{body}"
        );
    }
    let description = app.get("/opds/main/opensearch.xml").send().await.unwrap();
    assert_eq!(
        description.headers()["content-type"],
        "application/opensearchdescription+xml"
    );
    let description = description.text().await.unwrap();
    assert!(
        description.contains("/opds/main/search?query={searchTerms}"),
        "{description}"
    );
    let Some(read) = feeds.as_apps_read_them() else {
        return;
    };
    for (i, json) in [(1, true), (10, false)] {
        let (site, categories, fiction, search, bisac) = (
            &read[i],
            &read[i + 1],
            &read[i + 2],
            &read[i + 3],
            &read[i + 4],
        );
        let (languages, spanish, subjects, popular) =
            (&read[i + 5], &read[i + 6], &read[i + 7], &read[i + 8]);
        let titled = |feed: &Value| -> Vec<String> {
            feed["navigation"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n["title"].as_str().unwrap().to_owned())
                .collect()
        };
        // Each language named in itself.
        assert_eq!(titled(languages), ["English", "Español"], "{languages}");
        assert_eq!(titles_of(spanish), ["La Casa"], "{spanish}");
        let subjects = titled(subjects);
        assert!(
            subjects.contains(&"FICTION / General (FIC000000)".to_owned()),
            "{subjects:?}"
        );
        assert!(
            !subjects.iter().any(|s| s.contains("FIC027000")),
            "only adult titles have it, which a guest does not see: {subjects:?}"
        );
        // The library's list in its order, without what a guest may not see.
        assert_eq!(
            titles_of(popular),
            ["Algebra One", "Open Roads", "The Long Road"],
            "{popular}"
        );
        let nav: Vec<&str> = site["navigation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["title"].as_str().unwrap())
            .collect();
        assert_eq!(
            nav,
            [
                "Recently added",
                "New arrivals",
                "Categories",
                "Languages",
                "Subjects (BISAC)",
                "My shelf"
            ],
            "json {json}: the catalog's newest, then the library's popular list"
        );
        assert!(link(site, "search").is_some(), "{site}");
        let category_names: Vec<&str> = categories["navigation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["title"].as_str().unwrap())
            .collect();
        assert!(category_names.contains(&"Fiction titles"), "{categories}");
        assert!(
            !category_names.contains(&"Poetry titles"),
            "no visible title: {categories}"
        );
        // A guest of the main site: live titles of the site and the global collection, no
        // adult content, by title.
        assert_eq!(
            titles_of(fiction),
            titles_of(fiction)
                .iter()
                .cloned()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect::<Vec<_>>(),
            "by title"
        );
        assert!(titles_of(fiction).contains(&"Pride and Prejudice".to_owned()));
        assert!(
            titles_of(search).contains(&"The Long Road".to_owned()),
            "{search}"
        );
        assert!(!titles_of(bisac).is_empty(), "{bisac}");
        if json {
            // Readium's accessibility object, as Thorium's model holds it.
            let road = search["publications"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["title"] == "The Long Road")
                .unwrap();
            assert_eq!(road["accessMode"], serde_json::json!(["textual"]), "{road}");
            assert_eq!(
                road["accessModeSufficient"],
                serde_json::json!(["textual"]),
                "{road}"
            );
            assert_eq!(
                road["feature"],
                serde_json::json!(["structuralNavigation"]),
                "{road}"
            );
            assert_eq!(
                road["narrators"],
                serde_json::json!(["Nora Voice"]),
                "{road}"
            );
            assert!(
                road["images"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|i| i["type"] == "image/png")
            );
            assert!(
                road["subjects"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s == "Fiction titles")
            );
        } else {
            assert_eq!(search["nypl"]["kind"], "AcquisitionFeed", "{search}");
            assert_eq!(site["nypl"]["kind"], "NavigationFeed", "{site}");
            assert_eq!(site["nypl"]["search"], true, "{site}");
        }
    }
    // Atom carries the same accessibility as schema.org properties in the entry.
    let atom = app
        .get("/opds/main/search?query=road")
        .send()
        .await
        .unwrap();
    let atom = atom.text().await.unwrap();
    for element in [
        "<schema:accessMode>textual</schema:accessMode>",
        "<schema:accessModeSufficient>textual</schema:accessModeSufficient>",
        "<schema:accessibilityFeature>structuralNavigation</schema:accessibilityFeature>",
        "<schema:accessibilityHazard>none</schema:accessibilityHazard>",
    ] {
        assert!(atom.contains(element), "{element} in {atom}");
    }
    assert!(
        atom.contains(r#" xml:lang="en">"#) && atom.matches("xml:lang").count() == 1,
        "the feed says its words' language, and an English title's words are the feed's: {atom}"
    );
    // A title in another language says so, for an app's screen reader (WCAG 3.1.2).
    let casa = app
        .get("/opds/main/search?query=casa")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        casa.contains(r#"<title xml:lang="es">La Casa</title>"#),
        "{casa}"
    );
    // In a Spanish app, the Spanish title is the feed's own language, and the English one is
    // marked, its author's name with it.
    let in_spanish = |query: &'static str| {
        let req = app
            .get(&format!("/opds/main/search?query={query}"))
            .header("accept-language", "es");
        async move { req.send().await.unwrap().text().await.unwrap() }
    };
    let casa = in_spanish("casa").await;
    assert!(
        casa.contains(r#" xml:lang="es">"#) && casa.contains("<title>La Casa</title>"),
        "{casa}"
    );
    let road = in_spanish("road").await;
    assert!(
        road.contains(r#"<title xml:lang="en">The Long Road: A Journey</title>"#)
            && road.contains(r#"<author xml:lang="en"><name>Ada Byron</name></author>"#),
        "{road}"
    );
}

async fn new_arrivals_page_to_the_end_as_the_title_search_does(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (status, api) = json(
        app.get("/v2/titles?api_key=public-app-key&sortOrder=dateAdded&direction=desc&limit=50")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let expected: Vec<String> = api["titles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect();
    assert!(expected.len() > 4, "{api}");
    for json in [true, false] {
        let mut feeds = Feeds::new();
        let mut path = "/opds/main/new?limit=2".to_owned();
        let mut pages = 0;
        loop {
            feeds.fetch(&app, &path, json, None).await;
            pages += 1;
            let Some(last) = feeds.newest_as_apps_read_it() else {
                return;
            };
            assert_eq!(last["title"], "Recently added");
            match link(&last, "next") {
                Some(next) => path = path_of(&next),
                None => break,
            }
            assert!(pages < 20, "paging does not end");
        }
        let read = feeds.as_apps_read_them().unwrap();
        let seen: Vec<String> = read.iter().flat_map(titles_of).collect();
        assert_eq!(seen, expected, "json {json}");
        assert_eq!(pages, expected.len().div_ceil(2), "json {json}");
        if json {
            assert_eq!(read[0]["numberOfItems"], expected.len(), "{}", read[0]);
        }
        assert_eq!(
            link(&read[0], "previous"),
            None,
            "the first page has no previous"
        );
        // Back from the last page by `previous`: each page again, to the first.
        let forward: Vec<Vec<String>> = read.iter().map(titles_of).collect();
        let mut back = link(read.last().unwrap(), "previous");
        for expected_page in forward.iter().rev().skip(1) {
            let path = path_of(&back.expect("a page before"));
            feeds.fetch(&app, &path, json, None).await;
            let here = feeds.newest_as_apps_read_it().unwrap();
            assert_eq!(&titles_of(&here), expected_page, "json {json}: {path}");
            assert!(link(&here, "next").is_some(), "{path}");
            back = link(&here, "previous");
        }
        assert_eq!(back, None, "json {json}: the first page reached backwards");
        // Every page of the walk, forwards and back, by every parser and schema.
        feeds.as_apps_read_them().unwrap();
    }
    // A token of another list's order is refused by name, as the API refuses it.
    let (status, body) = json(
        app.get("/opds/main/new?start=bm90LWEtdG9rZW4")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("start"), "{body}");
}

fn acquisitions_of(read: &Value, title: &str) -> Vec<Value> {
    read["publications"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["title"] == title)
        .unwrap_or_else(|| panic!("no {title} in {read}"))["acquisitions"]
        .as_array()
        .unwrap()
        .clone()
}

async fn acquisition_links_follow_the_access_rules(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.minted_token("opds-main", "member@example.org").await;
    let mut feeds = Feeds::new();
    feeds
        .fetch(&app, "/opds/main/categories/Fiction?limit=50", true, None)
        .await;
    let member_feed = feeds
        .fetch(
            &app,
            "/opds/main/categories/Fiction?limit=50",
            true,
            Some(&member),
        )
        .await;
    let Some(read) = feeds.as_apps_read_them() else {
        return;
    };
    let (guest, signed_in) = (&read[0], &read[1]);
    // Anyone may have a public-domain title: open access, one link per format, each typed as
    // the file it gives (its braille is one file; Word and DAISY are made from its EPUB), and
    // the book to read online from its EPUB, as a Readium manifest.
    let pride = acquisitions_of(guest, "Pride and Prejudice");
    let types: BTreeSet<&str> = pride.iter().map(|a| a["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        BTreeSet::from([
            "application/daisy+zip",
            "application/epub+zip",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "application/webpub+json",
            "application/x-brf",
        ])
    );
    assert!(
        pride
            .iter()
            .all(|a| a["rel"][0] == "http://opds-spec.org/acquisition/open-access")
    );
    // A copyrighted title is a plain acquisition (a download is not a loan): a guest following
    // the link is asked to sign in.
    let road = acquisitions_of(guest, "The Long Road");
    assert!(
        road.iter()
            .all(|a| a["rel"][0] == "http://opds-spec.org/acquisition"),
        "{road:?}"
    );
    let epub = road
        .iter()
        .find(|a| a["type"] == "application/epub+zip")
        .unwrap();
    let guest_follow = app
        .get(&path_of(epub["href"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(guest_follow.status(), StatusCode::UNAUTHORIZED);
    // A member follows it once and gets the file: the link waits for the package.
    let follow = reqwest::Client::new()
        .get(epub["href"].as_str().unwrap())
        .bearer_auth(&member)
        .send()
        .await
        .unwrap();
    assert_eq!(follow.status(), StatusCode::OK, "{:?}", follow.headers());
    let file = follow.bytes().await.unwrap();
    assert!(file.starts_with(b"PK"), "an EPUB (a zip)");
    // The download counted as the API's does: it is in the reader's history.
    let (_, history) = json(
        app.get("/v2/myAccount/history?api_key=opds-main")
            .bearer_auth(&member)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(history.to_string().contains("t-road"), "{history}");
    // The member's feed carries no sign-in hint, and no `api_key` anywhere.
    assert!(!member_feed.contains("api_key"), "{member_feed}");
    assert!(acquisitions_of(signed_in, "The Long Road").iter().all(|a| {
        a["href"]
            .as_str()
            .unwrap()
            .contains("/opds/main/titles/t-road/")
    }));
}

async fn covers_are_png_and_bad_requests_are_named(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let cover = app
        .get("/opds/main/titles/t-road/cover.png")
        .send()
        .await
        .unwrap();
    assert_eq!(cover.status(), StatusCode::OK);
    assert_eq!(cover.headers()["content-type"], "image/png");
    let png = cover.bytes().await.unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    // 600 by 900, as the feeds say.
    assert_eq!(&png[16..24], &[0, 0, 2, 0x58, 0, 0, 3, 0x84]);
    let thumb = app
        .get("/opds/main/titles/t-road/thumbnail.png")
        .send()
        .await
        .unwrap();
    assert_eq!(
        &thumb.bytes().await.unwrap()[16..24],
        &[0, 0, 0, 120, 0, 0, 0, 180]
    );
    for (path, status, named) in [
        // A title a guest may not see (not yet live) is absent.
        (
            "/opds/main/titles/t-unfinished/cover.png",
            StatusCode::NOT_FOUND,
            "t-unfinished",
        ),
        ("/opds/nowhere", StatusCode::NOT_FOUND, "nowhere"),
        (
            "/opds/main/categories/Nothing",
            StatusCode::NOT_FOUND,
            "Nothing",
        ),
        (
            "/opds/main/bisac/XXX000000",
            StatusCode::NOT_FOUND,
            "XXX000000",
        ),
        (
            "/opds/main/search?query=%20",
            StatusCode::BAD_REQUEST,
            "query",
        ),
        ("/opds/main/search", StatusCode::BAD_REQUEST, "query"),
        ("/opds/main/new?limit=0", StatusCode::BAD_REQUEST, "limit"),
        (
            "/opds/main/titles/t-pride/MP3",
            StatusCode::BAD_REQUEST,
            "format",
        ),
    ] {
        let (got, body) = json(app.get(path).send().await.unwrap()).await;
        assert_eq!(got, status, "{path}: {body}");
        assert!(body.to_string().contains(named), "{path}: {body}");
    }
    // A token issued to another application is not this catalog's.
    let other = app
        .minted_token("trusted-app-key", "member@example.org")
        .await;
    let resp = app
        .get("/opds/main")
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    // A locked account is refused as in the API.
    let locked = app.minted_token("opds-main", "locked@example.org").await;
    let resp = app
        .get("/opds/main/new")
        .bearer_auth(&locked)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
}

/// A 401 of the catalog is Authentication for OPDS' answer; returns the document.
async fn asks_to_sign_in(resp: reqwest::Response) -> String {
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    let h = resp.headers();
    assert_eq!(h["content-type"], "application/opds-authentication+json");
    let link = h["link"].to_str().unwrap();
    assert!(
        link.contains("/opds/main/authentication>")
            && link.contains("rel=\"http://opds-spec.org/auth/document\""),
        "{link}"
    );
    assert!(
        h["www-authenticate"]
            .to_str()
            .unwrap()
            .starts_with("Basic realm=")
    );
    resp.text().await.unwrap()
}

async fn an_app_signs_in_with_the_password_flow_and_reads_the_shelf(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let mut feeds = Feeds::new();
    // The app opens the shelf as a guest and is shown how to sign in.
    let document = asks_to_sign_in(app.get("/opds/main/shelf").send().await.unwrap()).await;
    feeds.keep(&document, "auth.json");
    let token_url = app.url("/opds/main/token");
    // Thorium posts the password grant with no client_id, its values not form-encoded.
    let signed_in: Value = {
        let resp = reqwest::Client::new()
            .post(&token_url)
            .header("content-type", "application/x-www-form-urlencoded")
            .body("username=member@example.org&password=member-pass-1&grant_type=password")
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()["cache-control"], "no-store");
        resp.json().await.unwrap()
    };
    // ...and refreshes with a JSON body.
    let refreshed = reqwest::Client::new()
        .post(&token_url)
        .json(&serde_json::json!({
            "grant_type": "refresh_token",
            "refresh_token": signed_in["refresh_token"],
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(refreshed.status(), StatusCode::OK);
    let refreshed: Value = refreshed.json().await.unwrap();
    let token = refreshed["access_token"].as_str().unwrap().to_owned();
    assert_ne!(token, signed_in["access_token"].as_str().unwrap());
    // The reader's shelf: a list made through the API, and a download.
    let (status, list) = json(
        app.post("/v2/myLists?api_key=opds-main")
            .bearer_auth(&token)
            .form(&[("name", "For the train"), ("access", "private")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let list_id = list["readingListId"].as_str().unwrap();
    let (status, added) = json(
        app.post(&format!("/v2/lists/{list_id}/titles?api_key=opds-main"))
            .bearer_auth(&token)
            .form(&[("serviceId", "t-road")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{added}");
    let follow = reqwest::Client::new()
        .get(app.url("/opds/main/titles/t-pride/EPUB3"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(follow.status(), StatusCode::OK);
    for json in [true, false] {
        feeds
            .fetch(&app, "/opds/main/shelf", json, Some(&token))
            .await;
        feeds
            .fetch(&app, "/opds/main/shelf/lists", json, Some(&token))
            .await;
        feeds
            .fetch(
                &app,
                &format!("/opds/main/shelf/lists/{list_id}"),
                json,
                Some(&token),
            )
            .await;
        feeds
            .fetch(&app, "/opds/main/shelf/downloads", json, Some(&token))
            .await;
    }
    // With a second list, the lists page one at a time, both ways.
    let (status, second) = json(
        app.post("/v2/myLists?api_key=opds-main")
            .bearer_auth(&token)
            .form(&[("name", "Weekend"), ("access", "private")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    let mut paged = Feeds::new();
    let first = paged
        .fetch(&app, "/opds/main/shelf/lists?limit=1", true, Some(&token))
        .await;
    let first: Value = serde_json::from_str(&first).unwrap();
    let next = link_in(&first, "next").expect("a second page");
    assert_eq!(link_in(&first, "previous"), None);
    let second_page = paged.fetch(&app, &path_of(&next), true, Some(&token)).await;
    let second_page: Value = serde_json::from_str(&second_page).unwrap();
    assert_eq!(link_in(&second_page, "next"), None);
    let back = link_in(&second_page, "previous").expect("a page before");
    let again = paged.fetch(&app, &path_of(&back), true, Some(&token)).await;
    let again: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["navigation"], first["navigation"]);
    let both: BTreeSet<&str> = [&first, &second_page]
        .iter()
        .map(|f| f["navigation"][0]["title"].as_str().unwrap())
        .collect();
    assert_eq!(both, BTreeSet::from(["For the train", "Weekend"]));
    paged.as_apps_read_them();
    // A guest's documents shelf asks them to sign in, as the shelf does.
    asks_to_sign_in(app.get("/opds/main/shelf/documents").send().await.unwrap()).await;
    // A member of no organization has nothing assigned.
    let resp = app
        .get("/opds/main/shelf/assigned")
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    // Another reader's list is absent, as in the API.
    let student = app.minted_token("opds-main", "student@example.org").await;
    let resp = app
        .get(&format!("/opds/main/shelf/lists/{list_id}"))
        .bearer_auth(&student)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    // A pupil's shelf has the titles assigned to them.
    let mut pupil = Feeds::new();
    pupil
        .fetch(&app, "/opds/main/shelf", true, Some(&student))
        .await;
    pupil
        .fetch(&app, "/opds/main/shelf/assigned", true, Some(&student))
        .await;
    let Some(read) = feeds.as_apps_read_them() else {
        return;
    };
    let doc = &read[0];
    assert_eq!(doc["title"], "Main Library", "{doc}");
    assert_eq!(
        doc["authentication"][0]["type"],
        "http://opds-spec.org/auth/oauth/password"
    );
    assert_eq!(
        doc["authentication"][1]["type"],
        "http://opds-spec.org/auth/basic"
    );
    let links = doc["authentication"][0]["links"].as_array().unwrap();
    assert!(
        links
            .iter()
            .any(|l| l["rel"][0] == "authenticate" && l["href"] == token_url.as_str()),
        "{doc}"
    );
    assert!(
        links
            .iter()
            .any(|l| l["rel"][0] == "refresh" && l["href"] == token_url.as_str()),
        "{doc}"
    );
    for (i, json) in [(1, true), (5, false)] {
        let shelf: Vec<&str> = read[i]["navigation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["title"].as_str().unwrap())
            .collect();
        assert_eq!(
            shelf,
            ["My reading lists", "My documents", "My downloads"],
            "json {json}"
        );
        let lists: Vec<&str> = read[i + 1]["navigation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["title"].as_str().unwrap())
            .collect();
        assert_eq!(lists, ["For the train"], "json {json}");
        assert_eq!(titles_of(&read[i + 2]), ["The Long Road"], "json {json}");
        assert_eq!(
            titles_of(&read[i + 3]),
            ["Pride and Prejudice"],
            "json {json}"
        );
    }
    let read = pupil.as_apps_read_them().unwrap();
    let shelf: Vec<&str> = read[0]["navigation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert!(shelf.contains(&"Assigned to me"), "{shelf:?}");
    let (_, api) = json(
        app.get("/v2/myAssignedTitles?api_key=opds-main")
            .bearer_auth(&student)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(read[1]["numberOfItems"], api["totalResults"], "{api}");
}

async fn basic_credentials_sign_in_each_request_with_the_same_rules(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.sign_in_failures_per_minute = 3)
        .await
        .with_catalog()
        .await;
    let shelf = |user: &str, password: &str| {
        app.get("/opds/main/shelf")
            .basic_auth(user, Some(password))
            .send()
    };
    // Signed in, on this request and (from the node's memory of the check) the next.
    for _ in 0..2 {
        let resp = shelf("member@example.org", "member-pass-1").await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()["cache-control"], "no-store");
    }
    // A wrong password is a 401 with the authentication document.
    asks_to_sign_in(shelf("member@example.org", "not-it").await.unwrap()).await;
    // A locked account is refused, as the password grant refuses it.
    let resp = shelf("locked@example.org", "locked-pass-1").await.unwrap();
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    // Failed sign-ins are throttled as the token endpoint's are. Failures are counted per
    // minute: tries that ran into the next minute prove nothing, and are made again in the
    // minute after, on new counts.
    let statuses = loop {
        let minute = crate::sign_in_doors::this_minute();
        let mut statuses = vec![];
        for _ in 0..4 {
            statuses.push(
                shelf("sponsor@example.org", "wrong")
                    .await
                    .unwrap()
                    .status(),
            );
        }
        if crate::sign_in_doors::this_minute() == minute {
            break statuses;
        }
        crate::sign_in_doors::until_the_next_minute().await;
    };
    assert_eq!(
        statuses,
        [
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::TOO_MANY_REQUESTS
        ],
        "failed Basic sign-ins are throttled after the third"
    );
    // A new password ends what the node remembered of the old one.
    let token = app.minted_token("opds-main", "member@example.org").await;
    let (status, body) = call_as(
        &app,
        "opds-main",
        reqwest::Method::PUT,
        "/v2/myAccount",
        Some(&token),
        &[
            ("password", "a-new-pass-2026"),
            ("currentPassword", "member-pass-1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    asks_to_sign_in(shelf("member@example.org", "member-pass-1").await.unwrap()).await;
    let resp = shelf("member@example.org", "a-new-pass-2026")
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
}

fn facet_href(read: &Value, group: &str, title: &str) -> String {
    let group = read["facets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["title"] == group)
        .unwrap_or_else(|| panic!("no {group} facets in {read}"));
    let facet = group["links"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["title"] == title)
        .unwrap_or_else(|| panic!("no {title} in {group}"));
    path_of(facet["href"].as_str().unwrap())
}

async fn facets_narrow_a_feed_to_how_a_reader_reads(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    for json in [true, false] {
        let mut feeds = Feeds::new();
        feeds
            .fetch(&app, "/opds/main/new?limit=50", json, None)
            .await;
        let Some(read) = feeds.as_apps_read_them() else {
            return;
        };
        // A tap on "screen reader alone": the titles with a format readable by text alone.
        let screen_reader =
            facet_href(&read[0], "Accessibility", "Readable by screen reader alone");
        assert!(
            screen_reader.contains("accessModeSufficient=textual"),
            "{screen_reader}"
        );
        assert!(screen_reader.contains("limit=50"), "{screen_reader}");
        feeds.fetch(&app, &screen_reader, json, None).await;
        let read = feeds.as_apps_read_them().unwrap();
        let titles: BTreeSet<String> = titles_of(&read[1]).into_iter().collect();
        assert_eq!(
            titles,
            BTreeSet::from(
                [
                    "Algebra One",
                    "La Casa",
                    "Pride and Prejudice",
                    "Stars and Stripes",
                    "The Long Road"
                ]
                .map(String::from)
            ),
            "json {json}"
        );
        // Facets combine: screen reader alone, and a format.
        let braille = facet_href(&read[1], "Format", "BRF (Braille Ready Format)");
        assert!(
            braille.contains("accessModeSufficient=textual") && braille.contains("format=BRF"),
            "{braille}"
        );
        feeds.fetch(&app, &braille, json, None).await;
        let pride_only = facet_href(&read[1], "Format", "EPUB 3");
        feeds.fetch(&app, &pride_only, json, None).await;
        // A category facet, with its count.
        let fiction = facet_href(&read[0], "Category", "Fiction");
        feeds.fetch(&app, &fiction, json, None).await;
        // Nothing readable by listening alone: an empty feed that leads back to the start.
        let listening = facet_href(&read[0], "Accessibility", "Readable by listening alone");
        feeds.fetch(&app, &listening, json, None).await;
        let read = feeds.as_apps_read_them().unwrap();
        // Facets narrow titles: in braille (the library's own, or made from an EPUB in a
        // language with braille tables, La Casa's Spanish too) with a format readable by text
        // alone.
        assert_eq!(
            titles_of(&read[2]),
            [
                "Algebra One",
                "The Long Road",
                "Pride and Prejudice",
                "Stars and Stripes",
                "La Casa"
            ],
            "json {json}"
        );
        assert!(!titles_of(&read[3]).is_empty(), "json {json}");
        assert!(
            titles_of(&read[4]).contains(&"The Long Road".to_owned()),
            "json {json}"
        );
        assert!(
            !titles_of(&read[4]).contains(&"Open Roads".to_owned()),
            "json {json}"
        );
        assert_eq!(titles_of(&read[5]), Vec::<String>::new(), "json {json}");
        assert_eq!(
            read[5]["navigation"][0]["href"],
            app.url("/opds/main"),
            "json {json}"
        );
        // A language facet, named as readers say it, combined with "screen reader alone".
        let spanish = facet_href(&read[1], "Language", "Español");
        assert!(
            spanish.contains("language=spa") && spanish.contains("accessModeSufficient=textual"),
            "{spanish}"
        );
        feeds.fetch(&app, &spanish, json, None).await;
        let read = feeds.as_apps_read_them().unwrap();
        assert_eq!(titles_of(&read[6]), ["La Casa"], "json {json}");
    }
    for (path, named) in [
        (
            "/opds/main/new?accessModeSufficient=smell",
            "accessModeSufficient",
        ),
        ("/opds/main/new?feature=wings", "feature"),
        ("/opds/main/new?format=MP3", "format"),
        ("/opds/main/new?language=es", "language"),
        ("/opds/main/new?originCountry=spain", "originCountry"),
    ] {
        let (status, body) = json(app.get(path).send().await.unwrap()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert!(body.to_string().contains(named), "{path}: {body}");
    }
}

/// The status and messages of a download through the API and of the same title's acquisition
/// link, for one reader.
async fn both_ways(app: &TestApp, token: &str, service_id: &str) -> [(StatusCode, Value); 2] {
    let api = app
        .get(&format!("/v2/titles/{service_id}/EPUB3?api_key=opds-main"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let opds = app
        .get(&format!("/opds/main/titles/{service_id}/EPUB3"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    [json(api).await, json(opds).await]
}

async fn withdrawn_titles_and_lapsed_subscriptions_answer_as_in_the_api(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.minted_token("opds-main", "member@example.org").await;
    // A withdrawn title is gone from the catalog and its link, as from the API.
    let [(api, api_body), (opds, opds_body)] = both_ways(&app, &member, "t-gone").await;
    assert_eq!(api, StatusCode::NOT_FOUND, "{api_body}");
    assert_eq!(opds, api, "{opds_body}");
    assert_eq!(opds_body["messages"], api_body["messages"]);
    let mut feeds = Feeds::new();
    let found = feeds
        .fetch(&app, "/opds/main/search?query=gone", true, Some(&member))
        .await;
    assert!(!found.contains("t-gone"), "{found}");
    // The member's subscription lapses: the feed shows why the title is not theirs, and the
    // link refuses it with the API's reasons.
    let assistant = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let path = format!("/v2/accounts/member@example.org/subscriptions?api_key={CONFIDENTIAL}");
    let (status, subscriptions) =
        json(app.get(&path).bearer_auth(&assistant).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{subscriptions}");
    for s in subscriptions["userSubscriptions"].as_array().unwrap() {
        let id = s["subscriptionId"].as_str().unwrap();
        let (status, body) = json(
            app.http
                .put(app.url(&format!(
                    "/v2/accounts/member@example.org/subscriptions/{id}?api_key={CONFIDENTIAL}"
                )))
                .bearer_auth(&assistant)
                .form(&[
                    ("startDate", "2020-01-01"),
                    ("endDate", "2021-01-01"),
                    (
                        "userSubscriptionType",
                        s["userSubscriptionType"]["name"].as_str().unwrap(),
                    ),
                ])
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let [(api, api_body), (opds, opds_body)] = both_ways(&app, &member, "t-road").await;
    assert_eq!(api, StatusCode::FORBIDDEN, "{api_body}");
    assert_eq!(opds, api, "{opds_body}");
    assert_eq!(opds_body["messages"], api_body["messages"]);
    let feed = feeds
        .fetch(&app, "/opds/main/search?query=road", true, Some(&member))
        .await;
    let feed: Value = serde_json::from_str(&feed).unwrap();
    let road = feed["publications"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["metadata"]["title"] == "The Long Road")
        .unwrap();
    for link in road["links"].as_array().unwrap() {
        assert_eq!(
            link["properties"]["availability"]["state"], "unavailable",
            "{link}"
        );
        assert!(
            link["title"].as_str().unwrap().contains("subscription"),
            "the reason in words: {link}"
        );
    }
    // A public-domain title too answers as the API does.
    let [(api, api_body), (opds, opds_body)] = both_ways(&app, &member, "t-pride").await;
    assert_eq!(opds, api, "{opds_body}");
    assert_eq!(opds_body["messages"], api_body["messages"]);
    feeds.as_apps_read_them();
}

/// An app's whole journey, as Thorium and KOReader make it: the root URL, the authentication
/// document, signing in (the password flow, or Basic credentials on every request), a search,
/// the "screen reader" facet, a title, and its EPUB, which epubcheck passes.
async fn an_app_walks_from_the_root_to_a_valid_epub(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let apps = reqwest::Client::new();
    let basic = format!(
        "Basic {}",
        base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            "member@example.org:member-pass-1"
        )
    );
    for password_flow in [true, false] {
        let get = |url: String, auth: Option<String>| {
            let mut req = apps.get(url).header("accept", OPDS2);
            if let Some(a) = auth {
                req = req.header("authorization", a);
            }
            req.send()
        };
        let root: Value = get(app.url("/opds"), None)
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let site = root["navigation"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["title"] == "Main Library")
            .unwrap()["href"]
            .as_str()
            .unwrap()
            .to_owned();
        let site: Value = get(site, None).await.unwrap().json().await.unwrap();
        let shelf = site["navigation"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["title"] == "My shelf")
            .unwrap()["href"]
            .as_str()
            .unwrap()
            .to_owned();
        let document = asks_to_sign_in(get(shelf.clone(), None).await.unwrap()).await;
        let document: Value = serde_json::from_str(&document).unwrap();
        let auth = if password_flow {
            let token_url = document["authentication"][0]["links"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["rel"] == "authenticate")
                .unwrap()["href"]
                .as_str()
                .unwrap()
                .to_owned();
            let granted: Value = apps
                .post(token_url)
                .form(&[
                    ("grant_type", "password"),
                    ("username", "member@example.org"),
                    ("password", "member-pass-1"),
                ])
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            format!("Bearer {}", granted["access_token"].as_str().unwrap())
        } else {
            assert_eq!(
                document["authentication"][1]["type"],
                "http://opds-spec.org/auth/basic"
            );
            basic.clone()
        };
        let signed_in = get(shelf, Some(auth.clone())).await.unwrap();
        assert_eq!(signed_in.status(), StatusCode::OK);
        let search = link_in(&site, "search")
            .unwrap()
            .replace("{?query}", "?query=pride");
        let found: Value = get(search, Some(auth.clone()))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let screen_reader = found["facets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["metadata"]["title"] == "Accessibility")
            .unwrap()["links"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["title"] == "Readable by screen reader alone")
            .unwrap()["href"]
            .as_str()
            .unwrap()
            .to_owned();
        let narrowed: Value = get(screen_reader, Some(auth.clone()))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let pride = narrowed["publications"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["metadata"]["title"] == "Pride and Prejudice")
            .unwrap_or_else(|| panic!("{narrowed}"));
        let epub = pride["links"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["type"] == "application/epub+zip")
            .unwrap()["href"]
            .as_str()
            .unwrap()
            .to_owned();
        let file = get(epub, Some(auth)).await.unwrap();
        assert_eq!(file.status(), StatusCode::OK);
        let bytes = file.bytes().await.unwrap();
        // Either sign-in takes the same package, stamped whichever store keeps the row:
        // epubcheck reads it once.
        if backend == Backend::Sqlite && password_flow {
            lectern_jobs::checkers::epubcheck("OPDS acquisition", &bytes);
        }
    }
}

/// The catalog's own words (navigation, facets, the sign-in invitation and its labels) are in
/// the app's `Accept-Language`, and caches keep each language apart; the feeds stay what the
/// apps' parsers read.
async fn the_catalog_speaks_the_app_s_language(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let resp = app
        .get("/opds/main")
        .header("accept", OPDS2)
        .header("accept-language", "es-MX, en;q=0.5")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let vary = resp.headers()["vary"].to_str().unwrap().to_owned();
    assert!(vary.contains("Accept-Language"), "{vary}");
    let root: Value = resp.json().await.unwrap();
    let titles: Vec<&str> = root["navigation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    for want in [
        "Añadidos recientemente",
        "Categorías",
        "Idiomas",
        "Mi estante",
    ] {
        assert!(titles.contains(&want), "{want} in {titles:?}");
    }
    let atom = app
        .get("/opds/main/new")
        .header("accept-language", "ar")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        atom.contains(r#"title="الكل" opds:facetGroup="إمكانية الوصول""#)
            || atom.contains(r#"opds:facetGroup="إمكانية الوصول""#),
        "{atom}"
    );
    assert!(atom.contains("<title>أُضيف حديثًا</title>"), "{atom}");
    let document: Value = app
        .get("/opds/main/authentication")
        .header("accept-language", "fr")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        document["authentication"][0]["labels"]["password"],
        "Mot de passe"
    );
    assert!(
        document["description"]
            .as_str()
            .unwrap()
            .starts_with("Connectez-vous avec votre compte"),
        "{document}"
    );
    // What the apps read of feeds in other languages.
    let mut feeds = Feeds::new();
    for (path, language) in [("/opds/main", "ar"), ("/opds/main/new", "fr")] {
        let body = app
            .get(path)
            .header("accept", OPDS2)
            .header("accept-language", language)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        feeds.keep(&body, "json");
    }
    if let Some(read) = feeds.as_apps_read_them() {
        assert_eq!(read.len(), 2);
    }
}
