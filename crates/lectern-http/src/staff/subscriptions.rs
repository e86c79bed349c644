//! An account's subscriptions: each with its terms, its end date changed (extended) or set to
//! today (ended), and a new one granted, through `/v2/accounts/{id}/subscriptions`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;

use super::home::{Staff, StaffForm};
use super::records::{Owner, Records, done, managed_account};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::standing::{Subscription, SubscriptionForm};
use lectern_domain::paging::FixedOrder;
use lectern_operations::managed_accounts::managed;
use lectern_operations::subscriptions;
use lectern_store::keyset::KeyPart;

/// The terms a change sends again, so that only the end date changes.
const TERMS: [&str; 5] = [
    "startDate",
    "userSubscriptionType",
    "numBooksAllowed",
    "downloadTimeframe",
    "notes",
];

#[derive(Template)]
#[template(path = "web/staff/subscriptions.html")]
struct SubscriptionsPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    subscriptions: Vec<Row>,
    next: Option<String>,
    action: String,
    errors: FormErrors,
    types: Vec<Kind>,
    timeframes: Vec<Choice>,
    form: Params,
    done: Option<&'static str>,
}

/// A kind of subscription, as the grant form offers it.
struct Kind {
    value: String,
    label: String,
    selected: bool,
}

struct Row {
    /// Prefixes the ids of the row's fields.
    id: String,
    kind: String,
    start: String,
    /// Its last day; `None`, no end.
    end: Option<String>,
    allowance: String,
    notes: String,
    action: String,
    /// The terms sent again with a new end date.
    terms: Vec<(&'static str, String)>,
    today: String,
    errors: FormErrors,
    end_date: String,
}

impl SubscriptionsPage<'_> {
    pub fn field(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }

    /// The kind of subscription and when it runs.
    fn heading(&self, s: &Row) -> String {
        let lang = self.chrome.lang;
        match &s.end {
            Some(end) => lang.t_with(
                "staff-subscription-heading",
                &[("kind", &s.kind), ("start", &s.start), ("end", end)],
            ),
            None => lang.t_with(
                "staff-subscription-heading-no-end",
                &[("kind", &s.kind), ("start", &s.start)],
            ),
        }
    }
}

fn row(lang: Lang, site: &WebSite, owner: &str, n: usize, s: &Subscription) -> Row {
    let t = &s.terms;
    let timeframe = t.download_timeframe.map(|f| f.as_str().to_owned());
    Row {
        id: format!("s{n}"),
        kind: t.subscription_type.clone(),
        start: lang.date(&t.start_date),
        end: t.end_date.as_deref().map(|d| lang.date(d)),
        allowance: match (t.num_books_allowed, timeframe.as_deref()) {
            (None, _) => lang.t("staff-subscription-unlimited"),
            (Some(n), Some("monthly")) => lang.t_count("staff-subscription-monthly", n.into()),
            (Some(n), _) => lang.t_count("staff-subscription-in-all", n.into()),
        },
        notes: t.notes.clone().unwrap_or_default(),
        action: format!(
            "{}/{}",
            Records::Subscriptions.path(site, owner),
            segment(&s.subscription_id)
        ),
        terms: TERMS
            .into_iter()
            .zip([
                Some(t.start_date.clone()),
                Some(t.subscription_type.clone()),
                t.num_books_allowed.map(|n| n.to_string()),
                timeframe,
                t.notes.clone(),
            ])
            .filter_map(|(k, v)| Some((k, v?)))
            .collect(),
        today: Timestamp::now().date(),
        errors: FormErrors::default(),
        end_date: t.end_date.clone().unwrap_or_default(),
    }
}

/// `GET /{site}/staff/accounts/{account}/subscriptions`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    subscriptions_page(&state, &site, &visitor, &id, Refused::Nothing).await
}

