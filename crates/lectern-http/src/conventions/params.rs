//! Request parameters from the query string and a form body, read the same way: repeated
//! names carry several values (document 1, rule 8) and unknown names are ignored.

use crate::error::{ApiError, ApiResult};

#[derive(Debug, Clone, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Self {
        Params { pairs }
    }

    pub fn parse_urlencoded(raw: &[u8]) -> Vec<(String, String)> {
        url::form_urlencoded::parse(raw).into_owned().collect()
    }

    pub fn extend(&mut self, more: Vec<(String, String)>) {
        self.pairs.extend(more);
    }

    /// Every value of a repeated parameter.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.pairs
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The single value of a parameter; sending it twice with different values is an error,
    /// since we could only guess which one was meant.
    pub fn one(&self, name: &str) -> ApiResult<Option<&str>> {
        let mut values = self
            .pairs
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str());
        let first = values.next();
        match values.find(|v| Some(*v) != first) {
            Some(_) => Err(ApiError::bad_param(
                name,
                "was sent more than once with different values",
            )),
            None => Ok(first),
        }
    }

    pub fn required(&self, name: &str) -> ApiResult<&str> {
        match self.one(name)? {
            Some(v) if !v.trim().is_empty() => Ok(v),
            _ => Err(ApiError::missing_param(name)),
        }
    }

    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }
}
