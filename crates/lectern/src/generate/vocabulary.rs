//! Words for titles, subtitles, series names and synopses, drawn with Zipf frequencies so that
//! a search index sees what a real catalog gives it: a few very frequent terms and a long tail of
//! rare ones.

use rand::Rng;

use super::zipf::Zipf;

const WORDS: &str = include_str!("words.txt");

pub struct Vocabulary {
    /// Every word, most frequent first: synopses draw from all of them.
    all: Vec<&'static str>,
    /// Where the content words start in `all`: titles draw only from those.
    content_start: usize,
    all_ranks: Zipf,
    content_ranks: Zipf,
}

/// Small words that stay lower-case inside a title.
const MINOR: &[&str] = &[
    "a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to",
];

impl Vocabulary {
    pub fn new() -> Vocabulary {
        let mut all = Vec::new();
        let mut content_start = 0;
        for line in WORDS.lines() {
            if line.starts_with("## content") {
                content_start = all.len();
            } else if !line.starts_with('#') {
                all.extend(line.split_whitespace());
            }
        }
        let content = all.len() - content_start;
        Vocabulary {
            all_ranks: Zipf::new(all.len(), 1.0, 2.0),
            content_ranks: Zipf::new(content, 1.0, 10.0),
            all,
            content_start,
        }
    }

    /// A content word, Zipf-distributed.
    pub fn content(&self, rng: &mut impl Rng) -> &'static str {
        self.all[self.content_start + self.content_ranks.sample(rng)]
    }

    /// Any word, function words included, Zipf-distributed.
    pub fn any(&self, rng: &mut impl Rng) -> &'static str {
        self.all[self.all_ranks.sample(rng)]
    }

    /// A title-like phrase in title case: "The Silent Harbor", "Letters of Iron and Salt".
    pub fn title(&self, rng: &mut impl Rng) -> String {
        let mut out = String::with_capacity(40);
        let pattern = rng.random_range(0..100u32);
        let parts: &[&str] = match pattern {
            0..=17 => &["the", "*", "*"],
            18..=31 => &["the", "*"],
            32..=43 => &["*", "of", "*"],
            44..=53 => &["the", "*", "of", "*"],
            54..=62 => &["*", "*"],
            63..=70 => &["*", "and", "*"],
            71..=77 => &["*"],
            78..=83 => &["a", "*", "for", "the", "*"],
            84..=89 => &["*", "in", "the", "*"],
            90..=94 => &["the", "*", "of", "the", "*", "*"],
            _ => &["*", "*", "of", "*", "and", "*"],
        };
        for (i, part) in parts.iter().enumerate() {
            let word = if *part == "*" {
                self.content(rng)
            } else {
                part
            };
            if i > 0 {
                out.push(' ');
            }
            if i == 0 || !MINOR.contains(&word) {
                push_capitalized(&mut out, word);
            } else {
                out.push_str(word);
            }
        }
        out
    }

    /// A sentence of `min..=max` words, capitalized and ending with a full stop.
    pub fn sentence(&self, rng: &mut impl Rng, out: &mut String, min: u32, max: u32) {
        let n = rng.random_range(min..=max);
        for i in 0..n {
            let word = self.any(rng);
            if i == 0 {
                push_capitalized(out, word);
            } else {
                out.push(' ');
                out.push_str(word);
            }
        }
        out.push('.');
    }

    /// A paragraph of `sentences` sentences.
    pub fn paragraph(&self, rng: &mut impl Rng, sentences: u32) -> String {
        let mut out = String::with_capacity(sentences as usize * 80);
        for i in 0..sentences {
            if i > 0 {
                out.push(' ');
            }
            self.sentence(rng, &mut out, 6, 18);
        }
        out
    }
}

pub fn push_capitalized(out: &mut String, word: &str) {
    let mut chars = word.chars();
    if let Some(first) = chars.next() {
        out.extend(first.to_uppercase());
        out.push_str(chars.as_str());
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn the_list_has_thousands_of_distinct_lower_case_words() {
        let v = Vocabulary::new();
        assert!(v.all.len() > 3000, "{}", v.all.len());
        assert_eq!(v.all[0], "the");
        let distinct: std::collections::HashSet<_> = v.all.iter().collect();
        assert_eq!(distinct.len(), v.all.len(), "the word list repeats a word");
        assert!(
            v.all
                .iter()
                .all(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
        );
        assert!(!v.all[v.content_start..].contains(&"the"));
    }

    #[test]
    fn titles_are_title_case_and_repeat_with_the_seed() {
        let v = Vocabulary::new();
        let make = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..50).map(|_| v.title(&mut rng)).collect::<Vec<_>>()
        };
        let titles = make(3);
        assert_eq!(titles, make(3));
        assert_ne!(titles, make(4));
        for t in &titles {
            assert!(t.starts_with(|c: char| c.is_uppercase()), "{t}");
            assert!(!t.contains("  ") && !t.ends_with(' '), "{t}");
        }
    }
}
