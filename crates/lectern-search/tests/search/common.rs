//! Records, catalogs and searches for the tests.

use std::collections::BTreeSet;
use std::path::PathBuf;

use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::query::{Scope, TitleFilters, TitleSearch, TitleSort};
use lectern_domain::paging::Direction;
use lectern_search::{SearchPage, TitleIndex};
use serde_json::{Value, json};

/// A live, public-domain title of site `s1`; `extra` overrides or adds record fields.
pub fn record(id: &str, title: &str, extra: Value) -> TitleRecord {
    let mut v = json!({
        "serviceId": id,
        "site": "s1",
        "status": "live",
        "title": title,
        "usageRestriction": "publicDomain",
    });
    if let (Some(base), Value::Object(more)) = (v.as_object_mut(), extra) {
        base.extend(more);
    }
    serde_json::from_value(v).expect("a valid title record")
}

pub fn everyone() -> Scope {
    Scope {
        sites: None,
        managed_sites: None,
        hide_adult: false,
    }
}

pub fn search(filters: TitleFilters) -> TitleSearch {
    TitleSearch {
        filters,
        scope: everyone(),
        sort: TitleSort::Title,
        direction: Direction::Asc,
        limit: 100,
        start: None,
        facets: false,
    }
}

pub fn sorted(sort: TitleSort, direction: Direction, limit: u32) -> TitleSearch {
    TitleSearch {
        sort,
        direction,
        limit,
        ..search(TitleFilters::default())
    }
}

/// An index holding `records`, written in `batches` commits so that it has several segments.
pub fn index_of(records: &[TitleRecord], batches: usize) -> TitleIndex {
    let index = TitleIndex::in_memory().expect("an index in memory");
    let size = records.len().div_ceil(batches.max(1)).max(1);
    for (n, chunk) in records.chunks(size).enumerate() {
        let changes: Vec<_> = chunk.iter().map(|r| (n as i64 + 1, r.clone())).collect();
        index.apply(&changes).expect("applied");
    }
    index
}

/// Every hit of a search, following `next` to the end; checks that each page agrees on the
/// total and that only the last page has no `next`. Then it follows `previous` back from the
/// last page, which must give each page again, and no `previous` on the first.
pub fn walk(index: &TitleIndex, q: &TitleSearch) -> Vec<String> {
    let mut q = q.clone();
    let mut pages: Vec<Vec<String>> = Vec::new();
    let mut first: Option<SearchPage> = None;
    loop {
        let page = index.search(&q).expect("a page");
        assert!(page.service_ids.len() <= q.limit as usize);
        if let Some(f) = &first {
            assert_eq!(page.total, f.total, "every page reports the same total");
        } else {
            assert_eq!(page.previous, None, "the first page has no previous one");
        }
        pages.push(page.service_ids.clone());
        match page.next.clone() {
            Some(next) => {
                assert_eq!(
                    page.service_ids.len(),
                    q.limit as usize,
                    "only the last page is short"
                );
                q.start = Some(next);
            }
            None => {
                let out: Vec<String> = pages.concat();
                let total = first.as_ref().map_or(page.total, |f| f.total);
                assert_eq!(out.len() as u64, total, "the walk visits every match");
                walk_back(index, &q, &pages, page.previous);
                return out;
            }
        }
        first.get_or_insert(page);
        assert!(pages.len() < 100_000, "the walk ends");
    }
}

fn walk_back(index: &TitleIndex, q: &TitleSearch, pages: &[Vec<String>], from: Option<String>) {
    let mut q = q.clone();
    let mut previous = from;
    for (n, expected) in pages.iter().enumerate().rev().skip(1) {
        q.start = Some(previous.unwrap_or_else(|| panic!("page {} has a previous page", n + 1)));
        let page = index.search(&q).expect("a previous page");
        assert_eq!(&page.service_ids, expected, "previous leads to page {n}");
        assert!(page.next.is_some(), "a page before another has a next one");
        previous = page.previous;
    }
    assert_eq!(
        previous, None,
        "the first page reached backwards has no previous one"
    );
}

/// The serviceIds a filter lets through.
pub fn matching(index: &TitleIndex, filters: TitleFilters) -> BTreeSet<String> {
    walk(index, &search(filters)).into_iter().collect()
}

pub fn ids(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// A deterministic catalog of `n` titles where sort values repeat (and some are missing), so
/// that ties and gaps are exercised.
pub fn catalog(n: usize) -> Vec<TitleRecord> {
    const TITLES: &[&str] = &[
        "Dune",
        "dune",
        "Émile",
        "Emile",
        "The Hobbit",
        "\"Hobbit\" notes",
        "Walden",
        "Beloved",
        "Zorba",
        "A Tale of Two Cities",
        "a tale of two cities",
        "Ulysses",
        "Middlemarch",
    ];
    const AUTHORS: &[&str] = &[
        "Frank Herbert",
        "J. R. R. Tolkien",
        "Henry David Thoreau",
        "Toni Morrison",
        "Austen, Jane",
        "Charles Dickens",
        "James Joyce",
        "George Eliot",
        "Émile Zola",
        "Plato",
    ];
    const CATEGORIES: &[&str] = &["Fiction", "Classics", "History", "Poetry", "Science"];
    (0..n)
        .map(|i| {
            // A cheap deterministic shuffle, so that neighbours differ in every value.
            let h = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 17;
            let pick = |k: u64, m: usize| ((h >> k) as usize) % m;
            let mut authors: Vec<Value> = Vec::new();
            if pick(3, 7) != 0 {
                authors.push(json!({"name": AUTHORS[pick(5, AUTHORS.len())], "type": "author"}));
            }
            if pick(9, 3) == 0 {
                authors.push(json!({"name": AUTHORS[pick(11, AUTHORS.len())], "type": "author"}));
            }
            let categories: Vec<&str> = (0..pick(13, 3))
                .map(|k| CATEGORIES[pick(15 + 2 * k as u64, CATEGORIES.len())])
                .collect();
            let mut extra = json!({
                "contributors": authors,
                "categories": categories,
            });
            if pick(21, 5) != 0 {
                extra["dateAdded"] = json!(format!("2020-01-{:02}", 1 + pick(23, 20)));
            }
            if pick(27, 4) != 0 {
                extra["copyrightDate"] = json!(1900 + pick(29, 12) as i32);
            }
            record(&format!("t{i:04}"), TITLES[pick(0, TITLES.len())], extra)
        })
        .collect()
}

/// A directory of its own under the system's temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "lectern-search-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}
