use serde::Serialize;

/// A hypermedia link of document 1.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct Link {
    pub rel: String,
    pub href: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub media_type: Option<String>,
}

impl Link {
    pub fn new(rel: &str, href: String) -> Self {
        Link {
            rel: rel.to_owned(),
            href,
            title: None,
            media_type: None,
        }
    }
}
