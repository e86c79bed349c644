//! Contributor names as document 1's Name (authors, editors, ... of a title summary), split as
//! the catalog's index name splits them, so that "W. E. B. Du Bois" has the last name "Du Bois".

use lectern_domain::catalog::names::index_name;

use crate::api::accounts::name::Name;

pub fn contributor_name(full: &str) -> Name {
    let index = index_name(full);
    let (last, first, suffix) = match index.split_once(',') {
        Some((last, rest)) => match rest.split_once(',') {
            Some((first, suffix)) => (last.trim(), first.trim(), Some(suffix.trim())),
            None => (last.trim(), rest.trim(), None),
        },
        // One word (an organization, a mononym): it is the last name.
        None => (index.as_str(), "", None),
    };
    Name {
        first_name: first.to_owned(),
        last_name: last.to_owned(),
        middle: None,
        prefix: None,
        suffix: suffix.filter(|s| !s.is_empty()).map(str::to_owned),
        links: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_first_and_last() {
        for (full, first, last, suffix) in [
            ("Ada King Byron", "Ada King", "Byron", None),
            ("Byron, Ada", "Ada", "Byron", None),
            ("Homer", "", "Homer", None),
            ("W. E. B. Du Bois", "W. E. B.", "Du Bois", None),
            (
                "Martin Luther King Jr.",
                "Martin Luther",
                "King",
                Some("Jr."),
            ),
        ] {
            let n = contributor_name(full);
            assert_eq!(
                (
                    n.first_name.as_str(),
                    n.last_name.as_str(),
                    n.suffix.as_deref()
                ),
                (first, last, suffix),
                "{full}"
            );
        }
    }
}
