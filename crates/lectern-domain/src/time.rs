use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Serialize, Serializer};

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

    pub fn plus_seconds(self, seconds: i64) -> Self {
        Timestamp(self.0.saturating_add(seconds))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match DateTime::<Utc>::from_timestamp(self.0, 0) {
            Some(t) => write!(f, "{}", t.format("%Y-%m-%dT%H:%M:%SZ")),
            None => write!(f, "invalid timestamp {}", self.0),
        }
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
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
}
