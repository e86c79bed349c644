//! ISBN-13s: unique per title without a lookup table, and with valid check digits.

/// The check digit of the twelve digits before it: weights 1 and 3 alternate, and the digit
/// brings the weighted sum to a multiple of ten.
pub fn check_digit(first12: &[u8; 12]) -> u8 {
    let sum: u32 = first12
        .iter()
        .enumerate()
        .map(|(i, d)| u32::from(*d) * if i % 2 == 0 { 1 } else { 3 })
        .sum();
    u8::try_from((10 - sum % 10) % 10).unwrap_or(0)
}

/// The ISBN-13 with the given three-digit prefix (978 or 979) and nine-digit body.
pub fn isbn13(prefix: u16, body: u64) -> String {
    let mut digits = [0u8; 12];
    let mut n = u64::from(prefix) * 1_000_000_000 + body % 1_000_000_000;
    for d in digits.iter_mut().rev() {
        *d = u8::try_from(n % 10).unwrap_or(0);
        n /= 10;
    }
    let mut out: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    out.push(char::from(b'0' + check_digit(&digits)));
    out
}

/// A bijection of `0..10^9`, so that consecutive titles get unrelated-looking but never equal
/// bodies: multiplying by a number prime to 10 permutes the residues modulo 10^9.
pub fn scatter(index: u64, salt: u64) -> u64 {
    const MODULUS: u64 = 1_000_000_000;
    const MULTIPLIER: u64 = 387_420_489; // 3^18: prime to 2 and 5.
    (index % MODULUS * MULTIPLIER + salt % MODULUS) % MODULUS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(isbn: &str) -> bool {
        let sum: u32 = isbn
            .bytes()
            .enumerate()
            .map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 1 } else { 3 })
            .sum();
        isbn.len() == 13 && sum.is_multiple_of(10)
    }

    #[test]
    fn check_digits_match_published_isbns() {
        // Printed on real books: 978-0-306-40615-7 and 978-1-86197-876-9.
        assert_eq!(isbn13(978, 30_640_615), "9780306406157");
        assert_eq!(isbn13(978, 186_197_876), "9781861978769");
        assert_eq!(check_digit(&[9, 7, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 1);
        for body in [0, 1, 999_999_999, 123_456_789] {
            assert!(valid(&isbn13(979, body)), "{}", isbn13(979, body));
        }
    }

    #[test]
    fn scattering_never_repeats_a_body() {
        let bodies: std::collections::HashSet<u64> =
            (0..200_000).map(|i| scatter(i, 12_345)).collect();
        assert_eq!(bodies.len(), 200_000);
        assert!(bodies.iter().all(|b| *b < 1_000_000_000));
    }
}
