//! A curator's edit of a title, typed: read once from the form that was sent (every value
//! checked, every bad parameter named), kept as JSON in the edit queue, and applied by the
//! worker to the title as it stands then without reading any text again. What the worker
//! still decides is what depends on the title at that moment: a removed title takes no edit
//! but a change of status, an artifact must exist, and the reading ages must stay in order.

use serde::{Deserialize, Serialize};

use super::artifact::{BrailleGrade, BrailleMusicScoreLayout, BrailleType};
use super::edit::{
    ARTIFACT_PARAMS, BrailleCode, CONTRIBUTORS, EditContext, EditForm, TITLE_PARAMS, age,
    bisac_code, checked, count, country, duration, each, flag, isbn_13, language, lexile_code,
    list, parse, read_sent, single, state, vocal_parts, year,
};
use super::title::{ContentWarning, Contributor, ContributorType, MusicScoreType, Quality};
use super::{Artifact, ArtifactStatus, Format, TitleRecord, TitleStatusCode};
use crate::Timestamp;
use crate::invalid::{Invalid, Problems, Why};
use crate::title_access::UsageRestriction;

/// One optional field's change: left as it is (not sent), cleared (sent empty), or set.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Patch<T> {
    #[default]
    Keep,
    Clear,
    Set(T),
}

impl<T: Clone + PartialEq> Patch<T> {
    /// A value as a form sends it: `None`, sent empty, clears.
    pub(super) fn sent(value: Option<T>) -> Patch<T> {
        value.map_or(Patch::Clear, Patch::Set)
    }

    /// Puts the change in `field`; whether it changed anything.
    pub(super) fn apply_to(&self, field: &mut Option<T>) -> bool {
        let next = match self {
            Patch::Keep => return false,
            Patch::Clear => None,
            Patch::Set(v) => Some(v.clone()),
        };
        let changed = *field != next;
        *field = next;
        changed
    }
}

/// A value that cannot be cleared (a flag, a title's title) or a list (sent: replaces the list,
/// empty: clears it), put in `field`; whether it changed anything.
pub(super) fn replace<T: Clone + PartialEq>(field: &mut T, value: &Option<T>) -> bool {
    match value {
        Some(v) if field != v => {
            *field = v.clone();
            true
        }
        _ => false,
    }
}

/// What a stored edit leaves out: the fields it does not change.
trait Unchanged {
    fn unchanged(&self) -> bool;
}

impl<T> Unchanged for Patch<T> {
    fn unchanged(&self) -> bool {
        matches!(self, Patch::Keep)
    }
}

impl<T> Unchanged for Option<T> {
    fn unchanged(&self) -> bool {
        self.is_none()
    }
}

