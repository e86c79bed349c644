//! The filters that match values whole, on the four titles of `filters::fixture`.

use lectern_domain::catalog::artifact::{BrailleType, NarratorType};
use lectern_domain::catalog::query::TitleFilters;
use lectern_domain::catalog::title::TitleStatusCode;
use lectern_domain::catalog::{ContentWarning, Format};

use crate::common::{ids, matching};
use crate::filters::{fixture, strings};

fn with(edit: impl FnOnce(&mut TitleFilters)) -> TitleFilters {
    let mut filters = TitleFilters::default();
    edit(&mut filters);
    filters
}

#[test]
fn each_exact_filter_lets_through_the_titles_it_names() {
    let index = fixture();
    let cases: Vec<(TitleFilters, &[&str])> = vec![
        (with(|f| f.isbn = Some("978-0441172719".into())), &["1"]),
        (with(|f| f.isbn = Some("0441013597".into())), &["1"]),
        (with(|f| f.categories = strings(&["classics"])), &["2", "4"]),
        (
            with(|f| f.categories = strings(&["Music", "Nature"])),
            &["2", "3"],
        ),
        (with(|f| f.language = Some("FRE".into())), &["2", "4"]),
        (with(|f| f.country = Some("ca".into())), &["1", "2", "4"]),
        (with(|f| f.format = Some(Format::DaisyAudio)), &["1"]),
        (with(|f| f.format = Some(Format::Brf)), &["2"]),
        (with(|f| f.format = Some(Format::Daisy)), &["4"]),
        (with(|f| f.format = Some(Format::Epub3)), &[]),
        (with(|f| f.format = Some(Format::Pdf)), &[]),
        (
            with(|f| f.narrator_type = Some(NarratorType::Human)),
            &["1"],
        ),
        (with(|f| f.narrator_type = Some(NarratorType::Tts)), &["3"]),
        (
            with(|f| f.braille_type = Some(BrailleType::Transcribed)),
            &["2"],
        ),
        (with(|f| f.braille_type = Some(BrailleType::Automated)), &[]),
        (with(|f| f.reading_age = Some(12)), &["1", "4"]),
        (with(|f| f.reading_age = Some(9)), &["2", "4"]),
        // Requiem has no reading ages: it is aimed at no particular age.
        (with(|f| f.reading_age = Some(15)), &["1"]),
        (
            with(|f| f.excluded_content_warnings = vec![ContentWarning::Violence]),
            &["2", "3", "4"],
        ),
        (
            with(|f| {
                f.included_content_warnings =
                    vec![ContentWarning::Violence, ContentWarning::Language]
            }),
            &["1", "3"],
        ),
        (
            with(|f| f.external_identifier_code = Some("ext-1".into())),
            &["1"],
        ),
        (with(|f| f.max_duration_seconds = Some(3600)), &["3"]),
        (
            with(|f| f.max_duration_seconds = Some(100_000)),
            &["1", "3"],
        ),
        (with(|f| f.max_duration_seconds = Some(60)), &[]),
        (with(|f| f.title_content_type = Some("Text".into())), &["1"]),
        (
            with(|f| f.included_bisac_headings = strings(&["FIC"])),
            &["1", "3"],
        ),
        (
            with(|f| f.excluded_bisac_headings = strings(&["FIC"])),
            &["2", "4"],
        ),
        (
            with(|f| f.included_bisac_codes = strings(&["FIC028000"])),
            &["1"],
        ),
        (
            with(|f| f.excluded_bisac_codes = strings(&["FIC028000", "NAT000000"])),
            &["3", "4"],
        ),
        (with(|f| f.origin_country = Some("us".into())), &["1"]),
        (
            with(|f| f.author_filter = Some("frank HERBERT".into())),
            &["1"],
        ),
        (with(|f| f.author_filter = Some("Herbert".into())), &[]),
        (
            with(|f| f.title_status = Some(TitleStatusCode::Withdrawn)),
            &["3"],
        ),
        (
            with(|f| f.title_status = Some(TitleStatusCode::Live)),
            &["1", "2", "4"],
        ),
        (
            with(|f| {
                f.language = Some("fre".into());
                f.format = Some(Format::Daisy);
            }),
            &["4"],
        ),
    ];
    for (filters, want) in cases {
        assert_eq!(matching(&index, filters.clone()), ids(want), "{filters:?}");
    }
}
