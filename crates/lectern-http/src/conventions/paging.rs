//! The collection conventions: `start` and `limit` in, `totalResults`, `limit`, `next` and the
//! `self`/`next` links out. Lists page by keyset (see `lectern_domain::paging`).

use std::marker::PhantomData;

use lectern_domain::paging::{
    Direction, FixedOrder, PagingError, SortOrder, decode_token, encode_token, parse_limit,
};
use lectern_operations::listing::{NewestWindow, Window};
use lectern_store::keyset::{KeyPart, KeyedOrder};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;
use utoipa::openapi::Required;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};

use super::params::Params;
use crate::error::{ApiError, ApiResult};

/// The parameters every list takes: `start`, `limit` (1 to 100, `DEFAULT_LIMIT` when absent),
/// and, as its order `S` allows, `sortOrder` and `direction`. A list endpoint reads these and
/// its own filters as two typed structs from the same parameters (see `docs/decisions.md`,
/// "One list contract"); both are documented by their `IntoParams`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", bound = "")]
pub struct ListParams<S, const DEFAULT_LIMIT: u32 = 10> {
    start: Option<String>,
    limit: Option<String>,
    sort_order: Option<String>,
    direction: Option<String>,
    #[serde(skip)]
    order: PhantomData<S>,
}

impl<S: SortOrder, const DEFAULT_LIMIT: u32> ListParams<S, DEFAULT_LIMIT> {
    /// The order asked for: `S::DEFAULT` ascending unless the list takes and was sent others.
    pub fn order(&self) -> ApiResult<(S, Direction)> {
        self.order_defaulting(S::DEFAULT)
    }

    /// The order asked for, where the list's default order depends on the request (the title
    /// search's is relevance when text is searched).
    pub fn order_defaulting(&self, default: S) -> ApiResult<(S, Direction)> {
        let sort = match &self.sort_order {
            Some(v) if !S::WIRE_VALUES.is_empty() => v
                .trim()
                .parse()
                .map_err(|why| ApiError::bad_param("sortOrder", why))?,
            _ => default,
        };
        let direction = match &self.direction {
            Some(d) if S::DIRECTED => d
                .trim()
                .parse()
                .map_err(|why| ApiError::bad_param("direction", why))?,
            _ => S::DEFAULT_DIRECTION,
        };
        Ok((sort, direction))
    }

    /// The page asked for, in the order asked for.
    pub fn page(&self) -> ApiResult<PageRequest> {
        let (sort, direction) = self.order()?;
        self.page_in(sort, direction)
    }

    /// The page asked for, in an order already read (`order_defaulting`).
    pub fn page_in(&self, sort: S, direction: Direction) -> ApiResult<PageRequest> {
        let limit =
            parse_limit(self.limit.as_deref(), DEFAULT_LIMIT).map_err(|e| paging_error(&e))?;
        let start = self
            .start
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "null")
            .map(str::to_owned);
        Ok(PageRequest {
            start,
            limit,
            order: format!("{}:{}", sort.wire(), direction.as_str()),
        })
    }

    /// The page asked for, and the window an operation reads it through, for a list the store
    /// pages by its order's key.
    pub fn window<Row>(&self) -> ApiResult<(PageRequest, Window<S>)>
    where
        S: KeyedOrder<Row>,
    {
        let (sort, direction) = self.order()?;
        let page = self.page_in(sort, direction)?;
        let window = Window {
            sort,
            direction,
            after: page.after_key(sort)?,
            limit: page.limit,
        };
        Ok((page, window))
    }

    /// The page asked for, its bound and the window an operation reads it through, for a list
    /// paged both ways (`turn`): a page before another is read backwards from its bound.
    pub fn two_way_window<Row>(&self) -> ApiResult<TwoWayWindow<S>>
    where
        S: KeyedOrder<Row>,
    {
        let (sort, direction) = self.order()?;
        let page = self.page_in(sort, direction)?;
        let bound = page.bound_key(sort)?;
        let window = Window {
            sort,
            direction: Bound::reading(bound.as_ref(), direction),
            after: bound.as_ref().map(|b| b.key().clone()),
            limit: page.limit,
        };
        Ok((page, bound, window))
    }
}

