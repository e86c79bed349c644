//! Reads on SQLite answered on the calling thread (`inline_reads`): the same rows and types as the
//! read pool gives, a long read handed on to the pool and still answered, and a write refused.

use lectern_store::testing::{Backend, fresh};
use sqlx::Row;

/// A quick read is answered here, with the values sqlx's driver would give: integers, reals,
/// text, blobs and nulls, bound parameters of each kind, and `fetch_optional` stopping at one.
#[tokio::test]
async fn quick_reads_are_answered_on_the_calling_thread_with_the_pools_values() {
    let t = fresh(Backend::Sqlite).await;
    let store = &t.store;
    let before = store.inline_read_counts().expect("SQLite reads inline");
    let row = sqlx::query(
        "SELECT $1 AS n, $2 AS r, $3 AS t, $4 AS b, NULL AS absent, $5 AS flag, $6 AS small",
    )
    .bind(7_i64)
    .bind(2.5_f64)
    .bind("tête")
    .bind(vec![0_u8, 255])
    .bind(true)
    .bind(3_i32)
    .fetch_one(store.reads())
    .await
    .unwrap();
    assert_eq!(row.get::<i64, _>("n"), 7);
    assert_eq!(row.get::<f64, _>("r"), 2.5);
    assert_eq!(row.get::<String, _>("t"), "tête");
    assert_eq!(row.get::<Vec<u8>, _>("b"), vec![0, 255]);
    assert_eq!(row.get::<Option<String>, _>("absent"), None);
    assert_eq!(row.get::<i64, _>("flag"), 1);
    assert_eq!(row.get::<i32, _>("small"), 3);
    let many: Vec<i64> = sqlx::query_scalar(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n",
    )
    .fetch_all(store.reads())
    .await
    .unwrap();
    assert_eq!(many, [1, 2, 3, 4, 5]);
    let first: Option<i64> = sqlx::query_scalar("SELECT 1 UNION ALL SELECT 2")
        .fetch_optional(store.reads())
        .await
        .unwrap();
    assert_eq!(first, Some(1));
    // Bound by the number in the name, wherever and however often it appears.
    let (second, first_twice): (String, i64) = sqlx::query_as("SELECT $2, $1 + $1")
        .bind(20_i64)
        .bind("two")
        .fetch_one(store.reads())
        .await
        .unwrap();
    assert_eq!((second.as_str(), first_twice), ("two", 40));
    let after = store.inline_read_counts().unwrap();
    assert_eq!(after.0 - before.0, 4, "each quick read answered here");
    assert_eq!(after.1, before.1, "none handed on");
}

/// A read longer than the budget is stopped here and answered by the pool, whole.
#[tokio::test]
async fn a_long_read_is_handed_to_the_pool_and_answered() {
    let t = fresh(Backend::Sqlite).await;
    let store = &t.store;
    let before = store.inline_read_counts().unwrap();
    let total: i64 = sqlx::query_scalar(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) \
         SELECT SUM(i) FROM n",
    )
    .fetch_one(store.reads())
    .await
    .unwrap();
    assert_eq!(total, 2_000_000 * 2_000_001 / 2);
    let after = store.inline_read_counts().unwrap();
    assert_eq!(after.1 - before.1, 1, "handed on to the pool");
}

/// The calling thread's connections refuse to write, as the pool's do; the write is then the
/// pool's to refuse, with SQLite's error.
#[tokio::test]
async fn a_write_through_the_read_handle_is_refused() {
    let t = fresh(Backend::Sqlite).await;
    let refused = sqlx::query(
        "INSERT INTO request_locks (lock_key, touched_at) VALUES ('x', 0) RETURNING lock_key",
    )
    .fetch_optional(t.store.reads())
    .await;
    assert!(refused.is_err(), "a write went through the read handle");
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM request_locks")
        .fetch_one(t.store.reads())
        .await
        .unwrap();
    assert_eq!(rows, 0);
}
