use std::io::Write;

use lectern_domain::Timestamp;
use lectern_store::bisac_codes::{self, BisacPrefix};
use lectern_store::bulk::TitleLoad;
use lectern_store::fixture::{self, FixtureError, FixtureFile};
use lectern_store::on_both_stores;
use lectern_store::popular_lists;
use lectern_store::testing::{Backend, fresh, unmigrated};
use lectern_store::{periodicals, readers, titles};

on_both_stores!(
    the_change_feed_gives_every_write_once_in_order,
    a_replaced_title_keeps_the_date_it_was_added,
    catalog_fixtures_load_with_their_files,
    a_fileset_artifact_loads_every_file_of_its_directory,
    bad_catalog_entries_are_refused_by_name,
    an_edition_id_of_another_series_is_refused_by_name,
    reading_lists_load_whole_and_bad_ones_are_refused_by_name,
    readers_marks_and_reading_load_once_and_bad_ones_are_refused_by_name,
    a_titles_facts_from_its_columns_are_its_records,
    bisac_codes_match_a_prefix_of_code_or_description,
    reader_facts_count_this_months_downloads,
    a_bulk_load_keeps_the_titles_checks,
    a_bulk_load_commits_on_its_way,
    a_bulk_load_stores_titles_as_written_and_replaces_those_there,
    titles_stored_before_packing_read_back_and_new_ones_are_packed,
);

const CATALOG: &str = r#"{
  "sites": [{ "id": "lib", "name": "The Library" }],
  "categories": [{ "name": "Fiction", "description": "Stories" }, { "name": "History" }],
  "bisacCodes": [
    { "code": "FIC000000", "description": "FICTION / General" },
    { "code": "FIC027000", "description": "FICTION / Romance / General" },
    { "code": "HIS000000", "description": "HISTORY / General" }
  ],
  "titles": [
    { "serviceId": "t1", "site": "lib", "status": "live", "title": "The Long Road",
      "usageRestriction": "copyright", "categories": ["Fiction"], "bisacCodes": ["FIC000000"],
      "contributors": [{ "name": "Ada Byron", "type": "author" }], "languages": ["eng"],
      "artifacts": [{ "format": "EPUB3", "file": "files/road.epub",
                      "accessibility": { "accessModes": ["textual"], "accessibilitySummary": "Fully navigable." } }] },
    { "serviceId": "t2", "site": "lib", "status": "new", "title": "Untold", "usageRestriction": "publicDomain" }
  ],
  "popularLists": [{ "id": "new", "site": "lib", "description": "New arrivals", "titles": ["t1", "t2"] }],
  "periodicals": [{ "seriesId": "p1", "site": "lib", "title": "Weekly News", "seriesType": "newspaper",
                    "languages": ["eng"],
                    "editions": [{ "editionId": "e1", "editionName": "Week 1", "publicationDate": "2026-01-05",
                                   "artifacts": [{ "format": "DAISY", "file": "files/week1.zip" }] }] }]
}"#;

fn fixture_dir() -> tempfile_dir::Dir {
    let dir = tempfile_dir::Dir::new();
    std::fs::create_dir_all(dir.path().join("files")).unwrap();
    for name in ["road.epub", "week1.zip"] {
        let mut f = std::fs::File::create(dir.path().join("files").join(name)).unwrap();
        f.write_all(b"bytes").unwrap();
    }
    dir
}

/// A temporary directory removed on drop, without another dependency.
mod tempfile_dir {
    use std::path::{Path, PathBuf};

    pub struct Dir(PathBuf);

