//! `lectern generate`: a deterministic synthetic catalog, written by the real binary.

use lectern_domain::catalog::{TitleRecord, TitleStatusCode};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};
use lectern_store::{Store, bisac_codes, categories, popular_lists, sites, titles};

use super::{lectern, run, temp_dir, text};

on_both_stores!(the_same_seed_writes_the_same_catalog);

/// Every generated title, in the order written, as the store reads it back. The demo's titles
/// came with its data set and are left out.
async fn records(store: &Store) -> Vec<TitleRecord> {
    let all = titles::changes_since(store.reads(), 0, 10_000)
        .await
        .unwrap();
    all.into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.service_id.starts_with("gen-"))
        .collect()
}

fn generate(url: &str, seed: &str) {
    // The demo's files go to a directory of the test's own, not the default beside the sources.
    let files = temp_dir();
    let out = run(&mut lectern(&[
        "generate",
        "--titles",
        "2000",
        "--seed",
        seed,
        "--database-url",
        url,
        "--data-dir",
        files.to_str().unwrap(),
    ]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("generated 2000 titles in ") && stdout.contains(" titles/s)"),
        "{stdout}"
    );
}

async fn the_same_seed_writes_the_same_catalog(backend: Backend) {
    let (first, again, other) = (
        fresh(backend).await,
        fresh(backend).await,
        fresh(backend).await,
    );
    generate(&first.url, "7");
    generate(&again.url, "7");
    generate(&other.url, "8");

    let demo_titles = titles::changes_since(first.store.reads(), 0, 10_000)
        .await
        .unwrap()
        .iter()
        .filter(|(_, t)| t.service_id.starts_with("demo-"))
        .count();
    assert_eq!(
        titles::count(first.store.reads()).await.unwrap(),
        2000 + i64::try_from(demo_titles).unwrap()
    );
    let (a, b, c) = (
        records(&first.store).await,
        records(&again.store).await,
        records(&other.store).await,
    );
    assert_eq!(a.len(), 2000);
    assert!(a == b, "the same seed wrote different records");
    let ids = |v: &[TitleRecord]| v.iter().map(|t| t.service_id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&a), ids(&c));
    let differ = a
        .iter()
        .zip(&c)
        .filter(|(x, y)| x.title != y.title || x.date_added != y.date_added)
        .count();
    assert!(
        differ > 1900,
        "another seed changed only {differ} of 2000 records"
    );
    assert_eq!(a[0].service_id, "gen-00000001");
    assert_eq!(a[1999].service_id, "gen-00002000");
    assert!(a.iter().all(|t| t.site == "demo"));
    let live = a
        .iter()
        .filter(|t| t.status == TitleStatusCode::Live)
        .count();
    assert!((1850..1950).contains(&live), "{live} live");

    // Records read back whole, with the dates the generator chose rather than the clock's.
    let title = titles::get(first.store.reads(), "gen-00000042")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        title,
        titles::get(again.store.reads(), "gen-00000042")
            .await
            .unwrap()
            .unwrap()
    );
    assert!(title.date_added.unwrap().unix() < 1_735_689_600);
    assert!(!title.artifacts.is_empty() && !title.categories.is_empty());

    // The demo's site came with its data set, and the reference lists and popular lists exist.
    assert!(
        sites::get(first.store.reads(), "demo")
            .await
            .unwrap()
            .unwrap()
            .global
    );
    let categories = categories::categories(first.store.reads()).await.unwrap();
    for name in [
        "Fiction",
        "Biographies & Memoirs",
        "Science & Technology",
        "Teens",
    ] {
        assert!(
            categories.iter().any(|(n, _)| n == name),
            "no category {name}"
        );
    }
    assert!(categories.len() >= 40, "{} categories", categories.len());
    let bisac = bisac_codes::bisac_count(first.store.reads(), &bisac_codes::BisacPrefix::All)
        .await
        .unwrap();
    assert!(bisac > 300, "{bisac} BISAC codes");
    let lists: Vec<_> =
        popular_lists::popular_lists_page(first.store.reads(), &["demo".to_owned()], None, 100)
            .await
            .unwrap()
            .into_iter()
            .filter(|l| l.list_id.starts_with("gen-"))
            .collect();
    assert_eq!(lists.len(), 3);
    for list in &lists {
        let entries = popular_lists::popular_list_titles(first.store.reads(), &list.list_id)
            .await
            .unwrap();
        assert_eq!(entries.len(), 50, "{}", list.description);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generate_fills_a_data_dir_and_names_its_site() {
    let dir = temp_dir();
    let dir_arg = dir.to_str().unwrap();
    let out = run(&mut lectern(&[
        "generate",
        "--titles",
        "300",
        "--seed",
        "1",
        "--site",
        "bench",
        "--data-dir",
        dir_arg,
    ]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let store = Store::connect(&Store::sqlite_url_for_dir(&dir))
        .await
        .unwrap();
    assert_eq!(titles::count(store.reads()).await.unwrap(), 300);
    let site = sites::get(store.reads(), "bench").await.unwrap().unwrap();
    assert!(site.global);
    assert!(sites::get(store.reads(), "demo").await.unwrap().is_none());
    // One title in a hundred (those of them with an EPUB 3) has a real EPUB 3 file, in the data
    // directory's file store.
    let sampled: Vec<String> = records(&store)
        .await
        .iter()
        .flat_map(|r| r.artifacts.iter().filter_map(|a| a.file.clone()))
        .collect();
    assert!((1..=3).contains(&sampled.len()), "{sampled:?}");
    for key in &sampled {
        let bytes = std::fs::read(dir.join("files").join(key)).unwrap();
        assert!(bytes.starts_with(b"PK"), "{key} is not a zip");
    }
    store.close().await;

    for bad in [
        vec!["generate", "--titles", "100000000"],
        vec!["generate", "--titles", "10", "--site", "no spaces"],
    ] {
        let out = run(lectern(&bad).args(["--data-dir", dir_arg]));
        assert!(!out.status.success(), "{bad:?} was accepted");
    }
    let _ = std::fs::remove_dir_all(dir);
}
