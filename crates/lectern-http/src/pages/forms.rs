//! A form posted to a page: read into an operation's typed input (so that the page writes and
//! refuses exactly what the API does), and a failure naming a parameter becomes the form's
//! errors, each beside its field and all in the summary above the form.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;

use super::session::{Here, Visitor, WebSite};
use lectern_operations::Failure;

use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult, ParamWhy};
use crate::i18n::{Lang, words_in};
use crate::sign_in::ClientAddress;
use crate::state::AppState;
use lectern_domain::invalid::{Why, Words};

/// The fields of a posted form, its token checked and left out.
pub fn read(visitor: &Visitor, body: &Bytes) -> ApiResult<Params> {
    let form = Params::from_pairs(Params::parse_urlencoded(body)?);
    visitor.check_form(&form)?;
    Ok(form.without(&["csrf"]))
}

/// A form posted to a page: the page's site and visitor, and the form's fields with its token
/// checked and left out. A form without the visitor's token is refused (403) before its handler
/// runs, and nothing of it is read further.
pub struct Posted {
    pub site: WebSite,
    pub visitor: Visitor,
    pub form: Params,
    /// The address failed sign-ins are counted against.
    pub from: ClientAddress,
}

impl FromRequest<AppState> for Posted {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &AppState) -> ApiResult<Self> {
        let (mut parts, body) = req.into_parts();
        let Here {
            site,
            visitor,
            from,
        } = Here::from_request_parts(&mut parts, state).await?;
        let body = Bytes::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(|e| ApiError::new(e.status(), "BAD_REQUEST", e.body_text()))?;
        let form = read(&visitor, &body)?;
        Ok(Posted {
            site,
            visitor,
            form,
            from,
        })
    }
}

/// A field of a posted form as typed, to show it again; empty when it was not sent.
pub fn field(form: &Params, name: &str) -> String {
    form.one(name).ok().flatten().unwrap_or("").to_owned()
}

/// A textarea of one value a line as the API takes a list: each line a value, or, when there is
/// none, the parameter sent once, empty, which clears the list.
pub fn push_lines(pairs: &mut Vec<(String, String)>, form: &Params, name: &str) {
    let text = field(form, name);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        pairs.push((name.to_owned(), String::new()));
    }
    pairs.extend(lines.into_iter().map(|l| (name.to_owned(), l.to_owned())));
}

/// An option of a `select`, as a page shows it.
pub struct Choice {
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

/// The options of a `select` from `(value, label)` pairs, `chosen` selected.
fn choices(all: &'static [(&'static str, &'static str)], chosen: &str) -> Vec<Choice> {
    all.iter()
        .map(|&(value, label)| Choice {
            value,
            label: label.to_owned(),
            selected: value == chosen,
        })
        .collect()
}

/// The options of a `select` from `(value, message key)` pairs, in `lang`, `chosen` selected.
pub fn choices_in(
    lang: Lang,
    all: &'static [(&'static str, &'static str)],
    chosen: &str,
) -> Vec<Choice> {
    let mut offered = choices(all, chosen);
    for c in &mut offered {
        c.label = lang.t(&c.label);
    }
    offered
}

/// A message a form shows, as it is to be said on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A message of the files, said in the page's language.
    Message(&'static str),
    /// The page's own words, in its language already.
    Own(String),
    /// The API's words, which are English (marked so on a page in another language).
    Api(String),
    /// A rule's reason, which the message files may have words for; as a sentence.
    Rule { english: String, words: Words },
    /// A refusal of the API's that is a message of the files: in its words where the page's
    /// language has them, else in its English (marked so); as it is.
    Refusal { english: String, words: Words },
}

impl Said {
    /// What it says in `lang`.
    pub fn in_language(&self, lang: Lang) -> String {
        match self {
            Said::Message(key) => lang.t(key),
            Said::Own(words) | Said::Api(words) => words.clone(),
            Said::Rule { english, words } => words_in(lang, words)
                .map(|why| sentence(&why))
                .unwrap_or_else(|| english.clone()),
            Said::Refusal { english, words } => {
                words_in(lang, words).unwrap_or_else(|| english.clone())
            }
        }
    }

    /// The language of its words in `lang` where they are not `lang`'s: the API's English.
    pub fn own_language(&self, lang: Lang) -> Option<&'static str> {
        let english = match self {
            Said::Api(_) => true,
            Said::Rule { words, .. } | Said::Refusal { words, .. } => {
                words_in(lang, words).is_none()
            }
            Said::Message(_) | Said::Own(_) => false,
        };
        english.then_some("en")
    }

