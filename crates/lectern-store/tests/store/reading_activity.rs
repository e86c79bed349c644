//! Reading events written together: they share a commit, each moves its own reader's position
//! to its latest event, and one that cannot be written fails alone.

use std::collections::HashMap;

use futures_util::future::join_all;
use lectern_domain::reading::ReadingEvent;
use lectern_store::on_both_stores;
use lectern_store::reading_activity;
use lectern_store::testing::{Backend, fresh};

use crate::recommendations::{add_readers, event, exec, pairs};

on_both_stores!(events_written_together_share_a_commit_and_fail_alone);

async fn events_written_together_share_a_commit_and_fail_alone(backend: Backend) {
    let t = fresh(backend).await;
    exec(
        &t,
        "INSERT INTO sites (id, name, created_at) VALUES ('lib', 'The Library', 0)",
    )
    .await;
    let readers: Vec<String> = (0..4).map(|i| format!("r{i}")).collect();
    add_readers(&t, readers.clone()).await;
    // 200 events of 4 readers in 2 titles, their times out of order.
    let events: Vec<(String, ReadingEvent)> = (0..200_i64)
        .map(|i| {
            let at = 1_000 + (i * 37) % 200;
            let title = if (i / 4) % 2 == 0 { "t1" } else { "t2" };
            let mut e = event(title, at);
            e.location = format!("epubcfi(/6/{at})");
            (readers[(i % 4) as usize].clone(), e)
        })
        .collect();
    let outcomes = join_all(
        events
            .iter()
            .map(|(r, e)| reading_activity::record(&t.store, r, e)),
    )
    .await;
    assert!(outcomes.iter().all(Result::is_ok), "{outcomes:?}");
    assert!(
        t.store.largest_reading_event_group() > 1,
        "events written at once shared no commit"
    );
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reading_events")
        .fetch_one(t.store.reads())
        .await
        .unwrap();
    assert_eq!(stored, 200);
    // Each position is at its latest event and was first read at its earliest.
    let mut expected: HashMap<(String, String), (i64, i64)> = HashMap::new();
    for (r, e) in &events {
        let at = e.at.unix();
        let span = expected
            .entry((r.clone(), e.service_id.clone()))
            .or_insert((at, at));
        *span = (span.0.min(at), span.1.max(at));
    }
    let positions: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT user_account_id, service_id, location, date_added FROM reading_positions",
    )
    .fetch_all(t.store.reads())
    .await
    .unwrap();
    assert_eq!(positions.len(), expected.len());
    for (r, s, location, first) in positions {
        let (earliest, latest) = expected[&(r.clone(), s.clone())];
        assert_eq!(location, format!("epubcfi(/6/{latest})"), "{r} in {s}");
        assert_eq!(first, earliest, "{r} in {s}");
    }
    let mut readers_of: Vec<(String, String, i64)> = expected
        .iter()
        .map(|((r, s), (earliest, _))| (s.clone(), r.clone(), *earliest))
        .collect();
    readers_of.sort();
    assert_eq!(pairs(&t).await, readers_of);
    // A reader who is not there, among others: that event fails, and only that one.
    let late = event("t1", 5_000);
    let mut writes: Vec<_> = (0..3)
        .map(|_| reading_activity::record(&t.store, &readers[0], &late))
        .collect();
    writes.insert(1, reading_activity::record(&t.store, "nobody", &late));
    let outcomes = join_all(writes).await;
    for (i, outcome) in outcomes.iter().enumerate() {
        assert_eq!(outcome.is_err(), i == 1, "write {i}: {outcome:?}");
    }
    let late_ones: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM reading_events WHERE occurred_at = 5000")
            .fetch_one(t.store.reads())
            .await
            .unwrap();
    assert_eq!(late_ones, 3);
}
