//! The benchmark ceiling: a bare axum handler returning a fixed JSON body of about the size of a
//! `/v2/myAccount` response, with no middleware, no store and no per-request work beyond writing
//! the bytes. `bench/foundation.sh` runs it beside the server, pinned the same way.
//!
//! Usage: `bench_baseline ADDR` (for example `127.0.0.1:18080`); serves `GET /` (any path).

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;

/// Shaped like a myAccount summary of a demo reader, so the response sizes match.
const BODY: &str = r#"{"userAccountId":"u-0000000000000000001","userName":"reader@demo.lectern","name":{"firstName":"Ada","lastName":"Reader","middle":null,"prefix":null,"suffix":null,"links":[]},"roles":["individualMember"],"site":"demo","dateOfBirth":"1990-04-12","country":"US","organizationId":null,"hasAgreement":true,"subscriptionStatus":"active","proofOfDisabilityStatus":"active","hasServicePlus":false,"hasReadingCompanion":false,"links":[{"rel":"self","href":"http://127.0.0.1:18081/v2/myAccount"}],"allows":["GET"]}"#;

async fn fixed() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], BODY)
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:18080".to_owned());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!(
        "bench_baseline serving {} bytes of JSON at http://{}/",
        BODY.len(),
        listener.local_addr()?
    );
    let app = Router::new().fallback(fixed);
    axum::serve(listener, app).await
}
