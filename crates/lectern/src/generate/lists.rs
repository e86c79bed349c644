//! Popular lists drawn from the generated titles. Titles are made again from their index to
//! check what a list needs (live, no adult content), so nothing of the catalog is kept but the
//! fifty newest titles seen on the way.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use lectern_domain::catalog::{Format, TitleRecord, TitleStatusCode};
use rand::Rng;

use super::{Generator, ID_PREFIX, LIST_STREAMS, service_id};

/// Titles on each list.
pub const LIST_LENGTH: usize = 50;

pub struct PopularList {
    pub list_id: String,
    pub description: String,
    pub service_ids: Vec<String>,
}

/// The latest-added titles a list may show, as they stream past.
#[derive(Default)]
pub struct Newest {
    heap: BinaryHeap<Reverse<(i64, u64)>>,
}

impl Newest {
    pub fn offer(&mut self, index: u64, record: &TitleRecord) {
        if let (true, Some(added)) = (listable(record), record.date_added) {
            self.heap.push(Reverse((added.unix(), index)));
            if self.heap.len() > LIST_LENGTH {
                self.heap.pop();
            }
        }
    }
}

/// Readers of every age may be shown it.
fn listable(record: &TitleRecord) -> bool {
    record.status == TitleStatusCode::Live && !record.adult_content
}

impl Generator {
    /// The lists for a catalog of `titles` titles, given the newest ones seen while writing it.
    pub fn popular_lists(&self, titles: u64, newest: Newest) -> Vec<PopularList> {
        // Sorted by `Reverse`: the newest first.
        let arrivals = newest.heap.into_sorted_vec();
        vec![
            PopularList {
                list_id: format!("{ID_PREFIX}most-downloaded"),
                description: "Most downloaded this month".to_owned(),
                service_ids: self.draw(titles, 0, |_| true),
            },
            PopularList {
                list_id: format!("{ID_PREFIX}new-arrivals"),
                description: "New arrivals".to_owned(),
                service_ids: arrivals
                    .into_iter()
                    .map(|Reverse((_, index))| service_id(index))
                    .collect(),
            },
            PopularList {
                list_id: format!("{ID_PREFIX}staff-picks"),
                description: "Staff picks".to_owned(),
                service_ids: self.draw(titles, 1, |t| t.artifact(Format::Epub3).is_some()),
            },
        ]
    }

    /// Up to `LIST_LENGTH` distinct listable titles that also pass `keep`, drawn from the
    /// list's own stream; most downloads go to the older, better-known part of the catalog.
    fn draw(&self, titles: u64, list: u64, keep: impl Fn(&TitleRecord) -> bool) -> Vec<String> {
        let mut rng = self.stream(LIST_STREAMS | list);
        let (mut chosen, mut seen) = (Vec::new(), HashSet::new());
        for _ in 0..LIST_LENGTH * 20 {
            if chosen.len() == LIST_LENGTH || titles == 0 {
                break;
            }
            let u: f64 = rng.random();
            let index = ((u * u * titles as f64) as u64).min(titles - 1);
            if !seen.insert(index) {
                continue;
            }
            let record = self.title(index);
            if listable(&record) && keep(&record) {
                chosen.push(record.service_id);
            }
        }
        chosen
    }
}
