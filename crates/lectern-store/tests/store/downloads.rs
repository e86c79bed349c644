//! The download queue's lanes: audio packages, which may first be narrated for minutes, are
//! claimed apart from the rest, so a reader waiting for braille is never behind a narration.

use lectern_domain::Timestamp;
use lectern_store::downloads::{self, PackageKind, SubjectKind};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};

on_both_stores!(audio_packages_are_claimed_apart_from_the_rest);

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
