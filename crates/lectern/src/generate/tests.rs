use lectern_domain::catalog::{Format, TitleRecord, TitleStatusCode};
use lectern_domain::title_access::UsageRestriction;

use super::*;

fn sample(seed: u64, n: u64) -> Vec<TitleRecord> {
    let g = Generator::new(seed, "demo");
    (0..n).map(|i| g.title(i)).collect()
}

fn share(titles: &[TitleRecord], f: impl Fn(&TitleRecord) -> bool) -> f64 {
    titles.iter().filter(|t| f(t)).count() as f64 / titles.len() as f64
}

#[test]
fn a_title_depends_only_on_the_seed_and_its_index() {
    let g = Generator::new(7, "demo");
    assert_eq!(g.title(123), Generator::new(7, "demo").title(123));
    assert_ne!(g.title(123), Generator::new(8, "demo").title(123));
    assert_ne!(g.title(123), g.title(124));
    assert_eq!(g.title(0).service_id, "gen-00000001");
    assert_eq!(service_id(MAX_TITLES - 1), "gen-99999999");
}

#[test]
fn the_catalog_has_the_shares_asked_for() {
    let titles = sample(1, 20_000);
    let live = share(&titles, |t| t.status == TitleStatusCode::Live);
    assert!((0.94..0.96).contains(&live), "live {live}");
    let adult = share(&titles, |t| t.adult_content);
    assert!((0.02..0.045).contains(&adult), "adult {adult}");
    assert!(
        titles
            .iter()
            .filter(|t| t.adult_content)
            .all(|t| !t.content_warnings.is_empty())
    );
    let nimac = share(&titles, |t| t.nimac);
    assert!((0.01..0.03).contains(&nimac), "nimac {nimac}");
    let restricted = share(&titles, |t| !t.countries.is_empty());
    assert!(
        (0.02..0.04).contains(&restricted),
        "country-restricted {restricted}"
    );
    let english = share(&titles, |t| t.languages[0] == "eng");
    assert!((0.85..0.91).contains(&english), "english {english}");
    let public = share(&titles, |t| {
        t.usage_restriction == UsageRestriction::PublicDomain
    });
    assert!((0.07..0.11).contains(&public), "public domain {public}");
    let epub = share(&titles, |t| t.artifact(Format::Epub3).is_some());
    assert!((0.75..0.85).contains(&epub), "EPUB 3 {epub}");
    let series = share(&titles, |t| t.series_title.is_some());
    assert!((0.08..0.3).contains(&series), "in a series {series}");
    let music = share(&titles, |t| {
        t.title_content_type.as_deref() == Some("music")
    });
    assert!(music > 0.0 && music < 0.01, "music {music}");
    assert!(
        titles
            .iter()
            .all(|t| !t.artifacts.is_empty() && !t.bisac_codes.is_empty())
    );
    assert!(
        titles
            .iter()
            .all(|t| t.artifacts.iter().all(|a| a.file.is_none()))
    );
}

#[test]
fn records_are_consistent_within_themselves() {
    for t in sample(2, 5_000) {
        let added = t.date_added.unwrap().unix();
        assert!(t.last_updated.unwrap().unix() >= added, "{}", t.service_id);
        assert!(t.publish_date.unwrap().unix() <= added, "{}", t.service_id);
        if let Some(isbn) = &t.isbn13 {
            let digits: Vec<u8> = isbn.bytes().map(|b| b - b'0').collect();
            let first: [u8; 12] = digits[..12].try_into().unwrap();
            assert_eq!(isbn::check_digit(&first), digits[12], "{isbn}");
        }
        for a in &t.artifacts {
            if a.format.is_audio() {
                let d = a.duration.as_deref().unwrap();
                assert!(
                    lectern_domain::catalog::artifact::duration_seconds(d).is_ok(),
                    "{d}"
                );
                assert!(a.narrator.is_some());
            }
            if a.format == Format::Brf {
                assert!(
                    a.braille_code.is_some()
                        && a.braille_grade.is_some()
                        && a.braille_type.is_some()
                );
            }
        }
        if t.title_content_type.as_deref() == Some("music") {
            assert!(
                t.contributors_of(lectern_domain::catalog::ContributorType::Composer)
                    .next()
                    .is_some()
            );
        }
        if t.series_number.is_some() {
            assert!(t.series_title.is_some());
        }
        // What a fixture or the store would read back.
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<TitleRecord>(&json).unwrap(), t);
    }
}

