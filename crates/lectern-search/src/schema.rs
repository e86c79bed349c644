//! The index's schema and its analyzers.
//!
//! Text is split on anything that is not a letter or digit, lower-cased and folded to ASCII
//! ("Brontë" finds "Bronte" and the other way round). Names are not stemmed; a title's words
//! are also kept by their stems in its languages (`stemming`), so that a word finds its other
//! forms, and the word as typed ranks above them. Filter values
//! (categories, languages, codes, author names for `authorFilter`) are matched whole, ignoring case.
//! Service ids, sites and the closed vocabularies (statuses, formats) are matched exactly.

use tantivy::Index;
use tantivy::schema::{
    FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
};

/// Bump whenever the schema, an analyzer or what goes into a document changes: an index written
/// under another version is set aside and must be rebuilt from the store.
pub const SCHEMA_VERSION: u32 = 7;

const WORDS: &str = "lectern_words";

/// The field that holds the titles' words by their stems (`stemming`).
pub(crate) const FORMS_FIELD: &str = "title_forms";
const EXACT: &str = "lectern_exact";

/// Names of the fast columns the collectors read.
pub(crate) mod col {
    pub const SERVICE_ID: &str = "service_id";
    pub const SITE: &str = "site";
    pub const STATE: &str = "state";
    pub const TITLE_SORT: &str = "title_sort";
    pub const AUTHOR_SORT: &str = "author_sort";
    pub const DATE_ADDED: &str = "date_added";
    pub const LAST_UPDATED: &str = "last_updated";
    pub const COPYRIGHT: &str = "copyright_year";
    pub const AUTHOR: &str = "author_exact";
    pub const CATEGORY: &str = "category";
}

/// The marker indexed in `country` for titles that may be read everywhere, so that "readable in
/// X" is one term lookup: X or this.
pub(crate) const EVERYWHERE: &str = "*";

#[derive(Debug, Clone, Copy)]
pub(crate) struct Fields {
    pub service_id: Field,
    pub site: Field,
    pub status: Field,
    /// `scope::LIVE` and `scope::ADULT` bits.
    pub state: Field,
    pub title: Field,
    /// The title's words by their stems in each of its languages (`stemming`).
    pub title_forms: Field,
    pub author: Field,
    pub narrator: Field,
    pub composer: Field,
    pub isbn: Field,
    pub author_exact: Field,
    pub category: Field,
    pub language: Field,
    pub country: Field,
    pub format: Field,
    pub narrator_type: Field,
    pub braille_type: Field,
    /// Each available format's sets of access modes sufficient to read it (`textual`,
    /// `auditory,visual`), as `accessibility::set_key` writes them.
    pub a11y_sufficient: Field,
    /// Each available format's accessibility features, as the vocabulary spells them.
    pub a11y_feature: Field,
    /// The hazards each available format is declared free of (`flashing`, ...).
    pub a11y_hazard_free: Field,
    pub content_warning: Field,
    pub external_id: Field,
    pub content_type: Field,
    pub bisac_heading: Field,
    pub bisac_code: Field,
    pub origin_country: Field,
    pub age_min: Field,
    pub age_max: Field,
    pub audio_seconds: Field,
    pub date_added: Field,
    pub last_updated: Field,
    pub copyright: Field,
    pub title_sort: Field,
    pub author_sort: Field,
}

