//! A title search as a tantivy query: the text clauses, which score, and the filters, which
//! only narrow (they score 0, so BM25 ranks by the text alone). The caller's scope is not here
//! but in the collectors (`scope`).

use std::collections::BTreeSet;
use std::ops::Bound;
use std::sync::Arc;

use lectern_domain::catalog::bisac;
use lectern_domain::catalog::query::TitleFilters;
use lectern_domain::catalog::title::TitleStatusCode;
use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, EmptyQuery, Occur, Query, RangeQuery, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, Term};

use crate::cache::Caches;
use crate::document::normalize_isbn;
use crate::filter_sets::CachedFilter;
use crate::schema::{EVERYWHERE, Fields, QueryWord, exact, query_words};
use crate::stemming;

type Clauses = Vec<(Occur, Box<dyn Query>)>;

/// A search as queries of the searcher's index: the titles with the words as typed, scored as
/// before stemming; and, apart, those found only through other forms of the words
/// (`stemming`), which score nothing, so that they follow the others in a ranked list.
pub(crate) struct Searched {
    pub typed: Box<dyn Query>,
    pub other_forms: Option<Box<dyn Query>>,
}

/// The search as queries of the searcher's index: its words' other forms are those of its
/// titles (`stemming`).
///
/// The titles reached through other forms are a query of their own, led by those forms, which
/// are few: asked as one union with the words as typed, of every title, a frequent word took
/// 12% longer, two words 60% and a filtered search 80% (1,000,000 titles).
pub(crate) fn search(
    f: &Fields,
    filters: &TitleFilters,
    caches: &Arc<Caches>,
    searcher: &Searcher,
) -> tantivy::Result<Searched> {
    let forms = Forms { searcher, caches };
    let Some(text) = text(f, filters, &forms)? else {
        let (mut narrow, kept) = filter_clauses(f, filters);
        narrow.extend(kept);
        return Ok(Searched {
            typed: all_of(narrow),
            other_forms: None,
        });
    };
    let other_forms = text.other_forms.map(|others| {
        let only_other: Box<dyn Query> = Box::new(BooleanQuery::new(vec![
            (Occur::Must, others),
            (Occur::MustNot, text.typed.box_clone()),
        ]));
        let q: Box<dyn Query> = Box::new(ConstScoreQuery::new(
            filtered(f, filters, caches, only_other),
            0.0,
        ));
        q
    });
    Ok(Searched {
        typed: filtered(f, filters, caches, text.typed),
        other_forms,
    })
}

/// `text` narrowed by the search's filters, which score nothing.
fn filtered(
    f: &Fields,
    filters: &TitleFilters,
    caches: &Arc<Caches>,
    text: Box<dyn Query>,
) -> Box<dyn Query> {
    let (mut narrow, kept) = filter_clauses(f, filters);
    if kept.iter().any(|(occur, _)| *occur == Occur::Must) {
        narrow.push((
            Occur::Must,
            Box::new(CachedFilter::new(kept, caches.clone())),
        ));
    } else {
        narrow.extend(kept);
    }
    if narrow.is_empty() {
        return text;
    }
    let filter: Box<dyn Query> = Box::new(ConstScoreQuery::new(all_of(narrow), 0.0));
    Box::new(BooleanQuery::new(vec![
        (Occur::Must, text),
        (Occur::Must, filter),
    ]))
}

/// Where a title word's other forms are found: the searcher's segments (`stemming`).
struct Forms<'a> {
    searcher: &'a Searcher,
    caches: &'a Caches,
}

impl Forms<'_> {
    fn other_forms(&self, word: &QueryWord) -> tantivy::Result<BTreeSet<String>> {
        let segments = self
            .searcher
            .segment_readers()
            .iter()
            .map(|reader| self.caches.get(reader))
            .collect::<tantivy::Result<Vec<_>>>()?;
        Ok(stemming::other_forms(
            segments.iter().map(|s| &s.forms),
            word,
        ))
    }
}

/// A text's query: the titles with its words as typed, and those with other forms of them and
/// not all as typed, led by those forms (`None` when no word has another form).
struct Worded {
    typed: Box<dyn Query>,
    other_forms: Option<Box<dyn Query>>,
}

