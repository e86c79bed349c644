//! A site's periodicals as its curators add and edit them: a new series, a new edition of a
//! series (its files already kept by the door that received them), a series' or an edition's
//! fields changed. Each in one transaction; a series or edition identifier taken is a conflict
//! naming it.

use lectern_domain::Timestamp;
use lectern_domain::catalog::edit::{EditForm, apply_edition_edit, apply_series_edit};
use lectern_domain::catalog::periodical::{Edition, PeriodicalSeries};
use lectern_store::{Transaction, periodicals, request_locks};

use crate::curator::Curator;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// A new series, checked by the caller's form against the domain's rules.
pub async fn add_series(house: &House, _: &Curator<'_>, series: &PeriodicalSeries) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    periodicals::insert_series(&mut tx, series).await?;
    Ok(tx.commit().await?)
}

/// A new edition of the series `series_id`.
pub async fn add_edition(
    house: &House,
    _: &Curator<'_>,
    series_id: &str,
    edition: &Edition,
) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    periodicals::insert_edition(&mut tx, series_id, edition).await?;
    Ok(tx.commit().await?)
}

/// The series with the edit applied (one edit of a series at a time, each on the other's
/// result), and how many editions it has.
pub async fn edit_series(
    house: &House,
    _: &Curator<'_>,
    series_id: &str,
    form: &EditForm,
) -> Outcome<(PeriodicalSeries, u64)> {
    let mut tx = alone_with(house, series_id).await?;
    let (mut series, count) = periodicals::get(&mut *tx, series_id)
        .await?
        .ok_or_else(|| Failure::not_found(format!("There is no periodical '{series_id}'")))?;
    apply_series_edit(&mut series, form).map_err(Failure::Invalid)?;
    periodicals::update_series(&mut tx, &series).await?;
    tx.commit().await?;
    Ok((series, count))
}

/// The edition with the edit applied, as its series' edits are: one at a time.
pub async fn edit_edition(
    house: &House,
    _: &Curator<'_>,
    (series_id, edition_id): (&str, &str),
    form: &EditForm,
) -> Outcome<Edition> {
    let mut tx = alone_with(house, series_id).await?;
    let mut edition = periodicals::edition(&mut *tx, series_id, edition_id)
        .await?
        .ok_or_else(|| {
            Failure::not_found(format!(
                "There is no edition '{edition_id}' of '{series_id}'"
            ))
        })?;
    apply_edition_edit(&mut edition, form).map_err(Failure::Invalid)?;
    periodicals::update_edition(&mut tx, series_id, &edition).await?;
    tx.commit().await?;
    Ok(edition)
}

/// A transaction that edits of the series wait their turn for.
async fn alone_with(house: &House, series_id: &str) -> Outcome<Transaction> {
    let mut tx = house.store.begin().await?;
    let key = format!("periodical:{series_id}");
    request_locks::serialize(&mut tx, &[&key], Timestamp::now()).await?;
    Ok(tx)
}
