//! The OpenAPI document against the server: schemathesis (all phases, every check) runs against
//! `lectern demo` as a guest and with tokens of several roles, a fresh server for each
//! (`tests/schema/each_role.sh`). The document is what reading apps generate clients from; it must
//! be as strict as the server.
//!
//! One test per role, so that a failure names its role and no single test holds a thread for ten
//! minutes: nextest spreads the six among the other tests, which keeps the run's last minutes from
//! being this test alone.
//!
//! One store suffices: the document and the parameter rules do not depend on it, and the store
//! code paths have their own tests on both.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::{free_port, temp_dir};

fn schemathesis_installed() -> bool {
    Command::new("st")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

mod the_document_is_as_strict_as_the_server {
    use super::schemathesis_as;

    #[test]
    fn guest() {
        schemathesis_as("guest");
    }

    #[test]
    fn reader() {
        schemathesis_as("reader");
    }

    #[test]
    fn teacher() {
        schemathesis_as("teacher");
    }

    #[test]
    fn collections() {
        schemathesis_as("collections");
    }

    #[test]
    fn membership() {
        schemathesis_as("membership");
    }

    #[test]
    fn admin() {
        schemathesis_as("admin");
    }
}

/// Schemathesis as one role (`guest`, or a demo user's name before the @).
fn schemathesis_as(role: &str) {
    if !schemathesis_installed() {
        assert!(
            std::env::var_os("CI").is_none(),
            "schemathesis (`st`) is not installed; .ci/run installs it"
        );
        eprintln!("SKIPPED: schemathesis (`st`) is not installed (pip install schemathesis)");
        return;
    }
    let reports = temp_dir().join("reports");
    let out = Command::new(repo_root().join("tests/schema/each_role.sh"))
        .arg(super::BIN)
        .env("ROLES", role)
        .env("PORT", free_port().to_string())
        .env("ST_REPORT_DIR", &reports)
        .output()
        .unwrap();
    println!("{}", String::from_utf8_lossy(&out.stdout));
    assert!(
        out.status.success(),
        "schemathesis as {role} found failures outside tests/schema/baseline.json (above); reports in {}\n{}",
        reports.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}
