//! Real files for a sample of the generated artifacts: every `SAMPLE_EVERY`th title's EPUB 3 is
//! a small, valid EPUB made from its record, so that downloads and packaging can be tried and
//! measured on a generated catalog without writing a file per title.

use lectern_domain::catalog::{ContributorType, Format, TitleRecord};
use lectern_jobs::epub::{Chapter, EpubSource, build};
use lectern_store::fixture::title_file_key;

/// One title in this many gets a real EPUB 3 file.
pub const SAMPLE_EVERY: u64 = 100;

/// The file for title `index`, if it is in the sample and has an EPUB 3 artifact: its file store
/// key (also set on the artifact) and its bytes.
pub fn sample_file(index: u64, record: &mut TitleRecord) -> Option<(String, Vec<u8>)> {
    if !index.is_multiple_of(SAMPLE_EVERY) {
        return None;
    }
    let authors: Vec<String> = record
        .contributors_of(ContributorType::Author)
        .map(str::to_owned)
        .collect();
    let synopsis = record.synopsis.clone().unwrap_or_default();
    let source = EpubSource {
        print_edition: None,
        identifier: format!("https://generated.lectern/{}", record.service_id),
        isbn: record.isbn13.clone(),
        title: record.title.clone(),
        subtitle: record.subtitle.clone(),
        authors,
        language: record
            .languages
            .first()
            .cloned()
            .unwrap_or_else(|| "eng".into()),
        publisher: record.publisher.clone(),
        date: None,
        synopsis: Some(synopsis.clone()),
        subjects: record.categories.clone(),
        chapters: vec![Chapter {
            title: record.title.clone(),
            text: synopsis,
        }],
        accessibility_summary: Some("A generated sample: text with headings.".into()),
        modified: "2026-01-01T00:00:00Z".into(),
    };
    let service_id = record.service_id.clone();
    let artifact = record
        .artifacts
        .iter_mut()
        .find(|a| a.format == Format::Epub3)?;
    let key = title_file_key(&service_id, artifact, &format!("{service_id}.epub"));
    artifact.file = Some(key.clone());
    Some((key, build(&source)))
}
