//! The authorization matrix: every endpoint of the document, called as every role, on two sites
//! and two organizations. Each row of `matrix::ROWS` says, for each caller, whether the call
//! succeeds (`Y`), is refused (`N`: 401, 403 or 404) or is turned down for another named reason.
//! Beyond the statuses, the test shows that
//! - a refused call changes nothing in the store (every table's rows, before and after), and
//! - no answer to one caller carries another caller's private marks (bookmarks and highlights
//!   written at the start, each with its owner's secret word).
//!
//! A row is missing for an endpoint the document describes, or a row names one it does not: the
//! test fails, so that a new endpoint comes with its row.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::*;

mod rows;

on_both_stores!(every_endpoint_as_every_role_on_two_sites);

/// The callers, in the order of a row's expectation string.
const CALLERS: [Caller; 10] = [
    Caller::guest("guest"),
    Caller::user("member", "u-member", CONFIDENTIAL),
    Caller::user("student", "u-student", CONFIDENTIAL),
    Caller::user("sponsor", "u-sponsor", CONFIDENTIAL),
    Caller::user("collection", "u-collection", CONFIDENTIAL),
    Caller::user("membership", "u-membership", CONFIDENTIAL),
    Caller::user("admin", "u-admin", CONFIDENTIAL),
    Caller::user("volunteer", "u-volunteer", CONFIDENTIAL),
    // The second site: a member of its own, and a pupil of its own organization.
    Caller::user("elsewhere", "u-elsewhere", OTHER_SITE),
    Caller::user("farPupil", "u-far-pupil", OTHER_SITE),
];

struct Caller {
    name: &'static str,
    signed_in: bool,
    user_id: &'static str,
    api_key: &'static str,
}

impl Caller {
    const fn guest(name: &'static str) -> Caller {
        Caller {
            name,
            signed_in: false,
            user_id: "",
            api_key: TRUSTED,
        }
    }

    const fn user(name: &'static str, user_id: &'static str, api_key: &'static str) -> Caller {
        Caller {
            name,
            signed_in: true,
            user_id,
            api_key,
        }
    }

    /// The word only this caller's private marks carry.
    fn secret(&self) -> String {
        format!("secret-of-{}.", self.name)
    }
}

/// What a call by one caller should come to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
    /// 2xx or 3xx.
    Done,
    /// 401, 403 or 404: not theirs, or not there for them.
    Refused,
    /// Allowed, and turned down for what the request holds (a 400 or 409 the row names).
    Turned(u16),
}

impl Outcome {
    fn of(status: StatusCode) -> Outcome {
        match status.as_u16() {
            200..=399 => Outcome::Done,
            401 | 403 | 404 => Outcome::Refused,
            other => Outcome::Turned(other),
        }
    }

    fn letter(self) -> char {
        match self {
            Outcome::Done => 'Y',
            Outcome::Refused => 'N',
            Outcome::Turned(400) => 'B',
            Outcome::Turned(409) => 'C',
            Outcome::Turned(_) => '?',
        }
    }
}

/// One call of the matrix. In `path` and `form`, `{me}` is the caller's account id, `{who}` the
/// caller's name, `{key}` a value an earlier row kept for the same caller (`Row::keep`) and
/// `{caller.key}` one it kept for another.
pub struct Row {
    /// The document's operation: `METHOD /path/{as}/documented`.
    pub operation: &'static str,
    /// What is called: the operation's path with its values and query.
    pub path: &'static str,
    pub form: &'static [(&'static str, &'static str)],
    /// One letter per caller, in `CALLERS` order: `Y` done, `N` refused, `B` 400, `C` 409, and
    /// `G` gone: allowed, but a caller before them in the row deleted it already (404).
    pub expect: &'static str,
    /// Keeps, per caller, a JSON field of a done answer for later rows: `(key, pointer)`.
    pub keep: Option<(&'static str, &'static str)>,
    /// The form goes as `multipart/form-data`, its `file` field as a file part.
    pub multipart: bool,
}

impl Row {
    fn method(&self) -> Method {
        let (method, _) = self.operation.split_once(' ').unwrap();
        method.parse().unwrap()
    }
}

/// Values kept per caller, by key.
type Kept = HashMap<(&'static str, &'static str), String>;

fn fill(text: &str, caller: &Caller, kept: &Kept) -> String {
    let mut out = text
        .replace("{me}", caller.user_id)
        .replace("{who}", caller.name);
    for ((who, key), value) in kept {
        if *who == caller.name {
            out = out.replace(&format!("{{{key}}}"), value);
        }
        out = out.replace(&format!("{{{who}.{key}}}"), value);
    }
    out
}

