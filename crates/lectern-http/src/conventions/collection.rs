//! Document 1's collection envelope, written once for every list: `totalResults`, `limit`,
//! `next`, `links` (`self`, and `next` when there is more), `allows`, and the items under the
//! list's own name (`bookmarks`, `lists`, ...).

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, Serializer};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use super::links::Link;
use super::paging::PageRequest;
use super::params::Params;
use crate::state::AppState;

/// An item type and the names its list goes by.
pub trait Listed: Serialize + ToSchema {
    /// The envelope's field for the items, e.g. `bookmarks`.
    const ITEMS: &'static str;
    /// The envelope's schema name in the OpenAPI document, e.g. `BookmarkList`.
    const LIST: &'static str;
    /// The upstream service's name for the items, where it differs from ours: the items are
    /// written under both, ours first (`docs/decisions.md`, "Upstream names beside ours").
    const ITEMS_ALIAS: Option<&'static str> = None;
    /// A list of titles: its envelope carries `message` (null when there is none), as every
    /// title list of the upstream service does.
    const TITLE_LIST: bool = false;

    /// Fields a list of these adds to the envelope (reading list titles add `readingListId`).
    fn extra_properties() -> Vec<(&'static str, RefOr<Schema>)> {
        Vec::new()
    }

    /// The schemas those fields refer to, for the OpenAPI document's components.
    fn extra_schemas(_schemas: &mut Vec<(String, RefOr<Schema>)>) {}
}

/// The verbs a caller may apply to a resource's `self` link (document 1, rule 6), decided by the
/// same rule that decides the call. Nothing offered is written `null`, as the upstream service
/// writes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Allows(Vec<&'static str>);

impl Allows {
    pub fn none() -> Self {
        Allows(Vec::new())
    }

    /// The verbs among `candidates` whose rule said yes.
    pub fn of(candidates: &[(&'static str, bool)]) -> Self {
        Allows(
            candidates
                .iter()
                .filter(|(_, yes)| *yes)
                .map(|(verb, _)| *verb)
                .collect(),
        )
    }

    pub fn contains(&self, verb: &str) -> bool {
        self.0.contains(&verb)
    }
}

impl Serialize for Allows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() {
            s.serialize_none()
        } else {
            self.0.serialize(s)
        }
    }
}

impl PartialSchema for Allows {
    fn schema() -> RefOr<Schema> {
        // `null` is what a caller allowed nothing sees, so the document must admit it.
        ArrayBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
            .items(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["GET", "POST", "PUT", "DELETE"])),
            )
            .description(Some(
                "Verbs the caller may apply to this resource's self link; null when none",
            ))
            .into()
    }
}

impl ToSchema for Allows {}

/// One page of a list.
pub struct Collection<T> {
    pub total_results: u64,
    pub limit: u32,
    pub next: Option<String>,
    pub links: Vec<Link>,
    pub allows: Allows,
    pub items: Vec<T>,
    /// The fields `T::extra_properties` describes, with their values.
    pub extra: Vec<(&'static str, serde_json::Value)>,
}

impl<T: Listed> Collection<T> {
    /// The page `items` of a list at `path` (under `/v2`), with the links that repeat the
    /// caller's parameters.
    pub fn page(
        state: &AppState,
        path: &str,
        params: &Params,
        page: &PageRequest,
        (items, next): (Vec<T>, Option<String>),
        total_results: u64,
    ) -> Self {
        Collection {
            total_results,
            limit: page.limit,
            links: collection_links(state, path, params, next.as_deref()),
            next,
            allows: Allows::none(),
            items,
            extra: Vec::new(),
        }
    }

    /// Adds a field of the list's own (see `Listed::extra_properties`).
    pub fn with(mut self, name: &'static str, value: serde_json::Value) -> Self {
        self.extra.push((name, value));
        self
    }

    pub fn allowing(mut self, allows: Allows) -> Self {
        self.allows = allows;
        self
    }
}

impl<T: Listed> Serialize for Collection<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("allows", &self.allows)?;
        map.serialize_entry(T::ITEMS, &self.items)?;
        if let Some(alias) = T::ITEMS_ALIAS {
            map.serialize_entry(alias, &self.items)?;
        }
        map.serialize_entry("limit", &self.limit)?;
        map.serialize_entry("links", &self.links)?;
        map.serialize_entry("next", &self.next)?;
        map.serialize_entry("totalResults", &self.total_results)?;
        if T::TITLE_LIST && !self.extra.iter().any(|(name, _)| *name == "message") {
            map.serialize_entry("message", &None::<String>)?;
        }
        for (name, value) in &self.extra {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<T: Listed> PartialSchema for Collection<T> {
    fn schema() -> RefOr<Schema> {
        let integer = || {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0))
        };
        let items = || ArrayBuilder::new().items(Ref::from_schema_name(T::name()));
        let mut envelope = ObjectBuilder::new()
            .property("allows", Allows::schema())
            .property(T::ITEMS, items());
        if let Some(alias) = T::ITEMS_ALIAS {
            envelope = envelope.property(
                alias,
                items().description(Some(format!("The same items as `{}`", T::ITEMS))),
            );
        }
        for (name, schema) in T::extra_properties() {
            envelope = envelope.property(name, schema);
        }
        if T::TITLE_LIST {
            envelope = envelope.property(
                "message",
                ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null])),
            );
        }
        envelope
            .property("limit", integer())
            .property(
                "links",
                ArrayBuilder::new().items(Ref::from_schema_name("Link")),
            )
            .property(
                "next",
                ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
                        Type::String,
                        Type::Null,
                    ]))
                    .description(Some("The token to send as `start` for the next page")),
            )
            .property("totalResults", integer())
            .required("allows")
            .required(T::ITEMS)
            .required("limit")
            .required("links")
            .required("next")
            .required("totalResults")
            .into()
    }
}

impl<T: Listed> ToSchema for Collection<T> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(T::LIST)
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(schemas);
        schemas.push(("Link".to_owned(), Link::schema()));
        T::extra_schemas(schemas);
    }
}

/// The `self` link of a list (its path with the caller's filters) and, when there is more,
/// `next`: the same with `start`. Each works followed as given (document 1, rule 5).
pub fn collection_links(
    state: &AppState,
    path: &str,
    params: &Params,
    next: Option<&str>,
) -> Vec<Link> {
    let kept: Vec<(&str, &str)> = params
        .pairs()
        .iter()
        .filter(|(k, _)| !NOT_IN_LINKS.contains(&k.as_str()))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .chain(params.link_key().map(|key| ("api_key", key)))
        .collect();
    let with_query = |extra: Option<(&str, &str)>| {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        q.extend_pairs(kept.iter().copied().chain(extra));
        let q = q.finish();
        if q.is_empty() {
            state.v2_url(path)
        } else {
            format!("{}?{q}", state.v2_url(path))
        }
    };
    let mut links = vec![Link::new("self", with_query(None))];
    if let Some(token) = next {
        links.push(Link::new("next", with_query(Some(("start", token)))));
    }
    links
}

/// Parameters never copied into links: credentials, and the page position itself. A guest's
/// links get their `api_key` back (`Params::link_key`); a signed-in caller's links need none,
/// since a request without one takes the key its token was issued to.
const NOT_IN_LINKS: [&str; 3] = ["api_key", "access_token", "start"];