/// `POST /{site}/staff/accounts/{account}/subscriptions`: a subscription granted.
pub async fn grant(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(&state, &visitor.caller, &id, "record subscriptions").await?;
    let granted = match form.parse::<SubscriptionForm>() {
        Ok(f) => subscriptions::grant_for(&state, &m, f)
            .await
            .map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match granted {
        Ok(_) => Ok(done(
            &site,
            &visitor,
            &id,
            Records::Subscriptions,
            "granted",
        )),
        Err(e) => {
            let errors = FormErrors::of(e)?
                .missing_as("startDate", "staff-subscription-start-missing")
                .missing_as("userSubscriptionType", "staff-subscription-choose");
            subscriptions_page(&state, &site, &visitor, &id, Refused::Grant(errors, form)).await
        }
    }
}

/// `POST /{site}/staff/accounts/{account}/subscriptions/{subscription}`: a new end date (today's
/// ends it), the other terms as they were.
pub async fn change(
    State(state): State<AppState>,
    Path((_, id, subscription)): Path<(String, String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let end = forms::field(&form, "endDate");
    let m = managed(&state, &visitor.caller, &id, "change subscriptions").await?;
    let changed = match form.parse::<SubscriptionForm>() {
        Ok(f) => subscriptions::change_for(&state, &m, &subscription, f)
            .await
            .map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match changed {
        Ok(_) => {
            let what = if end == Timestamp::now().date() {
                "ended"
            } else {
                "changed"
            };
            Ok(done(&site, &visitor, &id, Records::Subscriptions, what))
        }
        Err(e) => {
            let errors = FormErrors::of(e)?.missing_as("endDate", "staff-subscription-end-missing");
            let refused = Refused::Change {
                subscription,
                errors,
                end,
            };
            subscriptions_page(&state, &site, &visitor, &id, refused).await
        }
    }
}

/// How downloads are counted, and their messages.
const TIMEFRAMES: &[(&str, &str)] = &[
    ("", "staff-timeframe-default"),
    ("monthly", "staff-timeframe-monthly"),
    ("entireSubscription", "staff-timeframe-whole"),
];

fn action_of(site: &WebSite, a: &lectern_domain::account::Account) -> String {
    Records::Subscriptions.path(site, &a.user_account_id)
}

/// A form that came back refused, to show with its errors.
enum Refused {
    Nothing,
    Grant(FormErrors, Params),
    Change {
        subscription: String,
        errors: FormErrors,
        end: String,
    },
}

async fn subscriptions_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    refused: Refused,
) -> ApiResult<Response> {
    let m = managed_account(state, visitor, id).await?;
    let a = &m.account;
    let listing = visitor.caller.params.only(&["start"]);
    let window = listing.parse::<ListParams<FixedOrder>>()?.page()?;
    let after: Option<Vec<KeyPart>> = window.after()?;
    let (mut listed, _) =
        subscriptions::page_of_managed(state, &m, after.as_deref(), window.limit).await?;
    let next = window.next_token(&mut listed, lectern_store::subscriptions::key_of);
    let kinds = subscriptions::types(state).await?;
    let chrome = Chrome::of(site, visitor, &action_of(site, a), Section::Staff);
    let lang = chrome.lang;
    let action = action_of(site, a);
    let mut rows: Vec<Row> = listed
        .iter()
        .enumerate()
        .map(|(n, s)| row(lang, site, &a.user_account_id, n, s))
        .collect();
    let (errors, form) = match refused {
        Refused::Nothing => (FormErrors::default(), Params::default()),
        Refused::Grant(errors, form) => (errors, form),
        Refused::Change {
            subscription,
            errors,
            end,
        } => {
            if let Some((r, _)) = rows
                .iter_mut()
                .zip(&listed)
                .find(|(_, s)| s.subscription_id == subscription)
            {
                r.errors = errors;
                r.end_date = end;
            }
            (FormErrors::default(), Params::default())
        }
    };
    let in_error = errors.any() || rows.iter().any(|r| r.errors.any());
    let chosen = forms::field(&form, "userSubscriptionType");
    let frame = forms::field(&form, "downloadTimeframe");
    Ok(page(
        if in_error {
            axum::http::StatusCode::BAD_REQUEST
        } else {
            axum::http::StatusCode::OK
        },
        &SubscriptionsPage {
            chrome: &chrome,
            owner: Owner::of(site, visitor, a, Records::Subscriptions),
            next: next
                .as_deref()
                .map(|n| with_query(&action, &[("start", n)])),
            types: kinds
                .iter()
                .map(|k| Kind {
                    value: k.name.clone(),
                    label: format!("{}: {}", k.name, k.description),
                    selected: k.name == chosen,
                })
                .collect(),
            timeframes: choices_in(lang, TIMEFRAMES, &frame),
            subscriptions: rows,
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "granted" => Some("staff-subscription-done-granted"),
                "changed" => Some("staff-subscription-done-changed"),
                "ended" => Some("staff-subscription-done-ended"),
                _ => None,
            },
            action,
            errors,
            form,
        },
        visitor,
    ))
}
