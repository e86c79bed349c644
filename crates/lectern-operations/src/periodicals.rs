//! Periodicals: the series a reader may see, a page at a time; and a site's periodicals as its
//! curators add and edit them: a new series, a new edition of a series (its files already kept
//! by the door that received them), a series' or an edition's fields changed. Each in one transaction; a series or edition identifier taken is a conflict
//! naming it.

use crate::absences;
use lectern_domain::Timestamp;
use lectern_domain::catalog::edit::{EDITION_PARAMS, EditForm, SERIES_PARAMS};
use lectern_domain::catalog::periodical_edit::{self, EditionEdit, SeriesEdit};
use lectern_domain::invalid::Why;
use std::collections::HashMap;

use lectern_domain::catalog::periodical::{Edition, EditionSort, PeriodicalSeries, SeriesSort};
use lectern_domain::catalog::title_edit::KeptEdit;
use lectern_store::catalog_edits::{self, EditKind, NewEdit};
use lectern_store::periodicals::{ListedEdition, ListedSeries, SeriesFilter, SeriesPage};
use lectern_store::{Transaction, periodicals, request_locks};

use crate::actor::Actor;
use crate::curator::{Curator, names_nothing, person_name};
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{self, Window};
use crate::titles::CatalogViewer;

/// A series and the actor as a curator of its site, with how many editions it has: a series
/// of another site is absent to them, as one that does not exist. `what` names the attempt in
/// a refusal.
pub async fn curated<'a>(
    house: &House,
    actor: &'a Actor,
    series_id: &str,
    what: &str,
) -> Outcome<(Curator<'a>, PeriodicalSeries, u64)> {
    let absent = || absences::periodical(series_id);
    let (series, count) = periodicals::get(house.store.reads(), series_id)
        .await?
        .ok_or_else(absent)?;
    let curator = Curator::of(actor, Some(&series.site), what, absent)?;
    Ok((curator, series, count))
}

/// The edition's withdrawal, accepted for the worker, which takes it out of the listings.
pub async fn withdraw_edition(
    house: &House,
    curator: &Curator<'_>,
    series: &PeriodicalSeries,
    edition_id: &str,
) -> Outcome<()> {
    periodicals::edition(house.store.reads(), &series.series_id, edition_id)
        .await?
        .ok_or_else(|| no_edition(&series.series_id, edition_id))?;
    let who = curator.account;
    catalog_edits::accept(
        &house.store,
        &NewEdit {
            site_id: series.site.clone(),
            kind: EditKind::EditionWithdrawal,
            target_id: series.series_id.clone(),
            detail: Some(edition_id.to_owned()),
            edit: KeptEdit::Sent(EditForm::new()),
            requested_by: who.user_account_id.clone(),
            requested_by_name: person_name(who),
            comment: None,
        },
    )
    .await?;
    Ok(())
}

/// An edition of a series found for the actor (`curated` or `visible` found it).
pub async fn edition_of(
    house: &House,
    series: &PeriodicalSeries,
    edition_id: &str,
) -> Outcome<Edition> {
    periodicals::edition(house.store.reads(), &series.series_id, edition_id)
        .await?
        .ok_or_else(|| no_edition(&series.series_id, edition_id))
}

fn no_edition(series_id: &str, edition_id: &str) -> Failure {
    Failure::not_found(
        Why::of(
            "absent-edition",
            format!("There is no edition '{edition_id}' of '{series_id}'"),
        )
        .with("edition", edition_id)
        .with("periodical", series_id),
    )
}

/// A page of the series' editions still listed (up to `limit + 1` in the window's order) and
/// how many there are; the caller has found the series the actor may see.
pub async fn editions_of(
    house: &House,
    series: &PeriodicalSeries,
    w: Window<EditionSort>,
) -> Outcome<(Vec<ListedEdition>, u64)> {
    let reads = house.store.reads();
    let id = &series.series_id;
    let order = (w.sort, w.direction);
    let rows = periodicals::editions_page(reads, id, order, w.after.as_deref(), w.limit).await?;
    Ok((rows, periodicals::editions_count(reads, id).await?))
}

/// A new series of the curator's site, as the form describes it (`seriesId` and the series'
/// parameters); every bad parameter named at once.
pub async fn add_series(
    house: &House,
    _: &Curator<'_>,
    site_id: &str,
    form: &EditForm,
) -> Outcome<PeriodicalSeries> {
    let series = periodical_edit::new_series(site_id, form).map_err(Failure::Invalid)?;
    let mut tx = house.store.begin().await?;
    periodicals::insert_series(&mut tx, &series).await?;
    tx.commit().await?;
    Ok(series)
}

