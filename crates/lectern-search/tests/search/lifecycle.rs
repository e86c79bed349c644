//! Writing the index: upserts, removals, the feed position, reopening, rebuilding.

use lectern_domain::catalog::query::{Scope, TitleFilters};
use lectern_search::{SCHEMA_VERSION, TitleIndex};
use serde_json::json;

use crate::common::{catalog, ids, matching, record, search, temp_dir, walk};

fn keyword(k: &str) -> TitleFilters {
    TitleFilters {
        keyword: Some(k.to_owned()),
        ..TitleFilters::default()
    }
}

fn guests_of_s1() -> Scope {
    Scope {
        sites: Some(vec!["s1".into()]),
        managed_sites: Some(vec![]),
        hide_adult: true,
    }
}

#[test]
fn an_upsert_replaces_the_title_and_the_last_version_in_a_batch_wins() {
    let index = TitleIndex::in_memory().unwrap();
    index
        .apply(&[
            (1, record("1", "Dune", json!({}))),
            (2, record("2", "Walden", json!({}))),
        ])
        .unwrap();
    assert_eq!(matching(&index, keyword("dune")), ids(&["1"]));

    index
        .apply(&[(3, record("1", "Dune Messiah", json!({})))])
        .unwrap();
    assert_eq!(matching(&index, keyword("messiah")), ids(&["1"]));
    assert_eq!(
        walk(&index, &search(TitleFilters::default())).len(),
        2,
        "replaced, not added"
    );

    index
        .apply(&[
            (4, record("2", "Walden Two", json!({}))),
            (5, record("2", "Walden Three", json!({}))),
        ])
        .unwrap();
    assert_eq!(matching(&index, keyword("walden")), ids(&["2"]));
    assert_eq!(matching(&index, keyword("two")), ids(&[]));
    assert_eq!(index.last_applied_seq(), Some(5));
}

#[test]
fn a_title_made_non_live_disappears_for_the_public_but_not_for_its_managers() {
    let index = TitleIndex::in_memory().unwrap();
    index.apply(&[(1, record("1", "Dune", json!({})))]).unwrap();
    let mut q = search(keyword("dune"));
    q.scope = guests_of_s1();
    assert_eq!(walk(&index, &q), ["1"]);

    index
        .apply(&[(2, record("1", "Dune", json!({"status": "withdrawn"})))])
        .unwrap();
    assert!(walk(&index, &q).is_empty());
    q.scope.managed_sites = Some(vec!["s1".into()]);
    assert_eq!(walk(&index, &q), ["1"]);

    index
        .apply(&[(3, record("1", "Dune", json!({"adultContent": true})))])
        .unwrap();
    q.scope = guests_of_s1();
    assert!(
        walk(&index, &q).is_empty(),
        "adult content is hidden from guests"
    );
}

#[test]
fn removal_takes_titles_out_and_older_positions_never_move_the_feed_back() {
    let index = TitleIndex::in_memory().unwrap();
    assert!(index.needs_rebuild());
    index
        .apply(&[
            (10, record("1", "Dune", json!({}))),
            (11, record("2", "Walden", json!({}))),
        ])
        .unwrap();
    assert!(!index.needs_rebuild());
    index.remove(12, &["1"]).unwrap();
    assert_eq!(matching(&index, TitleFilters::default()), ids(&["2"]));
    index
        .apply(&[(7, record("3", "Beloved", json!({})))])
        .unwrap();
    assert_eq!(index.last_applied_seq(), Some(12));
    index.apply(&[]).unwrap();
    assert_eq!(index.last_applied_seq(), Some(12));
}

#[test]
fn the_feed_position_and_the_titles_survive_reopening_from_disk() {
    let dir = temp_dir("reopen");
    {
        let index = TitleIndex::open(&dir).unwrap();
        assert!(index.needs_rebuild());
        assert_eq!(index.last_applied_seq(), None);
        index
            .apply(&[(41, record("1", "Dune", json!({})))])
            .unwrap();
        index
            .apply(&[(42, record("2", "Walden", json!({})))])
            .unwrap();
    }
    let index = TitleIndex::open(&dir).unwrap();
    assert_eq!(index.last_applied_seq(), Some(42));
    assert!(!index.needs_rebuild());
    assert_eq!(matching(&index, TitleFilters::default()), ids(&["1", "2"]));
    drop(index);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn indexes_of_other_schema_versions_are_set_aside() {
    let dir = temp_dir("versions");
    let stale = dir.join(format!("v{}", SCHEMA_VERSION + 1000));
    std::fs::create_dir_all(&stale).unwrap();
    std::fs::write(stale.join("meta.json"), "{}").unwrap();
    std::fs::write(dir.join("notes.txt"), "kept").unwrap();
    let index = TitleIndex::open(&dir).unwrap();
    assert!(index.needs_rebuild());
    assert!(!stale.exists());
    assert!(
        dir.join("notes.txt").exists(),
        "only index versions are removed"
    );
    assert!(dir.join(format!("v{SCHEMA_VERSION}")).is_dir());
    drop(index);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rebuild_replaces_everything_and_the_feed_continues_from_it() {
    let dir = temp_dir("rebuild");
    let index = TitleIndex::open(&dir).unwrap();
    index
        .apply(&[(1, record("old", "Forgotten", json!({})))])
        .unwrap();

    let records = catalog(25_000);
    let heard = std::cell::Cell::new(Vec::new());
    let count = index
        .rebuild(records.clone().into_iter(), 500, |n| {
            let mut v = heard.take();
            v.push(n);
            heard.set(v);
        })
        .unwrap();
    assert_eq!(count, 25_000);
    assert_eq!(heard.take(), [10_000, 20_000, 25_000]);
    assert_eq!(index.last_applied_seq(), Some(500));
    assert_eq!(matching(&index, keyword("forgotten")), ids(&[]));
    let all = index.search(&search(TitleFilters::default())).unwrap();
    assert_eq!(all.total, 25_000);

    index
        .apply(&[(501, record("t0000", "Forgotten No More", json!({})))])
        .unwrap();
    assert_eq!(matching(&index, keyword("forgotten")), ids(&["t0000"]));
    assert_eq!(
        index
            .search(&search(TitleFilters::default()))
            .unwrap()
            .total,
        25_000
    );
    drop(index);

    let reopened = TitleIndex::open(&dir).unwrap();
    assert_eq!(reopened.last_applied_seq(), Some(501));
    drop(reopened);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_filtered_search_follows_titles_whose_filtered_field_changes() {
    let index = TitleIndex::in_memory().unwrap();
    let in_language = |id: &str, title: &str, language: &str| {
        record(id, title, json!({ "languages": [language] }))
    };
    index
        .apply(&[
            (1, in_language("1", "Dune", "eng")),
            (2, in_language("2", "Dune Road", "fre")),
        ])
        .unwrap();
    let english_dune = || TitleFilters {
        language: Some("eng".into()),
        ..keyword("dune")
    };
    assert_eq!(matching(&index, english_dune()), ids(&["1"]));

    // The first search kept the old segment's English titles; the changes are in a new one.
    index
        .apply(&[
            (3, in_language("1", "Dune", "fre")),
            (4, in_language("2", "Dune Road", "eng")),
        ])
        .unwrap();
    assert_eq!(matching(&index, english_dune()), ids(&["2"]));
}
