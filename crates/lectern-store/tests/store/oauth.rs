use lectern_domain::Timestamp;
use lectern_domain::secret::token_hash;
use lectern_store::fixture::{self, FixtureFile};
use lectern_store::oauth::{self, NewToken, Redeemed};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};

on_both_stores!(a_refresh_token_is_spent_once_even_under_a_race);

const WORLD: &str = r#"{
  "sites": [{ "id": "lib", "name": "Lib" }],
  "clients": [{ "apiKey": "app-key-0001", "name": "App", "site": "lib" }],
  "users": [{ "userAccountId": "u1", "userName": "u1@example.org", "site": "lib", "roles": ["individualMember"], "firstName": "U", "lastName": "One" }]
}"#;

async fn a_refresh_token_is_spent_once_even_under_a_race(backend: Backend) {
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
    oauth::insert_refresh_token(t.store.pool(), &row)
        .await
        .unwrap();

    let attempts = (0..8).map(|_| {
        let store = t.store.clone();
        let hash = hash.clone();
        tokio::spawn(async move {
            let mut tx = store.begin().await.unwrap();
            let outcome = oauth::redeem_refresh_token(&mut tx, &hash, Timestamp::now())
                .await
                .unwrap();
            tx.commit().await.unwrap();
            matches!(outcome, Redeemed::Fresh(_))
        })
    });
    let mut fresh_count = 0;
    for a in attempts {
        fresh_count += usize::from(a.await.unwrap());
    }
    assert_eq!(fresh_count, 1, "exactly one redemption may succeed");
}
