//! Builds a title index of N synthetic titles on disk and times searches on it.
//!
//! `cargo run --release -p lectern-search --example bench_index -- [N] [DIR] [SHAPE]`
//! (N defaults to 200,000; DIR to a new directory under the system's temporary directory,
//! deleted afterwards; an index of N titles already there is reused). With SHAPE ("frequent
//! term", ...), times that query alone, over and over, for a profiler.
//!
//! Prints the build rate, then p50 and p99 of: a frequent term, a rare term, two terms and a
//! filtered keyword search (relevance, facets, 10 per page); and page 1 against page 5,000
//! (10 per page, facets on) of a broad ranked query and of the title-sorted listing; and the
//! time to apply one changed title.

use std::time::{Duration, Instant};

use lectern_domain::catalog::Format;
use lectern_domain::catalog::query::{Scope, TitleFilters, TitleSearch, TitleSort};
use lectern_domain::paging::Direction;
use lectern_search::TitleIndex;

#[path = "bench_index/generate.rs"]
mod generate;

const RUNS: usize = 200;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(200_000);
    let (dir, temporary) = match args.next() {
        Some(d) => (std::path::PathBuf::from(d), false),
        None => (
            std::env::temp_dir().join(format!("lectern-bench-index-{}", std::process::id())),
            true,
        ),
    };
    let only = args.next();
    let catalog = generate::Catalog::new(n);

    let started = Instant::now();
    let records: Vec<_> = (0..n).map(|i| catalog.title(i)).collect();
    let generated = started.elapsed();
    let index = TitleIndex::open(&dir)?;
    if index.last_applied_seq() == Some(n as i64) {
        println!("{n} titles: reusing the index in {}", dir.display());
    } else {
        let started = Instant::now();
        index.rebuild(records.into_iter(), n as i64, |_| {})?;
        let built = started.elapsed();
        println!(
            "{n} titles: generated in {:.1} s; indexed in {:.1} s = {:.0} titles/s (2 writer threads, 512 MB)",
            generated.as_secs_f64(),
            built.as_secs_f64(),
            n as f64 / built.as_secs_f64()
        );
    }
    // Reopening maps the committed files as a restarted server would.
    drop(index);
    let index = TitleIndex::open(&dir)?;

    println!("\nquery (relevance, facets, 10 per page)         total      p50      p99");
    let words = &catalog.vocabulary;
    let shapes = [
        ("frequent term", keyword(&words[0])),
        ("rare term", keyword(&words[4_000.min(words.len() - 1)])),
        ("two terms", keyword(&format!("{} {}", words[1], words[20]))),
        (
            "filtered term",
            TitleFilters {
                language: Some("eng".into()),
                format: Some(Format::Daisy),
                categories: vec![catalog.categories[0].clone()],
                ..keyword(&words[3])
            },
        ),
    ];
    // With SHAPE, that one query alone, for a while, for a profiler.
    let run = |name: &str, q: &TitleSearch| -> Result<bool, Box<dyn std::error::Error>> {
        match only.as_deref() {
            None => report(&index, name, q).map(|_| false),
            Some(wanted) if wanted == name => {
                for _ in 0..50 {
                    report(&index, name, q)?;
                }
                Ok(true)
            }
            Some(_) => Ok(false),
        }
    };
    for (name, filters) in shapes {
        if run(name, &query(filters, TitleSort::Relevance))? {
            return Ok(());
        }
    }

    println!("\ndeep pages (facets, 10 per page)                total      p50      p99");
    for (name, filters, sort) in [
        (
            "broad ranked query",
            keyword(&words[0]),
            TitleSort::Relevance,
        ),
        ("title listing", TitleFilters::default(), TitleSort::Title),
    ] {
        let first = query(filters, sort);
        if run(&format!("{name}, page 1"), &first)? {
            return Ok(());
        }
        let deep = page(&index, &first, 5_000)?;
        if run(&format!("{name}, page 5,000"), &deep)? {
            return Ok(());
        }
    }
    // The change feed's path: commit, reload, and warming the new segment and facet ordinals.
    let mut times = Vec::new();
    for i in 0..20 {
        let title = catalog.title(i * 7_919 % n);
        let started = Instant::now();
        index.apply(&[(n as i64, title)])?;
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "\napplying one changed title (commit, reload, warm): p50 {:.1}ms, max {:.1}ms",
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
    drop(index);
    if temporary {
        std::fs::remove_dir_all(&dir)?;
    }
    Ok(())
}

fn keyword(k: &str) -> TitleFilters {
    TitleFilters {
        keyword: Some(k.to_owned()),
        ..TitleFilters::default()
    }
}

/// A guest of site s1, which includes the global site g.
fn query(filters: TitleFilters, sort: TitleSort) -> TitleSearch {
    TitleSearch {
        filters,
        scope: Scope {
            sites: Some(vec!["s1".into(), "g".into()]),
            managed_sites: Some(vec![]),
            hide_adult: true,
        },
        sort,
        direction: Direction::Asc,
        limit: 10,
        start: None,
        facets: true,
    }
}

/// The search of page `n`, reached by following `next`.
fn page(
    index: &TitleIndex,
    first: &TitleSearch,
    n: usize,
) -> Result<TitleSearch, Box<dyn std::error::Error>> {
    let mut q = first.clone();
    q.facets = false;
    for _ in 1..n {
        q.start = Some(index.search(&q)?.next.ok_or("fewer pages than asked for")?);
    }
    q.facets = true;
    Ok(q)
}

fn report(
    index: &TitleIndex,
    name: &str,
    q: &TitleSearch,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut total = 0;
    for _ in 0..10 {
        total = index.search(q)?.total;
    }
    let mut times: Vec<Duration> = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        let page = index.search(q)?;
        times.push(started.elapsed());
        std::hint::black_box(page);
    }
    times.sort();
    let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "{name:<44} {total:>8} {:>7.2}ms {:>7.2}ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3
    );
    Ok(())
}
