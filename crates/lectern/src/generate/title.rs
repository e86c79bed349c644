//! One title's record, put together from its parts: lifecycle (dates, status, rights), people,
//! readers, subjects, words and artifacts.

use lectern_domain::Timestamp;
use lectern_domain::catalog::{TitleRecord, TitleStatusCode};
use lectern_domain::title_access::UsageRestriction;
use rand::Rng;

use super::categories::{Audience, CATEGORIES, Category};
use super::lifecycle::lifecycle;
use super::people::{contributors, language};
use super::readers::readers;
use super::tables::{EDITIONS, INSTRUMENTS, KEYS, SCORE_TYPES, SOURCES};
use super::{Generator, artifacts, isbn, pick, service_id};

pub fn build(g: &Generator, index: u64) -> TitleRecord {
    let series = g.series(index);
    let mut rng = g.stream(index);
    let rng = &mut rng;
    let category_ix = series
        .as_ref()
        .map_or_else(|| g.category(rng), |s| s.category);
    let category = &CATEGORIES[category_ix];
    let music = category.name == "Music" && rng.random_bool(0.6);
    let life = lifecycle(rng);
    let language = language(rng);
    let contributors = contributors(
        g,
        rng,
        category,
        music,
        series.as_ref().map(|s| s.author.as_str()),
        language.translated,
    );
    let readers = readers(rng, category);
    let (categories, bisac_codes) = subjects(g, rng, category_ix);

    let num_pages: u32 = match category.audience {
        Audience::Children if rng.random_bool(0.5) => rng.random_range(24..=48),
        _ => 80 + (0..3).map(|_| rng.random_range(0..300u32)).sum::<u32>(),
    };
    let num_images = rng
        .random_bool(0.4)
        .then(|| rng.random_range(1..=num_pages / 4 + 1));
    let publisher = g.names.publisher(rng);
    let volunteer = rng.random_bool(0.2);
    let artifacts = artifacts::build(
        g,
        rng,
        &artifacts::Context {
            status: life.status,
            music,
            children: category.audience == Audience::Children,
            pages: num_pages,
            images: num_images.unwrap_or(0),
            date_added: life.date_added,
            publisher,
            volunteer,
            maths: bisac_codes
                .iter()
                .any(|c| c.starts_with("MAT") || c.starts_with("SCI")),
        },
    );
    let sentences = rng.random_range(2..=4);
    let synopsis = rng
        .random_bool(0.92)
        .then(|| g.vocabulary.paragraph(rng, sentences));
    let series_number = series.as_ref().map(|s| s.number);
    let subtitle = rng
        .random_bool(0.3)
        .then(|| subtitle(g, rng, category, series_number));
    let has_isbn = life.usage != UsageRestriction::PublicDomain || rng.random_bool(0.5);
    let copyright_holder = match life.usage {
        UsageRestriction::PublicDomain => None,
        _ if rng.random_bool(0.7) => Some(contributors[0].name.clone()),
        _ => Some(publisher.to_owned()),
    };
    let withdrawn = life.status == TitleStatusCode::Withdrawn;
    let owned = |s: &str| s.to_owned();

    let mut record = TitleRecord {
        service_id: service_id(index),
        site: g.site.clone(),
        status: life.status,
        title: g.vocabulary.title(rng),
        subtitle,
        synopsis,
        isbn13: has_isbn.then(|| isbn::isbn13(978, isbn::scatter(index, 7_919))),
        related_isbns: (0..pick(rng, &[(85, 0u64), (10, 1), (5, 2)]))
            .map(|k| isbn::isbn13(979, isbn::scatter(index * 2 + k, 104_729)))
            .collect(),
        publisher: Some(publisher.to_owned()),
        publish_date: Some(Timestamp::from_unix(life.publish_date)),
        copyright_date: Some(life.copyright_year),
        copyright_holder,
        edition: rng.random_bool(0.08).then(|| owned(pick(rng, EDITIONS))),
        languages: if rng.random_bool(0.01) {
            vec![owned(language.code), owned("spa")]
        } else {
            vec![owned(language.code)]
        },
        categories,
        bisac_codes,
        countries: readers.countries,
        origin_country: Some(owned(language.origin)),
        usage_restriction: life.usage,
        adult_content: readers.adult_content,
        content_warnings: readers.content_warnings,
        nimac: readers.nimac,
        reading_age_minimum: readers.reading_age_minimum,
        reading_age_maximum: readers.reading_age_maximum,
        lexile_code: None,
        lexile_number: readers.lexile_number,
        grades: readers.grades,
        series_title: series.as_ref().map(|s| s.title.clone()),
        series_subtitle: None,
        series_number: series_number.map(|n| n.to_string()),
        title_content_type: Some(owned(if music { "music" } else { "text" })),
        num_pages: Some(num_pages),
        num_images,
        dtbook_size: Some(u64::from(num_pages) * rng.random_range(1800..3200)),
        notes: rng
            .random_bool(0.02)
            .then(|| owned("Includes bibliographical references and index.")),
        allow_recommend: rng.random_bool(0.97),
        // Drawn below, after every field above, in this order (`score`, then `provenance`):
        // the same seed must make the same records.
        has_chord_symbols: false,
        instruments: Vec::new(),
        key: None,
        movement_number: None,
        movement_title: None,
        music_score_type: None,
        opus: None,
        vocal_parts: None,
        marrakesh_available: false,
        marrakesh_pod_exception: false,
        external_category_code: None,
        title_source: None,
        submitter: None,
        owner: None,
        proofreader: None,
        replacement_id: None,
        withdrawal_date: life.withdrawal_date.map(Timestamp::from_unix),
        date_added: Some(Timestamp::from_unix(life.date_added)),
        last_updated: Some(Timestamp::from_unix(life.last_updated)),
        contributors,
        artifacts,
        product_identifier: None,
        available_to_demo: false,
        available_worldwide: false,
        has_embedded_image_descriptions: false,
        states: Vec::new(),
        quality: None,
    };
    if music {
        score(&mut record, rng);
    }
    let origin = Origin {
        index,
        nimac: readers.nimac,
        volunteer,
        withdrawn,
    };
    provenance(&mut record, rng, &origin);
    record
}

