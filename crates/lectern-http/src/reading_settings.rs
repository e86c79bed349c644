//! The reader's reading settings (`lectern_domain::account::reading_settings`) over HTTP: the
//! `reading…` parameters every door reads them by (the API's preferences, the account page's
//! form, the reader's settings page), and the stylesheet that shows a book by them.
//!
//! The stylesheet is a pure function of its query (`/assets/reading.css?readingTextSize=200`),
//! so it is cached by browsers and shared caches alike and needs no session: a page links the
//! one its reader's settings name.

use axum::extract::RawQuery;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use lectern_domain::account::reading_settings::{
    Color, Margins, ReadingChanges, ReadingFont, ReadingSettings, Spacing, TextAlign, Theme,
};
use lectern_operations::Failure;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};

pub const STYLESHEET_PATH: &str = "/assets/reading.css";

/// The reading settings a change may send, each named as the API names it.
#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ReadingParams {
    /// Text size of a book read online, in per cent: 50 to 500
    #[param(minimum = 50, maximum = 500)]
    reading_text_size: Option<u16>,
    /// book, sans, serif, opendyslexic or atkinson (Atkinson Hyperlegible)
    #[param(value_type = Option<ReadingFont>, inline)]
    reading_font: Option<ReadingFont>,
    /// Line height in per cent of the text size: 100 to 300
    #[param(minimum = 100, maximum = 300)]
    reading_line_height: Option<u16>,
    /// normal, wide (0.12 em) or wider (0.24 em)
    #[param(value_type = Option<Spacing>, inline)]
    reading_letter_spacing: Option<Spacing>,
    /// normal, wide (0.16 em) or wider (0.32 em)
    #[param(value_type = Option<Spacing>, inline)]
    reading_word_spacing: Option<Spacing>,
    /// narrow, normal or wide
    #[param(value_type = Option<Margins>, inline)]
    reading_margins: Option<Margins>,
    /// book, start (justification off) or justify
    #[param(value_type = Option<TextAlign>, inline)]
    reading_align: Option<TextAlign>,
    /// light, dark, sepia, contrast or own (readingTextColor on readingBackgroundColor)
    #[param(value_type = Option<Theme>, inline)]
    reading_theme: Option<Theme>,
    /// #rrggbb; with the theme own, at least 4.5:1 against readingBackgroundColor
    #[param(value_type = Option<String>, pattern = "^#[0-9a-fA-F]{6}$")]
    reading_text_color: Option<Color>,
    /// #rrggbb
    #[param(value_type = Option<String>, pattern = "^#[0-9a-fA-F]{6}$")]
    reading_background_color: Option<Color>,
}

impl From<ReadingParams> for ReadingChanges {
    fn from(p: ReadingParams) -> Self {
        ReadingChanges {
            text_size: p.reading_text_size,
            font: p.reading_font,
            line_height: p.reading_line_height,
            letter_spacing: p.reading_letter_spacing,
            word_spacing: p.reading_word_spacing,
            margins: p.reading_margins,
            align: p.reading_align,
            theme: p.reading_theme,
            text_color: p.reading_text_color,
            background_color: p.reading_background_color,
        }
    }
}

/// The reading settings a request's parameters change.
pub fn reading_changes(params: &Params) -> ApiResult<ReadingChanges> {
    Ok(params.parse::<ReadingParams>()?.into())
}

