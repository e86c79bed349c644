//! BISAC subject codes (`FIC027000`): three letters name the heading, six digits the subject.

/// The heading of a code: its first three letters (`FIC` for `FIC027000`).
pub fn heading(code: &str) -> &str {
    code.get(..3).unwrap_or(code)
}

use crate::invalid::Why;

/// A BISAC code is three upper-case letters and six digits.
pub fn check_code(code: &str) -> Result<(), Why> {
    let b = code.as_bytes();
    if b.len() == 9
        && b[..3].iter().all(u8::is_ascii_uppercase)
        && b[3..].iter().all(u8::is_ascii_digit)
    {
        Ok(())
    } else {
        Err(Why::of(
            "why-bisac-code",
            "must be a BISAC code: three capital letters and six digits, such as FIC027000",
        ))
    }
}
