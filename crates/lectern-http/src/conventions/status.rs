//! Document 1's Status: `{key, messages, links}`, the answer of writes that return no resource.

use serde::Serialize;

use super::links::Link;

/// The Status shape of document 1.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Status {
    pub key: &'static str,
    /// `null` where document 3 shows it so (an accepted artifact edit).
    pub messages: Option<Vec<String>>,
    pub links: Vec<Link>,
}

impl Status {
    /// `SUCCESS` with a message saying what was done.
    pub fn success(message: impl Into<String>) -> Self {
        Status {
            key: "SUCCESS",
            messages: Some(vec![message.into()]),
            links: vec![],
        }
    }

    /// A 202's Status: the request is queued and will be applied later.
    pub fn accepted(key: &'static str, message: Option<String>, links: Vec<Link>) -> Accepted {
        Accepted(Status {
            key,
            messages: message.map(|m| vec![m]),
            links,
        })
    }
}

/// A Status answered with 202 Accepted.
pub struct Accepted(pub Status);

impl axum::response::IntoResponse for Accepted {
    fn into_response(self) -> axum::response::Response {
        (
            axum::http::StatusCode::ACCEPTED,
            crate::conventions::json::Json(self.0),
        )
            .into_response()
    }
}

/// A 201 with `Location` naming the new resource (given as its path under `/v2`) and the
/// resource as the body.
pub struct Created<T>(pub String, pub T);

impl<T: Serialize> axum::response::IntoResponse for Created<T> {
    fn into_response(self) -> axum::response::Response {
        (
            axum::http::StatusCode::CREATED,
            [(axum::http::header::LOCATION, self.0)],
            crate::conventions::json::Json(self.1),
        )
            .into_response()
    }
}