/// What a score says of its music.
fn score(record: &mut TitleRecord, rng: &mut impl Rng) {
    record.has_chord_symbols = rng.random_bool(0.3);
    record.instruments = vec![pick(rng, INSTRUMENTS).to_owned()];
    record.key = Some(pick(rng, KEYS).to_owned());
    record.music_score_type = Some(pick(rng, SCORE_TYPES));
    record.opus = rng
        .random_bool(0.5)
        .then(|| format!("Op. {}", rng.random_range(1..=120)));
}

/// What decides where a title came from.
struct Origin {
    index: u64,
    nimac: bool,
    volunteer: bool,
    withdrawn: bool,
}

/// Where the title came from and what may be done with it: the Marrakesh Treaty's exceptions,
/// its source, the volunteers who scanned and proofread it, and what replaced it if withdrawn.
fn provenance(record: &mut TitleRecord, rng: &mut impl Rng, origin: &Origin) {
    record.marrakesh_available =
        record.usage_restriction == UsageRestriction::Copyright && rng.random_bool(0.4);
    record.marrakesh_pod_exception = rng.random_bool(0.02);
    record.title_source = Some(
        match (origin.nimac, origin.volunteer) {
            (true, _) => "NIMAC",
            (_, true) => "Volunteer scan",
            _ => pick(rng, SOURCES),
        }
        .to_owned(),
    );
    if origin.volunteer {
        record.submitter = Some(format!(
            "volunteer{}@lectern.example",
            rng.random_range(1..=5000)
        ));
        record.proofreader = Some(format!(
            "proofreader{}@lectern.example",
            rng.random_range(1..=800)
        ));
    }
    record.replacement_id = (origin.withdrawn && rng.random_bool(0.3))
        .then(|| service_id(rng.random_range(0..=origin.index)));
}

/// The title's categories (its own, sometimes a second) and one or two BISAC codes that fit
/// its own.
fn subjects(g: &Generator, rng: &mut impl Rng, category_ix: usize) -> (Vec<String>, Vec<String>) {
    let name = CATEGORIES[category_ix].name;
    let mut categories = vec![name.to_owned()];
    if rng.random_bool(0.15) {
        let other = CATEGORIES[g.category(rng)].name;
        if other != name {
            categories.push(other.to_owned());
        }
    }
    let choices = &g.bisac_by_category[category_ix];
    let mut codes: Vec<String> = Vec::with_capacity(2);
    for _ in 0..pick(rng, &[(70, 1), (30, 2)]) {
        let code = g.bisac[choices[rng.random_range(0..choices.len())]].0;
        if !codes.iter().any(|c| c == code) {
            codes.push(code.to_owned());
        }
    }
    (categories, codes)
}

fn subtitle(
    g: &Generator,
    rng: &mut impl Rng,
    category: &Category,
    series_number: Option<u64>,
) -> String {
    match (series_number, category.fiction) {
        (Some(n), _) if rng.random_bool(0.5) => format!("Book {n}"),
        (_, true) if rng.random_bool(0.5) => "A Novel".to_owned(),
        (_, false) if rng.random_bool(0.3) => format!("A Guide to {}", g.vocabulary.title(rng)),
        _ => g.vocabulary.title(rng),
    }
}
