//! The recommendation profile: what a member wants recommended, and what never. The
//! recommender reads it; members and membership assistants set it.

use crate::catalog::artifact::{Narrator, NarratorGender, NarratorType};
use crate::catalog::title::{ContentWarning, ContributorType, TitleRecord};
use crate::invalid::{Invalid, Problems, Why};
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecommendationProfile {
    pub include_global_collection: bool,
    pub included_authors: Vec<String>,
    pub excluded_authors: Vec<String>,
    /// Service category names.
    pub included_categories: Vec<String>,
    pub excluded_categories: Vec<String>,
    pub excluded_content_warnings: Vec<ContentWarning>,
    pub narrator_gender: Option<NarratorGender>,
    pub narrator_type: Option<NarratorType>,
    pub reading_age: Option<u32>,
}

impl RecommendationProfile {
    /// A profile never saved: a site with a collection of its own (a private-label site) keeps
    /// to it by default; a global site's members see the global collection.
    pub fn defaults(site_is_global: bool) -> Self {
        RecommendationProfile {
            include_global_collection: site_is_global,
            included_authors: Vec::new(),
            excluded_authors: Vec::new(),
            included_categories: Vec::new(),
            excluded_categories: Vec::new(),
            excluded_content_warnings: Vec::new(),
            narrator_gender: None,
            narrator_type: None,
            reading_age: None,
        }
    }
}

/// What a PUT sent. A list sent replaces the stored list; a list not sent is kept. Since a form
/// cannot send an empty list, a list is emptied by sending the parameter once with no value.
#[derive(Debug, Clone, Default)]
pub struct ProfileChanges {
    pub include_global_collection: Option<bool>,
    pub included_authors: Option<Vec<String>>,
    pub excluded_authors: Option<Vec<String>>,
    pub included_categories: Option<Vec<String>>,
    pub excluded_categories: Option<Vec<String>>,
    pub excluded_content_warnings: Option<Vec<ContentWarning>>,
    pub narrator_gender: Option<NarratorGender>,
    pub narrator_type: Option<NarratorType>,
    pub reading_age: Option<u32>,
}

/// The profile's fields as a PUT or a form sends them; a list sent replaces the stored one, and
/// sent once with no value empties it.
#[derive(Debug, Deserialize)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct ProfileForm {
    include_global_collection: Option<bool>,
    #[serde(default)]
    included_authors: Vec<String>,
    #[serde(default)]
    excluded_authors: Vec<String>,
    /// Service category names
    #[serde(default)]
    included_categories: Vec<String>,
    #[serde(default)]
    excluded_categories: Vec<String>,
    /// contentWarning, sex, violence, drugs, language, intolerance, adult, unrated
    #[serde(default)]
    #[cfg_attr(feature = "openapi", param(value_type = Vec<ContentWarning>, inline))]
    excluded_content_warnings: Vec<ContentWarning>,
    /// male, female or otherNonBinary
    #[cfg_attr(feature = "openapi", param(value_type = Option<NarratorGender>, inline))]
    narrator_gender: Option<NarratorGender>,
    /// tts or human
    #[cfg_attr(feature = "openapi", param(value_type = Option<NarratorType>, inline))]
    narrator_type: Option<NarratorType>,
    /// An age in years, 0 to 120
    #[cfg_attr(feature = "openapi", param(maximum = 120))]
    reading_age: Option<u32>,
}

impl ProfileForm {
    /// The changes asked for: a list counts as sent when `sent` says its name was sent at all
    /// (an empty list and a list not sent read alike).
    pub fn changes(self, sent: impl Fn(&str) -> bool) -> ProfileChanges {
        let list = |name: &str, v: Vec<String>| sent(name).then_some(v);
        ProfileChanges {
            include_global_collection: self.include_global_collection,
            included_authors: list("includedAuthors", self.included_authors),
            excluded_authors: list("excludedAuthors", self.excluded_authors),
            included_categories: list("includedCategories", self.included_categories),
            excluded_categories: list("excludedCategories", self.excluded_categories),
            excluded_content_warnings: sent("excludedContentWarnings")
                .then_some(self.excluded_content_warnings),
            narrator_gender: self.narrator_gender,
            narrator_type: self.narrator_type,
            reading_age: self.reading_age,
        }
    }
}

const MAX_ENTRIES: usize = 100;

impl RecommendationProfile {
    pub fn apply(&self, c: ProfileChanges) -> Result<RecommendationProfile, Vec<Invalid>> {
        let mut p = Problems::new();
        for (param, list) in [
            ("includedAuthors", &c.included_authors),
            ("excludedAuthors", &c.excluded_authors),
            ("includedCategories", &c.included_categories),
            ("excludedCategories", &c.excluded_categories),
        ] {
            if let Some(list) = list {
                if list.len() > MAX_ENTRIES {
                    p.add(
                        param,
                        Why::of(
                            "why-at-most-values",
                            format!("may hold at most {MAX_ENTRIES} values"),
                        )
                        .with_number("max", MAX_ENTRIES as u64),
                    );
                }
                if list.iter().any(|v| v.chars().count() > 200) {
                    p.add(
                        param,
                        Why::of(
                            "why-values-at-most",
                            "values must be at most 200 characters",
                        ),
                    );
                }
            }
        }
        if c.reading_age.is_some_and(|a| a > 120) {
            p.add(
                "readingAge",
                Why::of("why-age", "must be an age in whole years, 0 to 120"),
            );
        }
        let pick = |new: Option<Vec<String>>, old: &Vec<String>| {
            new.map(clean).unwrap_or_else(|| old.clone())
        };
        let profile = RecommendationProfile {
            include_global_collection: c
                .include_global_collection
                .unwrap_or(self.include_global_collection),
            included_authors: pick(c.included_authors, &self.included_authors),
            excluded_authors: pick(c.excluded_authors, &self.excluded_authors),
            included_categories: pick(c.included_categories, &self.included_categories),
            excluded_categories: pick(c.excluded_categories, &self.excluded_categories),
            excluded_content_warnings: c
                .excluded_content_warnings
                .unwrap_or_else(|| self.excluded_content_warnings.clone()),
            narrator_gender: c.narrator_gender.or(self.narrator_gender),
            narrator_type: c.narrator_type.or(self.narrator_type),
            reading_age: c.reading_age.or(self.reading_age),
        };
        p.done(profile)
    }

