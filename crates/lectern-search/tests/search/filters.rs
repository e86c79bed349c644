//! Each filter of the title search, on four titles that tell them apart.

use lectern_domain::catalog::query::TitleFilters;
use lectern_search::TitleIndex;
use serde_json::json;

use crate::common::{ids, index_of, matching, record};

/// Dune, Walden, Requiem (withdrawn) and Émile, in two segments.
pub fn fixture() -> TitleIndex {
    let dune = record(
        "1",
        "Dune",
        json!({
            "contributors": [{"name": "Frank Herbert", "type": "author"}],
            "isbn13": "978-0-441-17271-9",
            "relatedIsbns": ["0441013597"],
            "categories": ["Science Fiction"],
            "languages": ["eng"],
            "readingAgeMinimum": 12,
            "contentWarnings": ["violence"],
            "bisacCodes": ["FIC028000"],
            "titleContentType": "text",
            "originCountry": "US",
            "artifacts": [{
                "format": "DAISY_AUDIO",
                "narrator": {"name": "Scott Brick", "type": "human"},
                "duration": "PT21H2M0S",
                "externalIdentifierCode": "EXT-1",
            }],
        }),
    );
    let walden = record(
        "2",
        "Walden",
        json!({
            "subtitle": "Life in the Woods",
            "contributors": [{"name": "Henry David Thoreau", "type": "author"}],
            "categories": ["Nature", "Classics"],
            "languages": ["eng", "fre"],
            "countries": ["US", "CA"],
            "readingAgeMaximum": 10,
            "bisacCodes": ["NAT000000"],
            "artifacts": [
                {"format": "BRF", "brailleType": "transcribed"},
                {"format": "EPUB3", "status": "withdrawn"},
            ],
        }),
    );
    let requiem = record(
        "3",
        "Requiem",
        json!({
            "status": "withdrawn",
            "contributors": [{"name": "Wolfgang Amadeus Mozart", "type": "composer"}],
            "categories": ["Music"],
            "languages": ["ger"],
            "countries": ["GB"],
            "contentWarnings": ["language"],
            "bisacCodes": ["MUS000000", "FIC000000"],
            "artifacts": [{
                "format": "DAISY_2_AUDIO",
                "narrator": {"name": "Alex", "type": "tts"},
                "duration": "PT45M",
            }],
        }),
    );
    let emile = record(
        "4",
        "Émile ou de l'éducation",
        json!({
            "contributors": [{"name": "Jean-Jacques Rousseau", "type": "author"}],
            "categories": ["Classics", "Philosophy"],
            "languages": ["fre"],
            "readingAgeMinimum": 8,
            "readingAgeMaximum": 14,
            "originCountry": "FR",
            "artifacts": [{"format": "DAISY"}, {"format": "PDF", "status": "inProduction"}],
        }),
    );
    index_of(&[dune, walden, requiem, emile], 2)
}

fn f() -> TitleFilters {
    TitleFilters::default()
}

pub fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn keyword_matches_title_subtitle_authors_and_isbns() {
    let index = fixture();
    let keyword = |k: &str| {
        let filters = TitleFilters {
            keyword: Some(k.to_owned()),
            ..f()
        };
        matching(&index, filters)
    };
    assert_eq!(keyword("dune"), ids(&["1"]));
    assert_eq!(keyword("THOREAU"), ids(&["2"]));
    assert_eq!(keyword("woods"), ids(&["2"]));
    assert_eq!(keyword("emile education"), ids(&["4"]), "accents fold");
    assert_eq!(keyword("dune herbert"), ids(&["1"]));
    assert_eq!(keyword("dune thoreau"), ids(&[]), "every word must match");
    assert_eq!(keyword("9780441172719"), ids(&["1"]));
    assert_eq!(keyword("978-0-441-17271-9"), ids(&["1"]));
    assert_eq!(keyword("0-441-01359-7"), ids(&["1"]), "a related ISBN-10");
    assert_eq!(keyword("mozart"), ids(&[]), "composers are not authors");
    assert_eq!(keyword("!!!"), ids(&[]), "no words, no matches");
}

#[test]
fn title_and_contributor_filters_match_word_by_word() {
    let index = fixture();
    let title = TitleFilters {
        title: Some("life WOODS".into()),
        ..f()
    };
    assert_eq!(matching(&index, title), ids(&["2"]));
    let not_title = TitleFilters {
        title: Some("thoreau".into()),
        ..f()
    };
    assert_eq!(matching(&index, not_title), ids(&[]));
    let authors = |list: &[&str]| TitleFilters {
        authors: strings(list),
        ..f()
    };
    assert_eq!(matching(&index, authors(&["herbert"])), ids(&["1"]));
    assert_eq!(
        matching(&index, authors(&["frank herbert", "rousseau"])),
        ids(&["1", "4"])
    );
    assert_eq!(matching(&index, authors(&["frank thoreau"])), ids(&[]));
    let narrators = TitleFilters {
        narrators: strings(&["scott brick", "alex"]),
        ..f()
    };
    assert_eq!(matching(&index, narrators), ids(&["1", "3"]));
    let composers = TitleFilters {
        composers: strings(&["Mozart"]),
        ..f()
    };
    assert_eq!(matching(&index, composers), ids(&["3"]));
}

#[test]
fn filters_narrow_a_keyword_search() {
    let index = fixture();
    let filters = TitleFilters {
        keyword: Some("walden".into()),
        language: Some("ger".into()),
        ..f()
    };
    assert_eq!(matching(&index, filters), ids(&[]));
    let filters = TitleFilters {
        keyword: Some("walden".into()),
        categories: strings(&["nature"]),
        ..f()
    };
    assert_eq!(matching(&index, filters), ids(&["2"]));
}
