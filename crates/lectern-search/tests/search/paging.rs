//! Keyset paging: every sort, both directions, walked to the end one small page at a time,
//! visits every match exactly once and in the documented order.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::query::{TitleFilters, TitleSort};
use lectern_domain::catalog::title::TitleStatusCode;
use lectern_domain::paging::Direction;
use lectern_search::{author_sort_key, title_sort_key};

use crate::common::{catalog, index_of, record, search, sorted, walk};

#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    Text(String),
    Number(i64),
}

fn value(sort: TitleSort, r: &TitleRecord) -> Option<Value> {
    match sort {
        TitleSort::Title | TitleSort::Relevance => Some(Value::Text(title_sort_key(r))),
        TitleSort::Author => author_sort_key(r).map(Value::Text),
        TitleSort::DateAdded => r.date_added.map(|t| Value::Number(t.unix())),
        TitleSort::UpdatedDate => r.last_updated.map(|t| Value::Number(t.unix())),
        TitleSort::CopyrightDate => r.copyright_date.map(|y| Value::Number(i64::from(y))),
    }
}

/// The documented order, computed independently of the index: missing values last in both
/// directions, `desc` reversing values and serviceIds.
fn expected(records: &[TitleRecord], sort: TitleSort, direction: Direction) -> Vec<String> {
    let mut rows: Vec<(Option<Value>, &str)> = records
        .iter()
        .map(|r| (value(sort, r), r.service_id.as_str()))
        .collect();
    let directed = |o: Ordering| match direction {
        Direction::Asc => o,
        Direction::Desc => o.reverse(),
    };
    rows.sort_by(|a, b| {
        let values = match (&a.0, &b.0) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(x), Some(y)) => directed(x.cmp(y)),
        };
        values.then_with(|| directed(a.1.cmp(b.1)))
    });
    rows.into_iter().map(|(_, id)| id.to_owned()).collect()
}

#[test]
fn every_field_sort_walks_every_match_once_in_order_in_both_directions() {
    let records = catalog(300);
    // Several segments, and some titles replaced after the fact (deleted documents).
    let index = index_of(&records, 5);
    index
        .apply(&[(9, records[7].clone()), (9, records[150].clone())])
        .unwrap();
    for sort in [
        TitleSort::Title,
        TitleSort::Author,
        TitleSort::DateAdded,
        TitleSort::CopyrightDate,
    ] {
        for direction in [Direction::Asc, Direction::Desc] {
            for limit in [1, 7, 100] {
                let got = walk(&index, &sorted(sort, direction, limit));
                assert_eq!(
                    got,
                    expected(&records, sort, direction),
                    "{sort} {direction:?} by {limit}"
                );
            }
        }
    }
}

#[test]
fn relevance_without_text_lists_by_title_whatever_the_direction() {
    let records = catalog(120);
    let index = index_of(&records, 3);
    for direction in [Direction::Asc, Direction::Desc] {
        let got = walk(&index, &sorted(TitleSort::Relevance, direction, 9));
        assert_eq!(got, expected(&records, TitleSort::Title, Direction::Asc));
    }
}

#[test]
fn relevance_pages_continue_the_ranking_with_ties_broken_by_service_id() {
    // Many equal scores (identical titles) spread over segments.
    let records = catalog(260);
    let index = index_of(&records, 4);
    let mut q = search(TitleFilters {
        keyword: Some("dune".into()),
        ..TitleFilters::default()
    });
    q.sort = TitleSort::Relevance;
    let whole = index.search(&q).unwrap();
    assert!(whole.total > 10 && whole.total <= 100, "{}", whole.total);
    assert_eq!(whole.next, None);
    for limit in [1, 3, 8] {
        q.limit = limit;
        assert_eq!(walk(&index, &q), whole.service_ids, "by {limit}");
    }
    q.direction = Direction::Desc;
    assert_eq!(
        walk(&index, &q),
        whole.service_ids,
        "direction does not reverse relevance"
    );
}

