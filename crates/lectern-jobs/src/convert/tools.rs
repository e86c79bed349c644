//! The programs documents are converted with, whether this machine has them, and running one so
//! that it can be stopped and cannot flood memory.

use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use lectern_domain::documents::DocumentType;

use crate::work_error::{WorkError, Worked};

/// A program run to convert documents, and the Debian package that installs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tool {
    pub command: &'static str,
    pub package: &'static str,
}

const PDFTOHTML: Tool = Tool {
    command: "pdftohtml",
    package: "poppler-utils",
};
const PDFTOPPM: Tool = Tool {
    command: "pdftoppm",
    package: "poppler-utils",
};
const PDFINFO: Tool = Tool {
    command: "pdfinfo",
    package: "poppler-utils",
};
const TESSERACT: Tool = Tool {
    command: "tesseract",
    package: "tesseract-ocr",
};
const HEIF_CONVERT: Tool = Tool {
    command: "heif-convert",
    package: "libheif-examples",
};

/// What converting a document of each type runs. A PDF may turn out to be a scan, so it needs
/// the OCR tools as well as poppler's text reader.
pub fn tools_for(kind: DocumentType) -> &'static [Tool] {
    match kind {
        DocumentType::Pdf => &[PDFINFO, PDFTOHTML, PDFTOPPM, TESSERACT],
        DocumentType::Jpeg | DocumentType::Png => &[TESSERACT],
        DocumentType::Heif => &[HEIF_CONVERT, TESSERACT],
        DocumentType::Pptx => &[],
    }
}

/// Which document types this machine can convert: the tools found on the search path when the
/// server started.
#[derive(Debug, Clone)]
pub struct Converters {
    missing: Vec<Tool>,
}

impl Converters {
    /// The tools on this process's `PATH`.
    pub fn probe() -> Self {
        Self::probe_in(std::env::var_os("PATH").as_deref().unwrap_or_default())
    }

    /// The tools on the given search path (an empty one finds none).
    pub fn probe_in(search_path: &OsStr) -> Self {
        let all = [PDFTOHTML, PDFTOPPM, PDFINFO, TESSERACT, HEIF_CONVERT];
        let missing = all
            .into_iter()
            .filter(|t| !on_path(search_path, t.command))
            .collect();
        Converters { missing }
    }

    /// Why documents of this type cannot be converted here, or `None` when they can.
    pub fn unavailable(&self, kind: DocumentType) -> Option<String> {
        let missing: Vec<String> = tools_for(kind)
            .iter()
            .filter(|t| self.missing.contains(t))
            .map(|t| format!("{} (Debian package {})", t.command, t.package))
            .collect();
        let verb = if missing.len() == 1 { "is" } else { "are" };
        (!missing.is_empty()).then(|| {
            format!(
                "{kind} documents cannot be converted on this server: {} {verb} not installed",
                missing.join(" and ")
            )
        })
    }

    /// Every type that cannot be converted here, with why.
    pub fn unavailable_types(&self) -> Vec<(DocumentType, String)> {
        DocumentType::ALL
            .iter()
            .filter_map(|k| self.unavailable(*k).map(|why| (*k, why)))
            .collect()
    }
}

fn on_path(search_path: &OsStr, command: &str) -> bool {
    std::env::split_paths(search_path).any(|dir| is_executable(&dir.join(command)))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Set when the conversion should stop: its document was deleted, or its claim was lost.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// An error when cancelled, for the `?` between steps of a conversion.
    pub fn check(&self) -> Worked<()> {
        if self.is_cancelled() {
            Err(WorkError::Stopped)
        } else {
            Ok(())
        }
    }
}

/// How often a running tool is checked for cancellation.
const POLL: Duration = Duration::from_millis(50);

/// Runs a tool and returns its standard output, at most `max_output` bytes of it (more is the
/// document's failure, and the tool is stopped): a small file can make a tool write without
/// end. A cancelled run kills the tool.
pub fn run(command: &mut Command, tool: &str, max_output: u64, cancel: &Cancel) -> Worked<Vec<u8>> {
    run_reading(command.stdin(Stdio::null()), tool, max_output, cancel)
}

