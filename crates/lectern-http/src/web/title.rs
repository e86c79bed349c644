//! `GET /{site}/titles/{serviceId}`: a title as a reader chooses it: what it is, its cover, the
//! formats they may download (and for the others why not, in words), and each format's
//! accessibility in the words of the W3C's display guide.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::catalog::accessibility_display::{DisplayGroup, display};
use lectern_domain::catalog::{Format, TitleRecord};
use lectern_operations::absences;
use lectern_operations::{marks, reading_lists};
use lectern_store::marks::Marks;

use super::books;
use super::catalog::{by_line, title_path};
use super::lists::list_path;
use super::title_words::{self, Fact, Said};
use crate::error::ApiResult;
use crate::pages::forms::Posted;
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor};
use crate::state::AppState;
use lectern_domain::paging::MAX_LIMIT;
use lectern_operations::title_offer::Offer;
use lectern_operations::titles::{CatalogViewer, visible_title};

#[derive(Template)]
#[template(path = "web/title.html")]
struct TitlePage<'a> {
    chrome: &'a Chrome,
    title: &'a TitleRecord,
    by: String,
    cover: String,
    cover_alt: String,
    facts: Vec<Fact>,
    download: String,
    /// Where "Read online" posts, when the reader may take the title's EPUB 3.
    read_online: Option<String>,
    /// Where "Listen online" posts, when the title is narrated from that EPUB 3 or has a
    /// recording of the library's own that the reader may take.
    listen_online: Option<String>,
    /// What reading and listening online offer, in words.
    online_offer: String,
    /// The title's language (BCP 47), which its name and synopsis are marked with.
    title_lang: String,
    /// Why the reader may not download the title at all.
    refusals: Vec<Said>,
    /// Worth knowing before downloading.
    notes: Vec<Said>,
    /// What the title's language keeps Lectern from making of it, as HTML.
    not_made: Vec<String>,
    /// The visitor is a guest, who may sign in.
    guest: bool,
    downloadable: Vec<FormatChoice>,
    /// Each format that cannot be had now, and why.
    unavailable: Vec<String>,
    accessibility: Vec<FormatAccessibility>,
    /// The lists the signed-in reader may put the title on; `None` for a guest.
    my_lists: Option<Vec<(String, String)>>,
    add_to_list: String,
    /// The title page's own address, under which its marks are deleted.
    path: String,
    /// A mark just deleted, in words.
    marks_done: Option<String>,
    /// Where a sponsor assigns the title to members.
    assign: Option<String>,
    /// That the title was just put on a list, with a link to the list, as HTML.
    added_to: Option<String>,
    /// The signed-in reader's place and marks in the title.
    reading: Option<books::Reading>,
}

struct FormatChoice {
    value: &'static str,
    name: String,
    id: String,
    /// For a format made from the EPUB when asked for: what that means to the reader.
    made: Option<String>,
}

struct FormatAccessibility {
    name: String,
    id: String,
    groups: Vec<ShownGroup>,
}

