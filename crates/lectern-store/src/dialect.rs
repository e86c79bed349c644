//! What differs between SQLite and PostgreSQL, and nothing else. Today that is only how a
//! unique-constraint violation is recognised; job claiming (`SKIP LOCKED`) will join it.

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
