//! A parameter a rule refused, named as the API names it: the HTTP layer turns a list of these
//! into one 400 that names every bad parameter, so a client fixes them all in one go.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub param: &'static str,
    pub why: String,
    /// The parameter was needed and not given (`why` says so, and why where a rule says): a
    /// form words that as what to fill in, without reading `why`.
    pub required: bool,
    /// `why` as a message of the message files, where it is one: how each door says it in its
    /// reader's language without reading `why`.
    pub words: Option<Words>,
}

/// A message of the message files (`key`, which English says as the rule's own words) and what
/// fills its placeables. A rule names its message and placeables in the code; one kept with a
/// record (a queued edit's reason for not being applied) is read back, and said in the language
/// of whoever reads the record then.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Words {
    pub key: Cow<'static, str>,
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// What fills a placeable: text, said as it is (an identifier, even one of digits alone), or a
/// count, which each language writes as it writes numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Arg {
    Text(String),
    Number(u64),
    /// Another message, said in the same language (a parameter's reason inside the sentence
    /// that names the parameter).
    Words(Box<Words>),
}

impl Words {
    pub fn of(key: &'static str) -> Self {
        Words {
            key: Cow::Borrowed(key),
            args: vec![],
        }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Text(value.to_string())));
        self
    }

    pub fn with_number(mut self, name: &'static str, n: impl Into<u64>) -> Self {
        self.args.push((Cow::Borrowed(name), Arg::Number(n.into())));
        self
    }

    pub fn with_words(mut self, name: &'static str, words: Words) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Words(Box::new(words))));
        self
    }
}

/// Why a value was refused: the rule's English words, and which message of the files they are
/// where they are one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Why {
    pub english: String,
    pub words: Option<Words>,
}

impl Why {
    fn worded(english: impl Into<String>, words: Words) -> Why {
        Why {
            english: english.into(),
            words: Some(words),
        }
    }

    /// A refusal in the words of the message `key`, which English says as `english`; its
    /// placeables are given with [`Why::with`].
    pub fn of(key: &'static str, english: impl Into<String>) -> Why {
        Why::worded(english, Words::of(key))
    }

