//! The catalog's proportions, as weighted choices: what share of titles is live, in which
//! language, under which restriction. Weights are relative; most tables sum to 1000 or 10,000 so
//! that they read as per mille or per ten thousand.

use lectern_domain::catalog::title::MusicScoreType;
use lectern_domain::catalog::{ContentWarning, TitleStatusCode};
use lectern_domain::title_access::UsageRestriction;

use TitleStatusCode as S;

// Tables read best one choice or a few to a line.
#[rustfmt::skip]
pub const STATUSES: &[(u32, TitleStatusCode)] = &[
    (9500, S::Live), (200, S::Withdrawn), (50, S::Removed),
    (40, S::New), (40, S::BeingEdited), (30, S::ProofreadValid), (10, S::ProofreadRejected),
    (30, S::Converted), (10, S::Reprocess), (30, S::Validated), (20, S::UserSubmitted),
    (40, S::PublisherSubmitted),
];

#[rustfmt::skip]
pub const USAGE: &[(u32, UsageRestriction)] = &[
    (880, UsageRestriction::Copyright),
    (90, UsageRestriction::PublicDomain),
    (30, UsageRestriction::CreativeCommons),
];

/// ISO 639-2 codes.
#[rustfmt::skip]
pub const LANGUAGES: &[(u32, &str)] = &[
    (880, "eng"), (50, "spa"), (20, "fra"), (12, "deu"), (7, "por"), (5, "ita"), (5, "chi"),
    (4, "ara"), (3, "jpn"), (3, "rus"), (3, "hin"), (2, "kor"), (2, "nld"), (2, "swe"), (2, "pol"),
];

/// Where titles in a language come from (ISO 3166 alpha-2); English first.
#[rustfmt::skip]
pub const ORIGINS: &[(&str, &[(u32, &str)])] = &[
    ("eng", &[(60, "US"), (20, "GB"), (7, "CA"), (5, "AU"), (3, "IE"), (3, "IN"), (2, "NZ")]),
    ("spa", &[(4, "ES"), (3, "MX"), (2, "AR"), (1, "CO")]),
    ("fra", &[(6, "FR"), (2, "CA"), (1, "BE")]),
    ("deu", &[(6, "DE"), (2, "AT"), (1, "CH")]),
    ("por", &[(2, "BR"), (1, "PT")]),
    ("ita", &[(1, "IT")]), ("chi", &[(1, "CN")]), ("ara", &[(1, "EG")]), ("jpn", &[(1, "JP")]),
    ("rus", &[(1, "RU")]), ("hin", &[(1, "IN")]), ("kor", &[(1, "KR")]), ("nld", &[(1, "NL")]),
    ("swe", &[(1, "SE")]), ("pol", &[(1, "PL")]),
];

/// The sets of countries a restricted title may be read in.
#[rustfmt::skip]
pub const COUNTRY_SETS: &[(u32, &[&str])] = &[
    (5, &["US"]), (3, &["US", "CA"]), (2, &["GB"]), (2, &["GB", "IE"]), (1, &["CA"]),
    (1, &["AU", "NZ"]), (1, &["US", "CA", "GB", "AU"]), (1, &["IN"]), (1, &["ZA"]),
];

/// Warnings that come with adult content, besides `adult` itself.
#[rustfmt::skip]
pub const ADULT_WARNINGS: &[(u32, ContentWarning)] = &[
    (4, ContentWarning::Sex), (3, ContentWarning::Violence), (2, ContentWarning::Language),
    (1, ContentWarning::Drugs), (1, ContentWarning::Intolerance),
];

/// Warnings some other adult fiction carries.
#[rustfmt::skip]
pub const MILD_WARNINGS: &[(u32, ContentWarning)] = &[
    (3, ContentWarning::Violence), (2, ContentWarning::Language), (1, ContentWarning::ContentWarning),
];

#[rustfmt::skip]
pub const EDITIONS: &[(u32, &str)] = &[
    (4, "Second Edition"), (2, "Revised Edition"), (1, "Third Edition"),
    (1, "Anniversary Edition"), (1, "Illustrated Edition"),
];

#[rustfmt::skip]
pub const INSTRUMENTS: &[(u32, &str)] = &[
    (5, "piano"), (2, "voice"), (2, "violin"), (1, "guitar"), (1, "flute"), (1, "organ"),
];

#[rustfmt::skip]
pub const KEYS: &[(u32, &str)] = &[
    (3, "C major"), (2, "G major"), (2, "D minor"), (1, "E-flat major"), (1, "A minor"),
];

#[rustfmt::skip]
pub const SCORE_TYPES: &[(u32, MusicScoreType)] = &[
    (3, MusicScoreType::SingleLine), (2, MusicScoreType::OpenScore), (1, MusicScoreType::FullScore),
];

#[rustfmt::skip]
pub const SOURCES: &[(u32, &str)] = &[(9, "Publisher"), (1, "Partner library")];
