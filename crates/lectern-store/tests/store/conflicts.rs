//! Each unique key a caller's write can collide with is told by its constraint, on both
//! engines: the 409 of every endpoint names its field from `lectern_store::conflicts`.

use lectern_store::conflicts::unique_key;
use lectern_store::fixture::{self, FixtureFile};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};

on_both_stores!(each_known_unique_key_names_its_field);

const WORLD: &str = r#"{
  "sites": [{ "id": "lib", "name": "Lib" }],
  "users": [
    { "userAccountId": "u1", "userName": "u1@example.org", "site": "lib", "roles": ["individualMember"], "firstName": "U", "lastName": "One" },
    { "userAccountId": "u2", "userName": "u2@example.org", "site": "lib", "roles": ["individualMember"], "firstName": "U", "lastName": "Two" }
  ]
}"#;

/// The field a write collides on, once it has been made once (when `twice`).
async fn collision(store: &lectern_store::Store, sql: &str, twice: bool) -> Option<&'static str> {
    let write = || async {
        let mut writer = store.writer().await.expect("a writer");
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&mut *writer)
            .await
    };
    if twice {
        write().await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
    let err = write().await.expect_err("the write collides");
    unique_key(&lectern_store::StoreError::from(err)).map(|k| k.field)
}

async fn each_known_unique_key_names_its_field(backend: Backend) {
    let t = fresh(backend).await;
    fixture::load(&t.store, FixtureFile::parse(WORLD).unwrap())
        .await
        .unwrap();
    let cases = [
        (
            "UPDATE users SET user_name_key =
               (SELECT user_name_key FROM users WHERE user_account_id = 'u1')
             WHERE user_account_id = 'u2'",
            false,
            Some("userName"),
        ),
        (
            "INSERT INTO highlights (user_account_id, service_id, format, location, color,
                                     date_created, date_updated)
             VALUES ('u1', 't1', 'EPUB3', 'here', 'yellow', 0, 0)",
            true,
            Some("location"),
        ),
        (
            "INSERT INTO title_product_identifiers (site_id, product_identifier, service_id)
             VALUES ('lib', 'PID-1', 't1')",
            true,
            Some("productIdentifier"),
        ),
        (
            "INSERT INTO periodical_series (series_id, site_id, title_key, edition_count, record,
                                            language_keys)
             VALUES ('s1', 'lib', 's', 0, '{}', '')",
            true,
            Some("seriesId"),
        ),
        (
            "INSERT INTO periodical_editions (edition_id, series_id, edition_name,
                                              publication_date, record)
             VALUES ('e1', 's1', 'E', 0, '{}')",
            true,
            Some("editionId"),
        ),
        // A key no caller's write can collide with is not named.
        (
            "INSERT INTO server_secrets (name, value) VALUES ('test-secret', 'x')",
            true,
            None,
        ),
    ];
    for (sql, twice, field) in cases {
        assert_eq!(collision(&t.store, sql, twice).await, field, "{sql}");
    }
}
