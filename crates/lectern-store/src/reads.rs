//! The store's read handle: what every read outside a transaction runs on.
//!
//! Writes take a `&mut Connection`, which only a `Transaction` or a `Writer` lends (both in the
//! node's turn to write), so a write through this handle does not compile; the crates above the
//! store do not depend on sqlx, so neither does a statement of their own. On SQLite the handle's
//! connections are also opened with `query_only`, so a write slipped in here at run time is an
//! error, not a write that skipped its turn (`docs/architecture.md`, "One write path").
//!
//! A write takes its turn:
//!
//! ```no_run
//! # async fn f(store: &lectern_store::Store, b: &lectern_domain::reading::Bookmark)
//! # -> Result<(), lectern_store::StoreError> {
//! lectern_store::marks::save_bookmark(&mut *store.writer().await?, "u-1", b).await?;
//! # Ok(()) }
//! ```
//!
//! and the same write through the read handle does not compile:
//!
//! ```compile_fail
//! # async fn f(store: &lectern_store::Store, b: &lectern_domain::reading::Bookmark)
//! # -> Result<(), lectern_store::StoreError> {
//! lectern_store::marks::save_bookmark(store.reads(), "u-1", b).await?;
//! # Ok(()) }
//! ```

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;
use sqlx::{Any, AnyPool, Database, Describe, Either, Error, Execute, Executor, SqlStr};

/// Reads, each on a connection of the read pool.
#[derive(Clone, Debug)]
pub struct Reads(pub(crate) AnyPool);

impl<'p> Executor<'p> for &'_ Reads {
    type Database = Any;

    fn fetch_many<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> BoxStream<'e, Result<Either<<Any as Database>::QueryResult, <Any as Database>::Row>, Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        (&self.0).fetch_many(query)
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> BoxFuture<'e, Result<Option<<Any as Database>::Row>, Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        (&self.0).fetch_optional(query)
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [<Any as Database>::TypeInfo],
    ) -> BoxFuture<'e, Result<<Any as Database>::Statement, Error>>
    where
        'p: 'e,
    {
        (&self.0).prepare_with(sql, parameters)
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<Describe<Any>, Error>>
    where
        'p: 'e,
    {
        (&self.0).describe(sql)
    }
}

/// Somewhere several reads can run one after another: the read handle, or the connection of a
/// transaction or a writer (to read what it has written, or under the lock it holds). Each read
/// is given `&mut` of it.
#[derive(Debug)]
pub enum ReadOn<'a> {
    Reads(&'a Reads),
    Connection(&'a mut crate::Connection),
}

impl<'c> Executor<'c> for &'c mut ReadOn<'_> {
    type Database = Any;

    fn fetch_many<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> BoxStream<'e, Result<Either<<Any as Database>::QueryResult, <Any as Database>::Row>, Error>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match self {
            ReadOn::Reads(r) => (&r.0).fetch_many(query),
            ReadOn::Connection(c) => (&mut **c).fetch_many(query),
        }
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> BoxFuture<'e, Result<Option<<Any as Database>::Row>, Error>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match self {
            ReadOn::Reads(r) => (&r.0).fetch_optional(query),
            ReadOn::Connection(c) => (&mut **c).fetch_optional(query),
        }
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [<Any as Database>::TypeInfo],
    ) -> BoxFuture<'e, Result<<Any as Database>::Statement, Error>>
    where
        'c: 'e,
    {
        match self {
            ReadOn::Reads(r) => (&r.0).prepare_with(sql, parameters),
            ReadOn::Connection(c) => (&mut **c).prepare_with(sql, parameters),
        }
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<Describe<Any>, Error>>
    where
        'c: 'e,
    {
        match self {
            ReadOn::Reads(r) => (&r.0).describe(sql),
            ReadOn::Connection(c) => (&mut **c).describe(sql),
        }
    }
}