impl Worded {
    fn typed(typed: Box<dyn Query>) -> Worded {
        Worded {
            typed,
            other_forms: None,
        }
    }

    /// Every one of `all`: as typed, each as typed; through other forms, one through its own
    /// (leading) and each other as typed or through its own.
    fn all(all: Vec<Worded>) -> Worded {
        let typed = conjunction(all.iter().map(|w| w.typed.box_clone()).collect());
        let mut led: Clauses = Vec::new();
        for (j, lead) in all.iter().enumerate() {
            let Some(others) = &lead.other_forms else {
                continue;
            };
            let mut part = vec![others.box_clone()];
            part.extend(
                all.iter()
                    .enumerate()
                    .filter(|&(i, _)| i != j)
                    .map(|(_, w)| w.either()),
            );
            led.push((Occur::Should, conjunction(part)));
        }
        Worded {
            typed,
            other_forms: (!led.is_empty()).then(|| union(led)),
        }
    }

    /// As typed or through other forms.
    fn either(&self) -> Box<dyn Query> {
        match &self.other_forms {
            None => self.typed.box_clone(),
            Some(others) => union(vec![
                (Occur::Should, self.typed.box_clone()),
                (Occur::Should, others.box_clone()),
            ]),
        }
    }
}

fn union(clauses: Clauses) -> Box<dyn Query> {
    Box::new(BooleanQuery::new(clauses))
}

/// Live titles, readable in `country` if one is given.
pub(crate) fn live(f: &Fields, country: Option<&str>) -> Box<dyn Query> {
    let mut clauses: Clauses = vec![(Occur::Must, status_is(f, TitleStatusCode::Live))];
    if let Some(c) = country {
        clauses.push((Occur::Must, readable_in(f, c)));
    }
    all_of(clauses)
}

fn text(f: &Fields, filters: &TitleFilters, forms: &Forms<'_>) -> tantivy::Result<Option<Worded>> {
    let mut clauses: Vec<Worded> = Vec::new();
    if let Some(keyword) = &filters.keyword {
        clauses.push(keyword_query(f, keyword, forms)?);
    }
    if let Some(title) = &filters.title {
        clauses.push(all_words(&[f.title], Some((f.title, forms)), title)?);
    }
    for (field, values) in [
        (f.author, &filters.authors),
        (f.narrator, &filters.narrators),
        (f.composer, &filters.composers),
    ] {
        if !values.is_empty() {
            let any = values
                .iter()
                .map(|v| Ok((Occur::Should, all_words(&[field], None, v)?.typed)))
                .collect::<tantivy::Result<Clauses>>()?;
            clauses.push(Worded::typed(union(any)));
        }
    }
    Ok(match clauses.len() {
        0 => None,
        1 => clauses.pop(),
        _ => Some(Worded::all(clauses)),
    })
}

/// Every word in the title, subtitle or author names; or the whole keyword as an ISBN.
fn keyword_query(f: &Fields, keyword: &str, forms: &Forms<'_>) -> tantivy::Result<Worded> {
    let words = all_words(&[f.title, f.author], Some((f.title, forms)), keyword)?;
    let isbn = normalize_isbn(keyword);
    let looks_like_isbn = matches!(isbn.len(), 10 | 13)
        && isbn.bytes().all(|b| b.is_ascii_digit() || b == b'X')
        && keyword
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ');
    if !looks_like_isbn {
        return Ok(words);
    }
    let isbn = term(Term::from_field_text(f.isbn, &isbn));
    Ok(Worded {
        typed: union(vec![(Occur::Should, words.typed), (Occur::Should, isbn)]),
        other_forms: words.other_forms,
    })
}

