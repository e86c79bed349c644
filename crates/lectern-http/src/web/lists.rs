//! My reading lists: the lists a reader owns, subscribes to or is assigned, a new list, and one
//! list: its details (renamed, described, shared), its titles in the order chosen, a title taken
//! off; a title put on a list from its page. Each write is an operation of
//! `lectern_operations::reading_lists`, as the API's are, its failures beside their fields.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use fluent_templates::fluent_bundle::FluentValue;
use lectern_domain::Timestamp;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::reading_lists::{EntrySortOrder, ListRight, ListSortOrder, ReadingList};
use lectern_operations::reading_lists::{self, EntriesPage, ListsPage as FoundLists};
use lectern_store::keyset::KeyedOrder;
use lectern_store::reading_list_entries::ListEntry;

use super::catalog::{by_line, title_lang, title_path};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/lists.html")]
struct ListsPage<'a> {
    chrome: &'a Chrome,
    lists: Vec<ListRow>,
    next: Option<String>,
    action: String,
    errors: FormErrors,
    form: NewList,
    /// The reader belongs to an organization, so may share a list with it.
    in_organization: bool,
}

#[derive(Default)]
struct NewList {
    name: String,
    description: String,
    access: String,
}

struct ListRow {
    name: String,
    href: String,
    /// How many titles, how it is shared and who keeps it, in words.
    about: String,
}

#[derive(Template)]
#[template(path = "web/list.html")]
struct ListPage<'a> {
    chrome: &'a Chrome,
    list: &'a ReadingList,
    /// How many titles, how it is shared and who keeps it, in words.
    about: String,
    changeable: bool,
    in_organization: bool,
    titles: Vec<EntryRow>,
    here: String,
    remove: String,
    errors: FormErrors,
    form: NewList,
    orders: Vec<(&'static str, String, bool)>,
    /// What an empty list says, as HTML: where to find titles.
    empty: String,
    next: Option<String>,
    /// The message saying what was just done.
    done: Option<&'static str>,
}

struct EntryRow {
    service_id: String,
    title: String,
    /// The title's language, as a BCP 47 tag (empty when the catalog does not say).
    lang: String,
    href: String,
    by: String,
    added: String,
}

const NAME_THE_LIST: &str = "lists-name-missing";

/// How many titles a list has, how it is shared and who keeps it, in `lang`.
fn about(lang: Lang, l: &ReadingList) -> String {
    let access = lang.t(match l.access.as_str() {
        "shared" => "lists-access-shared",
        "org" => "lists-access-org",
        _ => "lists-access-private",
    });
    let owner = l.owner_name();
    lang.t_args(
        "lists-row",
        &[
            ("count", FluentValue::from(l.title_count)),
            ("access", FluentValue::from(access.as_str())),
            ("owner", FluentValue::from(owner.as_str())),
        ],
    )
}

fn row(site: &WebSite, lang: Lang, l: &ReadingList) -> ListRow {
    ListRow {
        name: l.name.clone(),
        href: list_path(site, &l.reading_list_id),
        about: about(lang, l),
    }
}

pub fn list_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/lists/{}", segment(id)))
}

/// `GET /{site}/lists`.
pub async fn index(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    visitor.caller.signed_in()?;
    lists_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        NewList::default(),
    )
    .await
}

/// `POST /{site}/lists`: a new list, then its page.
pub async fn create(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    visitor.caller.signed_in()?;
    let asked = NewList::from(&form);
    let made = match form.parse::<reading_lists::NewReadingList>() {
        Ok(new) => reading_lists::create(&state, &visitor.caller, new)
            .await
            .map_err(FormErrors::of_failure),
        Err(e) => Err(FormErrors::of(e)),
    };
    match made {
        Ok(found) => Ok(see_other(
            &format!(
                "{}?done=created",
                list_path(&site, &found.list.reading_list_id)
            ),
            &visitor.set_cookies,
        )),
        Err(errors) => {
            let errors = errors?.missing_as("name", NAME_THE_LIST);
            lists_page(&state, &site, &visitor, errors, asked).await
        }
    }
}

impl NewList {
    fn from(form: &Params) -> NewList {
        let field = |n: &str| forms::field(form, n);
        NewList {
            name: field("name"),
            description: field("description"),
            access: field("access"),
        }
    }
}

async fn lists_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: NewList,
) -> ApiResult<Response> {
    let list: ListParams<ListSortOrder> = visitor.caller.params.only(&["start"]).parse()?;
    let (listing, window) = list.window::<ReadingList>()?;
    let sort = window.sort;
    let FoundLists { mut rows, .. } = reading_lists::mine(state, &visitor.caller, window).await?;
    let next = listing.next_token(&mut rows, |(l, _)| sort.key_of(l));
    let here = site.path("/lists");
    let chrome = Chrome::of(site, visitor, &here, Section::MyBooks);
    let status = errors.status();
    Ok(page(
        status,
        &ListsPage {
            chrome: &chrome,
            lists: rows
                .iter()
                .map(|(l, _)| row(site, visitor.lang, l))
                .collect(),
            next: next.map(|t| with_query(&here, &[("start", &t)])),
            action: here.clone(),
            errors,
            form,
            in_organization: in_organization(visitor),
        },
        visitor,
    ))
}

