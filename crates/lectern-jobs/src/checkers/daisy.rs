//! Checkers for DAISY books: the formats' own DTDs (DTBook, NCX, OEB 1.2's package, XHTML 1.0
//! for DAISY 2.02's NCC), as Debian's epubcheck carries them, applied by libxml2's `xmllint`;
//! and Debian's `daisy-player`, a DAISY player for the terminal, run in tmux and read off its
//! screen.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{both, skipped};

const EPUBCHECK_JAR: &str = "/usr/share/java/epubcheck.jar";
/// Where epubcheck keeps the DTDs of the formats EPUB 2 allowed, DAISY's among them.
const DTD_FOLDER: &str = "com/adobe/epubcheck/schema/20/dtd";

/// The DTDs, unpacked once per test process; `None` when epubcheck or unzip is missing.
fn dtds() -> Option<&'static Path> {
    static DTDS: OnceLock<Option<tempfile::TempDir>> = OnceLock::new();
    DTDS.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("lectern-dtds-")
            .tempdir()
            .ok()?;
        let unzipped = Command::new("unzip")
            .args(["-q", "-o", "-j", EPUBCHECK_JAR, &format!("{DTD_FOLDER}/*")])
            .arg("-d")
            .arg(dir.path())
            .status()
            .ok()?;
        if !unzipped.success() {
            return None;
        }
        // The DTDs name their entity files `.ent`; epubcheck keeps them as `.dtdinc`.
        for name in ["xhtml-lat1", "xhtml-symbol", "xhtml-special", "oeb12"] {
            let from = dir.path().join(format!("{name}.dtdinc"));
            std::fs::copy(from, dir.path().join(format!("{name}.ent"))).ok()?;
        }
        Some(dir)
    })
    .as_ref()
    .map(tempfile::TempDir::path)
}

/// Validates `xml` against the DTD `dtd` (a file name in epubcheck's folder:
/// `dtbook-2005-2.dtd`, `ncx-2005-1.dtd`, `oebpkg12.dtd`, `xhtml1-transitional.dtd`), and fails
/// the test on any error. Returns xmllint's output, or `None` when it was skipped.
pub fn dtd_valid(label: &str, xml: &[u8], dtd: &str) -> Option<String> {
    let xmllint = Command::new("xmllint").arg("--version").output().is_ok();
    let (true, Some(dtds)) = (xmllint, dtds()) else {
        return skipped(
            "xmllint with DAISY's DTDs",
            label,
            &format!("xmllint: {xmllint}; install libxml2-utils, unzip and Debian's epubcheck"),
        );
    };
    let dir = tempfile::tempdir().expect("a scratch folder");
    let file = dir.path().join("document.xml");
    std::fs::write(&file, xml).expect("the document is written");
    let output = Command::new("xmllint")
        .args(["--noout", "--nonet", "--dtdvalid"])
        .arg(dtds.join(dtd))
        .arg(&file)
        .output()
        .expect("xmllint runs");
    let text = both(&output);
    assert!(
        output.status.success(),
        "{label} is not valid by {dtd}:\n{text}"
    );
    Some(text)
}

/// A C shim that shows `daisy-player` a sound card: it will not start without one in
/// `/proc/asound/cards`, which a machine without sound lacks. Its audio goes to SoX's null
/// device (`-d default:null`).
const FAKE_CARD_SHIM: &str = r#"
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *swap(const char *path) {
  const char *f = getenv("FAKE_ASOUND_CARDS");
  return (path && f && strcmp(path, "/proc/asound/cards") == 0) ? f : path;
}
FILE *fopen(const char *path, const char *mode) {
  static FILE *(*real)(const char *, const char *);
  if (!real) real = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, "fopen");
  return real(swap(path), mode);
}
FILE *fopen64(const char *path, const char *mode) {
  static FILE *(*real)(const char *, const char *);
  if (!real) real = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, "fopen64");
  return real(swap(path), mode);
}
"#;

