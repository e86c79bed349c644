//! EPUB 3 files imported as titles by a site's curators (the staff's import page), each as
//! `lectern import-epub` imports it (`lectern_jobs::import_epub`): the same service ids, so a
//! book sent again updates its title.

use std::path::PathBuf;
use std::sync::LazyLock;

use lectern_jobs::import_epub::{Added, Choices, DEFAULT_PREFIX, Importer, not_read};
use tokio::sync::Semaphore;

use crate::curator::Curator;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// Titles a transaction, as the command writes them.
const BATCH: usize = 100;

/// One import at a time on this node: each holds one book in memory while it reads it, so
/// imports at once would add up; the rest of the server goes on meanwhile.
static ONE_AT_A_TIME: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));

/// A file the door has kept on disk as it arrived: its name as sent, and where it is.
pub struct EpubFile {
    pub name: String,
    pub path: PathBuf,
}

/// The files imported one after the other with the curator's choices, each read from disk
/// only in its turn; what became of each, in order.
pub async fn import_epubs(
    house: &House,
    _: &Curator<'_>,
    choices: Choices,
    files: &[EpubFile],
) -> Outcome<Vec<Added>> {
    let _turn = ONE_AT_A_TIME.acquire().await.map_err(Failure::broken)?;
    let mut importer = Importer::new(
        house.store.clone(),
        house.files.clone(),
        choices,
        DEFAULT_PREFIX,
    )
    .await?;
    let mut outcomes = Vec::with_capacity(files.len());
    for file in files {
        let added = match tokio::fs::read(&file.path).await {
            Ok(bytes) => importer.add(&file.name, bytes).await?,
            Err(e) => Added::Refused(not_read(&e)),
        };
        outcomes.push(added);
        if importer.waiting() >= BATCH {
            importer.write().await?;
        }
    }
    importer.write().await?;
    Ok(outcomes)
}
