//! Text recognised in images with Tesseract: an image is one chapter, a scanned PDF a chapter per
//! page (each page rendered at 200 dpi with poppler's `pdftoppm`).

use std::path::Path;
use std::process::Command;

use super::{Cancel, run};
use crate::epub::Chapter;
use crate::work_error::Worked;

/// The text Tesseract reads in an image, in paragraphs.
fn recognise(image: &Path, cancel: &Cancel) -> Worked<String> {
    let out = run(
        Command::new("tesseract")
            .arg(image)
            .arg("stdout")
            .args(["-l", "eng", "--psm", "3"]),
        "tesseract",
        cancel,
    )?;
    Ok(paragraphs(&String::from_utf8_lossy(&out)))
}

/// Tesseract ends each line with a newline and each block with a blank line: lines of a block
/// become one paragraph.
fn paragraphs(text: &str) -> String {
    text.split("\n\n")
        .map(|block| block.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

pub fn image(path: &Path, name: &str, cancel: &Cancel) -> Worked<Vec<Chapter>> {
    Ok(vec![Chapter {
        title: name.to_owned(),
        text: recognise(path, cancel)?,
    }])
}

/// Each of the `pages` is rendered and recognised in turn, its image deleted after: a stopped
/// conversion stops between two pages or inside one, and the disk holds one page at a time.
pub fn scanned_pdf(path: &Path, dir: &Path, pages: u32, cancel: &Cancel) -> Worked<Vec<Chapter>> {
    let prefix = dir.join("page");
    let image = dir.join("page.png");
    (1..=pages)
        .map(|page| {
            let n = page.to_string();
            run(
                Command::new("pdftoppm")
                    .args(["-r", "200", "-png", "-singlefile", "-f", &n, "-l", &n])
                    .arg(path)
                    .arg(&prefix),
                "pdftoppm",
                cancel,
            )?;
            let text = recognise(&image, cancel);
            let _ = std::fs::remove_file(&image);
            Ok(Chapter {
                title: format!("Page {page}"),
                text: text?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_of_a_block_are_one_paragraph() {
        assert_eq!(
            super::paragraphs("The first\nline.\n\nA second\n block\n\n\n"),
            "The first line.\n\nA second block"
        );
    }
}
