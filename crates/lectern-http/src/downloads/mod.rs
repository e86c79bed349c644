//! Downloads: the packaging flow every download endpoint shares (202 while a reader's package
//! is made, then 302 to a signed URL, as for a resource at another speed), and the route that
//! serves signed URLs.

mod files;
mod flow;
mod of_title;
mod signing;

pub use flow::{
    Asking, DownloadParams, NOT_REQUESTED, Subject, accepted, accepted_after, available,
    check_reader_sees, parse_format, request,
};
pub use of_title::title_download;
pub use signing::{key as signing_key, signed_url};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// `/files/...`: outside `/v2`, because a signed URL is the credential; clients follow the
/// redirect without their api_key or token.
pub fn file_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(files::serve_file))
}
