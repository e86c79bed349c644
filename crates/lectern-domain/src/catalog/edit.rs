//! Collection assistants' edits of a title and of its artifacts (document 3's `PUT
//! /v2/titles/{serviceId}` and `.../artifacts/{format}`), as one rule applied twice: when the
//! edit is asked for, to a copy of the title, so that every bad parameter is named before
//! anything is queued; and when the worker applies it, to the title as it stands then. An edit
//! is kept as the form that was sent, so both readings are the same code.
//!
//! A parameter sent empty clears its field (a list, every value); one not sent is left alone.

use std::collections::{BTreeMap, HashSet};

use super::artifact::{BrailleGrade, BrailleMusicScoreLayout, BrailleType, duration_seconds};
use super::periodical::{Edition, PeriodicalSeries, SeriesType};
use super::title::{ContentWarning, Contributor, ContributorType, MusicScoreType, Quality};
use super::{Artifact, ArtifactStatus, TitleRecord, TitleStatusCode, bisac, isbn};
use crate::Timestamp;
use crate::account::{check_country, check_language};
use crate::invalid::{Invalid, Problems};
use crate::title_access::UsageRestriction;

/// An edit as sent: each parameter's values, an empty value meaning "clear".
pub type EditForm = BTreeMap<String, Vec<String>>;

/// What the rules need to know beyond the title: the service's categories.
pub struct EditContext<'a> {
    pub categories: &'a HashSet<String>,
    pub now: Timestamp,
}

/// The contributor parameters and the kind each sets. `forewardBys` is spelled as document 3
/// spells it.
const CONTRIBUTORS: &[(&str, ContributorType)] = &[
    ("authors", ContributorType::Author),
    ("abridgers", ContributorType::Abridger),
    ("adapters", ContributorType::Adapter),
    ("arrangers", ContributorType::Arranger),
    ("composers", ContributorType::Composer),
    ("coWriters", ContributorType::CoWriter),
    ("editors", ContributorType::Editor),
    ("epilogueBys", ContributorType::EpilogueBy),
    ("forewardBys", ContributorType::ForwardBy),
    ("illustrators", ContributorType::Illustrator),
    ("introductionBys", ContributorType::IntroductionBy),
    ("lyricists", ContributorType::Lyricist),
    ("transcribers", ContributorType::Transcriber),
    ("translators", ContributorType::Translator),
];

/// Every parameter of a title edit but the contributors; `comments` is the history's comment,
/// not a field. `titleStatus` is ours: how a title is withdrawn and restored.
pub const TITLE_PARAMS: &[&str] = &[
    "title",
    "subtitle",
    "synopsis",
    "seriesTitle",
    "seriesSubtitle",
    "seriesNumber",
    "copyrightHolder",
    "edition",
    "publisher",
    "externalCategoryCode",
    "notes",
    "comments",
    "productIdentifier",
    "lexileCode",
    "lexileNumber",
    "isbn13",
    "copyrightDate",
    "readingAgeMinimum",
    "readingAgeMaximum",
    "numPages",
    "adultContent",
    "allowRecommend",
    "hasChordSymbols",
    "marrakeshEligible",
    "marrakeshPODException",
    "availableToDemo",
    "availableWorldwide",
    "hasEmbeddedImageDescriptions",
    "nimacRestricted",
    "categories",
    "bisacCategories",
    "countries",
    "languages",
    "grades",
    "relatedIsbns",
    "instruments",
    "states",
    "contentWarnings",
    "usageRestriction",
    "musicScoreType",
    "quality",
    "key",
    "movementNumber",
    "movementTitle",
    "opus",
    "originCountry",
    "vocalParts",
    "titleStatus",
];

/// The parameters of an artifact edit.
pub const ARTIFACT_PARAMS: &[&str] = &[
    "globalBookServiceId",
    "duration",
    "brailleCode",
    "brailleGrade",
    "brailleType",
    "brailleMusicScoreLayout",
    "numberOfVolumes",
    "externalIdentifierCode",
    "transcriber",
    "supplier",
    "fundingSource",
    "producers",
];

