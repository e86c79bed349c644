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
    /// Each fact's message key and its words.
    standing: Vec<(&'static str, String)>,
    agreement_needed: bool,
    preferences: &'a ShownPreferences,
    formats: Vec<(&'static str, String)>,
    widths: Vec<u32>,
    /// Which form the errors are of: `preferences`, `password` or `agreement`.
    errors_of: &'a str,
    errors: FormErrors,
    /// The message saying what was just done.
    done: Option<&'static str>,
    sync_key: Option<String>,
    action: String,
    /// The password form's fields: name, label's message, `autocomplete`.
    password_fields: [(&'static str, &'static str, &'static str); 3],
}

const PASSWORD_FIELDS: [(&str, &str, &str); 3] = [
    (
        "currentPassword",
        "account-password-current",
        "current-password",
    ),
    ("password", "account-password-new", "new-password"),
    ("passwordAgain", "account-password-again", "new-password"),
];

/// `GET /{site}/account`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    visitor.caller.signed_in()?;
    let done = match visitor.caller.params.one("done")? {
        Some("preferences") => Some("account-done-preferences"),
        Some("password") => Some("account-done-password"),
        Some("agreement") => Some("account-done-agreement"),
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
    let lang = visitor.lang;
    let mut errors = FormErrors::default();
    if current.is_empty() {
        errors.add(
            "currentPassword",
            lang.t("account-password-current-missing"),
        );
    }
    if new.is_empty() {
        errors.add("password", lang.t("account-password-new-missing"));
    } else if new != again {
        errors.add("passwordAgain", lang.t("account-password-differ"));
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
                    FormErrors::one("currentPassword", lang.t("account-password-wrong"))
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
                FormErrors::of_failure(f)?.missing_as("printName", "account-sign-name-missing");
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
            formats: formats(visitor.lang),
            widths: widths(),
            errors_of,
            errors,
            done,
            sync_key,
            action: here,
            password_fields: PASSWORD_FIELDS,
        },
        visitor,
    ))
}

/// Where the reader stands, each fact with what to do about it: the fact's message key and
/// its words in the reader's language.
async fn standing(
    state: &AppState,
    visitor: &Visitor,
    r: &lectern_domain::title_access::ReaderFacts,
) -> ApiResult<Vec<(&'static str, String)>> {
    let lang = visitor.lang;
    let subscription = match r.subscription_status {
        SubscriptionStatus::Active => match subscriptions::mine(state, &visitor.caller).await {
            Ok((s, kind)) => {
                let name = &s.terms.subscription_type;
                let kind = kind
                    .map(|k| k.description)
                    .filter(|d| !d.is_empty())
                    .unwrap_or_else(|| name.clone());
                match s.terms.end_date.as_deref().and_then(|d| d.get(..10)) {
                    Some(end) => lang.t_with(
                        "account-subscription-until",
                        &[("kind", &kind), ("end", &lang.date(end))],
                    ),
                    None => lang.t1("account-subscription-open", "kind", &kind),
                }
            }
            Err(_) => lang.t("account-subscription-active"),
        },
        SubscriptionStatus::Expired => lang.t("account-subscription-ended"),
        SubscriptionStatus::Missing => lang.t("account-subscription-none"),
    };
    let allowance = match r.quota {
        Some(q) => {
            let left = q.saturating_sub(r.downloads_in_period);
            let key = match r.quota_period {
                DownloadTimeframe::Monthly => "account-downloads-left-month",
                DownloadTimeframe::EntireSubscription => "account-downloads-left-subscription",
            };
            lang.t_numbers(key, &[("left", left), ("quota", q)])
        }
        None => lang.t("account-downloads-unlimited"),
    };
    let proof = lang.t(match r.proof_of_disability_status {
        ProofOfDisabilityStatus::Active => "account-proof-active",
        ProofOfDisabilityStatus::Submitted => "account-proof-submitted",
        ProofOfDisabilityStatus::Missing => "account-proof-missing",
    });
    let agreement = lang.t(if r.has_agreement {
        "account-agreement-signed"
    } else {
        "account-agreement-unsigned"
    });
    Ok(vec![
        ("account-subscription", subscription),
        ("account-downloads", allowance),
        ("account-agreement", agreement),
        ("account-proof", proof),
    ])
}
