//! Request parameters from the query string and a form body, read the same way: repeated
//! names carry several values (document 1, rule 8) and unknown names are ignored.
//!
//! Each endpoint reads its parameters into a struct of its own with [`Params::parse`]: the struct
//! says each parameter's name (as the spec spells it), type and whether it is required, and the
//! same struct derives `IntoParams` or `ToSchema` for the OpenAPI document, so that what is read
//! and what is documented cannot drift. A missing, malformed or out-of-range value is a 400 that
//! names the parameter; a parameter sent empty counts as absent; a `Vec` field takes a repeated
//! parameter's values; a single-valued one sent twice is refused.

use std::borrow::Cow;

use axum::http::StatusCode;
use lectern_domain::catalog::edit::EditForm;
use serde::de::DeserializeOwned;

use super::param_fields::{self, FieldError};

use crate::error::{ApiError, ApiResult, ParamProblem, ParamWhy};

#[derive(Debug, Clone, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
    /// The client key a guest's links carry (`paging::collection_links`): a guest has no token
    /// to follow a link with, so the link itself says which application follows it.
    link_key: Option<String>,
}

impl Params {
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Self {
        Params {
            pairs,
            link_key: None,
        }
    }

    /// Marks these as a guest's parameters, whose links carry `api_key`.
    pub fn for_guest_of(&mut self, api_key: &str) {
        self.link_key = Some(api_key.to_owned());
    }

    pub fn link_key(&self) -> Option<&str> {
        self.link_key.as_deref()
    }

    /// These parameters limited to `names` (for example those that shape a page, where the
    /// same request also carries a write's own parameters).
    pub fn only(&self, names: &[&str]) -> Params {
        Params {
            pairs: self
                .pairs
                .iter()
                .filter(|(k, _)| names.contains(&k.as_str()))
                .cloned()
                .collect(),
            link_key: self.link_key.clone(),
        }
    }

    /// These parameters and one more (a box a form sends nothing for when it is unticked).
    pub fn with(mut self, name: &str, value: &str) -> Params {
        self.pairs.push((name.to_owned(), value.to_owned()));
        self
    }

    /// These parameters but those in `names` (a form's token, which no handler reads).
    pub fn without(&self, names: &[&str]) -> Params {
        Params {
            pairs: self
                .pairs
                .iter()
                .filter(|(k, _)| !names.contains(&k.as_str()))
                .cloned()
                .collect(),
            link_key: self.link_key.clone(),
        }
    }

    /// Name-value pairs of a query string or a form body. Text that is not UTF-8 once decoded,
    /// or that holds a control character, is refused, naming the parameter, rather than stored
    /// with replacement characters.
    pub fn parse_urlencoded(raw: &[u8]) -> Result<Vec<(String, String)>, NotText> {
        raw.split(|b| *b == b'&')
            .filter(|pair| !pair.is_empty())
            .map(|pair| {
                let (name, value) = match pair.iter().position(|b| *b == b'=') {
                    Some(i) => (&pair[..i], &pair[i + 1..]),
                    None => (pair, &[][..]),
                };
                let name = form_decoded(name).map_err(NotText::utf8)?;
                let value = form_decoded(value).map_err(|_| NotText::utf8(name.clone()))?;
                text_without_controls(&name, &value)?;
                Ok((name, value))
            })
            .collect()
    }

    /// The members of a JSON object body, as name-value pairs like a form's: strings as they
    /// are, numbers and booleans as written, an array as the parameter repeated, null as
    /// absent. A nested object has no form counterpart and is refused by name.
    pub fn parse_json_object(raw: &[u8]) -> ApiResult<Vec<(String, String)>> {
        if raw.iter().all(u8::is_ascii_whitespace) {
            return Ok(Vec::new());
        }
        let object: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(raw)
            .map_err(|e| ApiError::bad_param("body", format!("is not a JSON object: {e}")))?;
        let mut pairs = Vec::with_capacity(object.len());
        for (name, value) in object {
            let values = match value {
                serde_json::Value::Array(items) => items,
                one => vec![one],
            };
            for value in values {
                match value {
                    serde_json::Value::Null => {}
                    serde_json::Value::String(s) => {
                        text_without_controls(&name, &s)?;
                        pairs.push((name.clone(), s));
                    }
                    serde_json::Value::Bool(_) | serde_json::Value::Number(_) => {
                        pairs.push((name.clone(), value.to_string()));
                    }
                    serde_json::Value::Array(_) | serde_json::Value::Object(_) => {
                        return Err(ApiError::bad_param(
                            &name,
                            "must be a string, number, boolean or a list of them",
                        ));
                    }
                }
            }
        }
        Ok(pairs)
    }

