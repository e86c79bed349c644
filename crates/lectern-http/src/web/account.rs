//! My account: where the reader stands (subscription, this period's allowance, the agreement,
//! proof of disability, each with what to do next), reading preferences, the agreement signed,
//! a new password, and a sync key for KOReader, each read and written by the house's operations
//! (`lectern_operations::{preferences, agreements, my_account, subscriptions, sync_keys}`); the
//! standing is the access rules' own facts (`ReaderFacts`).

use askama::Template;
use axum::extract::State;
use axum::response::Response;
use lectern_domain::account::standing::DownloadTimeframe;
use lectern_domain::account::{ProofOfDisabilityStatus, SubscriptionStatus};
use lectern_domain::title_access::Viewer;

use crate::error::ApiResult;
use crate::pages::forms::{self, FormErrors, Posted};
use crate::pages::preferences::{ShownPreferences, formats, preference_changes, widths};
use crate::pages::render::{Chrome, Section, page, see_other};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::fields::AccountFields;
use lectern_operations::titles::CatalogViewer;
use lectern_operations::tokens;
use lectern_operations::{
    Failure, agreements, my_account, preferences as reading_preferences, subscriptions, sync_keys,
};

#[derive(Template)]
#[template(path = "web/account.html")]
struct AccountPage<'a> {
    chrome: &'a Chrome,
    name: String,
    user_name: String,
    standing: Vec<(&'static str, String)>,
    agreement_needed: bool,
    preferences: &'a ShownPreferences,
    formats: Vec<(&'static str, &'static str)>,
    widths: Vec<u32>,
    /// Which form the errors are of: `preferences`, `password` or `agreement`.
    errors_of: &'a str,
    errors: FormErrors,
    done: Option<&'static str>,
    sync_key: Option<String>,
    action: String,
}

/// `GET /{site}/account`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    visitor.caller.signed_in()?;
    let done = match visitor.caller.params.one("done")? {
        Some("preferences") => Some("Your reading preferences have been saved."),
        Some("password") => Some("Your password has been changed."),
        Some("agreement") => Some("Thank you: the agreement is signed."),
        _ => None,
    };
    account_page(
        &state,
        &site,
        &visitor,
        ("", FormErrors::default()),
        done,
        None,
    )
    .await
}

/// `POST /{site}/account/preferences`.
pub async fn preferences(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let changed = match preference_changes(&form) {
        Ok(changes) => reading_preferences::change_mine(&state, &visitor.caller, changes)
            .await
            .map_err(FormErrors::of_failure),
        Err(e) => Err(FormErrors::of(e)),
    };
    match changed {
        Ok(_) => Ok(see_other(
            &site.path("/account?done=preferences"),
            &visitor.set_cookies,
        )),
        Err(errors) => {
            let errors = ("preferences", errors?);
            account_page(&state, &site, &visitor, errors, None, None).await
        }
    }
}

/// `POST /{site}/account/password`: the API ends every sign-in of the account when its
/// password changes, this one included, so the page signs the reader in again.
pub async fn password(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let me = visitor.caller.signed_in()?.clone();
    let field = |n: &str| forms::field(&form, n);
    let (current, new, again) = (
        field("currentPassword"),
        field("password"),
        field("passwordAgain"),
    );
    let mut errors = FormErrors::default();
    if current.is_empty() {
        errors.fields.push((
            "currentPassword".to_owned(),
            "Enter your current password".to_owned(),
        ));
    }
    if new.is_empty() {
        errors
            .fields
            .push(("password".to_owned(), "Enter a new password".to_owned()));
    } else if new != again {
        errors.fields.push((
            "passwordAgain".to_owned(),
            "The two new passwords are not the same".to_owned(),
        ));
    }
    if errors.any() {
        return account_page(&state, &site, &visitor, ("password", errors), None, None).await;
    }
    let fields = AccountFields {
        password: Some(new),
        ..AccountFields::default()
    };
    match my_account::change_mine(&state, &visitor.caller, fields, Some(current)).await {
        Ok(_) => {
            let tokens = tokens::new_sign_in(&state, &site.client, &me.user_account_id).await?;
            let mut cookies = visitor.set_cookies.clone();
            cookies.extend(site.started(&state, &tokens.access_token, &tokens.refresh_token));
            Ok(see_other(&site.path("/account?done=password"), &cookies))
        }
        Err(f) => {
            // A refusal is a wrong current password: that field's error, not a page.
            let errors = match f {
                Failure::Refused(_) => {
                    FormErrors::one("currentPassword", "Your current password is not right")
                }
                other => FormErrors::of_failure(other)?,
            };
            account_page(&state, &site, &visitor, ("password", errors), None, None).await
        }
    }
}

