//! A curator's edit of a periodical series or of one of its editions, typed as a title's edit
//! is (`title_edit.rs`): read once from the form that was sent (every value checked, every bad
//! parameter named), then applied to the record as it stands without reading any text again.
//! Unlike a title's, it is applied at once, in the operation's transaction: nothing is made
//! from a periodical's metadata, so there is nothing for the worker to do.

use super::edit::{
    EDITION_PARAMS, EditForm, SERIES_PARAMS, checked, country, each, language, list,
    new_identifier, parse, read_sent, single,
};
use super::periodical::{Edition, PeriodicalSeries, SeriesType};
use super::title_edit::{Patch, replace};
use crate::Timestamp;
use crate::invalid::{Invalid, Problems, Why};

/// The fields of a series an edit changes (document 3's `PUT /v2/periodicals/{seriesId}`): a
/// `Patch` for a value that may be cleared, an `Option` for one that may not (sent: set) and
/// for a list (sent: replaces it, an empty list clears it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeriesEdit {
    pub title: Option<String>,
    pub issn: Patch<String>,
    pub description: Patch<String>,
    pub publisher: Patch<String>,
    pub external_category_code: Patch<String>,
    pub categories: Option<Vec<String>>,
    pub languages: Option<Vec<String>>,
    pub countries: Option<Vec<String>>,
    pub series_type: Option<SeriesType>,
}

/// The fields of an edition an edit changes (`PUT .../editions/{editionId}`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditionEdit {
    pub edition_name: Option<String>,
    pub publication_date: Option<Timestamp>,
    pub expiration_date: Patch<Timestamp>,
}

type Read = Result<(), Why>;

impl SeriesEdit {
    /// The edit a form asks for, each value checked; every bad parameter named at once.
    pub fn read(form: &EditForm) -> Result<SeriesEdit, Vec<Invalid>> {
        read_sent(form, SERIES_PARAMS, SeriesEdit::read_one)
    }

