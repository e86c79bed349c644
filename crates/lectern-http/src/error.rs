//! The one error envelope of document 1: `{key, messages, links}` with the matching status.

use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::conventions::json_body::Serialized;
use crate::conventions::links::Link;
use crate::i18n::{Lang, words_in};
use lectern_domain::invalid::{Why, Words};
use lectern_domain::title_access::Alert;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub key: &'static str,
    pub messages: Vec<String>,
    /// OAuth-style `error` and `error_description`, which document 1 asks for on expired tokens.
    pub oauth: Option<Box<(&'static str, String)>>,
    pub headers: Vec<(HeaderName, HeaderValue)>,
    /// The parameters the messages are about, when each message is about one: what a page
    /// reads to put each beside its field, so that no door reads the messages' words.
    pub params: Vec<ParamProblem>,
    /// The messages as a person reads them, each with the message of the files that says it
    /// where there is one: `messages` but for a refused download's alerts, which are without
    /// their codes here.
    pub said: Vec<Why>,
    /// The code each message is prefixed with in the envelope (`CODE: words`), where it has
    /// one: a refused download's alerts.
    codes: Vec<&'static str>,
}

/// One parameter a refusal is about, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamProblem {
    pub param: String,
    pub why: ParamWhy,
    /// The reason as a message of the files, where it is one.
    pub words: Option<Words>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamWhy {
    /// Not sent, and every request needs it.
    Missing,
    /// Not sent, and a rule needs it here: the rule's words.
    Required(String),
    /// Sent, and unusable: why.
    Wrong(String),
}

impl ParamProblem {
    /// The envelope's message for it, with the message of the files that says it where its
    /// reason has one (a page shows it so).
    fn said(&self) -> Why {
        let english = self.message();
        let param = self.param.as_str();
        match (&self.why, &self.words) {
            (ParamWhy::Missing, _) => Why::of("api-missing-param", english).with("param", param),
            (_, Some(why)) => {
                let words = Words::of("api-invalid-param")
                    .with("param", param)
                    .with_words("why", why.clone());
                Why {
                    english,
                    words: Some(words),
                }
            }
            (_, None) => Why::from(english),
        }
    }

    /// The envelope's message for it.
    fn message(&self) -> String {
        let param = &self.param;
        match &self.why {
            ParamWhy::Missing => format!("Missing required parameter '{param}'"),
            ParamWhy::Required(why) | ParamWhy::Wrong(why) => {
                format!("Invalid parameter '{param}': {why}")
            }
        }
    }
}

