//! An account's agreements: each with who recorded it and whether it is in force (ended with a
//! button), and a signed agreement recorded, through `/v2/accounts/{id}/agreements`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;

use super::home::{Staff, StaffForm};
use super::records::{Owner, Records, done, managed_account};
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::standing::{Agreement, NewAgreement};
use lectern_operations::agreements;
use lectern_operations::managed_accounts::managed;

/// The agreements, and their messages.
const TYPES: &[(&str, &str)] = &[
    ("termsOfUse", "staff-agreement-termsOfUse"),
    ("volunteer", "staff-agreement-volunteer"),
];

#[derive(Template)]
#[template(path = "web/staff/agreements.html")]
struct AgreementsPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    agreements: Vec<Row>,
    action: String,
    errors: FormErrors,
    types: Vec<Choice>,
    date_signed: String,
    print_name: String,
    guardian: bool,
    done: Option<&'static str>,
}

struct Row {
    kind: String,
    signed: String,
    ended: Option<String>,
    print_name: String,
    /// Who recorded it; `None`, the reader themself.
    recorded_by: Option<String>,
    guardian: bool,
    expire: String,
}

impl AgreementsPage<'_> {
    /// The agreement and the day it was signed.
    fn heading(&self, g: &Row) -> String {
        let lang = self.chrome.lang;
        lang.t_with(
            "staff-agreement-heading",
            &[("kind", &g.kind), ("date", &lang.date(&g.signed))],
        )
    }

    /// Who signed it and recorded it, and whether it is in force.
    fn about(&self, g: &Row) -> String {
        let lang = self.chrome.lang;
        let signed = if g.guardian {
            "staff-agreement-signed-as-guardian"
        } else {
            "staff-agreement-signed-as"
        };
        let recorded = match &g.recorded_by {
            Some(who) => lang.t1("staff-agreement-recorded-by", "name", who),
            None => lang.t("staff-agreement-recorded-by-reader"),
        };
        let standing = match &g.ended {
            Some(day) => lang.t1("staff-agreement-ended", "date", &lang.date(day)),
            None => lang.t("staff-agreement-in-force"),
        };
        lang.t_with(
            "staff-agreement-about",
            &[
                ("signed", &lang.t1(signed, "name", &g.print_name)),
                ("recorded", &recorded),
                ("standing", &standing),
            ],
        )
    }

    /// A day as the page's language writes it.
    fn date(&self, day: &str) -> String {
        self.chrome.lang.date(day)
    }
}

fn row(lang: Lang, site: &WebSite, owner: &str, a: &Agreement) -> Row {
    let kind = a.agreement_type.as_str();
    Row {
        kind: TYPES
            .iter()
            .find(|(v, _)| *v == kind)
            .map_or_else(|| kind.to_owned(), |(_, key)| lang.t(key)),
        signed: a.date_signed.clone(),
        ended: a.date_expired.clone(),
        print_name: a.print_name.clone(),
        recorded_by: a.recording_user.clone(),
        guardian: a.signed_by_legal_guardian,
        expire: format!(
            "{}/{}/expire",
            Records::Agreements.path(site, owner),
            segment(&a.agreement_id)
        ),
    }
}

/// `GET /{site}/staff/accounts/{account}/agreements`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    agreements_page(&state, &site, &visitor, &id, FormErrors::default(), None).await
}

/// `POST /{site}/staff/accounts/{account}/agreements`: a signed agreement recorded.
pub async fn record(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(&state, &visitor.caller, &id, "record agreements").await?;
    let recorded = match new_agreement(&form) {
        Ok(new) => agreements::record_for(&state, &m, new)
            .await
            .map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match recorded {
        Ok(_) => Ok(done(&site, &visitor, &id, Records::Agreements, "recorded")),
        Err(e) => {
            let errors = FormErrors::of(e)?
                .missing_as("dateSigned", "staff-agreement-date-missing")
                .missing_as("printName", "staff-agreement-name-missing")
                .missing_as("agreementType", "staff-agreement-choose");
            agreements_page(&state, &site, &visitor, &id, errors, Some(form)).await
        }
    }
}

/// The agreement the form describes; each field it needs is asked for in the form's order.
fn new_agreement(form: &Params) -> ApiResult<NewAgreement> {
    let kind = form.required("agreementType")?;
    let date_signed = form.required("dateSigned")?.to_owned();
    let print_name = form.required("printName")?.to_owned();
    Ok(NewAgreement {
        agreement_type: kind
            .parse()
            .map_err(|why| ApiError::bad_param("agreementType", why))?,
        date_signed,
        print_name,
        signed_by_legal_guardian: forms::field(form, "signedByLegalGuardian") == "true",
    })
}

/// `POST /{site}/staff/accounts/{account}/agreements/{agreement}/expire`: ended today.
pub async fn expire(
    State(state): State<AppState>,
    Path((_, id, agreement)): Path<(String, String, String)>,
    StaffForm { site, visitor, .. }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(&state, &visitor.caller, &id, "expire agreements").await?;
    agreements::expire_for(&state, &m, &agreement).await?;
    Ok(done(&site, &visitor, &id, Records::Agreements, "ended"))
}

async fn agreements_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    asked: Option<Params>,
) -> ApiResult<Response> {
    let m = managed_account(state, visitor, id).await?;
    let a = &m.account;
    let signed = agreements::of_managed(state, &m).await?;
    let owner = Owner::of(site, visitor, a, Records::Agreements);
    let action = Records::Agreements.path(site, &a.user_account_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    let asked = asked.unwrap_or_default();
    let chosen = forms::field(&asked, "agreementType");
    let status = errors.status();
    Ok(page(
        status,
        &AgreementsPage {
            chrome: &chrome,
            agreements: signed
                .iter()
                .map(|g| row(lang, site, &a.user_account_id, g))
                .collect(),
            types: choices_in(
                lang,
                TYPES,
                if chosen.is_empty() {
                    "termsOfUse"
                } else {
                    &chosen
                },
            ),
            date_signed: forms::field(&asked, "dateSigned"),
            print_name: forms::field(&asked, "printName"),
            guardian: forms::field(&asked, "signedByLegalGuardian") == "true",
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "recorded" => Some("staff-agreement-done-recorded"),
                "ended" => Some("staff-agreement-done-ended"),
                _ => None,
            },
            owner,
            action,
            errors,
        },
        visitor,
    ))
}
