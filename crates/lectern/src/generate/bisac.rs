//! The BISAC subject codes titles are filed under, from `bisac.txt`.

const BISAC: &str = include_str!("bisac.txt");

/// Every code with its description, in file order.
pub fn codes() -> Vec<(&'static str, &'static str)> {
    BISAC
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .collect()
}

#[cfg(test)]
mod tests {
    use lectern_domain::catalog::bisac::check_code;

    use super::*;

    #[test]
    fn hundreds_of_valid_distinct_codes() {
        let codes = codes();
        assert!(codes.len() > 300, "{}", codes.len());
        for (code, description) in &codes {
            assert_eq!(check_code(code), Ok(()), "{code}");
            assert!(description.contains(" / "), "{code}: {description}");
        }
        let distinct: std::collections::HashSet<_> = codes.iter().map(|(c, _)| c).collect();
        assert_eq!(distinct.len(), codes.len());
    }
}
