//! Popular lists: those a reader sees, with the titles of a list they may see; and a site's
//! lists as administrators curate them: a list made, described, a title added at the end, moved
//! one place up or down, or taken off. Document 3 reads popular lists and
//! writes none; a list is written whole, in one transaction, as `lectern load` writes one.

use crate::absences;
use lectern_domain::invalid::Why;
use std::collections::HashMap;

use lectern_domain::catalog::TitleRecord;
use lectern_store::{popular_lists, titles};

use crate::administration::Administrator;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::titles::CatalogViewer;

/// A list with its titles in order.
#[derive(Debug, Clone)]
pub struct PopularList {
    pub id: String,
    pub site: String,
    pub description: String,
    /// Service ids, first first.
    pub titles: Vec<String>,
}

/// What is done to a title of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleMove {
    /// Added at the end.
    Add,
    /// One place nearer the start.
    Up,
    /// One place nearer the end.
    Down,
    /// Taken off the list.
    Off,
}

/// More popular lists than a site curates: they are all listed.
const AT_MOST: u32 = 1000;

/// The popular lists of the site, by id.
pub async fn all(
    house: &House,
    _: &Administrator<'_>,
    site_id: &str,
) -> Outcome<Vec<popular_lists::PopularList>> {
    let sites = [site_id.to_owned()];
    Ok(popular_lists::popular_lists_page(house.store.reads(), &sites, None, AT_MOST).await?)
}

/// The site's list `id`; another site's is not there.
pub async fn list(
    house: &House,
    _: &Administrator<'_>,
    site_id: &str,
    id: &str,
) -> Outcome<PopularList> {
    let reads = house.store.reads();
    let list = popular_lists::popular_list(reads, id)
        .await?
        .filter(|l| l.site_id == site_id)
        .ok_or_else(|| absences::popular_list(id))?;
    let titles = popular_lists::popular_list_titles(reads, id)
        .await?
        .into_iter()
        .map(|(_, service_id)| service_id)
        .collect();
    Ok(PopularList {
        id: list.list_id,
        site: list.site_id,
        description: list.description,
        titles,
    })
}

/// The list's titles in its order, each with its title's name (its id, for a title no longer
/// kept).
pub async fn named_titles(
    house: &House,
    _: &Administrator<'_>,
    list: &PopularList,
) -> Outcome<Vec<(String, String)>> {
    let found = titles::get_many(house.store.reads(), &list.titles).await?;
    let name_of = |id: &String| {
        found
            .iter()
            .find(|t| t.service_id == *id)
            .map_or_else(|| id.clone(), |t| t.title.clone())
    };
    Ok(list
        .titles
        .iter()
        .map(|id| (id.clone(), name_of(id)))
        .collect())
}

/// A new list of the site, with no titles yet.
pub async fn make(
    house: &House,
    _: &Administrator<'_>,
    site_id: &str,
    id: &str,
    description: &str,
) -> Outcome<()> {
    if id.trim().is_empty() {
        return Err(Failure::Invalid(vec![
            lectern_domain::invalid::Invalid::required_because("id", Why::not_empty()),
        ]));
    }
    if popular_lists::popular_list(house.store.reads(), id)
        .await?
        .is_some()
    {
        return Err(Failure::Conflict {
            param: Some("id"),
            why: Why::of(
                "why-popular-list-id-taken",
                "a popular list has this identifier already; choose another",
            ),
        });
    }
    written(
        house,
        &PopularList {
            id: id.to_owned(),
            site: site_id.to_owned(),
            description: description.to_owned(),
            titles: Vec::new(),
        },
    )
    .await
}

/// The list's description changed.
pub async fn describe(
    house: &House,
    admin: &Administrator<'_>,
    site_id: &str,
    id: &str,
    description: &str,
) -> Outcome<()> {
    let mut list = list(house, admin, site_id, id).await?;
    list.description = description.to_owned();
    written(house, &list).await
}

/// The title `service_id` added, moved or taken off.
pub async fn move_title(
    house: &House,
    admin: &Administrator<'_>,
    site_id: &str,
    id: &str,
    service_id: &str,
    how: TitleMove,
) -> Outcome<()> {
    let mut list = list(house, admin, site_id, id).await?;
    moved(&mut list.titles, service_id, how)?;
    if how == TitleMove::Add
        && titles::get(house.store.reads(), service_id)
            .await?
            .is_none()
    {
        return Err(Failure::invalid(
            "serviceId",
            Why::of(
                "why-no-such-title",
                "there is no title with this identifier",
            ),
        ));
    }
    written(house, &list).await
}