string_enum!(
    /// Document 3's braille codes; stored and shown as written here.
    BrailleCode {
        Ebae = "ebae",
        Ueb = "ueb",
        StandardEnglishBraille = "standardEnglishBraille",
        MusicBrailleCode = "musicBrailleCode",
        French = "french",
        FrenchQuebec = "frenchQuebec",
        FrenchUnified = "frenchUnified",
        Spanish = "spanish",
    }
);

/// Whether `form` names one of `params`: a form naming none is refused.
pub fn known(form: &EditForm, params: &[&str]) -> bool {
    form.keys().any(|k| params.contains(&k.as_str()))
}

/// Whether `form` names a contributor parameter (`authors`, `editors`, ...) of a title edit.
pub fn names_contributors(form: &EditForm) -> bool {
    CONTRIBUTORS
        .iter()
        .any(|(name, _)| form.contains_key(*name))
}

/// What is edited of a title: its metadata, or one of its artifacts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditTarget {
    Metadata,
    Artifact(super::Format),
    /// A new file for one format: the form's `file` is its file store key (a folder, ending in
    /// `/`, for a format of many files). The artifact is made if the title has none.
    File(super::Format),
}

/// Why an edit cannot be applied to a title as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditRefusal {
    /// Bad parameters, each named.
    Invalid(Vec<Invalid>),
    /// A removed title takes no edit but one that gives it another status.
    Removed,
    /// The title has no artifact of this format.
    NoArtifact(super::Format),
}

impl EditRefusal {
    /// The reason, as the history and the error say it.
    pub fn reason(&self) -> String {
        match self {
            EditRefusal::Invalid(problems) => problems
                .iter()
                .map(|i| format!("{}: {}", i.param, i.why))
                .collect::<Vec<_>>()
                .join("; "),
            EditRefusal::Removed => {
                "the title was removed from the collection; only a titleStatus edit restores it"
                    .to_owned()
            }
            EditRefusal::NoArtifact(f) => format!("the title has no {f} artifact"),
        }
    }
}

/// A title with an edit applied.
#[derive(Debug, Clone)]
pub struct Edited {
    pub record: TitleRecord,
    /// The parameters that changed something.
    pub changes: Vec<&'static str>,
    /// What the history calls it.
    pub action: &'static str,
}

/// Applies an edit to a copy of `title`: the one rule the acceptance (to refuse at once) and
/// the worker (to apply) share. `lastUpdated` is set when anything changed.
pub fn edit_title(
    title: &TitleRecord,
    target: EditTarget,
    form: &EditForm,
    cx: &EditContext<'_>,
) -> Result<Edited, EditRefusal> {
    if title.status == TitleStatusCode::Removed && !form.contains_key("titleStatus") {
        return Err(EditRefusal::Removed);
    }
    let mut record = title.clone();
    let (changes, mut action) = match target {
        EditTarget::Metadata => (
            apply_title_edit(&mut record, form, cx).map_err(EditRefusal::Invalid)?,
            "metadataUpdated",
        ),
        EditTarget::Artifact(format) => {
            let artifact = record
                .artifacts
                .iter_mut()
                .find(|a| a.format == format)
                .ok_or(EditRefusal::NoArtifact(format))?;
            let changes = apply_artifact_edit(artifact, form).map_err(EditRefusal::Invalid)?;
            (changes, "artifactUpdated")
        }
        EditTarget::File(format) => {
            attach_file(&mut record, format, form, cx.now).map_err(EditRefusal::Invalid)?
        }
    };
    if record.status != title.status {
        action = match record.status {
            TitleStatusCode::Withdrawn => "withdrawn",
            TitleStatusCode::Removed => "removed",
            TitleStatusCode::Live => "restored",
            _ => "statusChanged",
        };
    }
    if !changes.is_empty() {
        record.last_updated = Some(cx.now);
    }
    Ok(Edited {
        record,
        changes,
        action,
    })
}