/// A page paged both ways: what was asked, where it is bound, and what the house reads.
pub type TwoWayWindow<S> = (PageRequest, Option<Bound<Vec<KeyPart>>>, Window<S>);

impl<S: SortOrder, const DEFAULT_LIMIT: u32> IntoParams for ListParams<S, DEFAULT_LIMIT> {
    fn into_params(parameter_in: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let place = || parameter_in().unwrap_or(ParameterIn::Query);
        let param = |name: &str, description: String, schema: ObjectBuilder| {
            ParameterBuilder::new()
                .name(name)
                .parameter_in(place())
                .required(Required::False)
                .description(Some(description))
                .schema(Some(schema))
                .build()
        };
        let text = || ObjectBuilder::new().schema_type(Type::String);
        let mut params = Vec::with_capacity(4);
        if !S::WIRE_VALUES.is_empty() {
            params.push(param(
                "sortOrder",
                S::DEFAULT_NOTE.map_or_else(
                    || format!("{} (the default) or another of these", S::DEFAULT.wire()),
                    str::to_owned,
                ),
                text().enum_values(Some(S::WIRE_VALUES.iter().copied())),
            ));
        }
        if S::DIRECTED {
            params.push(param(
                "direction",
                match S::DEFAULT_DIRECTION {
                    Direction::Asc => "asc (the default) or desc",
                    Direction::Desc => "desc (the default) or asc",
                }
                .to_owned(),
                text().enum_values(Some(["asc", "desc"])),
            ));
        }
        params.push(param(
            "start",
            "The `next` value of the previous page".to_owned(),
            text(),
        ));
        params.push(param(
            "limit",
            format!("1 to 100, default {DEFAULT_LIMIT}"),
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1))
                .maximum(Some(100)),
        ));
        params
    }
}

/// One page of a list: where it starts, how long it is, and the order its tokens carry.
#[derive(Debug, Clone)]
pub struct PageRequest {
    start: Option<String>,
    pub limit: u32,
    /// `sortOrder:direction`, in every token this page issues and checked in the one it reads.
    order: String,
}

impl PageRequest {
    /// The raw `start` token, for lists whose tokens another component issues and reads with
    /// their order inside (the title index).
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The sort key to continue after, parsed into the list's own key type. A token of another
    /// list, or of this list in another order, is a 400 naming `start`.
    pub fn after<K: DeserializeOwned>(&self) -> ApiResult<Option<K>> {
        let token = self
            .start
            .as_deref()
            .map(decode_token::<(String, K)>)
            .transpose()
            .map_err(|e| paging_error(&e))?;
        match token {
            None => Ok(None),
            Some((order, key)) if order == self.order => Ok(Some(key)),
            Some(_) => Err(another_order()),
        }
    }

    /// The key to continue after, for a list the store pages in `order`: a token whose key has
    /// another shape is a 400 naming `start`, never a comparison the store would refuse.
    pub fn after_key<Row>(&self, order: impl KeyedOrder<Row>) -> ApiResult<Option<Vec<KeyPart>>> {
        let after = self.after::<Vec<KeyPart>>()?;
        if after.as_ref().is_some_and(|key| !order.fits(key)) {
            return Err(ApiError::bad_param(
                "start",
                "is not a page token of this list",
            ));
        }
        Ok(after)
    }

    /// The token of the page that starts after `key`, in this request's order.
    pub fn token_after<K: Serialize>(&self, key: K) -> String {
        encode_token(&(&self.order, key))
    }

    /// The token of the page that ends just before `key`: a `previous` link's.
    pub fn token_before<K: Serialize>(&self, key: K) -> String {
        encode_token(&(&self.order, key, BEFORE))
    }

