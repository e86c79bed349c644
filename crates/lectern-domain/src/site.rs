use crate::invalid::{Invalid, Problems, Why};
use serde::Serialize;

/// A site: one library's catalog and users. A `global` site's titles form the global collection
/// other sites may include.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Site {
    pub id: String,
    pub name: String,
    pub global: bool,
    /// The language its pages are shown in when neither the reader nor their browser names
    /// one they are written in: an ISO 639-2 code; `None` for English.
    pub language: Option<String>,
}

/// A site identifier: 1 to 64 characters of letters, digits, '-' and '_', so that it is safe in
/// paths, logs and configuration alike.
pub fn check_site_id(raw: &str) -> Result<(), Why> {
    let ok = !raw.is_empty()
        && raw.len() <= 64
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(Why::of(
            "why-site-id",
            "must be 1 to 64 letters, digits, '-' or '_'",
        ))
    }
}

/// What is wrong with a site as an operator sets it, each named by its parameter.
pub fn site_problems(id: &str, name: &str, language: Option<&str>) -> Vec<Invalid> {
    let mut p = Problems::new();
    if let Err(why) = check_site_id(id) {
        p.add("id", why);
    }
    if name.trim().is_empty() {
        p.add_required("name", Why::not_empty());
    }
    if let Some(Err(why)) = language.map(crate::account::check_language) {
        p.add("language", why);
    }
    p.into_vec()
}