/// An edit's struct: every field a change (`Patch` or `Option`), kept in JSON only when sent.
macro_rules! edit_fields {
    ($(#[$meta:meta])* pub struct $name:ident { $($field:ident : $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase", default)]
        pub struct $name {
            $(
                #[serde(skip_serializing_if = "Unchanged::unchanged")]
                pub $field: $ty,
            )*
        }
    };
}

edit_fields! {
    /// The metadata of a title an edit changes (document 3's `PUT /v2/titles/{serviceId}`): a
    /// `Patch` for a value that may be cleared, an `Option` for one that may not (sent: set)
    /// and for a list (sent: replaces it, an empty list clears it).
    pub struct TitleEdit {
        title: Option<String>,
        subtitle: Patch<String>,
        synopsis: Patch<String>,
        series_title: Patch<String>,
        series_subtitle: Patch<String>,
        series_number: Patch<String>,
        copyright_holder: Patch<String>,
        edition: Patch<String>,
        publisher: Patch<String>,
        external_category_code: Patch<String>,
        notes: Patch<String>,
        product_identifier: Patch<String>,
        lexile_code: Patch<String>,
        lexile_number: Patch<String>,
        isbn13: Patch<String>,
        copyright_date: Patch<i32>,
        reading_age_minimum: Patch<u32>,
        reading_age_maximum: Patch<u32>,
        num_pages: Patch<u32>,
        adult_content: Option<bool>,
        allow_recommend: Option<bool>,
        has_chord_symbols: Option<bool>,
        marrakesh_eligible: Option<bool>,
        marrakesh_pod_exception: Option<bool>,
        available_to_demo: Option<bool>,
        available_worldwide: Option<bool>,
        has_embedded_image_descriptions: Option<bool>,
        nimac_restricted: Option<bool>,
        categories: Option<Vec<String>>,
        bisac_categories: Option<Vec<String>>,
        countries: Option<Vec<String>>,
        languages: Option<Vec<String>>,
        grades: Option<Vec<String>>,
        related_isbns: Option<Vec<String>>,
        instruments: Option<Vec<String>>,
        states: Option<Vec<String>>,
        content_warnings: Option<Vec<ContentWarning>>,
        usage_restriction: Option<UsageRestriction>,
        music_score_type: Patch<MusicScoreType>,
        quality: Patch<Quality>,
        key: Patch<String>,
        movement_number: Patch<String>,
        movement_title: Patch<String>,
        opus: Patch<String>,
        origin_country: Patch<String>,
        vocal_parts: Patch<String>,
        title_status: Option<TitleStatusCode>,
        contributors: Option<Vec<(ContributorType, Vec<String>)>>,
    }
}

edit_fields! {
    /// The details of one artifact an edit changes (document 3's `PUT
    /// /v2/titles/{serviceId}/artifacts/{format}`).
    pub struct ArtifactEdit {
        global_book_service_id: Patch<String>,
        duration: Patch<String>,
        braille_code: Patch<BrailleCode>,
        braille_grade: Patch<BrailleGrade>,
        braille_type: Patch<BrailleType>,
        braille_music_score_layout: Patch<BrailleMusicScoreLayout>,
        number_of_volumes: Patch<u32>,
        external_identifier_code: Patch<String>,
        transcriber: Patch<String>,
        supplier: Patch<String>,
        funding_source: Patch<String>,
        producers: Option<Vec<String>>,
    }
}

/// An edit of a title as the queue keeps it, for the worker to apply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TitleChange {
    Metadata(Box<TitleEdit>),
    Artifact(Format, ArtifactEdit),
    /// A new file for one format: its file store key (a folder, ending in `/`, for a format of
    /// many files). The artifact is made if the title has none.
    File(Format, String),
}

/// A queued edit as the queue keeps it: the change, typed; or the parameters as sent, which is
/// what an earlier version kept for every edit (read when it is applied, so that nothing queued
/// before is lost) and what an edition's withdrawal keeps (none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeptEdit {
    Change(TitleChange),
    Sent(EditForm),
}

/// What is edited of a title: its metadata, or one of its artifacts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditTarget {
    Metadata,
    Artifact(Format),
    /// A new file for one format: the form's `file` is its file store key.
    File(Format),
}

/// Why an edit cannot be applied to a title as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditRefusal {
    /// Bad parameters, each named.
    Invalid(Vec<Invalid>),
    /// A removed title takes no edit but one that gives it another status.
    Removed,
    /// The title has no artifact of this format.
    NoArtifact(Format),
}

impl EditRefusal {
    /// The reason, as the history and the error say it: in the message files' words, so that
    /// a history read later is said in its reader's language.
    pub fn why(&self) -> Why {
        match self {
            EditRefusal::Invalid(problems) => problems
                .iter()
                .map(|i| {
                    let why = Why {
                        english: i.why.clone(),
                        words: i.words.clone(),
                    };
                    Why::of_field(i.param, why)
                })
                .reduce(Why::and_then)
                .unwrap_or_else(|| Why::from("")),
            EditRefusal::Removed => Why::of(
                "why-edit-title-removed",
                "the title was removed from the collection; only a titleStatus edit restores it",
            ),
            EditRefusal::NoArtifact(f) => Why::of(
                "why-edit-no-artifact",
                format!("the title has no {f} artifact"),
            )
            .with("format", f),
        }
    }
}

