//! Search in every language: a title's name is also indexed with the stemmer of its language
//! (Snowball's, through tantivy), one field per language, so that "niños" finds "niño" in a
//! Spanish title; a query word is stemmed in every language the index has a stemmer for, which
//! covers the page's language and the catalog's together (a language without titles has no
//! terms to match). The plain words (`schema::words`) still match as before and score beside
//! the stems, so a title with the very word typed ranks above one with only its stem.
//!
//! Diacritics are folded after stemming, since Snowball's rules read them ("misérables"); a
//! reader who types "nino" for "niño" still meets it, as both stem to "nin".

use tantivy::Index;
use tantivy::schema::{Field, IndexRecordOption, SchemaBuilder, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer,
    TextAnalyzer,
};

use lectern_domain::catalog::languages::bcp47;

/// The languages with a stemmer, by BCP 47 primary subtag, sorted; each has its own field.
pub(crate) const STEMMED: [(&str, Language); 18] = [
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

/// One stemmed title field per language of `STEMMED`, in its order.
pub(crate) type StemFields = [Field; STEMMED.len()];

pub(crate) fn add_fields(b: &mut SchemaBuilder) -> StemFields {
    std::array::from_fn(|i| {
        let (tag, _) = STEMMED[i];
        let options = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(&analyzer_name(tag))
                .set_index_option(IndexRecordOption::WithFreqs),
        );
        b.add_text_field(&format!("title_stems_{tag}"), options)
    })
}

pub(crate) fn register_analyzers(index: &Index) {
    for (tag, language) in STEMMED {
        index
            .tokenizers()
            .register(&analyzer_name(tag), analyzer(language));
    }
}

fn analyzer_name(tag: &str) -> String {
    format!("lectern_stems_{tag}")
}

fn analyzer(language: Language) -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(Stemmer::new(language))
        .filter(AsciiFoldingFilter)
        .build()
}

/// Which stemmed fields a title with these languages (ISO 639-2 codes, as titles carry them)
/// is indexed in: each of its languages that has a stemmer; English for a title that names
/// none, as the catalog reads such a title elsewhere (what it brailles and speaks).
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

/// A query word's stems in the language at `i`, from the word as typed (in lower case): the
/// stemmer reads its accents, and folds what it gives as the title's were.
pub(crate) fn of_word(i: usize, lowered: &str) -> Vec<String> {
    of_text(i, lowered)
}

/// The stems a text gives in the language at `i`, as the index holds them.
fn of_text(i: usize, text: &str) -> Vec<String> {
    let mut analyzer = analyzer(STEMMED[i].1);
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
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
    fn a_plural_and_its_singular_meet_with_or_without_their_accents() {
        let es = at("es");
        let title = of_text(es, "El niño");
        for typed in ["niños", "ninos", "niño", "nino"] {
            let stems = of_word(es, typed);
            assert!(
                stems.iter().any(|s| title.contains(s)),
                "{typed}: {stems:?} against {title:?}"
            );
        }
        let fr = at("fr");
        let title = of_text(fr, "Les Misérables");
        let stems = of_word(fr, "miserable");
        assert!(
            stems.iter().any(|s| title.contains(s)),
            "{stems:?} {title:?}"
        );
    }

    #[test]
    fn arabic_titles_are_stemmed_by_arabic_rules() {
        let ar = at("ar");
        // "the book" and "book": the stemmer takes the article off.
        let title = of_text(ar, "الكتاب");
        let stems = of_word(ar, "كتاب");
        assert!(
            stems.iter().any(|s| title.contains(s)),
            "{stems:?} {title:?}"
        );
    }
}
