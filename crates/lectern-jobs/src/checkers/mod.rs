//! Checkers nobody here wrote, as test oracles for the EPUBs Lectern makes: epubcheck (Debian's,
//! run with java) and Ace by DAISY (`tests/ace`, run with node and Debian's Chromium). Each is
//! skipped loudly when it is not installed, except in CI, where that is a failure: a check must
//! not silently vanish. Built with the `testing` feature only. DAISY's checkers are in `daisy`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

mod daisy;

pub use daisy::{DaisyPlayer, dtd_valid};

const EPUBCHECK_JARS: &[&str] = &["/usr/share/java/epubcheck.jar", "/usr/bin/epubcheck"];

/// The JVM's options for a checker run once on one small file: its quick compiler alone and one
/// collector thread. Measured on Frankenstein's EPUB, epubcheck took 13.4 s of CPU with the
/// JVM's defaults and 6.6 s with these, its verdict the same (docs/decisions.md).
const SHORT_RUN_JVM: &[&str] = &["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

/// Runs epubcheck on `bytes` and fails the test unless it exits 0 with "No errors or warnings
/// detected". Returns the validator's output, or `None` when it was skipped.
pub fn epubcheck(label: &str, bytes: &[u8]) -> Option<String> {
    let jar = EPUBCHECK_JARS.iter().find(|j| Path::new(j).is_file());
    let java = Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    let (Some(jar), true) = (jar, java) else {
        return skipped(
            "epubcheck",
            label,
            &format!("java: {java}, jar: {jar:?}; install Debian's epubcheck"),
        );
    };
    let file = Scratch::with(label, bytes);
    let output = Command::new("java")
        .args(SHORT_RUN_JVM)
        .arg("-jar")
        .arg(jar)
        .arg(&file.0)
        .output()
        .expect("java runs epubcheck");
    let text = both(&output);
    assert!(
        output.status.success() && text.contains("No errors or warnings detected"),
        "epubcheck rejected {label} ({}):\n{text}",
        output.status
    );
    Some(text)
}

/// Runs Ace by DAISY on `bytes` (`tests/ace/check.mjs`) and fails the test on a violation of
/// serious or critical impact, or on accessibility metadata that is not true of the file.
pub fn ace(label: &str, bytes: &[u8]) -> Option<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/ace");
    let installed = dir.join("node_modules/.bin/ace-cli").is_file();
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !(installed && node) {
        return skipped(
            "Ace by DAISY",
            label,
            &format!("node: {node}, ace-cli installed: {installed}; run npm ci in tests/ace"),
        );
    }
    let file = Scratch::with(label, bytes);
    let output = Command::new("node")
        .arg(dir.join("check.mjs"))
        .arg(&file.0)
        .output()
        .expect("node runs check.mjs");
    let text = both(&output);
    assert!(
        output.status.success(),
        "Ace by DAISY found problems in {label}:\n{text}"
    );
    Some(text)
}

fn skipped(checker: &str, label: &str, why: &str) -> Option<String> {
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but {checker} is not available: {why}"
    );
    eprintln!("\n*** SKIPPED {checker} of {label}: {why} ***\n");
    None
}

fn both(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A file holding the bytes to check, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn with(label: &str, bytes: &[u8]) -> Scratch {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let safe: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let path = std::env::temp_dir().join(format!(
            "lectern-check-{}-{n}-{safe}.epub",
            std::process::id()
        ));
        std::fs::write(&path, bytes).expect("the file to check is written");
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