    impl Dir {
        pub fn new() -> Self {
            let path = std::env::temp_dir()
                .join(format!("lectern-fixture-{}", lectern_domain::ids::new_id()));
            std::fs::create_dir_all(&path).unwrap();
            Dir(path)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

async fn load_catalog(store: &lectern_store::Store) -> fixture::LoadReport {
    let dir = fixture_dir();
    let plan = fixture::check(store, FixtureFile::parse(CATALOG).unwrap(), dir.path())
        .await
        .unwrap();
    fixture::write(store, plan).await.unwrap()
}

fn record(id: &str, title: &str) -> lectern_domain::catalog::TitleRecord {
    serde_json::from_value(serde_json::json!({
        "serviceId": id, "site": "lib", "status": "live", "title": title,
        "usageRestriction": "copyright"
    }))
    .unwrap()
}

async fn the_change_feed_gives_every_write_once_in_order(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let start = titles::current_seq(t.store.reads()).await.unwrap();
    let mut tx = t.store.begin().await.unwrap();
    let records: Vec<_> = (0..1200)
        .map(|i| record(&format!("x{i:04}"), "X"))
        .collect();
    let last = titles::upsert(&mut tx, &records).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(last, start + 1200);

    let mut tx = t.store.begin().await.unwrap();
    titles::upsert(&mut tx, &[record("x0005", "Changed")])
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let mut seen = Vec::new();
    let mut at = start;
    loop {
        let batch = titles::changes_since(t.store.reads(), at, 500)
            .await
            .unwrap();
        let Some((seq, _)) = batch.last() else { break };
        at = *seq;
        seen.extend(batch);
    }
    // 1,200 titles, one of them written twice: it appears once, at its latest position.
    assert_eq!(seen.len(), 1200);
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0));
    let (_, changed) = seen.last().unwrap();
    assert_eq!(
        (changed.service_id.as_str(), changed.title.as_str()),
        ("x0005", "Changed")
    );
}

async fn a_replaced_title_keeps_the_date_it_was_added(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let mut first = record("d1", "First");
    first.date_added = Some(Timestamp::from_unix(1_000_000_000));
    let mut tx = t.store.begin().await.unwrap();
    titles::upsert(&mut tx, &[first]).await.unwrap();
    titles::upsert(&mut tx, &[record("d1", "Second")])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let stored = titles::get(t.store.reads(), "d1").await.unwrap().unwrap();
    assert_eq!(stored.title, "Second");
    assert_eq!(stored.date_added, Some(Timestamp::from_unix(1_000_000_000)));
    let many = titles::get_many(t.store.reads(), &["d1".into(), "nope".into(), "t1".into()])
        .await
        .unwrap();
    let ids: Vec<_> = many.iter().map(|r| r.service_id.as_str()).collect();
    assert_eq!(ids, ["d1", "t1"]);
}

async fn catalog_fixtures_load_with_their_files(backend: Backend) {
    let t = fresh(backend).await;
    let dir = fixture_dir();
    let plan = fixture::check(&t.store, FixtureFile::parse(CATALOG).unwrap(), dir.path())
        .await
        .unwrap();
    let keys: Vec<&str> = plan.files().iter().map(|(_, k)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "titles/t1/EPUB3/road.epub",
            "periodicals/p1/e1/DAISY/week1.zip"
        ]
    );
    let report = fixture::write(&t.store, plan).await.unwrap();
    assert_eq!((report.titles, report.periodicals, report.files), (2, 1, 2));