fn in_organization(visitor: &Visitor) -> bool {
    visitor
        .caller
        .user()
        .is_some_and(|a| a.organization_id.is_some())
}

/// `GET /{site}/lists/{listId}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, list_id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    visitor.caller.signed_in()?;
    list_page(
        &state,
        &site,
        &visitor,
        &list_id,
        FormErrors::default(),
        None,
    )
    .await
}

/// `POST /{site}/lists/{listId}`: new details (name, description, sharing).
pub async fn change(
    State(state): State<AppState>,
    Path((_, list_id)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    visitor.caller.signed_in()?;
    let asked = NewList::from(&form);
    let changed = match form.parse::<reading_lists::ListChanges>() {
        Ok(changes) => reading_lists::update(&state, &visitor.caller, &list_id, changes)
            .await
            .map_err(FormErrors::of_failure),
        Err(e) => Err(FormErrors::of(e)),
    };
    match changed {
        Ok(_) => Ok(see_other(
            &format!("{}?done=changed", list_path(&site, &list_id)),
            &visitor.set_cookies,
        )),
        Err(errors) => {
            let errors = errors?.missing_as("name", NAME_THE_LIST);
            list_page(&state, &site, &visitor, &list_id, errors, Some(asked)).await
        }
    }
}

/// `POST /{site}/lists/{listId}/remove`: a title off the list.
pub async fn remove(
    State(state): State<AppState>,
    Path((_, list_id)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let service_id = form.required("serviceId")?;
    reading_lists::remove_title(&state, &visitor.caller, &list_id, service_id).await?;
    Ok(see_other(
        &format!("{}?done=removed", list_path(&site, &list_id)),
        &visitor.set_cookies,
    ))
}

/// `POST /{site}/lists/add`: a title (`serviceId`) onto a list (`readingListId`), then back to
/// the title's page, which says so.
pub async fn add(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let list_id = form.required("readingListId")?.to_owned();
    let service_id = form.required("serviceId")?.to_owned();
    reading_lists::add_title(&state, &visitor.caller, &list_id, &service_id).await?;
    Ok(see_other(
        &with_query(&title_path(&site, &service_id), &[("addedTo", &list_id)]),
        &visitor.set_cookies,
    ))
}

/// The orders a list's titles can be shown in, and their messages.
const ORDERS: &[(&str, &str)] = &[
    ("title", "list-order-title"),
    ("author", "list-order-author"),
    ("dateAddedToReadingList", "list-order-added"),
];

async fn list_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    list_id: &str,
    errors: FormErrors,
    asked: Option<NewList>,
) -> ApiResult<Response> {
    let me = visitor.caller.signed_in()?;
    let found = reading_lists::list_for(state, me, list_id, ListRight::Read).await?;
    let chosen = visitor
        .caller
        .params
        .one("sortOrder")?
        .unwrap_or("title")
        .to_owned();
    let mut query = visitor.caller.params.only(&["start", "sortOrder"]);
    if chosen == "dateAddedToReadingList" {
        query.extend(vec![("direction".to_owned(), "desc".to_owned())]);
    }
    let order: ListParams<EntrySortOrder> = query.parse()?;
    let (listing, window) = order.window::<ListEntry>()?;
    let sort = window.sort;
    let EntriesPage { mut rows, shown } =
        reading_lists::entries(state, &visitor.caller, &found, window).await?;
    let next = listing.next_token(&mut rows, |e| sort.key_of(e));
    let here = list_path(site, list_id);
    let lang = visitor.lang;
    let titles = rows
        .iter()
        .filter_map(|e| Some(entry((site, lang), shown.get(&e.service_id)?, e)))
        .collect();
    let list = &found.list;
    let form = asked.unwrap_or_else(|| NewList {
        name: list.name.clone(),
        description: list.description.clone().unwrap_or_default(),
        access: list.access.as_str().to_owned(),
    });
    let done = match visitor.caller.params.one("done")? {
        Some("created") => Some("list-done-created"),
        Some("changed") => Some("list-done-changed"),
        Some("removed") => Some("list-done-removed"),
        _ => None,
    };
    let chrome = Chrome::of(site, visitor, &here, Section::MyBooks);
    let status = errors.status();
    let next = next.map(|t| with_query(&here, &[("sortOrder", &chosen), ("start", &t)]));
    Ok(page(
        status,
        &ListPage {
            chrome: &chrome,
            about: about(lang, list),
            empty: lang.t_link("list-empty", "find", (&lang.t("list-find"), &chrome.search)),
            changeable: found.right == ListRight::Change,
            in_organization: in_organization(visitor),
            list,
            titles,
            remove: format!("{here}/remove"),
            here,
            errors,
            form,
            orders: ORDERS
                .iter()
                .map(|(value, label)| (*value, lang.t(label), *value == chosen))
                .collect(),
            next,
            done,
        },
        visitor,
    ))
}

fn entry((site, lang): (&WebSite, Lang), t: &TitleRecord, e: &ListEntry) -> EntryRow {
    let added = lang.date(&Timestamp::from_unix(e.date_added).date());
    EntryRow {
        service_id: t.service_id.clone(),
        title: t.title.clone(),
        lang: title_lang(t),
        href: title_path(site, &t.service_id),
        by: by_line(lang, t),
        added: lang.t1("list-added", "date", &added),
    }
}