    pub fn extend(&mut self, more: Vec<(String, String)>) {
        self.pairs.extend(more);
    }

    /// The parameters, read into an endpoint's typed struct (see the module's note).
    pub fn parse<T: DeserializeOwned>(&self) -> ApiResult<T> {
        // Document 1 caps `limit` at 100 however large it is; a struct reads it capped, as
        // `PageRequest` does, rather than refuse a number too large for its field.
        let capped_limit = |k: &str, v: &str| {
            (k == "limit")
                .then(|| lectern_domain::paging::parse_limit(Some(v), 0).ok())
                .flatten()
                .map(|limit| limit.to_string())
        };
        let pairs: Vec<(&str, Cow<'_, str>)> = self
            .pairs
            .iter()
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(k, v)| {
                let v = capped_limit(k, v).map_or(Cow::Borrowed(v.as_str()), Cow::Owned);
                (k.as_str(), v)
            })
            .collect();
        param_fields::read(pairs.iter().map(|(k, v)| (*k, v.as_ref()))).map_err(|e| match e {
            FieldError::Missing(name) => ApiError::missing_param(name),
            FieldError::Repeated(Some(name)) => {
                ApiError::bad_param(&name, "was sent more than once")
            }
            FieldError::Invalid {
                name: Some(name),
                why,
                words,
            } => ApiError::bad_params(vec![ParamProblem {
                param: name,
                why: ParamWhy::Wrong(why),
                words,
            }]),
            // Raised by a struct's own check rather than by one of its fields.
            unnamed => ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", unnamed.to_string()),
        })
    }

    /// These parameters as an edit's form: every one sent but the credentials, empty values
    /// kept (an empty value clears a field).
    pub fn edit_form(&self) -> EditForm {
        let mut form = EditForm::new();
        for (name, value) in &self.pairs {
            if name != "api_key" && name != "access_token" {
                form.entry(name.clone()).or_default().push(value.clone());
            }
        }
        form
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

/// A query or form parameter whose decoded name or value is not UTF-8 text, or holds a control
/// character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotText {
    /// The parameter's name (with replacement characters where the name itself is not text).
    pub name: String,
    why: &'static str,
}

impl NotText {
    fn utf8(name: String) -> NotText {
        NotText {
            name,
            why: "is not valid UTF-8 text once percent-decoded",
        }
    }

    pub fn message(&self) -> &'static str {
        self.why
    }
}

/// The first control character of `text` that no parameter may hold: NUL and the rest of C0
/// but the white space (tab, line feed, vertical tab, form feed, carriage return), and DEL. No field is made of them, PostgreSQL's text
/// cannot hold a NUL at all (SQLite would keep it), and a name or a password that carries one
/// is a probe, not a person.
pub fn control_character(text: &str) -> Option<char> {
    text.chars()
        .find(|c| c.is_ascii_control() && !c.is_ascii_whitespace() && *c != '\u{b}')
}

/// Every door's check of a piece of text it was sent (a parameter, a form part, a header, a
/// Basic credential, a path): a 400 naming `name` when it holds a control character.
pub fn text_without_controls(name: &str, text: &str) -> Result<(), NotText> {
    match control_character(text) {
        None => Ok(()),
        Some('\0') => Err(NotText {
            name: name.to_owned(),
            why: "holds a NUL character, which no text here may",
        }),
        Some(_) => Err(NotText {
            name: name.to_owned(),
            why: "holds a control character, which no text here may",
        }),
    }
}

impl From<NotText> for ApiError {
    fn from(e: NotText) -> Self {
        ApiError::bad_param(&e.name, e.message())
    }
}