/// Puts the form's `file` in the artifact of `format`, made available; a new artifact, dated
/// now, when the title has none of that format.
fn attach_file(
    record: &mut TitleRecord,
    format: super::Format,
    form: &EditForm,
    now: Timestamp,
) -> Result<(Vec<&'static str>, &'static str), Vec<Invalid>> {
    let key = form
        .get("file")
        .and_then(|v| v.first())
        .filter(|k| !k.is_empty())
        .ok_or_else(|| vec![Invalid::required("file")])?;
    match record.artifacts.iter_mut().find(|a| a.format == format) {
        Some(a) if a.file.as_ref() == Some(key) && a.status == ArtifactStatus::Available => {
            Ok((vec![], "artifactUpdated"))
        }
        Some(a) => {
            a.file = Some(key.clone());
            a.status = ArtifactStatus::Available;
            Ok((vec!["file"], "artifactUpdated"))
        }
        None => {
            let mut a = Artifact::new(format, Some(key.clone()));
            a.date_added = Some(now);
            record.artifacts.push(a);
            Ok((vec!["file"], "artifactAdded"))
        }
    }
}

/// Applies a title edit to `record`; returns the parameters that changed something. Every bad
/// parameter is named at once; `record` is then left half-changed and must be thrown away.
pub fn apply_title_edit(
    record: &mut TitleRecord,
    form: &EditForm,
    cx: &EditContext<'_>,
) -> Result<Vec<&'static str>, Vec<Invalid>> {
    let mut p = Problems::new();
    let mut changed = Vec::new();
    for &name in TITLE_PARAMS {
        let Some(values) = form.get(name) else {
            continue;
        };
        let before = record.clone();
        if let Err(why) = set_title_field(record, name, values, cx) {
            p.add(name, why);
        } else if *record != before {
            changed.push(name);
        }
    }
    let sent: Vec<_> = CONTRIBUTORS
        .iter()
        .filter(|(name, _)| form.contains_key(*name))
        .collect();
    if !sent.is_empty() {
        let before = record.contributors.clone();
        for (name, kind) in &sent {
            let names = list(&form[*name]);
            record.contributors.retain(|c| c.kind != *kind);
            record
                .contributors
                .extend(names.into_iter().map(|n| Contributor {
                    name: n,
                    kind: *kind,
                }));
        }
        if record.contributors != before {
            changed.extend(sent.iter().map(|(name, _)| *name));
        }
    }
    if let (Some(min), Some(max)) = (record.reading_age_minimum, record.reading_age_maximum)
        && min > max
    {
        p.add(
            "readingAgeMinimum",
            format!("{min} is above the reading age maximum, {max}"),
        );
    }
    p.done(changed)
}

type Outcome = Result<(), String>;

