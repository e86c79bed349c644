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

/// A path segment, percent-encoded: a link's identifier or file name, `/` and spaces included.
pub fn segment(s: &str) -> String {
    // Form encoding writes a space as `+`, which a path keeps as a plus; a literal plus it
    // writes as %2B, so every `+` left is a space.
    url::form_urlencoded::byte_serialize(s.as_bytes())
        .collect::<String>()
        .replace('+', "%20")
}

#[cfg(test)]
mod tests {
    use super::segment;

    #[test]
    fn a_segment_keeps_every_character_as_it_was() {
        assert_eq!(segment("sections/ncc 1.html"), "sections%2Fncc%201.html");
        assert_eq!(segment("a+b&c?d#e%f"), "a%2Bb%26c%3Fd%23e%25f");
        assert_eq!(segment("gen-00000001"), "gen-00000001");
    }
}