impl From<&lectern_domain::invalid::Invalid> for ParamProblem {
    fn from(i: &lectern_domain::invalid::Invalid) -> Self {
        check_english(&Why {
            english: i.why.clone(),
            words: i.words.clone(),
        });
        let why = if i.required {
            ParamWhy::Required(i.why.clone())
        } else {
            ParamWhy::Wrong(i.why.clone())
        };
        ParamProblem {
            param: i.param.to_owned(),
            why,
            words: i.words.clone(),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub key: String,
    pub messages: Vec<String>,
    pub links: Vec<Link>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_description: Option<String>,
}

impl ApiError {
    /// An error with one message: a refusal's words, with the message of the files that says
    /// them where they have one.
    pub fn new(status: StatusCode, key: &'static str, message: impl Into<Why>) -> Self {
        let message = message.into();
        check_english(&message);
        ApiError {
            status,
            key,
            messages: vec![message.english.clone()],
            oauth: None,
            headers: vec![],
            params: vec![],
            said: vec![message],
            codes: vec![],
        }
    }

    /// A refusal of these parameters, each named in its own message.
    pub fn of_params(status: StatusCode, key: &'static str, params: Vec<ParamProblem>) -> Self {
        let mut e = Self::new(status, key, String::new());
        e.messages = params.iter().map(ParamProblem::message).collect();
        e.said = params.iter().map(ParamProblem::said).collect();
        e.said.iter().for_each(check_english);
        e.params = params;
        e
    }

    /// 400 naming the parameter and what is wrong with it.
    pub fn bad_param(param: &str, why: impl Into<Why>) -> Self {
        let Why { english, words } = why.into();
        Self::bad_params(vec![ParamProblem {
            param: param.to_owned(),
            why: ParamWhy::Wrong(english),
            words,
        }])
    }

    pub fn missing_param(param: &str) -> Self {
        Self::bad_params(vec![ParamProblem {
            param: param.to_owned(),
            why: ParamWhy::Missing,
            words: None,
        }])
    }

    /// 413: the parameter's value (an uploaded file) is larger than this server takes.
    pub fn too_large(param: &str, max_bytes: u64) -> Self {
        let Why { english, words } = Why::file_too_large(max_bytes);
        let problem = ParamProblem {
            param: param.to_owned(),
            why: ParamWhy::Wrong(english),
            words,
        };
        Self::of_params(
            StatusCode::PAYLOAD_TOO_LARGE,
            "PAYLOAD_TOO_LARGE",
            vec![problem],
        )
    }

    /// 400 naming each of these parameters.
    pub fn bad_params(params: Vec<ParamProblem>) -> Self {
        Self::of_params(StatusCode::BAD_REQUEST, "BAD_REQUEST", params)
    }

    pub fn unauthorized(message: impl Into<Why>) -> Self {
        let message = message.into();
        let challenge = www_authenticate("invalid_token", &message.english);
        Self::new(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", message)
            .with_header(header::WWW_AUTHENTICATE, &challenge)
    }

    /// 401 for a client key that is not known. It names no token error: clients that see
    /// `invalid_token` throw away a user's good token, and the token was never looked at.
    pub fn unknown_client(message: impl Into<Why>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", message)
            .with_header(header::WWW_AUTHENTICATE, "Bearer realm=\"lectern\"")
    }

    /// 401 for a request that needs a signed-in user but carries no token.
    pub fn sign_in_required() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", "This resource needs a signed-in user: send an access token as 'Authorization: Bearer ...'")
            .with_header(header::WWW_AUTHENTICATE, "Bearer realm=\"lectern\"")
    }

    pub fn forbidden(message: impl Into<Why>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "FORBIDDEN", message)
    }

    /// 403 with one message per alert that refused it (`CODE: words`, as a refused download
    /// lists every alert).
    pub fn forbidden_by_alerts<'a>(alerts: impl IntoIterator<Item = &'a Alert>) -> Self {
        let mut e = Self::new(StatusCode::FORBIDDEN, "FORBIDDEN", String::new());
        let alerts: Vec<&Alert> = alerts.into_iter().collect();
        e.messages = alerts
            .iter()
            .map(|a| format!("{}: {}", a.code, a.message))
            .collect();
        e.said = alerts.iter().map(|a| alert_said(a)).collect();
        e.codes = alerts.iter().map(|a| a.code).collect();
        e
    }

    pub fn not_found(message: impl Into<Why>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "NOT_FOUND", message)
    }

    /// 409: what the request would create exists already (document 1).
    pub fn conflict(message: impl Into<Why>) -> Self {
        Self::new(StatusCode::CONFLICT, "CONFLICT", message)
    }

    pub fn too_many_requests(retry_after_secs: u64, message: impl Into<Why>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, "TOO_MANY_REQUESTS", message)
            .with_header(header::RETRY_AFTER, &retry_after_secs.max(1).to_string())
    }

    /// A 500 that says nothing of the cause to the client; the cause goes to the log.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "INTERNAL_SERVER_ERROR",
            "Something went wrong on our side; please retry later",
        )
    }

    pub fn with_header(mut self, name: HeaderName, value: &str) -> Self {
        if let Ok(v) = HeaderValue::from_str(value) {
            self.headers.push((name, v));
        }
        self
    }

    pub fn with_oauth(mut self, error: &'static str, description: String) -> Self {
        self.oauth = Some(Box::new((error, description)));
        self
    }

    /// The envelope's messages in `lang`: each message the files have words for in it, said in
    /// them (a parameter's name, and an alert's code before its words, stay the spec's).
    fn messages_in(&self, lang: Lang) -> Vec<String> {
        let mut messages = self.messages.clone();
        for (at, (message, said)) in messages.iter_mut().zip(&self.said).enumerate() {
            let Some(own) = said.words.as_ref().and_then(|w| words_in(lang, w)) else {
                continue;
            };
            *message = match self.codes.get(at) {
                Some(code) => format!("{code}: {own}"),
                None => own,
            };
        }
        messages
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            key: self.key.to_owned(),
            messages: self.messages.clone(),
            links: vec![],
            error: self.oauth.as_deref().map(|(e, _)| (*e).to_owned()),
            error_description: self.oauth.as_deref().map(|(_, d)| d.clone()),
        }
    }
}

