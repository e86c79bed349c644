//! Recommendations: which titles to offer a reader next, from what they read and what readers
//! like them read. Pure scoring over facts the store gathers; the same facts give the same
//! answer (ties go to the smaller service id).
//!
//! The method (see `docs/decisions.md`) blends four signals over a pool of candidates:
//! 1. Readers like this one: neighbours share titles with the reader; each title a neighbour has
//!    and the reader has not gains the neighbour's overlap divided by the square root of the
//!    neighbour's reading count (a reader who read everything says little about any one title).
//!    Scaled so that the best such title has 1.
//! 2. Author affinity: the share of the reader's history by the candidate's author, and (a third
//!    as strong) the share in its categories.
//! 3. Popularity: readers of the title over readers of the most read one, weighted lightly, so
//!    that it decides for a reader with no history and breaks near ties for the others.
//! 4. The profile: what it asked for joins the pool with a bonus, and its preference (included
//!    authors, categories, narrators) multiplies the score; what it excludes the caller marks
//!    ineligible.
//!
//! The pool: neighbours' titles, the most-read titles, more titles by the reader's authors, and
//! the profile's picks.
//!
//! Titles already read, and titles the rules do not let the reader see, are never offered.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// What the scoring knows of a candidate title.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub authors: Vec<String>,
    pub categories: Vec<String>,
    /// How much the reader's profile favours it: 1 for nothing in particular.
    pub preference: f64,
}

/// The weights of the blend; readers like you count fully.
const AUTHOR_WEIGHT: f64 = 1.0;
const CATEGORY_WEIGHT: f64 = 0.3;
const POPULAR_WEIGHT: f64 = 0.3;
/// What a title the profile asked for gains.
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
    /// More titles by the authors the reader read most.
    pub by_their_authors: Vec<String>,
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
    let alike = readers_like_you(facts);
    let best_alike = alike.values().copied().fold(0.0, f64::max);
    let most = facts.popular.first().map_or(1, |(_, n)| (*n).max(1)) as f64;
    let popularity: HashMap<&str, f64> = facts
        .popular
        .iter()
        .map(|(t, readers)| (t.as_str(), *readers as f64 / most))
        .collect();
    let picks: HashSet<&str> = facts.picks.iter().map(String::as_str).collect();
    let pool: BTreeSet<&str> = alike
        .keys()
        .map(String::as_str)
        .chain(popularity.keys().copied())
        .chain(picks.iter().copied())
        .chain(facts.by_their_authors.iter().map(String::as_str))
        .filter(|t| !facts.history.contains(*t))
        .collect();
    let mut ranked: Vec<(String, f64)> = pool
        .into_iter()
        .filter(|t| eligible(t))
        .map(|t| {
            let c = describe(t);
            let mut score = alike.get(t).map_or(0.0, |s| s / best_alike)
                + POPULAR_WEIGHT * popularity.get(t).copied().unwrap_or(0.0)
                + if picks.contains(t) { PICK_WEIGHT } else { 0.0 };
            if let Some(c) = &c {
                score = (score + affinity(facts, c)) * c.preference;
            }
            (t.to_owned(), score)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(limit);
    ranked
}

/// Each title neighbours have and the reader has not, with the neighbours' weight behind it.
fn readers_like_you(facts: &Facts) -> BTreeMap<String, f64> {
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
    scores
}

/// The share of the reader's history by the candidate's most-read author, and a third as much
/// for its most-read category.
fn affinity(facts: &Facts, c: &Candidate) -> f64 {
    let share = |counts: &HashMap<String, u32>, names: &[String]| {
        let total: u32 = counts.values().sum();
        if total == 0 {
            return 0.0;
        }
        let best = names.iter().filter_map(|n| counts.get(n)).max().copied();
        f64::from(best.unwrap_or(0)) / f64::from(total)
    };
    AUTHOR_WEIGHT * share(&facts.authors, &c.authors)
        + CATEGORY_WEIGHT * share(&facts.categories, &c.categories)
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
        assert_eq!(
            ranked,
            ["k", "q", "p"],
            "both asked for, above what is only popular"
        );
    }
}