/// One name or value of a form: `+` is a space, then percent-decoding, then UTF-8; on failure,
/// the text as it would have been read with replacement characters.
fn form_decoded(raw: &[u8]) -> Result<String, String> {
    let spaced: Vec<u8> = raw
        .iter()
        .map(|b| if *b == b'+' { b' ' } else { *b })
        .collect();
    let bytes: Vec<u8> = percent_encoding::percent_decode(&spaced).collect();
    String::from_utf8(bytes).map_err(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Example {
        service_id: String,
        #[serde(default)]
        author: Vec<String>,
        limit: Option<u32>,
        enabled: Option<bool>,
    }

    fn message(e: ApiError) -> String {
        e.messages.join(" ")
    }

    #[test]
    fn parameters_read_into_a_typed_struct() {
        let p = params("serviceId=t1&author=A&author=B&limit=5&enabled=true&other=x");
        let e: Example = p.parse().unwrap_or_else(|e| panic!("{}", message(e)));
        assert_eq!(e.service_id, "t1");
        assert_eq!(e.author, ["A", "B"]);
        assert_eq!((e.limit, e.enabled), (Some(5), Some(true)));
        // Empty counts as absent.
        let e: Example = params("serviceId=t1&limit=&author=")
            .parse()
            .unwrap_or_else(|e| panic!("{}", message(e)));
        assert_eq!((e.limit, e.author.len()), (None, 0));
    }

    #[test]
    fn a_limit_is_read_capped_at_100_however_large() {
        for (query, limit) in [
            ("serviceId=t1&limit=101", 100),
            ("serviceId=t1&limit=94175610118", 100),
            ("serviceId=t1&limit=99999999999999999999999", 100),
            ("serviceId=t1&limit=7", 7),
        ] {
            let e: Example = params(query)
                .parse()
                .unwrap_or_else(|e| panic!("{query}: {}", message(e)));
            assert_eq!(e.limit, Some(limit), "{query}");
        }
    }

    #[test]
    fn bad_parameters_are_named() {
        for (query, expected) in [
            ("limit=5", "Missing required parameter 'serviceId'"),
            ("serviceId=+", "Missing required parameter 'serviceId'"),
            (
                "serviceId=a&serviceId=b",
                "Invalid parameter 'serviceId': was sent more than once",
            ),
            ("serviceId=a&limit=ten", "Invalid parameter 'limit'"),
            ("serviceId=a&enabled=maybe", "Invalid parameter 'enabled'"),
        ] {
            let err = params(query)
                .parse::<Example>()
                .map(|_| ())
                .err()
                .map(message);
            assert!(
                err.as_deref().is_some_and(|m| m.contains(expected)),
                "{query}: {err:?}"
            );
        }
    }

    fn params(query: &str) -> Params {
        Params::from_pairs(Params::parse_urlencoded(query.as_bytes()).unwrap_or_default())
    }

    #[test]
    fn control_characters_are_refused_by_name_but_lines_and_tabs_are_text() {
        let refused = Params::parse_urlencoded(b"note=a%00b").unwrap_err();
        assert_eq!(
            (refused.name.as_str(), refused.message().contains("NUL")),
            ("note", true)
        );
        let bell = Params::parse_urlencoded(b"title=a%07b").unwrap_err();
        assert!(bell.message().contains("control character"), "{bell:?}");
        // A name is matched against the fields an endpoint knows, and no field's has one.
        assert!(Params::parse_urlencoded(b"na%01me=x").is_ok());
        let lines = Params::parse_urlencoded(b"note=one%0D%0Atwo%09three%0C%0B").unwrap();
        assert_eq!(lines[0].1, "one\r\ntwo\tthree\u{c}\u{b}");
        let json = Params::parse_json_object(br#"{"note": "a\u0000b"}"#).unwrap_err();
        assert!(message(json).contains("'note'"));
    }

    #[test]
    fn text_that_is_not_utf8_is_refused_by_name() {
        assert_eq!(
            Params::parse_urlencoded(b"a=1&name=%ED%A0%80"),
            Err(NotText::utf8("name".into()))
        );
        assert!(Params::parse_urlencoded(b"na%FFme=x").is_err());
        assert_eq!(
            Params::parse_urlencoded(b"name=Caf%C3%A9+au+lait&flag&=v"),
            Ok(vec![
                ("name".into(), "Café au lait".into()),
                ("flag".into(), String::new()),
                (String::new(), "v".into()),
            ])
        );
    }

    #[test]
    fn a_json_object_reads_as_a_form() {
        let pairs = Params::parse_json_object(
            br#"{"api_key":"k","limit":5,"on":true,"author":["A","B"],"gone":null}"#,
        )
        .unwrap_or_default();
        assert_eq!(
            pairs,
            [
                ("api_key", "k"),
                ("author", "A"),
                ("author", "B"),
                ("limit", "5"),
                ("on", "true"),
            ]
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
        );
        for bad in [&br#"[1]"#[..], br#"{"a":{"b":1}}"#, b"{"] {
            assert!(Params::parse_json_object(bad).is_err());
        }
        assert_eq!(Params::parse_json_object(b" ").ok(), Some(vec![]));
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