/// The titles after the move, or why it cannot be made.
fn moved(titles: &mut Vec<String>, service_id: &str, how: TitleMove) -> Outcome<()> {
    let at = titles.iter().position(|t| t == service_id);
    match (how, at) {
        (TitleMove::Add, _) if service_id.trim().is_empty() => {
            Err(Failure::Missing { param: "serviceId" })
        }
        (TitleMove::Add, Some(_)) => Err(Failure::invalid(
            "serviceId",
            Why::of("why-on-list-already", "this title is on the list already"),
        )),
        (TitleMove::Add, None) => {
            titles.push(service_id.to_owned());
            Ok(())
        }
        (_, None) => Err(Failure::not_found(
            Why::of(
                "absent-title-on-list",
                format!("Title '{service_id}' is not on this list"),
            )
            .with("id", service_id),
        )),
        (TitleMove::Up, Some(i)) if i > 0 => {
            titles.swap(i, i - 1);
            Ok(())
        }
        (TitleMove::Down, Some(i)) if i + 1 < titles.len() => {
            titles.swap(i, i + 1);
            Ok(())
        }
        (TitleMove::Off, Some(i)) => {
            titles.remove(i);
            Ok(())
        }
        _ => Err(Failure::invalid(
            "do",
            Why::of(
                "why-list-move",
                "must be add, up (not for the first title), down (not for the last) or off",
            ),
        )),
    }
}

async fn written(house: &House, list: &PopularList) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    popular_lists::upsert_popular_list(
        &mut tx,
        &list.id,
        &list.site,
        &list.description,
        &list.titles,
    )
    .await?;
    Ok(tx.commit().await?)
}

/// The sites whose popular lists a viewer sees: their own (a signed-in reader's, whatever the
/// client key's site; a guest's client key's), and the global collection's, as for titles.
fn sites_seen_by(who: &CatalogViewer) -> Vec<String> {
    let own = who.viewer.site_id();
    let mut sites = vec![own.to_owned()];
    sites.extend(who.global_sites.iter().filter(|s| *s != own).cloned());
    sites
}

/// The popular lists `who` sees, by id, after `after`: `limit` of them and one more when there
/// are more (`PageRequest::next_token` takes it off as the sign of a next page).
pub async fn seen(
    house: &House,
    who: &CatalogViewer,
    after: Option<&str>,
    limit: u32,
) -> Outcome<Vec<popular_lists::PopularList>> {
    let sites = sites_seen_by(who);
    Ok(popular_lists::popular_lists_page(house.store.reads(), &sites, after, limit).await?)
}

/// How many popular lists `who` sees.
pub async fn seen_count(house: &House, who: &CatalogViewer) -> Outcome<u64> {
    let sites = sites_seen_by(who);
    Ok(popular_lists::popular_lists_count(house.store.reads(), &sites).await?)
}

/// A popular list the viewer may open, and its titles they can see, in list order with their
/// positions.
pub struct VisibleList {
    pub list: popular_lists::PopularList,
    pub titles: Vec<(i64, TitleRecord)>,
}

/// The list of that id in the viewer's site or a global one (absent otherwise). Lists are short
/// (tens of titles), so the visible ones are read whole and paged by position; a total counts
/// only what this viewer can see.
pub async fn visible(house: &House, who: &CatalogViewer, list_id: &str) -> Outcome<VisibleList> {
    let reads = house.store.reads();
    let list = popular_lists::popular_list(reads, list_id)
        .await?
        .filter(|l| sites_seen_by(who).contains(&l.site_id))
        .ok_or_else(|| absences::popular_list(list_id))?;
    let entries = popular_lists::popular_list_titles(reads, &list.list_id).await?;
    let ids: Vec<String> = entries.iter().map(|(_, id)| id.clone()).collect();
    let records: HashMap<String, TitleRecord> = titles::get_many(reads, &ids)
        .await?
        .into_iter()
        .filter(|r| who.sees(r))
        .map(|r| (r.service_id.clone(), r))
        .collect();
    let titles = entries
        .into_iter()
        .filter_map(|(position, id)| records.get(&id).cloned().map(|r| (position, r)))
        .collect();
    Ok(VisibleList { list, titles })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles() -> Vec<String> {
        ["a", "b", "c"].map(str::to_owned).to_vec()
    }

    #[test]
    fn a_title_moves_within_the_list_and_never_past_its_ends() {
        let mut t = titles();
        assert!(moved(&mut t, "b", TitleMove::Up).is_ok());
        assert_eq!(t, ["b", "a", "c"]);
        assert!(moved(&mut t, "b", TitleMove::Up).is_err(), "first already");
        assert!(moved(&mut t, "c", TitleMove::Down).is_err(), "last already");
        assert!(moved(&mut t, "a", TitleMove::Off).is_ok());
        assert_eq!(t, ["b", "c"]);
        assert!(matches!(
            moved(&mut t, "z", TitleMove::Off),
            Err(Failure::NotFound(_))
        ));
        assert!(matches!(
            moved(&mut t, "c", TitleMove::Add),
            Err(Failure::Invalid(_))
        ));
        assert!(matches!(
            moved(&mut t, " ", TitleMove::Add),
            Err(Failure::Missing { .. })
        ));
        assert!(moved(&mut t, "d", TitleMove::Add).is_ok());
        assert_eq!(t, ["b", "c", "d"]);
    }
}