    /// Fills the placeable `name` of its message with text.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Why {
        self.words = self.words.map(|w| w.with(name, value));
        self
    }

    /// Fills the placeable `name` of its message with a count.
    pub fn with_number(mut self, name: &'static str, n: impl Into<u64>) -> Why {
        self.words = self.words.map(|w| w.with_number(name, n));
        self
    }

    /// A value that must be given and was not.
    pub fn required() -> Why {
        Why::worded("is required", Words::of("why-required"))
    }

    /// A value given empty, or only spaces.
    pub fn not_empty() -> Why {
        Why::worded("must not be empty", Words::of("why-not-empty"))
    }

    /// A name given as spaces alone.
    pub fn not_blank() -> Why {
        Why::worded("must not be blank", Words::of("why-not-blank"))
    }

    /// A text longer than its field holds.
    pub fn at_most_chars(max: usize) -> Why {
        Why::worded(
            format!("must be at most {max} characters"),
            Words::of("why-at-most-chars").with_number("max", max as u64),
        )
    }

    /// A date that has not come yet where only a past one makes sense (a birth, a signature).
    pub fn in_future() -> Why {
        Why::worded("cannot be in the future", Words::of("why-in-future"))
    }

    /// A date not written as one, or no real day.
    pub fn date() -> Why {
        Why::worded("must be a date written YYYY-MM-DD", Words::of("why-date"))
    }

    /// A per cent outside what the setting takes.
    pub fn percent_outside(value: u16, (low, high): (u16, u16)) -> Why {
        Why::worded(
            format!("{value} is not a per cent from {low} to {high}"),
            Words::of("why-percent-outside")
                .with_number("value", value)
                .with_number("low", low)
                .with_number("high", high),
        )
    }

    /// A value that must change together with the parameter `other`, sent without it.
    pub fn sent_with(other: &'static str) -> Why {
        Why::worded(
            format!("must be sent with a changed {other}"),
            Words::of("why-sent-with").with("other", other),
        )
    }

    /// One of the reader's own two colours, chosen without the other (`other`).
    pub fn own_colours_need(other: &'static str) -> Why {
        Why::worded(
            format!("is needed for the theme 'own', with {other}"),
            Words::of("why-own-colours-need").with("other", other),
        )
    }

    /// A braille line width that the braille format (`format`, as the API names it) does not
    /// come in, and the ones it does.
    pub fn width_does_not_fit(width: u32, format: &str, widths: &[u32]) -> Why {
        let widths: Vec<String> = widths.iter().map(u32::to_string).collect();
        let widths = widths.join(", ");
        Why::worded(
            format!("{width} does not fit {format} Braille, whose line widths are {widths}"),
            Words::of("why-width-does-not-fit")
                .with_number("width", width)
                .with("format", format)
                .with("widths", widths),
        )
    }

    /// Text and background colours too close to read: their contrast, and the least the pages
    /// ask.
    pub fn too_faint(text: &str, background: &str, ratio: f64, least: f64) -> Why {
        let ratio = format!("{ratio:.1}");
        Why::worded(
            format!(
                "{text} on {background} has a contrast of {ratio}:1; text needs at least {least}:1"
            ),
            Words::of("why-too-faint")
                .with("text", text)
                .with("background", background)
                .with("ratio", ratio)
                .with("least", least),
        )
    }

    /// Not a grade code of ONIX list 77 or BIC.
    pub fn grade() -> Why {
        Why::worded(
            "must be a grade code of ONIX list 77 or BIC, such as 05 or P",
            Words::of("why-grade"),
        )
    }

    /// Not an ISO 3166 alpha-2 country code.
    pub fn country() -> Why {
        Why::worded(
            "must be an ISO 3166 alpha-2 code such as US or GB",
            Words::of("why-country"),
        )
    }

    /// Not an ISO 639-2 alpha-3 language code.
    pub fn language() -> Why {
        Why::worded(
            "must be an ISO 639-2 alpha-3 code such as eng or spa",
            Words::of("why-language"),
        )
    }

    /// Not an e-mail address.
    pub fn email() -> Why {
        Why::worded(
            "must be an e-mail address such as ann@example.org",
            Words::of("why-email"),
        )
    }

    /// Not a user name: 1 to 100 characters without spaces.
    pub fn user_name() -> Why {
        Why::worded(
            "must be 1 to 100 characters without spaces",
            Words::of("why-user-name"),
        )
    }

    /// A duration not written as ISO 8601 writes one.
    pub fn duration() -> Why {
        Why::worded(
            "must be an ISO 8601 duration such as PT1H30M0S",
            Words::of("why-duration"),
        )
    }

    /// A site chosen by someone who is not an administrator.
    pub fn administrators_set_site() -> Why {
        Why::worded(
            "only administrators may set site",
            Words::of("why-administrators-set-site"),
        )
    }

    /// A site's or another thing's identifier that is not one of the site's.
    pub fn no_site(site: &str) -> Why {
        Why::worded(
            format!("there is no site '{site}'"),
            Words::of("why-no-site").with("site", site),
        )
    }

    /// A value both excluded and among the parameter `list`'s.
    pub fn also_among(value: &str, list: &'static str) -> Why {
        Why::worded(
            format!("'{value}' is also among {list}"),
            Words::of("why-also-among")
                .with("value", value)
                .with("list", list),
        )
    }

    /// A count or a position below zero.
    pub fn negative() -> Why {
        Why::worded("must not be negative", Words::of("why-negative"))
    }

    /// A time not written as an RFC 3339 timestamp or a date.
    pub fn timestamp() -> Why {
        Why::worded(
            "must be a timestamp written YYYY-MM-DDThh:mm:ssZ, or a date YYYY-MM-DD",
            Words::of("why-timestamp"),
        )
    }

    /// A roster tag that is not one of the organization's.
    pub fn no_roster_tag(id: &str) -> Why {
        Why::worded(
            format!("your organization has no roster tag {id}"),
            Words::of("why-no-roster-tag").with("id", id),
        )
    }

    /// A value not in its closed set, and the set.
    pub fn not_one_of(value: &str, values: &[&str]) -> Why {
        let values = values.join(", ");
        Why::worded(
            format!("'{value}' is not one of {values}"),
            Words::of("why-not-one-of")
                .with("value", value)
                .with("values", values),
        )
    }

    /// A file larger than the form or the endpoint takes, its limit said in MB (in GB from a
    /// whole gigabyte up), from the limit itself so that the two cannot disagree.
    pub fn file_too_large(max_bytes: u64) -> Why {
        const MB: u64 = 1024 * 1024;
        const GB: u64 = 1024 * MB;
        if max_bytes >= GB && max_bytes.is_multiple_of(GB) {
            let gb = max_bytes / GB;
            Why::worded(
                format!("a file is limited to {gb} GB"),
                Words::of("why-file-limit-gb").with_number("size", gb),
            )
        } else {
            let mb = max_bytes.div_ceil(MB);
            Why::worded(
                format!("a file is limited to {mb} MB"),
                Words::of("why-file-limit-mb").with_number("size", mb),
            )
        }
    }

    /// A value given for a parameter that takes one, sent more than once.
    pub fn sent_twice() -> Why {
        Why::worded("was sent more than once", Words::of("why-sent-twice"))
    }

    /// A value refused, named in the reason (`'x' must be …`).
    pub fn of_value(value: &str, why: Why) -> Why {
        let english = format!("'{value}' {}", why.english);
        Why::around("why-value-refused", english, why).with("value", value)
    }

    /// A field's value refused, the field named before the reason (`name: must not be empty`),
    /// as a file's line names it.
    pub fn of_field(field: &str, why: Why) -> Why {
        let english = format!("{field}: {}", why.english);
        Why::around("why-field-refused", english, why).with("field", field)
    }

    /// `inner` said inside the message `key` (its placeable `why`), whose English is `english`:
    /// where `inner` has no words of the files, neither has the whole, which stays English.
    pub fn around(key: &'static str, english: String, inner: Why) -> Why {
        match inner.words {
            Some(words) => Why::worded(english, Words::of(key).with_words("why", words)),
            None => Why::from(english),
        }
    }

    /// Two reasons one after the other (`first; then`): said in the files' words where both
    /// have them, in English where either has none.
    pub fn and_then(first: Why, then: Why) -> Why {
        let english = format!("{}; {}", first.english, then.english);
        match (first.words, then.words) {
            (Some(a), Some(b)) => Why::worded(
                english,
                Words::of("why-and-then")
                    .with_words("first", a)
                    .with_words("then", b),
            ),
            _ => Why::from(english),
        }
    }

    /// A date before the one it must follow, the parameter `start`.
    pub fn before(start: &'static str) -> Why {
        Why::worded(
            format!("cannot be before {start}"),
            Words::of("why-before").with("start", start),
        )
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

impl From<String> for Why {
    fn from(english: String) -> Why {
        Why {
            english,
            words: None,
        }
    }
}

impl From<&str> for Why {
    fn from(english: &str) -> Why {
        english.to_owned().into()
    }
}

impl Invalid {
    pub fn new(param: &'static str, why: impl Into<Why>) -> Self {
        let Why { english, words } = why.into();
        Invalid {
            param,
            why: english,
            required: false,
            words,
        }
    }

    /// A parameter that must be given and was not.
    pub fn required(param: &'static str) -> Self {
        Self::required_because(param, Why::required())
    }

    /// A parameter that must be given and was not, in the rule's words ("is required for
    /// individual members").
    pub fn required_because(param: &'static str, why: impl Into<Why>) -> Self {
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

    pub fn add(&mut self, param: &'static str, why: impl Into<Why>) {
        self.0.push(Invalid::new(param, why));
    }

    /// A parameter that must be given and was not (see [`Invalid::required_because`]).
    pub fn add_required(&mut self, param: &'static str, why: impl Into<Why>) {
        self.0.push(Invalid::required_because(param, why));
    }

    /// Records the error of a check, if any.
    pub fn check<E: Into<Why>>(&mut self, param: &'static str, outcome: Result<(), E>) {
        if let Err(e) = outcome {
            self.add(param, e);
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
