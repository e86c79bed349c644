//! Signing in to a site's pages, with the sign-in form of the token server's login page: the same
//! checks, throttling and lockout (`oauth::check_credentials`), and a sign-in of the site's web
//! key whose tokens the session cookie keeps. Signing out revokes them.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::secret::new_token;

use crate::error::ApiResult;
use crate::pages::forms::Posted;
use crate::pages::render::{Chrome, Section, page, see_other};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::sign_in::LoginErrors;
use crate::sign_in::{self, Secret, SignIn};
use crate::state::AppState;
use lectern_operations::tokens;

#[derive(Template)]
#[template(path = "web/sign_in.html")]
struct SignInPage<'a> {
    chrome: &'a Chrome,
    /// The form's language (the form is the token server's too).
    lang: crate::i18n::Lang,
    action: &'a str,
    csrf: &'a str,
    username: &'a str,
    has_errors: bool,
    username_error: Option<&'a str>,
    password_error: Option<&'a str>,
    form_error: Option<&'a str>,
    next: Option<&'a str>,
    /// The site's OPDS catalog, which reading apps add (the page's help on signing in from one).
    catalog: &'a str,
}

#[derive(Template)]
#[template(path = "web/signed_out.html")]
struct SignedOutPage<'a> {
    chrome: &'a Chrome,
}

/// The sign-in form's fields.
#[derive(serde::Deserialize)]
struct SignInForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    next: Option<String>,
}

/// `GET /{site}/sign-in?next=`: the form; a visitor signed in already goes on.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let next = visitor.caller.params.one("next")?.map(str::to_owned);
    let next = onward(&site, next.as_deref());
    if visitor.caller.user().is_some() {
        return Ok(see_other(&next, &visitor.set_cookies));
    }
    Ok(form_page(
        &state,
        (&site, &visitor),
        "",
        &next,
        LoginErrors::default(),
    ))
}

/// `POST /{site}/sign-in`.
pub async fn submit(State(state): State<AppState>, posted: Posted) -> ApiResult<Response> {
    let Posted {
        site,
        visitor,
        form,
        from: here_from,
    } = posted;
    let fields: SignInForm = form.parse()?;
    let next = onward(&site, fields.next.as_deref());
    let username = fields.username.trim();
    if let Some(errors) = LoginErrors::of_blanks(username, &fields.password) {
        return Ok(form_page(
            &state,
            (&site, &visitor),
            username,
            &next,
            errors,
        ));
    }
    let account = match sign_in::check(
        &state,
        username,
        Secret::Password(&fields.password),
        &here_from,
    )
    .await?
    {
        SignIn::Ok(a) => a,
        refused => {
            let errors = LoginErrors::of_refusal(&refused);
            return Ok(form_page(
                &state,
                (&site, &visitor),
                username,
                &next,
                errors,
            ));
        }
    };
    let tokens = tokens::new_sign_in(&state, &site.client, &account.user_account_id).await?;
    let mut cookies: Vec<_> = visitor.set_cookies.clone();
    cookies.extend(site.started(&state, &tokens.access_token, &tokens.refresh_token));
    // A new form token with the new sign-in, so that one seen before it is worth nothing after.
    cookies.push(site.csrf_cookie(&state, &new_token()));
    Ok(see_other(&next, &cookies))
}

/// `POST /{site}/sign-out`: the sign-in's tokens are revoked, then its cookies cleared.
pub async fn sign_out(
    State(state): State<AppState>,
    Posted { site, visitor, .. }: Posted,
) -> ApiResult<Response> {
    tokens::sign_out(&state, &visitor.token_hashes()).await?;
    let mut cookies = visitor.set_cookies.clone();
    cookies.extend(site.ended(&state));
    Ok(see_other(&site.path("/signed-out"), &cookies))
}

/// `GET /{site}/signed-out`.
pub async fn signed_out(here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let chrome = Chrome::of(&site, &visitor, &site.path("/"), Section::Other);
    Ok(page(
        StatusCode::OK,
        &SignedOutPage { chrome: &chrome },
        &visitor,
    ))
}

fn form_page(
    state: &AppState,
    (site, visitor): (&WebSite, &Visitor),
    username: &str,
    next: &str,
    errors: LoginErrors<'_>,
) -> Response {
    let chrome = Chrome::of(site, visitor, next, Section::SignIn);
    let action = site.path("/sign-in");
    let catalog = state.opds_url(&crate::conventions::links::segment(&site.site.id));
    let has_errors = errors.any();
    let status = if has_errors {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    page(
        status,
        &SignInPage {
            lang: chrome.lang,
            chrome: &chrome,
            action: &action,
            csrf: &visitor.csrf,
            username,
            has_errors,
            username_error: errors.username,
            password_error: errors.password,
            form_error: errors.form,
            next: Some(next),
            catalog: &catalog,
        },
        visitor,
    )
}

/// Where to go after signing in: a page of this site, never elsewhere (an open redirect would
/// let a link dressed as the library's send a reader to a look-alike); the home page otherwise.
fn onward(site: &WebSite, next: Option<&str>) -> String {
    let home = site.path("/");
    match next {
        Some(n) if n.starts_with(&home) && !n.contains("//") && !n.contains('\\') => n.to_owned(),
        _ => home,
    }
}