    /// A refusal of the API's, as it is, in its words where it has them.
    pub fn refusal(why: Why) -> Said {
        match why.words {
            Some(words) => Said::Refusal {
                english: why.english,
                words,
            },
            None => Said::Api(why.english),
        }
    }

    /// A reason (a clause, as the rules word one), as a sentence in its words where it has
    /// them.
    pub fn reason(why: Why) -> Said {
        Said::rule(&why.english, why.words)
    }

    /// A rule's reason as a sentence, in its words where it has them.
    fn rule(why: &str, words: Option<Words>) -> Said {
        match words {
            Some(words) => Said::Rule {
                english: sentence(why),
                words,
            },
            None => Said::Api(sentence(why)),
        }
    }
}

/// English, for the pages whose text is not in the message files yet.
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_language(Lang::En))
    }
}

/// What is wrong with a form: messages for fields (by the parameter's name), and the rest.
#[derive(Default)]
pub struct FormErrors {
    pub fields: Vec<(String, Said)>,
    pub general: Vec<Said>,
    /// The fields whose message says they must be filled in, which a page may word as its own.
    required: Vec<String>,
}

impl FormErrors {
    /// One field's error, in the page's own words.
    pub fn one(field: &str, message: impl Into<String>) -> FormErrors {
        FormErrors {
            fields: vec![(field.to_owned(), Said::Own(message.into()))],
            ..FormErrors::default()
        }
    }

    /// The errors of a refused form: a refusal of what was sent (400; 409, a user name taken;
    /// 413, a file too large; 422, a file this server cannot convert), each message beside the
    /// parameter the refusal names, or above the form when it names none. Any other refusal is
    /// not the form's to show; it is handed back to become its own page.
    pub fn of(e: ApiError) -> Result<FormErrors, ApiError> {
        const THE_FORM_S: [StatusCode; 4] = [
            StatusCode::BAD_REQUEST,
            StatusCode::CONFLICT,
            StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNPROCESSABLE_ENTITY,
        ];
        if !THE_FORM_S.contains(&e.status) {
            return Err(e);
        }
        let mut errors = FormErrors::default();
        if e.params.is_empty() {
            errors.general = e.said.into_iter().map(Said::refusal).collect();
        }
        for p in e.params {
            match p.why {
                ParamWhy::Missing => errors.required(&p.param, FILL_IN),
                ParamWhy::Required(why) => errors.required(&p.param, Said::rule(&why, p.words)),
                ParamWhy::Wrong(why) => errors.push(&p.param, Said::rule(&why, p.words)),
            }
        }
        Ok(errors)
    }

    /// The errors of an operation's failure that are the form's to show, each beside the field
    /// the failure names (a parameter wrong or missing, a collision), the rest above the form;
    /// any other failure is handed back, as the API would answer it, to become its own page.
    pub fn of_failure(f: Failure) -> Result<FormErrors, ApiError> {
        let mut errors = FormErrors::default();
        match f {
            Failure::Invalid(problems) | Failure::Clash(problems) => errors.add_invalid(&problems),
            Failure::Missing { param } => errors.required(param, FILL_IN),
            Failure::Conflict {
                param: Some(param),
                why,
            } => errors.push(param, Said::rule(&why.english, why.words)),
            Failure::Conflict { param: None, why } | Failure::Unusable(why) => {
                errors.general.push(Said::refusal(why))
            }
            other => return Err(other.into()),
        }
        Ok(errors)
    }

    /// One field's error, the message `key` of the files.
    pub fn message(field: &str, key: &'static str) -> FormErrors {
        FormErrors {
            fields: vec![(field.to_owned(), Said::Message(key))],
            ..FormErrors::default()
        }
    }

    /// Says what to do about an empty required field in the form's own words: the message
    /// `key` of the files.
    pub fn missing_as(mut self, field: &str, key: &'static str) -> Self {
        for (f, m) in &mut self.fields {
            if f == field && self.required.iter().any(|r| r == field) {
                *m = Said::Message(key);
            }
        }
        self
    }

    /// The errors of the parameter `param` beside the form's field `field`, where the form
    /// names it otherwise.
    pub fn renamed(mut self, param: &str, field: &str) -> Self {
        for name in self
            .fields
            .iter_mut()
            .map(|(f, _)| f)
            .chain(&mut self.required)
        {
            if name == param {
                *name = field.to_owned();
            }
        }
        self
    }

    /// A field left empty that must be filled in, which the page may word as its own
    /// (`missing_as`).
    pub fn fill_in(&mut self, field: &str) {
        self.required(field, FILL_IN);
    }

