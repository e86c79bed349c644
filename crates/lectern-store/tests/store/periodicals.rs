//! The periodicals listing's columns: a series stored before its languages were a column gets
//! them from its record when the store is migrated.

use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, unmigrated};

on_both_stores!(series_stored_before_the_language_column_get_theirs);

/// The last migration before `periodical_series.language_keys`.
const BEFORE_LANGUAGE_KEYS: i64 = 21;

async fn series_stored_before_the_language_column_get_theirs(backend: Backend) {
    let t = unmigrated(backend).await;
    t.store.migrate_to(BEFORE_LANGUAGE_KEYS).await.unwrap();
    let mut tx = t.store.begin().await.unwrap();
    sqlx::query("INSERT INTO sites (id, name, created_at) VALUES ('lib', 'The Library', 0)")
        .execute(&mut *tx)
        .await
        .unwrap();
    for (id, languages) in [("two", r#"["eng","fre"]"#), ("none", "[]")] {
        sqlx::query(
            "INSERT INTO periodical_series (series_id, site_id, title_key, edition_count, record)
             VALUES ($1, 'lib', $1, 0, $2)",
        )
        .bind(id)
        .bind(format!(r#"{{"seriesId":"{id}","languages":{languages}}}"#))
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    t.store.migrate().await.unwrap();
    let keys: Vec<(String, String)> =
        sqlx::query_as("SELECT series_id, language_keys FROM periodical_series ORDER BY series_id")
            .fetch_all(t.store.reads())
            .await
            .unwrap();
    assert_eq!(
        keys,
        [
            ("none".to_owned(), String::new()),
            ("two".to_owned(), ",eng,fre,".to_owned())
        ]
    );
}
