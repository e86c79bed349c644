//! A presentation (PPTX): a chapter per slide, titled by the slide's title placeholder, holding
//! its text paragraph by paragraph and the alternative text of its pictures.

use std::io::Read;
use std::path::Path;

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::epub::Chapter;
use crate::xml::{attribute, reference_text};

pub fn chapters(path: &Path) -> Result<Vec<Chapter>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| format!("not a presentation: {e}"))?;
    let mut slides: Vec<(u32, String)> = zip
        .file_names()
        .filter_map(|n| {
            let n = n.ok()?;
            let number = n.strip_prefix("ppt/slides/slide")?.strip_suffix(".xml")?;
            Some((number.parse().ok()?, n.to_string()))
        })
        .collect();
    if slides.is_empty() {
        return Err("not a presentation: it has no slides".to_owned());
    }
    slides.sort();
    let mut chapters = Vec::with_capacity(slides.len());
    for (number, name) in slides {
        let mut xml = String::new();
        zip.by_name(&name)
            .map_err(|e| e.to_string())?
            .read_to_string(&mut xml)
            .map_err(|e| format!("{name}: {e}"))?;
        chapters.push(slide(&xml, number)?);
    }
    Ok(chapters)
}

/// One slide's chapter.
fn slide(xml: &str, number: u32) -> Result<Chapter, String> {
    let mut reader = Reader::from_str(xml);
    let mut title: Option<String> = None;
    let mut paragraphs: Vec<String> = Vec::new();
    let mut in_title_shape = false;
    let mut paragraph = String::new();
    let mut in_text = false;
    loop {
        match reader.read_event() {
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
            Err(e) => return Err(format!("slide {number} could not be read: {e}")),
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
