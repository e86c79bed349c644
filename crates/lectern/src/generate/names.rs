//! People and publishers: personal names from Zipf-weighted first- and last-name lists, and a
//! fixed pool of authors whose popularity is Zipf–Mandelbrot, so that a few authors have
//! hundreds of titles in a million and most have one or two.

use lectern_domain::catalog::artifact::NarratorGender;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::zipf::Zipf;

const NAMES: &str = include_str!("names.txt");

/// Authors in the pool: about what a catalog of a million titles has.
const AUTHORS: usize = 300_000;
/// ChaCha streams at or above this belong to authors, below it to titles.
const AUTHOR_STREAMS: u64 = 1 << 62;

pub struct Names {
    female: Vec<&'static str>,
    male: Vec<&'static str>,
    last: Vec<&'static str>,
    publishers: Vec<&'static str>,
    female_ranks: Zipf,
    male_ranks: Zipf,
    last_ranks: Zipf,
    publisher_ranks: Zipf,
    author_ranks: Zipf,
    key: [u8; 32],
}

fn section(name: &str) -> Vec<&'static str> {
    let header = format!("## {name}");
    let mut lines = NAMES.lines().skip_while(|l| *l != header).skip(1);
    let body = lines.by_ref().take_while(|l| !l.starts_with("## "));
    if name == "publisher" {
        body.flat_map(|l| l.split('|')).map(str::trim).collect()
    } else {
        body.flat_map(str::split_whitespace).collect()
    }
}

impl Names {
    /// `key` seeds the author pool: the same key names the same authors.
    pub fn new(key: [u8; 32]) -> Names {
        let (female, male, last, publishers) = (
            section("female"),
            section("male"),
            section("last"),
            section("publisher"),
        );
        Names {
            female_ranks: Zipf::new(female.len(), 0.8, 5.0),
            male_ranks: Zipf::new(male.len(), 0.8, 5.0),
            last_ranks: Zipf::new(last.len(), 0.7, 10.0),
            publisher_ranks: Zipf::new(publishers.len(), 1.1, 1.0),
            author_ranks: Zipf::new(AUTHORS, 1.1, 200.0),
            female,
            male,
            last,
            publishers,
            key,
        }
    }

    /// A person's name and gender.
    pub fn person(&self, rng: &mut impl Rng) -> (String, NarratorGender) {
        let female = rng.random_bool(0.5);
        let first = if female {
            self.female[self.female_ranks.sample(rng)]
        } else {
            self.male[self.male_ranks.sample(rng)]
        };
        let last = self.last[self.last_ranks.sample(rng)];
        let gender = if female {
            NarratorGender::Female
        } else {
            NarratorGender::Male
        };
        (format!("{first} {last}"), gender)
    }

    /// An author from the pool, popular ones more often.
    pub fn author(&self, rng: &mut impl Rng) -> String {
        self.author_named(self.author_ranks.sample(rng) as u64)
    }

    /// Author `k` of the pool: always the same name for the same key.
    pub fn author_named(&self, k: u64) -> String {
        let mut rng = ChaCha8Rng::from_seed(self.key);
        rng.set_stream(AUTHOR_STREAMS | k);
        let (name, _) = self.person(&mut rng);
        // A few authors publish under initials, as catalogs show them.
        if rng.random_bool(0.06) {
            let mut parts = name.splitn(2, ' ');
            if let (Some(first), Some(last)) = (parts.next(), parts.next()) {
                let second = char::from(b'A' + rng.random_range(0..26u8));
                return format!("{}. {second}. {last}", first.chars().next().unwrap_or('A'));
            }
        }
        name
    }

    pub fn publisher(&self, rng: &mut impl Rng) -> &'static str {
        self.publishers[self.publisher_ranks.sample(rng)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_is_there() {
        let names = Names::new([1; 32]);
        assert!(names.female.len() > 150 && names.male.len() > 150);
        assert!(names.last.len() > 300 && names.publishers.len() > 50);
        assert!(
            names
                .publishers
                .iter()
                .all(|p| !p.is_empty() && !p.contains('|'))
        );
        assert_eq!(names.female[0], "Mary");
        assert_eq!(names.last[0], "Smith");
    }

    #[test]
    fn an_author_keeps_the_name_for_the_key() {
        let a = Names::new([1; 32]);
        let b = Names::new([2; 32]);
        assert_eq!(a.author_named(42), Names::new([1; 32]).author_named(42));
        let differ = (0..20)
            .filter(|k| a.author_named(*k) != b.author_named(*k))
            .count();
        assert!(
            differ > 15,
            "{differ} of 20 author names differ between keys"
        );
    }
}
