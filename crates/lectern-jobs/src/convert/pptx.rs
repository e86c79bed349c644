//! A presentation (PPTX): a chapter per slide, titled by the slide's title placeholder, holding
//! its text paragraph by paragraph and the alternative text of its pictures. Slides, their bytes
//! and their nesting are bounded (`super::limits`).

use std::io::Read;
use std::path::Path;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::limits::{
    MAX_SLIDE_BYTES, MAX_SLIDES, MAX_SLIDES_BYTES, MAX_XML_DEPTH, MAX_ZIP_ENTRIES,
};
use crate::epub::Chapter;
use crate::work_error::{WorkError, Worked};
use crate::xml::{attribute, reference_text};

pub fn chapters(path: &Path) -> Worked<Vec<Chapter>> {
    let file = std::fs::File::open(path).map_err(|e| WorkError::machine(e.to_string()))?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| WorkError::unreadable(format!("not a presentation: {e}")))?;
    if zip.len() > MAX_ZIP_ENTRIES {
        return Err(WorkError::unreadable(format!(
            "the presentation holds {} files; presentations of up to {MAX_ZIP_ENTRIES} are converted",
            zip.len()
        )));
    }
    let mut slides: Vec<(u32, String)> = zip
        .file_names()
        .filter_map(|n| {
            let n = n.ok()?;
            let number = n.strip_prefix("ppt/slides/slide")?.strip_suffix(".xml")?;
            Some((number.parse().ok()?, n.to_string()))
        })
        .collect();
    if slides.is_empty() {
        return Err(WorkError::unreadable(
            "not a presentation: it has no slides",
        ));
    }
    if slides.len() > MAX_SLIDES {
        return Err(WorkError::unreadable(format!(
            "the presentation has {} slides; presentations of up to {MAX_SLIDES} slides are converted",
            slides.len()
        )));
    }
    slides.sort();
    let mut chapters = Vec::with_capacity(slides.len());
    let mut read_so_far = 0;
    for (number, name) in slides {
        let xml = read_slide(&mut zip, &name, number, &mut read_so_far)?;
        chapters.push(slide(&xml, number)?);
    }
    Ok(chapters)
}

