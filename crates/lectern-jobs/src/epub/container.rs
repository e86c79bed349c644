use quick_xml::NsReader;
use quick_xml::events::Event;

use super::EpubError;
use crate::xml::{CONTAINER_NS, ns_of};
use crate::zipio::{self, Archive};

pub(crate) const CONTAINER: &str = "META-INF/container.xml";

/// The archive path of the (first) package document that META-INF/container.xml names.
pub(crate) fn package_path(archive: &mut Archive<'_>) -> Result<String, EpubError> {
    let xml = zipio::read_text(archive, CONTAINER)?.ok_or(EpubError::NoContainer)?;
    package_path_in(&xml)
}

/// The package document's path that the text of META-INF/container.xml names.
pub(crate) fn package_path_in(xml: &str) -> Result<String, EpubError> {
    let mut reader = NsReader::from_str(xml);
    loop {
        let (ns, event) = reader
            .read_resolved_event()
            .map_err(|e| EpubError::xml(CONTAINER, e))?;
        let in_container = ns_of(&ns) == Some(CONTAINER_NS);
        match event {
            Event::Start(e) | Event::Empty(e)
                if in_container && e.local_name().into_inner() == "rootfile" =>
            {
                let mut path = None;
                // Other renditions may be listed after the default one; only a package counts.
                let mut is_package = true;
                for attr in e.attributes() {
                    let attr = attr.map_err(|e| EpubError::xml(CONTAINER, e))?;
                    let value = attr
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .map_err(|e| EpubError::xml(CONTAINER, e))?;
                    match attr.key.into_inner() {
                        "full-path" => path = Some(value.trim().to_owned()),
                        "media-type" => {
                            is_package = value.trim() == "application/oebps-package+xml"
                        }
                        _ => {}
                    }
                }
                if let Some(path) = path.filter(|p| is_package && !p.is_empty()) {
                    return Ok(path);
                }
            }
            Event::Eof => return Err(EpubError::NoRootfile),
            _ => {}
        }
    }
}