pub(crate) fn build() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(WORDS)
            .set_index_option(IndexRecordOption::WithFreqs),
    );
    let exact = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(EXACT)
            .set_fieldnorms(false)
            .set_index_option(IndexRecordOption::Basic),
    );
    // Facet columns keep the value as written while the index matches it case-insensitively.
    let exact_facet = exact.clone().set_fast("raw");
    let sort_only = TextOptions::default().set_fast("raw");
    let forms = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("raw")
            .set_fieldnorms(false)
            .set_index_option(IndexRecordOption::Basic),
    );
    let fields = Fields {
        service_id: b.add_text_field(col::SERVICE_ID, STRING | FAST),
        site: b.add_text_field(col::SITE, STRING | FAST),
        status: b.add_text_field("status", STRING),
        state: b.add_u64_field(col::STATE, FAST),
        title: b.add_text_field("title", words.clone()),
        title_forms: b.add_text_field(FORMS_FIELD, forms),
        author: b.add_text_field("author", words.clone()),
        narrator: b.add_text_field("narrator", words.clone()),
        composer: b.add_text_field("composer", words),
        isbn: b.add_text_field("isbn", STRING),
        author_exact: b.add_text_field(col::AUTHOR, exact_facet.clone()),
        category: b.add_text_field(col::CATEGORY, exact_facet),
        language: b.add_text_field("language", exact.clone()),
        country: b.add_text_field("country", exact.clone()),
        format: b.add_text_field("format", STRING),
        narrator_type: b.add_text_field("narrator_type", STRING),
        braille_type: b.add_text_field("braille_type", STRING),
        a11y_sufficient: b.add_text_field("a11y_sufficient", STRING),
        a11y_feature: b.add_text_field("a11y_feature", STRING),
        a11y_hazard_free: b.add_text_field("a11y_hazard_free", STRING),
        content_warning: b.add_text_field("content_warning", STRING),
        external_id: b.add_text_field("external_id", exact.clone()),
        content_type: b.add_text_field("content_type", exact.clone()),
        bisac_heading: b.add_text_field("bisac_heading", exact.clone()),
        bisac_code: b.add_text_field("bisac_code", exact.clone()),
        origin_country: b.add_text_field("origin_country", exact),
        age_min: b.add_u64_field("age_min", FAST),
        age_max: b.add_u64_field("age_max", FAST),
        audio_seconds: b.add_u64_field("audio_seconds", FAST),
        date_added: b.add_i64_field(col::DATE_ADDED, FAST),
        last_updated: b.add_i64_field(col::LAST_UPDATED, FAST),
        copyright: b.add_i64_field(col::COPYRIGHT, FAST),
        title_sort: b.add_text_field(col::TITLE_SORT, sort_only.clone()),
        author_sort: b.add_text_field(col::AUTHOR_SORT, sort_only),
    };
    (b.build(), fields)
}

/// Analyzers are not saved with an index: every `Index` value, created or opened, needs them.
pub(crate) fn register_analyzers(index: &Index) {
    index.tokenizers().register(WORDS, words_analyzer());
    index.tokenizers().register(EXACT, exact_analyzer());
}

fn words_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

fn exact_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(RawTokenizer::default())
        .filter(LowerCaser)
        .build()
}

fn folding_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(RawTokenizer::default())
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

/// A word of a query: as the plain fields hold it, and in lower case as typed, which a stemmer
/// reads (`stemming::of_word`).
pub(crate) struct QueryWord {
    pub folded: String,
    pub lowered: String,
}

/// The words of a query, each as typed and as folded. Folding is the words analyzer's last
/// step, made here one word at a time so that both forms come from one split.
pub(crate) fn query_words(text: &str) -> Vec<QueryWord> {
    let mut analyzer = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .build();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        let lowered = stream.token().text.clone();
        out.push(QueryWord {
            folded: fold(&lowered),
            lowered,
        });
    }
    out
}

/// A filter value as the exact fields hold it.
pub(crate) fn exact(value: &str) -> String {
    first_token(&mut exact_analyzer(), value)
}

/// Lower-cased and folded to ASCII: the form sort keys compare.
pub(crate) fn fold(value: &str) -> String {
    first_token(&mut folding_analyzer(), value)
}

fn first_token(analyzer: &mut TextAnalyzer, value: &str) -> String {
    let mut stream = analyzer.token_stream(value);
    if stream.advance() {
        stream.token().text.clone()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lower_cased_and_folded() {
        let words = query_words("Brontë's WUTHERING-Heights, Readings");
        let folded: Vec<&str> = words.iter().map(|w| w.folded.as_str()).collect();
        assert_eq!(folded, ["bronte", "s", "wuthering", "heights", "readings"]);
        assert_eq!(words[0].lowered, "brontë");
    }

    #[test]
    fn exact_values_keep_their_spaces_and_accents() {
        assert_eq!(exact("Science Fiction"), "science fiction");
        assert_eq!(exact("Gabriel García Márquez"), "gabriel garcía márquez");
        assert_eq!(fold("Émile Zola"), "emile zola");
    }
}