    let t1 = titles::get(t.store.reads(), "t1").await.unwrap().unwrap();
    assert_eq!(
        t1.artifacts[0].file.as_deref(),
        Some("titles/t1/EPUB3/road.epub")
    );
    assert_eq!(
        t1.artifacts[0]
            .accessibility
            .accessibility_summary
            .as_deref(),
        Some("Fully navigable.")
    );
    assert!(t1.date_added.is_some());
    let list = popular_lists::popular_list_titles(t.store.reads(), "new")
        .await
        .unwrap();
    assert_eq!(list, [(0, "t1".to_owned()), (1, "t2".to_owned())]);
    let (series, editions) = periodicals::get(t.store.reads(), "p1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((series.title.as_str(), editions), ("Weekly News", 1));
    let e1 = periodicals::edition(t.store.reads(), "p1", "e1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        e1.artifacts[0].file.as_deref(),
        Some("periodicals/p1/e1/DAISY/week1.zip")
    );

    // A second load changes nothing but the change feed position of the titles.
    let before = titles::changes_since(t.store.reads(), 0, 10).await.unwrap();
    load_catalog(&t.store).await;
    let after = titles::changes_since(t.store.reads(), 0, 10).await.unwrap();
    let records = |v: &[(i64, lectern_domain::catalog::TitleRecord)]| {
        v.iter()
            .map(|(_, r)| (r.service_id.clone(), r.date_added))
            .collect::<Vec<_>>()
    };
    assert_eq!(records(&before), records(&after));
}

async fn a_fileset_artifact_loads_every_file_of_its_directory(backend: Backend) {
    let t = fresh(backend).await;
    let dir = tempfile_dir::Dir::new();
    for (path, bytes) in [
        ("book/track01.mp3", &b"one"[..]),
        ("book/track02.mp3", b"two"),
        ("book/text/ncc 1.html", b"<html/>"),
        ("novel/chapter.xhtml", b"<p/>"),
    ] {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    std::fs::create_dir_all(dir.path().join("empty")).unwrap();
    let fixture = |format: &str, file: &str| {
        format!(
            r#"{{ "sites": [{{ "id": "lib", "name": "The Library" }}],
               "titles": [{{ "serviceId": "t1", "site": "lib", "status": "live", "title": "Heard",
                            "usageRestriction": "copyright",
                            "artifacts": [{{ "format": "{format}", "file": "{file}" }}] }}] }}"#
        )
    };
    let plan = fixture::check(
        &t.store,
        FixtureFile::parse(&fixture("DAISY_AUDIO", "book")).unwrap(),
        dir.path(),
    )
    .await
    .unwrap();
    let copies: Vec<(String, &str)> = plan
        .files()
        .iter()
        .map(|(source, key)| {
            let source = source.strip_prefix(dir.path()).unwrap();
            (source.to_string_lossy().into_owned(), key.as_str())
        })
        .collect();
    assert_eq!(
        copies,
        [
            (
                "book/text/ncc 1.html".to_owned(),
                "titles/t1/DAISY_AUDIO/text/ncc 1.html"
            ),
            (
                "book/track01.mp3".to_owned(),
                "titles/t1/DAISY_AUDIO/track01.mp3"
            ),
            (
                "book/track02.mp3".to_owned(),
                "titles/t1/DAISY_AUDIO/track02.mp3"
            ),
        ]
    );
    fixture::write(&t.store, plan).await.unwrap();
    let t1 = titles::get(t.store.reads(), "t1").await.unwrap().unwrap();
    assert_eq!(
        t1.artifacts[0].file.as_deref(),
        Some("titles/t1/DAISY_AUDIO/")
    );

    for (format, file, problem) in [
        (
            "EPUB3",
            "novel",
            "is a directory, but an artifact in EPUB3 is one file",
        ),
        ("BRF", "empty", "holds no files"),
    ] {
        let Err(FixtureError::Invalid(problems)) = fixture::check(
            &t.store,
            FixtureFile::parse(&fixture(format, file)).unwrap(),
            dir.path(),
        )
        .await
        else {
            panic!("{format}: a bad fileset was accepted");
        };
        let refused = problems.join("\n");
        assert!(refused.to_string().contains(problem), "{format}: {refused}");
    }
}

async fn bad_catalog_entries_are_refused_by_name(backend: Backend) {
    let t = fresh(backend).await;
    let bad = CATALOG
        .replace(
            "\"bisacCodes\": [\"FIC000000\"]",
            "\"bisacCodes\": [\"fiction\"]",
        )
        .replace(
            "\"languages\": [\"eng\"],\n      \"artifacts\"",
            "\"languages\": [\"English\"],\n      \"artifacts\"",
        )
        .replace(
            "\"categories\": [\"Fiction\"]",
            "\"categories\": [\"Poetry\"]",
        )
        .replace(
            "\"titles\": [\"t1\", \"t2\"]",
            "\"titles\": [\"t1\", \"t9\"]",
        );
    let dir = tempfile_dir::Dir::new();
    let Err(FixtureError::Invalid(problems)) =
        fixture::check(&t.store, FixtureFile::parse(&bad).unwrap(), dir.path()).await
    else {
        panic!("a bad catalog was accepted");
    };
    let all = problems.join("\n");
    for expected in [
        "titles[0] (t1): bisacCodes: 'fiction'",
        "titles[0] (t1): languages: 'English'",
        "titles[0] (t1): categories: no category 'Poetry'",
        "titles[0] (t1): artifacts[0]: file: no file at",
        "popularLists[0] (new): titles[1]: no title 't9'",
        "periodicals[0] (p1): editions[0] (e1): artifacts[0]: file: no file at",
    ] {
        assert!(all.contains(expected), "missing '{expected}' in:\n{all}");
    }
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 0);
    let unknown = CATALOG.replace(
        "\"title\": \"Untold\"",
        "\"title\": \"Untold\", \"colour\": 1",
    );
    let Err(FixtureError::Syntax { path, .. }) = FixtureFile::parse(&unknown) else {
        panic!("an unknown field was accepted");
    };
    assert_eq!(path, "titles[1].colour");
}

