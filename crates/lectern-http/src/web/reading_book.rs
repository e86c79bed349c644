//! What the pages of a book read online share: their addresses, a part's name, and how the
//! reader's settings show them (`Look`). Below `reader`, `reader_place`, `reader_settings` and
//! `reader_listen`, which each import it; `reader` imports `reader_listen` and `reader_place`,
//! and no other of them imports another.

use crate::i18n::Lang;
use lectern_domain::invalid::Why;
use lectern_jobs::webpub::NavPoint;
use lectern_operations::book_cache::Book;

use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::pages::session::{Visitor, WebSite};
use crate::reading_settings::stylesheet_href;

/// How the reader's settings show the book: the stylesheet they name (none for the defaults),
/// and where a signed-in reader changes them.
pub(super) struct Look {
    pub stylesheet: Option<String>,
    pub settings: Option<String>,
}

impl Look {
    pub(super) fn of(site: &WebSite, visitor: &Visitor, grant: &str, n: usize) -> Look {
        let Some(mine) = visitor.preferences.as_ref() else {
            return Look {
                stylesheet: None,
                settings: None,
            };
        };
        Look {
            stylesheet: stylesheet_href(&mine.reading),
            settings: Some(format!("{}?part={n}", settings_path(site, grant))),
        }
    }
}

/// Part `n` of a book of `parts` parts, from 1.
pub(super) fn part_number(n: &str, parts: usize) -> ApiResult<usize> {
    n.parse()
        .ok()
        .filter(|n| (1..=parts).contains(n))
        .ok_or_else(|| {
            ApiError::not_found(
                Why::of("absent-part-number", format!("The book has no part {n}"))
                    .with("number", n),
            )
        })
}

pub(super) fn part_path(site: &WebSite, grant: &str, n: usize) -> String {
    site.path(&format!("/read/{}/{n}", segment(grant)))
}

/// Part `n` with the narration's player.
pub(super) fn listen_path(site: &WebSite, grant: &str, n: usize) -> String {
    site.path(&format!("/read/{}/{n}/listen", segment(grant)))
}

pub(super) fn settings_path(site: &WebSite, grant: &str) -> String {
    site.path(&format!("/read/{}/settings", segment(grant)))
}

/// Part `n`'s name: its entry in the contents, or "Part n of m" in `lang`.
pub(super) fn part_name(lang: Lang, book: &Book, n: usize) -> String {
    let order = &book.publication.reading_order;
    order
        .get(n - 1)
        .and_then(|part| name_of(&book.publication.toc, &part.path))
        .unwrap_or_else(|| {
            let numbers = [("n", n as u32), ("count", order.len() as u32)];
            lang.t_numbers("reader-part-of", &numbers)
        })
}

/// The contents' name for the document at `path`: the first entry that leads to it.
pub(super) fn name_of(points: &[NavPoint], path: &str) -> Option<String> {
    points.iter().find_map(|p| {
        let here = !p.title.is_empty() && split(&p.href).0 == path;
        if here {
            Some(p.title.clone())
        } else {
            name_of(&p.children, path)
        }
    })
}

pub(super) fn split(href: &str) -> (&str, Option<&str>) {
    match href.split_once('#') {
        Some((p, f)) => (p, Some(f).filter(|f| !f.is_empty())),
        None => (href, None),
    }
}
