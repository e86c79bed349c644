//! Language codes: the catalog records ISO 639-2 codes ("eng"); EPUB wants BCP 47 tags, whose
//! primary subtag must be the ISO 639-1 code where one exists ("en").

/// ISO 639-2 (bibliographic and terminology forms) to ISO 639-1, for the languages a library
/// catalog commonly carries. Sorted, for binary search.
#[rustfmt::skip]
const TWO_LETTER: &[(&str, &str)] = &[
    ("afr", "af"), ("alb", "sq"), ("amh", "am"), ("ara", "ar"), ("arm", "hy"), ("aze", "az"),
    ("baq", "eu"), ("bel", "be"), ("ben", "bn"), ("bos", "bs"), ("bul", "bg"), ("bur", "my"),
    ("cat", "ca"), ("ces", "cs"), ("chi", "zh"), ("cym", "cy"), ("cze", "cs"), ("dan", "da"),
    ("deu", "de"), ("dut", "nl"), ("ell", "el"), ("eng", "en"), ("epo", "eo"), ("est", "et"),
    ("eus", "eu"), ("fao", "fo"), ("fas", "fa"), ("fin", "fi"), ("fra", "fr"), ("fre", "fr"),
    ("geo", "ka"), ("ger", "de"), ("gla", "gd"), ("gle", "ga"), ("glg", "gl"), ("gre", "el"),
    ("guj", "gu"), ("hat", "ht"), ("hau", "ha"), ("heb", "he"), ("hin", "hi"), ("hrv", "hr"),
    ("hun", "hu"), ("hye", "hy"), ("ibo", "ig"), ("ice", "is"), ("ind", "id"), ("isl", "is"),
    ("ita", "it"), ("jpn", "ja"), ("kan", "kn"), ("kat", "ka"), ("kaz", "kk"), ("khm", "km"),
    ("kin", "rw"), ("kor", "ko"), ("kur", "ku"), ("lao", "lo"), ("lat", "la"), ("lav", "lv"),
    ("lit", "lt"), ("ltz", "lb"), ("mac", "mk"), ("mal", "ml"), ("mao", "mi"), ("mar", "mr"),
    ("may", "ms"), ("mkd", "mk"), ("mlt", "mt"), ("mon", "mn"), ("mri", "mi"), ("msa", "ms"),
    ("mya", "my"), ("nav", "nv"), ("nep", "ne"), ("nld", "nl"), ("nno", "nn"), ("nob", "nb"),
    ("nor", "no"), ("ori", "or"), ("pan", "pa"), ("per", "fa"), ("pol", "pl"), ("por", "pt"),
    ("pus", "ps"), ("que", "qu"), ("roh", "rm"), ("ron", "ro"), ("rum", "ro"), ("rus", "ru"),
    ("sin", "si"), ("slk", "sk"), ("slo", "sk"), ("slv", "sl"), ("smo", "sm"), ("som", "so"),
    ("spa", "es"), ("sqi", "sq"), ("srp", "sr"), ("swa", "sw"), ("swe", "sv"), ("tam", "ta"),
    ("tel", "te"), ("tgl", "tl"), ("tha", "th"), ("tir", "ti"), ("ton", "to"), ("tur", "tr"),
    ("ukr", "uk"), ("urd", "ur"), ("uzb", "uz"), ("vie", "vi"), ("wel", "cy"), ("wol", "wo"),
    ("xho", "xh"), ("yid", "yi"), ("yor", "yo"), ("zho", "zh"), ("zul", "zu"),
];

/// A BCP 47 tag for a catalog language code: ISO 639-2 codes with a two-letter equivalent are
/// mapped to it; anything else (already BCP 47, or a three-letter code with no two-letter form,
/// such as "haw", which BCP 47 uses as is) is kept, lowercased when it is a bare code.
pub fn to_bcp47(code: &str) -> String {
    let code = code.trim();
    let lower = code.to_ascii_lowercase();
    match TWO_LETTER.binary_search_by(|(three, _)| three.cmp(&lower.as_str())) {
        Ok(i) => TWO_LETTER[i].1.to_owned(),
        Err(_) if code.contains('-') => code.to_owned(),
        Err(_) => lower,
    }
}

/// Whether two codes (BCP 47 tags or ISO 639-2 codes, in any mix) name one language, by their
/// primary subtags: "es-MX" and "spa" do, "en" and "es" do not.
pub fn same_language(a: &str, b: &str) -> bool {
    let primary = |code: &str| {
        to_bcp47(code)
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase()
    };
    primary(a) == primary(b)
}

/// The words Lectern itself says in a made book, in the book's language: before a print page's
/// number ("Page 12") and an image's description ("Image: a whale").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookWords {
    /// The language the words are in (BCP 47): the book's, or English where none is known here.
    pub lang: &'static str,
    pub page: &'static str,
    pub image: &'static str,
}

