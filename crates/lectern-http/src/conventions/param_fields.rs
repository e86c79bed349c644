//! Reads an endpoint's parameter struct straight from name-value pairs. The struct's own
//! derived code says when a field is missing or given twice through serde's typed error
//! constructors (`missing_field`, `duplicate_field`); the error type here keeps them as they
//! come, so the parameter is named without taking an error's text apart.
//!
//! Values read as a browser's form sends them: a number or a boolean is parsed from its text
//! (a ticked box sends `on`), a parameter given several times is a list, and a single-valued
//! field given several values is refused.

use std::fmt;

use lectern_domain::invalid::{Why, Words};
use serde::de::value::{SeqDeserializer, StrDeserializer};
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, Unexpected, Visitor};
use serde::forward_to_deserialize_any;

/// Why the pairs did not read into the struct, with the parameter it concerns.
#[derive(Debug, PartialEq)]
pub(crate) enum FieldError {
    /// A required parameter was not sent.
    Missing(&'static str),
    /// A single-valued parameter was sent more than once (its name, once known).
    Repeated(Option<String>),
    /// A value that does not read as its type (the parameter's name, once known), and the
    /// reason as a message of the files where it is one.
    Invalid {
        name: Option<String>,
        why: String,
        words: Option<Words>,
    },
}

impl FieldError {
    /// The error, naming the parameter whose value raised it where it did not say.
    fn of(self, name: &str) -> FieldError {
        match self {
            FieldError::Repeated(None) => FieldError::Repeated(Some(name.to_owned())),
            FieldError::Invalid {
                name: None,
                why,
                words,
            } => FieldError::Invalid {
                name: Some(name.to_owned()),
                why,
                words,
            },
            named => named,
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::Missing(name) => write!(f, "missing parameter {name}"),
            FieldError::Repeated(name) => write!(f, "{} sent more than once", or_value(name)),
            FieldError::Invalid { name, why, .. } => write!(f, "{}: {why}", or_value(name)),
        }
    }
}

fn or_value(name: &Option<String>) -> &str {
    name.as_deref().unwrap_or("a value")
}

impl std::error::Error for FieldError {}

impl de::Error for FieldError {
    fn custom<T: fmt::Display>(why: T) -> Self {
        FieldError::Invalid {
            name: None,
            why: why.to_string(),
            words: None,
        }
    }

    /// A value not in a closed set (a `string_enum!`'s), worded as its parser words it, with
    /// its message: the value and the set are the message's, not read from the words.
    fn unknown_variant(value: &str, expected: &'static [&'static str]) -> Self {
        let Why { english, words } = Why::not_one_of(value, expected);
        FieldError::Invalid {
            name: None,
            why: english,
            words,
        }
    }

    fn missing_field(field: &'static str) -> Self {
        FieldError::Missing(field)
    }

    fn duplicate_field(field: &'static str) -> Self {
        FieldError::Repeated(Some(field.to_owned()))
    }
}

/// Reads `T` from pairs, each name's values in the order sent.
pub(crate) fn read<'de, T: de::Deserialize<'de>>(
    pairs: impl IntoIterator<Item = (&'de str, &'de str)>,
) -> Result<T, FieldError> {
    let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
    for (name, value) in pairs {
        match fields.iter_mut().find(|(n, _)| *n == name) {
            Some((_, values)) => values.push(value),
            None => fields.push((name, vec![value])),
        }
    }
    T::deserialize(Fields(fields))
}

struct Fields<'de>(Vec<(&'de str, Vec<&'de str>)>);

impl<'de> de::Deserializer<'de> for Fields<'de> {
    type Error = FieldError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        visitor.visit_map(FieldAccess {
            fields: self.0.into_iter(),
            name: "",
            values: Vec::new(),
        })
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

struct FieldAccess<'de> {
    fields: std::vec::IntoIter<(&'de str, Vec<&'de str>)>,
    name: &'de str,
    values: Vec<&'de str>,
}

impl<'de> MapAccess<'de> for FieldAccess<'de> {
    type Error = FieldError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, FieldError> {
        let Some((name, values)) = self.fields.next() else {
            return Ok(None);
        };
        (self.name, self.values) = (name, values);
        let key: StrDeserializer<'de, FieldError> = name.into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<S::Value, FieldError> {
        let values = std::mem::take(&mut self.values);
        seed.deserialize(Values(values))
            .map_err(|e| e.of(self.name))
    }
}

/// One parameter's values: a list where a list is asked for, otherwise exactly one.
struct Values<'de>(Vec<&'de str>);

impl<'de> Values<'de> {
    fn one(&self) -> Result<&'de str, FieldError> {
        match self.0.as_slice() {
            [one] => Ok(one),
            _ => Err(FieldError::Repeated(None)),
        }
    }

    fn parsed<T: std::str::FromStr>(&self) -> Result<T, FieldError>
    where
        T::Err: fmt::Display,
    {
        self.one()?.parse().map_err(de::Error::custom)
    }
}