    /// Where the page starts: after a key (a `next` token) or before one (a `previous` token).
    pub fn bound<K: DeserializeOwned>(&self) -> ApiResult<Option<Bound<K>>> {
        if let Some(token) = self.start.as_deref()
            && let Ok((order, key, mark)) = decode_token::<(String, K, String)>(token)
            && mark == BEFORE
        {
            if order != self.order {
                return Err(another_order());
            }
            return Ok(Some(Bound::Before(key)));
        }
        Ok(self.after()?.map(Bound::After))
    }

    /// `bound` for a list the store pages by `order`, checking the key's shape.
    pub fn bound_key<Row>(
        &self,
        order: impl KeyedOrder<Row>,
    ) -> ApiResult<Option<Bound<Vec<KeyPart>>>> {
        let bound = self.bound::<Vec<KeyPart>>()?;
        if bound.as_ref().is_some_and(|b| !order.fits(b.key())) {
            return Err(ApiError::bad_param(
                "start",
                "is not a page token of this list",
            ));
        }
        Ok(bound)
    }

    /// Ends a page read as `Bound::reading` says (`limit + 1` rows in the direction read): puts
    /// the rows in the list's order and gives the tokens of the pages after and before them.
    pub fn turn<T, K: Serialize, B>(
        &self,
        bound: Option<&Bound<B>>,
        rows: &mut Vec<T>,
        key_of: impl Fn(&T) -> K,
    ) -> Turns {
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        let more = rows.len() > limit;
        rows.truncate(limit);
        match bound {
            Some(Bound::Before(_)) => {
                rows.reverse();
                Turns {
                    next: rows.last().map(|r| self.token_after(key_of(r))),
                    previous: rows
                        .first()
                        .filter(|_| more)
                        .map(|r| self.token_before(key_of(r))),
                }
            }
            _ => Turns {
                next: rows
                    .last()
                    .filter(|_| more)
                    .map(|r| self.token_after(key_of(r))),
                previous: rows
                    .first()
                    .filter(|_| bound.is_some())
                    .map(|r| self.token_before(key_of(r))),
            },
        }
    }

    /// The `next` token: present when the page came back full and more rows exist. Callers fetch
    /// `limit + 1` rows; the extra row only tells whether there is more.
    pub fn next_token<T, K: Serialize>(
        &self,
        rows: &mut Vec<T>,
        key_of: impl Fn(&T) -> K,
    ) -> Option<String> {
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        if rows.len() > limit {
            rows.truncate(limit);
            rows.last()
                .map(|last| encode_token(&(&self.order, key_of(last))))
        } else {
            None
        }
    }
}

fn another_order() -> ApiError {
    ApiError::bad_param(
        "start",
        "belongs to this list in another order; start again without it",
    )
}

/// Marks a token of the page before its key.
const BEFORE: &str = "b";

/// Where a page starts.
#[derive(Debug, Clone, PartialEq)]
pub enum Bound<K> {
    /// Just after the key: the `next` page of the page that ended there.
    After(K),
    /// Just before the key: the `previous` page of the page that began there.
    Before(K),
}

impl<K> Bound<K> {
    pub fn key(&self) -> &K {
        match self {
            Bound::After(k) | Bound::Before(k) => k,
        }
    }

    /// The direction to read a list ordered in `direction` from this bound: backwards for the
    /// page before it (`PageRequest::turn` puts the rows back in order).
    pub fn reading(bound: Option<&Bound<K>>, direction: Direction) -> Direction {
        match bound {
            Some(Bound::Before(_)) => direction.reversed(),
            _ => direction,
        }
    }
}

/// The tokens of the pages either side of a page.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Turns {
    pub next: Option<String>,
    pub previous: Option<String>,
}

fn paging_error(e: &PagingError) -> ApiError {
    match e {
        PagingError::BadStart => ApiError::bad_param("start", e),
        PagingError::BadLimit => ApiError::bad_param("limit", e),
    }
}