async fn an_edition_id_of_another_series_is_refused_by_name(backend: Backend) {
    let t = fresh(backend).await;
    let dir = fixture_dir();
    let plan = fixture::check(&t.store, FixtureFile::parse(CATALOG).unwrap(), dir.path())
        .await
        .unwrap();
    fixture::write(&t.store, plan).await.unwrap();
    // Another series that reuses the stored edition's id, and repeats one of its own.
    let other = CATALOG
        .replace("\"seriesId\": \"p1\"", "\"seriesId\": \"p2\"")
        .replace(
            "\"editions\": [{ \"editionId\": \"e1\"",
            "\"editions\": [{ \"editionId\": \"e2\", \"editionName\": \"Week 2\", \"publicationDate\": \"2026-01-12\" }, { \"editionId\": \"e2\", \"editionName\": \"Week 2\", \"publicationDate\": \"2026-01-12\" }, { \"editionId\": \"e1\"",
        );
    let Err(FixtureError::Invalid(problems)) =
        fixture::check(&t.store, FixtureFile::parse(&other).unwrap(), dir.path()).await
    else {
        panic!("an edition of another series was accepted");
    };
    let all = problems.join("\n");
    for expected in [
        "periodicals[0] (p2): editions[1] (e2): editionId: appears twice in this file",
        "periodicals[0] (p2): editions[2] (e1): editionId: already belongs to series 'p1'",
    ] {
        assert!(all.contains(expected), "missing '{expected}' in:\n{all}");
    }
}

async fn bisac_codes_match_a_prefix_of_code_or_description(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let codes = |p: BisacPrefix| {
        let store = t.store.clone();
        async move {
            bisac_codes::bisac_page(store.reads(), &p, None, 10)
                .await
                .unwrap()
                .into_iter()
                .map(|c| c.code)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        codes(BisacPrefix::Code("fic".into())).await,
        ["FIC000000", "FIC027000"]
    );
    assert_eq!(
        codes(BisacPrefix::Description("fiction / ro".into())).await,
        ["FIC027000"]
    );
    assert_eq!(
        codes(BisacPrefix::Description("100%".into())).await,
        Vec::<String>::new()
    );
    assert_eq!(codes(BisacPrefix::All).await.len(), 3);
    let page = bisac_codes::bisac_page(
        t.store.reads(),
        &BisacPrefix::All,
        Some(&("FIC027000".into(), "FIC027000".into())),
        10,
    )
    .await
    .unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(
        bisac_codes::bisac_count(t.store.reads(), &BisacPrefix::Code("F".into()))
            .await
            .unwrap(),
        2
    );
}

async fn reader_facts_count_this_months_downloads(backend: Backend) {
    let t = fresh(backend).await;
    let file = r#"{
      "sites": [{ "id": "lib", "name": "The Library" }],
      "organizations": [{ "organizationId": "o1", "organizationName": "School", "organizationType": "school",
                          "site": "lib", "country": "US", "allowSearchDownloads": false, "canDownloadNimac": true }],
      "users": [{ "userAccountId": "u1", "site": "lib", "roles": ["organizationMember"], "firstName": "A",
                  "lastName": "B", "organizationId": "o1", "hasEducationPlan": true, "monthlyQuota": 30, "subscriptionStatus": "active",
                  "allowAdultContent": true }]
    }"#;
    fixture::load(&t.store, FixtureFile::parse(file).unwrap())
        .await
        .unwrap();
    let now = Timestamp::parse("2026-11-21T10:00:00Z").unwrap();
    for (i, at) in [
        "2026-10-31T23:59:59Z",
        "2026-11-01T00:00:00Z",
        "2026-11-20T00:00:00Z",
    ]
    .iter()
    .enumerate()
    {
        sqlx::query(
            "INSERT INTO downloads (download_id, user_account_id, requester, subject_kind, subject, format, status, created_at)
             VALUES ($1, 'u1', 'u1', 'title', 't1', 'EPUB3', 'ready', $2)",
        )
        .bind(format!("d{i}"))
        .bind(Timestamp::parse(at).unwrap().unix())
        .execute(&mut *t.store.writer().await.expect("a writer"))
        .await
        .unwrap();
    }
    let r = readers::reader_facts(t.store.reads(), "u1", now)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(r.downloads_in_period, 2);
    assert_eq!(r.quota, Some(30));
    assert!(r.has_education_plan && r.allow_adult_content);
    let policy = r.organization.unwrap();
    assert!(!policy.allow_search_downloads && policy.safe_search && policy.can_download_nimac);
    assert!(
        readers::reader_facts(t.store.reads(), "nobody", now)
            .await
            .unwrap()
            .is_none()
    );
}

