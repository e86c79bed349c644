/// A password that meets document 1's rule: 8 to 32 characters, at least one letter and one
/// number. Only a checked password can be built, so nothing weaker reaches the hasher.
#[derive(Clone)]
pub struct NewPassword(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("password must be 8 to 32 characters with at least one letter and one number")]
pub struct WeakPassword;

impl From<WeakPassword> for crate::invalid::Why {
    fn from(weak: WeakPassword) -> Self {
        crate::invalid::Why::of("why-weak-password", weak.to_string())
    }
}

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, WeakPassword> {
        let len = raw.chars().count();
        let has_letter = raw.chars().any(char::is_alphabetic);
        let has_digit = raw.chars().any(|c| c.is_ascii_digit());
        if (8..=32).contains(&len) && has_letter && has_digit {
            Ok(NewPassword(raw.to_owned()))
        } else {
            Err(WeakPassword)
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_only_passwords_within_the_rule() {
        assert!(NewPassword::parse("reading42").is_ok());
        assert!(NewPassword::parse("short1").is_err());
        assert!(NewPassword::parse("onlyletters").is_err());
        assert!(NewPassword::parse("12345678").is_err());
        assert!(NewPassword::parse(&format!("a{}", "1".repeat(32))).is_err());
    }
}
