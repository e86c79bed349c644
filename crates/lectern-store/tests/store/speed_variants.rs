use lectern_domain::Timestamp;
use lectern_domain::catalog::PlaybackSpeed;
use lectern_store::on_both_stores;
use lectern_store::queue;
use lectern_store::speed_variants::{self, MAX_ATTEMPTS, VariantStatus};
use lectern_store::testing::{Backend, fresh};

on_both_stores!(
    a_speed_variant_is_made_once_per_version_of_its_file,
    a_speed_variant_is_tried_again_then_given_up,
    a_replaced_files_variants_are_superseded,
    a_renewed_claim_stays_with_its_worker_and_a_lapsed_one_moves,
);

fn speed(s: &str) -> PlaybackSpeed {
    s.parse().unwrap()
}

async fn a_speed_variant_is_made_once_per_version_of_its_file(backend: Backend) {
    let t = fresh(backend).await;
    let now = Timestamp::from_unix(1_800_000_000);
    let stale = now.plus_seconds(-300);
    let first = speed_variants::request(&t.store, "a/t1.mp3", 7, speed("1.5"), now)
        .await
        .unwrap();
    assert_eq!(first.status, VariantStatus::Queued);
    // Asking again, or for another speed, or for a replaced file, are one, two and three jobs.
    for (version, s) in [(7, "1.5"), (7, "2"), (8, "1.5")] {
        speed_variants::request(&t.store, "a/t1.mp3", version, speed(s), now)
            .await
            .unwrap();
    }
    let mut claimed = Vec::new();
    while let Some((v, _)) = speed_variants::claim(&t.store, now, stale).await.unwrap() {
        assert_eq!((v.status, v.attempts), (VariantStatus::Making, 1));
        claimed.push((v.source_version, v.speed.hundredths()));
        speed_variants::mark_ready(&t.store, &v, &format!("made/{}", claimed.len()), now)
            .await
            .unwrap();
    }
    claimed.sort();
    assert_eq!(claimed, [(7, 150), (7, 200), (8, 150)]);
    let again = speed_variants::request(&t.store, "a/t1.mp3", 7, speed("1.50"), now)
        .await
        .unwrap();
    assert_eq!(again.status, VariantStatus::Ready);
    assert!(again.object_key.unwrap().starts_with("made/"));
}

async fn a_speed_variant_is_tried_again_then_given_up(backend: Backend) {
    let t = fresh(backend).await;
    let now = Timestamp::from_unix(1_800_000_000);
    speed_variants::request(&t.store, "a/t2.mp3", 1, speed("3.5"), now)
        .await
        .unwrap();
    let mut at = now;
    for attempt in 1..=MAX_ATTEMPTS {
        let v = speed_variants::claim(&t.store, at, at.plus_seconds(-300))
            .await
            .unwrap()
            .unwrap()
            .0;
        assert_eq!(v.attempts, attempt);
        speed_variants::retry_later(&t.store, &v, "the file store timed out")
            .await
            .unwrap();
        // Not tried again until the claim is stale.
        let soon = at.plus_seconds(299);
        assert!(
            speed_variants::claim(&t.store, soon, soon.plus_seconds(-300))
                .await
                .unwrap()
                .is_none()
        );
        at = at.plus_seconds(301);
    }
    assert!(
        speed_variants::claim(&t.store, at, at.plus_seconds(-300))
            .await
            .unwrap()
            .is_none()
    );
    let given_up = speed_variants::request(&t.store, "a/t2.mp3", 1, speed("3.5"), now)
        .await
        .unwrap();
    assert_eq!(given_up.status, VariantStatus::Failed);
    assert_eq!(
        given_up.error.as_deref(),
        Some("gave up after 3 attempts: the file store timed out")
    );

    // A worker that stopped while making one leaves it to be claimed again once it is stale.
    speed_variants::request(&t.store, "a/t3.mp3", 1, speed("2"), now)
        .await
        .unwrap();
    let left = speed_variants::claim(&t.store, now, now.plus_seconds(-300))
        .await
        .unwrap()
        .unwrap()
        .0;
    let later = now.plus_seconds(301);
    let again = speed_variants::claim(&t.store, later, later.plus_seconds(-300))
        .await
        .unwrap()
        .unwrap()
        .0;
    assert_eq!((again.source_key, again.attempts), (left.source_key, 2));
}

async fn a_replaced_files_variants_are_superseded(backend: Backend) {
    let t = fresh(backend).await;
    let now = Timestamp::from_unix(1_800_000_000);
    for (key, version, s) in [
        ("a/t1.mp3", 1, "2"),
        ("a/t1.mp3", 1, "1.5"),
        ("a/t1.mp3", 2, "2"),
        ("a/t1.mp3", 3, "2"),
        ("a/other.mp3", 1, "2"),
    ] {
        speed_variants::request(&t.store, key, version, speed(s), now)
            .await
            .unwrap();
    }
    // The oldest job, by file name among equals, is being made: it is left to its worker.
    let making = speed_variants::claim(&t.store, now, now.plus_seconds(-300))
        .await
        .unwrap()
        .unwrap()
        .0;
    assert_eq!(making.source_key, "a/other.mp3");
    assert!(
        speed_variants::superseded(&t.store, "a/other.mp3", 2)
            .await
            .unwrap()
            .is_empty()
    );

    let old = speed_variants::superseded(&t.store, "a/t1.mp3", 3)
        .await
        .unwrap();
    let found: Vec<(i64, u16)> = old
        .iter()
        .map(|v| (v.source_version, v.speed.hundredths()))
        .collect();
    assert_eq!(found, [(1, 150), (1, 200), (2, 200)]);
    for v in &old {
        speed_variants::forget(&t.store, v).await.unwrap();
    }
    assert!(
        speed_variants::superseded(&t.store, "a/t1.mp3", 3)
            .await
            .unwrap()
            .is_empty()
    );
    // The current version is kept.
    let kept = speed_variants::request(&t.store, "a/t1.mp3", 3, speed("2"), now)
        .await
        .unwrap();
    assert_eq!(kept.status, VariantStatus::Queued);
}

/// The job queues share one claim; a speed change stands for all of them here.
async fn a_renewed_claim_stays_with_its_worker_and_a_lapsed_one_moves(backend: Backend) {
    let t = fresh(backend).await;
    let lease = 10;
    let now = Timestamp::from_unix(1_800_000_000);
    let claim = |at: Timestamp| speed_variants::claim(&t.store, at, at.plus_seconds(-lease));
    speed_variants::request(&t.store, "a/t1.mp3", 1, speed("2"), now)
        .await
        .unwrap();
    let (_, first) = claim(now).await.unwrap().unwrap();
    // Renewed before the lease ran out, the job is not another worker's to take.
    assert!(
        queue::renew(&t.store, &first, now.plus_seconds(8))
            .await
            .unwrap()
    );
    assert!(claim(now.plus_seconds(15)).await.unwrap().is_none());
    // Silent for longer than the lease, it is taken up, and the first claim cannot be renewed.
    let later = now.plus_seconds(19);
    let (taken, second) = claim(later).await.unwrap().unwrap();
    assert_eq!(taken.attempts, 2);
    assert!(!queue::renew(&t.store, &first, later).await.unwrap());
    assert!(queue::renew(&t.store, &second, later).await.unwrap());
    // A finished job has nothing to renew.
    speed_variants::mark_ready(&t.store, &taken, "made/1", later)
        .await
        .unwrap();
    assert!(!queue::renew(&t.store, &second, later).await.unwrap());
}
