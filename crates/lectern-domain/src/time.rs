use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An instant, kept as whole seconds since the Unix epoch (that is how both stores hold it) and
/// written as document 1 asks: `YYYY-MM-DDThh:mm:ssZ` in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(i64);

impl Timestamp {
    pub fn now() -> Self {
        Timestamp(Utc::now().timestamp())
    }

    pub fn from_unix(seconds: i64) -> Self {
        Timestamp(seconds)
    }

    pub fn unix(self) -> i64 {
        self.0
    }

    /// Reads document 1's form, `YYYY-MM-DDThh:mm:ssZ`, or a bare date (midnight UTC), which
    /// catalog sources often give for publication dates.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        if let Ok(t) = DateTime::parse_from_rfc3339(raw) {
            return Ok(Timestamp(t.timestamp()));
        }
        chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|t| Timestamp(t.and_utc().timestamp()))
            .ok_or("must be a timestamp written YYYY-MM-DDThh:mm:ssZ, or a date YYYY-MM-DD")
    }

    pub fn plus_seconds(self, seconds: i64) -> Self {
        Timestamp(self.0.saturating_add(seconds))
    }

    /// The UTC calendar date, `YYYY-MM-DD`: how agreements and subscriptions are dated.
    pub fn date(self) -> String {
        DateTime::<Utc>::from_timestamp(self.0, 0)
            .map(|t| t.date_naive().to_string())
            .unwrap_or_default()
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match DateTime::<Utc>::from_timestamp(self.0, 0) {
            // Not `format(...)`: that parses its pattern on every call, and records hold several
            // timestamps each.
            Some(t) => f.write_str(&t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            None => write!(f, "invalid timestamp {}", self.0),
        }
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Timestamp::parse(&raw).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_utc_with_a_z() {
        // The example timestamp of the spec's wire notes.
        assert_eq!(
            Timestamp::from_unix(1_165_965_014).to_string(),
            "2006-12-12T23:10:14Z"
        );
        assert_eq!(Timestamp::from_unix(0).to_string(), "1970-01-01T00:00:00Z");
    }

    #[test]
    fn parses_what_it_writes_and_bare_dates() {
        let t = Timestamp::parse("2006-12-12T23:10:14Z").unwrap();
        assert_eq!(t.unix(), 1_165_965_014);
        assert_eq!(Timestamp::parse("1970-01-02").unwrap().unix(), 86_400);
        assert!(Timestamp::parse("12/12/2006").is_err());
    }
}
