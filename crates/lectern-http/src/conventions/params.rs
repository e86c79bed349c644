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

    /// The first name that appears more than once, whatever its values.
    pub fn repeated_name(&self) -> Option<&str> {
        let mut seen = std::collections::HashSet::new();
        self.pairs
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| !seen.insert(*k))
    }

    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(query: &str) -> Params {
        Params::from_pairs(Params::parse_urlencoded(query.as_bytes()))
    }

    #[test]
    fn repeated_parameters_carry_several_values() {
        let p = params("author=Ann+Lee&author=Bo%26Co&keyword=sea");
        assert_eq!(p.all("author"), ["Ann Lee", "Bo&Co"]);
        assert_eq!(p.all("missing"), Vec::<&str>::new());
        assert_eq!(p.one("keyword").ok().flatten(), Some("sea"));
    }

    #[test]
    fn a_single_valued_parameter_may_repeat_only_with_one_value() {
        assert_eq!(
            params("limit=5&limit=5").one("limit").ok().flatten(),
            Some("5")
        );
        let err = params("limit=5&limit=6")
            .one("limit")
            .err()
            .map(|e| e.messages.join(" "));
        assert!(err.is_some_and(|m| m.contains("'limit'")));
    }

    #[test]
    fn required_parameters_must_be_present_and_not_blank() {
        assert!(params("name=x").required("name").is_ok());
        for q in ["", "name=", "name=+"] {
            let err = params(q)
                .required("name")
                .err()
                .map(|e| e.messages.join(" "));
            assert!(
                err.is_some_and(|m| m.contains("Missing required parameter 'name'")),
                "{q}"
            );
        }
    }
}
