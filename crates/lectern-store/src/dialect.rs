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