impl<'de> IntoDeserializer<'de, FieldError> for Values<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

macro_rules! parsed_values {
    ($($method:ident => $visit:ident,)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
                visitor.$visit(self.parsed()?)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Values<'de> {
    type Error = FieldError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        match self.0.as_slice() {
            [one] => visitor.visit_borrowed_str(one),
            _ => self.deserialize_seq(visitor),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        let each = self.0.into_iter().map(|value| Values(vec![value]));
        visitor.visit_seq(SeqDeserializer::new(each))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        let variant: StrDeserializer<'de, FieldError> = self.one()?.into_deserializer();
        visitor.visit_enum(variant)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        // A ticked box sends "on"; an unticked one sends nothing.
        match self.one()? {
            "true" | "on" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(de::Error::invalid_value(
                Unexpected::Str(other),
                &"\"true\", \"on\" or \"false\"",
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        visitor.visit_unit()
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        visitor.visit_borrowed_str(self.one()?)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        self.deserialize_str(visitor)
    }

    parsed_values! {
        deserialize_i8 => visit_i8,
        deserialize_i16 => visit_i16,
        deserialize_i32 => visit_i32,
        deserialize_i64 => visit_i64,
        deserialize_i128 => visit_i128,
        deserialize_u8 => visit_u8,
        deserialize_u16 => visit_u16,
        deserialize_u32 => visit_u32,
        deserialize_u64 => visit_u64,
        deserialize_u128 => visit_u128,
        deserialize_f32 => visit_f32,
        deserialize_f64 => visit_f64,
        deserialize_char => visit_char,
    }

    forward_to_deserialize_any! {
        bytes byte_buf unit unit_struct tuple tuple_struct map struct
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Example {
        service_id: String,
        #[serde(default)]
        format: Vec<Shape>,
        limit: Option<u32>,
        #[serde(alias = "on")]
        enabled: Option<bool>,
    }

    #[derive(Debug, PartialEq, serde::Deserialize)]
    enum Shape {
        Round,
        Square,
    }

    fn example(pairs: &[(&'static str, &'static str)]) -> Result<Example, FieldError> {
        read(pairs.iter().copied())
    }

    #[test]
    fn each_kind_of_value_reads_from_its_text() {
        let e = example(&[
            ("serviceId", "t1"),
            ("format", "Round"),
            ("format", "Square"),
            ("limit", "5"),
            ("on", "on"),
            ("unknown", "ignored"),
        ])
        .unwrap();
        assert_eq!(e.service_id, "t1");
        assert_eq!(e.format, [Shape::Round, Shape::Square]);
        assert_eq!((e.limit, e.enabled), (Some(5), Some(true)));
    }

    /// A value not in its closed set is said as the message files say it, with the value and
    /// the set as the message's placeables, in English exactly as the parser words it.
    #[test]
    fn a_value_not_in_its_set_carries_its_message() {
        #[derive(Debug, serde::Deserialize)]
        struct Sorted {
            #[allow(dead_code)]
            order: lectern_domain::account::SubscriptionStatus,
        }
        let Err(FieldError::Invalid { why, words, .. }) = read::<Sorted>([("order", "sideways")])
        else {
            panic!("a value not in the set is refused");
        };
        let words = words.expect("the reason's message");
        assert_eq!(words.key, "why-not-one-of");
        let english = crate::i18n::words_in(crate::i18n::Lang::En, &words);
        assert_eq!(english.as_deref(), Some(why.as_str()));
        assert!(why.starts_with("'sideways' is not one of "), "{why}");
        let spanish = crate::i18n::words_in(crate::i18n::Lang::Es, &words).unwrap();
        assert!(spanish.starts_with("'sideways' no es ninguno"), "{spanish}");
    }

    #[test]
    fn what_went_wrong_names_the_parameter() {
        assert_eq!(
            example(&[("limit", "5")]).unwrap_err(),
            FieldError::Missing("serviceId")
        );
        assert_eq!(
            example(&[("serviceId", "a"), ("serviceId", "b")]).unwrap_err(),
            FieldError::Repeated(Some("serviceId".into()))
        );
        // An alias and its field both sent: serde's derived code says which field.
        assert_eq!(
            example(&[("serviceId", "a"), ("enabled", "true"), ("on", "on")]).unwrap_err(),
            FieldError::Repeated(Some("enabled".into()))
        );
        for (name, value) in [("limit", "ten"), ("enabled", "maybe"), ("format", "Oval")] {
            match example(&[("serviceId", "a"), (name, value)]) {
                Err(FieldError::Invalid { name: Some(n), .. }) => assert_eq!(n, name),
                other => panic!("{name}={value}: {other:?}"),
            }
        }
    }
}
