//! A reader's package of a title or of a periodical's edition, asked for (document 4's
//! download flow): checked against the access rules (what the reader may take, their monthly
//! allowance, a title assigned to them), then queued for the worker once, however many requests
//! ask at the same time, and counted against the allowance once. A package asked for within a
//! day is served again rather than made anew.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::invalid::Why;
use lectern_domain::title_access::{
    self, AlertLevel, ReaderFacts, TitleFacts, TitleStatus, Viewer,
};
use lectern_store::ReadOn;
use lectern_store::downloads::{self, Download, PackageKind, SubjectKind};
use lectern_store::{
    assigned_titles, periodicals, preferences, readers, recommendations, request_locks, titles,
};

use crate::failure::{Failure, Outcome};
use crate::house::House;

/// Packages a requester may wait for at once in each lane of the worker; more is refused for
/// now. The lanes are counted apart: narrations take minutes, the rest seconds, and three
/// narrations waiting never refuse an EPUB.
pub const MAX_IN_PROGRESS: u32 = 3;
/// Packages all the guests of one client key may wait for at once, whichever guests they are.
pub const MAX_GUESTS_IN_PROGRESS: u32 = 12;
/// A package made this recently is served again rather than made anew (and counted again).
const REUSE_SECONDS: i64 = 24 * 3600;

/// What is being downloaded, once the caller may see it and it has the format.
pub struct Subject {
    pub kind: SubjectKind,
    /// The title's service id, or `seriesId/editionId`.
    pub id: String,
    pub facts: TitleFacts,
    pub format: Format,
}

/// A request for a package: who asks (a member, or a guest of a client key from an address),
/// who reads it (the member, or one they download for), and what.
pub struct Asked<'a> {
    /// The prefix every guest of the client key shares, for a guest.
    pub guests: Option<String>,
    pub requester: &'a str,
    pub reader_id: Option<&'a str>,
    pub subject: &'a Subject,
    pub now: Timestamp,
}

/// The package asked for: one asked for within the reuse period, or, when `start`, one queued
/// now; `None` when none was asked for and this request only looks.
pub async fn ask(house: &House, asked: &Asked<'_>, start: bool) -> Outcome<Option<Download>> {
    // A package already asked for is answered without the requester's lock, as a reader's app
    // asks again and again until it is ready: nothing is written for it, and on SQLite that
    // lock is the store's one write lock, which each download then held across four more
    // queries: 7 in 100 requests of the mixed load, among the writers that waited for the lock
    // for over a second (`docs/benchmarks.md`, "Mixed load"). A refusal needs no lock either:
    // what a concurrent request changes only adds to what refuses.
    let first = check(ReadOn::Reads(house.store.reads()), asked).await?;
    match (first.existing, start) {
        (Some(d), _) => Ok(Some(d)),
        (None, true) => Ok(Some(queue_once(house, asked).await?)),
        (None, false) => Ok(None),
    }
}

