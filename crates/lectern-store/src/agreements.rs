//! Signed agreements: the records `hasAgreement` is derived from.

use lectern_domain::Timestamp;
use lectern_domain::account::standing::Agreement;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::{StoreError, flag};

#[derive(sqlx::FromRow)]
struct Row {
    agreement_id: String,
    user_account_id: String,
    agreement_type: String,
    date_signed: String,
    date_expired: Option<String>,
    print_name: String,
    recording_user: Option<String>,
    signed_by_legal_guardian: i64,
}

impl TryFrom<Row> for Agreement {
    type Error = StoreError;
    fn try_from(r: Row) -> Result<Self, StoreError> {
        Ok(Agreement {
            agreement_type: r
                .agreement_type
                .parse()
                .map_err(|e| StoreError::Corrupt(format!("agreement {}: {e}", r.agreement_id)))?,
            agreement_id: r.agreement_id,
            user_account_id: r.user_account_id,
            date_signed: r.date_signed,
            date_expired: r.date_expired,
            print_name: r.print_name,
            recording_user: r.recording_user,
            signed_by_legal_guardian: r.signed_by_legal_guardian != 0,
        })
    }
}

const COLUMNS: &str = "agreement_id, user_account_id, agreement_type, date_signed, date_expired, \
    print_name, recording_user, signed_by_legal_guardian";

/// Records an agreement, or rewrites the one with its identifier (fixtures load twice).
pub async fn put(conn: &mut Connection, a: &Agreement) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO agreements (agreement_id, user_account_id, agreement_type, date_signed,
           date_expired, print_name, recording_user, signed_by_legal_guardian, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (agreement_id) DO UPDATE SET agreement_type = excluded.agreement_type,
           date_signed = excluded.date_signed, date_expired = excluded.date_expired,
           print_name = excluded.print_name, recording_user = excluded.recording_user,
           signed_by_legal_guardian = excluded.signed_by_legal_guardian",
    )
    .bind(&a.agreement_id)
    .bind(&a.user_account_id)
    .bind(a.agreement_type.as_str())
    .bind(&a.date_signed)
    .bind(&a.date_expired)
    .bind(&a.print_name)
    .bind(&a.recording_user)
    .bind(flag(a.signed_by_legal_guardian))
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// An account's agreements, the latest signed first.
pub async fn list<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<Agreement>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM agreements WHERE user_account_id = $1
         ORDER BY date_signed DESC, agreement_id DESC"
    );
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .fetch_all(e)
        .await?;
    rows.into_iter().map(Agreement::try_from).collect()
}

/// Ends an agreement on `date` unless it ended earlier; the agreement as it now stands, or None
/// when the account has no such agreement.
pub async fn expire(
    conn: &mut Connection,
    user_account_id: &str,
    agreement_id: &str,
    date: &str,
) -> Result<Option<Agreement>, StoreError> {
    let sql = format!(
        "UPDATE agreements SET date_expired = CASE
           WHEN date_expired IS NOT NULL AND date_expired <= $3 THEN date_expired ELSE $3 END
         WHERE user_account_id = $1 AND agreement_id = $2 RETURNING {COLUMNS}"
    );
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(agreement_id)
        .bind(date)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(Agreement::try_from).transpose()
}