    /// What the profile both includes and excludes. Each list may be well formed and the two
    /// still clash (one of them possibly the stored one), so this is not `apply`'s: the API
    /// answers it as a conflict.
    pub fn contradictions(&self) -> Vec<Invalid> {
        let mut p = Vec::new();
        for author in &self.included_authors {
            if self.excluded_authors.contains(author) {
                p.push(Invalid::new(
                    "excludedAuthors",
                    Why::also_among(author, "includedAuthors"),
                ));
            }
        }
        for category in &self.included_categories {
            if self.excluded_categories.contains(category) {
                p.push(Invalid::new(
                    "excludedCategories",
                    Why::also_among(category, "includedCategories"),
                ));
            }
        }
        p
    }
}

/// How the recommender reads a profile: exclusions keep a title out, inclusions raise it.
impl RecommendationProfile {
    /// Whether a title may be recommended: none of its authors, categories or content warnings
    /// excluded, within the reading age when one is set, and from the reader's own site unless
    /// the global collection is included (`from_global`: the title is another site's, in the
    /// global collection).
    pub fn admits(&self, t: &TitleRecord, from_global: bool) -> bool {
        let excluded_author = t
            .contributors_of(ContributorType::Author)
            .any(|a| has(&self.excluded_authors, a));
        let excluded_category = t
            .categories
            .iter()
            .any(|c| has(&self.excluded_categories, c));
        let warned = t
            .content_warnings
            .iter()
            .any(|w| self.excluded_content_warnings.contains(w));
        let outside_age = self.reading_age.is_some_and(|age| {
            t.reading_age_minimum.is_some_and(|min| age < min)
                || t.reading_age_maximum.is_some_and(|max| age > max)
        });
        let elsewhere = from_global && !self.include_global_collection;
        !(excluded_author || excluded_category || warned || outside_age || elsewhere)
    }

    /// How much the profile favours a title: 1, plus 1 per included author, a half per included
    /// category, and a quarter for an audio narrator of the gender and a quarter of the type
    /// asked for.
    pub fn preference(&self, t: &TitleRecord) -> f64 {
        let authors = t
            .contributors_of(ContributorType::Author)
            .filter(|a| has(&self.included_authors, a))
            .count();
        let categories = t
            .categories
            .iter()
            .filter(|c| has(&self.included_categories, c))
            .count();
        let narrators: Vec<&Narrator> = t
            .artifacts
            .iter()
            .filter_map(|a| a.narrator.as_ref())
            .collect();
        let gender = self
            .narrator_gender
            .is_some_and(|g| narrators.iter().any(|n| n.gender == Some(g)));
        let kind = self
            .narrator_type
            .is_some_and(|k| narrators.iter().any(|n| n.kind == k));
        1.0 + authors as f64
            + 0.5 * categories as f64
            + 0.25 * f64::from(u8::from(gender))
            + 0.25 * f64::from(u8::from(kind))
    }

    /// Whether the profile asks for anything in particular (authors or categories to include).
    pub fn has_inclusions(&self) -> bool {
        !self.included_authors.is_empty() || !self.included_categories.is_empty()
    }
}

/// Names compare without regard to case: a member types "austen, jane" for "Austen, Jane".
fn has(list: &[String], name: &str) -> bool {
    list.iter().any(|v| v.eq_ignore_ascii_case(name))
}

/// Trimmed, without blanks (an emptied list arrives as one blank value) or repeats.
fn clean(values: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for v in values {
        let v = v.trim().to_owned();
        if !v.is_empty() && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_replace_when_sent_and_empty_with_a_blank_value() {
        let start = RecommendationProfile {
            excluded_authors: vec!["A".into()],
            ..RecommendationProfile::defaults(true)
        };
        let kept = start
            .apply(ProfileChanges {
                reading_age: Some(12),
                ..Default::default()
            })
            .unwrap();
        assert_eq!(kept.excluded_authors, ["A"]);
        assert_eq!(kept.reading_age, Some(12));
        let emptied = start
            .apply(ProfileChanges {
                excluded_authors: Some(vec![String::new()]),
                ..Default::default()
            })
            .unwrap();
        assert!(emptied.excluded_authors.is_empty());
    }

    #[test]
    fn an_author_cannot_be_both_included_and_excluded() {
        let both = RecommendationProfile::defaults(false)
            .apply(ProfileChanges {
                included_authors: Some(vec!["Ann".into()]),
                excluded_authors: Some(vec!["Ann".into()]),
                ..Default::default()
            })
            .unwrap();
        let clash = both.contradictions();
        assert_eq!(clash.len(), 1);
        assert_eq!(clash[0].param, "excludedAuthors");
        assert!(
            RecommendationProfile::defaults(false)
                .contradictions()
                .is_empty()
        );
    }
}
