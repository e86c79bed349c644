use super::pages::{english_in, paragraphs, xhtml};
use crate::xml::esc;
use crate::zipio;
use lectern_domain::catalog::languages::bcp47;

/// Plain data for a small EPUB 3: what the demo and synthetic catalogs know about a title.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EpubSource {
    /// The unique identifier (for example the catalog's service id, or a `urn:uuid:`).
    pub identifier: String,
    /// An ISBN, written as a second identifier `urn:isbn:...`.
    pub isbn: Option<String>,
    /// The title; the identifier stands in when it is empty, since EPUB requires one.
    pub title: String,
    pub subtitle: Option<String>,
    /// Authors' display names, each written as a `dc:creator` with role `aut`.
    pub authors: Vec<String>,
    /// An ISO 639-2 code as the catalog has it ("eng"), or a BCP 47 tag; see [`bcp47`].
    pub language: String,
    pub publisher: Option<String>,
    /// Publication date (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`).
    pub date: Option<String>,
    /// Written as `dc:description` and on the title page.
    pub synopsis: Option<String>,
    pub subjects: Vec<String>,
    pub chapters: Vec<Chapter>,
    /// The accessibility summary; a description of what this builder produces when `None`.
    pub accessibility_summary: Option<String>,
    /// `dcterms:modified`, `YYYY-MM-DDThh:mm:ssZ`; also the zip entries' timestamp, so the same
    /// input always gives the same bytes.
    pub modified: String,
    /// The print edition the book follows page by page, if any.
    pub print_edition: Option<PrintEdition>,
}

/// A print edition's pages, for readers who follow a class in it: each chapter starts on a
/// page, marked where it starts and listed in the navigation document's page list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintEdition {
    /// What the edition is (its ISBN as `urn:isbn:…`, or its name), written as `dc:source`.
    pub source: String,
    /// The page each chapter starts on, in the chapters' order.
    pub chapter_pages: Vec<String>,
}

impl EpubSource {
    /// The print page chapter `i` (from 0) starts on.
    fn print_page(&self, i: usize) -> Option<&str> {
        self.print_edition
            .as_ref()
            .and_then(|e| e.chapter_pages.get(i))
            .map(String::as_str)
    }
}

/// One chapter: a heading and plain text, paragraphs separated by blank lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chapter {
    pub title: String,
    pub text: String,
}

pub(crate) const CONFORMANCE: &str = "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
const SUMMARY: &str = "This publication is text only: it has no images, audio or video. It has \
    a table of contents, one heading for each chapter and a reading order that follows the text.";
const CONTAINER: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
    <container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n\
    <rootfiles>\n<rootfile full-path=\"EPUB/package.opf\" media-type=\"application/oebps-package+xml\"/>\n\
    </rootfiles>\n</container>\n";

/// Builds a complete EPUB 3 (title page, chapters, navigation document, accessibility
/// metadata) that passes epubcheck. Deterministic: the same source gives the same bytes.
pub fn build(source: &EpubSource) -> Vec<u8> {
    let lang = match bcp47(&source.language) {
        l if l.is_empty() => "und".to_owned(),
        l => l,
    };
    let title = if source.title.trim().is_empty() {
        &source.identifier
    } else {
        &source.title
    };
    let time = zipio::timestamp(&source.modified);
    let mut files = vec![
        ("EPUB/package.opf".to_owned(), package(source, title, &lang)),
        ("EPUB/nav.xhtml".to_owned(), nav(source, &lang)),
        (
            "EPUB/title.xhtml".to_owned(),
            title_page(source, title, &lang),
        ),
    ];
    for (i, chapter) in source.chapters.iter().enumerate() {
        let n = i + 1;
        let page_break = source.print_page(i).map_or(String::new(), |p| {
            format!(
                "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"page-{n}\" aria-label=\"{}\"></span>\n",
                esc(p)
            )
        });
        let body = format!(
            "<section epub:type=\"chapter\" role=\"doc-chapter\" aria-labelledby=\"h{n}\">\n\
             {page_break}<h1 id=\"h{n}\">{}</h1>\n{}</section>\n",
            esc(&chapter.title),
            paragraphs(&chapter.text)
        );
        files.push((
            format!("EPUB/chapter-{n}.xhtml"),
            xhtml(&lang, &chapter.title, "", &body),
        ));
    }
    let write = || -> zip::result::ZipResult<Vec<u8>> {
        let mut zip = zipio::writer();
        zipio::put(&mut zip, "mimetype", b"application/epub+zip", true, time)?;
        zipio::put(
            &mut zip,
            "META-INF/container.xml",
            CONTAINER.as_bytes(),
            false,
            time,
        )?;
        for (name, text) in &files {
            zipio::put(&mut zip, name, text.as_bytes(), false, time)?;
        }
        zipio::finish(zip)
    };
    // Only duplicate or malformed entry names make an in-memory zip fail; ours are fixed.
    write().expect("entry names are fixed and unique")
}

