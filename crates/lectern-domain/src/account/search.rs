//! The staff's search for accounts: words matched against the start of a person's names and
//! user name (an e-mail address, as document 3 has it), within a site, an organization or a role.

use crate::role::Role;

crate::sort_order!(
    /// `sortOrder` of the account search.
    AccountSort (default LastName) {
        LastName = "lastName",
        FirstName = "firstName",
    }
);

/// The most words a search matches; more would only narrow what these find.
pub const MOST_WORDS: usize = 5;

/// What accounts to find.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountSearch {
    pub site_id: String,
    /// Each word starts a first name, a last name or a user name, whatever its case.
    pub words: Vec<String>,
    pub organization_id: Option<String>,
    pub role: Option<Role>,
}

impl AccountSearch {
    /// The words of `keyword`, lower-cased as the stored keys are, at most [`MOST_WORDS`].
    pub fn words_of(keyword: &str) -> Vec<String> {
        keyword
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .take(MOST_WORDS)
            .map(str::to_lowercase)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyword_is_its_lower_cased_words() {
        assert_eq!(AccountSearch::words_of("  Smith, ANNA "), ["smith", "anna"]);
        assert!(AccountSearch::words_of(" , ").is_empty());
        assert_eq!(AccountSearch::words_of("a b c d e f g").len(), MOST_WORDS);
    }
}
