use lectern_store::fixture::{self, FixtureError, FixtureFile};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};
use lectern_store::{Store, accounts, clients, sites};

on_both_stores!(
    loading_the_same_file_twice_changes_nothing,
    entries_are_upserted_by_identifier,
    bad_entries_are_refused_by_name_and_nothing_is_written,
    a_user_name_taken_by_another_account_is_refused,
    the_documented_example_loads,
);

const FILE: &str = r#"{
  "sites": [{ "id": "lib", "name": "The Library", "global": true }],
  "clients": [{ "apiKey": "app-key-0001", "secret": "a-secret-of-enough-length", "name": "App", "site": "lib",
                "redirectUris": ["https://app.example/cb"], "trusted": true, "privileged": false }],
  "organizations": [{ "organizationId": "org1", "organizationName": "School", "organizationType": "school",
                      "site": "lib", "country": "US" }],
  "users": [
    { "userName": "ann@example.org", "password": "ann-pass-1", "site": "lib", "roles": ["individualMember"],
      "firstName": "Ann", "lastName": "Reader", "dateOfBirth": "2001-02-03", "country": "US" },
    { "userAccountId": "pupil-1", "site": "lib", "roles": ["organizationMember"], "firstName": "No", "lastName": "Name", "organizationId": "org1" }
  ]
}"#;

/// Everything a load writes, as text, to compare two states of the store.
async fn dump(store: &Store) -> Vec<String> {
    let mut rows = Vec::new();
    for table in ["sites", "clients", "organizations", "users"] {
        let n: Vec<(i64,)> =
            sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
                .fetch_all(store.reads())
                .await
                .unwrap();
        rows.push(format!("{table}: {}", n[0].0));
    }
    let users: Vec<(String, Option<String>, Option<String>, String)> =
        sqlx::query_as("SELECT user_account_id, user_name, password_hash, roles FROM users ORDER BY user_account_id")
            .fetch_all(store.reads())
            .await
            .unwrap();
    rows.extend(users.into_iter().map(|u| format!("{u:?}")));
    let secrets: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT api_key, secret_hash FROM clients ORDER BY api_key")
            .fetch_all(store.reads())
            .await
            .unwrap();
    rows.extend(secrets.into_iter().map(|c| format!("{c:?}")));
    rows
}

async fn loading_the_same_file_twice_changes_nothing(backend: Backend) {
    let t = fresh(backend).await;
    let report = fixture::load(&t.store, FixtureFile::parse(FILE).unwrap())
        .await
        .unwrap();
    assert_eq!(
        (
            report.sites,
            report.clients,
            report.organizations,
            report.users
        ),
        (1, 1, 1, 2)
    );
    let first = dump(&t.store).await;
    fixture::load(&t.store, FixtureFile::parse(FILE).unwrap())
        .await
        .unwrap();
    assert_eq!(dump(&t.store).await, first);
    assert!(first.contains(&"users: 2".to_owned()), "{first:?}");
    let client = clients::get(t.store.reads(), "app-key-0001")
        .await
        .unwrap()
        .unwrap();
    assert!(client.secret_hash.unwrap().starts_with("$argon2id$"));
}

async fn entries_are_upserted_by_identifier(backend: Backend) {
    let t = fresh(backend).await;
    fixture::load(&t.store, FixtureFile::parse(FILE).unwrap())
        .await
        .unwrap();
    let ann = accounts::by_identifier(t.store.reads(), "ann@example.org")
        .await
        .unwrap()
        .unwrap();
    let changed = FILE
        .replace("\"The Library\"", "\"The New Library\"")
        .replace("\"Reader\"", "\"Writer\"");
    fixture::load(&t.store, FixtureFile::parse(&changed).unwrap())
        .await
        .unwrap();
    let again = accounts::by_identifier(t.store.reads(), "ANN@example.org")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        again.user_account_id, ann.user_account_id,
        "matched by user name, same account"
    );
    assert_eq!(again.last_name, "Writer");
    assert_eq!(
        sites::get(t.store.reads(), "lib")
            .await
            .unwrap()
            .unwrap()
            .name,
        "The New Library"
    );
}

