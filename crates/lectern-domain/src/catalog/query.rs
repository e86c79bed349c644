//! A title search as the rules and the index understand it: what `GET /v2/titles` asks for once
//! its parameters are parsed, and which titles the caller may see at all.

use super::artifact::{BrailleType, NarratorType};
use super::{ContentWarning, Format, TitleStatusCode};
use crate::paging::Direction;

string_enum!(
    /// `sortOrder` of the title search.
    TitleSort {
        Relevance = "relevance",
        Title = "title",
        Author = "author",
        DateAdded = "dateAdded",
        CopyrightDate = "copyrightDate",
        UpdatedDate = "updatedDate",
    }
);

impl crate::paging::SortOrder for TitleSort {
    const WIRE_VALUES: &'static [&'static str] = TitleSort::VALUES;
    const DEFAULT: Self = TitleSort::Title;
    const DEFAULT_NOTE: Option<&'static str> = Some(
        "relevance (the default with text), title (the default without), author, dateAdded, copyrightDate or updatedDate",
    );
    fn wire(self) -> &'static str {
        self.as_str()
    }
}

crate::sort_order!(
    /// `sortOrder` of the catalog (document 3).
    CatalogSort (default Title) {
        Relevance = "relevance",
        Title = "title",
        Author = "author",
        UpdatedDate = "updatedDate",
        CopyrightDate = "copyrightDate",
    }
);

impl CatalogSort {
    pub fn title_sort(self) -> TitleSort {
        match self {
            CatalogSort::Relevance => TitleSort::Relevance,
            CatalogSort::Title => TitleSort::Title,
            CatalogSort::Author => TitleSort::Author,
            CatalogSort::UpdatedDate => TitleSort::UpdatedDate,
            CatalogSort::CopyrightDate => TitleSort::CopyrightDate,
        }
    }
}

/// The filters of a title search; every field narrows the result. Text is matched word by word,
/// case-insensitively; lists marked multi in the spec match any of their values.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TitleFilters {
    pub keyword: Option<String>,
    pub title: Option<String>,
    pub authors: Vec<String>,
    pub narrators: Vec<String>,
    pub composers: Vec<String>,
    pub isbn: Option<String>,
    /// `categories` (multi) and `category`: a title in any of them.
    pub categories: Vec<String>,
    pub language: Option<String>,
    /// Titles that may be read in this country.
    pub country: Option<String>,
    pub format: Option<Format>,
    pub narrator_type: Option<NarratorType>,
    pub braille_type: Option<BrailleType>,
    /// Titles with a format readable by these access modes alone, as
    /// `accessibility::set_key` writes the set (`textual`: by a screen reader alone).
    pub access_mode_sufficient: Option<String>,
    /// Titles with a format that has this accessibility feature (`synchronizedAudioText`).
    pub accessibility_feature: Option<String>,
    /// Titles with a format declared free of this hazard (`flashing`, `motionSimulation`,
    /// `sound`).
    pub free_of_hazard: Option<String>,
    /// Titles whose reading age range includes this age.
    pub reading_age: Option<u32>,
    pub excluded_content_warnings: Vec<ContentWarning>,
    pub included_content_warnings: Vec<ContentWarning>,
    pub external_identifier_code: Option<String>,
    /// Titles with an audio artifact at most this long, in seconds.
    pub max_duration_seconds: Option<u32>,
    pub title_content_type: Option<String>,
    pub included_bisac_headings: Vec<String>,
    pub excluded_bisac_headings: Vec<String>,
    pub included_bisac_codes: Vec<String>,
    pub excluded_bisac_codes: Vec<String>,
    pub origin_country: Option<String>,
    /// An exact author name, as `authorFacets` gives it.
    pub author_filter: Option<String>,
    pub title_status: Option<TitleStatusCode>,
    /// Titles last updated in this range (unix seconds, both ends included): the catalog's
    /// `startUpdatedDate` and `endUpdatedDate`.
    pub updated_from: Option<i64>,
    pub updated_to: Option<i64>,
}