fn set_title_field(
    r: &mut TitleRecord,
    name: &str,
    values: &[String],
    cx: &EditContext,
) -> Outcome {
    let one = || single(values);
    match name {
        "title" => {
            r.title = one()?.ok_or("cannot be cleared: a title needs a title")?;
        }
        "subtitle" => r.subtitle = one()?,
        "synopsis" => r.synopsis = one()?,
        "seriesTitle" => r.series_title = one()?,
        "seriesSubtitle" => r.series_subtitle = one()?,
        "seriesNumber" => r.series_number = one()?,
        "copyrightHolder" => r.copyright_holder = one()?,
        "edition" => r.edition = one()?,
        "publisher" => r.publisher = one()?,
        "externalCategoryCode" => r.external_category_code = one()?,
        "notes" => r.notes = one()?,
        // The history's comment: checked for form here, kept by the caller.
        "comments" => {
            one()?;
        }
        "productIdentifier" => r.product_identifier = one()?,
        "lexileCode" => r.lexile_code = checked(one()?, lexile_code)?,
        "lexileNumber" => r.lexile_number = one()?,
        "isbn13" => r.isbn13 = checked(one()?, isbn_13)?,
        "copyrightDate" => r.copyright_date = checked(one()?, year)?,
        "readingAgeMinimum" => r.reading_age_minimum = checked(one()?, age)?,
        "readingAgeMaximum" => r.reading_age_maximum = checked(one()?, age)?,
        "numPages" => r.num_pages = checked(one()?, count)?,
        "adultContent" => r.adult_content = flag(one()?)?,
        "allowRecommend" => r.allow_recommend = flag(one()?)?,
        "hasChordSymbols" => r.has_chord_symbols = flag(one()?)?,
        "marrakeshEligible" => r.marrakesh_available = flag(one()?)?,
        "marrakeshPODException" => r.marrakesh_pod_exception = flag(one()?)?,
        "availableToDemo" => r.available_to_demo = flag(one()?)?,
        "availableWorldwide" => r.available_worldwide = flag(one()?)?,
        "hasEmbeddedImageDescriptions" => r.has_embedded_image_descriptions = flag(one()?)?,
        "nimacRestricted" => r.nimac = flag(one()?)?,
        "categories" => {
            let names = list(values);
            if let Some(unknown) = names.iter().find(|c| !cx.categories.contains(*c)) {
                return Err(format!(
                    "'{unknown}' is not one of the service's categories"
                ));
            }
            r.categories = names;
        }
        "bisacCategories" => r.bisac_codes = each(values, bisac_code)?,
        "countries" => r.countries = each(values, country)?,
        "languages" => r.languages = each(values, language)?,
        "grades" => r.grades = list(values),
        "relatedIsbns" => r.related_isbns = each(values, isbn_13)?,
        "instruments" => r.instruments = list(values),
        "states" => r.states = each(values, state)?,
        "contentWarnings" => r.content_warnings = each(values, parse::<ContentWarning>)?,
        "usageRestriction" => {
            r.usage_restriction = checked(one()?, parse::<UsageRestriction>)?
                .ok_or("cannot be cleared: send copyright, publicDomain or creativeCommons")?;
        }
        "musicScoreType" => r.music_score_type = checked(one()?, parse::<MusicScoreType>)?,
        "quality" => r.quality = checked(one()?, parse::<Quality>)?,
        "key" => r.key = one()?,
        "movementNumber" => r.movement_number = one()?,
        "movementTitle" => r.movement_title = one()?,
        "opus" => r.opus = one()?,
        "originCountry" => r.origin_country = checked(one()?, country)?,
        "vocalParts" => r.vocal_parts = checked(one()?, vocal_parts)?,
        "titleStatus" => {
            let status = checked(one()?, parse::<TitleStatusCode>)?
                .ok_or("cannot be cleared: send the status the title moves to")?;
            set_status(r, status, cx.now);
        }
        _ => {}
    }
    Ok(())
}

/// A withdrawn title records when; a restored one forgets it.
fn set_status(r: &mut TitleRecord, status: TitleStatusCode, now: Timestamp) {
    if status == r.status {
        return;
    }
    r.withdrawal_date = match status {
        TitleStatusCode::Withdrawn | TitleStatusCode::Removed => Some(now),
        _ => None,
    };
    r.status = status;
}

/// Applies an artifact edit; returns the parameters that changed something.
pub fn apply_artifact_edit(
    a: &mut Artifact,
    form: &EditForm,
) -> Result<Vec<&'static str>, Vec<Invalid>> {
    let mut p = Problems::new();
    let mut changed = Vec::new();
    for &name in ARTIFACT_PARAMS {
        let Some(values) = form.get(name) else {
            continue;
        };
        let before = a.clone();
        if let Err(why) = set_artifact_field(a, name, values) {
            p.add(name, why);
        } else if *a != before {
            changed.push(name);
        }
    }
    p.done(changed)
}

fn set_artifact_field(a: &mut Artifact, name: &str, values: &[String]) -> Outcome {
    let one = || single(values);
    match name {
        "globalBookServiceId" => a.global_book_service_id = one()?,
        "duration" => a.duration = checked(one()?, duration)?,
        "brailleCode" => {
            a.braille_code = checked(one()?, parse::<BrailleCode>)?.map(|c| c.to_string());
        }
        "brailleGrade" => a.braille_grade = checked(one()?, parse::<BrailleGrade>)?,
        "brailleType" => a.braille_type = checked(one()?, parse::<BrailleType>)?,
        "brailleMusicScoreLayout" => {
            a.braille_music_score_layout = checked(one()?, parse::<BrailleMusicScoreLayout>)?;
        }
        "numberOfVolumes" => a.number_of_volumes = checked(one()?, count)?,
        "externalIdentifierCode" => a.external_identifier_code = one()?,
        "transcriber" => a.transcriber = one()?,
        "supplier" => a.supplier = one()?,
        "fundingSource" => a.funding_source = one()?,
        // The record keeps one producer field: several producers are listed in it.
        "producers" => {
            let names = list(values);
            a.producer = (!names.is_empty()).then(|| names.join("; "));
        }
        _ => {}
    }
    Ok(())
}

