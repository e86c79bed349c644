//! What an account did and what was done to it: its reading lists and downloads, for its
//! membership assistants; and the record of changes (who changed what, and when), which the API
//! shows administrators only (`/v2/accounts/{id}/changes`).

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::paging::{Direction, FixedOrder};
use lectern_domain::reading_lists::ListSortOrder;
use lectern_operations::download_history::{self, Requesters};
use lectern_operations::listing::{NewestPage, NewestWindow};
use lectern_operations::managed_accounts;
use lectern_operations::reading_lists::{self, ListsPage};
use lectern_store::account_changes::AccountChange;
use lectern_store::keyset::KeyedOrder;

use super::home::Staff;
use super::records::{Owner, Records, managed_account};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::{Lang, format_name};
use crate::pages::forms;
use crate::pages::render::{Chrome, Section, day, page, with_query};
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/staff/activity.html")]
struct ActivityPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    lists: Vec<String>,
    more_lists: Option<String>,
    downloads: Vec<String>,
    downloads_count: u64,
    more_downloads: Option<String>,
    done: Option<&'static str>,
}

/// `GET /{site}/staff/accounts/{account}/activity`: the account's lists and its downloads,
/// each paged on its own (`listsStart`, `start`).
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let m = managed_account(&state, &visitor, &id).await?;
    let a = &m.account;
    let params = &visitor.caller.params;
    let lists_start = forms::field(params, "listsStart");
    let start = forms::field(params, "start");
    // Twenty lists a page, read as the API reads `start`.
    let listing = Params::default()
        .with("start", &lists_start)
        .with("limit", "20");
    let (shown, window) = listing.parse::<ListParams<ListSortOrder>>()?.window()?;
    let sort = window.sort;
    let ListsPage {
        rows: mut lists, ..
    } = reading_lists::of_managed(&state, &m, window).await?;
    let more = shown.next_token(&mut lists, |(l, _)| sort.key_of(l));
    let shown_downloads = params
        .only(&["start"])
        .parse::<ListParams<FixedOrder>>()?
        .page()?;
    let after = shown_downloads.after::<(i64, String)>()?;
    let newest_first = NewestWindow {
        after: after.as_ref(),
        reading: Direction::Desc,
        limit: shown_downloads.limit,
    };
    let NewestPage {
        rows: mut downloads,
        total: downloads_count,
    } = download_history::of_managed(&state, &m, newest_first).await?;
    let more_downloads = shown_downloads.next_token(&mut downloads, download_history::key_of);
    let titles = download_history::titles_of(&state, &downloads).await?;
    let requesters = Requesters::read(&state.store, &m.account, &downloads).await?;
    let owner = download_history::display_name(&m.account);
    let here = Records::Activity.path(&site, &a.user_account_id);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Staff);
    let lang = chrome.lang;
    Ok(page(
        StatusCode::OK,
        &ActivityPage {
            chrome: &chrome,
            owner: Owner::of(&site, &visitor, a, Records::Activity),
            lists: lists
                .iter()
                .map(|(l, _)| {
                    let access = lang.t(&format!("staff-list-access-{}", l.access));
                    lang.t_args(
                        "staff-activity-list",
                        &[
                            ("name", l.name.as_str().into()),
                            ("count", l.title_count.into()),
                            ("access", access.into()),
                            ("date", lang.date(&day(&l.date_updated.to_string())).into()),
                        ],
                    )
                })
                .collect(),
            more_lists: more
                .as_deref()
                .map(|n| with_query(&here, &[("listsStart", n), ("start", &start)])),
            downloads: downloads
                .iter()
                .map(|d| {
                    let title = titles
                        .iter()
                        .find(|t| t.service_id == d.subject)
                        .map_or_else(|| d.subject.clone(), |t| t.title.clone());
                    let format = d
                        .format
                        .parse::<Format>()
                        .map_or_else(|_| d.format.clone(), |f| format_name(lang, f));
                    let by = requesters.of(&d.requester).filter(|b| *b != owner);
                    let key = if by.is_some() {
                        "staff-activity-download-for"
                    } else {
                        "staff-activity-download"
                    };
                    lang.t_with(
                        key,
                        &[
                            ("title", &title),
                            ("format", &format),
                            ("date", &lang.date(&d.created_at.date())),
                            ("by", by.as_deref().unwrap_or("")),
                            (
                                "status",
                                &lang.t(&format!("staff-packaging-{}", d.status.as_str())),
                            ),
                        ],
                    )
                })
                .collect(),
            downloads_count,
            more_downloads: more_downloads
                .as_deref()
                .map(|n| with_query(&here, &[("listsStart", &lists_start), ("start", n)])),
            done: None,
        },
        &visitor,
    ))
}

#[derive(Template)]
#[template(path = "web/staff/changes.html")]
struct ChangesPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    changes: Vec<Change>,
    count: u64,
    next: Option<String>,
    done: Option<&'static str>,
}

struct Change {
    when: String,
    who: String,
    what: String,
    fields: Vec<String>,
}

impl ChangesPage<'_> {
    /// What a change was, when, and who made it.
    fn heading(&self, c: &Change) -> String {
        self.chrome.lang.t_with(
            "staff-change-heading",
            &[("what", &c.what), ("when", &c.when), ("who", &c.who)],
        )
    }
}

