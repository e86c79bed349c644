//! Sort orders, the keys they compare, and page tokens.
//!
//! Every order is a total order on (missing?, value, serviceId):
//! - `title`: the folded title; `author`: the first author's folded sort name ("Last, First");
//!   `dateAdded`, `copyrightDate`: the number. Titles without the value come last in both
//!   directions; `desc` reverses the value and the serviceId tie-break.
//! - `relevance` with text: BM25 score, best first, then serviceId ascending; the direction
//!   does not reverse it (nobody asks for the worst match first). Without text every title is
//!   as relevant as any other, so it lists by title, ascending.
//!
//! A page token is the key of the last hit served, with the sort and direction that issued it:
//! the next page holds the hits strictly after that key. A `previous` token is the key of the
//! first hit served, marked: that page holds the hits strictly before it, found by reading the
//! whole order reversed (`SortPlan::reverse`) and turning the page back. Titles changed between
//! two requests move in the order as they should; for relevance, any commit in between can also
//! nudge other titles' scores (BM25 statistics change), so a title near the page boundary may be
//! seen twice or not at all.

use std::cmp::Ordering;

use lectern_domain::catalog::query::{TitleSearch, TitleSort};
use lectern_domain::paging::{Direction, decode_token, encode_token};
use serde::{Deserialize, Serialize};

use crate::schema::col;

/// Where a sort's values come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyKind {
    /// A string fast column: compared by bytes, per segment by term ordinal.
    Str(&'static str),
    /// An i64 fast column.
    Num(&'static str),
    /// The query's score.
    Score,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) enum KeyValue {
    #[serde(rename = "s")]
    Str(String),
    #[serde(rename = "n")]
    Num(i64),
    /// An f32 score's bits: exact, and ordered like the score for the non-negative scores BM25
    /// gives.
    #[serde(rename = "r")]
    Score(u32),
}

/// A hit's place in the order: its value (`None`: the title has none) and its serviceId.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    pub value: Option<KeyValue>,
    pub id: String,
}

/// What a search sorts by, and after which key its page starts.
#[derive(Debug, Clone)]
pub(crate) struct SortPlan {
    pub kind: KeyKind,
    /// Reverse values and serviceIds (never for scores).
    pub desc: bool,
    pub after: Option<Key>,
    /// Read the order backwards: the page is the hits just before `after`, last first.
    pub reverse: bool,
    sort: TitleSort,
    direction: Direction,
}

/// (sort, direction, value, serviceId) of the last hit served.
type Token = (String, String, Option<KeyValue>, String);

/// (sort, direction, value, serviceId, `BEFORE`) of the first hit served, for the page before it.
type TokenBefore = (String, String, Option<KeyValue>, String, String);

const BEFORE: &str = "b";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BadStart;

impl SortPlan {
    pub fn new(q: &TitleSearch) -> Result<SortPlan, BadStart> {
        let text = q.filters.has_text();
        let (kind, desc) = match q.sort {
            TitleSort::Relevance if text => (KeyKind::Score, false),
            TitleSort::Relevance => (KeyKind::Str(col::TITLE_SORT), false),
            TitleSort::Title => (KeyKind::Str(col::TITLE_SORT), is_desc(q.direction)),
            TitleSort::Author => (KeyKind::Str(col::AUTHOR_SORT), is_desc(q.direction)),
            TitleSort::DateAdded => (KeyKind::Num(col::DATE_ADDED), is_desc(q.direction)),
            TitleSort::UpdatedDate => (KeyKind::Num(col::LAST_UPDATED), is_desc(q.direction)),
            TitleSort::CopyrightDate => (KeyKind::Num(col::COPYRIGHT), is_desc(q.direction)),
        };
        let mut plan = SortPlan {
            kind,
            desc,
            after: None,
            reverse: false,
            sort: q.sort,
            direction: q.direction,
        };
        if let Some(start) = &q.start {
            let (key, reverse) = plan.read_token(start)?;
            plan.after = Some(key);
            plan.reverse = reverse;
        }
        Ok(plan)
    }

    pub fn uses_score(&self) -> bool {
        self.kind == KeyKind::Score
    }

    /// The token's key, and whether the page comes before it.
    fn read_token(&self, token: &str) -> Result<(Key, bool), BadStart> {
        let (sort, direction, value, id, reverse) = match decode_token::<Token>(token) {
            Ok((sort, direction, value, id)) => (sort, direction, value, id, false),
            Err(_) => match decode_token::<TokenBefore>(token).map_err(|_| BadStart)? {
                (sort, direction, value, id, mark) if mark == BEFORE => {
                    (sort, direction, value, id, true)
                }
                _ => return Err(BadStart),
            },
        };
        if sort != self.sort.as_str() || direction != self.direction.as_str() {
            return Err(BadStart);
        }
        let fits = match (&value, self.kind) {
            (None, KeyKind::Score) => false,
            (None, _) => true,
            (Some(KeyValue::Str(_)), KeyKind::Str(_))
            | (Some(KeyValue::Num(_)), KeyKind::Num(_))
            | (Some(KeyValue::Score(_)), KeyKind::Score) => true,
            _ => false,
        };
        if fits {
            Ok((Key { value, id }, reverse))
        } else {
            Err(BadStart)
        }
    }