/// The parameters of a periodical series edit.
pub const SERIES_PARAMS: &[&str] = &[
    "title",
    "issn",
    "description",
    "publisher",
    "externalCategoryCode",
    "categories",
    "languages",
    "seriesType",
    "countries",
];

/// The parameters of a periodical edition edit.
pub const EDITION_PARAMS: &[&str] = &["editionName", "publicationDate", "expirationDate"];

/// Applies a series edit; every bad parameter is named at once.
pub fn apply_series_edit(s: &mut PeriodicalSeries, form: &EditForm) -> Result<(), Vec<Invalid>> {
    let mut p = Problems::new();
    for &name in SERIES_PARAMS {
        let Some(values) = form.get(name) else {
            continue;
        };
        let one = || single(values);
        let outcome: Outcome = (|| {
            match name {
                "title" => s.title = one()?.ok_or("cannot be cleared: a series needs a title")?,
                "issn" => s.issn = checked(one()?, issn)?,
                "description" => s.description = one()?,
                "publisher" => s.publisher = one()?,
                "externalCategoryCode" => s.external_category_code = one()?,
                "categories" => s.categories = list(values),
                "languages" => s.languages = each(values, language)?,
                "countries" => s.countries = each(values, country)?,
                "seriesType" => {
                    s.series_type = checked(one()?, parse::<SeriesType>)?
                        .ok_or("cannot be cleared: send newspaper, magazine or journal")?;
                }
                _ => {}
            }
            Ok(())
        })();
        if let Err(why) = outcome {
            p.add(name, why);
        }
    }
    p.done(())
}

/// Applies an edition edit. `expirationDate` sent empty or as `null` removes the expiry.
pub fn apply_edition_edit(e: &mut Edition, form: &EditForm) -> Result<(), Vec<Invalid>> {
    let mut p = Problems::new();
    for &name in EDITION_PARAMS {
        let Some(values) = form.get(name) else {
            continue;
        };
        let outcome: Outcome = (|| {
            let value = single(values)?.filter(|v| v != "null");
            match name {
                "editionName" => {
                    e.edition_name = value.ok_or("cannot be cleared: an edition needs a name")?;
                }
                "publicationDate" => {
                    e.publication_date = checked(value, instant)?
                        .ok_or("cannot be cleared: an edition needs a publication date")?;
                }
                "expirationDate" => e.expiration_date = checked(value, instant)?,
                _ => {}
            }
            Ok(())
        })();
        if let Err(why) = outcome {
            p.add(name, why);
        }
    }
    if let Some(expiry) = e.expiration_date
        && expiry < e.publication_date
    {
        p.add("expirationDate", "is before the publication date");
    }
    p.done(())
}

fn instant(v: &str) -> Result<Timestamp, String> {
    Timestamp::parse(v).map_err(str::to_owned)
}

/// An ISSN: four digits, a dash, three digits and a check digit or X.
fn issn(v: &str) -> Result<String, String> {
    let s = v.to_ascii_uppercase();
    let b = s.as_bytes();
    let fits = b.len() == 9
        && b[4] == b'-'
        && b[..4].iter().chain(&b[5..8]).all(u8::is_ascii_digit)
        && (b[8].is_ascii_digit() || b[8] == b'X');
    if fits {
        Ok(s)
    } else {
        Err(format!("'{v}' is not an ISSN such as 0028-0836"))
    }
}

/// The one value of a single-valued parameter, trimmed; `None` when sent empty (clear).
fn single(values: &[String]) -> Result<Option<String>, String> {
    let given: Vec<&str> = values.iter().map(|v| v.trim()).collect();
    match given.as_slice() {
        [] | [""] => Ok(None),
        [v] => Ok(Some((*v).to_owned())),
        _ => Err("was sent more than once".to_owned()),
    }
}

