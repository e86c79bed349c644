//! The proof-of-disability queue: every submission under review on a site, oldest first (a
//! member's proof of another organization's membership, and a competent authority asked to
//! confirm), and an assistant's decision on one.

use lectern_domain::Timestamp;
use lectern_domain::account::standing::{DisabilityType, ProofSource};
use sqlx::{Any, Executor};

use crate::{StoreError, Transaction};

/// A submission under review, with whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenSubmission {
    pub submission_id: String,
    pub user_account_id: String,
    pub first_name: String,
    pub last_name: String,
    pub user_name: Option<String>,
    pub date_submitted: String,
    pub note: String,
    pub proof_source: Option<ProofSource>,
    pub disability_types: Vec<DisabilityType>,
    /// Whom a competent authority's request was e-mailed to, and whether they answered.
    pub authority: Option<String>,
    pub created_at: i64,
}

#[derive(sqlx::FromRow)]
struct Row {
    submission_id: String,
    user_account_id: String,
    first_name: String,
    last_name: String,
    user_name: Option<String>,
    date_submitted: String,
    note: String,
    proof_source: Option<String>,
    disability_types: String,
    authority_email: Option<String>,
    created_at: i64,
}

impl TryFrom<Row> for OpenSubmission {
    type Error = StoreError;
    fn try_from(r: Row) -> Result<Self, StoreError> {
        let corrupt =
            |e: String| StoreError::Corrupt(format!("submission {}: {e}", r.submission_id));
        Ok(OpenSubmission {
            proof_source: r
                .proof_source
                .as_deref()
                .map(str::parse)
                .transpose()
                .map_err(corrupt)?,
            disability_types: r
                .disability_types
                .split(',')
                .filter(|t| !t.is_empty())
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(corrupt)?,
            submission_id: r.submission_id,
            user_account_id: r.user_account_id,
            first_name: r.first_name,
            last_name: r.last_name,
            user_name: r.user_name,
            date_submitted: r.date_submitted,
            note: r.note,
            authority: r.authority_email,
            created_at: r.created_at,
        })
    }
}

const SELECT: &str = "SELECT x.submission_id, x.user_account_id, u.first_name, u.last_name,
       u.user_name, x.date_submitted, x.note, x.proof_source, x.disability_types,
       c.authority_email, x.created_at
     FROM disability_submissions x
     JOIN users u ON u.user_account_id = x.user_account_id
     LEFT JOIN competent_authority_requests c ON c.submission_id = x.submission_id";

/// Up to `limit + 1` open submissions of the site, oldest first, after the one whose key
/// (`created_at`, `submission_id`) is `after`.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: &str,
    after: Option<(i64, &str)>,
    limit: u32,
) -> Result<Vec<OpenSubmission>, StoreError> {
    let continuing = if after.is_some() {
        " AND (x.created_at, x.submission_id) > ($2, $3)"
    } else {
        ""
    };
    let sql = format!(
        "{SELECT} WHERE x.decided_at IS NULL AND u.site_id = $1{continuing}
         ORDER BY x.created_at, x.submission_id LIMIT {}",
        u64::from(limit) + 1
    );
    let mut query = sqlx::query_as::<_, Row>(sqlx::AssertSqlSafe(sql)).bind(site_id);
    if let Some((at, id)) = after {
        query = query.bind(at).bind(id);
    }
    query
        .fetch_all(e)
        .await?
        .into_iter()
        .map(OpenSubmission::try_from)
        .collect()
}

/// How many submissions of the site are under review.
pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: &str,
) -> Result<u64, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM disability_submissions x
         JOIN users u ON u.user_account_id = x.user_account_id
         WHERE x.decided_at IS NULL AND u.site_id = $1",
    )
    .bind(site_id)
    .fetch_one(e)
    .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// One open submission, by its identifier.
pub async fn open<'e>(
    e: impl Executor<'e, Database = Any>,
    submission_id: &str,
) -> Result<Option<OpenSubmission>, StoreError> {
    let sql = format!("{SELECT} WHERE x.decided_at IS NULL AND x.submission_id = $1");
    sqlx::query_as::<_, Row>(sqlx::AssertSqlSafe(sql))
        .bind(submission_id)
        .fetch_optional(e)
        .await?
        .map(OpenSubmission::try_from)
        .transpose()
}

/// What an assistant decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approved,
    Refused,
}

impl Decision {
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Approved => "approved",
            Decision::Refused => "refused",
        }
    }
}

/// Closes a submission with the decision and its note; false when it was closed already (by
/// another assistant, or an authority's answer), so that a decision is made once.
pub async fn decide(
    tx: &mut Transaction,
    submission_id: &str,
    decision: Decision,
    note: &str,
    by: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE disability_submissions
         SET decided_at = $2, decision = $3, decision_note = $4, decided_by = $5
         WHERE submission_id = $1 AND decided_at IS NULL",
    )
    .bind(submission_id)
    .bind(Timestamp::now().unix())
    .bind(decision.as_str())
    .bind(note)
    .bind(by)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A decided submission, as the account's history shows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Decided {
    pub date_submitted: String,
    pub note: String,
    pub decision: Option<String>,
    pub decision_note: Option<String>,
    pub decided_by: Option<String>,
    pub decided_at: i64,
}

/// An account's decided submissions, the latest decision first.
pub async fn decided<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<Decided>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT date_submitted, note, decision, decision_note, decided_by, decided_at
         FROM disability_submissions
         WHERE user_account_id = $1 AND decided_at IS NOT NULL
         ORDER BY decided_at DESC, submission_id DESC",
    )
    .bind(user_account_id)
    .fetch_all(e)
    .await?)
}
