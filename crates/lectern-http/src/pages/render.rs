//! A page's answer: the frame every page shares (`Chrome`: the site, who is signed in, the
//! navigation), the headers of `oauth::pages`, and the cookies the visit sets.

use askama::Template;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use lectern_domain::role::Role;

use crate::html::html_with_policy;
use crate::i18n::Lang;

use super::session::{Visitor, WebSite};

/// What the layout shows around every page.
pub struct Chrome {
    pub site_name: String,
    pub home: String,
    pub search: String,
    pub my_books: String,
    pub account: String,
    pub books: String,
    pub documents: String,
    /// The sponsor's organization; `None` for anyone who sponsors none.
    pub organization: Option<String>,
    /// The staff's pages; `None` for anyone who is not staff.
    pub staff: Option<String>,
    /// The sign-in page, coming back to this page afterwards.
    pub sign_in: String,
    pub sign_out: String,
    /// The signed-in person's name; `None` for a guest.
    pub user_name: Option<String>,
    pub csrf: String,
    /// Which entry of the navigation this page is, for `aria-current`.
    pub current: Section,
    /// Whether there is a site to navigate (not on the page of an address that names none).
    pub nav: bool,
    /// The language the page is shown in.
    pub lang: Lang,
    /// This page's address, where choosing a language comes back to.
    pub here: String,
    /// Where the language choice posts.
    pub language: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Search,
    MyBooks,
    Books,
    Account,
    Documents,
    Organization,
    Staff,
    SignIn,
    Other,
}

impl Chrome {
    /// Whether this is one of the staff's pages, which their titles say (a staff page of a
    /// title is not its public page: WCAG 2.4.2).
    pub fn is_staff_page(&self) -> bool {
        self.current == Section::Staff
    }

    /// The frame of a page of `site` at `here` (a path with its query, for the way back after
    /// signing in).
    pub fn of(site: &WebSite, visitor: &Visitor, here: &str, current: Section) -> Chrome {
        let user_name = visitor.caller.user().map(|a| {
            format!("{} {}", a.first_name, a.last_name)
                .trim()
                .to_owned()
        });
        Chrome {
            site_name: site.site.name.clone(),
            home: site.path("/"),
            search: site.path("/search"),
            my_books: site.path("/lists"),
            account: site.path("/account"),
            books: site.path("/books"),
            documents: site.path("/documents"),
            organization: visitor
                .caller
                .user()
                .filter(|a| a.organization_id.is_some() && a.has_role(Role::OrganizationSponsor))
                .map(|_| site.path("/organization")),
            // Only on the staff's own site: on another's, its staff pages are not theirs.
            staff: visitor
                .caller
                .user()
                .filter(|a| a.is_staff() && a.site_id == site.site.id)
                .map(|_| site.path("/staff")),
            sign_in: sign_in_path(site, here),
            sign_out: site.path("/sign-out"),
            user_name,
            csrf: visitor.csrf.clone(),
            current,
            nav: true,
            lang: visitor.lang,
            here: here.to_owned(),
            language: site.path("/language"),
        }
    }

    /// The frame of a page outside any site: an address that names no library.
    pub fn lost() -> Chrome {
        Chrome {
            site_name: "Lectern".to_owned(),
            home: "/".to_owned(),
            search: "/".to_owned(),
            my_books: "/".to_owned(),
            account: "/".to_owned(),
            books: "/".to_owned(),
            documents: "/".to_owned(),
            organization: None,
            staff: None,
            sign_in: "/".to_owned(),
            sign_out: "/".to_owned(),
            user_name: None,
            csrf: String::new(),
            current: Section::Other,
            nav: false,
            lang: Lang::En,
            here: "/".to_owned(),
            language: "/".to_owned(),
        }
    }

    pub fn is(&self, section: Section) -> bool {
        self.current == section
    }

    /// A message of the page's frame, in the page's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// The message `key`, or nothing where there is no key (a field without a hint).
    pub fn t_if_any(&self, key: &str) -> String {
        if key.is_empty() {
            String::new()
        } else {
            self.t(key)
        }
    }

    /// The message `key` as HTML, its placeable `$link` a link to `href` whose words are the
    /// message `link_key` (a task named in a sentence that says what it is for).
    pub fn t_linked(&self, key: &str, link_key: &str, href: &str) -> String {
        self.lang.t_link(key, "link", (&self.t(link_key), href))
    }

    /// A form's message, in the page's text.
    pub fn said(&self, said: &crate::pages::forms::Said) -> String {
        said.in_language(self.lang)
    }

    /// The `lang` and `dir` of a form's message whose words are not the page's language (the
    /// API's English).
    pub fn said_lang(&self, said: &crate::pages::forms::Said) -> Option<(String, &'static str)> {
        said.own_language(self.lang).and_then(|l| self.part_lang(l))
    }

    /// A number as the page's language writes it.
    pub fn number(&self, n: u64) -> String {
        self.lang.number(n)
    }

    /// A message with one placeable, as HTML: the value escaped, in a `bdi` of its own.
    pub fn t1_isolated(&self, key: &str, name: &'static str, value: &str) -> String {
        self.lang.t_isolated(key, name, value)
    }

