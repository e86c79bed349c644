//! A `TitleRecord` as the index holds it: searchable words, filter terms and the fast columns
//! that sorts and facets read.

use std::collections::BTreeSet;

use lectern_domain::catalog::artifact::{ArtifactStatus, duration_seconds};
use lectern_domain::catalog::names::index_name;
use lectern_domain::catalog::{ContributorType, TitleRecord, accessibility, bisac};
use tantivy::TantivyDocument;

use lectern_domain::title_access::TitleStatus;

use crate::schema::{self, EVERYWHERE, Fields};
use crate::scope::{ADULT, LIVE};
use crate::stemming;

pub(crate) fn build(f: &Fields, r: &TitleRecord) -> TantivyDocument {
    let mut d = TantivyDocument::new();
    d.add_text(f.service_id, &r.service_id);
    d.add_text(f.site, &r.site);
    d.add_text(f.status, r.status.as_str());
    let live = r.status.lifecycle() == TitleStatus::Live;
    d.add_u64(
        f.state,
        if live { LIVE } else { 0 } | if r.adult_content { ADULT } else { 0 },
    );

    d.add_text(f.title, &r.title);
    if let Some(subtitle) = &r.subtitle {
        d.add_text(f.title, subtitle);
    }
    add_stems(&mut d, f, r);
    d.add_text(f.title_sort, title_sort_key(r));
    if let Some(key) = author_sort_key(r) {
        d.add_text(f.author_sort, key);
    }

    // One value per distinct author, or a title listing a name twice would count twice in the
    // author facet.
    let authors: BTreeSet<&str> = r.contributors_of(ContributorType::Author).collect();
    for name in authors {
        d.add_text(f.author, name);
        d.add_text(f.author_exact, name);
    }
    for name in r.contributors_of(ContributorType::Composer) {
        d.add_text(f.composer, name);
    }
    for category in r.categories.iter().collect::<BTreeSet<_>>() {
        d.add_text(f.category, category);
    }

    for isbn in r.isbn13.iter().chain(&r.related_isbns) {
        for form in isbn_forms(isbn) {
            d.add_text(f.isbn, form);
        }
    }
    for language in &r.languages {
        d.add_text(f.language, language);
    }
    if r.countries.is_empty() {
        d.add_text(f.country, EVERYWHERE);
    }
    for country in &r.countries {
        d.add_text(f.country, country);
    }
    for warning in &r.content_warnings {
        d.add_text(f.content_warning, warning.as_str());
    }
    for code in &r.bisac_codes {
        d.add_text(f.bisac_code, code);
        d.add_text(f.bisac_heading, bisac::heading(code));
    }
    if let Some(kind) = &r.title_content_type {
        d.add_text(f.content_type, kind);
    }
    if let Some(country) = &r.origin_country {
        d.add_text(f.origin_country, country);
    }
    // Open bounds are stored as the widest ones so that a reading age is two range checks.
    // A title without a reading-age range is aimed at no particular age: its minimum is put out
    // of reach, so that no `readingAge` matches it. A range open at one end stays open.
    let no_range = r.reading_age_minimum.is_none() && r.reading_age_maximum.is_none();
    let min = r
        .reading_age_minimum
        .map_or(if no_range { u64::MAX } else { 0 }, u64::from);
    d.add_u64(f.age_min, min);
    d.add_u64(f.age_max, r.reading_age_maximum.map_or(u64::MAX, u64::from));
    if let Some(t) = r.date_added {
        d.add_i64(f.date_added, t.unix());
    }
    if let Some(t) = r.last_updated {
        d.add_i64(f.last_updated, t.unix());
    }
    if let Some(year) = r.copyright_date {
        d.add_i64(f.copyright, i64::from(year));
    }
    add_artifacts(&mut d, f, r);
    d
}

/// The title's words by their stems in each of its languages (`stemming`).
fn add_stems(d: &mut TantivyDocument, f: &Fields, r: &TitleRecord) {
    let names: Vec<&str> = std::iter::once(r.title.as_str())
        .chain(r.subtitle.as_deref())
        .collect();
    for term in stemming::form_terms(&r.languages, &names) {
        d.add_text(f.title_forms, term);
    }
}

