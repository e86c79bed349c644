//! Languages as titles carry them (ISO 639-2 codes, document 2) and as readers read them: an
//! English name for a feed or a page, and the BCP 47 tag that OPDS and EPUB expect.

use isolang::Language;

/// ISO 639-2's bibliographic codes, which a catalog record may carry, and the terminology
/// codes (ISO 639-3's) that name the same languages.
const BIBLIOGRAPHIC: &[(&str, &str)] = &[
    ("alb", "sqi"),
    ("arm", "hye"),
    ("baq", "eus"),
    ("bur", "mya"),
    ("chi", "zho"),
    ("cze", "ces"),
    ("dut", "nld"),
    ("fre", "fra"),
    ("geo", "kat"),
    ("ger", "deu"),
    ("gre", "ell"),
    ("ice", "isl"),
    ("mac", "mkd"),
    ("mao", "mri"),
    ("may", "msa"),
    ("per", "fas"),
    ("rum", "ron"),
    ("slo", "slk"),
    ("tib", "bod"),
    ("wel", "cym"),
];

fn language(code: &str) -> Option<Language> {
    let code = code.trim().to_ascii_lowercase();
    let code = BIBLIOGRAPHIC
        .iter()
        .find(|(b, _)| *b == code)
        .map_or(code.as_str(), |(_, t)| t);
    Language::from_639_3(code).or_else(|| Language::from_639_1(code))
}

/// A language code as titles carry it (ISO 639-2: three letters), in lower case as the index
/// keeps it; `None` for anything else.
pub fn code(raw: &str) -> Option<String> {
    (raw.len() == 3 && raw.bytes().all(|b| b.is_ascii_alphabetic()))
        .then(|| raw.to_ascii_lowercase())
}

/// The language's English name ("French" for `fre` or `fra`); the code itself when ISO 639
/// has no such language.
pub fn name(code: &str) -> String {
    language(code).map_or_else(|| code.to_owned(), |l| l.to_name().to_owned())
}

/// The language's name in itself ("Français" for `fre`), as a reader who reads only it looks
/// for it: capitalized as a name standing alone; its English name where ISO 639 gives none.
pub fn own_name(code: &str) -> String {
    match language(code).and_then(|l| l.to_autonym()) {
        Some(autonym) => {
            let mut chars = autonym.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        }
        None => name(code),
    }
}

/// The tag BCP 47 prefers: the two-letter code where ISO 639-1 has one, else the three-letter
/// terminology code (BCP 47 allows both; `fre` becomes `fr`, `haw` stays `haw`). A tag that
/// is already BCP 47 with subtags ("en-GB") is kept; another code ISO 639 does not know is
/// kept too, in lower case.
pub fn bcp47(code: &str) -> String {
    let code = code.trim();
    match language(code) {
        Some(l) => l.to_639_1().unwrap_or_else(|| l.to_639_3()).to_owned(),
        None if code.contains(['-', '_']) => code.to_owned(),
        None => code.to_ascii_lowercase(),
    }
}

/// The catalog's code (ISO 639-2, three letters) for a BCP 47 tag, by its primary subtag:
/// "en-GB" is `eng`, "fr" is `fra`, "haw" stays `haw`. Where ISO 639-2 has two codes, the
/// catalog keeps the terminology one (`fra`, `deu`), which ISO 639-3 shares (docs/decisions.md).
/// `None` for a tag that names no language ISO 639 knows, or none at all (`und`, `mul`).
pub fn from_bcp47(tag: &str) -> Option<String> {
    let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    if !primary.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    match primary.len() {
        2 => Language::from_639_1(&primary).map(|l| l.to_639_3().to_owned()),
        3 if !matches!(primary.as_str(), "und" | "mul" | "zxx" | "mis") => Some(primary),
        _ => None,
    }
}

/// The languages Lectern brailles by machine, by BCP 47 primary subtag: those whose libraries
/// lend braille and that liblouis has literary tables for (`lectern_jobs`'s braille names each
/// language's tables; docs/decisions.md says why those).
pub const BRAILLED: &[&str] = &["ar", "de", "en", "es", "fr", "it", "pt"];

/// Whether a title in this language (an ISO 639-2 code as titles carry it, or BCP 47) is
/// brailled by machine.
pub fn brailled(code: &str) -> bool {
    let tag = bcp47(code);
    let primary = tag.split(['-', '_']).next().unwrap_or_default();
    BRAILLED.iter().any(|b| b.eq_ignore_ascii_case(primary))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bcp47_tags_and_catalog_codes_go_both_ways() {
        for (code, tag) in [("FRE", "fr"), ("fra", "fr"), ("haw", "haw"), ("chi", "zh")] {
            assert_eq!(bcp47(code), tag, "{code}");
        }
        assert_eq!(bcp47("en-GB"), "en-GB");
        assert_eq!(bcp47("de"), "de");
        for (tag, code) in [
            ("en", "eng"),
            ("en-GB", "eng"),
            ("FR", "fra"),
            ("de-CH", "deu"),
            ("zh-Hant", "zho"),
            ("nb", "nob"),
            ("haw", "haw"),
        ] {
            assert_eq!(from_bcp47(tag).as_deref(), Some(code), "{tag}");
        }
        for none in ["und", "xx", "", "e1"] {
            assert_eq!(from_bcp47(none), None, "{none}");
        }
        // Every two-letter code comes back as itself, through the catalog's code.
        for two in [
            "ar", "cs", "cy", "el", "eu", "fa", "hy", "is", "ka", "mk", "mi", "ms", "my",
        ] {
            let code = from_bcp47(two).unwrap();
            assert_eq!(bcp47(&code), two, "{two} -> {code}");
        }
    }

    #[test]
    fn the_brailled_languages_are_known_by_any_of_their_codes() {
        for code in [
            "eng", "spa", "fre", "fra", "ger", "deu", "ita", "por", "ara", "es-MX",
        ] {
            assert!(brailled(code), "{code}");
        }
        for code in ["jpn", "rus", "haw", ""] {
            assert!(!brailled(code), "{code}");
        }
    }

    #[test]
    fn bibliographic_and_terminology_codes_name_one_language() {
        assert_eq!(name("fre"), "French");
        assert_eq!(name("fra"), "French");
        assert_eq!(name("ENG"), "English");
        assert_eq!(bcp47("ger"), "de");
        assert_eq!(bcp47("eng"), "en");
        assert_eq!(bcp47("haw"), "haw");
        assert_eq!(name("xx1"), "xx1");
        assert_eq!(own_name("fre"), "Français");
        assert_eq!(own_name("spa"), "Español");
        assert_eq!(own_name("ara"), "العربية");
        assert_eq!(own_name("xx1"), "xx1");
        assert_eq!(bcp47("xx1"), "xx1");
        assert_eq!(code("SPA").as_deref(), Some("spa"));
        assert_eq!(code("es"), None);
        assert_eq!(code("x1y"), None);
    }
}
