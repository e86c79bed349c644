use super::nav::add_toc_entry;
use super::opf_edit::{self, NoticeItem};
use super::paths::{dir_of, relative, resolve};
use crate::epub::opf::{self, Entry};
use crate::epub::pages::xhtml;
use crate::epub::{EpubError, package_path};
use crate::notice::Notice;
use crate::zipio;

const RENDITION_LAYOUT: &str = "http://www.idpf.org/vocab/rendition/#layout";

/// One user's copy of an EPUB 3: the original with a copyright notice page last in the reading
/// order (and in the table of contents, and among the landmarks), so that a reader opens the
/// book at its start; the recipient mark and download id in the package metadata, the
/// catalog's date and subjects where the package has none, and `dcterms:modified` set to the
/// download time. Every other entry is copied as it was, compressed bytes and all. An original
/// that passes epubcheck gives a copy that does.
pub fn stamp_epub(original: &[u8], notice: &Notice) -> Result<Vec<u8>, EpubError> {
    if !notice.issued_at_is_valid() {
        return Err(EpubError::BadTimestamp(notice.issued_at.clone()));
    }
    if !(notice.vocabulary.starts_with("https://") || notice.vocabulary.starts_with("http://")) {
        return Err(EpubError::Unstampable(format!(
            "the vocabulary {:?} is not an http(s) address",
            notice.vocabulary
        )));
    }
    let mut archive = zipio::open(original)?;
    let opf_path = package_path(&mut archive)?;
    let opf_xml = zipio::read_text(&mut archive, &opf_path)?
        .ok_or_else(|| EpubError::NoPackage(opf_path.clone()))?;
    let package = opf::parse(&opf_xml, &opf_path)?;
    let opf_dir = dir_of(&opf_path);

    let nav_path = package
        .manifest
        .iter()
        .find(|item| item.properties.iter().any(|p| p == "nav"))
        .map(|item| resolve(opf_dir, &item.href));
    // Beside the navigation document, the table of contents links the page by its bare name.
    let notice_dir = nav_path.as_deref().map_or(opf_dir, dir_of).to_owned();
    let entry_names = zipio::entry_names(&archive)?;
    let (id, notice_path) = free_name(&opf_xml, &entry_names, &notice_dir);
    let href = relative(opf_dir, &notice_path);

    let new_opf = opf_edit::stamp(
        &opf_xml,
        &opf_path,
        notice,
        &NoticeItem {
            id: &id,
            href: &href,
        },
    )?;
    let new_nav = match &nav_path {
        Some(path) => zipio::read_text(&mut archive, path)?.and_then(|xml| {
            let href = relative(&notice_dir, &notice_path);
            add_toc_entry(&xml, &href, (&notice.heading(), notice.lang()))
        }),
        None => None,
    };
    let page = xhtml(
        notice.lang(),
        &notice.heading(),
        &viewport(&package),
        &notice.xhtml_body(),
    );

    let time = zipio::timestamp(&notice.issued_at);
    let write = |archive: &mut zipio::Archive<'_>| -> zip::result::ZipResult<Vec<u8>> {
        let mut zip = zipio::writer();
        zipio::put(&mut zip, "mimetype", b"application/epub+zip", true, time)?;
        for (i, name) in entry_names.iter().enumerate() {
            if name == "mimetype" {
                continue;
            } else if *name == opf_path {
                zipio::put(&mut zip, name, new_opf.as_bytes(), false, time)?;
            } else if let (Some(nav), Some(path)) = (&new_nav, &nav_path)
                && name == path
            {
                zipio::put(&mut zip, name, nav.as_bytes(), false, time)?;
            } else {
                zip.raw_copy_file(archive.by_index_raw(i)?)?;
            }
        }
        zipio::put(&mut zip, &notice_path, page.as_bytes(), false, time)?;
        zipio::finish(zip)
    };
    write(&mut archive).map_err(|e| EpubError::Zip {
        entry: "(copy)".to_owned(),
        message: e.to_string(),
    })
}

/// A manifest id and archive path for the notice page that nothing in the publication uses yet
/// (the id is checked against the whole package document, as XML ids are unique there).
fn free_name(opf_xml: &str, entries: &[String], dir: &str) -> (String, String) {
    (1..)
        .map(|n| {
            let stem = if n == 1 {
                "lectern-copyright-notice".to_owned()
            } else {
                format!("lectern-copyright-notice-{n}")
            };
            (stem.clone(), format!("{dir}{stem}.xhtml"))
        })
        .find(|(id, path)| {
            !opf_xml.contains(id.as_str()) && !entries.iter().any(|e| e.eq_ignore_ascii_case(path))
        })
        .unwrap_or_default()
}

/// Fixed-layout pages must state their viewport; reflowable ones must not need to.
fn viewport(package: &opf::Package) -> String {
    let fixed = package.entries.iter().any(|e| {
        matches!(e, Entry::Meta { property, refines: None, value, .. }
            if property == RENDITION_LAYOUT && value == "pre-paginated")
    });
    if fixed {
        "<meta name=\"viewport\" content=\"width=1200, height=1600\"/>\n".to_owned()
    } else {
        String::new()
    }
}
