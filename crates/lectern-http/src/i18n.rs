//! The pages' languages: which one a visitor is shown (`negotiate`), and the text of each
//! message in it, from the Fluent files in `locales/{language}/` (embedded in the binary;
//! plural and other rules are Fluent's, from CLDR). English is the fallback for a message a
//! language lacks, which the key check in the tests never lets happen.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static MESSAGES = {
        locales: "./locales",
        fallback_language: "en",
        // The macro takes a closure, not a function's path.
        customise: |bundle| lectern_i18n::customise(&mut *bundle),
    };
}

/// A language the pages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
    Fr,
    Ar,
    /// English with every message wrapped in `⟦ ⟧` and its letters accented: text on a page
    /// that is not so came from no message file. Asked for by `Accept-Language: qps-ploc`
    /// only; never offered, never kept as a preference.
    Pseudo,
}

static IDS: LazyLock<[LanguageIdentifier; 4]> = LazyLock::new(|| {
    Lang::ALL.map(|l| {
        l.tag()
            .parse()
            .expect("the pages' language tags are valid BCP 47")
    })
});

impl Lang {
    /// Every language the pages are written in, in the order the language choice lists them.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Es, Lang::Fr, Lang::Ar];

    /// Its BCP 47 tag, as `lang` attributes and the message files name it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::Ar => "ar",
            Lang::Pseudo => PSEUDO_TAG,
        }
    }

    /// Its ISO 639-2 code, as the API's `language` preference holds it.
    pub fn iso_639_2(self) -> &'static str {
        match self {
            Lang::En | Lang::Pseudo => "eng",
            Lang::Es => "spa",
            Lang::Fr => "fra",
            Lang::Ar => "ara",
        }
    }

    /// The direction its text runs, for the `dir` attribute.
    pub fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            _ => "ltr",
        }
    }

    /// Its name in itself, as a reader looking for their own language finds it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Fr => "Français",
            Lang::Ar => "العربية",
            Lang::Pseudo => "Pseudo",
        }
    }

    /// The language a code names: a BCP 47 tag (`es`, `es-419`, `fr-CA`) or an ISO 639-2 code
    /// (`spa`, `fra` or `fre`); `None` for one the pages are not written in.
    pub fn of_code(code: &str) -> Option<Lang> {
        let primary = code
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" | "eng" => Some(Lang::En),
            "es" | "spa" => Some(Lang::Es),
            "fr" | "fra" | "fre" => Some(Lang::Fr),
            "ar" | "ara" => Some(Lang::Ar),
            _ => None,
        }
    }

    /// The identifier its messages are looked up by (the pseudo-locale's are English's, changed
    /// afterwards).
    fn id(self) -> &'static LanguageIdentifier {
        let at = Lang::ALL.iter().position(|l| *l == self).unwrap_or(0);
        &IDS[at]
    }

    /// The message `key` in this language.
    pub fn t(self, key: &str) -> String {
        self.t_with(key, &[])
    }

    /// The message `key` in this language, its placeables filled from `args`: text, or numbers
    /// (`FluentValue::from(n)`), which plural rules choose by.
    pub fn t_args(self, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
        if self == Lang::Pseudo {
            return pseudo_message(key, args);
        }
        let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(name, value)| (Cow::Borrowed(*name), value.clone()))
            .collect();
        MESSAGES.lookup_with_args(self.id(), key, &args)
    }

    /// The message `key`, which has no placeables, where the message files have it (a key made
    /// from a code); `None` where they do not.
    pub fn try_t(self, key: &str) -> Option<String> {
        self.try_t_args::<&str>(key, &[])
    }

    /// The message `key` with `args`, where the message files have it (a key made from a code:
    /// an alert's, a rule's); `None` where they do not.
    pub fn try_t_args<N: AsRef<str>>(
        self,
        key: &str,
        args: &[(N, FluentValue<'_>)],
    ) -> Option<String> {
        let held: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(name, value)| (Cow::Owned(name.as_ref().to_owned()), value.clone()))
            .collect();
        if self == Lang::Pseudo {
            // The pseudo-locale is English's messages wrapped: English says whether it is one.
            MESSAGES.try_lookup_with_args(&IDS[0], key, &held)?;
            return Some(pseudo_message(key, args));
        }
        MESSAGES.try_lookup_with_args(self.id(), key, &held)
    }

    /// The message `key` in this language, its text placeables filled from `args`.
    pub fn t_with(self, key: &str, args: &[(&'static str, &str)]) -> String {
        let args: Vec<(&'static str, FluentValue<'_>)> = args
            .iter()
            .map(|(name, value)| (*name, FluentValue::from(*value)))
            .collect();
        self.t_args(key, &args)
    }

    /// The message `key` with its numbers, which its plural rules choose by.
    pub fn t_numbers(self, key: &str, numbers: &[(&'static str, u32)]) -> String {
        let args: Vec<(&'static str, FluentValue<'_>)> = numbers
            .iter()
            .map(|(name, n)| (*name, FluentValue::from(*n)))
            .collect();
        self.t_args(key, &args)
    }

    /// The message `key` with one number, `$count`, which its plural rules choose by.
    pub fn t_count(self, key: &str, count: u64) -> String {
        self.t_args(key, &[("count", FluentValue::from(count))])
    }
}

impl Lang {
    /// A number as this language writes it.
    pub fn number(self, n: u64) -> String {
        lectern_i18n::number_in(self.id_tag(), i64::try_from(n).unwrap_or(i64::MAX))
    }

    /// A day written `YYYY-MM-DD` as this language writes a date; the day as written when it is
    /// none.
    pub fn date(self, ymd: &str) -> String {
        let date = lectern_i18n::date_in(self.id_tag(), ymd).unwrap_or_else(|| ymd.to_owned());
        if self == Lang::Pseudo {
            // A month's name is the locale's word, as a message's are: shown as one.
            return format!("\u{27E6}{date}\u{27E7}");
        }
        date
    }

    /// A decimal number written in digits ("0.75") as this language writes it ("0,75").
    pub fn decimal(self, digits: &str) -> String {
        lectern_i18n::decimal_in(self.id_tag(), digits).unwrap_or_else(|| digits.to_owned())
    }

    /// Facts about one thing, each its own, joined as this language separates them: "A; B".
    pub fn semicolons(self, items: &[String]) -> String {
        items.join(&format!("{} ", self.t("staff-semicolon")))
    }

    /// Names or other items joined as this language joins them: "A, B and C".
    pub fn and_list(self, items: &[String]) -> String {
        lectern_i18n::and_list_in(self.id_tag(), items)
    }

    /// The tag its messages are formatted by (the pseudo-locale's are English's).
    fn id_tag(self) -> &'static str {
        if self == Lang::Pseudo {
            "en"
        } else {
            self.tag()
        }
    }
}

/// A format as the pages name it, in `lang`.
pub fn format_name(lang: Lang, format: lectern_domain::catalog::Format) -> String {
    lang.t(&format!("format-{}", format.as_str()))
}

/// The pseudo-locale's tag: a private-use one, so that English parts of its pages (a title)
/// are still marked English.
const PSEUDO_TAG: &str = "qps-ploc";

/// English's message, wrapped and accented; its placeables are filled after the accenting, so
/// that a name or a number shows as it is.
fn pseudo_message<N: AsRef<str>>(key: &str, args: &[(N, FluentValue<'_>)]) -> String {
    let marker = |at: usize| char::from_u32(0xE100 + at as u32).unwrap_or('\u{E100}');
    let held: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .enumerate()
        .map(|(at, (name, value))| {
            // A number stays one, for the plural rules; text is held by a marker.
            let value = match value {
                FluentValue::String(_) => FluentValue::from(marker(at).to_string()),
                other => other.clone(),
            };
            (Cow::Owned(name.as_ref().to_owned()), value)
        })
        .collect();
    // A key no file has shows bare, for the crawl to find.
    let Some(english) = MESSAGES.try_lookup_with_args(&IDS[0], key, &held) else {
        return key.to_owned();
    };
    let mut text: String = english.chars().map(accented).collect();
    for (at, (_, value)) in args.iter().enumerate() {
        if let FluentValue::String(s) = value {
            text = text.replace(marker(at), s);
        }
    }
    format!("\u{27E6}{text}\u{27E7}")
}

/// A letter as the pseudo-locale shows it: still readable, plainly not English's own.
fn accented(c: char) -> char {
    const PLAIN: &str = "aceinouyAEIOUCNY";
    const MARKED: &str = "áçéíñóúýÁÉÍÓÚÇÑÝ";
    PLAIN
        .chars()
        .position(|p| p == c)
        .and_then(|at| MARKED.chars().nth(at))
        .unwrap_or(c)
}

/// Stands for a placeable while a message is escaped: a character of Unicode's private use
/// area, which no message holds.
const PLACEABLE: &str = "\u{E000}";

impl Lang {
    /// The message `key` as HTML, its one placeable `$name` filled with `value` in a `bdi`
    /// element: a name in another script keeps its own direction inside the sentence (an
    /// English library's name in an Arabic one), as Fluent's isolation marks would have kept
    /// it, without characters a screen reader might read out.
    pub fn t_isolated(self, key: &str, name: &'static str, value: &str) -> String {
        self.t_html(key, name, &format!("<bdi>{}</bdi>", escaped(value)))
    }

    /// The message `key` as HTML, its one placeable `$name` a `value` in the language of BCP 47
    /// tag `tag`, marked with it (and its direction) where that is not this language.
    pub fn t_marked(self, key: &str, name: &'static str, value: &str, tag: &str) -> String {
        if same_language(tag, self.tag()) || tag.is_empty() {
            return self.t_html(key, name, &escaped(value));
        }
        let span = format!(
            "<span lang=\"{}\" dir=\"{}\">{}</span>",
            escaped(tag),
            direction_of(tag),
            escaped(value)
        );
        self.t_html(key, name, &span)
    }

    /// A message with a work's name in it (a book's title), as HTML: the name escaped, in a
    /// `bdi` of its own that browsers' translation leaves alone.
    pub fn t_work(self, key: &str, name: &'static str, value: &str) -> String {
        self.t_work_with(key, name, value, &[])
    }

    /// `t_work`, the message's other placeables filled from `args` (text).
    pub fn t_work_with(
        self,
        key: &str,
        name: &'static str,
        value: &str,
        args: &[(&'static str, &str)],
    ) -> String {
        let mut all = vec![(name, PLACEABLE)];
        all.extend_from_slice(args);
        let work = format!("<bdi translate=\"no\">{}</bdi>", escaped(value));
        escaped(&self.t_with(key, &all)).replace(PLACEABLE, &work)
    }

    /// The message `key`, its one text placeable `$name` filled with `value`.
    pub fn t1(self, key: &str, name: &'static str, value: &str) -> String {
        self.t_with(key, &[(name, value)])
    }

    /// The message `key` as HTML, its one placeable `$name` a `value` as code (a key to type).
    pub fn t_code(self, key: &str, name: &'static str, value: &str) -> String {
        self.t_html(
            key,
            name,
            &format!(
                "<code class=\"key\" translate=\"no\">{}</code>",
                escaped(value)
            ),
        )
    }

    /// The message `key` as HTML, its one placeable `$name` a `value` made strong.
    pub fn t_strong(self, key: &str, name: &'static str, value: &str) -> String {
        self.t_html(key, name, &format!("<strong>{}</strong>", escaped(value)))
    }

    /// The message `key`, escaped, its one placeable `$name` the HTML `html` (which the caller
    /// has made of escaped text).
    pub fn t_html(self, key: &str, name: &'static str, html: &str) -> String {
        let message = self.t_with(key, &[(name, PLACEABLE)]);
        escaped(&message).replace(PLACEABLE, html)
    }
}

impl Lang {
    /// The message `key` as HTML, its one placeable `$name` a link: `text` to `href`.
    pub fn t_link(self, key: &str, name: &'static str, (text, href): (&str, &str)) -> String {
        let link = format!("<a href=\"{}\">{}</a>", escaped(href), escaped(text));
        self.t_html(key, name, &link)
    }
}

/// Text as HTML, escaped.
pub fn escaped(text: &str) -> String {
    askama::filters::escape(text, askama::filters::Html)
        .map(|e| e.to_string())
        .unwrap_or_default()
}

pub use lectern_i18n::direction_of;

/// Whether two BCP 47 tags name the same language (their primary subtags agree).
pub fn same_language(a: &str, b: &str) -> bool {
    let primary = |t: &str| t.split('-').next().unwrap_or("").to_ascii_lowercase();
    primary(a) == primary(b)
}

/// The first language of an `Accept-Language` header, by its weights, that the pages are
/// written in.
pub fn accepted(header: &str) -> Option<Lang> {
    let mut asked: Vec<(f32, usize, Lang)> = header
        .split(',')
        .enumerate()
        .filter_map(|(at, item)| {
            let mut parts = item.split(';');
            let code = parts.next()?;
            let lang = if code.trim().eq_ignore_ascii_case(PSEUDO_TAG) {
                Lang::Pseudo
            } else {
                Lang::of_code(code)?
            };
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (weight > 0.0).then_some((weight, at, lang))
        })
        .collect();
    asked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    asked.first().map(|(_, _, lang)| *lang)
}

tokio::task_local! {
    /// The language a request's `Accept-Language` asks its answer in, while it is answered.
    static ASKED: Lang;
}

/// Answers the request in the scope of the language its `Accept-Language` asks for, so that
/// the error envelope says its messages in it where it can (`asked`).
pub async fn answer_in_asked_language(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let lang = accept_language(req.headers())
        .and_then(accepted)
        .unwrap_or(Lang::En);
    ASKED.scope(lang, next.run(req)).await
}

/// The language the request being answered asked for; English outside a request.
pub fn asked() -> Lang {
    ASKED.try_with(|lang| *lang).unwrap_or(Lang::En)
}

/// A rule's words in `lang`, where the message files have them.
pub fn words_in(lang: Lang, words: &lectern_domain::invalid::Words) -> Option<String> {
    use lectern_domain::invalid::Arg;
    // A count is a number to the message, written as the language writes numbers; a message
    // inside another is said first, and without its words in `lang` neither is.
    let args = words
        .args
        .iter()
        .map(|(name, value)| {
            Some(match value {
                Arg::Number(n) => (name.as_ref(), FluentValue::from(*n)),
                Arg::Text(text) => (name.as_ref(), FluentValue::from(text.as_str())),
                Arg::Words(inner) => (name.as_ref(), FluentValue::from(words_in(lang, inner)?)),
            })
        })
        .collect::<Option<Vec<(&str, FluentValue<'_>)>>>()?;
    lang.try_t_args(&words.key, &args)
}

/// A rule's reason in `lang`: in its message's words where the files have them, else in its
/// English.
pub fn why_in(lang: Lang, why: &lectern_domain::invalid::Why) -> String {
    why.words
        .as_ref()
        .and_then(|words| words_in(lang, words))
        .unwrap_or_else(|| why.english.clone())
}

/// The request's `Accept-Language`, where it is readable.
pub fn accept_language(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
}

/// A site's own language (its `language` setting), English when it has none the pages are
/// written in.
pub fn site_default(site_language: Option<&str>) -> Lang {
    site_language.and_then(Lang::of_code).unwrap_or(Lang::En)
}

/// The language of an answer to someone not (yet) known by their preference, an app or a
/// browser signing in: its `Accept-Language`, then the site's language, then English.
pub fn unnamed(headers: &axum::http::HeaderMap, site_language: Option<&str>) -> Lang {
    negotiate(
        None,
        None,
        accept_language(headers),
        site_default(site_language),
    )
}

/// The language a page is shown in, in this order: the reader's `language` preference, the
/// choice made on the pages, the browser's `Accept-Language`, the site's own.
pub fn negotiate(
    preference: Option<&str>,
    chosen: Option<&str>,
    accept_language: Option<&str>,
    site_default: Lang,
) -> Lang {
    preference
        .and_then(Lang::of_code)
        .or_else(|| chosen.and_then(Lang::of_code))
        .or_else(|| accept_language.and_then(accepted))
        .unwrap_or(site_default)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_the_preference_then_the_choice_then_the_browser_s_then_the_site_s() {
        let fr = Some("fr-CA,fr;q=0.9,en;q=0.5");
        assert_eq!(negotiate(Some("spa"), Some("ar"), fr, Lang::En), Lang::Es);
        assert_eq!(negotiate(Some("deu"), Some("ar"), fr, Lang::En), Lang::Ar);
        assert_eq!(negotiate(None, None, fr, Lang::En), Lang::Fr);
        assert_eq!(
            negotiate(None, Some("klingon"), Some("de, nl"), Lang::Es),
            Lang::Es
        );
    }

    #[test]
    fn accept_language_is_read_by_its_weights() {
        assert_eq!(accepted("de;q=1, es;q=0.4, fr;q=0.8"), Some(Lang::Fr));
        assert_eq!(accepted("ar-EG"), Some(Lang::Ar));
        assert_eq!(accepted("es;q=0, en"), Some(Lang::En));
        assert_eq!(accepted("de, *;q=0.1"), None);
        assert_eq!(accepted("es;q=x"), None);
    }

    #[test]
    fn messages_are_in_their_language_with_their_arguments() {
        assert_eq!(Lang::Es.t("nav-search"), "Buscar");
        assert_eq!(
            Lang::Fr.t_with("signed-in-as", &[("name", "Ada Byron")]),
            "Connecté en tant que Ada Byron"
        );
        assert_eq!(Lang::Ar.dir(), "rtl");
        assert_eq!(
            Lang::Ar.t_isolated("footer-about", "site", "Books & <Co>"),
            "<bdi>Books &#38; &#60;Co&#62;</bdi>: كتب ميسّرة للقرّاء ذوي إعاقات قراءة المطبوعات."
        );
        assert_eq!(Lang::of_code("fre"), Some(Lang::Fr));
        assert_eq!(direction_of("he-IL"), "rtl");
        assert_eq!(direction_of("es"), "ltr");
        assert!(same_language("en-GB", "en") && !same_language("es", "en"));
    }

    #[test]
    fn numbers_lists_and_plurals_follow_the_language_s_rules() {
        assert_eq!(Lang::En.number(12345), "12,345");
        assert_eq!(Lang::Fr.number(12345), "12\u{202f}345");
        // CLDR writes `ar` (no region) in Western digits; Lectern follows it.
        assert_eq!(Lang::Ar.number(1234), "1,234");
        let three = ["A".to_owned(), "B".to_owned(), "C".to_owned()];
        assert_eq!(Lang::En.and_list(&three), "A, B, and C");
        assert_eq!(Lang::Es.and_list(&three), "A, B y C");
        assert_eq!(Lang::Fr.and_list(&three), "A, B et C");
        assert_eq!(Lang::Es.t_count("search-found", 1), "Se encontró 1 título");
        assert_eq!(Lang::Fr.t_count("search-found", 0), "Aucun titre trouvé");
        assert_eq!(Lang::Ar.t_count("search-found", 2), "عُثر على عنوانين");
        assert_eq!(Lang::Ar.t_count("search-found", 3), "عُثر على 3 عناوين");
        assert_eq!(Lang::Ar.t_count("search-found", 11), "عُثر على 11 عنوانًا");
    }

    #[test]
    fn the_pseudo_locale_wraps_and_accents_messages_but_not_what_fills_them() {
        assert_eq!(
            Lang::Pseudo.t_with("signed-in-as", &[("name", "Ada Byron")]),
            "\u{27e6}Sígñéd íñ ás Ada Byron\u{27e7}"
        );
        assert_eq!(
            Lang::Pseudo.t_count("search-found", 2),
            "\u{27e6}2 títlés fóúñd\u{27e7}"
        );
        assert_eq!(accepted("qps-ploc, en;q=0.5"), Some(Lang::Pseudo));
        assert_eq!(Lang::of_code("qps-ploc"), None);
    }

    /// The absences and refusals many operations share say in English what their English
    /// message says (every other refusal is checked where it is made, while the tests run:
    /// `error::check_english`).
    #[test]
    fn a_shared_refusal_s_english_words_are_its_message_s() {
        use lectern_domain::catalog::Format;
        use lectern_operations::Failure;
        use lectern_operations::{absences, refusals};
        let id = "x-1";
        for failure in [
            absences::title(id),
            absences::periodical(id),
            absences::site(id),
            absences::organization(id),
            absences::account(id),
            absences::reading_list(id),
            absences::popular_list(id),
            absences::client_key(id),
            absences::page(),
            absences::book_file(),
            absences::artifact(id, Format::Brf),
            refusals::accounts_elsewhere(),
        ] {
            let (Failure::NotFound(why) | Failure::Refused(why)) = failure else {
                panic!("{failure:?} is neither an absence nor a refusal");
            };
            says_its_message(&why);
        }
    }

    /// `why` is a message of the files whose English words are `why`'s English, and which
    /// Spanish says otherwise.
    fn says_its_message(why: &lectern_domain::invalid::Why) {
        let words = why.words.as_ref().expect("a message of the files");
        assert_eq!(
            words_in(Lang::En, words).as_deref(),
            Some(why.english.as_str())
        );
        assert_ne!(
            words_in(Lang::Es, words).as_deref(),
            Some(why.english.as_str())
        );
    }

    /// An EPUB the importer refuses says in English what its message says, for each of the
    /// file's problems and the importer's own.
    #[test]
    fn an_import_s_refusal_english_words_are_its_message_s() {
        use lectern_jobs::epub::EpubError;
        use lectern_jobs::import_epub::{not_read, not_stored};
        let zip = |entry: &str| EpubError::Zip {
            entry: entry.to_owned(),
            message: "invalid Zip archive".to_owned(),
        };
        let refusals = [
            EpubError::NotZip("invalid Zip archive: Could not find EOCD".to_owned()),
            zip("OEBPS/content.opf"),
            EpubError::NoContainer,
            EpubError::NoRootfile,
            EpubError::NoPackage("OEBPS/content.opf".to_owned()),
            EpubError::NotEpub3("2.0".to_owned()),
            EpubError::Xml {
                file: "OEBPS/content.opf".to_owned(),
                message: "unexpected end of file".to_owned(),
            },
            EpubError::MissingMetadata("dc:title"),
            EpubError::Unstampable("no main document part".to_owned()),
            EpubError::BadTimestamp("yesterday".to_owned()),
        ]
        .map(lectern_domain::invalid::Why::from);
        let machine = "disk full";
        for why in refusals
            .into_iter()
            .chain([not_read(&machine), not_stored(&machine)])
        {
            says_its_message(&why);
        }
    }

    /// A directory file's problems, each of its kinds, say in English what their messages say.
    #[test]
    fn a_directory_file_s_problems_english_words_are_their_messages() {
        use lectern_store::fixture::directory_csv::read;
        let header = "referenceOrgId,name,organizationType,state,country\n";
        let files = [
            String::new(),
            "r1,River School,school,WA,US\n".to_owned(),
            "name,country\nRiver School,US\n".to_owned(),
            "referenceOrgId,name,organizationType,state\nr1,River School,school,WA\n".to_owned(),
            format!("{header}r1,,club,US-WA,USA\n"),
            format!("{header}r1,Oak,school,WAXX,US\n"),
            format!("{header}r1,Oak\n"),
            format!("{header}r1,{},school,WA,US\n", "N".repeat(201)),
        ];
        let mut seen = 0;
        for file in files {
            for why in read(file.as_bytes()).expect_err(&file) {
                says_its_message(&why);
                seen += 1;
            }
        }
        assert_eq!(seen, 12);
    }

    /// A rule's English words are its English message's, so that a translation says what the
    /// API says.
    #[test]
    fn a_rule_s_english_words_are_its_message_s() {
        use lectern_domain::catalog::Format;
        use lectern_domain::catalog::title_edit::{EditRefusal, not_applied};
        use lectern_domain::invalid::{Invalid, Why};
        for why in [
            Why::required(),
            Why::not_empty(),
            Why::not_blank(),
            Why::at_most_chars(200),
            Why::in_future(),
            Why::date(),
            Why::before("startDate"),
            Why::percent_outside(20, (50, 500)),
            Why::sent_with("brailleFormat"),
            Why::own_colours_need("readingTextColor"),
            Why::width_does_not_fit(80, "embossable", &[28, 40]),
            Why::too_faint("#777777", "#888888", 1.2, 4.5),
            Why::grade(),
            Why::country(),
            Why::language(),
            Why::email(),
            Why::user_name(),
            not_applied::title_gone(),
            not_applied::title_moved("east"),
            not_applied::product_identifier_taken("978-1", "t-road"),
            not_applied::edition_gone("w1"),
            EditRefusal::Removed.why(),
            EditRefusal::NoArtifact(Format::Brf).why(),
            EditRefusal::Invalid(vec![
                Invalid::new("copyrightDate", Why::date()),
                Invalid::new("title", Why::not_empty()),
            ])
            .why(),
        ] {
            let words = why.words.as_ref().expect("a message of the files");
            assert_eq!(
                words_in(Lang::En, words).as_deref(),
                Some(why.english.as_str())
            );
        }
    }

    /// Every language has exactly the messages English has: none missing (which would show
    /// English on its pages) and none English no longer has.
    #[test]
    fn every_language_has_the_messages_english_has_and_no_others() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let tags = Lang::ALL.map(Lang::tag);
        if let Err(problems) = lectern_i18n::check_message_folder(&dir, &tags) {
            panic!("{problems}");
        }
    }
}
