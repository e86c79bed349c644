//! The accounts area: the member's own account (`/v2/myAccount...`, and `/v2/me`) and the
//! membership assistant's (`/v2/accounts/{userIdentifier}...`): two doors to one model, with
//! the rules in `lectern_domain::account`.

mod account;
mod agreements;
pub(crate) mod changes;
mod disabilities;
pub(crate) mod history;
mod managed;
mod me;
mod my_account;
pub mod name;
mod partner;
mod pod_queue;
pub mod preferences;
mod profiles;
mod proof;
pub(crate) mod recommendation_profile;
mod search;
mod subscriptions;
mod sync_key;
mod utm;
pub mod view;

pub use account::managed_view;
pub use managed::{Managed, managed};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me::get_me))
        .routes(routes!(
            my_account::get_my_account,
            my_account::create_my_account,
            my_account::update_my_account
        ))
        .routes(routes!(
            agreements::my_agreement,
            agreements::sign_my_agreement
        ))
        .routes(routes!(
            subscriptions::my_subscription,
            subscriptions::buy_subscription
        ))
        .routes(routes!(history::my_history))
        .routes(routes!(history::account_history))
        .routes(routes!(
            profiles::student_profile,
            profiles::change_student_profile,
            profiles::remove_student_profile
        ))
        .routes(routes!(profiles::become_individual))
        .routes(routes!(proof::submit_membership_proof))
        .routes(routes!(proof::request_authority_proof))
        // The spec names this path's one segment differently for its two methods
        // ({recordIdentifier} to read, {userIdentifier} to answer); a router and an OpenAPI
        // document each need one name (decisions.md).
        .routes(routes!(
            proof::authority_request,
            proof::confirm_authority_request
        ))
        .routes(routes!(utm::record_referral))
        .routes(routes!(
            sync_key::create_sync_key,
            sync_key::delete_sync_key
        ))
        .routes(routes!(
            partner::partner_access_token,
            partner::disconnect_partner
        ))
        .routes(routes!(changes::account_changes))
        .routes(routes!(
            preferences::my_preferences,
            preferences::change_my_preferences
        ))
        .routes(routes!(
            recommendation_profile::my_profile,
            recommendation_profile::change_my_profile
        ))
        .routes(routes!(account::create_account, search::search_accounts))
        .routes(routes!(account::get_account, account::update_account))
        .routes(routes!(account::set_password))
        .routes(routes!(account::user_name))
        .routes(routes!(
            agreements::list_agreements,
            agreements::record_agreement
        ))
        .routes(routes!(agreements::expire_agreement))
        .routes(routes!(
            subscriptions::list_subscriptions,
            subscriptions::add_subscription
        ))
        .routes(routes!(
            subscriptions::get_account_subscription,
            subscriptions::change_subscription
        ))
        .routes(routes!(subscriptions::subscription_types))
        .routes(routes!(pod_queue::proof_queue))
        .routes(routes!(pod_queue::decide_proof))
        .routes(routes!(disabilities::list_pod, disabilities::add_pod))
        .routes(routes!(disabilities::change_pod, disabilities::remove_pod))
        .routes(routes!(
            preferences::account_preferences,
            preferences::change_account_preferences
        ))
        .routes(routes!(
            recommendation_profile::account_profile,
            recommendation_profile::change_account_profile
        ))
}
