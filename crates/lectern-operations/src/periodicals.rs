//! A site's periodicals as its curators add them: a new series, and a new edition of a series
//! (its files already kept by the door that received them). Each in one transaction; a series
//! or edition identifier taken is a conflict naming it.

use lectern_domain::catalog::periodical::{Edition, PeriodicalSeries};
use lectern_store::periodicals;

use crate::curator::Curator;
use crate::failure::Outcome;
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