/// Why the worker did not apply a queued edit, besides the edit's own refusal: kept with the
/// edit and said to whoever reads its history, in their language.
pub mod not_applied {
    use crate::invalid::Why;

    /// The title was deleted after the edit was accepted.
    pub fn title_gone() -> Why {
        Why::of("why-edit-title-gone", "the title no longer exists")
    }

    /// The title belongs to another site than the edit's now.
    pub fn title_moved(site: &str) -> Why {
        Why::of(
            "why-edit-title-moved",
            format!("the title moved to the site '{site}'"),
        )
        .with("site", site)
    }

    /// The product identifier the edit gives is another title's of the collection.
    pub fn product_identifier_taken(pid: &str, owner: &str) -> Why {
        Why::of(
            "why-edit-product-identifier-taken",
            format!("the product identifier '{pid}' is the title '{owner}''s"),
        )
        .with("pid", pid)
        .with("owner", owner)
    }

    /// The edition to withdraw is withdrawn already, or gone.
    pub fn edition_gone(edition: &str) -> Why {
        Why::of(
            "why-edit-edition-gone",
            format!("the edition '{edition}' was withdrawn already or is gone"),
        )
        .with("edition", edition)
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

impl Edited {
    /// The product identifier the edit gives the title, when it changes it to one: unique in
    /// the collection of its site, which only the store can tell.
    pub fn claimed_product_identifier(&self) -> Option<&str> {
        self.changes
            .contains(&"productIdentifier")
            .then_some(self.record.product_identifier.as_deref())
            .flatten()
    }
}

/// The edit `form` asks of `title`, read and tried on a copy of it: what the queue keeps for
/// the worker, and the title as it would be. Refused as the worker would refuse it, and every
/// bad parameter named.
pub fn read_edit(
    title: &TitleRecord,
    target: EditTarget,
    form: &EditForm,
    cx: &EditContext<'_>,
) -> Result<(TitleChange, Edited), EditRefusal> {
    if title.status == TitleStatusCode::Removed && !form.contains_key("titleStatus") {
        return Err(EditRefusal::Removed);
    }
    let change = match target {
        EditTarget::Metadata => {
            let (edit, mut problems) = TitleEdit::read_all(form, cx);
            if !problems.is_empty() {
                // The reading ages are checked on the title as the rest of the edit would
                // leave it, so that every bad parameter is named at once.
                if let Err(more) = edit.apply(&mut title.clone(), cx.now) {
                    problems.extend(more);
                }
                return Err(EditRefusal::Invalid(problems.into_vec()));
            }
            TitleChange::Metadata(Box::new(edit))
        }
        EditTarget::Artifact(format) => {
            if title.artifact(format).is_none() {
                return Err(EditRefusal::NoArtifact(format));
            }
            let edit = ArtifactEdit::read(form).map_err(EditRefusal::Invalid)?;
            TitleChange::Artifact(format, edit)
        }
        EditTarget::File(format) => {
            let key = form
                .get("file")
                .and_then(|v| v.first())
                .filter(|k| !k.is_empty())
                .ok_or_else(|| EditRefusal::Invalid(vec![Invalid::required("file")]))?;
            TitleChange::File(format, key.clone())
        }
    };
    let edited = change.apply(title, cx.now)?;
    Ok((change, edited))
}

impl TitleChange {
    /// The edit applied to a copy of `title`, as it stands now. `lastUpdated` is set when
    /// anything changed.
    pub fn apply(&self, title: &TitleRecord, now: Timestamp) -> Result<Edited, EditRefusal> {
        let restores = matches!(self, TitleChange::Metadata(e) if e.title_status.is_some());
        if title.status == TitleStatusCode::Removed && !restores {
            return Err(EditRefusal::Removed);
        }
        let mut record = title.clone();
        let (changes, mut action) = match self {
            TitleChange::Metadata(edit) => (
                edit.apply(&mut record, now).map_err(EditRefusal::Invalid)?,
                "metadataUpdated",
            ),
            TitleChange::Artifact(format, edit) => {
                let artifact = record
                    .artifacts
                    .iter_mut()
                    .find(|a| a.format == *format)
                    .ok_or(EditRefusal::NoArtifact(*format))?;
                (edit.apply(artifact), "artifactUpdated")
            }
            TitleChange::File(format, key) => attach_file(&mut record, *format, key, now),
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
            record.last_updated = Some(now);
        }
        Ok(Edited {
            record,
            changes,
            action,
        })
    }

    /// The file store key of the new file, for an edit that brings one.
    pub fn new_file(&self) -> Option<&str> {
        match self {
            TitleChange::File(_, key) => Some(key),
            _ => None,
        }
    }
}

/// Puts the file `key` in the artifact of `format`, made available; a new artifact, dated now,
/// when the title has none of that format.
fn attach_file(
    record: &mut TitleRecord,
    format: Format,
    key: &str,
    now: Timestamp,
) -> (Vec<&'static str>, &'static str) {
    match record.artifacts.iter_mut().find(|a| a.format == format) {
        Some(a) if a.file.as_deref() == Some(key) && a.status == ArtifactStatus::Available => {
            (vec![], "artifactUpdated")
        }
        Some(a) => {
            a.file = Some(key.to_owned());
            a.status = ArtifactStatus::Available;
            (vec!["file"], "artifactUpdated")
        }
        None => {
            let mut a = Artifact::new(format, Some(key.to_owned()));
            a.date_added = Some(now);
            record.artifacts.push(a);
            (vec!["file"], "artifactAdded")
        }
    }
}

type Read = Result<(), Why>;

impl TitleEdit {
    /// The edit a form asks for, each value checked; every bad parameter named at once.
    pub fn read(form: &EditForm, cx: &EditContext<'_>) -> Result<TitleEdit, Vec<Invalid>> {
        let (edit, problems) = TitleEdit::read_all(form, cx);
        problems.done(edit)
    }

    /// The edit with every value that could be read, and what is wrong with the others.
    fn read_all(form: &EditForm, cx: &EditContext<'_>) -> (TitleEdit, Problems) {
        let mut edit = TitleEdit::default();
        let mut p = Problems::new();
        for &name in TITLE_PARAMS {
            if let Some(values) = form.get(name)
                && let Err(why) = edit.read_one(name, values, cx)
            {
                p.add(name, why);
            }
        }
        let sent: Vec<_> = CONTRIBUTORS
            .iter()
            .filter_map(|(name, kind)| form.get(*name).map(|v| (*kind, list(v))))
            .collect();
        if !sent.is_empty() {
            edit.contributors = Some(sent);
        }
        (edit, p)
    }

    fn read_one(&mut self, name: &str, values: &[String], cx: &EditContext<'_>) -> Read {
        let one = || single(values);
        match name {
            "title" => {
                self.title = Some(one()?.ok_or_else(|| {
                    Why::of(
                        "why-title-needed",
                        "cannot be cleared: a title needs a title",
                    )
                })?);
            }
            "subtitle" => self.subtitle = Patch::sent(one()?),
            "synopsis" => self.synopsis = Patch::sent(one()?),
            "seriesTitle" => self.series_title = Patch::sent(one()?),
            "seriesSubtitle" => self.series_subtitle = Patch::sent(one()?),
            "seriesNumber" => self.series_number = Patch::sent(one()?),
            "copyrightHolder" => self.copyright_holder = Patch::sent(one()?),
            "edition" => self.edition = Patch::sent(one()?),
            "publisher" => self.publisher = Patch::sent(one()?),
            "externalCategoryCode" => self.external_category_code = Patch::sent(one()?),
            "notes" => self.notes = Patch::sent(one()?),
            // The history's comment: checked for form here, kept with the edit by the queue.
            "comments" => {
                one()?;
            }
            "productIdentifier" => self.product_identifier = Patch::sent(one()?),
            "lexileCode" => self.lexile_code = Patch::sent(checked(one()?, lexile_code)?),
            "lexileNumber" => self.lexile_number = Patch::sent(one()?),
            "isbn13" => self.isbn13 = Patch::sent(checked(one()?, isbn_13)?),
            "copyrightDate" => self.copyright_date = Patch::sent(checked(one()?, year)?),
            "readingAgeMinimum" => self.reading_age_minimum = Patch::sent(checked(one()?, age)?),
            "readingAgeMaximum" => self.reading_age_maximum = Patch::sent(checked(one()?, age)?),
            "numPages" => self.num_pages = Patch::sent(checked(one()?, count)?),
            "adultContent" => self.adult_content = Some(flag(one()?)?),
            "allowRecommend" => self.allow_recommend = Some(flag(one()?)?),
            "hasChordSymbols" => self.has_chord_symbols = Some(flag(one()?)?),
            "marrakeshEligible" => self.marrakesh_eligible = Some(flag(one()?)?),
            "marrakeshPODException" => self.marrakesh_pod_exception = Some(flag(one()?)?),
            "availableToDemo" => self.available_to_demo = Some(flag(one()?)?),
            "availableWorldwide" => self.available_worldwide = Some(flag(one()?)?),
            "hasEmbeddedImageDescriptions" => {
                self.has_embedded_image_descriptions = Some(flag(one()?)?);
            }
            "nimacRestricted" => self.nimac_restricted = Some(flag(one()?)?),
            "categories" => {
                let names = list(values);
                if let Some(unknown) = names.iter().find(|c| !cx.categories.contains(*c)) {
                    return Err(Why::of(
                        "why-not-a-category",
                        format!("'{unknown}' is not one of the service's categories"),
                    )
                    .with("value", unknown));
                }
                self.categories = Some(names);
            }
            "bisacCategories" => self.bisac_categories = Some(each(values, bisac_code)?),
            "countries" => self.countries = Some(each(values, country)?),
            "languages" => self.languages = Some(each(values, language)?),
            "grades" => self.grades = Some(list(values)),
            "relatedIsbns" => self.related_isbns = Some(each(values, isbn_13)?),
            "instruments" => self.instruments = Some(list(values)),
            "states" => self.states = Some(each(values, state)?),
            "contentWarnings" => {
                self.content_warnings = Some(each(values, parse::<ContentWarning>)?);
            }
            "usageRestriction" => {
                self.usage_restriction =
                    Some(checked(one()?, parse::<UsageRestriction>)?.ok_or_else(|| {
                        Why::of(
                            "why-usage-restriction-needed",
                            "cannot be cleared: send copyright, publicDomain or creativeCommons",
                        )
                    })?);
            }
            "musicScoreType" => {
                self.music_score_type = Patch::sent(checked(one()?, parse::<MusicScoreType>)?);
            }
            "quality" => self.quality = Patch::sent(checked(one()?, parse::<Quality>)?),
            "key" => self.key = Patch::sent(one()?),
            "movementNumber" => self.movement_number = Patch::sent(one()?),
            "movementTitle" => self.movement_title = Patch::sent(one()?),
            "opus" => self.opus = Patch::sent(one()?),
            "originCountry" => self.origin_country = Patch::sent(checked(one()?, country)?),
            "vocalParts" => self.vocal_parts = Patch::sent(checked(one()?, vocal_parts)?),
            "titleStatus" => {
                self.title_status = Some(
                    checked(one()?, parse::<TitleStatusCode>)?
                        .ok_or("cannot be cleared: send the status the title moves to")?,
                );
            }
            _ => {}
        }
        Ok(())
    }

    /// Applies the edit to `r`; the parameters that changed something, in the order of
    /// `TITLE_PARAMS`, then the contributors'. The reading ages must stay in order.
    fn apply(
        &self,
        r: &mut TitleRecord,
        now: Timestamp,
    ) -> Result<Vec<&'static str>, Vec<Invalid>> {
        let mut changed = Vec::new();
        let mut note = |name: &'static str, did: bool| {
            if did {
                changed.push(name);
            }
        };
        note("title", replace(&mut r.title, &self.title));
        note("subtitle", self.subtitle.apply_to(&mut r.subtitle));
        note("synopsis", self.synopsis.apply_to(&mut r.synopsis));
        note(
            "seriesTitle",
            self.series_title.apply_to(&mut r.series_title),
        );
        note(
            "seriesSubtitle",
            self.series_subtitle.apply_to(&mut r.series_subtitle),
        );
        note(
            "seriesNumber",
            self.series_number.apply_to(&mut r.series_number),
        );
        note(
            "copyrightHolder",
            self.copyright_holder.apply_to(&mut r.copyright_holder),
        );
        note("edition", self.edition.apply_to(&mut r.edition));
        note("publisher", self.publisher.apply_to(&mut r.publisher));
        note(
            "externalCategoryCode",
            self.external_category_code
                .apply_to(&mut r.external_category_code),
        );
        note("notes", self.notes.apply_to(&mut r.notes));
        note(
            "productIdentifier",
            self.product_identifier.apply_to(&mut r.product_identifier),
        );
        note("lexileCode", self.lexile_code.apply_to(&mut r.lexile_code));
        note(
            "lexileNumber",
            self.lexile_number.apply_to(&mut r.lexile_number),
        );
        note("isbn13", self.isbn13.apply_to(&mut r.isbn13));
        note(
            "copyrightDate",
            self.copyright_date.apply_to(&mut r.copyright_date),
        );
        note(
            "readingAgeMinimum",
            self.reading_age_minimum
                .apply_to(&mut r.reading_age_minimum),
        );
        note(
            "readingAgeMaximum",
            self.reading_age_maximum
                .apply_to(&mut r.reading_age_maximum),
        );
        note("numPages", self.num_pages.apply_to(&mut r.num_pages));
        note(
            "adultContent",
            replace(&mut r.adult_content, &self.adult_content),
        );
        note(
            "allowRecommend",
            replace(&mut r.allow_recommend, &self.allow_recommend),
        );
        note(
            "hasChordSymbols",
            replace(&mut r.has_chord_symbols, &self.has_chord_symbols),
        );
        note(
            "marrakeshEligible",
            replace(&mut r.marrakesh_available, &self.marrakesh_eligible),
        );
        note(
            "marrakeshPODException",
            replace(
                &mut r.marrakesh_pod_exception,
                &self.marrakesh_pod_exception,
            ),
        );
        note(
            "availableToDemo",
            replace(&mut r.available_to_demo, &self.available_to_demo),
        );
        note(
            "availableWorldwide",
            replace(&mut r.available_worldwide, &self.available_worldwide),
        );
        note(
            "hasEmbeddedImageDescriptions",
            replace(
                &mut r.has_embedded_image_descriptions,
                &self.has_embedded_image_descriptions,
            ),
        );
        note(
            "nimacRestricted",
            replace(&mut r.nimac, &self.nimac_restricted),
        );
        note("categories", replace(&mut r.categories, &self.categories));
        note(
            "bisacCategories",
            replace(&mut r.bisac_codes, &self.bisac_categories),
        );
        note("countries", replace(&mut r.countries, &self.countries));
        note("languages", replace(&mut r.languages, &self.languages));
        note("grades", replace(&mut r.grades, &self.grades));
        note(
            "relatedIsbns",
            replace(&mut r.related_isbns, &self.related_isbns),
        );
        note(
            "instruments",
            replace(&mut r.instruments, &self.instruments),
        );
        note("states", replace(&mut r.states, &self.states));
        note(
            "contentWarnings",
            replace(&mut r.content_warnings, &self.content_warnings),
        );
        note(
            "usageRestriction",
            replace(&mut r.usage_restriction, &self.usage_restriction),
        );
        note(
            "musicScoreType",
            self.music_score_type.apply_to(&mut r.music_score_type),
        );
        note("quality", self.quality.apply_to(&mut r.quality));
        note("key", self.key.apply_to(&mut r.key));
        note(
            "movementNumber",
            self.movement_number.apply_to(&mut r.movement_number),
        );
        note(
            "movementTitle",
            self.movement_title.apply_to(&mut r.movement_title),
        );
        note("opus", self.opus.apply_to(&mut r.opus));
        note(
            "originCountry",
            self.origin_country.apply_to(&mut r.origin_country),
        );
        note("vocalParts", self.vocal_parts.apply_to(&mut r.vocal_parts));
        if let Some(status) = self.title_status {
            note("titleStatus", set_status(r, status, now));
        }
        if let Some(sent) = &self.contributors {
            let before = r.contributors.clone();
            for (kind, names) in sent {
                r.contributors.retain(|c| c.kind != *kind);
                r.contributors.extend(names.iter().map(|n| Contributor {
                    name: n.clone(),
                    kind: *kind,
                }));
            }
            if r.contributors != before {
                changed.extend(sent.iter().map(|(kind, _)| contributor_param(*kind)));
            }
        }
        let mut p = Problems::new();
        if let (Some(min), Some(max)) = (r.reading_age_minimum, r.reading_age_maximum)
            && min > max
        {
            p.add(
                "readingAgeMinimum",
                Why::of(
                    "why-age-above-maximum",
                    format!("{min} is above the reading age maximum, {max}"),
                )
                .with_number("min", min)
                .with_number("max", max),
            );
        }
        p.done(changed)
    }
}

