//! Identifiers we mint ourselves (user accounts, tokens' rows). Random rather than sequential,
//! so that an identifier says nothing about how many others exist.

use rand::Rng;

const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// A new identifier of 20 characters from Crockford's base-32 alphabet (100 random bits).
/// Drawn from the thread's generator (ChaCha, seeded and reseeded by the operating system),
/// not from the operating system each time: every request gets an identifier, and a system
/// call per request cost more than the rest of minting it. Secrets still come from the system.
pub fn new_id() -> String {
    let bytes: [u8; 20] = rand::rng().random();
    bytes
        .iter()
        .map(|b| ALPHABET[usize::from(b % 32)] as char)
        .collect()
}

/// A new identifier for the resources the API numbers (roster tags): random below 2^53, so
/// that JavaScript clients read it exactly, and never 0.
pub fn new_integer_id() -> i64 {
    let n = rand::rng().random::<u64>() >> 11;
    i64::try_from(n.max(1)).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_twenty_lowercase_base32_characters_and_differ() {
        let a = new_id();
        let b = new_id();
        assert_eq!(a.len(), 20);
        assert!(a.bytes().all(|c| ALPHABET.contains(&c)));
        assert_ne!(a, b);
    }

    #[test]
    fn integer_ids_are_exact_in_javascript() {
        for _ in 0..100 {
            let n = new_integer_id();
            assert!(n > 0 && n < (1 << 53));
        }
    }
}
