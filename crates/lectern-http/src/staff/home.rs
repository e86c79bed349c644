//! The staff home: what each of the person's staff roles does here, one link a task.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::access::membership_management;
use lectern_domain::role::Role;

use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use lectern_operations::staff::StaffMember;
use lectern_operations::{proof_review, refusals};

use crate::pages::forms::Posted;
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Here, Visitor, WebSite};

#[derive(Template)]
#[template(path = "web/staff/home.html")]
struct HomePage<'a> {
    chrome: &'a Chrome,
    memberships: Option<Memberships>,
    /// The catalog, for collection assistants and administrators.
    collection: Option<Collection>,
    /// The client keys, sites, popular lists, categories and BISAC codes, for administrators.
    administration: Option<Administration>,
}

struct Administration {
    clients: String,
    sites: String,
    lists: String,
    categories: String,
}

struct Collection {
    catalog: String,
    import: String,
    periodicals: String,
}

struct Memberships {
    find: String,
    new_account: String,
    proof: String,
    under_review: String,
    organizations: String,
    new_organization: String,
    directory: String,
}

/// The staff's pages are theirs alone, on their own site: a guest signs in, anyone else is
/// refused (`lectern_operations::staff`).
pub fn staff_only(site: &WebSite, visitor: &Visitor) -> ApiResult<()> {
    StaffMember::of(&visitor.caller, &site.site)?;
    Ok(())
}

/// A page of memberships that reads nothing before it shows (a new account's form) asks the
/// assistant's rule itself, so that it refuses whom the form's write would, in the same words.
pub fn memberships_only(site: &WebSite, visitor: &Visitor) -> ApiResult<()> {
    let me = visitor.caller.signed_in()?;
    refusals::membership(
        membership_management(&visitor.caller.client, me, &site.site.id),
        "create accounts",
        lectern_operations::refusals::accounts_elsewhere,
    )
    .map_err(Into::into)
}

/// A staff page's site and visitor: the request is refused before its handler runs unless the
/// visitor is staff (`staff_only`), so that no page of the staff's can forget to ask.
pub struct Staff {
    pub site: WebSite,
    pub visitor: Visitor,
}

impl FromRequestParts<AppState> for Staff {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let Here { site, visitor, .. } = Here::from_request_parts(parts, state).await?;
        staff_only(&site, &visitor)?;
        Ok(Staff { site, visitor })
    }
}

/// A form posted to a staff page: its token checked (`Posted`), then the visitor (`Staff`).
pub struct StaffForm {
    pub site: WebSite,
    pub visitor: Visitor,
    pub form: Params,
}

impl FromRequest<AppState> for StaffForm {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &AppState) -> ApiResult<Self> {
        let Posted {
            site,
            visitor,
            form,
            ..
        } = Posted::from_request(req, state).await?;
        staff_only(&site, &visitor)?;
        Ok(StaffForm {
            site,
            visitor,
            form,
        })
    }
}

/// Whether the person manages memberships (the API decides each request; this decides what the
/// home offers).
pub fn manages_memberships(visitor: &Visitor) -> bool {
    visitor
        .caller
        .user()
        .is_some_and(|a| a.has_role(Role::MembershipAssistant) || a.has_role(Role::Administrator))
}

/// Whether the person manages the collection (what the home offers; the API decides each
/// request).
pub fn manages_the_collection(visitor: &Visitor) -> bool {
    visitor
        .caller
        .user()
        .is_some_and(|a| a.has_role(Role::CollectionAssistant) || a.has_role(Role::Administrator))
}

/// `GET /{site}/staff`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    staff_only(&site, &visitor)?;
    let memberships = if manages_memberships(&visitor) {
        Some(memberships(&state, &site, &visitor).await?)
    } else {
        None
    };
    let chrome = Chrome::of(&site, &visitor, &site.path("/staff"), Section::Staff);
    Ok(page(
        StatusCode::OK,
        &HomePage {
            chrome: &chrome,
            memberships,
            collection: manages_the_collection(&visitor).then(|| Collection {
                catalog: site.path("/staff/titles"),
                import: site.path("/staff/import-epub"),
                periodicals: site.path("/staff/periodicals"),
            }),
            administration: visitor
                .caller
                .user()
                .filter(|a| a.has_role(Role::Administrator))
                .map(|_| Administration {
                    clients: site.path("/staff/admin/clients"),
                    sites: site.path("/staff/admin/sites"),
                    lists: site.path("/staff/admin/lists"),
                    categories: site.path("/staff/admin/categories"),
                }),
        },
        &visitor,
    ))
}

async fn memberships(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
) -> ApiResult<Memberships> {
    let me = visitor.caller.signed_in()?;
    let waiting = proof_review::Reviewer::of(&visitor.caller, Some(me.site_id.clone()))?
        .waiting(state)
        .await?;
    Ok(Memberships {
        find: site.path("/staff/accounts"),
        new_account: site.path("/staff/accounts/new"),
        proof: site.path("/staff/proof"),
        organizations: site.path("/staff/organizations"),
        new_organization: site.path("/staff/organizations/new"),
        directory: site.path("/staff/organizations/directory"),
        under_review: visitor.lang.t_count("staff-waiting", waiting),
    })
}