/// A new edition of the series `series_id`, as `periodical_edit::new_edition` read it from its form, with
/// its files.
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

/// The series with the form's edit applied (read into a `SeriesEdit`, every bad parameter
/// named; one edit of a series at a time, each on the other's result), and how many editions
/// it has.
pub async fn edit_series(
    house: &House,
    _: &Curator<'_>,
    series_id: &str,
    form: &EditForm,
) -> Outcome<(PeriodicalSeries, u64)> {
    let edit = SeriesEdit::read(form).map_err(Failure::Invalid)?;
    if edit.is_empty() {
        return Err(names_nothing(SERIES_PARAMS));
    }
    let mut tx = alone_with(house, series_id).await?;
    let (mut series, count) = periodicals::get(&mut *tx, series_id)
        .await?
        .ok_or_else(|| absences::periodical(series_id))?;
    edit.apply(&mut series);
    periodicals::update_series(&mut tx, &series).await?;
    tx.commit().await?;
    Ok((series, count))
}

/// The edition with the form's edit applied (an `EditionEdit`), as its series' edits are:
/// one at a time.
pub async fn edit_edition(
    house: &House,
    _: &Curator<'_>,
    (series_id, edition_id): (&str, &str),
    form: &EditForm,
) -> Outcome<Edition> {
    let edit = EditionEdit::read(form).map_err(Failure::Invalid)?;
    if edit.is_empty() {
        return Err(names_nothing(EDITION_PARAMS));
    }
    let mut tx = alone_with(house, series_id).await?;
    let mut edition = periodicals::edition(&mut *tx, series_id, edition_id)
        .await?
        .ok_or_else(|| no_edition(series_id, edition_id))?;
    edit.apply(&mut edition).map_err(Failure::Invalid)?;
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

/// What a list of series asks for: text of the title, an ISSN, a language (each trimmed; empty
/// asks nothing).
#[derive(Debug, Clone, Default)]
pub struct SeriesWanted {
    pub title: Option<String>,
    pub issn: Option<String>,
    pub language: Option<String>,
}

/// A page of the series `who` may see that match `wanted` (up to `limit + 1` in the window's
/// order), and how many there are.
pub async fn series_seen(
    house: &House,
    who: &CatalogViewer,
    wanted: SeriesWanted,
    w: Window<SeriesSort>,
) -> Outcome<(Vec<ListedSeries>, u64)> {
    let asked = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let filter = SeriesFilter {
        sites: who.scope().sites,
        title: asked(wanted.title),
        issn: asked(wanted.issn),
        language: asked(wanted.language),
    };
    let q = SeriesPage {
        filter: &filter,
        order: w.sort,
        direction: w.direction,
        after: w.after.as_deref(),
        limit: w.limit,
    };
    let reads = house.store.reads();
    let rows = periodicals::page(reads, &q).await?;
    let count = periodicals::count(reads, &filter);
    let total = listing::total(q.after.is_none(), q.limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// A series `who` may see (one of a site whose titles they see), with its edition count; to
/// anyone else it is absent.
pub async fn visible(
    house: &House,
    who: &CatalogViewer,
    series_id: &str,
) -> Outcome<(PeriodicalSeries, u64)> {
    let sites = who.scope().sites;
    match periodicals::get(house.store.reads(), series_id).await? {
        Some((s, n)) if sites.as_ref().is_none_or(|v| v.contains(&s.site)) => Ok((s, n)),
        _ => Err(absences::periodical(series_id)),
    }
}

/// The latest edition of a series found for the actor, if it has one.
pub async fn latest_edition_of(
    house: &House,
    series: &PeriodicalSeries,
) -> Outcome<Option<Edition>> {
    let id = series.series_id.as_str();
    Ok(periodicals::latest_editions(house.store.reads(), &[id])
        .await?
        .remove(id))
}

/// The latest edition of each of these series that has one.
pub async fn latest_editions(
    house: &House,
    series: &[ListedSeries],
) -> Outcome<HashMap<String, Edition>> {
    let ids: Vec<&str> = series.iter().map(|(s, _)| s.series_id.as_str()).collect();
    Ok(periodicals::latest_editions(house.store.reads(), &ids).await?)
}
