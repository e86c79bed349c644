//! The index admits exactly what `title_access::scope_admits` admits, and counts accordingly.

use std::collections::{BTreeMap, BTreeSet};

use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::query::{Scope, TitleFilters};
use lectern_domain::title_access::{TitleFacts, scope_admits};
use lectern_search::Counted;
use proptest::prelude::*;
use serde_json::json;

use crate::common::{index_of, record, search, walk};

const SITES: &[&str] = &["s1", "s2", "s3"];
const LANGUAGES: &[&str] = &["eng", "fre"];
const CODES: &[&str] = &["FIC000000", "JUV000000", "POE000000"];
const STATUSES: &[&str] = &["live", "withdrawn", "new", "removed"];

fn facts(r: &TitleRecord) -> TitleFacts {
    TitleFacts {
        site_id: r.site.clone(),
        in_global_collection: false,
        status: r.status.lifecycle(),
        usage: r.usage_restriction,
        adult_content: r.adult_content,
        countries: r.countries.clone(),
        nimac_restricted: r.nimac,
    }
}

fn title(i: usize, site: usize, status: usize, adult: bool, countries: &[&str]) -> TitleRecord {
    record(
        &format!("x{i:03}"),
        "Title",
        json!({
            "site": SITES[site],
            "status": STATUSES[status],
            "adultContent": adult,
            "countries": countries,
            "categories": [format!("C{}", i % 3)],
            "languages": [LANGUAGES[i % 2]],
            "bisacCodes": [CODES[i % 3]],
        }),
    )
}

fn sites() -> impl Strategy<Value = Option<Vec<String>>> {
    prop::option::of(prop::sample::subsequence(SITES, 0..=3))
        .prop_map(|s| s.map(|v| v.into_iter().map(str::to_owned).collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn search_hits_are_the_titles_the_scope_admits(
        titles in prop::collection::vec((0..3usize, 0..4usize, any::<bool>()), 0..30),
        listed in sites(),
        managed in sites(),
        hide_adult in any::<bool>(),
    ) {
        let records: Vec<TitleRecord> = titles
            .iter()
            .enumerate()
            .map(|(i, &(site, status, adult))| title(i, site, status, adult, &[]))
            .collect();
        let index = index_of(&records, 2);
        let scope = Scope { sites: listed, managed_sites: managed, hide_adult };
        let mut q = search(TitleFilters::default());
        q.scope = scope.clone();
        q.limit = 4;
        let got: BTreeSet<String> = walk(&index, &q).into_iter().collect();
        let want: BTreeSet<String> = records
            .iter()
            .filter(|r| scope_admits(&scope, &facts(r)))
            .map(|r| r.service_id.clone())
            .collect();
        prop_assert_eq!(&got, &want);

        // Counts take live titles only, even for those who see more.
        let live = records
            .iter()
            .filter(|r| want.contains(&r.service_id) && r.status.as_str() == "live")
            .count() as u64;
        prop_assert_eq!(index.count(&scope, None).unwrap(), live);

        let mut categories: BTreeMap<String, u64> = BTreeMap::new();
        for r in records.iter().filter(|r| want.contains(&r.service_id)) {
            *categories.entry(r.categories[0].clone()).or_default() += 1;
        }
        let counted: Vec<(String, u64)> = categories.into_iter().collect();
        prop_assert_eq!(index.category_counts(&scope).unwrap(), counted);

        let mut languages: BTreeMap<String, u64> = BTreeMap::new();
        let mut codes: BTreeMap<String, u64> = BTreeMap::new();
        for r in records.iter().filter(|r| want.contains(&r.service_id)) {
            *languages.entry(r.languages[0].clone()).or_default() += 1;
            *codes.entry(r.bisac_codes[0].to_lowercase()).or_default() += 1;
        }
        let languages: Vec<(String, u64)> = languages.into_iter().collect();
        let codes: Vec<(String, u64)> = codes.into_iter().collect();
        prop_assert_eq!(index.term_counts(Counted::Language, &scope).unwrap(), languages);
        prop_assert_eq!(index.term_counts(Counted::BisacCode, &scope).unwrap(), codes);
    }
}

#[test]
fn counts_by_country_include_titles_readable_everywhere() {
    let records = [
        title(0, 0, 0, false, &[]),
        title(1, 0, 0, false, &["US"]),
        title(2, 0, 0, false, &["GB", "IE"]),
        title(3, 0, 1, false, &["US"]),
    ];
    let index = index_of(&records, 1);
    let all = Scope {
        sites: None,
        managed_sites: None,
        hide_adult: false,
    };
    assert_eq!(index.count(&all, None).unwrap(), 3);
    assert_eq!(index.count(&all, Some("US")).unwrap(), 2);
    assert_eq!(index.count(&all, Some("ie")).unwrap(), 2);
    assert_eq!(index.count(&all, Some("FR")).unwrap(), 1);
}
