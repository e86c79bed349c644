//! Reading preferences and recommendation profiles: settings a member and their assistants
//! change, one row each per account.

use lectern_domain::Timestamp;
use lectern_domain::account::preferences::Preferences;
use lectern_domain::account::recommendation_profile::RecommendationProfile;
use lectern_domain::catalog::Format;
use sqlx::{Any, Executor, Row};

use crate::Connection;
use crate::sql::placeholders;
use crate::{StoreError, Transaction, flag};

/// The saved preferences, or None for an account that never saved any. `allowAdultContent` is
/// the account's own setting, which the access rules read, so it is kept on the account.
pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Option<Preferences>, StoreError> {
    let row = sqlx::query(
        "SELECT u.allow_adult_content, p.show_all_books, p.show_recommendations, p.language,
                p.format, p.braille_grade, p.use_ueb, p.braille_format, p.braille_cell_line_width,
                p.skip_upgrade_reminder, p.reading_settings
         FROM account_preferences p JOIN users u ON u.user_account_id = p.user_account_id
         WHERE p.user_account_id = $1",
    )
    .bind(user_account_id)
    .fetch_optional(e)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let corrupt = |e: String| StoreError::Corrupt(format!("preferences of {user_account_id}: {e}"));
    let parse = |name: &str| -> Result<Option<String>, StoreError> { Ok(r.try_get(name)?) };
    Ok(Some(Preferences {
        allow_adult_content: r.try_get::<i64, _>("allow_adult_content")? != 0,
        show_all_books: r.try_get::<i64, _>("show_all_books")? != 0,
        show_recommendations: r.try_get::<i64, _>("show_recommendations")? != 0,
        language: r.try_get("language")?,
        format: parse("format")?
            .map(|v| v.parse())
            .transpose()
            .map_err(corrupt)?,
        braille_grade: parse("braille_grade")?
            .map(|v| v.parse())
            .transpose()
            .map_err(corrupt)?,
        use_ueb: r.try_get::<i64, _>("use_ueb")? != 0,
        braille_format: parse("braille_format")?
            .map(|v| v.parse())
            .transpose()
            .map_err(corrupt)?,
        braille_cell_line_width: r
            .try_get::<Option<i64>, _>("braille_cell_line_width")?
            .map(|w| u32::try_from(w).unwrap_or(0)),
        skip_upgrade_reminder: r.try_get::<i64, _>("skip_upgrade_reminder")? != 0,
        reading: match r.try_get::<Option<String>, _>("reading_settings")? {
            Some(json) => serde_json::from_str(&json)?,
            None => Default::default(),
        },
    }))
}

/// When the account's preferences were last saved; None if never.
pub async fn saved_at<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Option<Timestamp>, StoreError> {
    let at: Option<i64> =
        sqlx::query_scalar("SELECT updated_at FROM account_preferences WHERE user_account_id = $1")
            .bind(user_account_id)
            .fetch_optional(e)
            .await?;
    Ok(at.map(Timestamp::from_unix))
}

/// The preferred formats of several accounts that chose one.
pub async fn formats_of<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_ids: &[String],
) -> Result<Vec<(String, Format)>, StoreError> {
    if user_account_ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!(
        "SELECT user_account_id, format FROM account_preferences
         WHERE format IS NOT NULL AND user_account_id IN ({})",
        placeholders(1, user_account_ids.len())
    );
    let mut q = sqlx::query_as::<_, (String, String)>(sqlx::AssertSqlSafe(sql));
    for id in user_account_ids {
        q = q.bind(id);
    }
    q.fetch_all(e)
        .await?
        .into_iter()
        .map(|(id, f)| {
            let format = f
                .parse()
                .map_err(|e: String| StoreError::Corrupt(format!("format of {id}: {e}")))?;
            Ok((id, format))
        })
        .collect()
}