impl PageRequest {
    /// Pages a short list held in memory (categories, periodicals), already in order, by the
    /// key of the last item served: the same tokens and links as lists paged in the store.
    pub fn page_of<T, K>(
        &self,
        items: Vec<T>,
        key_of: impl Fn(&T) -> K,
    ) -> ApiResult<(Vec<T>, Option<String>)>
    where
        K: Serialize + DeserializeOwned + PartialOrd,
    {
        let after: Option<K> = self.after()?;
        let mut rows: Vec<T> = items
            .into_iter()
            .skip_while(|item| after.as_ref().is_some_and(|a| key_of(item) <= *a))
            .take(usize::try_from(self.limit).unwrap_or(usize::MAX) + 1)
            .collect();
        let next = self.next_token(&mut rows, &key_of);
        Ok((rows, next))
    }
}

impl PageRequest {
    /// `page_of` with `previous` as well: a short list held in memory, in ascending key order,
    /// paged after or before a key as the token says.
    pub fn page_both_ways<T, K>(
        &self,
        items: Vec<T>,
        key_of: impl Fn(&T) -> K,
    ) -> ApiResult<(Vec<T>, Turns)>
    where
        K: Serialize + DeserializeOwned + PartialOrd,
    {
        let bound: Option<Bound<K>> = self.bound()?;
        let take = usize::try_from(self.limit).unwrap_or(usize::MAX) + 1;
        let mut rows: Vec<T> = match &bound {
            Some(Bound::Before(b)) => items
                .into_iter()
                .rev()
                .skip_while(|item| key_of(item) >= *b)
                .take(take)
                .collect(),
            Some(Bound::After(a)) => items
                .into_iter()
                .skip_while(|item| key_of(item) <= *a)
                .take(take)
                .collect(),
            None => items.into_iter().take(take).collect(),
        };
        let turns = self.turn(bound.as_ref(), &mut rows, &key_of);
        Ok((rows, turns))
    }
}

/// A list of the caller's things the newest first by (when, id), as the API's history lists
/// downloads: the OPDS shelves and the web pages' documents.
pub struct NewestFirst {
    pub page: PageRequest,
    bound: Option<Bound<(i64, String)>>,
}

impl NewestFirst {
    /// The page the parameters ask for (`start`, `limit`; nothing else is read).
    pub fn of(params: &Params) -> ApiResult<NewestFirst> {
        let page = params.parse::<ListParams<FixedOrder>>()?.page()?;
        let bound = page.bound()?;
        Ok(NewestFirst { page, bound })
    }

    /// Where the page starts, as the house reads it.
    pub fn window(&self) -> NewestWindow<'_> {
        NewestWindow {
            after: self.bound.as_ref().map(Bound::key),
            reading: Bound::reading(self.bound.as_ref(), Direction::Desc),
            limit: self.page.limit,
        }
    }

    pub fn turn<T>(&self, rows: &mut Vec<T>, key_of: impl Fn(&T) -> (i64, String)) -> Turns {
        self.page.turn(self.bound.as_ref(), rows, key_of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(start: Option<String>) -> PageRequest {
        PageRequest {
            start,
            limit: 10,
            order: "fixed:asc".to_owned(),
        }
    }

    #[test]
    fn pages_held_in_memory_turn_both_ways() {
        let items: Vec<u32> = (0..25).collect();
        let mut pages = Vec::new();
        let mut start = None;
        loop {
            let (rows, turns) = request(start.clone())
                .page_both_ways(items.clone(), |n| *n)
                .unwrap();
            assert_eq!(turns.previous.is_some(), !pages.is_empty());
            pages.push(rows);
            match turns.next {
                Some(next) => start = Some(next),
                None => break,
            }
        }
        assert_eq!(pages.concat(), items);
        let (_, last) = request(start)
            .page_both_ways(items.clone(), |n| *n)
            .unwrap();
        let mut back = last.previous;
        for expected in pages.iter().rev().skip(1) {
            let (rows, turns) = request(back).page_both_ways(items.clone(), |n| *n).unwrap();
            assert_eq!(&rows, expected);
            assert!(turns.next.is_some());
            back = turns.previous;
        }
        assert_eq!(back, None);
    }
}