/// The indexes and constraints of `titles`, as the engine describes them.
async fn titles_checks(store: &lectern_store::Store) -> Vec<String> {
    let sql = match store.backend() {
        lectern_store::Backend::Sqlite => {
            "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master \
             WHERE tbl_name = 'titles' ORDER BY name"
        }
        lectern_store::Backend::Postgres => {
            "SELECT pg_get_indexdef(indexrelid) FROM pg_index \
             WHERE indrelid = 'titles'::regclass \
             UNION ALL SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint \
             WHERE conrelid = 'titles'::regclass ORDER BY 1"
        }
    };
    sqlx::query_scalar(sql)
        .fetch_all(store.reads())
        .await
        .unwrap()
}

/// Loads `records` in one bulk load, their ids all within `ids`.
async fn bulk_load(
    store: &lectern_store::Store,
    records: Vec<lectern_domain::catalog::TitleRecord>,
    ids: std::ops::RangeInclusive<&str>,
) {
    let prepared: Vec<_> = records
        .into_iter()
        .map(|r| titles::Prepared::new(r).unwrap())
        .collect();
    let mut load = TitleLoad::begin(store, prepared.len() as u64, ids)
        .await
        .unwrap();
    load.write(&prepared).await.unwrap();
    load.finish().await.unwrap();
}

/// A load long enough to commit on its way: on SQLite each commit gives the node's write turn
/// to the next transaction (a load that began the next one first waited on itself).
async fn a_bulk_load_commits_on_its_way(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let prepared: Vec<_> = (0..300)
        .map(|i| titles::Prepared::new(record(&format!("d{i:03}"), "Batched")).unwrap())
        .collect();
    let mut load = TitleLoad::begin(&t.store, 300, "d000"..="d299")
        .await
        .unwrap()
        .committing_every(100);
    for batch in prepared.chunks(100) {
        load.write(batch).await.unwrap();
        load.commit_if_due().await.unwrap();
    }
    load.finish().await.unwrap();
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 302);
}

async fn a_bulk_load_keeps_the_titles_checks(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let checks = titles_checks(&t.store).await;
    assert!(checks.len() >= 3, "{checks:?}");

    // A load that more than doubles the table may drop the checks, and brings them back.
    let load = TitleLoad::begin(&t.store, 300, "b000"..="b299")
        .await
        .unwrap();
    assert_eq!(
        load.checks_dropped(),
        backend == Backend::Postgres,
        "only PostgreSQL drops checks"
    );
    drop(load);
    let many = (0..300)
        .map(|i| record(&format!("b{i:03}"), "Bulk"))
        .collect();
    bulk_load(&t.store, many, "b000"..="b299").await;
    assert_eq!(titles_checks(&t.store).await, checks);
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 302);

    // A title whose site does not exist fails the whole load, on either engine.
    let mut stray = record("stray", "Stray");
    stray.site = "nowhere".into();
    let mut load = TitleLoad::begin(&t.store, 400, "stray"..="stray")
        .await
        .unwrap();
    let failed = match load.write(&[titles::Prepared::new(stray).unwrap()]).await {
        Err(_) => {
            drop(load);
            true
        }
        Ok(()) => load.finish().await.is_err(),
    };
    assert!(failed, "a title without its site was accepted");
    assert_eq!(titles_checks(&t.store).await, checks);
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 302);

    // A small load into a larger table keeps its checks.
    let load = TitleLoad::begin(&t.store, 10, "c0"..="c9").await.unwrap();
    assert!(!load.checks_dropped());
    load.finish().await.unwrap();

    // The first load sized the never-analysed table by counting; once analysed, the planner's
    // estimate sizes it, both ways.
    sqlx::query("ANALYZE titles")
        .execute(&mut *t.store.writer().await.expect("a writer"))
        .await
        .unwrap();
    for (titles, drops) in [(10, false), (400, backend == Backend::Postgres)] {
        let load = TitleLoad::begin(&t.store, titles, "c0"..="c9")
            .await
            .unwrap();
        assert_eq!(load.checks_dropped(), drops, "{titles} titles");
        load.finish().await.unwrap();
    }
    assert_eq!(titles_checks(&t.store).await, checks);
}

