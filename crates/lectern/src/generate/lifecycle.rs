//! When a title joined, was published and last changed, where it stands, and under what
//! rights: the parts of a record that must agree with each other in time.

use chrono::{DateTime, Datelike, NaiveDate};
use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::title_access::UsageRestriction;
use rand::Rng;

use super::pick;
use super::tables::{STATUSES, USAGE};

/// The catalog's present: the generator never asks the clock, so the same seed makes the
/// same dates whenever it runs. Titles joined over the fifteen years before it.
pub const NOW: i64 = 1_735_689_600; // 2025-01-01T00:00:00Z
const FIRST_ADDED: i64 = 1_262_304_000; // 2010-01-01T00:00:00Z
const DAY: i64 = 86_400;

pub struct Lifecycle {
    pub status: TitleStatusCode,
    pub usage: UsageRestriction,
    pub date_added: i64,
    pub last_updated: i64,
    pub publish_date: i64,
    pub copyright_year: i32,
    pub withdrawal_date: Option<i64>,
}

pub fn lifecycle(rng: &mut impl Rng) -> Lifecycle {
    // Catalogs grow: the density of additions rises over the years.
    let span = (NOW - FIRST_ADDED) as f64;
    let date_added = FIRST_ADDED + (span * rng.random::<f64>().sqrt()) as i64;
    let year_added = year_of(date_added);
    let usage = pick(rng, USAGE);
    // Public-domain works are old (US: published before 1929); copyrighted ones mostly recent.
    let copyright_year = match usage {
        UsageRestriction::PublicDomain => 1928 - (rng.random::<f64>().powi(2) * 128.0) as i32,
        UsageRestriction::CreativeCommons => rng.random_range(2005..=year_added.max(2005)),
        UsageRestriction::Copyright => {
            (year_added - (rng.random::<f64>().powi(3) * 75.0) as i32).max(1929)
        }
    };
    let publish_date =
        (year_start(copyright_year) + rng.random_range(0..365) * DAY).min(date_added);
    let status = pick(rng, STATUSES);
    let last_updated = if rng.random_bool(0.6) {
        rng.random_range(date_added..=NOW)
    } else {
        date_added
    };
    let withdrawal_date =
        (status == TitleStatusCode::Withdrawn).then(|| rng.random_range(date_added..=NOW));
    Lifecycle {
        status,
        usage,
        date_added,
        last_updated: last_updated.max(withdrawal_date.unwrap_or(0)),
        publish_date,
        copyright_year,
        withdrawal_date,
    }
}

fn year_of(unix: i64) -> i32 {
    DateTime::from_timestamp(unix, 0).map_or(1970, |t| t.year())
}

fn year_start(year: i32) -> i64 {
    NaiveDate::from_ymd_opt(year, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map_or(0, |t| t.and_utc().timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_and_their_starts_agree() {
        assert_eq!(year_start(2025), NOW);
        assert_eq!(year_start(2010), FIRST_ADDED);
        assert_eq!(year_of(NOW - 1), 2024);
        assert_eq!(year_of(FIRST_ADDED), 2010);
    }
}