/// The values of a multi-valued parameter, trimmed, empty ones left out (one empty value
/// clears the list).
fn list(values: &[String]) -> Vec<String> {
    values
        .iter()
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect()
}

fn checked<T>(
    value: Option<String>,
    check: fn(&str) -> Result<T, String>,
) -> Result<Option<T>, String> {
    value.map(|v| check(&v)).transpose()
}

fn each<T>(values: &[String], check: fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    list(values).iter().map(|v| check(v)).collect()
}

fn parse<T: std::str::FromStr<Err = String>>(v: &str) -> Result<T, String> {
    v.parse()
}

fn flag(value: Option<String>) -> Result<bool, String> {
    match value.as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err("must be true or false".to_owned()),
    }
}

fn number(v: &str, max: u32, what: &str) -> Result<u32, String> {
    v.parse::<u32>()
        .ok()
        .filter(|n| *n <= max)
        .ok_or_else(|| format!("must be {what}"))
}

fn year(v: &str) -> Result<i32, String> {
    let y = number(v, 9999, "a year of four digits")?;
    if y < 1000 {
        return Err("must be a year of four digits".to_owned());
    }
    Ok(y as i32)
}

fn age(v: &str) -> Result<u32, String> {
    number(v, 120, "an age in whole years, 0 to 120")
}

fn count(v: &str) -> Result<u32, String> {
    number(v, 1_000_000, "a whole number from 0 to 1000000")
}

fn duration(v: &str) -> Result<String, String> {
    duration_seconds(v).map_err(str::to_owned)?;
    Ok(v.to_owned())
}

/// An ISBN-10 or ISBN-13 with a right check digit, kept as its ISBN-13.
fn isbn_13(v: &str) -> Result<String, String> {
    isbn::isbn13(v).ok_or_else(|| {
        format!("'{v}' is not an ISBN: send 10 or 13 digits with a right check digit")
    })
}

fn lexile_code(v: &str) -> Result<String, String> {
    let code = v.to_ascii_uppercase();
    if code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err("must be two letters, such as AD or HL".to_owned())
    }
}

fn bisac_code(v: &str) -> Result<String, String> {
    let code = v.to_ascii_uppercase();
    bisac::check_code(&code).map_err(str::to_owned)?;
    Ok(code)
}

fn country(v: &str) -> Result<String, String> {
    check_country(v).map_err(|why| format!("'{v}' {why}"))?;
    Ok(v.to_owned())
}

fn language(v: &str) -> Result<String, String> {
    check_language(v).map_err(|why| format!("'{v}' {why}"))?;
    Ok(v.to_owned())
}