async fn a_bulk_load_stores_titles_as_written_and_replaces_those_there(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let before = titles::current_seq(t.store.reads()).await.unwrap();
    let titled = |i: usize, title: &str, year: i64| {
        let mut r = record(&format!("r{i:02}"), title);
        r.countries = vec!["US".into(), "CA".into()];
        r.adult_content = i.is_multiple_of(2);
        r.synopsis = Some("Tabs\t, \"quotes\", new\nlines and ünïcödé".into());
        r.date_added = Some(Timestamp::from_unix(year * 31_557_600));
        r.last_updated = r.date_added;
        r
    };

    // New ids (PostgreSQL copies them straight in).
    let first: Vec<_> = (0..50).map(|i| titled(i, "First", 40)).collect();
    bulk_load(&t.store, first.clone(), "r00"..="r49").await;
    for r in &first {
        let got = titles::get(t.store.reads(), &r.service_id).await.unwrap();
        assert_eq!(got.as_ref(), Some(r));
    }
    let (adult, countries): (i64, String) =
        sqlx::query_as("SELECT adult_content, countries FROM titles WHERE service_id = 'r00'")
            .fetch_one(t.store.reads())
            .await
            .unwrap();
    assert_eq!((adult, countries.as_str()), (1, "US,CA"));

    // Half of these are there: they are replaced, keeping the date they joined the catalog.
    let second: Vec<_> = (25..75).map(|i| titled(i, "Second", 50)).collect();
    bulk_load(&t.store, second, "r25"..="r74").await;
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 77);
    let replaced = titles::get(t.store.reads(), "r30").await.unwrap().unwrap();
    assert_eq!(replaced.title, "Second");
    assert_eq!(replaced.date_added, first[30].date_added);
    assert_eq!(
        replaced.last_updated,
        Some(Timestamp::from_unix(50 * 31_557_600))
    );
    let kept = titles::get(t.store.reads(), "r10").await.unwrap().unwrap();
    assert_eq!(kept.title, "First");
    let added = titles::get(t.store.reads(), "r60").await.unwrap().unwrap();
    assert_eq!(added.title, "Second");

    // Every write took its own change-feed number, which the feed gives in order.
    assert_eq!(
        titles::current_seq(t.store.reads()).await.unwrap(),
        before + 100
    );
    let feed = titles::changes_since(t.store.reads(), before, 200)
        .await
        .unwrap();
    let ids: Vec<_> = feed.iter().map(|(_, r)| r.service_id.as_str()).collect();
    assert_eq!(ids.len(), 75, "each title once, at its latest");
    assert_eq!((ids[0], ids[74]), ("r00", "r74"));
}

/// The last migration before title records were packed.
const BEFORE_PACKING: i64 = 4;

async fn titles_stored_before_packing_read_back_and_new_ones_are_packed(backend: Backend) {
    let t = unmigrated(backend).await;
    t.store.migrate_to(BEFORE_PACKING).await.unwrap();
    sqlx::query("INSERT INTO sites (id, name, created_at) VALUES ('lib', 'The Library', 0)")
        .execute(&mut *t.store.writer().await.expect("a writer"))
        .await
        .unwrap();
    let old = record("old", "Stored as text");
    sqlx::query(
        "INSERT INTO titles (service_id, site_id, status, usage_restriction, date_added, \
         last_updated, seq, record) VALUES ('old', 'lib', 'live', 'copyright', 1, 2, 1, $1)",
    )
    .bind(serde_json::to_string(&old).unwrap())
    .execute(&mut *t.store.writer().await.expect("a writer"))
    .await
    .unwrap();
    sqlx::query("UPDATE catalog_counters SET value = 1 WHERE name = 'titles'")
        .execute(&mut *t.store.writer().await.expect("a writer"))
        .await
        .unwrap();

    t.store.migrate().await.unwrap();
    let mut tx = t.store.begin().await.unwrap();
    titles::upsert(&mut tx, &[record("new", "Stored packed")])
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let read = titles::get(t.store.reads(), "old").await.unwrap().unwrap();
    assert_eq!(
        (read.title.as_str(), read.last_updated),
        ("Stored as text", Some(Timestamp::from_unix(2)))
    );
    let feed = titles::changes_since(t.store.reads(), 0, 10).await.unwrap();
    let titles: Vec<_> = feed.iter().map(|(_, r)| r.title.as_str()).collect();
    assert_eq!(titles, ["Stored as text", "Stored packed"]);
    let stored: Vec<(String, Vec<u8>)> =
        sqlx::query_as("SELECT service_id, record FROM titles ORDER BY service_id")
            .fetch_all(t.store.reads())
            .await
            .unwrap();
    let json = serde_json::to_vec(&record("new", "Stored packed")).unwrap();
    assert_eq!(stored[0].0, "new");
    assert!(
        stored[0].1.len() < json.len() && !stored[0].1.starts_with(b"{"),
        "a new record is stored packed: {} bytes against {} of JSON",
        stored[0].1.len(),
        json.len()
    );
    assert_eq!(stored[1].0, "old");
    assert!(stored[1].1.starts_with(b"{\"serviceId\":\"old\""));
}

