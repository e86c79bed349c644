//! Where a page of a list starts, as an operation reads it: the door turns its page token
//! into the key to continue after, and its own token out of the last row it shows. An
//! operation reads `limit + 1` rows, so the door knows whether there are more.

use lectern_domain::paging::Direction;
use lectern_store::keyset::KeyPart;

#[derive(Debug, Clone)]
pub struct Window<S, K = Vec<KeyPart>> {
    pub sort: S,
    pub direction: Direction,
    /// The key of the last row of the page before, when this is not the first.
    pub after: Option<K>,
    pub limit: u32,
}
