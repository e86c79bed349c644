//! How much of a document is read: an upload of 20 MB can hold a zip bomb (a gigabyte of slide
//! XML in a megabyte) or a thousand pages for OCR. What passes a bound is the document's
//! failure, with the bound in words; nothing is read past it (`docs/decisions.md`, "Documents").

use crate::work_error::{WorkError, Worked};

/// Pages of a PDF, with a text layer or scanned (OCR takes about half a second a page).
pub const MAX_PAGES: u32 = 300;
/// Slides of a presentation.
pub const MAX_SLIDES: usize = 500;
/// Entries of a presentation's zip.
pub const MAX_ZIP_ENTRIES: usize = 10_000;
/// Bytes of one slide's XML, once decompressed.
pub const MAX_SLIDE_BYTES: u64 = 8 * 1024 * 1024;
/// Bytes of all slides' XML together, once decompressed.
pub const MAX_SLIDES_BYTES: u64 = 64 * 1024 * 1024;
/// Depth of XML elements within a slide.
pub const MAX_XML_DEPTH: usize = 256;
/// Bytes a tool may write: the XML of a PDF's text layer, a page's recognised text.
pub const TOOL_OUTPUT_BYTES: u64 = 64 * 1024 * 1024;

pub fn check_pages(pages: u32) -> Worked<()> {
    if pages > MAX_PAGES {
        Err(WorkError::unreadable(format!(
            "the document has {pages} pages; documents of up to {MAX_PAGES} pages are converted"
        )))
    } else {
        Ok(())
    }
}