async fn bad_entries_are_refused_by_name_and_nothing_is_written(backend: Backend) {
    let t = fresh(backend).await;
    let cases = [
        (
            FILE.replace("\"individualMember\"", "\"reader\""),
            "users[0] (ann@example.org): roles: unknown role 'reader'",
        ),
        (
            FILE.replace("ann-pass-1", "short"),
            "users[0] (ann@example.org): password:",
        ),
        (
            FILE.replace("2001-02-03", "2001-02-30"),
            "users[0] (ann@example.org): dateOfBirth:",
        ),
        (
            FILE.replace(
                "\"organizationId\": \"org1\" }",
                "\"organizationId\": \"nope\" }",
            ),
            "users[1] (pupil-1): organizationId: no organization 'nope'",
        ),
        (
            FILE.replace(
                "\"site\": \"lib\", \"roles\": [\"organizationMember\"]",
                "\"site\": \"elsewhere\", \"roles\": [\"organizationMember\"]",
            ),
            "users[1] (pupil-1): site: no site 'elsewhere'",
        ),
        (
            FILE.replace("https://app.example/cb", "not a uri"),
            "clients[0] (app-key-0001): redirectUris: must be an absolute",
        ),
        (
            FILE.replace("\"country\": \"US\" }]", "\"country\": \"usa\" }]"),
            "organizations[0] (org1): country:",
        ),
        (
            FILE.replace("\"id\": \"lib\"", "\"id\": \"has space\""),
            "sites[0] (has space): id:",
        ),
    ];
    for (text, expected) in cases {
        let err = fixture::load(&t.store, FixtureFile::parse(&text).unwrap())
            .await
            .unwrap_err();
        let message = err.to_string();
        assert!(matches!(err, FixtureError::Invalid(_)), "{message}");
        assert!(
            message.contains(expected),
            "expected «{expected}» in:\n{message}"
        );
        assert!(message.contains("nothing was written"));
        assert_eq!(
            dump(&t.store).await[..4],
            ["sites: 0", "clients: 0", "organizations: 0", "users: 0"]
        );
    }
    let text = FILE.replace("\"userAccountId\": \"pupil-1\", ", "");
    let message = fixture::load(&t.store, FixtureFile::parse(&text).unwrap())
        .await
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("users[1] (-): userAccountId: required when there is no userName"),
        "{message}"
    );
    let err = FixtureFile::parse(&FILE.replace(
        "\"firstName\": \"Ann\"",
        "\"firstName\": \"Ann\", \"colour\": \"red\"",
    ))
    .unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("users[0]") && message.contains("colour"),
        "{message}"
    );
}

async fn a_user_name_taken_by_another_account_is_refused(backend: Backend) {
    let t = fresh(backend).await;
    fixture::load(&t.store, FixtureFile::parse(FILE).unwrap())
        .await
        .unwrap();
    let before = dump(&t.store).await;
    let clash = r#"{ "users": [
        { "userName": "bob@example.org", "password": "bob-pass-1", "site": "lib", "roles": ["volunteer"], "firstName": "B", "lastName": "B" },
        { "userAccountId": "someone-else", "userName": "Ann@Example.org", "site": "lib", "roles": ["volunteer"], "firstName": "A", "lastName": "B" } ] }"#;
    let message = fixture::load(&t.store, FixtureFile::parse(clash).unwrap())
        .await
        .unwrap_err()
        .to_string();
    assert!(
        message
            .contains("users[1] (Ann@Example.org): userName: already belongs to another account"),
        "{message}"
    );
    assert_eq!(dump(&t.store).await, before, "bob was not written either");
}

/// The example in docs/fixtures.md is a real fixture: it must load, twice, as the doc says.
async fn the_documented_example_loads(backend: Backend) {
    let doc = include_str!("../../../../docs/fixtures.md");
    let start = doc.find("```json").expect("an example") + "```json".len();
    let example = &doc[start..start + doc[start..].find("```").expect("end of example")];
    let t = fresh(backend).await;
    for _ in 0..2 {
        let report = fixture::load(&t.store, FixtureFile::parse(example).unwrap())
            .await
            .unwrap();
        assert_eq!(
            (
                report.sites,
                report.clients,
                report.organizations,
                report.users,
                report.titles,
                report.periodicals
            ),
            (1, 1, 1, 2, 1, 1)
        );
    }
    assert!(
        accounts::get(t.store.reads(), "pupil-7")
            .await
            .unwrap()
            .is_some()
    );
}
