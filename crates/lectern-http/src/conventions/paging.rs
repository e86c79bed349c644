//! The collection conventions: `start` and `limit` in, `totalResults`, `limit`, `next` and the
//! `self`/`next` links out. Lists page by keyset (see `lectern_domain::paging`).

use lectern_domain::paging::{PagingError, decode_token, encode_token, parse_limit};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::links::Link;
use super::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Parameters never copied into links: credentials, and the page position itself. A guest's
/// links get their `api_key` back (`Params::link_key`); a signed-in caller's links need none,
/// since a request without one takes the key its token was issued to.
const NOT_IN_LINKS: [&str; 3] = ["api_key", "access_token", "start"];

#[derive(Debug, Clone)]
pub struct PageRequest {
    start: Option<String>,
    pub limit: u32,
}

impl PageRequest {
    pub fn from_params(params: &Params, default_limit: u32) -> ApiResult<Self> {
        let limit =
            parse_limit(params.one("limit")?, default_limit).map_err(|e| paging_error(&e))?;
        let start = params
            .one("start")?
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "null")
            .map(str::to_owned);
        Ok(PageRequest { start, limit })
    }

    /// The raw `start` token, for lists whose keys another component reads (the title index).
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The sort key to continue after, parsed into the list's own key type.
    pub fn after<K: DeserializeOwned>(&self) -> ApiResult<Option<K>> {
        self.start
            .as_deref()
            .map(decode_token)
            .transpose()
            .map_err(|e| paging_error(&e))
    }

    /// The sort key to continue after, for a list whose token carries its `order` (its sort and
    /// direction): a token of the same list in another order is a 400 naming `start`.
    pub fn after_in_order<K: DeserializeOwned>(&self, order: &str) -> ApiResult<Option<K>> {
        match self.after::<(String, K)>()? {
            None => Ok(None),
            Some((o, key)) if o == order => Ok(Some(key)),
            Some(_) => Err(ApiError::bad_param(
                "start",
                "belongs to this list in another order; start again without it",
            )),
        }
    }

    /// The `next` token of a list whose token carries its order (see `after_in_order`).
    pub fn next_token_in_order<T, K: Serialize>(
        &self,
        rows: &mut Vec<T>,
        order: &str,
        key_of: impl Fn(&T) -> K,
    ) -> Option<String> {
        self.next_token(rows, |r| (order, key_of(r)))
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
            rows.last().map(|last| encode_token(&key_of(last)))
        } else {
            None
        }
    }
}

fn paging_error(e: &PagingError) -> ApiError {
    match e {
        PagingError::BadStart => ApiError::bad_param("start", e),
        PagingError::BadLimit => ApiError::bad_param("limit", e),
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
