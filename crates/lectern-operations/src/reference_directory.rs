//! The reference directory of organizations (`GET /v2/referenceOrganizations`): searched by
//! the library's own applications, and read when an organization signs up from one of its
//! records. Its import is `organizations::import_directory`.

use lectern_store::reference_organizations::{self, DirectoryQuery, ReferenceOrganization};

use crate::actor::Actor;
use crate::failure::Outcome;
use crate::house::House;

/// A page of the directory (up to `limit + 1`, each with its key in the name order) and how
/// many match, for a client with membership privileges.
pub async fn page(
    house: &House,
    actor: &Actor,
    query: &DirectoryQuery,
) -> Outcome<(Vec<(String, ReferenceOrganization)>, u64)> {
    actor.privileged("search the directory of organizations")?;
    let reads = house.store.reads();
    let rows = reference_organizations::page(reads, query).await?;
    let total = reference_organizations::count(reads, query).await?;
    Ok((rows, total))
}

/// The directory's record `id`, if there is one.
pub async fn entry(house: &House, id: &str) -> Outcome<Option<ReferenceOrganization>> {
    Ok(reference_organizations::get(house.store.reads(), id).await?)
}
