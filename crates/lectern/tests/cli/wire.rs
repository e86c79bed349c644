//! The wire as it was: every answer of `lectern demo` to each role (every `/v2` operation, the
//! OPDS catalog in both renderings, the pages, a few forms, KOReader's sync) recorded by
//! `tests/wire/record.py` and compared with the corpus kept in `tests/wire/corpus.tar.xz`, byte
//! for byte but for what depends on the time or on chance (which `tests/wire/compare.py`
//! names). Moving a rule from one layer to another must not change what any client sees; a
//! change to the wire that is meant records the corpus again (`tests/wire/README.md`).

use std::process::Command;

use super::{free_port, temp_dir};

#[test]
fn every_answer_is_what_the_corpus_holds() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let recorded = temp_dir().join("corpus");
    let out = Command::new(root.join("tests/wire/each_role.sh"))
        .arg(super::BIN)
        .arg(&recorded)
        .env("PORT", free_port().to_string())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "recording the wire failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let compared = Command::new("python3")
        .arg(root.join("tests/wire/compare.py"))
        .arg(root.join("tests/wire/corpus.tar.xz"))
        .arg(&recorded)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&compared.stdout);
    assert!(
        compared.status.success(),
        "the wire changed (recorded in {}):\n{report}\n{}",
        recorded.display(),
        String::from_utf8_lossy(&compared.stderr)
    );
}
