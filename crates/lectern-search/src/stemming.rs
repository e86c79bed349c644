//! Search in every language: a word finds the other forms of it in the titles of each language
//! (Snowball's stemmers, through tantivy), so that "niños" finds "El niño" and "Kindern" finds
//! "Kinder- und Hausmärchen".
//!
//! Each title's words are recorded with their stems in each of its languages, as terms
//! `{language}:{stem}:{word}` of one field (`title_forms`). A query word is stemmed in every
//! language that segment has titles in, which is the page's language and the catalog's
//! together without asking which; the words of the titles that share its stem are then looked
//! up in that field's dictionary, and the query asks the plain title words for them
//! (`query::Searched`: apart from the words as typed, scoring nothing, so that a title with
//! the very words ranks above one with other forms of them). A word without other forms is then
//! one term, as it was before stemming (a union of a word with its own stem, over the same
//! titles, cost a frequent word twice its time).
//!
//! Diacritics are folded after stemming, since Snowball's rules read them ("misérables"); a
//! reader who types "nino" for "niño" meets it by the folded word, as before.

use std::cell::RefCell;
use std::collections::BTreeSet;

use tantivy::SegmentReader;
use tantivy::tokenizer::{AsciiFoldingFilter, Language, RawTokenizer, Stemmer, TextAnalyzer};

use lectern_domain::catalog::languages::bcp47;

use crate::schema::{FORMS_FIELD, QueryWord, query_words};

/// The languages with a stemmer, by BCP 47 primary subtag, sorted.
const STEMMED: [(&str, Language); 18] = [
    ("ar", Language::Arabic),
    ("da", Language::Danish),
    ("de", Language::German),
    ("el", Language::Greek),
    ("en", Language::English),
    ("es", Language::Spanish),
    ("fi", Language::Finnish),
    ("fr", Language::French),
    ("hu", Language::Hungarian),
    ("it", Language::Italian),
    ("nl", Language::Dutch),
    ("no", Language::Norwegian),
    ("pt", Language::Portuguese),
    ("ro", Language::Romanian),
    ("ru", Language::Russian),
    ("sv", Language::Swedish),
    ("ta", Language::Tamil),
    ("tr", Language::Turkish),
];

thread_local! {
    /// One analyzer per language of `STEMMED`, in its order, for one lower-cased word.
    static STEMMERS: RefCell<Vec<TextAnalyzer>> = RefCell::new(
        STEMMED
            .iter()
            .map(|&(_, language)| {
                TextAnalyzer::builder(RawTokenizer::default())
                    .filter(Stemmer::new(language))
                    .filter(AsciiFoldingFilter)
                    .build()
            })
            .collect(),
    );
}

/// A lower-cased word's stem in the language at `i` of `STEMMED`, folded.
fn stem(i: usize, lowered: &str) -> String {
    STEMMERS.with(|stemmers| {
        let mut stemmers = stemmers.borrow_mut();
        let mut stream = stemmers[i].token_stream(lowered);
        if stream.advance() {
            stream.token().text.clone()
        } else {
            String::new()
        }
    })
}

