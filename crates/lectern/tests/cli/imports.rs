//! Arrows between modules run one way: a module that imports another is never imported by it,
//! directly or round a circle. Read from the source (every `crate::` and `super::` path outside
//! tests and comments), at the depth a newcomer reads the code: a crate's top-level modules and
//! the modules inside them (`web::lists`, `conventions::paging`). A circle is a group of modules
//! each reachable from every other (a strongly connected component of the import graph).
//!
//! There are none (issue 58 took the last ones out): any circle fails, each module named
//! `crate/module`. And `lectern-http`'s doors are top-level modules that import no other door.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

#[test]
fn no_module_imports_one_that_imports_it() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found: BTreeSet<Vec<String>> = BTreeSet::new();
    for name in [
        "lectern",
        "lectern-http",
        "lectern-operations",
        "lectern-jobs",
        "lectern-store",
        "lectern-search",
        "lectern-domain",
    ] {
        for circle in circles(&crates.join(name).join("src")) {
            found.insert(circle.iter().map(|m| format!("{name}/{m}")).collect());
        }
    }
    assert!(
        found.is_empty(),
        "modules that import each other: {found:?}"
    );
}

/// The doors of `lectern-http`, each a top-level module over the house: the API, the token
/// server, the OPDS catalog, KOReader's sync, the readers' and sponsors' pages, the staff's.
const DOORS: [&str; 6] = ["api", "token_server", "opds", "kosync", "web", "staff"];

/// No door imports another door, and nothing beside the doors (what they share) imports one:
/// arrows run from a door down to what is shared and to the house.
#[test]
fn doors_do_not_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lectern-http/src");
    let door_of = |module: &str| {
        let top = module.split("::").next().unwrap_or("");
        DOORS.contains(&top).then(|| top.to_owned())
    };
    let two_levels = |module: &str| module.split("::").take(2).collect::<Vec<_>>().join("::");
    let mut crossing: BTreeSet<(String, String)> = BTreeSet::new();
    for (from, targets) in edges(&src) {
        let from = two_levels(&from);
        for to in targets {
            let to = two_levels(&to);
            let Some(into) = door_of(&to) else { continue };
            if door_of(&from).as_ref() != Some(&into) {
                crossing.insert((from.clone(), to));
            }
        }
    }
    assert!(
        crossing.is_empty(),
        "arrows into a door from outside it (from, into): {crossing:?}"
    );
}

/// The doors reach the store only through the house: none reads from it, opens a transaction
/// or takes the writer itself (`lib.rs` hands the store to the house, and the health check
/// pings it).
#[test]
fn doors_reach_the_store_only_through_the_house() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lectern-http/src");
    let reaching = Regex::new(r"\.(reads|begin|writer)\(\)").unwrap();
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for (n, line) in code.lines().enumerate() {
            if reaching.is_match(line) {
                let at = file.strip_prefix(&src).unwrap_or(&file).display();
                found.push(format!("{at}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "doors reaching the store themselves: {found:#?}"
    );
}

/// A file's code: what comes before its tests, without comments, line for line.
fn code_of(source: &str) -> String {
    source
        .split("#[cfg(test)]")
        .next()
        .unwrap_or("")
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The circles among a crate's modules, each as its modules' names in order.
fn circles(src: &Path) -> Vec<Vec<String>> {
    strongly_connected(&edges(src))
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect()
}

/// Which modules each module imports, both at the depth the module note gives.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(src) {
        let relative = file
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let module = module_of(&relative);
        let from = node(src, &module);
        for target in imports(&std::fs::read_to_string(&file).unwrap(), &module) {
            let to = node(src, &target);
            if !from.is_empty() && !to.is_empty() && to != from {
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    edges
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// `web/staff/home.rs` is `web::staff::home`; `web/mod.rs` is `web`; `lib.rs` the crate.
fn module_of(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The paths a file names through `crate::` and `super::`, outside comments and its tests.
fn imports(source: &str, module: &[String]) -> Vec<Vec<String>> {
    // Built once: an unoptimised test build took some 25 s building them again for each file.
    static PATH: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\bcrate::((?:\w+::)*\w+)").unwrap());
    static GROUP: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bcrate::\{([^}]*)\}").unwrap());
    static RELATIVE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\b((?:super::)+)((?:\w+::)*\w+)").unwrap());
    let (path, group, relative) = (&*PATH, &*GROUP, &*RELATIVE);
    let code = code_of(source);
    let split = |p: &str| p.split("::").map(str::to_owned).collect::<Vec<_>>();
    let mut out: Vec<Vec<String>> = path.captures_iter(&code).map(|c| split(&c[1])).collect();
    for c in group.captures_iter(&code) {
        out.extend(
            c[1].split(',')
                .map(str::trim)
                .filter(|i| !i.is_empty())
                .map(split),
        );
    }
    for c in relative.captures_iter(&code) {
        let up = c[1].matches("super::").count();
        let mut target = module[..module.len().saturating_sub(up)].to_vec();
        target.extend(split(&c[2]));
        out.push(target);
    }
    out
}

/// The module a path is in, to two levels (three under `api`, whose areas are the modules a
/// crate's top level holds elsewhere): the longest prefix of it that is a module.
fn node(src: &Path, segments: &[String]) -> String {
    let depth = if segments.first().is_some_and(|s| s == "api") {
        3
    } else {
        2
    };
    let mut kept: Vec<&str> = Vec::new();
    for s in segments.iter().take(depth) {
        let dir = kept.iter().fold(src.to_path_buf(), |p, k| p.join(k));
        if dir.join(format!("{s}.rs")).is_file() || dir.join(s).join("mod.rs").is_file() {
            kept.push(s);
        } else {
            break;
        }
    }
    kept.join("::")
}

/// Tarjan's strongly connected components, each sorted.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                component.sort();
                self.found.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}