/// The checks and the insert, as one transaction alone for this requester and reader: ten
/// requests at once make one package of a title and stay within the allowance and the cap.
async fn queue_once(house: &House, asked: &Asked<'_>) -> Outcome<Download> {
    let format = asked.subject.format.as_str();
    let mut tx = house.store.begin().await?;
    let guests = asked.guests.as_deref();
    let mut keys = vec![asked.requester];
    keys.extend(asked.reader_id);
    keys.extend(guests);
    request_locks::serialize(&mut tx, &keys, asked.now).await?;
    let checked = check(ReadOn::Connection(&mut tx), asked).await?;
    if let Some(d) = checked.existing {
        // Another request queued it since the first look.
        tx.commit().await?;
        return Ok(d);
    }
    let lane = PackageKind::of(format);
    if downloads::in_progress(&mut *tx, asked.requester, lane).await? >= MAX_IN_PROGRESS {
        let (key, what) = match lane {
            PackageKind::Audio => ("too-many-narrations", "narrations"),
            PackageKind::Other => ("too-many-packages", "packages"),
        };
        let english = format!(
            "{MAX_IN_PROGRESS} {what} are already being prepared for you; ask again when one is ready"
        );
        return Err(Failure::TooMany {
            wait: 10,
            why: Why::of(key, english).with_number("count", MAX_IN_PROGRESS as u64),
        });
    }
    if let Some(guests) = guests
        && downloads::in_progress_of_all(&mut *tx, guests).await? >= MAX_GUESTS_IN_PROGRESS
    {
        return Err(Failure::TooMany {
            wait: 30,
            why: Why::of(
                "too-many-guests",
                "Many guests of this application are waiting for packages; ask again in a minute, or sign in",
            ),
        });
    }
    let (kind, id) = (asked.subject.kind, asked.subject.id.as_str());
    let d = downloads::enqueue(
        &mut tx,
        asked.reader_id,
        asked.requester,
        kind,
        id,
        format,
        asked.now,
    )
    .await?;
    metrics::counter!("lectern_downloads_requested_total", "format" => format.to_owned())
        .increment(1);
    if let (Some(reader), SubjectKind::Title) = (asked.reader_id, kind) {
        recommendations::note_reader(&mut tx, id, reader, asked.now.unix()).await?;
        if checked.assigned {
            assigned_titles::mark_downloaded(&mut tx, reader, id, asked.now).await?;
        }
    }
    tx.commit().await?;
    Ok(d)
}

/// What the checks found, when the reader may download.
struct Checked {
    /// The package of this download asked for within the reuse period.
    existing: Option<Download>,
    /// Whether the title is assigned to the reader.
    assigned: bool,
}

/// The checks of a download; refused with the alerts when the reader may not download it.
async fn check(mut reads: ReadOn<'_>, asked: &Asked<'_>) -> Outcome<Checked> {
    let subject = asked.subject;
    let mut reusable_since = asked.now.plus_seconds(-REUSE_SECONDS);
    if let (Format::Brf, Some(id)) = (subject.format, asked.reader_id) {
        // Braille is laid out by the reader's preferences when it is packaged: a package made
        // before they last changed them is not theirs any more. Times are in whole seconds:
        // one made in the second they were saved counts as made after it, or every request in
        // that second would queue another.
        if let Some(saved) = preferences::saved_at(&mut reads, id).await? {
            reusable_since = reusable_since.max(saved);
        }
    }
    let existing = downloads::current(
        &mut reads,
        asked.requester,
        asked.reader_id,
        subject.kind,
        &subject.id,
        subject.format.as_str(),
        reusable_since,
    )
    .await?;
    // Asking again for a package already requested is the same download: it was counted
    // against this month's allowance when it was first asked for.
    let assigned = may_take(reads, asked, existing.is_some()).await?;
    Ok(Checked { existing, assigned })
}

/// Whether the reader may take the subject by the access rules (refused with the alerts when
/// not), and whether it is assigned to them. `counted`: this request was already counted
/// against the allowance, so it does not spend another.
async fn may_take(mut reads: ReadOn<'_>, asked: &Asked<'_>, counted: bool) -> Outcome<bool> {
    let mut reader = match asked.reader_id {
        Some(id) => Some(
            readers::reader_facts(&mut reads, id, asked.now)
                .await?
                .ok_or_else(|| Failure::SignedOut("The account of this token is gone".into()))?,
        ),
        None => None,
    };
    if let (true, Some(r)) = (counted, reader.as_mut()) {
        r.downloads_in_period = r.downloads_in_period.saturating_sub(1);
    }
    let subject = asked.subject;
    let assigned = match (asked.reader_id, subject.kind) {
        (Some(id), SubjectKind::Title) => {
            assigned_titles::is_assigned(&mut reads, id, &subject.id).await?
        }
        _ => false,
    };
    let alerts = title_access::download_alerts(reader.as_ref(), &subject.facts, assigned);
    if !title_access::allows_download(&alerts) {
        let refusing = alerts
            .into_iter()
            .filter(|a| a.level == AlertLevel::Error)
            .collect();
        return Err(Failure::RefusedBy(refusing));
    }
    Ok(assigned)
}

