//! Secrets: opaque tokens, their stored hashes, and password hashing.
//!
//! Tokens are 256 random bits shown once and stored only as SHA-256 hashes: a leaked table
//! gives nothing to present. Passwords and client secrets are hashed with argon2id.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    // The operating system's generator failing leaves no safe way to continue.
    #[allow(clippy::expect_used)]
    getrandom::fill(&mut buf).expect("the operating system's random generator failed");
    buf
}

/// A new opaque token: 32 random bytes, base64url without padding (43 characters).
pub fn new_token() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes::<32>())
}

/// The stored form of a token: its SHA-256, hex. Lookups go by this hash, so the comparison
/// that decides a match happens on values an attacker cannot steer byte by byte.
pub fn token_hash(token: &str) -> String {
    // Every signed-in request hashes its token; `hex::encode` goes through an iterator of
    // chars that cost more than the hash's bookkeeping here.
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut hex = String::with_capacity(64);
    for byte in Sha256::digest(token.as_bytes()) {
        hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
        hex.push(char::from(DIGITS[usize::from(byte & 0xf)]));
    }
    hex
}

pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.ct_eq(b).into()
}

/// PKCE S256: BASE64URL(SHA256(verifier)) compared in constant time with the challenge.
pub fn pkce_s256_matches(verifier: &str, challenge: &str) -> bool {
    let computed = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    constant_time_eq(computed.as_bytes(), challenge.as_bytes())
}

/// RFC 7636 section 4.1: a verifier is 43 to 128 unreserved characters.
pub fn check_pkce_verifier(verifier: &str) -> Result<(), &'static str> {
    let unreserved = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
    if (43..=128).contains(&verifier.len()) && verifier.bytes().all(unreserved) {
        Ok(())
    } else {
        Err("code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' or '~'")
    }
}

/// RFC 7636 section 4.2: an S256 challenge is BASE64URL of a SHA-256, 43 characters unpadded.
pub fn check_pkce_challenge(challenge: &str) -> Result<(), &'static str> {
    let base64url = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_');
    if challenge.len() == 43 && challenge.bytes().all(base64url) {
        Ok(())
    } else {
        Err("code_challenge must be the 43 base64url characters of an S256 digest")
    }
}

#[derive(Debug, thiserror::Error)]
#[error("could not hash the password: {0}")]
pub struct HashError(String);

/// An argon2id hash in PHC string form, with a fresh salt.
pub fn hash_password(password: &str) -> Result<String, HashError> {
    let salt =
        SaltString::encode_b64(&random_bytes::<16>()).map_err(|e| HashError(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Checks a password against a stored PHC hash. A malformed stored hash never matches.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash of a password nobody knows, verified when a user name is unknown so that an unknown
/// name costs the same time as a wrong password.
pub fn decoy_password_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password(&new_token()).unwrap_or_default())
}

/// HMAC-SHA-256 of `message` under `key`, in hex: what signed download URLs carry.
pub fn sign(key: &[u8], message: &str) -> String {
    use hmac::{Hmac, Mac};
    // HMAC takes keys of any length, so this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC accepts any key length");
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `signature` is `sign(key, message)`, compared in constant time.
pub fn signature_matches(key: &[u8], message: &str, signature: &str) -> bool {
    constant_time_eq(sign(key, message).as_bytes(), signature.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hash_stably() {
        let t = new_token();
        assert_eq!(t.len(), 43);
        assert_ne!(t, new_token());
        assert_eq!(token_hash(&t), token_hash(&t));
        assert_eq!(token_hash(&t).len(), 64);
        assert_eq!(token_hash(&t), hex::encode(Sha256::digest(t.as_bytes())));
    }

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let h = hash_password("reading42").unwrap_or_default();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("reading42", &h));
        assert!(!verify_password("reading43", &h));
        assert!(!verify_password("reading42", "not a hash"));
    }

    #[test]
    fn pkce_values_are_checked_for_form() {
        let example = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        assert!(check_pkce_verifier(example).is_ok());
        assert!(check_pkce_verifier(&"a~.-_".repeat(26)[..128]).is_ok());
        for bad in [
            "x",
            &"a".repeat(42),
            &"a".repeat(129),
            &format!("{}+", &example[1..]),
        ] {
            assert!(check_pkce_verifier(bad).is_err(), "{bad}");
        }
        assert!(check_pkce_challenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM").is_ok());
        for bad in [
            "short",
            &"a".repeat(44),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw=cM",
        ] {
            assert!(check_pkce_challenge(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pkce_matches_the_rfc_7636_example() {
        assert!(pkce_s256_matches(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
        assert!(!pkce_s256_matches(
            "other",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
    }
}
