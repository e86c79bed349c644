//! The tokens a refresh issued, kept with the refresh token it spent, readable only by whoever
//! holds that spent token.
//!
//! A client whose refresh answer was lost presents the spent token again; it must be given the
//! same pair, not a new one (a second pair would be a second, independent sign-in). Tokens are
//! stored only as hashes, so the pair is kept sealed: ChaCha20-Poly1305 under a key derived from
//! the spent refresh token itself. The store alone can open nothing; the presenter of the spent
//! token, who could have read the first answer anyway, gets exactly that answer again.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use sha2::{Digest, Sha256};

/// An access token and the refresh token issued with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenPair {
    pub access_token: String,
    pub refresh_token: String,
}

fn cipher_for(spent_refresh_token: &str) -> ChaCha20Poly1305 {
    let key = Sha256::new()
        .chain_update(b"lectern: the pair a refresh token was rotated into\0")
        .chain_update(spent_refresh_token.as_bytes())
        .finalize();
    ChaCha20Poly1305::new(Key::from_slice(&key))
}

/// Each key seals exactly one message (a refresh token is spent once), so a fixed nonce never
/// repeats under a key.
fn nonce() -> &'static Nonce {
    Nonce::from_slice(&[0u8; 12])
}

/// The pair, sealed for the holder of `spent_refresh_token`, as base64url text.
pub fn seal(spent_refresh_token: &str, pair: &TokenPair) -> String {
    let plain = format!("{}\n{}", pair.access_token, pair.refresh_token);
    // Encryption into a Vec fails only for messages of gigabytes.
    #[allow(clippy::expect_used)]
    let sealed = cipher_for(spent_refresh_token)
        .encrypt(nonce(), plain.as_bytes())
        .expect("a token pair is far below ChaCha20-Poly1305's message limit");
    URL_SAFE_NO_PAD.encode(sealed)
}

/// The pair sealed for `spent_refresh_token`, or `None` when the text was not sealed for it.
pub fn open(spent_refresh_token: &str, sealed: &str) -> Option<TokenPair> {
    let bytes = URL_SAFE_NO_PAD.decode(sealed).ok()?;
    let plain = cipher_for(spent_refresh_token)
        .decrypt(nonce(), bytes.as_slice())
        .ok()?;
    let text = String::from_utf8(plain).ok()?;
    let (access, refresh) = text.split_once('\n')?;
    Some(TokenPair {
        access_token: access.to_owned(),
        refresh_token: refresh.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair() -> TokenPair {
        TokenPair {
            access_token: "access-1".into(),
            refresh_token: "refresh-2".into(),
        }
    }

    #[test]
    fn the_holder_of_the_spent_token_opens_the_pair() {
        let sealed = seal("spent", &pair());
        assert_eq!(open("spent", &sealed), Some(pair()));
    }

    #[test]
    fn nobody_else_does() {
        let sealed = seal("spent", &pair());
        assert_eq!(open("spent-not", &sealed), None);
        assert!(!sealed.contains("access-1"));
        let mut tampered = sealed.into_bytes();
        tampered[3] = if tampered[3] == b'A' { b'B' } else { b'A' };
        assert_eq!(
            open("spent", &String::from_utf8(tampered).unwrap_or_default()),
            None
        );
    }
}