/// `GET /{site}/staff/accounts/{account}/changes`: who changed what, the latest first.
pub async fn changes(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let m = managed_account(&state, &visitor, &id).await?;
    let a = &m.account;
    let shown = visitor
        .caller
        .params
        .only(&["start"])
        .parse::<ListParams<FixedOrder>>()?
        .page()?;
    let before: Option<String> = shown.after()?;
    let (mut changes, count) =
        managed_accounts::changes_of(&state, &visitor.caller, &m, before.as_deref(), shown.limit)
            .await?;
    let next = shown.next_token(&mut changes, |c| c.change_id.clone());
    let here = Records::Changes.path(&site, &a.user_account_id);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Staff);
    let lang = chrome.lang;
    Ok(page(
        StatusCode::OK,
        &ChangesPage {
            chrome: &chrome,
            owner: Owner::of(&site, &visitor, a, Records::Changes),
            changes: changes.iter().map(|c| change(lang, c)).collect(),
            count,
            next: next.as_deref().map(|n| with_query(&here, &[("start", n)])),
            done: None,
        },
        &visitor,
    ))
}

/// The requests changes are recorded under, and their messages.
const ACTIONS: [(&str, &str); 11] = [
    ("POST /v2/accounts", "staff-change-account-added"),
    (
        "PUT /v2/accounts/{userIdentifier}",
        "staff-change-account-changed",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/password",
        "staff-change-password",
    ),
    (
        "POST /v2/accounts/{userIdentifier}/agreements",
        "staff-change-agreement-recorded",
    ),
    (
        "POST /v2/accounts/{userIdentifier}/agreements/{id}/expired",
        "staff-change-agreement-ended",
    ),
    (
        "POST /v2/accounts/{userIdentifier}/subscriptions",
        "staff-change-subscription-granted",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}",
        "staff-change-subscription-changed",
    ),
    (
        "DELETE /v2/accounts/{userIdentifier}/pod/{disabilityType}",
        "staff-change-disability-removed",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/preferences",
        "staff-change-preferences",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/recommendationProfile",
        "staff-change-profile",
    ),
    (
        "POST /v2/proofOfDisabilitySubmissions/{submissionId}",
        "staff-change-proof-decided",
    ),
];

fn change(lang: Lang, c: &AccountChange) -> Change {
    let state = |raw: &Option<String>| -> Option<Value> {
        raw.as_deref().and_then(|s| serde_json::from_str(s).ok())
    };
    Change {
        when: Timestamp::from_unix(c.changed_at)
            .to_string()
            .replace('T', " ")
            .trim_end_matches('Z')
            .to_owned(),
        who: c.changed_by.clone(),
        what: ACTIONS
            .iter()
            .find(|(a, _)| *a == c.action)
            .map_or_else(|| c.action.clone(), |(_, key)| lang.t(key)),
        fields: differences(
            state(&c.before_state).as_ref(),
            state(&c.after_state).as_ref(),
            &lang.t("staff-changes-none"),
        ),
    }
}

/// What differs between the states before and after, a field a line (`address.city: Leeds →
/// York`; a field one side lacks is `nothing`, in the page's words); links and verbs are how
/// the API showed the record, not what changed.
fn differences(before: Option<&Value>, after: Option<&Value>, nothing: &str) -> Vec<String> {
    let mut flat_before = Vec::new();
    let mut flat_after = Vec::new();
    flatten("", before.unwrap_or(&Value::Null), &mut flat_before);
    flatten("", after.unwrap_or(&Value::Null), &mut flat_after);
    let mut keys: Vec<&String> = flat_before
        .iter()
        .chain(&flat_after)
        .map(|(k, _)| k)
        .collect();
    keys.sort();
    keys.dedup();
    let value = |all: &[(String, String)], k: &str| {
        all.iter()
            .find(|(n, _)| n == k)
            .map_or_else(|| nothing.to_owned(), |(_, v)| v.clone())
    };
    keys.into_iter()
        .filter(|k| value(&flat_before, k) != value(&flat_after, k))
        .map(|k| {
            format!(
                "{k}: {} \u{2192} {}",
                value(&flat_before, k),
                value(&flat_after, k)
            )
        })
        .collect()
}

fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(map) => {
            for (k, v) in map {
                if matches!(k.as_str(), "links" | "allows") {
                    continue;
                }
                let name = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&name, v, out);
            }
        }
        Value::Null => {}
        Value::String(s) => out.push((prefix.to_owned(), s.clone())),
        other => out.push((prefix.to_owned(), other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_changed_is_told() {
        let before =
            serde_json::json!({"name": {"firstName": "Ann"}, "locked": false, "links": [1]});
        let after =
            serde_json::json!({"name": {"firstName": "Anna"}, "locked": false, "links": [2]});
        assert_eq!(
            differences(Some(&before), Some(&after), "nothing"),
            ["name.firstName: Ann \u{2192} Anna"]
        );
        assert_eq!(
            differences(
                None,
                Some(&serde_json::json!({"decision": "refused"})),
                "nothing"
            ),
            ["decision: nothing \u{2192} refused"]
        );
    }
}
