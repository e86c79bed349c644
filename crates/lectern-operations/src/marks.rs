//! A reader's marks in a title and format, from any door: bookmarks saved, highlights made and
//! changed, either deleted. Each names a title the reader may see, and is checked here.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::invalid::Why;
use lectern_domain::reading::{self, Bookmark, Highlight, HighlightColor, PassageEnd};
use lectern_store::marks::{self, MarkQuery, Marks};
use lectern_store::{bookmarks, highlights};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing;
use crate::titles::{CatalogViewer, check_visible};

/// A place in a title as a reader's app names it.
#[derive(Clone)]
pub struct MarkInput {
    pub service_id: String,
    pub location: String,
    /// EPUB 3 when not given.
    pub format: Option<Format>,
    pub text: Option<String>,
    pub position: Option<i64>,
    pub progression: Option<f64>,
    pub total_progression: Option<f64>,
}

impl MarkInput {
    /// The bookmark this names, checked.
    pub fn bookmark(self, now: Timestamp) -> Outcome<Bookmark> {
        reading::check_location(&self.location).map_err(|why| Failure::invalid("location", why))?;
        if let Some(text) = &self.text {
            reading::check_text(text).map_err(|why| Failure::invalid("text", why))?;
        }
        check_place(
            ("position", self.position),
            [
                ("progression", self.progression),
                ("totalProgression", self.total_progression),
            ],
        )?;
        Ok(Bookmark {
            service_id: self.service_id,
            format: self.format.unwrap_or(Format::Epub3),
            location: self.location,
            text: self.text,
            position: self.position,
            progression: self.progression,
            total_progression: self.total_progression,
            date_created: now,
        })
    }
}

