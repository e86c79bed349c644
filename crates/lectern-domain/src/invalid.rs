//! A parameter a rule refused, named as the API names it: the HTTP layer turns a list of these
//! into one 400 that names every bad parameter, so a client fixes them all in one go.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub param: &'static str,
    pub why: String,
    /// The parameter was needed and not given (`why` says so, and why where a rule says): a
    /// form words that as what to fill in, without reading `why`.
    pub required: bool,
}

impl Invalid {
    pub fn new(param: &'static str, why: impl Into<String>) -> Self {
        Invalid {
            param,
            why: why.into(),
            required: false,
        }
    }

    /// A parameter that must be given and was not.
    pub fn required(param: &'static str) -> Self {
        Self::required_because(param, "is required")
    }

    /// A parameter that must be given and was not, in the rule's words ("is required for
    /// individual members").
    pub fn required_because(param: &'static str, why: impl Into<String>) -> Self {
        Invalid {
            required: true,
            ..Self::new(param, why)
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.param, self.why)
    }
}

/// Collects what is wrong with a request's parameters.
#[derive(Debug, Default)]
pub struct Problems(Vec<Invalid>);

impl Problems {
    pub fn new() -> Self {
        Problems(Vec::new())
    }

    pub fn add(&mut self, param: &'static str, why: impl Into<String>) {
        self.0.push(Invalid::new(param, why));
    }

    /// A parameter that must be given and was not (see [`Invalid::required_because`]).
    pub fn add_required(&mut self, param: &'static str, why: impl Into<String>) {
        self.0.push(Invalid::required_because(param, why));
    }

    /// Records the error of a check, if any.
    pub fn check<E: fmt::Display>(&mut self, param: &'static str, outcome: Result<(), E>) {
        if let Err(e) = outcome {
            self.add(param, e.to_string());
        }
    }

    /// `value` when nothing was wrong, else every problem found.
    pub fn done<T>(self, value: T) -> Result<T, Vec<Invalid>> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self.0)
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds what another check found.
    pub fn extend(&mut self, more: Vec<Invalid>) {
        self.0.extend(more);
    }

    /// Every problem found, none when the request is fine.
    pub fn into_vec(self) -> Vec<Invalid> {
        self.0
    }
}
