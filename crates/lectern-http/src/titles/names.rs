//! Contributor names as document 1's Name: catalog sources give one string per person, written
//! "First Last" or "Last, First".

use crate::accounts::name::Name;

pub fn contributor_name(full: &str) -> Name {
    let full = full.trim();
    let (first, last) = match full.split_once(',') {
        Some((last, first)) => (first.trim(), last.trim()),
        None => match full.rsplit_once(' ') {
            Some((first, last)) => (first.trim(), last.trim()),
            // One word (an organization, a mononym): it is the last name.
            None => ("", full),
        },
    };
    Name {
        first_name: first.to_owned(),
        last_name: last.to_owned(),
        middle: None,
        prefix: None,
        suffix: None,
        links: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_first_and_last() {
        let n = contributor_name("Ada King Byron");
        assert_eq!(
            (n.first_name.as_str(), n.last_name.as_str()),
            ("Ada King", "Byron")
        );
        let n = contributor_name("Byron, Ada");
        assert_eq!(
            (n.first_name.as_str(), n.last_name.as_str()),
            ("Ada", "Byron")
        );
        let n = contributor_name("Homer");
        assert_eq!((n.first_name.as_str(), n.last_name.as_str()), ("", "Homer"));
    }
}