/// The query of the stylesheet for `s`: the settings that differ from the defaults, or `None`
/// when none do and the pages' own styles show the book.
pub fn stylesheet_href(s: &ReadingSettings) -> Option<String> {
    let d = ReadingSettings::default();
    let mut pairs: Vec<(&str, String)> = Vec::new();
    let mut differs = |name, value: String, default: String| {
        if value != default {
            pairs.push((name, value));
        }
    };
    differs(
        "readingTextSize",
        s.text_size.to_string(),
        d.text_size.to_string(),
    );
    differs("readingFont", s.font.to_string(), d.font.to_string());
    differs(
        "readingLineHeight",
        s.line_height.to_string(),
        d.line_height.to_string(),
    );
    differs(
        "readingLetterSpacing",
        s.letter_spacing.to_string(),
        d.letter_spacing.to_string(),
    );
    differs(
        "readingWordSpacing",
        s.word_spacing.to_string(),
        d.word_spacing.to_string(),
    );
    differs(
        "readingMargins",
        s.margins.to_string(),
        d.margins.to_string(),
    );
    differs("readingAlign", s.align.to_string(), d.align.to_string());
    differs("readingTheme", s.theme.to_string(), d.theme.to_string());
    if let Some((text, background)) = s.own_pair() {
        pairs.push(("readingTextColor", text.to_string()));
        pairs.push(("readingBackgroundColor", background.to_string()));
    }
    if pairs.is_empty() {
        return None;
    }
    let query: Vec<String> = pairs
        .iter()
        // A colour's `#` is the one character here a query must escape.
        .map(|(k, v)| format!("{k}={}", v.replace('#', "%23")))
        .collect();
    Some(format!("{STYLESHEET_PATH}?{}", query.join("&")))
}

/// `GET /assets/reading.css?…`: the stylesheet that shows a book as the query's settings say.
pub async fn stylesheet(RawQuery(query): RawQuery) -> ApiResult<Response> {
    let pairs = Params::parse_urlencoded(query.unwrap_or_default().as_bytes())
        .map_err(|e| ApiError::bad_param(&e.name, e.message()))?;
    let changes = reading_changes(&Params::from_pairs(pairs))?;
    let settings = ReadingSettings::default()
        .apply(changes)
        .map_err(Failure::Invalid)?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            // The address names every setting: what it answers never changes.
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        css(&settings),
    )
        .into_response())
}

/// The rules that show `.book-text` by `s`, and the page around it in the theme's colours.
/// Every value written is a checked number, a word of the settings' own or a `#rrggbb`.
fn css(s: &ReadingSettings) -> String {
    let mut out = String::from("/* A book shown as its reader asked. */\n.book-text {\n");
    out += &format!("  font-size: {}%;\n", s.text_size);
    out += &format!("  line-height: {:.2};\n", f64::from(s.line_height) / 100.0);
    if let Some(family) = font_family(s.font) {
        out += &format!("  font-family: {family};\n");
    }
    let letters = spacing_em(s.letter_spacing, 0.12);
    let words = spacing_em(s.word_spacing, 0.16);
    out += &format!("  letter-spacing: {letters};\n  word-spacing: {words};\n");
    out += &format!("  padding-inline: {};\n", margin(s.margins));
    out += "}\n";
    let align = match s.align {
        TextAlign::Book => None,
        TextAlign::Start => Some("start"),
        TextAlign::Justify => Some("justify"),
    };
    if let Some(a) = align {
        // The book's own alignment of a paragraph gives way to the reader's.
        out += &format!(".book-text p, .book-text li, .book-text dd {{ text-align: {a}; }}\n");
    }
    if let Some(p) = palette(s) {
        out += &p.rules();
    }
    out
}