fn package(s: &EpubSource, title: &str, lang: &str) -> String {
    let mut m = format!(
        "<dc:identifier id=\"pub-id\">{}</dc:identifier>\n",
        esc(&s.identifier)
    );
    if let Some(isbn) = &s.isbn {
        m += &format!(
            "<dc:identifier id=\"isbn\">urn:isbn:{}</dc:identifier>\n",
            esc(isbn)
        );
    }
    m += &format!("<dc:title id=\"title\">{}</dc:title>\n", esc(title));
    if let Some(subtitle) = &s.subtitle {
        m += &format!("<dc:title id=\"subtitle\">{}</dc:title>\n", esc(subtitle));
        m += "<meta refines=\"#subtitle\" property=\"title-type\">subtitle</meta>\n";
    }
    for (i, author) in s.authors.iter().enumerate() {
        m += &format!(
            "<dc:creator id=\"creator-{i}\">{}</dc:creator>\n",
            esc(author)
        );
        m += &format!(
            "<meta refines=\"#creator-{i}\" property=\"role\" scheme=\"marc:relators\">aut</meta>\n"
        );
    }
    m += &format!("<dc:language>{}</dc:language>\n", esc(lang));
    let optional = [
        ("publisher", &s.publisher),
        ("date", &s.date),
        ("description", &s.synopsis),
    ];
    for (name, value) in optional {
        if let Some(value) = value {
            m += &format!("<dc:{name}>{}</dc:{name}>\n", esc(value));
        }
    }
    for subject in &s.subjects {
        m += &format!("<dc:subject>{}</dc:subject>\n", esc(subject));
    }
    m += &format!(
        "<meta property=\"dcterms:modified\">{}</meta>\n",
        esc(&s.modified)
    );
    let summary = s.accessibility_summary.as_deref().unwrap_or(SUMMARY);
    if let Some(edition) = &s.print_edition {
        // EPUB 3.3's way of naming where the page numbers come from.
        m += &format!(
            "<dc:source id=\"print-source\">{}</dc:source>\n\
             <meta refines=\"#print-source\" property=\"source-of\">pagination</meta>\n",
            esc(&edition.source)
        );
        for feature in ["pageBreakMarkers", "pageNavigation"] {
            m += &format!("<meta property=\"schema:accessibilityFeature\">{feature}</meta>\n");
        }
    }
    let a11y = [
        ("schema:accessMode", "textual"),
        ("schema:accessModeSufficient", "textual"),
        ("schema:accessibilityFeature", "structuralNavigation"),
        ("schema:accessibilityFeature", "tableOfContents"),
        ("schema:accessibilityFeature", "readingOrder"),
        ("schema:accessibilityHazard", "none"),
        ("schema:accessibilitySummary", summary),
        ("dcterms:conformsTo", CONFORMANCE),
    ];
    for (property, value) in a11y {
        m += &format!("<meta property=\"{property}\">{}</meta>\n", esc(value));
    }
    let mut items = String::from(
        "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n\
         <item id=\"title-page\" href=\"title.xhtml\" media-type=\"application/xhtml+xml\"/>\n",
    );
    let mut spine = String::from("<itemref idref=\"title-page\"/>\n");
    for n in 1..=s.chapters.len() {
        items += &format!(
            "<item id=\"chapter-{n}\" href=\"chapter-{n}.xhtml\" media-type=\"application/xhtml+xml\"/>\n"
        );
        spine += &format!("<itemref idref=\"chapter-{n}\"/>\n");
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"pub-id\" xml:lang=\"{}\">\n\
         <metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n{m}</metadata>\n\
         <manifest>\n{items}</manifest>\n<spine>\n{spine}</spine>\n</package>\n",
        esc(lang)
    )
}

