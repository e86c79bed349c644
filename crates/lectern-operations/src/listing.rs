//! Where a page of a list starts, as an operation reads it: the door turns its page token
//! into the key to continue after, and its own token out of the last row it shows. An
//! operation reads `limit + 1` rows, so the door knows whether there are more.

use lectern_domain::paging::Direction;
use lectern_store::StoreError;
use lectern_store::keyset::KeyPart;

#[derive(Debug, Clone)]
pub struct Window<S, K = Vec<KeyPart>> {
    pub sort: S,
    pub direction: Direction,
    /// The key of the last row of the page before, when this is not the first.
    pub after: Option<K>,
    pub limit: u32,
}

/// Where a page of a list kept newest first (downloads, documents) starts: the key of the row
/// next to the page, `(created at, id)`, and the direction the rows are read in: the newest
/// first is `Desc`, the page before another `Asc`.
#[derive(Debug, Clone, Copy)]
pub struct NewestWindow<'a> {
    pub after: Option<&'a (i64, String)>,
    pub reading: Direction,
    pub limit: u32,
}

/// A page of a list kept newest first: up to `limit + 1` rows as read, and how many there are
/// in all.
pub struct NewestPage<T> {
    pub rows: Vec<T>,
    pub total: u64,
}

/// A list's total, given the `rows` a page read (`limit + 1` at most) and whether it is the
/// first page: a first page that holds every row says the total itself, and only a longer list
/// has `count` read. Most readers' lists, marks and members fit one page, so most pages cost
/// one query, not two.
pub async fn total<F>(
    first_page: bool,
    limit: u32,
    rows: usize,
    count: F,
) -> Result<u64, StoreError>
where
    F: Future<Output = Result<u64, StoreError>>,
{
    if first_page && rows <= usize::try_from(limit).unwrap_or(usize::MAX) {
        return Ok(u64::try_from(rows).unwrap_or(u64::MAX));
    }
    count.await
}

#[cfg(test)]
mod tests {
    use super::total;
    use lectern_store::StoreError;

    async fn counted() -> Result<u64, StoreError> {
        Ok(99)
    }

    #[tokio::test]
    async fn only_a_list_longer_than_its_first_page_is_counted() {
        assert_eq!(total(true, 10, 3, counted()).await.unwrap(), 3);
        assert_eq!(total(true, 10, 10, counted()).await.unwrap(), 10);
        assert_eq!(total(true, 10, 0, counted()).await.unwrap(), 0);
        // The row past the page says there are more: they are counted.
        assert_eq!(total(true, 10, 11, counted()).await.unwrap(), 99);
        // A later page does not see the rows before it.
        assert_eq!(total(false, 10, 3, counted()).await.unwrap(), 99);
    }
}