struct Matrix<'a> {
    app: &'a TestApp,
    tokens: HashMap<&'static str, String>,
    kept: Kept,
}

impl Matrix<'_> {
    async fn call(&self, caller: &Caller, row: &Row) -> (StatusCode, String) {
        let path = fill(row.path, caller, &self.kept);
        let sep = if path.contains('?') { '&' } else { '?' };
        let mut req = self.app.http.request(
            row.method(),
            self.app
                .url(&format!("{path}{sep}api_key={}", caller.api_key)),
        );
        // The token server authenticates clients, not the bearer of a token: its rows are
        // called alike by every caller.
        let token = self
            .tokens
            .get(caller.name)
            .filter(|_| !path.starts_with("/oauth/"));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        let form: Vec<(String, String)> = row
            .form
            .iter()
            .map(|(k, v)| ((*k).to_owned(), fill(v, caller, &self.kept)))
            .collect();
        if row.multipart {
            req = req.multipart(multipart_form(form));
        } else if !form.is_empty() {
            req = req.form(&form);
        }
        let resp = req.send().await.expect("request");
        let status = resp.status();
        (status, resp.text().await.expect("body"))
    }

    /// Calls `row` as `caller`, checks that no other caller's secret is in the answer, and
    /// keeps what the row asks to keep.
    async fn run(&mut self, caller: &Caller, row: &Row) -> (StatusCode, String) {
        let (status, body) = self.call(caller, row).await;
        assert!(
            status.as_u16() < 500,
            "{} as {}: {status} {body}",
            row.path,
            caller.name
        );
        for other in CALLERS.iter().filter(|c| c.name != caller.name) {
            assert!(
                !body.contains(&other.secret()),
                "{} as {} shows {}'s private marks: {body}",
                row.operation,
                caller.name,
                other.name
            );
        }
        if let (Some((key, pointer)), Outcome::Done) = (row.keep, Outcome::of(status)) {
            let value: Value = serde_json::from_str(&body).expect("JSON");
            let kept = match value.pointer(pointer) {
                Some(Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => panic!("{}: no {pointer} in {body}", row.operation),
            };
            self.kept.insert((caller.name, key), kept);
        }
        (status, body)
    }
}

fn multipart_form(fields: Vec<(String, String)>) -> reqwest::multipart::Form {
    use reqwest::multipart::{Form, Part};
    fields
        .into_iter()
        .fold(Form::new(), |form, (name, value)| match name.as_str() {
            "file" => form.part(name, Part::bytes(value.into_bytes()).file_name("upload")),
            _ => form.text(name, value),
        })
}

impl Matrix<'_> {
    /// Calls `row` as each caller expected to be refused (`refused`) or not, writing the letter
    /// of what each got, and what a caller got that the row did not expect.
    async fn call_group(
        &mut self,
        row: &Row,
        expected: &[char],
        refused: bool,
        letters: &mut [char],
        surprises: &mut Vec<String>,
    ) {
        for (i, caller) in CALLERS.iter().enumerate() {
            if (expected[i] == 'N') != refused {
                continue;
            }
            let (status, body) = self.run(caller, row).await;
            letters[i] = match (expected[i], status) {
                ('G', StatusCode::NOT_FOUND) => 'G',
                _ => Outcome::of(status).letter(),
            };
            if letters[i] != expected[i] {
                surprises.push(format!("    {}: {status} {body:.160}", caller.name));
            }
        }
    }
}

/// Every table's rows, as text, by table: what a refused call must leave as it was.
async fn fingerprint(app: &TestApp) -> BTreeMap<String, String> {
    let pool = app.store.reads();
    let postgres = matches!(app.store.backend(), lectern_store::Backend::Postgres);
    let tables: Vec<String> = if postgres {
        sqlx::query_scalar(
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    } else {
        sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' \
             AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    };
    let mut prints = BTreeMap::new();
    for table in tables {
        let sql = if postgres {
            format!(
                "SELECT coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM \"{table}\" x"
            )
        } else {
            let columns: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT name FROM pragma_table_info('{table}')"
            )))
            .fetch_all(pool)
            .await
            .unwrap();
            let row = columns
                .iter()
                .map(|c| format!("quote(\"{c}\")"))
                .collect::<Vec<_>>()
                .join("||','||");
            format!(
                "SELECT coalesce(group_concat(r, '|'), '') FROM \
                 (SELECT {row} AS r FROM \"{table}\" ORDER BY 1)"
            )
        };
        // The names come from the store's own catalog of tables, not from a request.
        let print: String = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .fetch_one(pool)
            .await
            .unwrap();
        prints.insert(table, print);
    }
    prints
}

