//! What differs between SQLite and PostgreSQL, and nothing else: how a unique-constraint
//! violation is recognised, how job claims skip locked rows, and how bulk writes go fastest.

/// Whether an error is a unique-constraint violation, on either engine.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(db) => {
            // PostgreSQL: SQLSTATE 23505; SQLite: extended code 2067 (or 1555 for a primary key).
            matches!(db.code().as_deref(), Some("23505" | "2067" | "1555"))
        }
        _ => false,
    }
}

/// Whether an error is a foreign-key violation: a row names another that does not exist.
pub fn is_foreign_key_violation(err: &sqlx::Error) -> bool {
    match err {
        // PostgreSQL: SQLSTATE 23503; SQLite: extended code 787.
        sqlx::Error::Database(db) => matches!(db.code().as_deref(), Some("23503" | "787")),
        _ => false,
    }
}

/// Whether the store is busy or closing rather than wrong: a retry later may succeed. SQLite says
/// busy or locked when its one writer's lock outlasts the busy timeout; PostgreSQL may cancel a
/// statement or refuse connections while shutting down; a pool may have no connection to give.
pub fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => matches!(
            db.code().as_deref(),
            Some("5" | "6" | "517" | "57014" | "57P01" | "57P02" | "57P03" | "53300")
        ),
        _ => false,
    }
}

/// The clause that lets concurrent job claimers pass over rows another has locked. PostgreSQL
/// needs it; SQLite has one writer at a time, so a claim there is atomic without it.
pub fn skip_locked(backend: crate::Backend) -> &'static str {
    match backend {
        crate::Backend::Postgres => "FOR UPDATE SKIP LOCKED",
        crate::Backend::Sqlite => "",
    }
}

/// The `n`th parameter (from 1) of a statement of many rows. SQLite's driver looks each numbered
/// parameter (`$n`) up by name, in time that grows with the parameters before it, so a statement
/// of many rows binds in the square of its length; anonymous `?` parameters bind in order at no
/// cost. PostgreSQL accepts only `$n`.
pub fn bulk_parameter(backend: crate::Backend, n: usize) -> std::borrow::Cow<'static, str> {
    match backend {
        crate::Backend::Sqlite => "?".into(),
        crate::Backend::Postgres => format!("${n}").into(),
    }
}
