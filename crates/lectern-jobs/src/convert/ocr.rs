//! Text recognised in images with Tesseract: an image is one chapter, a scanned PDF a chapter per
//! page (its pages rendered at 200 dpi with poppler's `pdftoppm`).

use std::path::Path;
use std::process::Command;

use super::run;
use crate::epub::Chapter;

/// The text Tesseract reads in an image, in paragraphs.
fn recognise(image: &Path) -> Result<String, String> {
    let out = run(
        Command::new("tesseract")
            .arg(image)
            .arg("stdout")
            .args(["-l", "eng", "--psm", "3"]),
        "tesseract",
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

pub fn image(path: &Path, name: &str) -> Result<Vec<super::Chapter>, String> {
    Ok(vec![Chapter {
        title: name.to_owned(),
        text: recognise(path)?,
    }])
}

pub fn scanned_pdf(path: &Path, dir: &Path) -> Result<Vec<Chapter>, String> {
    let prefix = dir.join("page");
    run(
        Command::new("pdftoppm")
            .args(["-r", "200", "-png"])
            .arg(path)
            .arg(&prefix),
        "pdftoppm",
    )?;
    let mut pages: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("page") && n.ends_with(".png"))
        })
        .collect();
    // pdftoppm numbers pages with as many digits as the last one needs, so names sort in order.
    pages.sort();
    pages
        .iter()
        .enumerate()
        .map(|(i, page)| {
            Ok(Chapter {
                title: format!("Page {}", i + 1),
                text: recognise(page)?,
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