fn www_authenticate(error: &str, description: &str) -> String {
    let safe: String = description
        .chars()
        .filter(|c| *c != '"' && *c != '\\' && !c.is_control())
        .collect();
    format!("Bearer realm=\"lectern\", error=\"{error}\", error_description=\"{safe}\"")
}

/// Why a request was refused, kept on the error's response for a layer that answers in its own
/// form (the OPDS catalog's 401 is the authentication document, saying why there).
#[derive(Debug, Clone)]
pub struct RefusedBecause(pub String);

/// The refusal's messages as a person reads them, each with the message of the files that says
/// it where there is one: kept on the error's response for the pages, which show them in the
/// site's frame, in the page's language, without reading the envelope back.
#[derive(Debug, Clone)]
pub struct InWords(pub Vec<Why>);

/// An alert that refused a download, as a person reads it.
fn alert_said(alert: &Alert) -> Why {
    let (key, numbers) = &alert.words;
    if key.is_empty() {
        return Why::from(alert.message.as_str());
    }
    numbers
        .iter()
        .fold(Why::of(key, alert.message.clone()), |why, (name, n)| {
            why.with_number(name, *n)
        })
}

/// A refusal's English is its message's, which the files say in English too: checked wherever
/// a refusal is made while the tests run, since the English is written beside the key.
/// (The files write a count as English writes numbers, "4,000" where the rule wrote "4000".)
fn check_english(why: &Why) {
    if cfg!(debug_assertions)
        && let Some(words) = &why.words
    {
        let english = words_in(Lang::En, words).map(|e| ungrouped(&e));
        debug_assert_eq!(
            english.as_deref(),
            Some(why.english.as_str()),
            "the English of message '{}'",
            words.key
        );
    }
}

/// Numbers without their thousands' commas ("4,000" as "4000").
fn ungrouped(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    chars
        .iter()
        .enumerate()
        .filter(|&(i, c)| !(*c == ',' && i > 0 && digit(i - 1) && digit(i + 1)))
        .map(|(_, c)| *c)
        .collect()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = self.body();
        // The envelope's messages in the language the request asked for, where they have its
        // words. What is kept for the pages and the catalog stays English, which they mark so.
        let lang = crate::i18n::asked();
        if lang != Lang::En {
            body.messages = self.messages_in(lang);
        }
        let because = RefusedBecause(self.messages.join(" "));
        let in_words = InWords(self.said);
        // The envelope is strings alone: it always serializes.
        let json = crate::conventions::json_body::to_bytes(&body).unwrap_or_default();
        let mut resp = (self.status, Serialized(json)).into_response();
        for (name, value) in self.headers {
            resp.headers_mut().append(name, value);
        }
        resp.headers_mut()
            .append(header::VARY, HeaderValue::from_static("accept-language"));
        resp.extensions_mut().insert(because);
        resp.extensions_mut().insert(in_words);
        resp
    }
}