fn font_family(f: ReadingFont) -> Option<&'static str> {
    match f {
        ReadingFont::Book => None,
        ReadingFont::Sans => {
            Some(r#"system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif"#)
        }
        ReadingFont::Serif => Some(r#"Georgia, "Noto Serif", "Times New Roman", serif"#),
        ReadingFont::OpenDyslexic => Some(r#""OpenDyslexic", sans-serif"#),
        ReadingFont::Atkinson => Some(r#""Atkinson Hyperlegible", sans-serif"#),
    }
}

/// WCAG 1.4.12's spacing (`wide`), or twice it.
fn spacing_em(s: Spacing, wcag: f64) -> String {
    match s {
        Spacing::Normal => "normal".to_owned(),
        Spacing::Wide => format!("{wcag}em"),
        Spacing::Wider => format!("{}em", wcag * 2.0),
    }
}

fn margin(m: Margins) -> &'static str {
    match m {
        Margins::Narrow => "0",
        Margins::Normal => "0.5rem",
        Margins::Wide => "clamp(1rem, 8vw, 6rem)",
    }
}

/// A theme's colours: text, background, links, quieter text (page numbers, hints), what is
/// wrong with a form, and the borders of fields, each at least 4.5:1 (3:1 for borders and the
/// focus ring) against the background.
struct Palette {
    text: String,
    background: String,
    link: String,
    quiet: String,
    error: String,
    border: String,
    focus: String,
}

fn palette(s: &ReadingSettings) -> Option<Palette> {
    // text, background, link, quiet, error, border, focus
    let fixed = |[t, b, l, q, e, br, f]: [&str; 7]| Palette {
        text: t.into(),
        background: b.into(),
        link: l.into(),
        quiet: q.into(),
        error: e.into(),
        border: br.into(),
        focus: f.into(),
    };
    match s.theme {
        Theme::Light => None,
        Theme::Dark => Some(fixed([
            "#e6e6e6", "#121212", "#8cb4ff", "#bdbdbd", "#ff8a80", "#8a8a8a", "#ffb454",
        ])),
        Theme::Sepia => Some(fixed([
            "#3b2a14", "#f5ecd7", "#6a3d00", "#5b4a33", "#8b1a10", "#7a6a55", "#9c4a00",
        ])),
        Theme::Contrast => Some(fixed([
            "#ffffff", "#000000", "#ffff00", "#ffffff", "#ffffff", "#ffffff", "#00ffff",
        ])),
        Theme::Own => s.own_pair().map(|(text, background)| {
            let (t, b) = (text.to_string(), background.to_string());
            // The pair is at least 4.5:1 (the settings' rule), so the text's colour serves
            // for links, errors (which say "Error:" in words), borders and the focus ring.
            fixed([&t, &b, &t, &t, &t, &t, &t])
        }),
    }
}

impl Palette {
    fn rules(&self) -> String {
        let Palette {
            text,
            background,
            link,
            quiet,
            error,
            border,
            focus,
        } = self;
        format!(
            "body {{ color: {text}; background: {background}; }}\n\
             main a, main .link-like, footer.site a {{ color: {link}; }}\n\
             .book-text .page-break {{ color: {quiet}; border-color: {quiet}; }}\n\
             main .hint {{ color: {quiet}; }}\n\
             main .field-error, main .error-summary a {{ color: {error}; }}\n\
             main .error-summary {{ border-color: {error}; }}\n\
             footer.site {{ border-color: {quiet}; }}\n\
             main fieldset, main input, main select {{ border-color: {border}; }}\n\
             main :focus-visible {{ outline-color: {focus}; }}\n"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(changes: ReadingChanges) -> ReadingSettings {
        ReadingSettings::default().apply(changes).unwrap()
    }

    #[test]
    fn the_defaults_need_no_stylesheet() {
        assert_eq!(stylesheet_href(&ReadingSettings::default()), None);
    }

    #[test]
    fn a_stylesheet_names_only_what_differs_and_escapes_colours() {
        let s = settings(ReadingChanges {
            text_size: Some(400),
            theme: Some(Theme::Own),
            text_color: Some("#ffff66".parse().unwrap()),
            background_color: Some("#001040".parse().unwrap()),
            ..Default::default()
        });
        assert_eq!(
            stylesheet_href(&s).unwrap(),
            "/assets/reading.css?readingTextSize=400&readingTheme=own\
             &readingTextColor=%23ffff66&readingBackgroundColor=%23001040"
        );
        let css = css(&s);
        assert!(css.contains("font-size: 400%;"), "{css}");
        assert!(
            css.contains("body { color: #ffff66; background: #001040; }"),
            "{css}"
        );
    }

    #[test]
    fn every_setting_reaches_the_rules() {
        let css = css(&settings(ReadingChanges {
            font: Some(ReadingFont::OpenDyslexic),
            line_height: Some(200),
            letter_spacing: Some(Spacing::Wide),
            word_spacing: Some(Spacing::Wider),
            margins: Some(Margins::Wide),
            align: Some(TextAlign::Start),
            theme: Some(Theme::Dark),
            ..Default::default()
        }));
        for rule in [
            r#"font-family: "OpenDyslexic", sans-serif;"#,
            "line-height: 2.00;",
            "letter-spacing: 0.12em;",
            "word-spacing: 0.32em;",
            "padding-inline: clamp(1rem, 8vw, 6rem);",
            "text-align: start;",
            "background: #121212;",
        ] {
            assert!(css.contains(rule), "{rule} in {css}");
        }
    }
}