    fn read_one(&mut self, name: &str, values: &[String]) -> Read {
        let one = || single(values);
        match name {
            "title" => {
                self.title = Some(one()?.ok_or("cannot be cleared: a series needs a title")?);
            }
            "issn" => self.issn = Patch::sent(checked(one()?, issn)?),
            "description" => self.description = Patch::sent(one()?),
            "publisher" => self.publisher = Patch::sent(one()?),
            "externalCategoryCode" => self.external_category_code = Patch::sent(one()?),
            "categories" => self.categories = Some(list(values)),
            "languages" => self.languages = Some(each(values, language)?),
            "countries" => self.countries = Some(each(values, country)?),
            "seriesType" => {
                self.series_type = Some(
                    checked(one()?, parse::<SeriesType>)?
                        .ok_or("cannot be cleared: send newspaper, magazine or journal")?,
                );
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether the edit changes nothing: a form that named none of the series' parameters.
    pub fn is_empty(&self) -> bool {
        *self == SeriesEdit::default()
    }

    /// Puts the edit in `s`. Nothing of a series depends on another of its fields, so every
    /// edit that could be read applies.
    pub fn apply(&self, s: &mut PeriodicalSeries) {
        replace(&mut s.title, &self.title);
        self.issn.apply_to(&mut s.issn);
        self.description.apply_to(&mut s.description);
        self.publisher.apply_to(&mut s.publisher);
        self.external_category_code
            .apply_to(&mut s.external_category_code);
        replace(&mut s.categories, &self.categories);
        replace(&mut s.languages, &self.languages);
        replace(&mut s.countries, &self.countries);
        replace(&mut s.series_type, &self.series_type);
    }
}

impl EditionEdit {
    /// The edit a form asks for, each value checked; every bad parameter named at once. A date
    /// sent as `null` is sent empty: `expirationDate` so removes the expiry.
    pub fn read(form: &EditForm) -> Result<EditionEdit, Vec<Invalid>> {
        read_sent(form, EDITION_PARAMS, EditionEdit::read_one)
    }

    fn read_one(&mut self, name: &str, values: &[String]) -> Read {
        let value = single(values)?.filter(|v| v != "null");
        match name {
            "editionName" => {
                self.edition_name =
                    Some(value.ok_or("cannot be cleared: an edition needs a name")?);
            }
            "publicationDate" => {
                self.publication_date = Some(
                    checked(value, instant)?
                        .ok_or("cannot be cleared: an edition needs a publication date")?,
                );
            }
            "expirationDate" => self.expiration_date = Patch::sent(checked(value, instant)?),
            _ => {}
        }
        Ok(())
    }

    /// Whether the edit changes nothing: a form that named none of the edition's parameters.
    pub fn is_empty(&self) -> bool {
        *self == EditionEdit::default()
    }

    /// Puts the edit in `e`, unless it would leave the edition expiring before it was
    /// published (which depends on the dates already kept, so is checked here).
    pub fn apply(&self, e: &mut Edition) -> Result<(), Vec<Invalid>> {
        let mut next = e.clone();
        replace(&mut next.edition_name, &self.edition_name);
        replace(&mut next.publication_date, &self.publication_date);
        self.expiration_date.apply_to(&mut next.expiration_date);
        if let Some(expiry) = next.expiration_date
            && expiry < next.publication_date
        {
            let why = Why::of("why-before-publication", "is before the publication date");
            return Err(vec![Invalid::new("expirationDate", why)]);
        }
        *e = next;
        Ok(())
    }
}

/// A new periodical series of `site`, as the form describes it (`seriesId` and the series'
/// parameters); every problem named at once.
pub fn new_series(site: &str, form: &EditForm) -> Result<PeriodicalSeries, Vec<Invalid>> {
    let mut p = Problems::new();
    let id = new_identifier("seriesId", form)
        .map_err(|e| p.extend(vec![e]))
        .ok();
    let mut fields = form.clone();
    if single(sent(form, "title")).is_ok_and(|t| t.is_none()) {
        fields.remove("title");
        p.add_required("title", Why::required());
    }
    let edit = SeriesEdit::read(&fields)
        .map_err(|more| p.extend(more))
        .unwrap_or_default();
    let mut series = PeriodicalSeries {
        series_id: id.unwrap_or_default(),
        site: site.to_owned(),
        title: String::new(),
        issn: None,
        description: None,
        publisher: None,
        series_type: SeriesType::Newspaper,
        external_category_code: None,
        categories: Vec::new(),
        languages: Vec::new(),
        countries: Vec::new(),
        editions: Vec::new(),
    };
    edit.apply(&mut series);
    p.done(series)
}

/// A new edition, as the form describes it (`editionId`, its name and dates); its files come
/// with it. Every problem named at once.
pub fn new_edition(form: &EditForm) -> Result<Edition, Vec<Invalid>> {
    let mut p = Problems::new();
    let id = new_identifier("editionId", form)
        .map_err(|e| p.extend(vec![e]))
        .ok();
    let mut fields = form.clone();
    for name in ["editionName", "publicationDate"] {
        if single(sent(form, name)).is_ok_and(|v| v.is_none_or(|v| v == "null")) {
            fields.remove(name);
            p.add_required(name, Why::required());
        }
    }
    let mut edition = Edition {
        edition_id: id.unwrap_or_default(),
        edition_name: String::new(),
        publication_date: Timestamp::now(),
        expiration_date: None,
        artifacts: Vec::new(),
    };
    let applied = EditionEdit::read(&fields).and_then(|edit| edit.apply(&mut edition));
    if let Err(more) = applied {
        p.extend(more);
    }
    p.done(edition)
}

fn sent<'a>(form: &'a EditForm, name: &str) -> &'a [String] {
    form.get(name).map_or(&[][..], Vec::as_slice)
}

fn instant(v: &str) -> Result<Timestamp, Why> {
    Timestamp::parse(v).map_err(|_| Why::timestamp())
}

/// An ISSN: four digits, a dash, three digits and a check digit or X.
fn issn(v: &str) -> Result<String, Why> {
    let s = v.to_ascii_uppercase();
    let b = s.as_bytes();
    let fits = b.len() == 9
        && b[4] == b'-'
        && b[..4].iter().chain(&b[5..8]).all(u8::is_ascii_digit)
        && (b[8].is_ascii_digit() || b[8] == b'X');
    if fits {
        Ok(s)
    } else {
        Err(Why::of(
            "why-issn",
            format!("'{v}' is not an ISSN such as 0028-0836"),
        )
        .with("value", v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &[&str])]) -> EditForm {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.iter().map(|s| (*s).to_owned()).collect()))
            .collect()
    }

    fn series() -> PeriodicalSeries {
        new_series(
            "demo",
            &form(&[("seriesId", &["s1"]), ("title", &["Weekly"])]),
        )
        .unwrap()
    }

    #[test]
    fn a_series_edit_is_read_once_and_applied_without_text() {
        let edit = SeriesEdit::read(&form(&[
            ("issn", &["0028-083x"]),
            ("description", &[""]),
            ("languages", &["eng", "spa"]),
            ("seriesType", &["magazine"]),
        ]))
        .unwrap();
        assert_eq!(edit.issn, Patch::Set("0028-083X".to_owned()));
        assert_eq!(edit.description, Patch::Clear);
        assert_eq!(edit.title, None);
        let mut s = series();
        s.description = Some("old".to_owned());
        edit.apply(&mut s);
        assert_eq!(s.title, "Weekly");
        assert_eq!(s.issn.as_deref(), Some("0028-083X"));
        assert_eq!(s.description, None);
        assert_eq!(s.languages, ["eng", "spa"]);
        assert_eq!(s.series_type, SeriesType::Magazine);
    }

    #[test]
    fn every_bad_series_parameter_is_named_at_once() {
        let problems = SeriesEdit::read(&form(&[
            ("title", &[""]),
            ("issn", &["12345678"]),
            ("seriesType", &["gazette"]),
        ]))
        .unwrap_err();
        let named: Vec<_> = problems.iter().map(|i| i.param).collect();
        assert_eq!(named, ["title", "issn", "seriesType"]);
    }

    #[test]
    fn a_form_naming_nothing_reads_as_an_empty_edit() {
        assert!(
            SeriesEdit::read(&form(&[("other", &["x"])]))
                .unwrap()
                .is_empty()
        );
        assert!(
            !SeriesEdit::read(&form(&[("issn", &[""])]))
                .unwrap()
                .is_empty()
        );
        assert!(EditionEdit::read(&EditForm::new()).unwrap().is_empty());
    }

    #[test]
    fn an_edition_cannot_be_left_expiring_before_it_was_published() {
        let mut e = new_edition(&form(&[
            ("editionId", &["e1"]),
            ("editionName", &["Monday"]),
            ("publicationDate", &["2026-03-02"]),
            ("expirationDate", &["2026-04-01"]),
        ]))
        .unwrap();
        let later = EditionEdit::read(&form(&[("publicationDate", &["2026-05-01"])])).unwrap();
        let problems = later.apply(&mut e).unwrap_err();
        assert_eq!(problems[0].param, "expirationDate");
        assert_eq!(e.publication_date.date(), "2026-03-02", "nothing applied");
        let no_expiry = EditionEdit::read(&form(&[("expirationDate", &["null"])])).unwrap();
        assert_eq!(no_expiry.expiration_date, Patch::Clear);
        later.apply(&mut e).unwrap_err();
        no_expiry.apply(&mut e).unwrap();
        later.apply(&mut e).unwrap();
        assert_eq!(e.publication_date.date(), "2026-05-01");
        assert_eq!(e.expiration_date, None);
    }

    #[test]
    fn a_new_series_and_edition_name_what_they_lack() {
        let named = |r: Result<(), Vec<Invalid>>| -> Vec<&'static str> {
            r.unwrap_err().iter().map(|i| i.param).collect()
        };
        assert_eq!(
            named(new_series("demo", &EditForm::new()).map(drop)),
            ["seriesId", "title"]
        );
        assert_eq!(
            named(new_edition(&form(&[("editionName", &["null"])])).map(drop)),
            ["editionId", "editionName", "publicationDate"]
        );
    }
}
