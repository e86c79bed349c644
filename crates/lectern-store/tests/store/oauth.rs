use lectern_domain::Timestamp;
use lectern_domain::secret::token_hash;
use lectern_store::fixture::{self, FixtureFile};
use lectern_store::oauth::{self, NewToken, Refreshed};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};

on_both_stores!(
    a_refresh_token_is_spent_once_even_under_a_race,
    a_spent_refresh_token_is_spent_again_only_by_its_client_within_the_grace,
);

const WORLD: &str = r#"{
  "sites": [{ "id": "lib", "name": "Lib" }],
  "clients": [{ "apiKey": "app-key-0001", "name": "App", "site": "lib" },
              { "apiKey": "app-key-0002", "name": "Other", "site": "lib" }],
  "users": [{ "userAccountId": "u1", "userName": "u1@example.org", "site": "lib", "roles": ["individualMember"], "firstName": "U", "lastName": "One" }]
}"#;

/// A store with one refresh token of `app-key-0001`, and its hash.
async fn one_refresh_token(backend: Backend) -> (lectern_store::testing::TestStore, String) {
    let t = fresh(backend).await;
    fixture::load(&t.store, FixtureFile::parse(WORLD).unwrap())
        .await
        .unwrap();
    let hash = token_hash("the-refresh-token");
    let row = NewToken {
        hash: &hash,
        grant_id: "g1",
        user_account_id: "u1",
        api_key: "app-key-0001",
        expires_at: Timestamp::now().plus_seconds(60),
    };
    oauth::insert_refresh_token(&mut t.store.writer().await.expect("a writer"), &row)
        .await
        .unwrap();
    (t, hash)
}

async fn redeem(
    t: &lectern_store::testing::TestStore,
    hash: &str,
    api_key: &str,
    retry_from: Timestamp,
) -> Refreshed {
    let mut tx = t.store.begin().await.unwrap();
    let outcome = oauth::redeem_refresh_token(
        &mut tx,
        hash,
        api_key,
        Timestamp::now(),
        retry_from,
        "sealed",
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    outcome
}

async fn a_spent_refresh_token_is_spent_again_only_by_its_client_within_the_grace(
    backend: Backend,
) {
    let (t, hash) = one_refresh_token(backend).await;
    let grace = Timestamp::now().plus_seconds(-30);
    assert!(matches!(
        redeem(&t, &hash, "app-key-0001", grace).await,
        Refreshed::Fresh(..)
    ));
    // Its client again, within the grace: a retry.
    assert!(matches!(
        redeem(&t, &hash, "app-key-0001", grace).await,
        Refreshed::Retried(..)
    ));
    // Past the grace (it began after the token was spent): a replay, and the grant is revoked.
    let past = Timestamp::now().plus_seconds(1);
    assert!(matches!(
        redeem(&t, &hash, "app-key-0001", past).await,
        Refreshed::Replayed
    ));
    assert!(matches!(
        redeem(&t, &hash, "app-key-0001", grace).await,
        Refreshed::Replayed
    ));

    // Another client, within the grace: a replay.
    let (t, hash) = one_refresh_token(backend).await;
    assert!(matches!(
        redeem(&t, &hash, "app-key-0001", grace).await,
        Refreshed::Fresh(..)
    ));
    assert!(matches!(
        redeem(&t, &hash, "app-key-0002", grace).await,
        Refreshed::Replayed
    ));
    assert!(matches!(
        redeem(&t, &hash, "app-key-0001", grace).await,
        Refreshed::Replayed
    ));
}

async fn a_refresh_token_is_spent_once_even_under_a_race(backend: Backend) {
    let (t, hash) = one_refresh_token(backend).await;
    // No grace for retries here: only the spending itself is raced.
    let no_grace = Timestamp::now().plus_seconds(3600);

    let attempts = (0..8).map(|_| {
        let store = t.store.clone();
        let hash = hash.clone();
        tokio::spawn(async move {
            let mut tx = store.begin().await.unwrap();
            let now = Timestamp::now();
            let outcome = oauth::redeem_refresh_token(
                &mut tx,
                &hash,
                "app-key-0001",
                now,
                no_grace,
                "sealed",
            )
            .await
            .unwrap();
            tx.commit().await.unwrap();
            matches!(outcome, Refreshed::Fresh(..))
        })
    });
    let mut fresh_count = 0;
    for a in attempts {
        fresh_count += usize::from(a.await.unwrap());
    }
    assert_eq!(fresh_count, 1, "exactly one redemption may succeed");
}
