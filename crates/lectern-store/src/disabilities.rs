//! Proof of disability: the disabilities on file and the submissions under review, the records
//! `proofOfDisabilityStatus` is derived from; and requests to competent authorities.

use lectern_domain::Timestamp;
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource, Submission};
use sqlx::{Any, Executor};

use crate::Connection;
use crate::sql::placeholders;
use crate::{StoreError, Transaction};

/// An account's disabilities, by type.
pub async fn list<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<Disability>, StoreError> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT disability_type, proof_source FROM disabilities WHERE user_account_id = $1
         ORDER BY disability_type",
    )
    .bind(user_account_id)
    .fetch_all(e)
    .await?;
    rows.into_iter()
        .map(|(t, s)| {
            let corrupt =
                |e: String| StoreError::Corrupt(format!("disability of {user_account_id}: {e}"));
            Ok(Disability {
                disability_type: t.parse().map_err(corrupt)?,
                proof_source: s.parse().map_err(corrupt)?,
            })
        })
        .collect()
}

/// The disabilities of several accounts, as (account, disability) pairs.
pub async fn of_accounts<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_ids: &[String],
) -> Result<Vec<(String, Disability)>, StoreError> {
    if user_account_ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!(
        "SELECT user_account_id, disability_type, proof_source FROM disabilities
         WHERE user_account_id IN ({}) ORDER BY user_account_id, disability_type",
        placeholders(1, user_account_ids.len())
    );
    let mut q = sqlx::query_as::<_, (String, String, String)>(sqlx::AssertSqlSafe(sql));
    for id in user_account_ids {
        q = q.bind(id);
    }
    q.fetch_all(e)
        .await?
        .into_iter()
        .map(|(id, t, s)| {
            let corrupt = |e: String| StoreError::Corrupt(format!("disability of {id}: {e}"));
            let d = Disability {
                disability_type: t.parse().map_err(corrupt)?,
                proof_source: s.parse().map_err(corrupt)?,
            };
            Ok((id, d))
        })
        .collect()
}

/// Records a disability (or changes its proof source), and closes the submissions it answers.
pub async fn put(
    tx: &mut Transaction,
    user_account_id: &str,
    d: Disability,
) -> Result<(), StoreError> {
    let now = Timestamp::now().unix();
    sqlx::query(
        "INSERT INTO disabilities (user_account_id, disability_type, proof_source, created_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_account_id, disability_type) DO UPDATE SET proof_source = excluded.proof_source",
    )
    .bind(user_account_id)
    .bind(d.disability_type.as_str())
    .bind(d.proof_source.as_str())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE disability_submissions SET decided_at = $2
         WHERE user_account_id = $1 AND decided_at IS NULL",
    )
    .bind(user_account_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Removes a disability; false when the account had none of that type.
pub async fn remove(
    conn: &mut Connection,
    user_account_id: &str,
    disability_type: DisabilityType,
) -> Result<bool, StoreError> {
    let done =
        sqlx::query("DELETE FROM disabilities WHERE user_account_id = $1 AND disability_type = $2")
            .bind(user_account_id)
            .bind(disability_type.as_str())
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// An account's submissions, the latest first.
pub async fn submissions<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<Submission>, StoreError> {
    let rows: Vec<(String, String, Option<i64>)> = sqlx::query_as(
        "SELECT date_submitted, note, decided_at FROM disability_submissions
         WHERE user_account_id = $1 ORDER BY created_at DESC, submission_id DESC",
    )
    .bind(user_account_id)
    .fetch_all(e)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(date_submitted, note, decided)| Submission {
            date_submitted,
            note,
            open: decided.is_none(),
        })
        .collect())
}

/// What a submission says the proof shows: who vouches and for which disabilities, for the
/// assistant's decision to start from.
#[derive(Debug, Clone, Copy, Default)]
pub struct Proposed<'a> {
    pub proof_source: Option<ProofSource>,
    pub disability_types: &'a [DisabilityType],
}

/// Opens a submission for review: the account's proof is `submitted` until it is decided.
pub async fn submit(
    conn: &mut Connection,
    submission_id: &str,
    user_account_id: &str,
    note: &str,
    proposed: Proposed<'_>,
    now: Timestamp,
) -> Result<(), StoreError> {
    let types: Vec<&str> = proposed
        .disability_types
        .iter()
        .map(|d| d.as_str())
        .collect();
    sqlx::query(
        "INSERT INTO disability_submissions (submission_id, user_account_id, date_submitted, note,
           created_at, proof_source, disability_types)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (submission_id) DO UPDATE SET note = excluded.note",
    )
    .bind(submission_id)
    .bind(user_account_id)
    .bind(now.date())
    .bind(note)
    .bind(now.unix())
    .bind(proposed.proof_source.map(|p| p.as_str()))
    .bind(types.join(","))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A request to a competent authority, as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuthorityRequest {
    pub user_account_id: String,
    pub submission_id: String,
    pub authority_email: String,
    pub confirmed_at: Option<i64>,
    pub created_at: i64,
}

/// Records a request, found later by the hash of the identifier e-mailed to the authority.
pub async fn open_authority_request(
    conn: &mut Connection,
    record_hash: &str,
    user_account_id: &str,
    submission_id: &str,
    authority_email: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO competent_authority_requests (record_hash, user_account_id, submission_id,
           authority_email, created_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(record_hash)
    .bind(user_account_id)
    .bind(submission_id)
    .bind(authority_email)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn authority_request<'e>(
    e: impl Executor<'e, Database = Any>,
    record_hash: &str,
) -> Result<Option<AuthorityRequest>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT user_account_id, submission_id, authority_email, confirmed_at, created_at
         FROM competent_authority_requests WHERE record_hash = $1",
    )
    .bind(record_hash)
    .fetch_optional(e)
    .await?)
}

/// Confirms a request once: false when it was confirmed already (or is unknown).
pub async fn confirm_authority_request(
    tx: &mut Transaction,
    record_hash: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE competent_authority_requests SET confirmed_at = $2
         WHERE record_hash = $1 AND confirmed_at IS NULL",
    )
    .bind(record_hash)
    .bind(Timestamp::now().unix())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
