//! Who read what, once per reader and title: filled from the events and downloads a store held
//! before (the migration), kept by each new event, and read back capped and counted.
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{MetricType, ReadingEvent};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, TestStore, fresh, unmigrated};
use lectern_store::{reading_activity, recommendations};

on_both_stores!(
    title_readers_are_filled_from_earlier_events_and_downloads,
    each_event_keeps_its_reader_once_with_the_earliest_time,
    a_titles_readers_are_weighed_most_recent_first_and_capped,
);

/// The last migration before `title_readers`.
const BEFORE_TITLE_READERS: i64 = 15;

pub(crate) async fn exec(t: &TestStore, sql: &str) {
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .execute(&mut *t.store.writer().await.expect("a writer"))
        .await
        .unwrap();
}

pub(crate) async fn add_readers(t: &TestStore, ids: impl IntoIterator<Item = String>) {
    for id in ids {
        exec(
            t,
            &format!(
                "INSERT INTO users (user_account_id, user_name, user_name_key, site_id, roles, \
                 first_name, last_name, created_at) VALUES ('{id}', '{id}', '{id}', 'lib', \
                 'individualMember', 'A', 'Reader', 0)"
            ),
        )
        .await;
    }
}

pub(crate) async fn pairs(t: &TestStore) -> Vec<(String, String, i64)> {
    sqlx::query_as(
        "SELECT service_id, user_account_id, since FROM title_readers \
         ORDER BY service_id, user_account_id",
    )
    .fetch_all(t.store.reads())
    .await
    .unwrap()
}

pub(crate) fn event(service_id: &str, at: i64) -> ReadingEvent {
    ReadingEvent {
        service_id: service_id.to_owned(),
        format: Format::Epub3,
        location: "epubcfi(/6/2)".to_owned(),
        location_description: None,
        metric: 1,
        metric_type: MetricType::Page,
        at: Timestamp::from_unix(at),
    }
}

fn owned(rows: &[(&str, &str, i64)]) -> Vec<(String, String, i64)> {
    rows.iter()
        .map(|(s, u, at)| ((*s).to_owned(), (*u).to_owned(), *at))
        .collect()
}

async fn title_readers_are_filled_from_earlier_events_and_downloads(backend: Backend) {
    let t = unmigrated(backend).await;
    t.store.migrate_to(BEFORE_TITLE_READERS).await.unwrap();
    exec(
        &t,
        "INSERT INTO sites (id, name, created_at) VALUES ('lib', 'The Library', 0)",
    )
    .await;
    add_readers(&t, ["ann".to_owned(), "bo".to_owned()]).await;
    for (id, user, title, at) in [
        ("e1", "ann", "t1", 30),
        ("e2", "ann", "t1", 10),
        ("e3", "bo", "t2", 5),
    ] {
        exec(
            &t,
            &format!(
                "INSERT INTO reading_events (event_id, user_account_id, service_id, format, \
                 location, metric, metric_type, occurred_at) \
                 VALUES ('{id}', '{user}', '{title}', 'EPUB3', 'x', 1, 'page', {at})"
            ),
        )
        .await;
    }
    // A title downloaded, one already read earlier, and a guest's download (no reader).
    for (id, user, title, at) in [
        ("d1", "'bo'", "t1", 20),
        ("d2", "'bo'", "t2", 1),
        ("d3", "NULL", "t3", 2),
    ] {
        exec(
            &t,
            &format!(
                "INSERT INTO downloads (download_id, user_account_id, requester, subject_kind, \
                 subject, format, status, created_at) \
                 VALUES ('{id}', {user}, 'r', 'title', '{title}', 'EPUB3', 'ready', {at})"
            ),
        )
        .await;
    }
    t.store.migrate().await.unwrap();
    assert_eq!(
        pairs(&t).await,
        owned(&[("t1", "ann", 10), ("t1", "bo", 20), ("t2", "bo", 1)])
    );
}

async fn each_event_keeps_its_reader_once_with_the_earliest_time(backend: Backend) {
    let t = fresh(backend).await;
    exec(
        &t,
        "INSERT INTO sites (id, name, created_at) VALUES ('lib', 'The Library', 0)",
    )
    .await;
    add_readers(&t, ["ann".to_owned()]).await;
    for at in [50, 70, 40, 60] {
        reading_activity::record(&t.store, "ann", &event("t1", at))
            .await
            .unwrap();
    }
    assert_eq!(pairs(&t).await, owned(&[("t1", "ann", 40)]));
    // A position in another format starts later, then earlier, than the title's first read.
    let in_braille = |at| ReadingEvent {
        format: Format::Brf,
        ..event("t1", at)
    };
    reading_activity::record(&t.store, "ann", &in_braille(45))
        .await
        .unwrap();
    assert_eq!(pairs(&t).await, owned(&[("t1", "ann", 40)]));
    reading_activity::record(&t.store, "ann", &in_braille(30))
        .await
        .unwrap();
    assert_eq!(pairs(&t).await, owned(&[("t1", "ann", 30)]));
    let popular = recommendations::popular(t.store.reads(), 10).await.unwrap();
    assert_eq!(
        popular,
        [("t1".to_owned(), 1)],
        "four events are one reader"
    );
}

async fn a_titles_readers_are_weighed_most_recent_first_and_capped(backend: Backend) {
    let t = fresh(backend).await;
    exec(
        &t,
        "INSERT INTO sites (id, name, created_at) VALUES ('lib', 'The Library', 0)",
    )
    .await;
    let others: Vec<String> = (0..600).map(|i| format!("r{i:03}")).collect();
    add_readers(&t, others.iter().cloned().chain(["me".to_owned()])).await;
    let mut tx = t.store.begin().await.unwrap();
    for (i, reader) in others.iter().enumerate() {
        let at = i64::try_from(i).unwrap();
        recommendations::note_reader(&mut tx, "t1", reader, at)
            .await
            .unwrap();
        if i % 2 == 0 {
            recommendations::note_reader(&mut tx, "t2", reader, at)
                .await
                .unwrap();
        }
    }
    recommendations::note_reader(&mut tx, "t1", "me", 1_000)
        .await
        .unwrap();
    recommendations::note_reader(&mut tx, "t2", "me", 1_000)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let titles = ["t1".to_owned(), "t2".to_owned()];
    let found = recommendations::neighbours(t.store.reads(), "me", &titles, 1_000)
        .await
        .unwrap();
    // t1's 500 most recent readers are r100..r599; t2's 300 readers are all weighed.
    assert_eq!(
        found.len(),
        500 + 50,
        "r100..r599 by t1, and t2's r000..r098 (even)"
    );
    assert!(found.iter().all(|(r, _)| r != "me"));
    let shared = |r: &str| found.iter().find(|(u, _)| u == r).map(|(_, n)| *n);
    assert_eq!((shared("r598"), shared("r599")), (Some(2), Some(1)));
    assert_eq!((shared("r098"), shared("r099")), (Some(1), None));
    assert_eq!(
        found[0],
        ("r100".to_owned(), 2),
        "most shared first, then by id"
    );

    let history = recommendations::history(t.store.reads(), "r599")
        .await
        .unwrap();
    assert_eq!(history, ["t1"]);
    let popular = recommendations::popular(t.store.reads(), 1).await.unwrap();
    assert_eq!(popular, [("t1".to_owned(), 601)]);
}
