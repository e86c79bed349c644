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
use crate::sign_in::ClientAddress;
use crate::state::AppState;

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
    pub label: &'static str,
    pub selected: bool,
}

/// The options of a `select` from `(value, label)` pairs, `chosen` selected.
pub fn choices(all: &'static [(&'static str, &'static str)], chosen: &str) -> Vec<Choice> {
    all.iter()
        .map(|&(value, label)| Choice {
            value,
            label,
            selected: value == chosen,
        })
        .collect()
}

/// What is wrong with a form: messages for fields (by the parameter's name), and the rest.
#[derive(Default)]
pub struct FormErrors {
    pub fields: Vec<(String, String)>,
    pub general: Vec<String>,
    /// The fields whose message says they must be filled in, which a page may word as its own.
    required: Vec<String>,
}

impl FormErrors {
    /// One field's error, in the page's own words.
    pub fn one(field: &str, message: &str) -> FormErrors {
        FormErrors {
            fields: vec![(field.to_owned(), message.to_owned())],
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
            errors.general = e.messages;
        }
        for p in e.params {
            match p.why {
                ParamWhy::Missing => errors.required(&p.param, FILL_IN.to_owned()),
                ParamWhy::Required(why) => errors.required(&p.param, sentence(&why)),
                ParamWhy::Wrong(why) => errors.fields.push((p.param, sentence(&why))),
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
            Failure::Missing { param } => errors.required(param, FILL_IN.to_owned()),
            Failure::Conflict {
                param: Some(param),
                why,
            } => errors.fields.push((param.to_owned(), sentence(&why))),
            Failure::Conflict { param: None, why } | Failure::Unusable(why) => {
                errors.general.push(why)
            }
            other => return Err(other.into()),
        }
        Ok(errors)
    }

    /// Says what to do about an empty required field in the form's own words.
    pub fn missing_as(mut self, field: &str, words: &str) -> Self {
        for (f, m) in &mut self.fields {
            if f == field && self.required.iter().any(|r| r == field) {
                *m = words.to_owned();
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
        self.required(field, FILL_IN.to_owned());
    }

    /// A field left empty that must be filled in, with what the rule says of it.
    fn required(&mut self, field: &str, message: String) {
        self.fields.push((field.to_owned(), message));
        self.required.push(field.to_owned());
    }

    /// A domain rule's refusals, each beside its field, but for fields the form's own checks
    /// have named already.
    pub fn add_invalid(&mut self, problems: &[lectern_domain::invalid::Invalid]) {
        for p in problems {
            if self.field(p.param).is_some() {
                continue;
            }
            if p.required {
                self.required(p.param, sentence(&p.why));
            } else {
                self.fields.push((p.param.to_owned(), sentence(&p.why)));
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
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(f, _)| f == name)
            .map(|(_, m)| m.as_str())
    }
}

const FILL_IN: &str = "Fill this in";

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

    #[test]
    fn a_refusal_naming_a_parameter_is_that_field_s_error() {
        let e = ApiError::bad_param("name", "must be at most 200 characters");
        let errors = FormErrors::of(e).unwrap_or_default();
        assert_eq!(
            errors.field("name"),
            Some("Must be at most 200 characters.")
        );
        let missing = FormErrors::of(ApiError::missing_param("name")).unwrap_or_default();
        assert_eq!(missing.field("name"), Some("Fill this in"));
        let other = FormErrors::of(ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", "No."))
            .unwrap_or_default();
        assert_eq!(other.general, ["No."]);
        let taken = ApiError::conflicting_param("username", "belongs to another account");
        let taken = FormErrors::of(taken).unwrap_or_default();
        assert_eq!(taken.field("username"), Some("Belongs to another account."));
        assert!(FormErrors::of(ApiError::forbidden("no")).is_err());
        // The words are not read: a message that only looks like a parameter's stays general.
        let lookalike = ApiError::conflict("Invalid parameter 'username': taken");
        let lookalike = FormErrors::of(lookalike).unwrap_or_default();
        assert_eq!(lookalike.general, ["Invalid parameter 'username': taken"]);
        let required = vec![lectern_domain::invalid::Invalid::required_because(
            "dateOfBirth",
            "is required for individual members",
        )];
        let required = FormErrors::of(ApiError::from(required)).unwrap_or_default();
        assert_eq!(
            required.field("dateOfBirth"),
            Some("Is required for individual members.")
        );
        let worded = required.missing_as("dateOfBirth", "Enter the date of birth");
        assert_eq!(worded.field("dateOfBirth"), Some("Enter the date of birth"));
        let wrong =
            FormErrors::of(ApiError::bad_param("grade", "is not a grade")).unwrap_or_default();
        let wrong = wrong.missing_as("grade", "Enter the grade");
        assert_eq!(wrong.field("grade"), Some("Is not a grade."));
    }
}