/// A position is not negative, and a progression is a percentage.
fn check_place(
    position: (&'static str, Option<i64>),
    percents: [(&'static str, Option<f64>); 2],
) -> Outcome<()> {
    if position.1.is_some_and(|p| p < 0) {
        return Err(Failure::invalid(position.0, Why::negative()));
    }
    for (name, value) in percents {
        if let Some(v) = value {
            reading::check_percent(v).map_err(|why| Failure::invalid(name, why))?;
        }
    }
    Ok(())
}

/// Saves a bookmark, or new details for the one at that place.
pub async fn save_bookmark(house: &House, actor: &Actor, input: MarkInput) -> Outcome<Bookmark> {
    let me = actor.account()?;
    let bookmark = input.bookmark(Timestamp::now())?;
    let who = CatalogViewer::of(house, actor).await?;
    check_visible(house, &who, &bookmark.service_id).await?;
    bookmarks::save_bookmark(
        &mut *house.store.writer().await?,
        &me.user_account_id,
        &bookmark,
    )
    .await?;
    Ok(bookmark)
}

/// A highlighted passage as a reader's app names it: where it starts (a mark), where it ends,
/// its colour and note.
#[derive(Clone)]
pub struct HighlightInput {
    pub start: MarkInput,
    pub end_location: Option<String>,
    pub end_position: Option<i64>,
    pub end_progression: Option<f64>,
    pub end_total_progression: Option<f64>,
    pub color: Option<HighlightColor>,
    pub note: Option<String>,
}

impl HighlightInput {
    fn highlight(self, now: Timestamp) -> Outcome<Highlight> {
        if let Some(note) = &self.note {
            reading::check_text(note).map_err(|why| Failure::invalid("note", why))?;
        }
        let end = self.end()?;
        Ok(Highlight {
            mark: self.start.bookmark(now)?,
            end,
            color: self.color.unwrap_or(HighlightColor::Yellow),
            note: self.note,
            date_updated: now,
        })
    }

    fn end(&self) -> Outcome<PassageEnd> {
        if let Some(location) = &self.end_location {
            reading::check_location(location)
                .map_err(|why| Failure::invalid("endLocation", why))?;
        }
        check_place(
            ("endPosition", self.end_position),
            [
                ("endProgression", self.end_progression),
                ("endTotalProgression", self.end_total_progression),
            ],
        )?;
        Ok(PassageEnd {
            location: self.end_location.clone(),
            position: self.end_position,
            progression: self.end_progression,
            total_progression: self.end_total_progression,
        })
    }

    /// What was sent, over what the highlight holds: what is not sent stays as it was.
    fn over(self, kept: &Highlight) -> Self {
        let (mark, end) = (&kept.mark, &kept.end);
        HighlightInput {
            start: MarkInput {
                text: self.start.text.or_else(|| mark.text.clone()),
                position: self.start.position.or(mark.position),
                progression: self.start.progression.or(mark.progression),
                total_progression: self.start.total_progression.or(mark.total_progression),
                ..self.start
            },
            end_location: self.end_location.or_else(|| end.location.clone()),
            end_position: self.end_position.or(end.position),
            end_progression: self.end_progression.or(end.progression),
            end_total_progression: self.end_total_progression.or(end.total_progression),
            color: self.color.or(Some(kept.color)),
            note: self.note.or_else(|| kept.note.clone()),
        }
    }
}

/// Makes a highlight.
pub async fn create_highlight(
    house: &House,
    actor: &Actor,
    input: HighlightInput,
) -> Outcome<Highlight> {
    let me = actor.account()?;
    let highlight = input.highlight(Timestamp::now())?;
    let who = CatalogViewer::of(house, actor).await?;
    check_visible(house, &who, &highlight.mark.service_id).await?;
    highlights::insert_highlight(
        &mut *house.store.writer().await?,
        &me.user_account_id,
        &highlight,
    )
    .await?;
    Ok(highlight)
}

/// Changes the highlight that starts where the input says: what is sent replaces what it held.
pub async fn update_highlight(
    house: &House,
    actor: &Actor,
    input: HighlightInput,
) -> Outcome<Highlight> {
    let me = actor.account()?;
    let now = Timestamp::now();
    // The input as sent names the highlight (title, format, where it starts) and is checked.
    let named = input.clone().highlight(now)?.mark;
    let (service_id, format) = (named.service_id, named.format);
    let absent = || no_mark("highlight", &service_id, format);
    let existing = highlights::highlight_at(
        house.store.reads(),
        &me.user_account_id,
        &service_id,
        format,
        &named.location,
    )
    .await?
    .ok_or_else(absent)?;
    let mut highlight = input.over(&existing).highlight(now)?;
    highlight.mark.date_created = existing.mark.date_created;
    let updated = highlights::update_highlight(
        &mut *house.store.writer().await?,
        &me.user_account_id,
        &highlight,
    )
    .await?;
    if !updated {
        return Err(absent());
    }
    Ok(highlight)
}

/// Deletes the reader's bookmark or highlight at `location` in a title and format (EPUB 3 when
/// not given); absent when there is none. The title and format it was in.
pub async fn delete(
    house: &House,
    actor: &Actor,
    which: Marks,
    service_id: &str,
    format: Option<Format>,
    location: &str,
) -> Outcome<Format> {
    let me = actor.account()?;
    let format = format.unwrap_or(Format::Epub3);
    let mut writer = house.store.writer().await?;
    let deleted = marks::delete(
        &mut writer,
        which,
        &me.user_account_id,
        service_id,
        format,
        location,
    )
    .await?;
    drop(writer);
    if !deleted {
        let what = match which {
            Marks::Bookmarks => "bookmark",
            Marks::Highlights => "highlight",
        };
        return Err(no_mark(what, service_id, format));
    }
    Ok(format)
}

/// The absence of a mark at the place named.
pub fn no_mark(what: &str, service_id: &str, format: Format) -> Failure {
    let key = if what == "bookmark" {
        "absent-bookmark"
    } else {
        "absent-highlight"
    };
    Failure::not_found(
        Why::of(
            key,
            format!("You have no {what} at that location of '{service_id}' in {format}"),
        )
        .with("id", service_id)
        .with("format", format),
    )
}

/// Where a page of the actor's own marks in a title and format starts: after the key
/// (date made, location) of the last one shown, and how many at most.
pub type MarkWindow = (Option<(i64, String)>, u32);

/// The actor's own bookmarks in a title and format, in the order made: up to `limit + 1`, and
/// how many there are.
pub async fn bookmarks_of(
    house: &House,
    actor: &Actor,
    (service_id, format): (&str, Format),
    window: MarkWindow,
) -> Outcome<(Vec<Bookmark>, u64)> {
    let (first_page, limit) = (window.0.is_none(), window.1);
    let q = own_marks(actor, service_id, format, window)?;
    let reads = house.store.reads();
    let rows = bookmarks::bookmarks(reads, &q).await?;
    let count = marks::count(reads, Marks::Bookmarks, &q);
    let total = listing::total(first_page, limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// The actor's own highlights in a title and format, as [`bookmarks_of`] pages them.
pub async fn highlights_of(
    house: &House,
    actor: &Actor,
    (service_id, format): (&str, Format),
    window: MarkWindow,
) -> Outcome<(Vec<Highlight>, u64)> {
    let (first_page, limit) = (window.0.is_none(), window.1);
    let q = own_marks(actor, service_id, format, window)?;
    let reads = house.store.reads();
    let rows = highlights::highlights(reads, &q).await?;
    let count = marks::count(reads, Marks::Highlights, &q);
    let total = listing::total(first_page, limit, rows.len(), count).await?;
    Ok((rows, total))
}

fn own_marks<'a>(
    actor: &'a Actor,
    service_id: &'a str,
    format: Format,
    (after, limit): MarkWindow,
) -> Outcome<MarkQuery<'a>> {
    Ok(MarkQuery {
        user_account_id: &actor.account()?.user_account_id,
        service_id,
        format,
        after,
        limit,
    })
}
