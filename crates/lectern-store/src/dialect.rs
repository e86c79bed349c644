//! What differs between SQLite and PostgreSQL, and nothing else. Today that is only how a
//! unique-constraint violation is recognised, and how job claims skip locked rows.

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

/// Settings for a connection about to write a great many rows in long transactions. SQLite's
/// page cache (2 MB by default) is then too small to hold a transaction's pages, and it spills
/// them to the log before the commit, writing most pages twice.
/// The connection keeps them until it closes.
pub async fn prepare_bulk_writes(
    tx: &mut crate::Transaction,
    backend: crate::Backend,
) -> Result<(), crate::StoreError> {
    if backend == crate::Backend::Sqlite {
        sqlx::query("PRAGMA cache_size = -262144")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
