//! Languages in the books Lectern makes: whether two codes name one language, and the words
//! Lectern itself adds to a book in its language. The codes themselves, ISO 639-2 as the
//! catalog keeps them and BCP 47 as EPUB wants them, are the domain's
//! (`lectern_domain::catalog::languages`).

use lectern_domain::catalog::languages::bcp47;

/// Whether two codes (BCP 47 tags or ISO 639-2 codes, in any mix) name one language, by their
/// primary subtags: "es-MX" and "spa" do, "en" and "es" do not.
pub fn same_language(a: &str, b: &str) -> bool {
    let primary = |code: &str| {
        bcp47(code)
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

#[cfg(test)]
mod tests {
    use super::{book_words, same_language};

    #[test]
    fn codes_name_one_language_and_books_have_their_words() {
        assert!(same_language("es-MX", "spa"));
        assert!(same_language("EN", "en-GB"));
        assert!(!same_language("en", "es"));
        assert_eq!(book_words("spa").page, "Página");
        assert_eq!(book_words("fr-CA").image, "Image");
        assert_eq!(book_words("ja").lang, "en");
    }
}