pub async fn put(
    tx: &mut Transaction,
    user_account_id: &str,
    p: &Preferences,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE users SET allow_adult_content = $1 WHERE user_account_id = $2")
        .bind(flag(p.allow_adult_content))
        .bind(user_account_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO account_preferences (user_account_id, show_all_books, show_recommendations,
           language, format, braille_grade, use_ueb, braille_format, braille_cell_line_width,
           skip_upgrade_reminder, reading_settings, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (user_account_id) DO UPDATE SET show_all_books = excluded.show_all_books,
           show_recommendations = excluded.show_recommendations, language = excluded.language,
           format = excluded.format, braille_grade = excluded.braille_grade,
           use_ueb = excluded.use_ueb, braille_format = excluded.braille_format,
           braille_cell_line_width = excluded.braille_cell_line_width,
           skip_upgrade_reminder = excluded.skip_upgrade_reminder,
           reading_settings = excluded.reading_settings, updated_at = excluded.updated_at",
    )
    .bind(user_account_id)
    .bind(flag(p.show_all_books))
    .bind(flag(p.show_recommendations))
    .bind(&p.language)
    .bind(p.format.map(|f| f.as_str()))
    .bind(p.braille_grade.map(|g| g.as_str()))
    .bind(flag(p.use_ueb))
    .bind(p.braille_format.map(|f| f.as_str()))
    .bind(p.braille_cell_line_width.map(i64::from))
    .bind(flag(p.skip_upgrade_reminder))
    .bind(serde_json::to_string(&p.reading)?)
    .bind(Timestamp::now().unix())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The saved recommendation profile, or None for an account that never saved one.
pub async fn recommendation_profile<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Option<RecommendationProfile>, StoreError> {
    let row = sqlx::query(
        "SELECT include_global_collection, included_authors, excluded_authors, included_categories,
                excluded_categories, excluded_content_warnings, narrator_gender, narrator_type, reading_age
         FROM recommendation_profiles WHERE user_account_id = $1",
    )
    .bind(user_account_id)
    .fetch_optional(e)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let corrupt = |e: String| {
        StoreError::Corrupt(format!("recommendation profile of {user_account_id}: {e}"))
    };
    let list = |name: &str| -> Result<Vec<String>, StoreError> {
        Ok(serde_json::from_str(&r.try_get::<String, _>(name)?)?)
    };
    Ok(Some(RecommendationProfile {
        include_global_collection: r.try_get::<i64, _>("include_global_collection")? != 0,
        included_authors: list("included_authors")?,
        excluded_authors: list("excluded_authors")?,
        included_categories: list("included_categories")?,
        excluded_categories: list("excluded_categories")?,
        excluded_content_warnings: list("excluded_content_warnings")?
            .iter()
            .map(|w| w.parse())
            .collect::<Result<_, _>>()
            .map_err(corrupt)?,
        narrator_gender: r
            .try_get::<Option<String>, _>("narrator_gender")?
            .map(|v| v.parse())
            .transpose()
            .map_err(corrupt)?,
        narrator_type: r
            .try_get::<Option<String>, _>("narrator_type")?
            .map(|v| v.parse())
            .transpose()
            .map_err(corrupt)?,
        reading_age: r
            .try_get::<Option<i64>, _>("reading_age")?
            .map(|a| u32::try_from(a).unwrap_or(0)),
    }))
}

pub async fn put_recommendation_profile(
    conn: &mut Connection,
    user_account_id: &str,
    p: &RecommendationProfile,
) -> Result<(), StoreError> {
    let json = |v: &[String]| serde_json::to_string(v);
    let warnings: Vec<String> = p
        .excluded_content_warnings
        .iter()
        .map(|w| w.as_str().to_owned())
        .collect();
    sqlx::query(
        "INSERT INTO recommendation_profiles (user_account_id, include_global_collection,
           included_authors, excluded_authors, included_categories, excluded_categories,
           excluded_content_warnings, narrator_gender, narrator_type, reading_age, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (user_account_id) DO UPDATE SET
           include_global_collection = excluded.include_global_collection,
           included_authors = excluded.included_authors, excluded_authors = excluded.excluded_authors,
           included_categories = excluded.included_categories,
           excluded_categories = excluded.excluded_categories,
           excluded_content_warnings = excluded.excluded_content_warnings,
           narrator_gender = excluded.narrator_gender, narrator_type = excluded.narrator_type,
           reading_age = excluded.reading_age, updated_at = excluded.updated_at",
    )
    .bind(user_account_id)
    .bind(flag(p.include_global_collection))
    .bind(json(&p.included_authors)?)
    .bind(json(&p.excluded_authors)?)
    .bind(json(&p.included_categories)?)
    .bind(json(&p.excluded_categories)?)
    .bind(json(&warnings)?)
    .bind(p.narrator_gender.map(|g| g.as_str()))
    .bind(p.narrator_type.map(|t| t.as_str()))
    .bind(p.reading_age.map(i64::from))
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