    /// A field's error in the page's own words.
    pub fn add(&mut self, field: &str, words: impl Into<String>) {
        self.fields
            .push((field.to_owned(), Said::Own(words.into())));
    }

    /// A field's error, the message `key` of the files.
    pub fn add_message(&mut self, field: &str, key: &'static str) {
        self.fields.push((field.to_owned(), Said::Message(key)));
    }

    /// A field left empty that must be filled in, with what the rule says of it.
    fn required(&mut self, field: &str, message: impl Into<Said>) {
        self.fields.push((field.to_owned(), message.into()));
        self.required.push(field.to_owned());
    }

    /// The API's words about a field.
    fn push(&mut self, field: &str, why: Said) {
        self.fields.push((field.to_owned(), why));
    }

    /// A domain rule's refusals, each beside its field, but for fields the form's own checks
    /// have named already.
    pub fn add_invalid(&mut self, problems: &[lectern_domain::invalid::Invalid]) {
        for p in problems {
            if self.field(p.param).is_some() {
                continue;
            }
            let why = Said::rule(&p.why, p.words.clone());
            if p.required {
                self.required(p.param, why);
            } else {
                self.push(p.param, why);
            }
        }
    }

    pub fn any(&self) -> bool {
        !self.fields.is_empty() || !self.general.is_empty()
    }

    /// The status of a page that shows the form: 400 when it comes back with errors.
    pub fn status(&self) -> StatusCode {
        if self.any() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::OK
        }
    }

    /// The message for a field, if it has one.
    pub fn field(&self, name: &str) -> Option<&Said> {
        self.fields.iter().find(|(f, _)| f == name).map(|(_, m)| m)
    }
}

/// What the API says of a field, which is English.
impl From<String> for Said {
    fn from(words: String) -> Said {
        Said::Api(words)
    }
}

impl From<&'static str> for Said {
    fn from(key: &'static str) -> Said {
        Said::Message(key)
    }
}

const FILL_IN: &str = "form-fill-in";

/// A reason as a sentence: capitalised, with a full stop.
pub fn sentence(why: &str) -> String {
    let mut s = why.trim().to_owned();
    if let Some(first) = s.get(..1) {
        s.replace_range(..1, &first.to_uppercase());
    }
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(errors: &FormErrors, field: &str) -> Option<String> {
        errors.field(field).map(ToString::to_string)
    }

    #[test]
    fn a_refusal_naming_a_parameter_is_that_field_s_error() {
        let e = ApiError::bad_param("name", "must be at most 200 characters");
        let errors = FormErrors::of(e).unwrap_or_default();
        assert_eq!(
            said(&errors, "name"),
            Some(String::from("Must be at most 200 characters."))
        );
        let missing = FormErrors::of(ApiError::missing_param("name")).unwrap_or_default();
        assert_eq!(said(&missing, "name"), Some(String::from("Fill this in")));
        let other = FormErrors::of(ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", "No."))
            .unwrap_or_default();
        assert_eq!(other.general, [Said::Api("No.".into())]);
        let taken = ApiError::conflicting_param("username", "belongs to another account");
        let taken = FormErrors::of(taken).unwrap_or_default();
        assert_eq!(
            said(&taken, "username"),
            Some(String::from("Belongs to another account."))
        );
        assert!(FormErrors::of(ApiError::forbidden("no")).is_err());
        // The words are not read: a message that only looks like a parameter's stays general.
        let lookalike = ApiError::conflict("Invalid parameter 'username': taken");
        let lookalike = FormErrors::of(lookalike).unwrap_or_default();
        assert_eq!(
            lookalike.general,
            [Said::Api("Invalid parameter 'username': taken".into())]
        );
        let required = vec![lectern_domain::invalid::Invalid::required_because(
            "dateOfBirth",
            "is required for individual members",
        )];
        let required = FormErrors::of(ApiError::from(required)).unwrap_or_default();
        assert_eq!(
            said(&required, "dateOfBirth"),
            Some(String::from("Is required for individual members."))
        );
        let worded = required.missing_as("dateOfBirth", "member-birth-missing");
        assert_eq!(
            said(&worded, "dateOfBirth"),
            Some(Lang::En.t("member-birth-missing"))
        );
        let wrong =
            FormErrors::of(ApiError::bad_param("grade", "is not a grade")).unwrap_or_default();
        let wrong = wrong.missing_as("grade", "Enter the grade");
        assert_eq!(said(&wrong, "grade"), Some(String::from("Is not a grade.")));
    }
}
