//! Writers on one node: on SQLite they wait for their turn holding no connection, so reads go on
//! while they wait; on PostgreSQL, which locks rows, writers of other rows go on at once.

use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};

on_both_stores!(reads_go_on_while_writers_wait_their_turn);

/// More writers than the pool has connections (32 on SQLite, 16 on PostgreSQL).
const WRITERS: usize = 40;

/// Forty writers queue behind a transaction that holds SQLite's write lock. Before the turns,
/// each waited inside SQLite (`busy_timeout`) holding a connection: the pool ran dry and the read
/// below waited for one until the pool gave up. Now the read is answered while they wait, and
/// every writer writes once the transaction ends.
async fn reads_go_on_while_writers_wait_their_turn(backend: Backend) {
    let t = fresh(backend).await;
    let store = t.store.clone();
    let mut first = store.begin().await.unwrap();
    lock_key(&mut first, "first").await;
    let writers: Vec<_> = (0..WRITERS)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut writer = store.writer().await.unwrap();
                lock_key(&mut writer, &format!("writer-{i}")).await;
            })
        })
        .collect();
    // Long enough for every writer to be waiting (SQLite) or done (PostgreSQL); nothing is timed.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    store
        .ping()
        .await
        .expect("a read while the writers wait for their turn");
    first.commit().await.unwrap();
    for w in writers {
        w.await.unwrap();
    }
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM request_locks")
        .fetch_one(store.reads())
        .await
        .unwrap();
    assert_eq!(rows, WRITERS as i64 + 1);
}

/// A write: a row of `request_locks`, the table with the fewest columns.
async fn lock_key(conn: &mut lectern_store::Connection, key: &str) {
    sqlx::query("INSERT INTO request_locks (lock_key, touched_at) VALUES ($1, 0)")
        .bind(key)
        .execute(conn)
        .await
        .unwrap();
}