/// `POST /{site}/account/agreement`: the reader signs the library's agreement.
pub async fn agreement(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let print_name = Some(forms::field(&form, "printName"));
    match agreements::sign_mine(&state, &visitor.caller, print_name, false).await {
        Ok(_) => Ok(see_other(
            &site.path("/account?done=agreement"),
            &visitor.set_cookies,
        )),
        Err(f) => {
            let errors =
                FormErrors::of_failure(f)?.missing_as("printName", "Type your name to sign");
            account_page(&state, &site, &visitor, ("agreement", errors), None, None).await
        }
    }
}

/// `POST /{site}/account/sync-key`: a new KOReader sync key, shown on this answer only.
pub async fn sync_key(
    State(state): State<AppState>,
    Posted { site, visitor, .. }: Posted,
) -> ApiResult<Response> {
    let key = sync_keys::make(&state, &visitor.caller).await?;
    let errors = ("", FormErrors::default());
    account_page(&state, &site, &visitor, errors, None, Some(key)).await
}

async fn account_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    (errors_of, errors): (&str, FormErrors),
    done: Option<&'static str>,
    sync_key: Option<String>,
) -> ApiResult<Response> {
    let me = visitor.caller.signed_in()?;
    let preferences: ShownPreferences = reading_preferences::mine(state, &visitor.caller)
        .await?
        .into();
    let who = CatalogViewer::of(state, &visitor.caller).await?;
    let standing = match &who.viewer {
        Viewer::User(r) => standing(state, visitor, r).await?,
        Viewer::Guest { .. } => Vec::new(),
    };
    let agreement_needed = matches!(&who.viewer, Viewer::User(r) if !r.has_agreement);
    let here = site.path("/account");
    let chrome = Chrome::of(site, visitor, &here, Section::Account);
    let status = errors.status();
    Ok(page(
        status,
        &AccountPage {
            chrome: &chrome,
            name: format!("{} {}", me.first_name, me.last_name)
                .trim()
                .to_owned(),
            user_name: me.user_name.clone().unwrap_or_default(),
            standing,
            agreement_needed,
            preferences: &preferences,
            formats: formats(),
            widths: widths(),
            errors_of,
            errors,
            done,
            sync_key,
            action: here,
        },
        visitor,
    ))
}

/// Where the reader stands, each fact with what to do about it.
async fn standing(
    state: &AppState,
    visitor: &Visitor,
    r: &lectern_domain::title_access::ReaderFacts,
) -> ApiResult<Vec<(&'static str, String)>> {
    let subscription = match r.subscription_status {
        SubscriptionStatus::Active => match subscriptions::mine(state, &visitor.caller).await {
            Ok((s, kind)) => {
                let name = &s.terms.subscription_type;
                let kind = kind
                    .map(|k| k.description)
                    .filter(|d| !d.is_empty())
                    .unwrap_or_else(|| name.clone());
                match s.terms.end_date.as_deref().and_then(|d| d.get(..10)) {
                    Some(end) => format!("{kind}, until {end}."),
                    None => format!("{kind}."),
                }
            }
            Err(_) => "Active.".to_owned(),
        },
        SubscriptionStatus::Expired => {
            "Your subscription has ended. Contact your library to renew it.".to_owned()
        }
        SubscriptionStatus::Missing => {
            "You have no subscription. Contact your library to start one.".to_owned()
        }
    };
    let period = match r.quota_period {
        DownloadTimeframe::Monthly => "this month",
        DownloadTimeframe::EntireSubscription => "in this subscription",
    };
    let allowance = match r.quota {
        Some(q) => {
            let left = q.saturating_sub(r.downloads_in_period);
            format!("{left} of {q} downloads left {period}.")
        }
        None => "No limit on downloads.".to_owned(),
    };
    let proof = match r.proof_of_disability_status {
        ProofOfDisabilityStatus::Active => "On file.".to_owned(),
        ProofOfDisabilityStatus::Submitted => {
            "Received; the library is checking it. You will be able to download once it is accepted.".to_owned()
        }
        ProofOfDisabilityStatus::Missing => {
            "Not yet given. Ask a doctor, teacher or other professional to certify your print disability, then send it to your library.".to_owned()
        }
    };
    let agreement = if r.has_agreement {
        "Signed.".to_owned()
    } else {
        "Not yet signed. Sign it below to download titles.".to_owned()
    };
    Ok(vec![
        ("Subscription", subscription),
        ("Downloads", allowance),
        ("Agreement", agreement),
        ("Proof of disability", proof),
    ])
}