#[test]
fn series_share_their_author_and_number_in_order() {
    let g = Generator::new(3, "demo");
    let titles: Vec<_> = (0..4_000).map(|i| g.title(i)).collect();
    let mut seen = 0;
    for run in titles.chunks(SERIES_SPAN as usize) {
        let in_series: Vec<_> = run.iter().filter(|t| t.series_title.is_some()).collect();
        for (n, t) in in_series.iter().enumerate() {
            assert_eq!(
                t.series_number.as_deref(),
                Some((n + 1).to_string().as_str())
            );
            assert_eq!(t.series_title, in_series[0].series_title);
            assert_eq!(t.contributors[0].name, in_series[0].contributors[0].name);
            seen += 1;
        }
    }
    assert!(seen > 200, "{seen} titles in series");
}

#[test]
fn popular_authors_have_many_titles_and_most_few() {
    let titles = sample(4, 20_000);
    let mut counts = std::collections::HashMap::new();
    for t in &titles {
        *counts.entry(t.contributors[0].name.clone()).or_insert(0u32) += 1;
    }
    let top = counts.values().max().copied().unwrap();
    let singles = counts.values().filter(|c| **c == 1).count();
    assert!(top >= 20, "the most popular author has {top} titles");
    assert!(
        singles > counts.len() / 2,
        "{singles} of {} authors have one title",
        counts.len()
    );
}

#[test]
fn lists_hold_distinct_live_titles() {
    let g = Generator::new(5, "demo");
    let mut newest = Newest::default();
    for i in 0..3_000 {
        newest.offer(i, &g.title(i));
    }
    let lists = g.popular_lists(3_000, newest);
    assert_eq!(lists.len(), 3);
    for list in &lists {
        assert_eq!(
            list.service_ids.len(),
            lists::LIST_LENGTH,
            "{}",
            list.list_id
        );
        let distinct: std::collections::HashSet<_> = list.service_ids.iter().collect();
        assert_eq!(distinct.len(), list.service_ids.len());
    }
    let arrivals: Vec<i64> = lists[1]
        .service_ids
        .iter()
        .map(|id| {
            g.title(id[4..].parse::<u64>().unwrap() - 1)
                .date_added
                .unwrap()
                .unix()
        })
        .collect();
    assert!(
        arrivals.windows(2).all(|w| w[0] >= w[1]),
        "new arrivals newest first"
    );
}

lectern_store::on_both_stores!(the_store_gives_back_exactly_what_was_generated);

async fn the_store_gives_back_exactly_what_was_generated(backend: lectern_store::testing::Backend) {
    let t = lectern_store::testing::fresh(backend).await;
    let site = lectern_domain::site::Site {
        id: "demo".to_owned(),
        name: "Demo".to_owned(),
        global: true,
        language: None,
    };
    lectern_store::sites::upsert(&mut t.store.writer().await.expect("a writer"), &site)
        .await
        .unwrap();
    let titles = sample(9, 3_000);
    let mut tx = t.store.begin().await.unwrap();
    for batch in titles.chunks(1_000) {
        lectern_store::titles::upsert(&mut tx, batch).await.unwrap();
    }
    tx.commit().await.unwrap();
    let stored = lectern_store::titles::changes_since(t.store.reads(), 0, 5_000)
        .await
        .unwrap();
    assert_eq!(stored.len(), titles.len());
    for ((_, back), made) in stored.iter().zip(&titles) {
        assert_eq!(back, made);
    }
}