/// The parameter that sets contributors of a kind.
fn contributor_param(kind: ContributorType) -> &'static str {
    CONTRIBUTORS
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or("contributors", |(name, _)| *name)
}

/// A withdrawn title records when; a restored one forgets it. Whether the status changed.
fn set_status(r: &mut TitleRecord, status: TitleStatusCode, now: Timestamp) -> bool {
    if status == r.status {
        return false;
    }
    r.withdrawal_date = match status {
        TitleStatusCode::Withdrawn | TitleStatusCode::Removed => Some(now),
        _ => None,
    };
    r.status = status;
    true
}

impl ArtifactEdit {
    /// The edit a form asks for, each value checked; every bad parameter named at once.
    pub fn read(form: &EditForm) -> Result<ArtifactEdit, Vec<Invalid>> {
        read_sent(form, ARTIFACT_PARAMS, ArtifactEdit::read_one)
    }

    fn read_one(&mut self, name: &str, values: &[String]) -> Read {
        let one = || single(values);
        match name {
            "globalBookServiceId" => self.global_book_service_id = Patch::sent(one()?),
            "duration" => self.duration = Patch::sent(checked(one()?, duration)?),
            "brailleCode" => {
                self.braille_code = Patch::sent(checked(one()?, parse::<BrailleCode>)?);
            }
            "brailleGrade" => {
                self.braille_grade = Patch::sent(checked(one()?, parse::<BrailleGrade>)?);
            }
            "brailleType" => {
                self.braille_type = Patch::sent(checked(one()?, parse::<BrailleType>)?);
            }
            "brailleMusicScoreLayout" => {
                self.braille_music_score_layout =
                    Patch::sent(checked(one()?, parse::<BrailleMusicScoreLayout>)?);
            }
            "numberOfVolumes" => self.number_of_volumes = Patch::sent(checked(one()?, count)?),
            "externalIdentifierCode" => self.external_identifier_code = Patch::sent(one()?),
            "transcriber" => self.transcriber = Patch::sent(one()?),
            "supplier" => self.supplier = Patch::sent(one()?),
            "fundingSource" => self.funding_source = Patch::sent(one()?),
            "producers" => self.producers = Some(list(values)),
            _ => {}
        }
        Ok(())
    }