fn nav(s: &EpubSource, lang: &str) -> String {
    let en = english_in(lang);
    let mut toc = format!("<li><a href=\"title.xhtml\"{en}>Title page</a></li>\n");
    for (i, chapter) in s.chapters.iter().enumerate() {
        toc += &format!(
            "<li><a href=\"chapter-{}.xhtml\">{}</a></li>\n",
            i + 1,
            esc(&chapter.title)
        );
    }
    let start = if s.chapters.is_empty() {
        "title.xhtml"
    } else {
        "chapter-1.xhtml"
    };
    let body = format!(
        "<nav epub:type=\"toc\" role=\"doc-toc\" id=\"toc\" aria-labelledby=\"toc-h\">\n\
         <h1 id=\"toc-h\"{en}>Contents</h1>\n<ol>\n{toc}</ol>\n</nav>\n\
         <nav epub:type=\"landmarks\" aria-labelledby=\"landmarks-h\" hidden=\"hidden\">\n\
         <h2 id=\"landmarks-h\"{en}>Landmarks</h2>\n<ol>\n\
         <li><a epub:type=\"bodymatter\" href=\"{start}\"{en}>Start of content</a></li>\n</ol>\n</nav>\n{}",
        page_list(s, &en)
    );
    xhtml(lang, "Contents", "", &body)
}

/// The navigation document's page list: where each print page starts; empty without an edition.
fn page_list(s: &EpubSource, en: &str) -> String {
    let pages: String = (0..s.chapters.len())
        .filter_map(|i| {
            s.print_page(i).map(|p| {
                format!(
                    "<li><a href=\"chapter-{n}.xhtml#page-{n}\">{}</a></li>\n",
                    esc(p),
                    n = i + 1
                )
            })
        })
        .collect();
    if pages.is_empty() {
        return String::new();
    }
    format!(
        "<nav epub:type=\"page-list\" role=\"doc-pagelist\" aria-labelledby=\"pages-h\" hidden=\"hidden\">\n\
         <h2 id=\"pages-h\"{en}>Pages</h2>\n<ol>\n{pages}</ol>\n</nav>\n"
    )
}

fn title_page(s: &EpubSource, title: &str, lang: &str) -> String {
    let mut body = format!(
        "<section epub:type=\"titlepage\" aria-labelledby=\"t\">\n<h1 id=\"t\">{}</h1>\n",
        esc(title)
    );
    if let Some(subtitle) = &s.subtitle {
        body += &format!("<p>{}</p>\n", esc(subtitle));
    }
    if !s.authors.is_empty() {
        body += &format!("<p>{}</p>\n", esc(&s.authors.join(", ")));
    }
    if let Some(publisher) = &s.publisher {
        body += &format!("<p>{}</p>\n", esc(publisher));
    }
    if let Some(synopsis) = &s.synopsis {
        body += &paragraphs(synopsis);
    }
    body += "</section>\n";
    xhtml(lang, title, "", &body)
}