/// One slide's XML, read no further than its bound and the bound of all slides together: the
/// sizes a zip declares are not to be trusted, so the bytes themselves are counted.
fn read_slide(
    zip: &mut zip::ZipArchive<std::fs::File>,
    name: &str,
    number: u32,
    read_so_far: &mut u64,
) -> Worked<String> {
    let entry = zip
        .by_name(name)
        .map_err(|e| WorkError::unreadable(e.to_string()))?;
    let mut bytes = Vec::new();
    entry
        .take(MAX_SLIDE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| WorkError::unreadable(format!("{name}: {e}")))?;
    let size = bytes.len() as u64;
    if size > MAX_SLIDE_BYTES {
        return Err(WorkError::unreadable(format!(
            "slide {number} unpacks to more than {} MB; slides of up to that are converted",
            MAX_SLIDE_BYTES / (1024 * 1024)
        )));
    }
    *read_so_far += size;
    if *read_so_far > MAX_SLIDES_BYTES {
        return Err(WorkError::unreadable(format!(
            "the slides unpack to more than {} MB; presentations of up to that are converted",
            MAX_SLIDES_BYTES / (1024 * 1024)
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| WorkError::unreadable(format!("slide {number} is not UTF-8 text")))
}

/// One slide's chapter.
fn slide(xml: &str, number: u32) -> Worked<Chapter> {
    let mut reader = Reader::from_str(xml);
    let mut title: Option<String> = None;
    let mut paragraphs: Vec<String> = Vec::new();
    let mut in_title_shape = false;
    let mut paragraph = String::new();
    let mut in_text = false;
    let mut depth = 0usize;
    loop {
        let event = reader.read_event();
        match &event {
            Ok(Event::Start(_)) => {
                depth += 1;
                if depth > MAX_XML_DEPTH {
                    return Err(WorkError::unreadable(format!(
                        "slide {number} nests its elements more than {MAX_XML_DEPTH} deep"
                    )));
                }
            }
            Ok(Event::End(_)) => depth = depth.saturating_sub(1),
            _ => {}
        }
        match event {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.local_name().into_inner() {
                "sp" => in_title_shape = false,
                "ph" => {
                    let kind = attribute(&e, "type");
                    if matches!(kind.as_deref(), Some("title" | "ctrTitle")) {
                        in_title_shape = true;
                    }
                }
                "cNvPr" => {
                    if let Some(d) = attribute(&e, "descr").filter(|d| !d.trim().is_empty()) {
                        paragraphs.push(format!("Image: {}", d.trim()));
                    }
                }
                "p" => paragraph.clear(),
                "t" => in_text = true,
                _ => {}
            },
            Ok(Event::Text(t)) if in_text => paragraph.push_str(&t.xml10_content()),
            Ok(Event::GeneralRef(r)) if in_text => paragraph.push_str(&reference_text(&r)),
            Ok(Event::End(e)) => match e.local_name().into_inner() {
                "t" => in_text = false,
                "p" => {
                    let text = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
                    if !text.is_empty() {
                        if in_title_shape && title.is_none() {
                            title = Some(text);
                        } else {
                            paragraphs.push(text);
                        }
                    }
                    paragraph.clear();
                }
                _ => {}
            },
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => {
                return Err(WorkError::unreadable(format!(
                    "slide {number} could not be read: {e}"
                )));
            }
        }
    }
    Ok(Chapter {
        title: title.unwrap_or_else(|| format!("Slide {number}")),
        text: paragraphs.join("\n\n"),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_slide_gives_its_title_text_and_alternative_text() {
        let xml = r#"<p:sld xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree>
<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr>
<p:txBody><a:p><a:r><a:t>Our </a:t></a:r><a:r><a:t>rivers</a:t></a:r></a:p></p:txBody></p:sp>
<p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr>
<p:txBody><a:p><a:r><a:t>They run to the sea.</a:t></a:r></a:p><a:p><a:r><a:t>Some are long.</a:t></a:r></a:p></p:txBody></p:sp>
<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture" descr="A river at dawn"/></p:nvPicPr></p:pic>
</p:spTree></p:cSld></p:sld>"#;
        let c = super::slide(xml, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.title, "Our rivers");
        assert_eq!(
            c.text,
            "They run to the sea.\n\nSome are long.\n\nImage: A river at dawn"
        );
    }
}

#[cfg(test)]
mod bounds {
    use std::io::Write;

    fn presentation(slides: &[(&str, &[u8])]) -> std::path::PathBuf {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in slides {
            zip.start_file(*name, options)
                .unwrap_or_else(|e| panic!("{e}"));
            zip.write_all(bytes).unwrap_or_else(|e| panic!("{e}"));
        }
        let bytes = zip.finish().unwrap_or_else(|e| panic!("{e}")).into_inner();
        let path = std::env::temp_dir().join(format!(
            "lectern-pptx-{}.pptx",
            lectern_domain::ids::new_id()
        ));
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{e}"));
        path
    }

    fn refused(slides: &[(&str, &[u8])]) -> String {
        let path = presentation(slides);
        let result = super::chapters(&path);
        let _ = std::fs::remove_file(&path);
        match result {
            Err(super::WorkError::Unreadable(why)) => why,
            other => panic!("not refused as unreadable: {other:?}"),
        }
    }

    #[test]
    fn a_slide_past_its_bound_is_refused_unread() {
        let big = "<a:t>x</a:t>".repeat(1024 * 1024);
        let why = refused(&[("ppt/slides/slide1.xml", big.as_bytes())]);
        assert!(why.contains("slide 1 unpacks to more than 8 MB"), "{why}");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let deep = "<a>".repeat(1000) + &"</a>".repeat(1000);
        let why = refused(&[("ppt/slides/slide1.xml", deep.as_bytes())]);
        assert!(why.contains("more than 256 deep"), "{why}");
    }

    #[test]
    fn too_many_slides_are_refused() {
        let names: Vec<String> = (1..=501)
            .map(|i| format!("ppt/slides/slide{i}.xml"))
            .collect();
        let slides: Vec<(&str, &[u8])> = names
            .iter()
            .map(|n| (n.as_str(), &b"<p:sld/>"[..]))
            .collect();
        let why = refused(&slides);
        assert!(why.contains("501 slides"), "{why}");
    }
}