fn changed(before: &BTreeMap<String, String>, after: &BTreeMap<String, String>) -> Vec<String> {
    let names: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    names
        .into_iter()
        .filter(|t| before.get(*t) != after.get(*t))
        .cloned()
        .collect()
}

/// `(METHOD, path)` of every operation the document describes under `/v2` and `/oauth`.
async fn documented(app: &TestApp) -> BTreeSet<(String, String)> {
    let (_, doc) = json(app.get("/v2/openapi.json").send().await.unwrap()).await;
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                ops.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    ops
}

/// A competent authority's request for the first site's member, numbered `rec-1`, as the
/// member's `proofOfDisabilityRequest` opens one (its number is e-mailed, so no answer shows it).
async fn authority_request_of_member(app: &TestApp) {
    use lectern_domain::secret::token_hash;
    let mut tx = app.store.begin().await.unwrap();
    let now = lectern_domain::Timestamp::now();
    lectern_store::disabilities::submit(
        &mut tx,
        "sub-rec-1",
        "u-member",
        "asked of a doctor",
        lectern_store::disabilities::Proposed::default(),
        now,
    )
    .await
    .unwrap();
    lectern_store::disabilities::open_authority_request(
        &mut tx,
        &token_hash("rec-1"),
        "u-member",
        "sub-rec-1",
        "doctor@example.org",
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

async fn every_endpoint_as_every_role_on_two_sites(backend: Backend) {
    let app = app_with_drive(backend, &[("drive-notes", b"%PDF-1.4 notes".to_vec())])
        .await
        .with_catalog()
        .await;
    // Packages made meanwhile would change the store under the refused calls.
    app.pause_worker();
    let mut tokens = HashMap::new();
    for caller in CALLERS.iter().filter(|c| c.signed_in) {
        // Minted: the second site's pupil has no user name to sign in with.
        let token = app.minted_token_of_id(caller.api_key, caller.user_id).await;
        tokens.insert(caller.name, token);
    }
    authority_request_of_member(&app).await;
    let mut matrix = Matrix {
        app: &app,
        tokens,
        kept: Kept::new(),
    };

    // Every row names a documented operation, and every documented operation has a row.
    let rows = rows::rows();
    let called: BTreeSet<(String, String)> = rows
        .iter()
        .map(|r| {
            let (m, p) = r.operation.split_once(' ').unwrap();
            (m.to_owned(), p.to_owned())
        })
        .collect();
    let documented = documented(&app).await;
    let missing: Vec<_> = documented.difference(&called).collect();
    let unknown: Vec<_> = called.difference(&documented).collect();
    assert!(missing.is_empty(), "operations without a row: {missing:#?}");
    assert!(
        unknown.is_empty(),
        "rows of no documented operation: {unknown:#?}"
    );

    let mut found = Vec::new();
    let mut wrong = Vec::new();
    for row in &rows {
        assert_eq!(row.expect.len(), CALLERS.len(), "{}", row.path);
        let expected: Vec<char> = row.expect.chars().collect();
        let mut letters = vec![' '; CALLERS.len()];
        let mut surprises = Vec::new();
        // The refused first, with the store's rows compared around them.
        let before = fingerprint(&app).await;
        matrix
            .call_group(row, &expected, true, &mut letters, &mut surprises)
            .await;
        let after = fingerprint(&app).await;
        let touched = changed(&before, &after);
        // A call that should have been refused and was not shows in the matrix below; calls
        // that were all refused must have left every row as it was.
        let all_refused = (0..CALLERS.len()).all(|i| expected[i] != 'N' || letters[i] == 'N');
        assert!(
            touched.is_empty() || !all_refused,
            "{} {}: refused calls changed {touched:?}",
            row.method(),
            row.path
        );
        matrix
            .call_group(row, &expected, false, &mut letters, &mut surprises)
            .await;
        let got: String = letters.into_iter().collect();
        let line = format!("{got}  {} {}", row.method(), row.path);
        if got != row.expect {
            wrong.push(format!(
                "{line}   (expected {})\n{}",
                row.expect,
                surprises.join("\n")
            ));
        }
        found.push(line);
    }
    assert!(
        wrong.is_empty(),
        "callers: {}\n{}\n\nthe whole matrix:\n{}",
        CALLERS.map(|c| c.name).join(" "),
        wrong.join("\n"),
        found.join("\n")
    );
}