    pub fn token(&self, last: &Key) -> String {
        let token: Token = (
            self.sort.as_str().to_owned(),
            self.direction.as_str().to_owned(),
            last.value.clone(),
            last.id.clone(),
        );
        encode_token(&token)
    }

    /// The token of the page just before `first`, the first hit of a page.
    pub fn token_before(&self, first: &Key) -> String {
        let token: TokenBefore = (
            self.sort.as_str().to_owned(),
            self.direction.as_str().to_owned(),
            first.value.clone(),
            first.id.clone(),
            BEFORE.to_owned(),
        );
        encode_token(&token)
    }

    /// The order of hits across segments, reversed when reading backwards; the per-segment keys
    /// of `collector` agree with it.
    pub fn cmp(&self, a: &Key, b: &Key) -> Ordering {
        let natural = self.natural_cmp(a, b);
        if self.reverse {
            natural.reverse()
        } else {
            natural
        }
    }

    fn natural_cmp(&self, a: &Key, b: &Key) -> Ordering {
        let directed = |o: Ordering| if self.desc { o.reverse() } else { o };
        let values = match (&a.value, &b.value) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(KeyValue::Score(x)), Some(KeyValue::Score(y))) => y.cmp(x),
            (Some(x), Some(y)) => directed(x.cmp(y)),
        };
        values.then_with(|| directed(a.id.cmp(&b.id)))
    }
}

fn is_desc(direction: Direction) -> bool {
    direction == Direction::Desc
}

#[cfg(test)]
mod tests {
    use super::*;
    use lectern_domain::catalog::query::{Scope, TitleFilters};

    fn search(sort: TitleSort, direction: Direction, keyword: Option<&str>) -> TitleSearch {
        TitleSearch {
            filters: TitleFilters {
                keyword: keyword.map(str::to_owned),
                ..TitleFilters::default()
            },
            scope: Scope {
                sites: None,
                managed_sites: None,
                hide_adult: false,
            },
            sort,
            direction,
            limit: 10,
            start: None,
            facets: false,
        }
    }

    fn key(value: Option<KeyValue>, id: &str) -> Key {
        Key {
            value,
            id: id.to_owned(),
        }
    }

    #[test]
    fn tokens_round_trip_and_only_fit_the_search_that_issued_them() {
        let title = SortPlan::new(&search(TitleSort::Title, Direction::Asc, None)).unwrap();
        let last = key(Some(KeyValue::Str("dune".into())), "7");
        let token = title.token(&last);

        let mut again = search(TitleSort::Title, Direction::Asc, None);
        again.start = Some(token.clone());
        assert_eq!(SortPlan::new(&again).unwrap().after, Some(last.clone()));
        assert!(!SortPlan::new(&again).unwrap().reverse);
        again.start = Some(title.token_before(&last));
        let back = SortPlan::new(&again).unwrap();
        assert_eq!((back.after, back.reverse), (Some(last), true));

        for (sort, direction) in [
            (TitleSort::Title, Direction::Desc),
            (TitleSort::Author, Direction::Asc),
            (TitleSort::DateAdded, Direction::Asc),
        ] {
            let mut other = search(sort, direction, None);
            other.start = Some(token.clone());
            assert_eq!(SortPlan::new(&other).unwrap_err(), BadStart);
        }
        let mut garbage = search(TitleSort::Title, Direction::Asc, None);
        garbage.start = Some("not a token".into());
        assert_eq!(SortPlan::new(&garbage).unwrap_err(), BadStart);
    }

    #[test]
    fn a_relevance_token_without_text_does_not_fit_one_with_text() {
        let plain = SortPlan::new(&search(TitleSort::Relevance, Direction::Asc, None)).unwrap();
        let token = plain.token(&key(Some(KeyValue::Str("a".into())), "1"));
        let mut ranked = search(TitleSort::Relevance, Direction::Asc, Some("dune"));
        ranked.start = Some(token);
        assert_eq!(SortPlan::new(&ranked).unwrap_err(), BadStart);
    }

    #[test]
    fn missing_values_come_last_in_both_directions() {
        for direction in [Direction::Asc, Direction::Desc] {
            let plan = SortPlan::new(&search(TitleSort::DateAdded, direction, None)).unwrap();
            let dated = key(Some(KeyValue::Num(5)), "1");
            let undated = key(None, "0");
            assert_eq!(plan.cmp(&dated, &undated), Ordering::Less);
        }
    }

    #[test]
    fn scores_rank_best_first_whatever_the_direction() {
        let plan =
            SortPlan::new(&search(TitleSort::Relevance, Direction::Desc, Some("x"))).unwrap();
        let good = key(Some(KeyValue::Score(2.0f32.to_bits())), "2");
        let poor = key(Some(KeyValue::Score(1.0f32.to_bits())), "1");
        assert_eq!(plan.cmp(&good, &poor), Ordering::Less);
        let tie = key(Some(KeyValue::Score(2.0f32.to_bits())), "3");
        assert_eq!(plan.cmp(&good, &tie), Ordering::Less);
    }
}