/// A title opened to read in the browser or a streaming app: checked as a download of the
/// format it is streamed from, and, for a reader, counted against the allowance the first time
/// in a calendar month and listed in their history (`docs/access-rules.md`, "Reading
/// online"). A guest is checked, and nothing is recorded.
pub async fn open_to_stream(house: &House, asked: &Asked<'_>) -> Outcome<()> {
    let Some(reader) = asked.reader_id else {
        may_take(ReadOn::Reads(house.store.reads()), asked, false).await?;
        return Ok(());
    };
    let since = readers::month_start(asked.now);
    let id = &asked.subject.id;
    let counted = downloads::streamed_since(house.store.reads(), reader, id, since).await?;
    may_take(ReadOn::Reads(house.store.reads()), asked, counted).await?;
    if counted {
        return Ok(());
    }
    // Alone for this reader, as a package is queued: two openings at once count once and
    // never past the allowance.
    let mut tx = house.store.begin().await?;
    request_locks::serialize(&mut tx, &[reader], asked.now).await?;
    if !downloads::streamed_since(&mut *tx, reader, id, since).await? {
        may_take(ReadOn::Connection(&mut tx), asked, false).await?;
        let format = asked.subject.format.as_str();
        downloads::record_streamed(&mut tx, reader, asked.requester, id, format, asked.now).await?;
        metrics::counter!("lectern_titles_streamed_total", "format" => format.to_owned())
            .increment(1);
        recommendations::note_reader(&mut tx, id, reader, asked.now.unix()).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Who reads a package asked for by `who`: themselves, or the member named by `forUser`, for a
/// sponsor downloading for a member of their organization or a membership assistant for an
/// account of their site. A guest naming someone is asked to sign in.
pub async fn reader_for(
    house: &House,
    who: &Viewer,
    for_user: Option<&str>,
) -> Outcome<Option<ReaderFacts>> {
    let signed_in = match who {
        Viewer::Guest { .. } => None,
        Viewer::User(r) => Some(r),
    };
    let Some(for_user) = for_user else {
        return Ok(signed_in.cloned());
    };
    let sponsor = signed_in.ok_or(Failure::SignInRequired)?;
    let member = readers::reader_facts(house.store.reads(), for_user, Timestamp::now())
        .await?
        .filter(|m| title_access::may_download_for(sponsor, m))
        .ok_or_else(|| {
            Failure::refused(
                Why::of(
                    "refused-download-for",
                    format!(
                        "You may not download for '{for_user}': sponsors download for members of their organization, membership assistants for accounts of their site"
                    ),
                )
                .with("member", for_user),
            )
        })?;
    Ok(Some(member))
}

/// The format of the package a signed link names (`downloads/{downloadId}/...`), while what it
/// packages is still offered: a title or edition withdrawn since the package was made is not
/// served, though its link has not expired, so a withdrawal reaches downloads at once. `None`
/// for a key that is not a package's.
pub async fn package_still_offered(house: &House, key: &str) -> Outcome<Option<Format>> {
    let Some(download_id) = key
        .strip_prefix("downloads/")
        .and_then(|k| k.split('/').next())
    else {
        return Ok(None);
    };
    let reads = house.store.reads();
    let Some(download) = downloads::get(reads, download_id).await? else {
        return Ok(None);
    };
    let offered = match download.subject_kind {
        SubjectKind::Title => titles::facts(reads, &download.subject, &[])
            .await?
            .is_some_and(|f| f.status == TitleStatus::Live),
        SubjectKind::Edition => match download.subject.split_once('/') {
            Some((series, edition)) => periodicals::edition(reads, series, edition)
                .await?
                .is_some(),
            None => false,
        },
    };
    if !offered {
        return Err(Failure::not_found(Why::of(
            "absent-withdrawn",
            "This title or edition was withdrawn; its files are no longer served",
        )));
    }
    Ok(download.format.parse().ok())
}
