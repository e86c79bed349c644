//! From an EPUB's package metadata to a catalog title. The EPUB is the source of the fields it
//! maps; everything else a stored title has (other formats, BISAC codes, countries, curators'
//! notes) is kept when the same book is imported again.

use lectern_domain::Timestamp;
use lectern_domain::catalog::{
    Artifact, ArtifactStatus, Contributor, ContributorType, Format, TitleRecord, TitleStatusCode,
};
use lectern_domain::title_access::UsageRestriction;
use lectern_store::StoreError;

use crate::epub::EpubMetadata;
use lectern_domain::catalog::languages::from_bcp47;
use sha2::{Digest, Sha256};

/// What the operator decided for every title of a run.
pub struct Choices {
    pub site: String,
    /// For new titles always; for stored ones only when given, so a re-import does not revive
    /// a withdrawn title or lift a restriction.
    pub status: Option<TitleStatusCode>,
    pub usage: Option<UsageRestriction>,
    /// Added to the title's categories; the stored ones are kept.
    pub categories: Vec<String>,
}

/// A stable service id: the same book (same ISBN, else same package identifier) always gets
/// the same one, so importing it again updates it instead of adding a copy.
pub fn service_id(prefix: &str, meta: &EpubMetadata) -> String {
    let source = match &meta.isbn {
        Some(isbn) => format!("isbn:{isbn}"),
        None => meta.identifier.clone(),
    };
    let digest = Sha256::digest(source.as_bytes());
    format!("{prefix}{}", &hex::encode(digest)[..16])
}

/// The title for an EPUB, starting from the stored one when there is one. `file_key` is where
/// the EPUB is kept in the file store.
pub fn title(
    meta: &EpubMetadata,
    stored: Option<TitleRecord>,
    choices: &Choices,
    service_id: &str,
    file_key: &str,
) -> Result<TitleRecord, StoreError> {
    let is_new = stored.is_none();
    let mut t = match stored {
        Some(t) => t,
        None => blank(service_id, &choices.site)?,
    };
    t.site.clone_from(&choices.site);
    if let Some(status) = choices.status.or(is_new.then_some(TitleStatusCode::Live)) {
        t.status = status;
    }
    if let Some(usage) = choices
        .usage
        .or(is_new.then_some(UsageRestriction::Copyright))
    {
        t.usage_restriction = usage;
    }
    for c in &choices.categories {
        if !t.categories.contains(c) {
            t.categories.push(c.clone());
        }
    }

    t.title.clone_from(&meta.title);
    t.subtitle.clone_from(&meta.subtitle);
    t.synopsis.clone_from(&meta.description);
    t.isbn13.clone_from(&meta.isbn);
    t.publisher.clone_from(&meta.publisher);
    t.contributors = contributors(meta);
    let date = meta.date.as_deref().map(str::trim);
    t.publish_date = date.and_then(|d| Timestamp::parse(d).ok());
    t.copyright_date = date.and_then(year);
    t.languages = Vec::new();
    for code in meta.languages.iter().filter_map(|l| from_bcp47(l)) {
        if !t.languages.contains(&code) {
            t.languages.push(code);
        }
    }

    let mut artifact = match t.artifacts.iter().position(|a| a.format == Format::Epub3) {
        Some(i) => t.artifacts.remove(i),
        None => Artifact::new(Format::Epub3, None),
    };
    artifact.status = ArtifactStatus::Available;
    artifact.file = Some(file_key.to_owned());
    artifact.accessibility = meta.accessibility.catalog_metadata();
    t.artifacts.push(artifact);
    Ok(t)
}

/// A title with the record's own defaults (for example allowRecommend), as a fixture entry
/// with only the required fields would have them.
fn blank(service_id: &str, site: &str) -> Result<TitleRecord, StoreError> {
    serde_json::from_value(serde_json::json!({
        "serviceId": service_id,
        "site": site,
        "status": "live",
        "title": "",
        "usageRestriction": "copyright",
    }))
    .map_err(|e| StoreError::Corrupt(format!("building an empty title record: {e}")))
}

/// The year a `dc:date` starts with (`2019`, `2019-05`, `2019-05-02T...`).
fn year(date: &str) -> Option<i32> {
    let digits = date.get(..4)?;
    let rest_ok = date.len() == 4 || date[4..].starts_with('-');
    (rest_ok && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
        .filter(|y| (1000..=9999).contains(y))
}

/// Creators and contributors, one entry per person and document 3 type. A creator's unknown
/// role still makes them an author (the creator is who made the work); a `dc:contributor`
/// with no role we know (book producer, narrator, publisher, ...) is left out, since those
/// describe the edition's production rather than the work.
fn contributors(meta: &EpubMetadata) -> Vec<Contributor> {
    let mut out: Vec<Contributor> = Vec::new();
    let people = meta
        .creators
        .iter()
        .map(|p| (p, true))
        .chain(meta.contributors.iter().map(|p| (p, false)));
    for (person, is_creator) in people {
        let mut kinds: Vec<ContributorType> = person
            .roles
            .iter()
            .filter_map(|r| role(&r.to_ascii_lowercase()))
            .collect();
        if kinds.is_empty() && is_creator {
            kinds.push(ContributorType::Author);
        }
        for kind in kinds {
            let entry = Contributor {
                name: person.name.clone(),
                kind,
            };
            if !person.name.is_empty() && !out.contains(&entry) {
                out.push(entry);
            }
        }
    }
    out
}

/// MARC relator codes to document 3's contributor types.
fn role(code: &str) -> Option<ContributorType> {
    Some(match code {
        "aut" => ContributorType::Author,
        "edt" => ContributorType::Editor,
        "trl" => ContributorType::Translator,
        "ill" => ContributorType::Illustrator,
        "cmp" => ContributorType::Composer,
        "arr" => ContributorType::Arranger,
        "lyr" => ContributorType::Lyricist,
        "trc" => ContributorType::Transcriber,
        "abr" => ContributorType::Abridger,
        "adp" => ContributorType::Adapter,
        "aui" | "win" => ContributorType::IntroductionBy,
        "wfw" | "wpr" => ContributorType::ForwardBy,
        "aft" => ContributorType::EpilogueBy,
        _ => return None,
    })
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
