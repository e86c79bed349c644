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
//! lectern_store::bookmarks::save_bookmark(&mut *store.writer().await?, "u-1", b).await?;
//! # Ok(()) }
//! ```
//!
//! and the same write through the read handle does not compile:
//!
//! ```compile_fail
//! # async fn f(store: &lectern_store::Store, b: &lectern_domain::reading::Bookmark)
//! # -> Result<(), lectern_store::StoreError> {
//! lectern_store::bookmarks::save_bookmark(store.reads(), "u-1", b).await?;
//! # Ok(()) }
//! ```

use std::sync::Arc;

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;
use futures_util::{FutureExt, StreamExt};
use sqlx::{Any, AnyPool, Database, Describe, Either, Error, Execute, Executor, SqlStr};

use crate::inline_reads::InlineReads;

/// Reads: on SQLite on the calling thread where they are quick (`inline_reads`), otherwise each
/// on a connection of the read pool.
#[derive(Clone, Debug)]
pub struct Reads {
    pub(crate) pool: AnyPool,
    pub(crate) inline: Option<Arc<InlineReads>>,
}

/// A read answered on the calling thread, or the query again for the pool to answer.
enum Answered<'q, E> {
    Here(Vec<<Any as Database>::Row>),
    Pool(Either<E, sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>>),
}

impl Reads {
    fn try_inline<'q, E: 'q + Execute<'q, Any>>(
        &self,
        mut query: E,
        limit: Option<usize>,
    ) -> Answered<'q, E> {
        let Some(inline) = &self.inline else {
            return Answered::Pool(Either::Left(query));
        };
        if query.statement().is_some() {
            return Answered::Pool(Either::Left(query));
        }
        let args = match query.take_arguments() {
            Ok(args) => args.unwrap_or_default(),
            // The pool reports the arguments' error as it always has.
            Err(e) => {
                let sql = query.sql();
                return Answered::Pool(Either::Right(sqlx_core::query::query_with_result(
                    sql,
                    Err(e),
                )));
            }
        };
        let sql = query.sql();
        match inline.fetch(sql.as_str(), &args.values.0, limit) {
            Ok(rows) => Answered::Here(rows),
            Err(_) => Answered::Pool(Either::Right(sqlx::query_with(sql, args))),
        }
    }
}

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
        match self.try_inline(query, None) {
            Answered::Here(rows) => {
                futures_util::stream::iter(rows.into_iter().map(|r| Ok(Either::Right(r)))).boxed()
            }
            Answered::Pool(Either::Left(query)) => (&self.pool).fetch_many(query),
            Answered::Pool(Either::Right(query)) => (&self.pool).fetch_many(query),
        }
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> BoxFuture<'e, Result<Option<<Any as Database>::Row>, Error>>
    where
        'p: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match self.try_inline(query, Some(1)) {
            Answered::Here(rows) => {
                futures_util::future::ready(Ok(rows.into_iter().next())).boxed()
            }
            Answered::Pool(Either::Left(query)) => (&self.pool).fetch_optional(query),
            Answered::Pool(Either::Right(query)) => (&self.pool).fetch_optional(query),
        }
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [<Any as Database>::TypeInfo],
    ) -> BoxFuture<'e, Result<<Any as Database>::Statement, Error>>
    where
        'p: 'e,
    {
        (&self.pool).prepare_with(sql, parameters)
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<Describe<Any>, Error>>
    where
        'p: 'e,
    {
        (&self.pool).describe(sql)
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
            ReadOn::Reads(r) => r.fetch_many(query),
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
            ReadOn::Reads(r) => r.fetch_optional(query),
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
            ReadOn::Reads(r) => (&r.pool).prepare_with(sql, parameters),
            ReadOn::Connection(c) => (&mut **c).prepare_with(sql, parameters),
        }
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<Describe<Any>, Error>>
    where
        'c: 'e,
    {
        match self {
            ReadOn::Reads(r) => (&r.pool).describe(sql),
            ReadOn::Connection(c) => (&mut **c).describe(sql),
        }
    }
}
