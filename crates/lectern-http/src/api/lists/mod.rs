//! Reading lists (document 2): a reader's lists, those they subscribe to or are assigned to,
//! their titles, and the lists of an account for membership assistants. Who may read, change
//! and subscribe is decided by `lectern_domain::reading_lists`.

pub(crate) mod account_lists;
mod load;
mod my_lists;
mod page;
mod shared;
mod titles;
mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

// The deprecated lowercase aliases are routed on purpose: older clients still call them.
#[allow(deprecated)]
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_lists::my_lists, my_lists::create_list))
        .routes(routes!(
            my_lists::my_lists_deprecated,
            my_lists::create_list_deprecated
        ))
        .routes(routes!(
            my_lists::get_list_subscription,
            my_lists::put_subscription
        ))
        .routes(routes!(my_lists::put_subscription_deprecated))
        .routes(routes!(shared::search_lists))
        .routes(routes!(shared::get_list, shared::update_list))
        .routes(routes!(titles::list_titles, titles::add_title))
        .routes(routes!(titles::remove_title))
        .routes(routes!(account_lists::account_lists))
}

// The web pages call the handlers themselves, so that a page refuses what the API refuses.