/// Each word of `text` in one of `fields`; and, where `forms` names a field, the titles with
/// another form of a word there (`stemming`). A text without words matches nothing.
fn all_words(
    fields: &[Field],
    forms: Option<(Field, &Forms<'_>)>,
    text: &str,
) -> tantivy::Result<Worded> {
    let words = query_words(text);
    if words.is_empty() {
        return Ok(Worded::typed(Box::new(EmptyQuery)));
    }
    let mut each = Vec::with_capacity(words.len());
    for w in &words {
        let typed = any_word(fields, std::slice::from_ref(&w.folded));
        let other_forms = match forms {
            Some((field, found)) => {
                let others: Vec<String> = found.other_forms(w)?.into_iter().collect();
                (!others.is_empty()).then(|| any_word(&[field], &others))
            }
            None => None,
        };
        each.push(Worded { typed, other_forms });
    }
    if each.len() == 1 {
        return Ok(each.remove(0));
    }
    Ok(Worded::all(each))
}

/// Any of `words` in any of `fields`: a union of terms. One word alone is its union all the
/// same, which tantivy can prune by score (`prunable`).
fn any_word(fields: &[Field], words: &[String]) -> Box<dyn Query> {
    let alternatives: Clauses = fields
        .iter()
        .flat_map(|&field| {
            words
                .iter()
                .map(move |w| (Occur::Should, word_term(field, w)))
        })
        .collect();
    union(alternatives)
}

/// Every query of `all`; one alone is itself.
fn conjunction(mut all: Vec<Box<dyn Query>>) -> Box<dyn Query> {
    if all.len() == 1
        && let Some(only) = all.pop()
    {
        return only;
    }
    Box::new(BooleanQuery::new(
        all.into_iter().map(|q| (Occur::Must, q)).collect(),
    ))
}

fn word_term(field: Field, word: &str) -> Box<dyn Query> {
    Box::new(TermQuery::new(
        Term::from_field_text(field, word),
        IndexRecordOption::WithFreqs,
    ))
}

/// Whether tantivy can skip, by score, the matches that cannot reach a page (block-max WAND):
/// a union of term queries, as one word of a keyword or title search is.
pub(crate) fn prunable(query: &dyn Query) -> bool {
    query.downcast_ref::<BooleanQuery>().is_some_and(|b| {
        b.clauses()
            .iter()
            .all(|(occur, q)| *occur == Occur::Should && q.downcast_ref::<TermQuery>().is_some())
    })
}

/// The filters as clauses: those that name a title or an author, then the others, which many
/// titles may pass and whose documents a keyword search keeps per segment (`filter_sets`).
fn filter_clauses(f: &Fields, q: &TitleFilters) -> (Clauses, Clauses) {
    let mut naming: Clauses = Vec::new();
    if let Some(isbn) = &q.isbn {
        let isbn = term(Term::from_field_text(f.isbn, &normalize_isbn(isbn)));
        naming.push((Occur::Must, isbn));
    }
    if let Some(v) = &q.external_identifier_code {
        naming.push((Occur::Must, exact_term(f.external_id, v)));
    }
    if let Some(v) = &q.author_filter {
        naming.push((Occur::Must, exact_term(f.author_exact, v)));
    }
    let mut out: Clauses = Vec::new();
    let mut must = |query: Box<dyn Query>| out.push((Occur::Must, query));
    if !q.categories.is_empty() {
        must(any_exact(f.category, &q.categories));
    }
    if let Some(v) = &q.language {
        must(exact_term(f.language, v));
    }
    if let Some(c) = &q.country {
        must(readable_in(f, c));
    }
    if let Some(format) = q.format {
        must(raw_term(f.format, format.as_str()));
    }
    if let Some(kind) = q.narrator_type {
        must(raw_term(f.narrator_type, kind.as_str()));
    }
    if let Some(kind) = q.braille_type {
        must(raw_term(f.braille_type, kind.as_str()));
    }
    if let Some(set) = &q.access_mode_sufficient {
        must(raw_term(f.a11y_sufficient, set));
    }
    if let Some(feature) = &q.accessibility_feature {
        must(raw_term(f.a11y_feature, feature));
    }
    if let Some(hazard) = &q.free_of_hazard {
        must(raw_term(f.a11y_hazard_free, hazard));
    }
    if let Some(age) = q.reading_age.map(u64::from) {
        must(at_most(f.age_min, age));
        must(Box::new(RangeQuery::new(
            Bound::Included(Term::from_field_u64(f.age_max, age)),
            Bound::Unbounded,
        )));
    }
    if !q.included_content_warnings.is_empty() {
        let warnings = q.included_content_warnings.iter().map(|w| w.as_str());
        must(any_term(f.content_warning, warnings));
    }
    if let Some(seconds) = q.max_duration_seconds {
        must(at_most(f.audio_seconds, u64::from(seconds)));
    }
    if let Some(v) = &q.title_content_type {
        must(exact_term(f.content_type, v));
    }
    let headings = |list: &[String]| -> Vec<String> {
        list.iter().map(|h| bisac::heading(h).to_owned()).collect()
    };
    if !q.included_bisac_headings.is_empty() {
        must(any_exact(
            f.bisac_heading,
            &headings(&q.included_bisac_headings),
        ));
    }
    if !q.included_bisac_codes.is_empty() {
        must(any_exact(f.bisac_code, &q.included_bisac_codes));
    }
    if let Some(v) = &q.origin_country {
        must(exact_term(f.origin_country, v));
    }
    if let Some(status) = q.title_status {
        must(status_is(f, status));
    }
    if q.updated_from.is_some() || q.updated_to.is_some() {
        let bound = |t: Option<i64>| {
            t.map_or(Bound::Unbounded, |t| {
                Bound::Included(Term::from_field_i64(f.last_updated, t))
            })
        };
        must(Box::new(RangeQuery::new(
            bound(q.updated_from),
            bound(q.updated_to),
        )));
    }
    if !q.excluded_content_warnings.is_empty() {
        let warnings = q.excluded_content_warnings.iter().map(|w| w.as_str());
        out.push((Occur::MustNot, any_term(f.content_warning, warnings)));
    }
    if !q.excluded_bisac_headings.is_empty() {
        let excluded = headings(&q.excluded_bisac_headings);
        out.push((Occur::MustNot, any_exact(f.bisac_heading, &excluded)));
    }
    if !q.excluded_bisac_codes.is_empty() {
        out.push((
            Occur::MustNot,
            any_exact(f.bisac_code, &q.excluded_bisac_codes),
        ));
    }
    (naming, out)
}

fn readable_in(f: &Fields, country: &str) -> Box<dyn Query> {
    any_term(f.country, [exact(country).as_str(), EVERYWHERE])
}

fn status_is(f: &Fields, status: TitleStatusCode) -> Box<dyn Query> {
    raw_term(f.status, status.as_str())
}

fn at_most(field: Field, n: u64) -> Box<dyn Query> {
    Box::new(RangeQuery::new(
        Bound::Unbounded,
        Bound::Included(Term::from_field_u64(field, n)),
    ))
}

fn term(t: Term) -> Box<dyn Query> {
    Box::new(TermQuery::new(t, IndexRecordOption::Basic))
}

fn raw_term(field: Field, value: &str) -> Box<dyn Query> {
    term(Term::from_field_text(field, value))
}

fn exact_term(field: Field, value: &str) -> Box<dyn Query> {
    raw_term(field, &exact(value))
}

/// Postings of one term, or of a few read side by side: a `TermSetQuery` would first gather
/// every document of every term into a bitset.
fn any_term<S: AsRef<str>>(field: Field, values: impl IntoIterator<Item = S>) -> Box<dyn Query> {
    let mut terms: Vec<Box<dyn Query>> = values
        .into_iter()
        .map(|v| term(Term::from_field_text(field, v.as_ref())))
        .collect();
    if terms.len() == 1
        && let Some(only) = terms.pop()
    {
        return only;
    }
    Box::new(BooleanQuery::union(terms))
}

fn any_exact(field: Field, values: &[String]) -> Box<dyn Query> {
    any_term(field, values.iter().map(|v| exact(v)))
}

/// The conjunction of the clauses; tantivy matches nothing with only exclusions, so those get
/// everything to subtract from.
fn all_of(mut clauses: Clauses) -> Box<dyn Query> {
    if !clauses.iter().any(|(occur, _)| *occur == Occur::Must) {
        clauses.push((Occur::Must, Box::new(AllQuery)));
    }
    if let [(Occur::Must, _)] = clauses.as_slice()
        && let Some((_, only)) = clauses.pop()
    {
        return only;
    }
    Box::new(BooleanQuery::new(clauses))
}