    /// Applies the edit to `a`; the parameters that changed something.
    fn apply(&self, a: &mut Artifact) -> Vec<&'static str> {
        let mut changed = Vec::new();
        let mut note = |name: &'static str, did: bool| {
            if did {
                changed.push(name);
            }
        };
        note(
            "globalBookServiceId",
            self.global_book_service_id
                .apply_to(&mut a.global_book_service_id),
        );
        note("duration", self.duration.apply_to(&mut a.duration));
        let code = match &self.braille_code {
            Patch::Keep => Patch::Keep,
            Patch::Clear => Patch::Clear,
            Patch::Set(c) => Patch::Set(c.to_string()),
        };
        note("brailleCode", code.apply_to(&mut a.braille_code));
        note(
            "brailleGrade",
            self.braille_grade.apply_to(&mut a.braille_grade),
        );
        note(
            "brailleType",
            self.braille_type.apply_to(&mut a.braille_type),
        );
        note(
            "brailleMusicScoreLayout",
            self.braille_music_score_layout
                .apply_to(&mut a.braille_music_score_layout),
        );
        note(
            "numberOfVolumes",
            self.number_of_volumes.apply_to(&mut a.number_of_volumes),
        );
        note(
            "externalIdentifierCode",
            self.external_identifier_code
                .apply_to(&mut a.external_identifier_code),
        );
        note("transcriber", self.transcriber.apply_to(&mut a.transcriber));
        note("supplier", self.supplier.apply_to(&mut a.supplier));
        note(
            "fundingSource",
            self.funding_source.apply_to(&mut a.funding_source),
        );
        // The record keeps one producer field: several producers are listed in it.
        if let Some(names) = &self.producers {
            let joined = (!names.is_empty()).then(|| names.join("; "));
            note("producers", replace(&mut a.producer, &Some(joined)));
        }
        changed
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::collections::HashSet;

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
        let edit = TitleEdit::read(&form(pairs), &cx)?;
        edit.apply(r, cx.now)
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
        let categories: HashSet<String> = ["Fiction".to_owned()].into();
        let cx = EditContext {
            categories: &categories,
            now: Timestamp::from_unix(1_700_000_000),
        };
        let sent =
            |pairs: &[(&str, &str)]| read_edit(&record(), EditTarget::Metadata, &form(pairs), &cx);
        let Err(EditRefusal::Invalid(problems)) = sent(&[
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
        ]) else {
            panic!("the edit is refused");
        };
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
        let edit = ArtifactEdit::read(&f).unwrap();
        assert_eq!(edit.apply(&mut a), ["brailleCode", "producers"]);
        assert_eq!(a.producer.as_deref(), Some("P1; P2"));
        let f = form(&[("duration", "1 hour"), ("brailleGrade", "grade3")]);
        let named: Vec<_> = ArtifactEdit::read(&f)
            .unwrap_err()
            .iter()
            .map(|i| i.param)
            .collect();
        assert_eq!(named, ["duration", "brailleGrade"]);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod queued {
    use super::*;

    #[test]
    fn a_queued_edit_keeps_only_what_it_changes_and_reads_back_the_same() {
        let edit = TitleEdit {
            title: Some("New".to_owned()),
            notes: Patch::Clear,
            copyright_date: Patch::Set(1999),
            countries: Some(vec![]),
            contributors: Some(vec![(ContributorType::Author, vec!["Bea".to_owned()])]),
            ..TitleEdit::default()
        };
        let change = TitleChange::Metadata(Box::new(edit));
        let kept = serde_json::to_value(&change).unwrap();
        assert_eq!(
            kept,
            serde_json::json!({"metadata": {
                "title": "New", "notes": "clear", "copyrightDate": {"set": 1999},
                "countries": [], "contributors": [["author", ["Bea"]]]
            }})
        );
        let back: TitleChange = serde_json::from_value(kept).unwrap();
        assert_eq!(back, change);
    }
}