/// Store errors, sorted once for every endpoint: a duplicate is the caller's 409 naming the
/// field that collided (`lectern_store::conflicts`, by the constraint's name), a row naming one
/// that does not exist is their 400, a busy or closing store is a 503 to retry, and only the
/// rest is our 500.
impl From<lectern_store::StoreError> for ApiError {
    fn from(e: lectern_store::StoreError) -> Self {
        use lectern_store::dialect;
        match &e {
            lectern_store::StoreError::Database(db) if dialect::is_unique_violation(db) => {
                match lectern_store::conflicts::unique_key(&e) {
                    Some(key) => collision(key.field, Why::of(key.message, key.meaning)),
                    None => ApiError::conflict("This resource exists already"),
                }
            }
            lectern_store::StoreError::Database(db) if dialect::is_foreign_key_violation(db) => {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "BAD_REQUEST",
                    "The request names something that does not exist",
                )
            }
            lectern_store::StoreError::Database(db) if dialect::is_unavailable(db) => {
                tracing::warn!(error = %e, "store unavailable");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "SERVICE_UNAVAILABLE",
                    "The service is busy; retry shortly",
                )
                .with_header(header::RETRY_AFTER, "1")
            }
            _ => ApiError::internal(e),
        }
    }
}

/// An operation's failure as the API answers it: the one place where each kind becomes its
/// status, in the envelope's words.
impl From<lectern_operations::Failure> for ApiError {
    fn from(f: lectern_operations::Failure) -> Self {
        use lectern_operations::Failure;
        match f {
            Failure::Invalid(problems) => problems.into(),
            Failure::Clash(problems) => ApiError::conflicting(&problems),
            Failure::Missing { param } => ApiError::missing_param(param),
            Failure::SignInRequired => ApiError::sign_in_required(),
            Failure::SignedOut(why) => ApiError::unauthorized(why),
            Failure::Expired(why) => {
                ApiError::unauthorized(why.clone()).with_oauth("unauthorized", why)
            }
            Failure::TooMany { wait, why } => ApiError::too_many_requests(wait, why),
            Failure::RefusedBy(alerts) => ApiError::forbidden_by_alerts(&alerts),
            Failure::Refused(why) => ApiError::forbidden(why),
            Failure::NotFound(what) => ApiError::not_found(what),
            Failure::Unusable(why) => ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", why),
            Failure::PaymentDue { why, .. } => {
                ApiError::new(StatusCode::PAYMENT_REQUIRED, "PAYMENT_REQUIRED", why)
            }
            Failure::Conflict {
                param: Some(param),
                why,
            } => ApiError::conflicting_param(param, why),
            Failure::Conflict { param: None, why } => ApiError::conflict(why),
            Failure::Store(e) => e.into(),
            Failure::Broken(cause) => ApiError::internal(cause),
        }
    }
}

/// What a domain rule found wrong with the parameters: one 400 naming each of them.
impl From<Vec<lectern_domain::invalid::Invalid>> for ApiError {
    fn from(problems: Vec<lectern_domain::invalid::Invalid>) -> Self {
        ApiError::bad_params(named(&problems))
    }
}

fn named(problems: &[lectern_domain::invalid::Invalid]) -> Vec<ParamProblem> {
    problems.iter().map(ParamProblem::from).collect()
}

impl ApiError {
    /// Parameters each well formed that clash with another, sent or stored: one 409 naming each.
    /// 409 naming the parameter that is at odds with what is stored.
    pub fn conflicting_param(param: &str, meaning: impl Into<Why>) -> Self {
        let meaning = meaning.into();
        check_english(&meaning);
        let Why { english, words } = meaning;
        let collided = ParamProblem {
            param: param.to_owned(),
            why: ParamWhy::Wrong(english),
            words,
        };
        ApiError::of_params(StatusCode::CONFLICT, "CONFLICT", vec![collided])
    }

    pub fn conflicting(problems: &[lectern_domain::invalid::Invalid]) -> Self {
        ApiError::of_params(StatusCode::CONFLICT, "CONFLICT", named(problems))
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

fn collision(param: &str, meaning: Why) -> ApiError {
    ApiError::conflicting_param(param, meaning)
}

/// A store error from a write whose colliding key this endpoint takes under another name (an
/// organization's `contactEmailAddress` is its contact's user name): the 409 names `param`.
pub fn collided_as(e: lectern_store::StoreError, param: &'static str) -> ApiError {
    lectern_operations::Failure::collided_as(e, param).into()
}
