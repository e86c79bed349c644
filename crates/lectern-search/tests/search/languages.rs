//! Search in every language: a catalog of titles in seven languages, where a word finds its
//! plural and its singular in the title's own language, with or without its accents, and the
//! very word typed ranks above its stem.

use lectern_domain::catalog::query::{TitleFilters, TitleSort};
use lectern_domain::paging::Direction;
use lectern_search::TitleIndex;
use serde_json::json;

use crate::common::{ids, index_of, matching, record, search};

fn in_language(id: &str, title: &str, language: &str) -> lectern_domain::catalog::TitleRecord {
    record(id, title, json!({ "languages": [language] }))
}

/// Titles in English, Spanish, French, German, Italian, Portuguese and Arabic, in two segments.
fn catalog() -> TitleIndex {
    let titles = [
        in_language("en1", "The Railway Children", "eng"),
        in_language("en2", "Children of the New Forest", "eng"),
        in_language("en3", "A Child's Garden of Verses", "eng"),
        in_language("en4", "Reading Lolita in Tehran", "eng"),
        in_language("en5", "Read Me a Story", "eng"),
        in_language("es1", "El niño con el pijama de rayas", "spa"),
        in_language("es2", "Cuentos para niños", "spa"),
        in_language("es3", "Cien años de soledad", "spa"),
        in_language("fr1", "Les Misérables", "fre"),
        in_language("fr2", "Le Petit Prince", "fre"),
        in_language("de1", "Kinder- und Hausmärchen", "ger"),
        in_language("de2", "Die Verwandlung", "deu"),
        in_language("it1", "I promessi sposi", "ita"),
        in_language("pt1", "Memórias póstumas de Brás Cubas", "por"),
        in_language("ar1", "الكتاب", "ara"),
        // No language named: read as English.
        record("xx1", "Childhood's End", json!({})),
    ];
    index_of(&titles, 2)
}

fn keyword(index: &TitleIndex, k: &str) -> std::collections::BTreeSet<String> {
    matching(
        index,
        TitleFilters {
            keyword: Some(k.to_owned()),
            ..TitleFilters::default()
        },
    )
}

fn ranked(index: &TitleIndex, k: &str) -> Vec<String> {
    let mut q = search(TitleFilters {
        keyword: Some(k.to_owned()),
        ..TitleFilters::default()
    });
    q.sort = TitleSort::Relevance;
    q.direction = Direction::Asc;
    index.search(&q).unwrap().service_ids
}

#[test]
fn a_spanish_word_finds_its_plural_and_singular_with_or_without_accents() {
    let index = catalog();
    for typed in ["niños", "ninos", "niño", "nino", "NIÑOS"] {
        assert_eq!(keyword(&index, typed), ids(&["es1", "es2"]), "{typed}");
    }
    assert_eq!(keyword(&index, "cuento para niño"), ids(&["es2"]));
}

#[test]
fn each_language_s_own_stemmer_meets_its_forms() {
    let index = catalog();
    assert_eq!(keyword(&index, "Les Miserables"), ids(&["fr1"]));
    assert_eq!(keyword(&index, "misérable"), ids(&["fr1"]));
    assert_eq!(keyword(&index, "princes"), ids(&["fr2"]));
    assert_eq!(keyword(&index, "hausmarchen"), ids(&["de1"]));
    assert_eq!(keyword(&index, "Kindern"), ids(&["de1"]));
    assert_eq!(keyword(&index, "sposo promesso"), ids(&["it1"]));
    assert_eq!(keyword(&index, "memoria postuma"), ids(&["pt1"]));
    assert_eq!(keyword(&index, "كتاب"), ids(&["ar1"]));
}

#[test]
fn an_english_reader_s_words_still_find_what_they_found() {
    let index = catalog();
    // Every title with the word itself, as before stemming; "child's" and "childhood" are other
    // words, in English's rules as in the plain words'.
    assert_eq!(keyword(&index, "children"), ids(&["en1", "en2"]));
    assert_eq!(keyword(&index, "railway children"), ids(&["en1"]));
    // A title that names no language is stemmed as English.
    assert_eq!(keyword(&index, "childhoods"), ids(&["xx1"]));
}

#[test]
fn a_title_with_the_very_word_ranks_above_one_with_its_stem() {
    let index = catalog();
    assert_eq!(ranked(&index, "niños"), ["es2", "es1"]);
    assert_eq!(ranked(&index, "niño"), ["es1", "es2"]);
    assert_eq!(ranked(&index, "reading"), ["en4", "en5"]);
    assert_eq!(ranked(&index, "read"), ["en5", "en4"]);
}

#[test]
fn a_stem_matches_only_titles_in_the_language_it_was_made_for() {
    let index = catalog();
    // "Kinder" is German: an English title with "kind" in it would not be found by it, and
    // the English "children" does not reach the German "Kinder".
    assert_eq!(keyword(&index, "kinder"), ids(&["de1"]));
    assert_eq!(keyword(&index, "petit"), ids(&["fr2"]));
}