/// The words, by primary subtag: the languages Lectern brailles, and English for the rest,
/// which then says it is English (a made book's speech switches voice for it).
#[rustfmt::skip]
const BOOK_WORDS: &[BookWords] = &[
    BookWords { lang: "ar", page: "صفحة", image: "صورة" },
    BookWords { lang: "de", page: "Seite", image: "Bild" },
    BookWords { lang: "en", page: "Page", image: "Image" },
    BookWords { lang: "es", page: "Página", image: "Imagen" },
    BookWords { lang: "fr", page: "Page", image: "Image" },
    BookWords { lang: "it", page: "Pagina", image: "Immagine" },
    BookWords { lang: "pt", page: "Página", image: "Imagem" },
];

/// The words for a book in `language` (BCP 47 or ISO 639-2).
pub fn book_words(language: &str) -> BookWords {
    let find = |tag: &str| {
        BOOK_WORDS
            .iter()
            .find(|w| same_language(w.lang, tag))
            .copied()
    };
    find(language)
        .or_else(|| find("en"))
        .unwrap_or(BOOK_WORDS[2])
}

/// The terminology forms of the codes that have two ("fra" beside the bibliographic "fre"): the
/// catalog keeps these, as ISO 639-3 and most current metadata do, so they are chosen when
/// reading a BCP 47 tag.
const TERMINOLOGY: &[&str] = &[
    "ces", "cym", "deu", "ell", "eus", "fas", "fra", "hye", "isl", "kat", "mkd", "mri", "msa",
    "mya", "nld", "ron", "slk", "sqi", "zho",
];

/// The catalog's ISO 639-2 code for a BCP 47 tag, from its primary language subtag: "en-GB" ->
/// "eng", "fr" -> "fra", "haw" -> "haw". Where ISO 639-2 has two codes, the catalog uses the
/// terminology one ("fra", "deu"), which ISO 639-3 shares (see docs/decisions.md). `None` for a tag whose language has no code here (a
/// two-letter subtag missing from the table, or "und", "mul" and the like, which name none).
pub fn from_bcp47(tag: &str) -> Option<String> {
    let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    if !primary.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    match primary.len() {
        2 => {
            let mut codes = TWO_LETTER
                .iter()
                .filter(|(_, two)| *two == primary)
                .map(|(three, _)| *three);
            let all: Vec<&str> = codes.by_ref().collect();
            all.iter()
                .find(|three| TERMINOLOGY.contains(three))
                .or(all.first())
                .map(|s| (*s).to_owned())
        }
        3 if !matches!(primary.as_str(), "und" | "mul" | "zxx" | "mis") => Some(primary),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{TERMINOLOGY, TWO_LETTER, book_words, from_bcp47, same_language, to_bcp47};

    #[test]
    fn table_is_sorted_for_binary_search() {
        assert!(TWO_LETTER.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn maps_common_codes_and_keeps_the_rest() {
        assert_eq!(to_bcp47("eng"), "en");
        assert!(same_language("es-MX", "spa"));
        assert_eq!(book_words("spa").page, "Página");
        assert_eq!(book_words("fr-CA").image, "Image");
        assert_eq!(book_words("ja").lang, "en");
        assert!(same_language("EN", "en-GB"));
        assert!(!same_language("en", "es"));
        assert_eq!(to_bcp47("FRE"), "fr");
        assert_eq!(to_bcp47("fra"), "fr");
        assert_eq!(to_bcp47("haw"), "haw");
        assert_eq!(to_bcp47("en-GB"), "en-GB");
        assert_eq!(to_bcp47("de"), "de");
    }

    #[test]
    fn reads_bcp47_tags_as_terminology_codes() {
        assert_eq!(from_bcp47("en").as_deref(), Some("eng"));
        assert_eq!(from_bcp47("en-GB").as_deref(), Some("eng"));
        assert_eq!(from_bcp47("FR").as_deref(), Some("fra"));
        assert_eq!(from_bcp47("de-CH").as_deref(), Some("deu"));
        assert_eq!(from_bcp47("zh-Hant").as_deref(), Some("zho"));
        assert_eq!(from_bcp47("haw").as_deref(), Some("haw"));
        assert_eq!(from_bcp47("und"), None);
        assert_eq!(from_bcp47("xx"), None);
        assert_eq!(from_bcp47(""), None);
    }

    #[test]
    fn every_two_letter_code_comes_back() {
        for (three, two) in TWO_LETTER {
            let back = from_bcp47(two).unwrap_or_default();
            assert_eq!(to_bcp47(&back), *two, "{three}");
            let has_terminology_form = TWO_LETTER
                .iter()
                .any(|(t, tw)| tw == two && TERMINOLOGY.contains(t));
            assert_eq!(
                TERMINOLOGY.contains(&back.as_str()),
                has_terminology_form,
                "{three} -> {back}"
            );
        }
    }
}