async fn reading_lists_load_whole_and_bad_ones_are_refused_by_name(backend: Backend) {
    let t = fresh(backend).await;
    let file = |lists: &str| {
        format!(
            r#"{{
  "sites": [{{ "id": "lib", "name": "The Library" }}],
  "users": [{{ "userName": "ann@example.org", "site": "lib", "roles": ["individualMember"],
              "firstName": "Ann", "lastName": "Reader" }},
            {{ "userName": "bo@example.org", "site": "lib", "roles": ["individualMember"],
              "firstName": "Bo", "lastName": "Reader" }}],
  "titles": [{{ "serviceId": "t1", "site": "lib", "status": "live", "title": "Émile",
               "usageRestriction": "publicDomain",
               "contributors": [{{ "name": "Jean-Jacques Rousseau", "type": "author" }}] }}],
  "readingLists": {lists}
}}"#
        )
    };
    let good = file(
        r#"[{ "readingListId": "l1", "owner": "ann@example.org", "name": "Classics", "access": "shared",
              "titles": [{ "serviceId": "t1", "award": "Prize", "ranking": 1 }],
              "subscribers": ["bo@example.org"] }]"#,
    );
    // Loading twice writes the same list once.
    for _ in 0..2 {
        fixture::load(&t.store, FixtureFile::parse(&good).unwrap())
            .await
            .unwrap();
    }
    let list = lectern_store::reading_lists::get(t.store.reads(), "l1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((list.title_count, list.subscriber_count), (1, 1));
    assert_eq!(list.owner_first_name, "Ann");
    let entries = lectern_store::reading_list_entries::titles(
        t.store.reads(),
        "l1",
        lectern_domain::reading_lists::EntrySortOrder::Title,
        lectern_domain::paging::Direction::Asc,
        None,
        10,
    )
    .await
    .unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(
        (
            entries[0].title_sort.as_str(),
            entries[0].author_sort.as_str()
        ),
        ("emile", "rousseau, jean-jacques")
    );
    assert_eq!(entries[0].award.as_deref(), Some("Prize"));
    let bad = file(
        r#"[{ "readingListId": "l2", "owner": "nobody", "name": " ", "access": "shared",
              "titles": [{ "serviceId": "t9" }], "subscribers": ["ghost"] }]"#,
    );
    let Err(FixtureError::Invalid(problems)) = fixture::check(
        &t.store,
        FixtureFile::parse(&bad).unwrap(),
        std::path::Path::new("."),
    )
    .await
    else {
        panic!("a bad reading list was accepted");
    };
    let all = problems.join("\n");
    for expected in [
        "readingLists[0] (l2): name: must not be blank",
        "readingLists[0] (l2): owner: no account 'nobody'",
        "readingLists[0] (l2): subscribers: no account 'ghost'",
        "readingLists[0] (l2): titles[0]: no title 't9'",
    ] {
        assert!(all.contains(expected), "missing '{expected}' in:\n{all}");
    }
    let Err(FixtureError::Syntax { path, .. }) = FixtureFile::parse(&file(
        r#"[{ "readingListId": "l3", "owner": "ann@example.org", "name": "X", "access": "public" }]"#,
    )) else {
        panic!("an unknown access was accepted");
    };
    assert!(path.starts_with("readingLists[0]"), "{path}");
}