#[test]
fn relevance_walks_large_result_sets_exactly_once() {
    let records = catalog(400);
    let index = index_of(&records, 6);
    let mut q = search(TitleFilters {
        keyword: Some("a tale".into()),
        ..TitleFilters::default()
    });
    q.sort = TitleSort::Relevance;
    q.limit = 6;
    let got = walk(&index, &q);
    let unique: BTreeSet<_> = got.iter().collect();
    assert_eq!(unique.len(), got.len(), "no title twice");
    let wanted = records
        .iter()
        .filter(|r| r.title.to_lowercase().contains("a tale"))
        .count();
    assert_eq!(got.len(), wanted);
}

#[test]
fn pruned_relevance_pages_are_those_of_scoring_every_match() {
    // One word is a union of terms, whose best matches the index finds by pruning; the same word
    // with a filter that every title passes is scored in full. Later segments (and later
    // documents in a segment) hold smaller service ids, so a title tied with the page's worst
    // must still displace it.
    let mut records = catalog(600);
    records.extend(
        (0..40).map(|i| record(&format!("x{i:02}"), "Dune of Dune", serde_json::json!({}))),
    );
    // Words with other forms ("read", "reading", "readings") and in an author's name too: a
    // search for one of them is not pruned, and must page as one that is scored in full.
    const READING: &[&str] = &["Reading to Read", "Read", "Readings", "The Reader Reads"];
    records.extend((0..60).map(|i| {
        let author = if i % 3 == 0 {
            "Herbert Read"
        } else {
            "Ann Reading"
        };
        record(
            &format!("r{i:02}"),
            READING[i % READING.len()],
            serde_json::json!({"contributors": [{"name": author, "type": "author"}]}),
        )
    }));
    records.reverse();
    let index = index_of(&records, 5);
    let relevance = |keyword: &str, status: Option<TitleStatusCode>, limit: u32| {
        let mut q = search(TitleFilters {
            keyword: Some(keyword.into()),
            title_status: status,
            ..TitleFilters::default()
        });
        q.sort = TitleSort::Relevance;
        q.limit = limit;
        q
    };
    for word in ["dune", "tale", "hobbit", "emile", "read", "reading"] {
        for limit in [1, 4, 25] {
            let pruned = relevance(word, None, limit);
            let full = relevance(word, Some(TitleStatusCode::Live), limit);
            let (a, b) = (index.search(&pruned).unwrap(), index.search(&full).unwrap());
            assert_eq!(
                (a.total, &a.service_ids, &a.next),
                (b.total, &b.service_ids, &b.next),
                "{word} by {limit}"
            );
            assert_eq!(
                walk(&index, &pruned),
                walk(&index, &full),
                "{word} by {limit}"
            );
        }
    }
}

#[test]
fn the_better_match_ranks_first() {
    let index = index_of(
        &[
            record("1", "Children of Dune", serde_json::json!({})),
            record("2", "Dune", serde_json::json!({})),
            record("3", "Walden", serde_json::json!({})),
            record("4", "Dune Dune", serde_json::json!({"subtitle": "Dune"})),
        ],
        1,
    );
    let mut q = search(TitleFilters {
        keyword: Some("DUNE".into()),
        ..TitleFilters::default()
    });
    q.sort = TitleSort::Relevance;
    assert_eq!(index.search(&q).unwrap().service_ids, ["4", "2", "1"]);
}

#[test]
fn next_is_absent_exactly_on_the_last_page() {
    let records = catalog(20);
    let index = index_of(&records, 1);
    let full = index
        .search(&sorted(TitleSort::Title, Direction::Asc, 20))
        .unwrap();
    assert_eq!((full.service_ids.len(), full.next), (20, None));
    let short = index
        .search(&sorted(TitleSort::Title, Direction::Asc, 19))
        .unwrap();
    assert!(short.next.is_some());
    let empty = index_of(&[], 1);
    let page = empty
        .search(&sorted(TitleSort::Title, Direction::Asc, 10))
        .unwrap();
    assert_eq!(
        (page.total, page.service_ids.len(), page.next),
        (0, 0, None)
    );
}
