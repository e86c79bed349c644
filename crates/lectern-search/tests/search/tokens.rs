//! `start` must be a token that this search issued.

use lectern_domain::catalog::query::{TitleFilters, TitleSort};
use lectern_domain::paging::{Direction, encode_token};
use lectern_search::SearchError;

use crate::common::{catalog, index_of, search, sorted};

fn bad_start(result: Result<lectern_search::SearchPage, SearchError>) -> bool {
    matches!(result, Err(SearchError::BadStart))
}

#[test]
fn garbage_and_tokens_of_other_lists_are_refused() {
    let index = index_of(&catalog(30), 2);
    for garbage in ["", "%%%", "bm90IGEgdG9rZW4", &encode_token(&("x", 1))] {
        let mut q = sorted(TitleSort::Title, Direction::Asc, 5);
        q.start = Some(garbage.to_owned());
        assert!(bad_start(index.search(&q)), "{garbage:?}");
    }
}

#[test]
fn a_token_only_fits_the_sort_and_direction_that_issued_it() {
    let index = index_of(&catalog(30), 2);
    let next = index
        .search(&sorted(TitleSort::Title, Direction::Asc, 5))
        .unwrap()
        .next
        .unwrap();
    for (sort, direction) in [
        (TitleSort::Title, Direction::Desc),
        (TitleSort::Author, Direction::Asc),
        (TitleSort::DateAdded, Direction::Asc),
        (TitleSort::CopyrightDate, Direction::Asc),
    ] {
        let mut q = sorted(sort, direction, 5);
        q.start = Some(next.clone());
        assert!(bad_start(index.search(&q)), "{sort} {direction:?}");
    }
    let mut same = sorted(TitleSort::Title, Direction::Asc, 5);
    same.start = Some(next);
    assert!(index.search(&same).is_ok());
}

#[test]
fn a_relevance_token_without_text_does_not_continue_a_ranked_search() {
    let index = index_of(&catalog(30), 1);
    let plain = index
        .search(&sorted(TitleSort::Relevance, Direction::Asc, 5))
        .unwrap()
        .next
        .unwrap();
    let mut ranked = search(TitleFilters {
        keyword: Some("dune".into()),
        ..TitleFilters::default()
    });
    ranked.sort = TitleSort::Relevance;
    ranked.start = Some(plain);
    assert!(bad_start(index.search(&ranked)));
}

#[test]
fn the_bad_start_message_names_start() {
    assert!(SearchError::BadStart.to_string().starts_with("start "));
}