/// A US state's two letters, or an ISO 3166-2 subdivision (`US-NY`, `CA-QC`).
fn state(v: &str) -> Result<String, String> {
    let s = v.to_ascii_uppercase();
    let bare = s.len() == 2 && s.bytes().all(|b| b.is_ascii_uppercase());
    let subdivision = s.split_once('-').is_some_and(|(c, sub)| {
        check_country(c).is_ok()
            && (1..=3).contains(&sub.len())
            && sub.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    if bare || subdivision {
        Ok(s)
    } else {
        Err(format!(
            "'{v}' is not a state: two letters or an ISO 3166-2 code such as US-NY"
        ))
    }
}

/// Some of S, A, T and B, each at most once, in that order (`SATB`, `SA`, `TB`).
fn vocal_parts(v: &str) -> Result<String, String> {
    let parts = v.to_ascii_uppercase();
    let mut order = "SATB".chars();
    let fits = !parts.is_empty() && parts.chars().all(|c| order.any(|o| o == c));
    if fits {
        Ok(parts)
    } else {
        Err("must be a combination of S, A, T and B, such as SATB".to_owned())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn record() -> TitleRecord {
        serde_json::from_value(serde_json::json!({
            "serviceId": "t1", "site": "s", "status": "live", "title": "Old",
            "usageRestriction": "copyright",
            "contributors": [{"name": "Ann", "type": "author"}, {"name": "Ed", "type": "editor"}]
        }))
        .unwrap()
    }

    fn form(pairs: &[(&str, &str)]) -> EditForm {
        let mut f = EditForm::new();
        for (k, v) in pairs {
            f.entry((*k).to_owned()).or_default().push((*v).to_owned());
        }
        f
    }

    fn apply(
        r: &mut TitleRecord,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<&'static str>, Vec<Invalid>> {
        let categories: HashSet<String> = ["Fiction".to_owned()].into();
        let cx = EditContext {
            categories: &categories,
            now: Timestamp::from_unix(1_700_000_000),
        };
        apply_title_edit(r, &form(pairs), &cx)
    }

    #[test]
    fn an_edit_sets_clears_and_reports_what_changed() {
        let mut r = record();
        let changed = apply(
            &mut r,
            &[
                ("title", " New "),
                ("subtitle", "Sub"),
                ("isbn13", "0-14-143951-3"),
                ("authors", "Bea"),
                ("authors", "Cy"),
                ("countries", "US"),
                ("countries", "CA"),
                ("notes", ""),
                ("vocalParts", "satb"),
            ],
        )
        .unwrap();
        assert_eq!(r.title, "New");
        assert_eq!(r.isbn13.as_deref(), Some("9780141439518"));
        assert_eq!(r.vocal_parts.as_deref(), Some("SATB"));
        let authors: Vec<_> = r.contributors_of(ContributorType::Author).collect();
        assert_eq!(authors, ["Bea", "Cy"]);
        assert_eq!(r.contributors_of(ContributorType::Editor).count(), 1);
        assert!(changed.contains(&"title") && changed.contains(&"authors"));
        assert!(!changed.contains(&"notes"), "notes were empty already");
        apply(&mut r, &[("countries", "")]).unwrap();
        assert!(r.countries.is_empty());
    }

    #[test]
    fn every_bad_parameter_is_named_at_once() {
        let mut r = record();
        let problems = apply(
            &mut r,
            &[
                ("isbn13", "978-0-14-143951-9"),
                ("copyrightDate", "twenty"),
                ("adultContent", "maybe"),
                ("categories", "Nonsense"),
                ("contentWarnings", "gore"),
                ("lexileCode", "ABC"),
                ("vocalParts", "SS"),
                ("title", ""),
                ("readingAgeMinimum", "12"),
                ("readingAgeMaximum", "8"),
            ],
        )
        .unwrap_err();
        let named: Vec<_> = problems.iter().map(|i| i.param).collect();
        for param in [
            "isbn13",
            "copyrightDate",
            "adultContent",
            "categories",
            "contentWarnings",
            "lexileCode",
            "vocalParts",
            "title",
            "readingAgeMinimum",
        ] {
            assert!(named.contains(&param), "{param} not named in {named:?}");
        }
    }

    #[test]
    fn withdrawing_records_the_date_and_restoring_forgets_it() {
        let mut r = record();
        apply(&mut r, &[("titleStatus", "withdrawn")]).unwrap();
        assert_eq!(r.status, TitleStatusCode::Withdrawn);
        assert!(r.withdrawal_date.is_some());
        apply(&mut r, &[("titleStatus", "live")]).unwrap();
        assert!(r.withdrawal_date.is_none());
    }

    #[test]
    fn artifact_edits_check_durations_and_braille_codes() {
        let mut a: Artifact = serde_json::from_value(serde_json::json!({"format": "BRF"})).unwrap();
        let f = form(&[
            ("brailleCode", "ueb"),
            ("producers", "P1"),
            ("producers", "P2"),
        ]);
        assert_eq!(
            apply_artifact_edit(&mut a, &f).unwrap(),
            ["brailleCode", "producers"]
        );
        assert_eq!(a.producer.as_deref(), Some("P1; P2"));
        let f = form(&[("duration", "1 hour"), ("brailleGrade", "grade3")]);
        let named: Vec<_> = apply_artifact_edit(&mut a, &f)
            .unwrap_err()
            .iter()
            .map(|i| i.param)
            .collect();
        assert_eq!(named, ["duration", "brailleGrade"]);
    }
}
