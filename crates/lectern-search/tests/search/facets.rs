//! Facets count the whole match set, whatever the page, and agree with a brute-force count.

use std::collections::{BTreeMap, BTreeSet};

use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::catalog::{ContributorType, TitleRecord};
use lectern_search::{FACET_SIZE, TitleIndex};
use serde_json::json;

use crate::common::{index_of, record, search, walk};

/// Many authors and categories with skewed, often tied, frequencies.
fn catalog(n: usize) -> Vec<TitleRecord> {
    (0..n)
        .map(|i| {
            let h = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20;
            let skewed = |k: u64, m: u64| ((h >> k) % m) * ((h >> (k + 7)) % m) / m;
            let mut contributors = vec![json!({
                "name": format!("Author {:02}", skewed(0, 40)),
                "type": "author",
            })];
            if h.is_multiple_of(3) {
                contributors.push(
                    json!({"name": format!("Author {:02}", skewed(14, 40)), "type": "author"}),
                );
                contributors.push(json!({"name": "Someone Else", "type": "editor"}));
            }
            // More than two authors are kept apart from the rest (the index's rows).
            if h.is_multiple_of(5) {
                contributors.push(
                    json!({"name": format!("Author {:02}", skewed(21, 40)), "type": "author"}),
                );
            }
            let categories: Vec<String> = (0..=(h % 3))
                .map(|k| format!("Category {}", skewed(28 + 3 * k, 16)))
                .collect();
            let words = ["river", "stone", "night"];
            let title = format!(
                "{} {}",
                words[(h % 3) as usize],
                words[((h >> 2) % 3) as usize]
            );
            record(
                &format!("f{i:04}"),
                &title,
                json!({"contributors": contributors, "categories": categories}),
            )
        })
        .collect()
}

type Counts = Vec<(String, u64)>;

/// (authors, categories), top ten each.
fn brute_force(records: &[&TitleRecord]) -> (Counts, Counts) {
    let mut authors: BTreeMap<String, u64> = BTreeMap::new();
    let mut categories: BTreeMap<String, u64> = BTreeMap::new();
    for r in records {
        let distinct: BTreeSet<&str> = r.contributors_of(ContributorType::Author).collect();
        for a in distinct {
            *authors.entry(a.to_owned()).or_default() += 1;
        }
        for c in r.categories.iter().collect::<BTreeSet<_>>() {
            *categories.entry(c.clone()).or_default() += 1;
        }
    }
    let top = |m: BTreeMap<String, u64>| {
        let mut v: Counts = m.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(FACET_SIZE);
        v
    };
    (top(authors), top(categories))
}

fn check(index: &TitleIndex, records: &[TitleRecord], q: &TitleSearch) {
    let matched: BTreeSet<String> = walk(index, q).into_iter().collect();
    let subset: Vec<&TitleRecord> = records
        .iter()
        .filter(|r| matched.contains(&r.service_id))
        .collect();
    let (authors, categories) = brute_force(&subset);
    let mut q = q.clone();
    q.facets = true;
    q.limit = 5;
    let first = index.search(&q).unwrap();
    assert_eq!(first.author_facets, authors, "{:?}", q.filters);
    assert_eq!(first.category_facets, categories, "{:?}", q.filters);
    q.start = first.next.clone();
    if q.start.is_some() {
        let second = index.search(&q).unwrap();
        assert_eq!(
            second.author_facets, first.author_facets,
            "facets ignore the page"
        );
        assert_eq!(second.category_facets, first.category_facets);
    }
}

#[test]
fn facets_match_a_brute_force_count_over_many_segments() {
    let records = catalog(700);
    let index = index_of(&records, 7);
    // Replace a few titles so that some documents are deleted in their segments.
    let replaced: Vec<_> = records[..30].iter().map(|r| (100, r.clone())).collect();
    index.apply(&replaced).unwrap();
    let queries = [
        TitleFilters::default(),
        TitleFilters {
            keyword: Some("river".into()),
            ..TitleFilters::default()
        },
        TitleFilters {
            keyword: Some("night stone".into()),
            ..TitleFilters::default()
        },
        TitleFilters {
            categories: vec!["Category 3".into()],
            ..TitleFilters::default()
        },
        TitleFilters {
            author_filter: Some("Author 07".into()),
            ..TitleFilters::default()
        },
    ];
    for filters in queries {
        let mut q = search(filters);
        check(&index, &records, &q);
        q.sort = TitleSort::Relevance;
        check(&index, &records, &q);
    }
}

#[test]
fn facets_of_one_segment_and_of_nothing() {
    let records = catalog(200);
    let index = index_of(&records, 1);
    check(&index, &records, &search(TitleFilters::default()));
    let none = TitleFilters {
        keyword: Some("absent".into()),
        ..TitleFilters::default()
    };
    let mut q = search(none);
    q.facets = true;
    let page = index.search(&q).unwrap();
    assert_eq!(
        (page.total, page.author_facets, page.category_facets),
        (0, vec![], vec![])
    );
}

#[test]
fn facets_are_left_out_unless_asked_for() {
    let records = catalog(50);
    let index = index_of(&records, 1);
    let page = index.search(&search(TitleFilters::default())).unwrap();
    assert!(page.author_facets.is_empty() && page.category_facets.is_empty());
}

#[test]
fn a_name_in_no_segments_top_ten_still_makes_the_overall_top_ten() {
    // Per segment, ten local stars with 3 titles each outrank "Steady" (2); across seven
    // segments Steady has 14 and each star still 3.
    let mut records = Vec::new();
    for segment in 0..7 {
        let mut add = |name: String| {
            let id = format!("s{segment}-{}", records.len());
            let contributors = json!([{"name": name, "type": "author"}]);
            records.push(record(&id, "Title", json!({"contributors": contributors})));
        };
        for star in 0..10 {
            for _ in 0..3 {
                add(format!("Star {segment}-{star}"));
            }
        }
        add("Steady".into());
        add("Steady".into());
    }
    let index = index_of(&records, 7);
    let mut q = search(TitleFilters::default());
    q.facets = true;
    let facets = index.search(&q).unwrap().author_facets;
    assert_eq!(facets[0], ("Steady".to_owned(), 14));
    let all: Vec<&TitleRecord> = records.iter().collect();
    assert_eq!(facets, brute_force(&all).0);
}

#[test]
fn facets_add_up_over_many_names_and_ties_across_segments() {
    // Over 20,000 names: per segment 20 stars with 10 titles, "Steady" with 4 and 3,000 names
    // with one title each.
    let mut records = Vec::new();
    for segment in 0..7 {
        let mut add = |name: String, copies: usize| {
            for _ in 0..copies {
                let id = format!("w{segment}-{:05}", records.len());
                let contributors = json!([{"name": name, "type": "author"}]);
                records.push(record(&id, "Title", json!({"contributors": contributors})));
            }
        };
        for star in 0..20 {
            add(format!("Star {segment}-{star:02}"), 10);
        }
        add("Steady".into(), 4);
        for one in 0..3_000 {
            add(format!("Once {segment}-{one:04}"), 1);
        }
    }
    let index = index_of(&records, 7);
    let mut q = search(TitleFilters::default());
    q.facets = true;
    let facets = index.search(&q).unwrap().author_facets;
    assert_eq!(facets[0], ("Steady".to_owned(), 28));
    let all: Vec<&TitleRecord> = records.iter().collect();
    assert_eq!(facets, brute_force(&all).0);
}