/// One of the display guide's groups as the page shows it: in the vocabulary of the page's
/// language (`lang` and `dir` where that is not the page's text's), each statement in another
/// language (English where a translation lacks it; the publisher's summary in the page's text's)
/// saying so.
struct ShownGroup {
    heading: String,
    lang: Option<(String, &'static str)>,
    statements: Vec<ShownStatement>,
}

struct ShownStatement {
    text: String,
    link: Option<String>,
    lang: Option<(String, &'static str)>,
}

fn shown(groups: Vec<DisplayGroup>, chrome: &Chrome) -> Vec<ShownGroup> {
    let vocabulary = chrome.vocabulary().language();
    let other = |tag: &str| {
        (!tag.is_empty() && !crate::i18n::same_language(tag, vocabulary))
            .then(|| (tag.to_owned(), crate::i18n::direction_of(tag)))
    };
    groups
        .into_iter()
        .map(|g| ShownGroup {
            heading: g.heading,
            lang: chrome.part_lang(vocabulary),
            statements: g
                .statements
                .into_iter()
                .map(|s| ShownStatement {
                    // The publisher's summary says nothing of its language: it is read as the
                    // page's own text is, as before.
                    lang: other(s.lang.unwrap_or(chrome.lang.tag())),
                    text: s.text,
                    link: s.link,
                })
                .collect(),
        })
        .collect()
}

pub async fn show(
    State(state): State<AppState>,
    Path((_, service_id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let who = CatalogViewer::of(&state, &visitor.caller).await?;
    let record = visible_title(&state, &who, &service_id).await?;
    let offer = Offer::of(&record, &who);
    let here = title_path(&site, &record.service_id);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Other);
    let lang = chrome.lang;
    let mut downloadable = Vec::new();
    let mut unavailable = Vec::new();
    for offered in &offer.formats {
        let a = &offered.artifact;
        match offered.not_ready {
            None if offer.allowed() => downloadable.push(FormatChoice {
                value: a.format.as_str(),
                name: title_words::offered_as(lang, a),
                id: format!("format-{}", a.format.as_str()),
                made: title_words::made_on_request(lang, a),
            }),
            None => {}
            Some(why) => unavailable.push(lang.t_with(
                "title-unavailable",
                &[
                    ("format", &title_words::offered_as(lang, a)),
                    ("why", &title_words::not_ready(lang, why)),
                ],
            )),
        }
    }
    let (my_lists, reading) = match visitor.caller.user() {
        Some(_) => (
            Some(changeable_lists(&state, &visitor).await?),
            Some(books::reading(&state, &visitor, &record).await?),
        ),
        None => (None, None),
    };
    let added_to = match (visitor.caller.params.one("addedTo")?, &my_lists) {
        (Some(id), Some(lists)) => lists
            .iter()
            .find(|(list_id, _)| list_id == id)
            .map(|(id, name)| lang.t_link("title-added-to", "list", (name, &list_path(&site, id)))),
        _ => None,
    };
    let title_lang = super::catalog::title_lang(&record);
    // A made format declares nothing of its own: the master's declaration is the title's.
    let accessibility = offer
        .lent()
        .filter(|a| !a.derived)
        .map(|a| FormatAccessibility {
            name: crate::i18n::format_name(lang, a.format),
            id: format!("a11y-{}", a.format.as_str()),
            groups: shown(display(&a.accessibility, chrome.vocabulary()), &chrome),
        })
        .collect();
    let readable = downloadable
        .iter()
        .any(|f| f.value == Format::Epub3.as_str());
    let narrated = record
        .offered_artifact(Format::DaisyAudio)
        .is_some_and(|a| a.derived);
    let recorded = record
        .own_recording()
        .is_some_and(|a| downloadable.iter().any(|f| f.value == a.format.as_str()));
    let listenable = recorded || (readable && narrated);
    Ok(page(
        StatusCode::OK,
        &TitlePage {
            chrome: &chrome,
            by: by_line(lang, &record),
            cover: format!("{here}/cover.png"),
            cover_alt: lang.t_with("title-cover", &[("title", &record.title)]),
            facts: title_words::facts(&chrome, &record),
            download: format!("{here}/download"),
            read_online: readable.then(|| format!("{here}/read")),
            listen_online: listenable.then(|| format!("{here}/listen")),
            online_offer: title_words::online_offer(lang, readable, recorded, narrated),
            title_lang,
            notes: said(&chrome, offer.notes()),
            not_made: title_words::not_made_notes(&chrome, &record),
            refusals: said(&chrome, offer.refusals()),
            guest: visitor.caller.user().is_none(),
            downloadable,
            unavailable,
            accessibility,
            my_lists,
            add_to_list: site.path("/lists/add"),
            path: here.clone(),
            marks_done: match visitor.caller.params.one("deleted")? {
                Some("bookmark") => Some(lang.t("mark-bookmark-deleted")),
                Some("highlight") => Some(lang.t("mark-highlight-deleted")),
                _ => None,
            },
            assign: chrome
                .organization
                .is_some()
                .then(|| format!("{here}/assign")),
            added_to,
            reading,
            title: &record,
        },
        &visitor,
    ))
}

/// The reader's lists they may change (their own, and those they may edit), as (id, name).
async fn changeable_lists(state: &AppState, visitor: &Visitor) -> ApiResult<Vec<(String, String)>> {
    Ok(reading_lists::changeable(state, &visitor.caller, MAX_LIMIT).await?)
}

/// The access rules' alerts in the page's language.
fn said(chrome: &Chrome, alerts: Vec<&lectern_domain::title_access::Alert>) -> Vec<Said> {
    alerts
        .into_iter()
        .map(|a| title_words::alert(chrome, a))
        .collect()
}

/// `POST /{site}/titles/{serviceId}/{bookmarks|highlights}/delete`: the reader's mark at
/// `location` in `format`, deleted as the API deletes it; then the title's page, saying so.
pub async fn delete_mark(
    State(state): State<AppState>,
    Path((_, service_id, kind)): Path<(String, String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let (which, what) = match kind.as_str() {
        "bookmarks" => (Marks::Bookmarks, "bookmark"),
        "highlights" => (Marks::Highlights, "highlight"),
        _ => return Err(absences::page().into()),
    };
    let named: MarkPlace = form.only(&["format", "location"]).parse()?;
    marks::delete(
        &state,
        &visitor.caller,
        which,
        &service_id,
        named.format,
        &named.location,
    )
    .await?;
    Ok(see_other(
        &with_query(&title_path(&site, &service_id), &[("deleted", what)]),
        &visitor.set_cookies,
    ))
}

/// Which mark of the title a form names.
#[derive(serde::Deserialize)]
struct MarkPlace {
    location: String,
    format: Option<Format>,
}