/// The shim, built once per test process, and the card list it shows.
fn shim() -> Option<&'static (PathBuf, PathBuf, tempfile::TempDir)> {
    static SHIM: OnceLock<Option<(PathBuf, PathBuf, tempfile::TempDir)>> = OnceLock::new();
    SHIM.get_or_init(|| {
        let dir = tempfile::Builder::new()
            .prefix("lectern-shim-")
            .tempdir()
            .ok()?;
        let source = dir.path().join("cards.c");
        let library = dir.path().join("cards.so");
        let cards = dir.path().join("cards");
        std::fs::write(&source, FAKE_CARD_SHIM).ok()?;
        std::fs::write(&cards, " 0 [Null           ]: Null - Null\n").ok()?;
        let built = Command::new("cc")
            .args(["-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source)
            .arg("-ldl")
            .status()
            .ok()?;
        built.success().then_some((library, cards, dir))
    })
    .as_ref()
}

/// `daisy-player` with a book open, in a tmux session of its own, read off its screen.
pub struct DaisyPlayer {
    socket: String,
    _book: tempfile::TempDir,
}

impl DaisyPlayer {
    /// Opens the book made of `files` and waits for the player to list its contents; `None`
    /// when the player, tmux or a C compiler is missing (a failure in CI).
    pub fn open(label: &str, files: &[(String, Vec<u8>)]) -> Option<DaisyPlayer> {
        let tools = ["daisy-player", "tmux", "cc"].iter().all(|tool| {
            Command::new("sh")
                .args(["-c", &format!("command -v {tool}")])
                .output()
                .is_ok_and(|o| o.status.success())
        });
        let shim = tools.then(shim).flatten();
        let Some((library, cards, _)) = shim else {
            skipped(
                "daisy-player",
                label,
                "install daisy-player, tmux and a C compiler",
            );
            return None;
        };
        let book = tempfile::tempdir().expect("a folder for the book");
        for (name, bytes) in files {
            let path = book.path().join(name);
            std::fs::create_dir_all(path.parent().expect("a file in the book"))
                .expect("the book's folders");
            std::fs::write(path, bytes).expect("the book's files");
        }
        static N: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "lectern-daisy-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        );
        let home = book.path().join(".home");
        std::fs::create_dir_all(&home).expect("the player's home");
        // The shell stays when the player ends, so that its last words are on the screen.
        let command = format!(
            "HOME='{}' LD_PRELOAD='{}' FAKE_ASOUND_CARDS='{}' daisy-player '{}' -d default:null -i; \
             echo \"daisy-player ended: $?\"; sleep 600",
            home.display(),
            library.display(),
            cards.display(),
            book.path().display()
        );
        let started = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-x",
                "100",
                "-y",
                "40",
                &command,
            ])
            .status()
            .expect("tmux runs");
        assert!(started.success(), "tmux did not start for {label}");
        let player = DaisyPlayer {
            socket,
            _book: book,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let screen = player.screen();
            if screen.contains("total length") {
                return Some(player);
            }
            assert!(
                Instant::now() < deadline && !screen.contains("daisy-player ended"),
                "daisy-player did not open {label}:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn tmux(&self, args: &[&str]) -> String {
        let output = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// What the screen shows.
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p"])
    }

    /// The line the player's cursor is on: the item it is at.
    pub fn current(&self) -> String {
        let row: usize = self
            .tmux(&["display", "-p", "#{cursor_y}"])
            .trim()
            .parse()
            .expect("tmux tells the cursor's row");
        self.screen()
            .lines()
            .nth(row)
            .unwrap_or_default()
            .to_owned()
    }

    /// Presses a key (tmux's name for it: `Down`, `Enter`), and waits for the screen to change.
    pub fn press(&self, key: &str) {
        let before = (self.screen(), self.current());
        self.tmux(&["send-keys", key]);
        let deadline = Instant::now() + Duration::from_secs(5);
        while (self.screen(), self.current()) == before && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for DaisyPlayer {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}
