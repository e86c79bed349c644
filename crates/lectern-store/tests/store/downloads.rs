//! The download queue's lanes: audio packages, which may first be narrated for minutes, are
//! claimed apart from the rest, so a reader waiting for braille is never behind a narration;
//! and within a lane, readers take turns.

use lectern_domain::Timestamp;
use lectern_store::downloads::{self, PackageKind, SubjectKind};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};

on_both_stores!(
    audio_packages_are_claimed_apart_from_the_rest,
    narrations_are_made_round_robin_between_readers,
);

async fn audio_packages_are_claimed_apart_from_the_rest(backend: Backend) {
    let t = fresh(backend).await;
    let now = Timestamp::from_unix(1_800_000_000);
    let stale = now.plus_seconds(-300);
    // The audio packages first in the queue, the braille after them.
    for (i, format) in ["DAISY_AUDIO", "DAISY_2_AUDIO", "BRF"].iter().enumerate() {
        downloads::enqueue(
            &mut t.store.writer().await.unwrap(),
            None,
            "guest",
            SubjectKind::Title,
            "t1",
            format,
            now.plus_seconds(i as i64),
        )
        .await
        .unwrap();
    }
    let claim = |kind| downloads::claim(&t.store, kind, now, stale);
    let (first, _) = claim(PackageKind::Other).await.unwrap().unwrap();
    assert_eq!(first.format, "BRF");
    assert!(claim(PackageKind::Other).await.unwrap().is_none());
    let mut audio = Vec::new();
    while let Some((d, _)) = claim(PackageKind::Audio).await.unwrap() {
        audio.push(d.format);
    }
    assert_eq!(audio, ["DAISY_AUDIO", "DAISY_2_AUDIO"]);
}

/// Four readers queue three narrations each, then a fifth queues one: the fifth's is made fifth,
/// not thirteenth, and the claims follow the order the 202's estimate reckons with.
async fn narrations_are_made_round_robin_between_readers(backend: Backend) {
    let t = fresh(backend).await;
    let now = Timestamp::from_unix(1_800_000_000);
    let stale = now.plus_seconds(-300);
    let mut at = 0;
    let mut queue = |reader: &'static str, title: &'static str| {
        at += 1;
        let store = t.store.clone();
        async move {
            downloads::enqueue(
                &mut store.writer().await.unwrap(),
                None,
                reader,
                SubjectKind::Title,
                title,
                "DAISY_AUDIO",
                now.plus_seconds(at),
            )
            .await
            .unwrap()
        }
    };
    for reader in ["r1", "r2", "r3", "r4"] {
        for title in ["t1", "t2", "t3"] {
            queue(reader, title).await;
        }
    }
    queue("r5", "t1").await;
    let reckoned: Vec<String> = downloads::fair_order(
        downloads::waiting(t.store.reads(), PackageKind::Audio)
            .await
            .unwrap(),
    )
    .into_iter()
    .map(|w| w.download_id)
    .collect();
    let mut claimed = Vec::new();
    while let Some((d, _)) = downloads::claim(&t.store, PackageKind::Audio, now, stale)
        .await
        .unwrap()
    {
        claimed.push(d);
    }
    let readers: Vec<&str> = claimed.iter().map(|d| d.requester.as_str()).collect();
    assert_eq!(
        readers,
        [
            "r1", "r2", "r3", "r4", "r5", "r1", "r2", "r3", "r4", "r1", "r2", "r3", "r4"
        ]
    );
    let ids: Vec<String> = claimed.into_iter().map(|d| d.download_id).collect();
    assert_eq!(ids, reckoned, "the estimate's order is the claims' order");
}