/// Which languages of `STEMMED` a title with these languages (ISO 639-2 codes, as titles carry
/// them) is stemmed in: each of its languages that has a stemmer; English for a title that
/// names none, as the catalog reads such a title elsewhere (what it brailles and speaks).
pub(crate) fn of_title(languages: &[String]) -> Vec<usize> {
    if languages.is_empty() {
        return stemmed("en").into_iter().collect();
    }
    let mut found: Vec<usize> = languages
        .iter()
        .filter_map(|l| stemmed(&bcp47(l)))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// The index in `STEMMED` of a BCP 47 tag's language ("es-MX" is Spanish; Bokmål and Nynorsk
/// are stemmed as Norwegian).
fn stemmed(tag: &str) -> Option<usize> {
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    let primary = match primary.as_str() {
        "nb" | "nn" => "no",
        other => other,
    };
    STEMMED.binary_search_by(|(t, _)| (*t).cmp(primary)).ok()
}

/// The terms a title's names give the forms field: each word by its stem, in each of the
/// title's languages.
pub(crate) fn form_terms(languages: &[String], names: &[&str]) -> BTreeSet<String> {
    let languages = of_title(languages);
    let mut terms = BTreeSet::new();
    for word in names.iter().flat_map(|n| query_words(n)) {
        for &i in &languages {
            let stem = stem(i, &word.lowered);
            terms.insert(format!("{}:{stem}:{}", STEMMED[i].0, word.folded));
        }
    }
    terms
}

/// A segment's forms field, read once: its terms, sorted, and the languages they are in.
#[derive(Default)]
pub(crate) struct SegmentForms {
    terms: Vec<Box<str>>,
    /// Bit `i` for each language at `i` of `STEMMED` that the segment has titles in.
    languages: u32,
}

impl SegmentForms {
    pub(crate) fn read(reader: &SegmentReader) -> tantivy::Result<SegmentForms> {
        let Ok(field) = reader.schema().get_field(FORMS_FIELD) else {
            return Ok(SegmentForms::default());
        };
        let index = reader.inverted_index(field)?;
        let mut stream = index.terms().stream()?;
        let mut forms = SegmentForms::default();
        while stream.advance() {
            let Ok(term) = std::str::from_utf8(stream.key()) else {
                continue;
            };
            if let Some(i) = term.split(':').next().and_then(stemmed) {
                forms.languages |= 1 << i;
            }
            forms.terms.push(term.into());
        }
        Ok(forms)
    }

    /// The words with this stem in the language at `i`, folded.
    fn words(&self, i: usize, stem: &str) -> impl Iterator<Item = &str> {
        let prefix = format!("{}:{stem}:", STEMMED[i].0);
        let start = self.terms.partition_point(|t| **t < *prefix);
        self.terms[start..]
            .iter()
            .map_while(move |t| t.strip_prefix(prefix.as_str()))
    }
}

/// The other forms of a query word in the titles of these segments: the words that share its
/// stem in a title's language, folded, without the word itself.
pub(crate) fn other_forms<'a>(
    segments: impl Iterator<Item = &'a SegmentForms>,
    word: &QueryWord,
) -> BTreeSet<String> {
    let mut stems: Vec<Option<String>> = vec![None; STEMMED.len()];
    let mut forms = BTreeSet::new();
    for segment in segments {
        for (i, stem) in stems.iter_mut().enumerate() {
            if segment.languages & (1 << i) == 0 {
                continue;
            }
            let stem = stem.get_or_insert_with(|| self::stem(i, &word.lowered));
            forms.extend(
                segment
                    .words(i, stem)
                    .filter(|w| *w != word.folded)
                    .map(str::to_owned),
            );
        }
    }
    forms
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tag: &str) -> usize {
        stemmed(tag).unwrap()
    }

    #[test]
    fn the_languages_are_sorted_for_the_search_by_tag() {
        assert!(STEMMED.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn a_title_is_stemmed_in_each_of_its_languages_and_english_when_it_names_none() {
        assert_eq!(of_title(&[]), [at("en")]);
        assert_eq!(
            of_title(&["spa".into(), "fre".into(), "fra".into()]),
            [at("es"), at("fr")]
        );
        assert_eq!(of_title(&["nob".into()]), [at("no")]);
        // Japanese has no stemmer: its titles match by their words alone.
        assert!(of_title(&["jpn".into()]).is_empty());
    }

    #[test]
    fn a_title_s_words_are_kept_by_their_stems_in_its_languages() {
        let terms = form_terms(&["spa".into()], &["Los niños", "El niño"]);
        let terms: Vec<&str> = terms.iter().map(String::as_str).collect();
        assert_eq!(
            terms,
            ["es:el:el", "es:los:los", "es:nin:nino", "es:nin:ninos"]
        );
    }

    #[test]
    fn accents_are_read_by_the_stemmer_and_folded_after() {
        // Typed with or without its accent, a Spanish plural meets its singular's stem.
        for typed in ["niños", "ninos", "niño", "nino"] {
            assert_eq!(stem(at("es"), typed), "nin", "{typed}");
        }
        assert_eq!(stem(at("fr"), "misérables"), stem(at("fr"), "misérable"));
        // "the book" and "book": the stemmer takes the article off.
        assert_eq!(stem(at("ar"), "الكتاب"), stem(at("ar"), "كتاب"));
    }
}
