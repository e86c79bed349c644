//! What an account did and what was done to it: its reading lists and downloads, for its
//! membership assistants; and the record of changes (who changed what, and when), which the API
//! shows administrators only (`/v2/accounts/{id}/changes`).

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;

use super::home::Staff;
use super::records::{Owner, Records, managed_account};
use crate::accounts::changes::{AccountChangeView, managed_changes};
use crate::accounts::history::managed_history;
use crate::conventions::links::segment;
use crate::error::ApiResult;
use crate::lists::account_lists::managed_lists;
use crate::state::AppState;
use crate::web::forms;
use crate::web::render::{Chrome, Section, page, with_query};
use crate::web::session::Visitor;

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
    let (m, a) = managed_account(&state, &visitor, &id).await?;
    let params = &visitor.caller.params;
    let lists_start = forms::field(params, "listsStart");
    let start = forms::field(params, "start");
    let listing = crate::conventions::params::Params::from_pairs(
        [("start", &lists_start), ("limit", &"20".to_owned())]
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    );
    let me = visitor.caller.signed_in()?;
    let path_id = segment(&a.user_account_id);
    let lists = managed_lists(&state, me, &m, (&listing, &path_id)).await?;
    let history = managed_history(&state, &m, &params.only(&["start"])).await?;
    let here = Records::Activity.path(&site, &a.user_account_id);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Staff);
    Ok(page(
        StatusCode::OK,
        &ActivityPage {
            chrome: &chrome,
            owner: Owner::of(&site, &visitor, &a, Records::Activity),
            lists: lists
                .items
                .iter()
                .map(|l| {
                    let count = match l.title_count {
                        1 => "1 title".to_owned(),
                        n => format!("{n} titles"),
                    };
                    format!(
                        "{}: {count}, {}, updated {}",
                        l.name,
                        l.access,
                        day(&l.date_updated)
                    )
                })
                .collect(),
            more_lists: lists
                .next
                .as_deref()
                .map(|n| with_query(&here, &[("listsStart", n), ("start", &start)])),
            downloads: history
                .items
                .iter()
                .map(|d| {
                    let title = d.title.clone().unwrap_or_else(|| d.service_id.clone());
                    let format = d.format.as_ref().map_or("", |f| f.name);
                    let by = d
                        .downloaded_by
                        .as_deref()
                        .filter(|b| Some(*b) != d.downloaded_for.as_deref())
                        .map(|b| format!(", for them by {b}"))
                        .unwrap_or_default();
                    format!(
                        "{title} ({format}), {}{by}: {}",
                        day(&d.date_downloaded.to_string()),
                        d.packaging_status.messages.first().copied().unwrap_or("")
                    )
                })
                .collect(),
            downloads_count: history.total_results,
            more_downloads: history
                .next
                .as_deref()
                .map(|n| with_query(&here, &[("listsStart", &lists_start), ("start", n)])),
            done: None,
        },
        &visitor,
    ))
}

fn day(t: &str) -> String {
    t.get(..10).unwrap_or(t).to_owned()
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

/// `GET /{site}/staff/accounts/{account}/changes`: who changed what, the latest first.
pub async fn changes(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let (m, a) = managed_account(&state, &visitor, &id).await?;
    let listing = visitor.caller.params.only(&["start"]);
    let list = managed_changes(&state, &visitor.caller, &m, &listing).await?;
    let here = Records::Changes.path(&site, &a.user_account_id);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Staff);
    Ok(page(
        StatusCode::OK,
        &ChangesPage {
            chrome: &chrome,
            owner: Owner::of(&site, &visitor, &a, Records::Changes),
            changes: list.items.iter().map(change).collect(),
            count: list.total_results,
            next: list
                .next
                .as_deref()
                .map(|n| with_query(&here, &[("start", n)])),
            done: None,
        },
        &visitor,
    ))
}

/// The requests changes are recorded under, in words.
const ACTIONS: [(&str, &str); 11] = [
    ("POST /v2/accounts", "Account added"),
    ("PUT /v2/accounts/{userIdentifier}", "Account changed"),
    ("PUT /v2/accounts/{userIdentifier}/password", "Password set"),
    (
        "POST /v2/accounts/{userIdentifier}/agreements",
        "Agreement recorded",
    ),
    (
        "POST /v2/accounts/{userIdentifier}/agreements/{id}/expired",
        "Agreement ended",
    ),
    (
        "POST /v2/accounts/{userIdentifier}/subscriptions",
        "Subscription granted",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}",
        "Subscription changed",
    ),
    (
        "DELETE /v2/accounts/{userIdentifier}/pod/{disabilityType}",
        "Disability taken off",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/preferences",
        "Reading preferences changed",
    ),
    (
        "PUT /v2/accounts/{userIdentifier}/recommendationProfile",
        "Recommendation profile changed",
    ),
    (
        "POST /v2/proofOfDisabilitySubmissions/{submissionId}",
        "Proof of disability decided",
    ),
];

fn change(c: &AccountChangeView) -> Change {
    Change {
        when: c
            .date
            .to_string()
            .replace('T', " ")
            .trim_end_matches('Z')
            .to_owned(),
        who: c.person_name.clone(),
        what: ACTIONS
            .iter()
            .find(|(a, _)| *a == c.action)
            .map_or_else(|| c.action.clone(), |(_, w)| (*w).to_owned()),
        fields: differences(c.before.as_ref(), c.after.as_ref()),
    }
}

/// What differs between the states before and after, a field a line (`address.city: Leeds →
/// York`); links and verbs are how the API showed the record, not what changed.
fn differences(before: Option<&Value>, after: Option<&Value>) -> Vec<String> {
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
            .map_or_else(|| "nothing".to_owned(), |(_, v)| v.clone())
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

/// Whether the visitor reads the record of changes (the API's rule: administrators only), so
/// that the records' navigation offers it to them alone.
pub fn reads_changes(visitor: &Visitor) -> bool {
    visitor
        .caller
        .user()
        .is_some_and(|a| a.has_role(lectern_domain::role::Role::Administrator))
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
            differences(Some(&before), Some(&after)),
            ["name.firstName: Ann \u{2192} Anna"]
        );
        assert_eq!(
            differences(None, Some(&serde_json::json!({"decision": "refused"}))),
            ["decision: nothing \u{2192} refused"]
        );
    }
}