/// As [`run`], with the tool reading the file `input` as its standard input.
pub fn run_fed(
    command: &mut Command,
    input: &Path,
    tool: &str,
    max_output: u64,
    cancel: &Cancel,
) -> Worked<Vec<u8>> {
    let file = std::fs::File::open(input).map_err(|e| {
        WorkError::machine(format!(
            "{tool}'s input {} cannot be read: {e}",
            input.display()
        ))
    })?;
    run_reading(command.stdin(file), tool, max_output, cancel)
}

fn run_reading(
    command: &mut Command,
    tool: &str,
    max_output: u64,
    cancel: &Cancel,
) -> Worked<Vec<u8>> {
    cancel.check()?;
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| WorkError::tool(format!("{tool} could not be started: {e}")))?;
    let stdout = bounded_reader(child.stdout.take(), max_output);
    let stderr = bounded_reader(child.stderr.take(), 64 * 1024);
    let status = loop {
        if cancel.is_cancelled() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(WorkError::Stopped);
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(POLL),
            Err(e) => {
                return Err(WorkError::tool(format!(
                    "{tool} could not be waited for: {e}"
                )));
            }
        }
        if stdout.is_over() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(too_much(tool, max_output));
        }
    };
    if stdout.is_over() {
        return Err(too_much(tool, max_output));
    }
    let out = stdout.join()?;
    let err = stderr.join().unwrap_or_default();
    if status.success() {
        Ok(out)
    } else {
        Err(WorkError::tool(format!(
            "{tool} failed: {}",
            String::from_utf8_lossy(&err).trim()
        )))
    }
}

/// A tool that wrote more than its bound: the document unfolds into too much to convert.
fn too_much(tool: &str, max_output: u64) -> WorkError {
    WorkError::unreadable(format!(
        "{tool} wrote more than {} MB; the document is too large to convert",
        max_output / (1024 * 1024)
    ))
}

/// A thread reading a pipe to its end, or until `limit` bytes, when it stops with an error.
struct BoundedReader(
    Option<std::thread::JoinHandle<std::io::Result<Vec<u8>>>>,
    Arc<AtomicBool>,
);

fn bounded_reader(pipe: Option<impl Read + Send + 'static>, limit: u64) -> BoundedReader {
    let over = Arc::new(AtomicBool::new(false));
    let flag = over.clone();
    let handle = pipe.map(|pipe| {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            pipe.take(limit + 1).read_to_end(&mut out)?;
            if out.len() as u64 > limit {
                flag.store(true, Ordering::Relaxed);
                return Err(std::io::Error::other("over its bound"));
            }
            Ok(out)
        })
    });
    BoundedReader(handle, over)
}

impl BoundedReader {
    /// Whether the output passed its bound, without waiting for the thread.
    fn is_over(&self) -> bool {
        self.1.load(Ordering::Relaxed)
    }

    fn join(self) -> Worked<Vec<u8>> {
        let failed = || WorkError::machine("reading a tool's output failed");
        match self.0 {
            None => Ok(Vec::new()),
            Some(h) => h.join().map_err(|_| failed())?.map_err(|_| failed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_type_is_unavailable_when_a_tool_it_needs_is_missing() {
        let none = Converters::probe_in(OsStr::new(""));
        assert_eq!(none.unavailable(DocumentType::Pptx), None);
        let why = none.unavailable(DocumentType::Png).unwrap_or_default();
        assert!(
            why.contains("tesseract (Debian package tesseract-ocr) is not installed"),
            "{why}"
        );
        let why = none.unavailable(DocumentType::Pdf).unwrap_or_default();
        assert!(
            why.contains("poppler-utils") && why.contains("are not installed"),
            "{why}"
        );
        assert_eq!(none.unavailable_types().len(), 4);
    }

    #[test]
    fn a_run_is_bounded_and_can_be_stopped() {
        let cancel = Cancel::default();
        let out = run(Command::new("echo").arg("hello"), "echo", 100, &cancel);
        assert_eq!(out.as_deref().ok(), Some(&b"hello\n"[..]));
        let flood = run(&mut Command::new("yes"), "yes", 1024 * 1024, &cancel);
        assert!(flood.is_err_and(
            |e| matches!(&e, WorkError::Unreadable(why) if why.contains("wrote more than 1 MB"))
        ));
        let stopper = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stopper.cancel();
        });
        let started = std::time::Instant::now();
        let slept = run(Command::new("sleep").arg("30"), "sleep", 100, &cancel);
        assert!(matches!(slept, Err(WorkError::Stopped)));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
