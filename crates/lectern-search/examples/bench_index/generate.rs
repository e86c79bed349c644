//! A deterministic synthetic catalog: Zipf-distributed title words, authors and categories.

use lectern_domain::catalog::TitleRecord;
use serde_json::{Value, json};

const SYLLABLES: [&str; 16] = [
    "ka", "lo", "mi", "re", "to", "sa", "ve", "du", "ia", "or", "el", "an", "ti", "mo", "qu", "za",
];
const FIRST_NAMES: [&str; 24] = [
    "Ada", "Ben", "Cleo", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kiri",
    "Leila", "Marco", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomoko", "Umar",
    "Vera", "Wen", "Yusuf",
];
const VOCABULARY: usize = 30_000;
const CATEGORIES: usize = 60;

pub struct Catalog {
    /// Words by rank: the first is the most frequent.
    pub vocabulary: Vec<String>,
    pub categories: Vec<String>,
    authors: Vec<String>,
}

/// The `k`-th word: base-16 digits of k + 16 as two-letter syllables, so words are distinct.
fn word(k: usize) -> String {
    let mut n = k + 16;
    let mut out = Vec::new();
    while n > 0 {
        out.push(SYLLABLES[n % 16]);
        n /= 16;
    }
    out.concat()
}

fn capitalized(w: &str) -> String {
    let mut c = w.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// SplitMix64: one independent stream per title.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A rank in 0..n with probability about proportional to 1 / (rank + 1).
    fn zipf(&mut self, n: usize) -> usize {
        ((n as f64).powf(self.unit()) as usize)
            .saturating_sub(1)
            .min(n - 1)
    }
}

impl Catalog {
    pub fn new(titles: usize) -> Catalog {
        let authors = (0..(titles / 4).max(10))
            .map(|k| {
                format!(
                    "{} {}",
                    FIRST_NAMES[k % 24],
                    capitalized(&word(k / 24 + 300))
                )
            })
            .collect();
        Catalog {
            vocabulary: (0..VOCABULARY).map(word).collect(),
            categories: (0..CATEGORIES)
                .map(|k| format!("Category {k:02}"))
                .collect(),
            authors,
        }
    }

    pub fn title(&self, i: usize) -> TitleRecord {
        let mut r = Rng(i as u64 ^ 0x5EED);
        // Like "the", the first word is in a third of all titles.
        let mut words: Vec<&str> = Vec::new();
        if r.chance(0.35) {
            words.push(&self.vocabulary[0]);
        }
        words.extend(
            (0..1 + r.below(5)).map(|_| self.vocabulary[1 + r.zipf(VOCABULARY - 1)].as_str()),
        );
        let mut contributors = vec![self.author(&mut r)];
        if r.chance(0.2) {
            contributors.push(self.author(&mut r));
        }
        let categories: Vec<&str> = (0..1 + r.below(3))
            .map(|_| self.categories[r.zipf(CATEGORIES)].as_str())
            .collect();
        let language = ["eng", "eng", "eng", "eng", "eng", "fre", "spa", "ger"][r.below(8)];
        let countries: &[&str] = match r.below(10) {
            0 => &["US"],
            1 => &["US", "CA"],
            2 => &["GB"],
            _ => &[],
        };
        let site = ["s1", "s1", "s1", "g", "g", "s2"][r.below(6)];
        let status = if r.chance(0.93) {
            "live"
        } else {
            ["withdrawn", "new", "removed"][r.below(3)]
        };
        let mut v = json!({
            "serviceId": format!("{i:08}"),
            "site": site,
            "status": status,
            "title": capitalized(&words.join(" ")),
            "contributors": contributors,
            "categories": categories,
            "languages": [language],
            "countries": countries,
            "usageRestriction": if r.chance(0.3) { "publicDomain" } else { "copyright" },
            "adultContent": r.chance(0.03),
            "isbn13": format!("979{:010}", i),
            "dateAdded": format!("20{:02}-{:02}-{:02}", 5 + r.below(20), 1 + r.below(12), 1 + r.below(28)),
            "artifacts": self.artifacts(&mut r),
        });
        if r.chance(0.9) {
            v["copyrightDate"] = json!(1900 + r.below(125));
        }
        if r.chance(0.3) {
            v["readingAgeMinimum"] = json!(4 + r.below(10));
        }
        serde_json::from_value(v).expect("generated records are valid")
    }

    fn author(&self, r: &mut Rng) -> Value {
        json!({"name": self.authors[r.zipf(self.authors.len())], "type": "author"})
    }

    fn artifacts(&self, r: &mut Rng) -> Vec<Value> {
        let mut out = Vec::new();
        for (format, p) in [
            ("DAISY", 0.5),
            ("EPUB3", 0.5),
            ("BRF", 0.3),
            ("DAISY_AUDIO", 0.2),
        ] {
            if !r.chance(p) {
                continue;
            }
            let mut a = json!({"format": format});
            if format == "DAISY_AUDIO" {
                a["duration"] = json!(format!("PT{}H{}M0S", r.below(20), r.below(60)));
                let kind = if r.chance(0.5) { "human" } else { "tts" };
                a["narrator"] =
                    json!({"name": self.authors[r.below(self.authors.len())], "type": kind});
            }
            if format == "BRF" {
                a["brailleType"] = json!(if r.chance(0.5) {
                    "automated"
                } else {
                    "transcribed"
                });
            }
            out.push(a);
        }
        out
    }
}
