//! Closed sets of wire strings (statuses, formats, sort orders) as enums that parse, print and
//! (de)serialize as the spec spells them, with the list of allowed values for error messages.

/// A closed set of wire strings, read with the reason a value not in it is refused, which
/// carries its message (`FromStr` gives the same reason's English alone).
pub trait ClosedSet: Sized {
    fn read(s: &str) -> Result<Self, crate::invalid::Why>;
}

/// Declares an enum whose variants are written as the given strings on the wire.
#[macro_export]
macro_rules! string_enum {
    // `Variant = "text" | "alias"`: the text is what is written; an alias (a spelling the
    // upstream service's clients send) is also read.
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal $(| $alias:literal)*),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const VALUES: &'static [&'static str] = &[$($text),+];
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::string_enum::ClosedSet for $name {
            fn read(s: &str) -> Result<Self, $crate::invalid::Why> {
                match s {
                    $($text $(| $alias)* => Ok($name::$variant),)+
                    _ => Err($crate::invalid::Why::not_one_of(s, Self::VALUES)),
                }
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                <Self as $crate::string_enum::ClosedSet>::read(s).map_err(|why| why.english)
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let raw = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(d)?;
                // Serde's own constructor for a value not in a closed set: a deserializer that
                // words its errors (the parameters') keeps the value and the set apart.
                raw.parse()
                    .map_err(|_| ::serde::de::Error::unknown_variant(&raw, Self::VALUES))
            }
        }

        $crate::describe_string_enum!($name);
    };
}

/// The OpenAPI schema of a [`string_enum!`]: a string with the enum's values, from the same
/// list the parser uses. Used inline (`#[param(value_type = X, inline)]`).
#[cfg(feature = "openapi")]
#[macro_export]
#[doc(hidden)]
macro_rules! describe_string_enum {
    ($name:ident) => {
        impl $crate::__utoipa::PartialSchema for $name {
            fn schema()
            -> $crate::__utoipa::openapi::RefOr<$crate::__utoipa::openapi::schema::Schema> {
                $crate::__utoipa::openapi::ObjectBuilder::new()
                    .schema_type($crate::__utoipa::openapi::schema::Type::String)
                    .enum_values(Some(Self::VALUES.iter().copied()))
                    .into()
            }
        }
        impl $crate::__utoipa::ToSchema for $name {}
    };
}

#[cfg(not(feature = "openapi"))]
#[macro_export]
#[doc(hidden)]
macro_rules! describe_string_enum {
    ($name:ident) => {};
}
