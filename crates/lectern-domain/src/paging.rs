//! Keyset paging. A page token is the sort key of the last row served, opaque to clients
//! (base64url of a JSON array) and parsed back into the key type of the list that issued it.
//! Because the next page starts *after* a key instead of skipping rows, page 1,000 costs what
//! page 1 costs.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub const MAX_LIMIT: u32 = 100;
pub const DEFAULT_LIMIT: u32 = 10;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PagingError {
    #[error(
        "start is not a page token this list issued; send the 'next' value of the previous page, or nothing to start at the beginning"
    )]
    BadStart,
    #[error("limit must be a whole number from 1 to 100")]
    BadLimit,
}

/// `direction` of every sorted list: asc (the default) or desc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Direction {
    #[default]
    Asc,
    Desc,
}

impl std::str::FromStr for Direction {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "asc" => Ok(Direction::Asc),
            "desc" => Ok(Direction::Desc),
            _ => Err("must be asc or desc"),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Direction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        raw.parse().map_err(serde::de::Error::custom)
    }
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Asc => "asc",
            Direction::Desc => "desc",
        }
    }
}

/// Encodes the sort key of the last row of a page.
pub fn encode_token<K: Serialize>(key: &K) -> String {
    // Serializing plain keys (strings, numbers, tuples of them) into JSON cannot fail.
    let json = serde_json::to_vec(key).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(json)
}

/// Parses a `start` value back into the key type of the list.
pub fn decode_token<K: DeserializeOwned>(token: &str) -> Result<K, PagingError> {
    let json = URL_SAFE_NO_PAD
        .decode(token.trim())
        .map_err(|_| PagingError::BadStart)?;
    serde_json::from_slice(&json).map_err(|_| PagingError::BadStart)
}

/// The `limit` parameter: 1 to 100, larger values capped at 100, absent means the list's default.
pub fn parse_limit(raw: Option<&str>, default: u32) -> Result<u32, PagingError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(default),
        Some(s) => {
            // A whole number too large for i64 is still only "more than 100".
            let digits = !s.is_empty()
                && s.trim_start_matches('+')
                    .bytes()
                    .all(|b| b.is_ascii_digit());
            let n: i64 = match s.parse() {
                Ok(n) => n,
                Err(_) if digits => i64::MAX,
                Err(_) => return Err(PagingError::BadLimit),
            };
            if n < 1 {
                Err(PagingError::BadLimit)
            } else {
                Ok(u32::try_from(n.min(i64::from(MAX_LIMIT))).unwrap_or(MAX_LIMIT))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_key_round_trips(a in ".*", b in any::<i64>()) {
            let token = encode_token(&(a.clone(), b));
            prop_assert_eq!(decode_token::<(String, i64)>(&token), Ok((a, b)));
        }

        #[test]
        fn arbitrary_text_never_panics_and_is_rejected_or_parsed(s in ".*") {
            let _ = decode_token::<(String, i64)>(&s);
        }
    }

    #[test]
    fn a_token_of_another_shape_is_a_bad_start() {
        let token = encode_token(&("x", "y"));
        assert_eq!(
            decode_token::<(String, i64)>(&token),
            Err(PagingError::BadStart)
        );
        assert_eq!(
            decode_token::<(String, i64)>("%%%"),
            Err(PagingError::BadStart)
        );
    }

    #[test]
    fn limits_are_capped_defaulted_and_checked() {
        assert_eq!(parse_limit(None, 10), Ok(10));
        assert_eq!(parse_limit(Some("5"), 10), Ok(5));
        assert_eq!(parse_limit(Some("500"), 10), Ok(100));
        assert_eq!(parse_limit(Some("0"), 10), Err(PagingError::BadLimit));
        assert_eq!(parse_limit(Some("ten"), 10), Err(PagingError::BadLimit));
    }
}
