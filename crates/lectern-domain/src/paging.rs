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

impl From<&PagingError> for crate::invalid::Why {
    fn from(e: &PagingError) -> Self {
        let key = match e {
            PagingError::BadStart => "why-bad-start",
            PagingError::BadLimit => "why-bad-limit",
        };
        crate::invalid::Why::of(key, e.to_string())
    }
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

    pub fn reversed(self) -> Direction {
        match self {
            Direction::Asc => Direction::Desc,
            Direction::Desc => Direction::Asc,
        }
    }
}

/// The sort orders of one list: the values its `sortOrder` takes on the wire, and the one it
/// takes when none is sent. Each list's page tokens carry the order that issued them (its wire
/// value and direction), so a token is only ever read back in the order it was made in.
pub trait SortOrder: Copy + Eq + std::str::FromStr<Err = String> + Send + Sync + 'static {
    /// The values of `sortOrder`; empty for a list that takes none.
    const WIRE_VALUES: &'static [&'static str];
    /// The order when `sortOrder` is absent.
    const DEFAULT: Self;
    /// Whether the list takes `direction`.
    const DIRECTED: bool = true;
    /// The direction when `direction` is absent.
    const DEFAULT_DIRECTION: Direction = Direction::Asc;
    /// How the documentation words the default, when `DEFAULT` alone does not say it.
    const DEFAULT_NOTE: Option<&'static str> = None;
    /// The wire value, which page tokens carry.
    fn wire(self) -> &'static str;
}

/// A `string_enum!` that is a list's [`SortOrder`], with the order taken when none is sent.
#[macro_export]
macro_rules! sort_order {
    ($(#[$m:meta])* $name:ident (default $default:ident) { $($variant:ident = $text:literal $(| $alias:literal)*),+ $(,)? }) => {
        $crate::string_enum!($(#[$m])* $name { $($variant = $text $(| $alias)*),+ });
        impl $crate::paging::SortOrder for $name {
            const WIRE_VALUES: &'static [&'static str] = $name::VALUES;
            const DEFAULT: Self = $name::$default;
            fn wire(self) -> &'static str {
                self.as_str()
            }
        }
    };
}

/// The order of a list sorted by its key alone, which takes `direction` but no `sortOrder`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyOrder;

/// The order of a list sorted by the time its items were added, newest first unless
/// `direction=asc` is sent; it takes no `sortOrder`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewestFirst;

/// The order of a list that takes neither `sortOrder` nor `direction` (newest first, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedOrder;

macro_rules! one_order {
    ($name:ident, $directed:literal, $default_direction:ident, $wire:literal) => {
        impl std::str::FromStr for $name {
            type Err = String;
            fn from_str(_: &str) -> Result<Self, String> {
                Err("this list has one order".to_owned())
            }
        }
        impl SortOrder for $name {
            const WIRE_VALUES: &'static [&'static str] = &[];
            const DEFAULT: Self = $name;
            const DIRECTED: bool = $directed;
            const DEFAULT_DIRECTION: Direction = Direction::$default_direction;
            fn wire(self) -> &'static str {
                $wire
            }
        }
    };
}
one_order!(KeyOrder, true, Asc, "key");
one_order!(NewestFirst, true, Desc, "added");
one_order!(FixedOrder, false, Asc, "fixed");

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