    /// The `lang` and `dir` a part in language `tag` (a title, its synopsis) carries on this
    /// page: `None` where it is the page's own text's language, or not known (WCAG 3.1.2).
    pub fn part_lang(&self, tag: &str) -> Option<(String, &'static str)> {
        let well_formed = !tag.is_empty()
            && tag.len() <= 35
            && tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        (well_formed && !crate::i18n::same_language(tag, self.lang.tag()))
            .then(|| (tag.to_owned(), crate::i18n::direction_of(tag)))
    }

    /// The accessibility display guide's statements in the page's language.
    pub fn vocabulary(&self) -> &'static lectern_domain::catalog::display_guide::Vocabulary {
        lectern_domain::catalog::display_guide::Vocabulary::of(self.lang.tag())
    }

    /// The words the reader's scripts say (a status, a button's label), in the page's
    /// language, as JSON that holds no `<` (safe in a script element). A word with a placeable
    /// keeps it as `{name}`, for the script to fill.
    pub fn script_words(&self) -> String {
        let words: serde_json::Map<String, serde_json::Value> = SCRIPT_WORDS
            .iter()
            .map(|(key, placeable)| {
                let said = match placeable {
                    Some(name) => self.lang.t1(key, name, &format!("{{{name}}}")),
                    None => self.t(key),
                };
                ((*key).to_owned(), serde_json::Value::String(said))
            })
            .collect();
        serde_json::Value::Object(words)
            .to_string()
            .replace('<', "\\u003c")
    }

    /// The speeds a reader may listen at, in the page's language: value, words, whether it is
    /// the one chosen at first.
    pub fn speeds(&self) -> Vec<(&'static str, String, bool)> {
        ["0.5", "0.75", "1", "1.25", "1.5", "2", "2.5", "3"]
            .into_iter()
            .map(|rate| {
                let words = if rate == "1" {
                    self.t("speed-normal")
                } else {
                    self.lang
                        .t1("speed-times", "rate", &self.lang.decimal(rate))
                };
                (rate, words, rate == "1")
            })
            .collect()
    }

    /// The languages a reader may choose.
    pub fn languages(&self) -> &'static [Lang] {
        &Lang::ALL
    }
}

/// The messages the reader's scripts (`assets/web.js`, `listen.js`, `read-aloud.js`) say, each
/// with the name of its placeable, if it has one.
const SCRIPT_WORDS: &[(&str, Option<&str>)] = &[
    ("script-highlight-select-first", None),
    ("script-highlight-done", None),
    ("script-highlight-failed", None),
    ("script-play", None),
    ("script-pause", None),
    ("script-resume", None),
    ("script-press-play", None),
    ("script-page", Some("page")),
    ("script-end-of-part", None),
    ("script-end-of-book", None),
    ("script-last-paragraph", None),
    ("script-no-heading-follows", None),
    ("script-no-page-follows", None),
    ("script-no-page-before", None),
    ("script-connection-dropped", None),
    ("script-narration-unplayable", None),
    ("script-recording-unplayable", None),
    ("script-connection-back", None),
    ("script-no-voices-option", None),
    ("script-no-voice", None),
    ("script-narration-instead", None),
    ("script-read-aloud", None),
    ("script-reading-aloud", None),
    ("script-paused", None),
    ("script-stopped", None),
];

/// The sign-in page, returning to `here` (a path of this site) once signed in.
pub fn sign_in_path(site: &WebSite, here: &str) -> String {
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    q.append_pair("next", here);
    format!("{}?{}", site.path("/sign-in"), q.finish())
}

/// Pages may run our own script (the live status of a package) and show our own images; the
/// rest is `oauth::pages`' policy.
const POLICY: &str = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; font-src 'self'; img-src 'self'; media-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// A rendered page with the visit's cookies and the pages' headers.
pub fn page(status: StatusCode, page: &impl Template, visitor: &Visitor) -> Response {
    with_cookies(html(status, page), &visitor.set_cookies)
}

/// A page as the token server's pages are sent, with the web pages' policy; links to other
/// sites from a page carry no more than our origin.
pub fn html(status: StatusCode, page: &impl Template) -> Response {
    html_with_policy(
        status,
        page,
        HeaderValue::from_static(POLICY),
        "same-origin",
    )
}

/// 303 to `location` (a form's answer), with the visit's cookies.
/// Whether a page's own script asks (`Accept: application/json`) rather than the browser: the
/// page's status as JSON then answers.
pub fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

pub fn see_other(location: &str, cookies: &[HeaderValue]) -> Response {
    let mut resp = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(location) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    with_cookies(resp, cookies)
}

fn with_cookies(mut resp: Response, cookies: &[HeaderValue]) -> Response {
    for c in cookies {
        resp.headers_mut().append(header::SET_COOKIE, c.clone());
    }
    resp
}

/// The day of a time written `YYYY-MM-DDThh:mm:ssZ`, as the pages show dates.
pub fn day(t: &str) -> String {
    t.get(..10).unwrap_or(t).to_owned()
}

/// `path` with the pairs whose value is not empty as its query: the address of a filtered or
/// later page that keeps the filters chosen.
pub fn with_query(path: &str, pairs: &[(&str, &str)]) -> String {
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs.iter().filter(|(_, v)| !v.is_empty()) {
        q.append_pair(k, v);
    }
    let q = q.finish();
    if q.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{q}")
    }
}
