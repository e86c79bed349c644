//! Documents: each uploaded file converted into an accessible EPUB 3 (`crate::convert`), kept
//! beside it in the file store.

use lectern_domain::Timestamp;
use lectern_store::documents::{self, Document};
use lectern_store::{Store, accounts};

use super::{Held, InHand, lease_start};
use crate::convert::{self, Cancel};
use crate::epub::{EpubSource, build};
use crate::files::FileStore;
use crate::work_error::{WorkError, Worked};

/// The file store key of a document's EPUB.
pub fn document_epub_key(d: &Document) -> String {
    format!("documents/{}/{}.epub", d.document_id, d.document_id)
}

/// Claims and converts one document; a document that cannot be converted is marked failed with
/// the reason, which its owner sees.
pub(super) async fn convert_one(
    store: &Store,
    files: &FileStore,
    in_hand: &InHand,
) -> Result<bool, lectern_store::StoreError> {
    let now = Timestamp::now();
    let Some((d, lease)) = documents::claim(store, now, lease_start(now)).await? else {
        return Ok(false);
    };
    let cancel = Cancel::default();
    let _held = Held::renewing_until_lost(store, lease, in_hand, cancel.clone());
    let started = std::time::Instant::now();
    match make(store, files, &d, &cancel).await {
        Ok(key) => {
            if documents::mark_ready(
                &mut *store.writer().await?,
                &d.document_id,
                &key,
                Timestamp::now(),
            )
            .await?
            {
                metrics::counter!("lectern_documents_total", "outcome" => "ready").increment(1);
                tracing::info!(document = %d.document_id, seconds = started.elapsed().as_secs_f64(), "document converted");
            } else {
                // Deleted while it was being converted: its EPUB goes too.
                let _ = files.delete(&key).await;
            }
        }
        Err(WorkError::Stopped) | Err(_) if cancel.is_cancelled() => {
            // Deleted (or taken over) while it was converted: nothing is left to record.
            metrics::counter!("lectern_documents_total", "outcome" => "stopped").increment(1);
            tracing::info!(document = %d.document_id, seconds = started.elapsed().as_secs_f64(), "document conversion stopped");
        }
        // The store could not be reached: the document is converted again once its claim lapses.
        Err(WorkError::Store(e)) => return Err(e),
        Err(why) => {
            let why = why.to_string();
            documents::mark_failed(&mut *store.writer().await?, &d.document_id, &why).await?;
            metrics::counter!("lectern_documents_total", "outcome" => "failed").increment(1);
            tracing::warn!(document = %d.document_id, error = %why, "document not converted");
        }
    }
    Ok(true)
}

async fn make(store: &Store, files: &FileStore, d: &Document, cancel: &Cancel) -> Worked<String> {
    let bytes = files
        .get(&d.source_key)
        .await
        .map_err(|e| WorkError::missing(format!("the uploaded file could not be read: {e}")))?;
    let owner = accounts::get(store.reads(), &d.owner_id)
        .await?
        .map(|a| format!("{} {}", a.first_name, a.last_name))
        .unwrap_or_default();
    let (kind, name, cancel) = (d.mime_type, d.name.clone(), cancel.clone());
    let chapters = tokio::task::spawn_blocking(move || {
        let dir =
            std::env::temp_dir().join(format!("lectern-doc-{}", lectern_domain::ids::new_id()));
        let scratch = |e: std::io::Error| WorkError::machine(e.to_string());
        std::fs::create_dir_all(&dir).map_err(scratch)?;
        let source = dir.join("source");
        let result = std::fs::write(&source, &bytes)
            .map_err(scratch)
            .and_then(|()| convert::chapters(kind, &source, &dir, &name, &cancel));
        let _ = std::fs::remove_dir_all(&dir);
        result
    })
    .await??;
    let epub = build(&EpubSource {
        print_edition: None,
        identifier: format!("urn:lectern:document:{}", d.document_id),
        isbn: None,
        title: d.name.clone(),
        subtitle: None,
        authors: vec![owner]
            .into_iter()
            .filter(|o| !o.trim().is_empty())
            .collect(),
        language: "eng".to_owned(),
        publisher: None,
        date: None,
        synopsis: None,
        subjects: vec![],
        chapters,
        accessibility_summary: Some(
            "Made from an uploaded document: its text in reading order, with a heading for each \
             section; images are described by their alternative text where the document gave one."
                .to_owned(),
        ),
        modified: Timestamp::now().to_string(),
    });
    let key = document_epub_key(d);
    files.put(&key, epub).await?;
    Ok(key)
}