impl TitleFilters {
    /// A feed's own filters (a category's, a language's, a search's words) with what the reader
    /// chose besides: a value chosen replaces the feed's, a list chosen adds to the feed's.
    pub fn narrowed_by(self, chosen: TitleFilters) -> TitleFilters {
        // Taken apart so that a filter added to the struct cannot be left out here.
        let TitleFilters {
            keyword,
            title,
            mut authors,
            mut narrators,
            mut composers,
            isbn,
            mut categories,
            language,
            country,
            format,
            narrator_type,
            braille_type,
            access_mode_sufficient,
            accessibility_feature,
            free_of_hazard,
            reading_age,
            mut excluded_content_warnings,
            mut included_content_warnings,
            external_identifier_code,
            max_duration_seconds,
            title_content_type,
            mut included_bisac_headings,
            mut excluded_bisac_headings,
            mut included_bisac_codes,
            mut excluded_bisac_codes,
            origin_country,
            author_filter,
            title_status,
            updated_from,
            updated_to,
        } = self;
        authors.extend(chosen.authors);
        narrators.extend(chosen.narrators);
        composers.extend(chosen.composers);
        categories.extend(chosen.categories);
        excluded_content_warnings.extend(chosen.excluded_content_warnings);
        included_content_warnings.extend(chosen.included_content_warnings);
        included_bisac_headings.extend(chosen.included_bisac_headings);
        excluded_bisac_headings.extend(chosen.excluded_bisac_headings);
        included_bisac_codes.extend(chosen.included_bisac_codes);
        excluded_bisac_codes.extend(chosen.excluded_bisac_codes);
        TitleFilters {
            keyword: chosen.keyword.or(keyword),
            title: chosen.title.or(title),
            authors,
            narrators,
            composers,
            isbn: chosen.isbn.or(isbn),
            categories,
            language: chosen.language.or(language),
            country: chosen.country.or(country),
            format: chosen.format.or(format),
            narrator_type: chosen.narrator_type.or(narrator_type),
            braille_type: chosen.braille_type.or(braille_type),
            access_mode_sufficient: chosen.access_mode_sufficient.or(access_mode_sufficient),
            accessibility_feature: chosen.accessibility_feature.or(accessibility_feature),
            free_of_hazard: chosen.free_of_hazard.or(free_of_hazard),
            reading_age: chosen.reading_age.or(reading_age),
            excluded_content_warnings,
            included_content_warnings,
            external_identifier_code: chosen.external_identifier_code.or(external_identifier_code),
            max_duration_seconds: chosen.max_duration_seconds.or(max_duration_seconds),
            title_content_type: chosen.title_content_type.or(title_content_type),
            included_bisac_headings,
            excluded_bisac_headings,
            included_bisac_codes,
            excluded_bisac_codes,
            origin_country: chosen.origin_country.or(origin_country),
            author_filter: chosen.author_filter.or(author_filter),
            title_status: chosen.title_status.or(title_status),
            updated_from: chosen.updated_from.or(updated_from),
            updated_to: chosen.updated_to.or(updated_to),
        }
    }

    /// Whether any text is searched, so that relevance means something.
    pub fn has_text(&self) -> bool {
        self.keyword.is_some()
            || self.title.is_some()
            || !self.authors.is_empty()
            || !self.narrators.is_empty()
            || !self.composers.is_empty()
    }
}

/// Which titles a caller may see (see `title_access::is_visible`), as a filter the index can
/// apply to a whole result set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    /// Sites whose titles are visible at all; `None`: every site (administrators).
    pub sites: Option<Vec<String>>,
    /// Sites whose titles are visible in every state and with adult content (those the caller
    /// manages); `None`: every site.
    pub managed_sites: Option<Vec<String>>,
    /// Hide adult content outside the managed sites.
    pub hide_adult: bool,
}

/// A complete title search: filters, scope, order and page.
#[derive(Debug, Clone, PartialEq)]
pub struct TitleSearch {
    pub filters: TitleFilters,
    pub scope: Scope,
    pub sort: TitleSort,
    pub direction: Direction,
    pub limit: u32,
    /// The page token (`start`) of the previous page, opaque here.
    pub start: Option<String>,
    /// Compute `authorFacets` and `categoryFacets` (top 10 of the whole match set).
    pub facets: bool,
}
