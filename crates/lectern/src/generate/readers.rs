//! Who a title is for and who may read it: reading ages and grades, adult content and its
//! warnings, NIMAC's restriction to students, and the countries it is licensed in.

use lectern_domain::catalog::ContentWarning;
use rand::Rng;

use super::categories::{Audience, Category};
use super::pick;
use super::tables::{ADULT_WARNINGS, COUNTRY_SETS, MILD_WARNINGS};

pub struct Readers {
    pub adult_content: bool,
    pub content_warnings: Vec<ContentWarning>,
    pub nimac: bool,
    pub reading_age_minimum: Option<u32>,
    pub reading_age_maximum: Option<u32>,
    pub grades: Vec<String>,
    pub lexile_number: Option<String>,
    pub countries: Vec<String>,
}

pub fn readers(rng: &mut impl Rng, category: &Category) -> Readers {
    let adult_content = rng.random_range(0..1000) < category.adult_per_mille;
    let mut content_warnings = Vec::new();
    if adult_content {
        content_warnings.push(ContentWarning::Adult);
        for _ in 0..rng.random_range(1..=3) {
            let w = pick(rng, ADULT_WARNINGS);
            if !content_warnings.contains(&w) {
                content_warnings.push(w);
            }
        }
    } else if category.fiction && category.audience == Audience::Adult && rng.random_bool(0.03) {
        content_warnings.push(pick(rng, MILD_WARNINGS));
    }
    let nimac = match category.audience {
        Audience::School => rng.random_bool(0.8),
        Audience::Children | Audience::Teens => rng.random_bool(0.01),
        Audience::Adult => false,
    };
    let (min, max) = match category.audience {
        Audience::Children => {
            let min = rng.random_range(3..=10);
            (Some(min), Some(min + rng.random_range(2..=4)))
        }
        Audience::Teens => (Some(rng.random_range(12..=14)), Some(18)),
        Audience::School => {
            let min = rng.random_range(5..=15);
            (Some(min), Some(min + 2))
        }
        Audience::Adult => (None, None),
    };
    Readers {
        adult_content,
        content_warnings,
        nimac,
        reading_age_minimum: min,
        reading_age_maximum: max,
        grades: match (min, max, category.audience) {
            (Some(min), Some(max), Audience::Children | Audience::School) => grades(min, max),
            _ => Vec::new(),
        },
        lexile_number: (category.audience != Audience::Adult && rng.random_bool(0.3))
            .then(|| format!("{}L", rng.random_range(2..=14) * 50 + 100)),
        countries: if rng.random_bool(0.03) {
            pick(rng, COUNTRY_SETS)
                .iter()
                .map(|c| (*c).to_owned())
                .collect()
        } else {
            Vec::new()
        },
    }
}

/// US school grades (ONIX list 77) for reading ages: kindergarten at five, grade 12 at 17.
fn grades(min_age: u32, max_age: u32) -> Vec<String> {
    (min_age.max(5)..=max_age.min(17))
        .map(|age| match age {
            5 => "K".to_owned(),
            _ => (age - 5).to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_follow_reading_ages() {
        assert_eq!(grades(3, 6), vec!["K", "1"]);
        assert_eq!(grades(14, 18), vec!["9", "10", "11", "12"]);
        assert!(grades(3, 4).is_empty());
    }
}
