//! The catalog's categories and BISAC codes as administrators keep them: one added, or its
//! description changed. Document 2 reads both lists and writes neither; the rules are the ones
//! `lectern load` checks its file with (a name; a code of three letters and six digits).

use lectern_domain::catalog::bisac;
use lectern_domain::invalid::Why;
use lectern_domain::invalid::{Invalid, Problems};
use lectern_store::bisac_codes::{self, BisacCode, BisacPrefix};
use lectern_store::categories;

use crate::administration::Administrator;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// Every category with its description, by name. Anyone may read them, as the catalog's
/// subjects.
pub async fn all(house: &House) -> Outcome<Vec<(String, Option<String>)>> {
    Ok(categories::categories(house.store.reads()).await?)
}

/// A category added, or its description changed (`None`: it has none).
pub async fn save_category(
    house: &House,
    _: &Administrator<'_>,
    name: &str,
    description: Option<&str>,
) -> Outcome<()> {
    if name.trim().is_empty() {
        return Err(Failure::Invalid(vec![Invalid::required_because(
            "name",
            Why::not_empty(),
        )]));
    }
    let mut tx = house.store.begin().await?;
    categories::upsert_category(&mut tx, name, description).await?;
    Ok(tx.commit().await?)
}

/// A BISAC code added, or its description changed; a code is always described.
pub async fn save_bisac_code(
    house: &House,
    _: &Administrator<'_>,
    code: &str,
    description: &str,
) -> Outcome<()> {
    let mut p = Problems::new();
    p.check("code", bisac::check_code(code));
    if description.trim().is_empty() {
        p.add_required("description", Why::not_empty());
    }
    let problems = p.into_vec();
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    let mut tx = house.store.begin().await?;
    bisac_codes::upsert_bisac(&mut tx, code, description).await?;
    Ok(tx.commit().await?)
}

/// A page of the BISAC codes whose code (or description) starts with `prefix`, in code (or
/// description) order after `after`: `limit` of them and one more when there are more; and how
/// many there are in all. Anyone may read them, as the catalog's subjects.
pub async fn bisac_codes(
    house: &House,
    prefix: &BisacPrefix,
    after: Option<&(String, String)>,
    limit: u32,
) -> Outcome<(Vec<BisacCode>, u64)> {
    let reads = house.store.reads();
    let total = bisac_codes::bisac_count(reads, prefix).await?;
    let rows = bisac_codes::bisac_page(reads, prefix, after, limit).await?;
    Ok((rows, total))
}
