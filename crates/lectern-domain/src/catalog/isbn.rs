/// The ISBN-13 (digits only) that an identifier holds, if it holds one: `urn:isbn:...`,
/// `isbn:...` or bare 13 or 10 digits, hyphens and spaces ignored. ISBN-10s become ISBN-13s
/// (prefix 978) so that the catalog keys on one form. Check digits must be right, since
/// publishers also use bare digit strings that are not ISBNs.
pub fn isbn13(identifier: &str) -> Option<String> {
    let trimmed = identifier.trim();
    let lower = trimmed.to_ascii_lowercase();
    let body = ["urn:isbn:", "isbn:", "isbn"]
        .iter()
        .find_map(|p| lower.strip_prefix(p).map(|_| &trimmed[p.len()..]))
        .unwrap_or(trimmed);
    let chars: Vec<char> = body.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    match chars.len() {
        13 if chars.iter().all(char::is_ascii_digit) => {
            let digits: String = chars.iter().collect();
            let valid = (digits.starts_with("978") || digits.starts_with("979"))
                && check13(&digits[..12]) == chars[12];
            valid.then_some(digits)
        }
        10 if chars[..9].iter().all(char::is_ascii_digit) => {
            let sum: u32 = chars[..9]
                .iter()
                .zip((2..=10).rev())
                .map(|(c, w)| c.to_digit(10).unwrap_or(0) * w)
                .sum();
            let check = match (11 - sum % 11) % 11 {
                10 => 'X',
                n => char::from_digit(n, 10).unwrap_or('?'),
            };
            if chars[9].to_ascii_uppercase() != check {
                return None;
            }
            let first12: String = "978".chars().chain(chars[..9].iter().copied()).collect();
            let check = check13(&first12);
            Some(format!("{first12}{check}"))
        }
        _ => None,
    }
}

fn check13(first12: &str) -> char {
    let sum: u32 = first12
        .chars()
        .zip([1, 3].into_iter().cycle())
        .map(|(c, w)| c.to_digit(10).unwrap_or(0) * w)
        .sum();
    char::from_digit((10 - sum % 10) % 10, 10).unwrap_or('?')
}

#[cfg(test)]
mod tests {
    use super::isbn13;

    #[test]
    fn recognises_and_normalises_isbns() {
        assert_eq!(
            isbn13("urn:isbn:978-0-14-143951-8").as_deref(),
            Some("9780141439518")
        );
        assert_eq!(isbn13("9780141439518").as_deref(), Some("9780141439518"));
        assert_eq!(
            isbn13("ISBN 0-14-143951-3").as_deref(),
            Some("9780141439518")
        );
        assert_eq!(
            isbn13("urn:isbn:080442957X").as_deref(),
            Some("9780804429573")
        );
    }

    #[test]
    fn refuses_what_is_not_an_isbn() {
        assert_eq!(isbn13("9780141439519"), None, "wrong check digit");
        assert_eq!(isbn13("1234567890123"), None, "no 978/979 prefix");
        assert_eq!(
            isbn13("urn:uuid:12345678-1234-1234-1234-123456789abc"),
            None
        );
        assert_eq!(isbn13("0141439514"), None, "wrong ISBN-10 check digit");
        assert_eq!(isbn13("lectern-123456"), None);
    }
}