fn add_artifacts(d: &mut TantivyDocument, f: &Fields, r: &TitleRecord) {
    let mut shortest_audio: Option<u32> = None;
    for a in &r.offered() {
        if a.status == ArtifactStatus::Available {
            d.add_text(f.format, a.format.as_str());
            for set in accessibility::sufficient_sets(&a.accessibility) {
                d.add_text(f.a11y_sufficient, accessibility::set_key(&set));
            }
            for feature in accessibility::features(&a.accessibility) {
                d.add_text(f.a11y_feature, feature);
            }
            for hazard in accessibility::hazards_absent(&a.accessibility) {
                d.add_text(f.a11y_hazard_free, hazard);
            }
        }
        if let Some(n) = &a.narrator {
            d.add_text(f.narrator, &n.name);
            d.add_text(f.narrator_type, n.kind.as_str());
        }
        if let Some(kind) = a.braille_type {
            d.add_text(f.braille_type, kind.as_str());
        }
        if let Some(code) = &a.external_identifier_code {
            d.add_text(f.external_id, code);
        }
        if a.format.is_audio()
            && let Some(seconds) = a.duration.as_deref().and_then(|s| duration_seconds(s).ok())
        {
            shortest_audio = Some(shortest_audio.map_or(seconds, |s| s.min(seconds)));
        }
    }
    // "Some audio artifact at most N long" is "the shortest one is at most N".
    if let Some(seconds) = shortest_audio {
        d.add_u64(f.audio_seconds, u64::from(seconds));
    }
}

/// Sorts by the folded title, ignoring leading punctuation (`"Hello"` files under H).
pub fn title_sort_key(r: &TitleRecord) -> String {
    let folded = schema::fold(r.title.trim());
    let trimmed = folded.trim_start_matches(|c: char| !c.is_alphanumeric());
    if trimmed.is_empty() {
        folded
    } else {
        trimmed.to_owned()
    }
}

/// Sorts by the first author's index name (surname and its particles first), folded; `None` for titles without an author.
pub fn author_sort_key(r: &TitleRecord) -> Option<String> {
    r.contributors_of(ContributorType::Author)
        .next()
        .map(|name| schema::fold(&index_name(name)))
}

/// The normal form of an ISBN: its digits (and a final X), without dashes or spaces; ten-digit
/// ISBNs become the equivalent 13-digit one, so either finds the title.
pub fn normalize_isbn(raw: &str) -> String {
    let compact: String = raw
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    isbn10_to_13(&compact).unwrap_or(compact)
}

fn isbn_forms(raw: &str) -> Vec<String> {
    let normal = normalize_isbn(raw);
    let compact: String = raw.chars().filter(char::is_ascii_alphanumeric).collect();
    if compact.eq_ignore_ascii_case(&normal) {
        vec![normal]
    } else {
        vec![normal, compact.to_ascii_uppercase()]
    }
}

fn isbn10_to_13(isbn10: &str) -> Option<String> {
    let b = isbn10.as_bytes();
    let shape = b.len() == 10
        && b[..9].iter().all(u8::is_ascii_digit)
        && (b[9].is_ascii_digit() || b[9] == b'X');
    if !shape {
        return None;
    }
    let body = format!("978{}", &isbn10[..9]);
    let sum: u32 = body
        .bytes()
        .enumerate()
        .map(|(i, c)| u32::from(c - b'0') * if i % 2 == 0 { 1 } else { 3 })
        .sum();
    Some(format!("{body}{}", (10 - sum % 10) % 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn author_sort_keys_file_names_under_the_surname_and_its_particles() {
        let mut r: TitleRecord = serde_json::from_value(serde_json::json!({
            "serviceId": "t", "site": "s", "status": "live", "title": "T", "usageRestriction": "copyright",
            "contributors": [{"name": "W. E. B. Du Bois", "type": "author"}]
        }))
        .expect("a record");
        assert_eq!(
            author_sort_key(&r).as_deref(),
            Some(schema::fold("Du Bois, W. E. B.").as_str())
        );
        r.contributors.clear();
        assert_eq!(author_sort_key(&r), None);
    }

    #[test]
    fn isbns_lose_their_dashes_and_ten_digit_ones_gain_a_prefix() {
        assert_eq!(normalize_isbn("978-0-14-143951-8"), "9780141439518");
        assert_eq!(normalize_isbn("0-14-143951-3"), "9780141439518");
        assert_eq!(normalize_isbn("0-8044-2957-x"), "9780804429573");
        assert_eq!(isbn_forms("0141439513"), ["9780141439518", "0141439513"]);
    }
}
