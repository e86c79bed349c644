//! Documents made accessible: an uploaded PDF, image or presentation turned into the chapters of
//! an EPUB 3. A PDF's text layer is read with its headings (poppler's `pdftohtml`); a PDF without
//! one, and an image, are recognised with Tesseract; a presentation gives a chapter per slide.
//! The tools are Debian's (`poppler-utils`, `tesseract-ocr`, `libheif-examples`), run as
//! commands: see `docs/decisions.md`.

mod ocr;
mod pdf;
mod pptx;

use std::path::Path;
use std::process::Command;

use lectern_domain::documents::DocumentType;

use crate::epub::Chapter;

/// The chapters of the document at `path` (of type `kind`), working in `dir`. The error says
/// why it could not be read.
pub fn chapters(
    kind: DocumentType,
    path: &Path,
    dir: &Path,
    name: &str,
) -> Result<Vec<Chapter>, String> {
    let chapters = match kind {
        DocumentType::Pdf => match pdf::chapters(path, name)? {
            found if !found.is_empty() => found,
            // No text layer: a scan. Its pages are recognised one by one.
            _ => ocr::scanned_pdf(path, dir)?,
        },
        DocumentType::Jpeg | DocumentType::Png => ocr::image(path, name)?,
        DocumentType::Heif => {
            let png = dir.join("image.png");
            run(
                Command::new("heif-convert").arg(path).arg(&png),
                "heif-convert",
            )?;
            ocr::image(&png, name)?
        }
        DocumentType::Pptx => pptx::chapters(path)?,
    };
    if chapters.iter().all(|c| c.text.trim().is_empty()) {
        return Err("no text could be found in the document".to_owned());
    }
    Ok(chapters)
}

/// Runs a tool; its standard output, or why it failed.
fn run(command: &mut Command, tool: &str) -> Result<Vec<u8>, String> {
    let out = command
        .output()
        .map_err(|e| format!("{tool} could not be started: {e}"))?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(format!(
            "{tool} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}
