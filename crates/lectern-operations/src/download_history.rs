//! What was downloaded for a reader, the newest first: their own (`GET /v2/myAccount/history`,
//! the OPDS downloads shelf, the books page) and, for those who manage the account, theirs
//! (`GET /v2/accounts/{userIdentifier}/history`). Failed downloads are not history.

use lectern_domain::account::Account;
use lectern_domain::catalog::TitleRecord;
use lectern_store::downloads::{self, Download, DownloadStatus, SubjectKind};
use lectern_store::{Store, accounts, titles};

use crate::actor::Actor;
use crate::failure::Outcome;
use crate::house::House;
use crate::listing::{NewestPage, NewestWindow};
use crate::managed_accounts::Managed;

/// The key a page of history is continued after.
pub fn key_of(d: &Download) -> (i64, String) {
    (d.created_at.unix(), d.download_id.clone())
}

/// The actor's own downloads.
pub async fn mine(
    house: &House,
    actor: &Actor,
    w: NewestWindow<'_>,
) -> Outcome<NewestPage<Download>> {
    page_of(house, actor.account()?, w).await
}

/// The downloads of an account the actor manages.
pub async fn of_managed(
    house: &House,
    m: &Managed,
    w: NewestWindow<'_>,
) -> Outcome<NewestPage<Download>> {
    page_of(house, &m.account, w).await
}

async fn page_of(
    house: &House,
    owner: &Account,
    w: NewestWindow<'_>,
) -> Outcome<NewestPage<Download>> {
    let reads = house.store.reads();
    let id = &owner.user_account_id;
    let total = downloads::history_count(reads, id).await?;
    let rows = downloads::history_page(reads, id, w.after, w.reading, w.limit).await?;
    Ok(NewestPage { rows, total })
}

/// The titles of the rows that are titles (not editions), each once.
pub async fn titles_of(house: &House, rows: &[Download]) -> Outcome<Vec<TitleRecord>> {
    let mut ids: Vec<String> = Vec::new();
    for d in rows.iter().filter(|d| d.subject_kind == SubjectKind::Title) {
        if !ids.contains(&d.subject) {
            ids.push(d.subject.clone());
        }
    }
    Ok(titles::get_many(house.store.reads(), &ids).await?)
}

/// The names of those who asked for a page's downloads: the owner, and any sponsor who
/// downloaded for them, each read once.
pub struct Requesters(Vec<(String, String)>);

impl Requesters {
    pub async fn read(store: &Store, owner: &Account, rows: &[Download]) -> Outcome<Self> {
        let mut names = vec![(owner.user_account_id.clone(), display_name(owner))];
        for d in rows {
            if names.iter().any(|(id, _)| *id == d.requester) {
                continue;
            }
            if let Some(a) = accounts::get(store.reads(), &d.requester).await? {
                names.push((d.requester.clone(), display_name(&a)));
            }
        }
        Ok(Requesters(names))
    }

    pub fn of(&self, requester: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(id, _)| id == requester)
            .map(|(_, name)| name.clone())
    }
}

pub fn display_name(a: &Account) -> String {
    format!("{} {}", a.first_name, a.last_name)
        .trim()
        .to_owned()
}

/// Where a download's package stands, as the record of downloads says it to people.
pub fn packaging_in_words(status: DownloadStatus) -> &'static str {
    match status {
        DownloadStatus::Queued => "Waiting to be packaged",
        DownloadStatus::Packaging => "Being packaged",
        DownloadStatus::Ready => "Packaged",
        DownloadStatus::Failed => "Could not be packaged",
        DownloadStatus::Streamed => "Read online",
    }
}
