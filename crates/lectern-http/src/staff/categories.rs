//! Categories and BISAC codes, for administrators, a page each: every category with its
//! description, one added or described; the BISAC codes found by the start of a code or a
//! description (the API's `GET /v2/bisacCodes`, paged), one added or described. Document 2 reads
//! both lists and writes neither: they are written by `lectern_operations::categories`, with the
//! checks `lectern load` makes (a name, a code of three letters and six digits).

use askama::Template;
use axum::extract::State;
use axum::response::Response;
use lectern_domain::paging::FixedOrder;
use lectern_operations::administration::Administrator;
use lectern_operations::categories::{
    self, bisac_codes, save_bisac_code, save_category as saved_category,
};
use lectern_store::bisac_codes::{BisacCode, BisacPrefix, bisac_key};

use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::pages::forms::{self, Choice, FormErrors, Posted, choices_in};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

/// What the codes are found by, and their messages.
const SEARCH_BY: &[(&str, &str)] = &[
    ("code", "staff-bisac-by-code"),
    ("description", "staff-bisac-by-description"),
];

#[derive(Template)]
#[template(path = "web/staff/categories.html")]
struct CategoriesPage<'a> {
    chrome: &'a Chrome,
    categories: Vec<(String, String)>,
    action: String,
    bisac: String,
    errors: FormErrors,
    form: Params,
    done: bool,
}

#[derive(Template)]
#[template(path = "web/staff/bisac.html")]
struct BisacPage<'a> {
    chrome: &'a Chrome,
    action: String,
    categories: String,
    words: String,
    by: Vec<Choice>,
    codes: Vec<BisacCode>,
    count: String,
    next: Option<String>,
    errors: FormErrors,
    form: Params,
    done: bool,
}

impl CategoriesPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

impl BisacPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

/// `GET /{site}/staff/admin/categories`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    Administrator::of(&visitor.caller)?;
    let done = forms::field(&visitor.caller.params, "done") == "saved";
    categories_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        Params::default(),
        done,
    )
    .await
}

/// `GET /{site}/staff/admin/bisac`.
pub async fn show_bisac(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    Administrator::of(&visitor.caller)?;
    let done = forms::field(&visitor.caller.params, "done") == "saved";
    bisac_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        Params::default(),
        done,
    )
    .await
}

/// `POST /{site}/staff/admin/categories`: a category added, or its description changed.
pub async fn save_category(State(state): State<AppState>, posted: Posted) -> ApiResult<Response> {
    let Posted {
        site,
        visitor,
        form,
        ..
    } = posted;
    let admin = Administrator::of(&visitor.caller)?;
    let name = forms::field(&form, "name").trim().to_owned();
    let description = forms::field(&form, "description").trim().to_owned();
    let description = Some(description.as_str()).filter(|d| !d.is_empty());
    match saved_category(&state, &admin, &name, description).await {
        Ok(()) => Ok(saved(&site, &visitor, "/staff/admin/categories")),
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            categories_page(&state, &site, &visitor, errors, form, false).await
        }
    }
}

/// `POST /{site}/staff/admin/bisac`: a BISAC code added, or its description changed.
pub async fn save_bisac(State(state): State<AppState>, posted: Posted) -> ApiResult<Response> {
    let Posted {
        site,
        visitor,
        form,
        ..
    } = posted;
    let admin = Administrator::of(&visitor.caller)?;
    let code = forms::field(&form, "code").trim().to_uppercase();
    let description = forms::field(&form, "description").trim().to_owned();
    match save_bisac_code(&state, &admin, &code, &description).await {
        Ok(()) => Ok(saved(&site, &visitor, "/staff/admin/bisac")),
        Err(f) => {
            let errors = FormErrors::of_failure(f)?.missing_as("description", "form-fill-in");
            bisac_page(&state, &site, &visitor, errors, form, false).await
        }
    }
}

fn saved(site: &WebSite, visitor: &Visitor, path: &str) -> Response {
    see_other(
        &with_query(&site.path(path), &[("done", "saved")]),
        &visitor.set_cookies,
    )
}

async fn categories_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    done: bool,
) -> ApiResult<Response> {
    let all = categories::all(state).await?;
    let action = site.path("/staff/admin/categories");
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &CategoriesPage {
            chrome: &chrome,
            categories: all
                .into_iter()
                .map(|(name, d)| (name, d.unwrap_or_default()))
                .collect(),
            action,
            bisac: site.path("/staff/admin/bisac"),
            errors,
            form,
            done,
        },
        visitor,
    ))
}

/// The BISAC codes found by the start of a code or a description, through the API's list.
async fn bisac_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    done: bool,
) -> ApiResult<Response> {
    let asked = &visitor.caller.params;
    let words = forms::field(asked, "startsWith").trim().to_owned();
    let by = Some(forms::field(asked, "by"))
        .filter(|b| b == "description")
        .unwrap_or_else(|| "code".to_owned());
    let prefix = match (words.is_empty(), by.as_str()) {
        (true, _) => BisacPrefix::All,
        (false, "code") => BisacPrefix::Code(words.clone()),
        (false, _) => BisacPrefix::Description(words.clone()),
    };
    // A page's length (`limit`) and place (`start`) are read as the API reads them.
    let limit = forms::field(asked, "limit");
    let shown = asked
        .only(&["limit", "start"])
        .parse::<ListParams<FixedOrder, 100>>()?
        .page()?;
    let after = shown.after::<(String, String)>()?;
    let (mut codes, total) = bisac_codes(state, &prefix, after.as_ref(), shown.limit).await?;
    let next = shown.next_token(&mut codes, |c| bisac_key(&prefix, c));
    let action = site.path("/staff/admin/bisac");
    let filters = [
        ("startsWith", words.as_str()),
        ("by", by.as_str()),
        ("limit", limit.as_str()),
    ];
    let next = next.as_deref().map(|n| {
        let mut pairs = filters.to_vec();
        pairs.push(("start", n));
        with_query(&action, &pairs)
    });
    let chrome = Chrome::of(
        site,
        visitor,
        &with_query(&action, &filters),
        Section::Staff,
    );
    let count = chrome.lang.t_count("staff-bisac-found", total);
    let status = errors.status();
    Ok(page(
        status,
        &BisacPage {
            chrome: &chrome,
            categories: site.path("/staff/admin/categories"),
            action,
            by: choices_in(chrome.lang, SEARCH_BY, &by),
            words,
            codes,
            count,
            next,
            errors,
            form,
            done,
        },
        visitor,
    ))
}
