//! Documents made accessible: an uploaded PDF, image or presentation turned into the chapters of
//! an EPUB 3. A PDF's text layer is read with its headings (poppler's `pdftohtml`); a PDF without
//! one, and an image, are recognised with Tesseract; a presentation gives a chapter per slide.
//! The tools are Debian's (`poppler-utils`, `tesseract-ocr`, `libheif-examples`), run as
//! commands: see `docs/decisions.md`. Every read of a document is bounded (`limits`): a small
//! upload can unfold into gigabytes.

mod limits;
mod ocr;
mod pdf;
mod pptx;
pub(crate) mod tools;

use std::path::Path;
use std::process::Command;

use lectern_domain::documents::DocumentType;

use crate::epub::Chapter;
use crate::work_error::{WorkError, Worked};
pub use limits::{MAX_PAGES, MAX_SLIDES};
pub use tools::{Cancel, Converters, Tool, tools_for};

/// The chapters of the document at `path` (of type `kind`), working in `dir`. The error says
/// why it could not be read; a cancelled conversion ends with [`WorkError::Stopped`].
pub fn chapters(
    kind: DocumentType,
    path: &Path,
    dir: &Path,
    name: &str,
    cancel: &Cancel,
) -> Worked<Vec<Chapter>> {
    let chapters = match kind {
        DocumentType::Pdf => {
            let pages = pdf::page_count(path, cancel)?;
            limits::check_pages(pages)?;
            match pdf::chapters(path, name, cancel)? {
                found if !found.is_empty() => found,
                // No text layer: a scan. Its pages are recognised one by one.
                _ => ocr::scanned_pdf(path, dir, pages, cancel)?,
            }
        }
        DocumentType::Jpeg | DocumentType::Png => ocr::image(path, name, cancel)?,
        DocumentType::Heif => {
            let png = dir.join("image.png");
            run(
                Command::new("heif-convert").arg(path).arg(&png),
                "heif-convert",
                cancel,
            )?;
            ocr::image(&png, name, cancel)?
        }
        DocumentType::Pptx => pptx::chapters(path)?,
    };
    if chapters.iter().all(|c| c.text.trim().is_empty()) {
        return Err(WorkError::unreadable(
            "no text could be found in the document",
        ));
    }
    Ok(chapters)
}

/// Runs a tool whose output is small (text of a page, a status); its standard output, or why it
/// failed.
fn run(command: &mut Command, tool: &str, cancel: &Cancel) -> Worked<Vec<u8>> {
    tools::run(command, tool, limits::TOOL_OUTPUT_BYTES, cancel)
}
