//! Recommendations: which titles to offer a reader next, from what they read and what readers
//! like them read. Pure scoring over facts the store gathers; the same facts give the same
//! answer (ties go to the smaller service id).
//!
//! The method (see `docs/decisions.md`):
//! 1. Neighbours: readers who share titles with this reader, weighted by how many they share.
//! 2. Each title a neighbour read and this reader did not scores the neighbour's weight divided
//!    by the square root of the neighbour's reading count, so a reader who read everything says
//!    little about any one title.
//! 3. Affinity: a candidate by an author the reader has read gains half its score again, and one
//!    in a category they have read a quarter, per match.
//! 4. Popular titles fill what is left (all of it for a reader with no history), scored below
//!    every neighbour-based title, by how many readers they have times the same affinity;
//!    titles by the authors and in the categories the reader's profile includes join them.
//! 5. The profile's preference (its included authors, categories and narrators) multiplies
//!    every score; what it excludes the caller marks ineligible.
//!
//! Titles already read, and titles the rules do not let the reader see, are never offered.

use std::collections::{BTreeMap, HashMap, HashSet};

/// What the scoring knows of a candidate title.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub authors: Vec<String>,
    pub categories: Vec<String>,
    /// How much the reader's profile favours it: 1 for nothing in particular.
    pub preference: f64,
}

/// A title the profile asked for counts in the fill as a title with half the readers of the
/// most read one.
const PICK_WEIGHT: f64 = 0.5;

/// The facts behind one reader's recommendations.
#[derive(Debug, Default)]
pub struct Facts {
    /// Titles the reader has read, downloaded or listed.
    pub history: HashSet<String>,
    /// Authors and categories of the history, with how often each occurs.
    pub authors: HashMap<String, u32>,
    pub categories: HashMap<String, u32>,
    /// Each neighbour's overlap with the reader, and the titles they have.
    pub neighbours: Vec<(u32, Vec<String>)>,
    /// Titles by how many readers have them, most first.
    pub popular: Vec<(String, u64)>,
    /// Titles by the authors and in the categories the reader's profile includes.
    pub picks: Vec<String>,
}

/// Titles to offer, best first, at most `limit`, each with its score. `eligible` says whether a
/// title may be offered (visible to the reader, live, recommendable); `describe` gives a
/// candidate's authors and categories.
pub fn rank(
    facts: &Facts,
    limit: usize,
    eligible: impl Fn(&str) -> bool,
    describe: impl Fn(&str) -> Option<Candidate>,
) -> Vec<(String, f64)> {
    let mut scores: BTreeMap<String, f64> = BTreeMap::new();
    for (overlap, titles) in &facts.neighbours {
        if titles.is_empty() {
            continue;
        }
        let weight = f64::from(*overlap) / (titles.len() as f64).sqrt();
        for t in titles {
            if !facts.history.contains(t) {
                *scores.entry(t.clone()).or_default() += weight;
            }
        }
    }
    let mut ranked: Vec<(String, f64)> = scores
        .into_iter()
        .filter(|(t, _)| eligible(t))
        .map(|(t, score)| {
            let boost = describe(&t).map_or(1.0, |c| affinity(facts, &c) * c.preference);
            (t, score * boost)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(limit);
    // Popular titles fill the rest, below every title a neighbour read.
    let floor = ranked.last().map_or(1.0, |(_, s)| *s).min(1.0);
    let offered: HashSet<String> = ranked.iter().map(|(t, _)| t.clone()).collect();
    let most = facts.popular.first().map_or(1, |(_, n)| (*n).max(1)) as f64;
    let mut weights: BTreeMap<&str, f64> = facts
        .popular
        .iter()
        .map(|(t, readers)| (t.as_str(), *readers as f64 / most))
        .collect();
    for t in &facts.picks {
        let w = weights.entry(t.as_str()).or_default();
        *w = w.max(PICK_WEIGHT);
    }
    let mut fill: Vec<(String, f64)> = weights
        .into_iter()
        .filter(|(t, _)| !facts.history.contains(*t) && !offered.contains(*t) && eligible(t))
        .map(|(t, weight)| {
            let boost = describe(t).map_or(1.0, |c| affinity(facts, &c) * c.preference);
            // Below the floor (a quarter of it, times the boosts).
            (t.to_owned(), floor * 0.25 * weight * boost)
        })
        .collect();
    fill.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    fill.truncate(limit.saturating_sub(ranked.len()));
    ranked.extend(fill);
    ranked
}

/// 1 plus a half per author and a quarter per category the reader has read before.
fn affinity(facts: &Facts, c: &Candidate) -> f64 {
    let authors = c
        .authors
        .iter()
        .filter(|a| facts.authors.contains_key(*a))
        .count();
    let categories = c
        .categories
        .iter()
        .filter(|k| facts.categories.contains_key(*k))
        .count();
    1.0 + 0.5 * authors as f64 + 0.25 * categories as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn readers_like_you_come_first_then_popular_titles_without_what_you_read() {
        let facts = Facts {
            history: titles(&["a", "b"]).into_iter().collect(),
            neighbours: vec![(2, titles(&["a", "b", "c", "d"])), (1, titles(&["a", "d"]))],
            popular: vec![("a".into(), 9), ("e".into(), 5), ("f".into(), 3)],
            ..Facts::default()
        };
        let ranked: Vec<String> = rank(&facts, 4, |_| true, |_| None)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(ranked, ["d", "c", "e", "f"]);
    }

    #[test]
    fn affinity_and_eligibility_shape_the_order_and_the_answer_is_stable() {
        let facts = Facts {
            history: titles(&["a"]).into_iter().collect(),
            authors: [("Austen".to_owned(), 1)].into_iter().collect(),
            neighbours: vec![(1, titles(&["a", "x", "y", "z"]))],
            ..Facts::default()
        };
        let describe = |t: &str| {
            Some(Candidate {
                authors: if t == "z" {
                    vec!["Austen".into()]
                } else {
                    vec![]
                },
                categories: vec![],
                preference: 1.0,
            })
        };
        let first = rank(&facts, 10, |t| t != "y", describe);
        let ids: Vec<&str> = first.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            ids,
            ["z", "x"],
            "an author read before lifts z; y may not be offered"
        );
        assert_eq!(rank(&facts, 10, |t| t != "y", describe), first);
    }

    #[test]
    fn a_reader_without_history_gets_popular_titles() {
        let facts = Facts {
            popular: vec![("p".into(), 10), ("q".into(), 4)],
            ..Facts::default()
        };
        let ranked: Vec<String> = rank(&facts, 10, |_| true, |_| None)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(ranked, ["p", "q"]);
    }

    #[test]
    fn the_profile_raises_what_it_includes_and_its_picks_join_the_popular_titles() {
        let facts = Facts {
            popular: vec![("p".into(), 10), ("q".into(), 8)],
            picks: titles(&["k"]),
            ..Facts::default()
        };
        let describe = |t: &str| {
            Some(Candidate {
                authors: vec![],
                categories: vec![],
                preference: if t == "q" || t == "k" { 2.0 } else { 1.0 },
            })
        };
        let ranked: Vec<String> = rank(&facts, 10, |_| true, describe)
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(ranked, ["q", "k", "p"]);
    }
}