async fn readers_marks_and_reading_load_once_and_bad_ones_are_refused_by_name(backend: Backend) {
    let t = fresh(backend).await;
    let file = |marks: &str| {
        format!(
            r#"{{
  "sites": [{{ "id": "lib", "name": "The Library" }}],
  "users": [{{ "userName": "ann@example.org", "site": "lib", "roles": ["individualMember"],
              "firstName": "Ann", "lastName": "Reader" }}],
  "titles": [{{ "serviceId": "t1", "site": "lib", "status": "live", "title": "One",
               "usageRestriction": "publicDomain" }}],
  {marks}
}}"#
        )
    };
    let good = file(
        r#""bookmarks": [{ "user": "ann@example.org", "serviceId": "t1", "location": "epubcfi(/6/2)",
                          "text": "Start", "totalProgression": 1.5 }],
  "highlights": [{ "user": "ann@example.org", "serviceId": "t1", "location": "epubcfi(/6/4,/1:0,/1:9)",
                   "text": "Call me", "color": "blue", "note": "Opening" }],
  "readingEvents": [
    { "user": "ann@example.org", "serviceId": "t1", "format": "EPUB3", "location": "epubcfi(/6/8)",
      "metric": 2, "metricType": "page", "at": "2026-03-02T10:00:00Z" },
    { "user": "ann@example.org", "serviceId": "t1", "format": "EPUB3", "location": "epubcfi(/6/2)",
      "metric": 1, "metricType": "page", "at": "2026-03-01T10:00:00Z" }]"#,
    );
    for _ in 0..2 {
        fixture::load(&t.store, FixtureFile::parse(&good).unwrap())
            .await
            .unwrap();
    }
    let ann = lectern_store::accounts::by_identifier(t.store.reads(), "ann@example.org")
        .await
        .unwrap()
        .unwrap()
        .user_account_id;
    let count = |sql: &'static str| {
        let store = t.store.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(store.reads())
                .await
                .unwrap()
        }
    };
    assert_eq!(count("SELECT COUNT(*) FROM bookmarks").await, 1);
    assert_eq!(count("SELECT COUNT(*) FROM highlights").await, 1);
    assert_eq!(
        count("SELECT COUNT(*) FROM reading_events").await,
        2,
        "loaded twice, kept once"
    );
    // The position is the latest event's, whatever order they were listed in.
    let p = lectern_store::reading_activity::position(
        t.store.reads(),
        &ann,
        "t1",
        lectern_domain::catalog::Format::Epub3,
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(p.location, "epubcfi(/6/8)");
    assert_eq!(p.date_added.to_string(), "2026-03-01T10:00:00Z");
    assert_eq!(p.date_modified.to_string(), "2026-03-02T10:00:00Z");
    let bad = file(
        r#""bookmarks": [{ "user": "nobody", "serviceId": "t1", "location": "a" },
                  { "user": "ann@example.org", "serviceId": "t9", "location": "a" },
                  { "user": "ann@example.org", "serviceId": "t1", "location": " ", "progression": 150, "color": "blue" }],
  "readingEvents": [{ "user": "ann@example.org", "serviceId": "t1", "format": "EPUB3", "location": "a",
                      "metric": -1, "metricType": "page", "at": "yesterday" }]"#,
    );
    let Err(FixtureError::Invalid(problems)) = fixture::check(
        &t.store,
        FixtureFile::parse(&bad).unwrap(),
        std::path::Path::new("."),
    )
    .await
    else {
        panic!("bad marks were accepted");
    };
    let all = problems.join("\n");
    for expected in [
        "bookmarks[0]: user: no account 'nobody'",
        "bookmarks[1]: serviceId: no title 't9'",
        "bookmarks[2]: location: must not be blank",
        "bookmarks[2]: progression: must be a percentage",
        "bookmarks[2]: color: bookmarks have no colour",
        "readingEvents[0]: metric: must not be negative",
        "readingEvents[0]: at:",
    ] {
        assert!(all.contains(expected), "missing '{expected}' in:\n{all}");
    }
}

async fn a_titles_facts_from_its_columns_are_its_records(backend: Backend) {
    let t = fresh(backend).await;
    load_catalog(&t.store).await;
    let globals = ["lib".to_owned()];
    for id in ["t1", "t2"] {
        let record = titles::get(t.store.reads(), id).await.unwrap().unwrap();
        let facts = titles::facts(t.store.reads(), id, &globals)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(facts, record.facts(true), "{id}");
    }
    assert!(
        titles::facts(t.store.reads(), "t9", &globals)
            .await
            .unwrap()
            .is_none()
    );
}
