//! One byte range of a file held in memory (`Range: bytes=...`), as a player seeking in an
//! audio file asks for it (RFC 9110, section 14). Several ranges in one request are answered
//! with the whole file, which the RFC allows.

use std::ops::Range;

/// What a `Range` header asks of a file of `len` bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Asked {
    Whole,
    Part(Range<usize>),
    /// No byte of the file is in the range: 416.
    Unsatisfiable,
}

pub fn asked(header: Option<&str>, len: usize) -> Asked {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return Asked::Whole;
    };
    if spec.contains(',') {
        return Asked::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return Asked::Whole;
    };
    let parse = |s: &str| s.trim().parse::<usize>().ok();
    let range = match (first.trim().is_empty(), parse(first), parse(last)) {
        // `bytes=-N`: the last N bytes.
        (true, _, Some(n)) if n > 0 => len.saturating_sub(n)..len,
        (true, _, _) => return Asked::Unsatisfiable,
        (false, Some(start), Some(end)) if end >= start => start..(end + 1).min(len),
        (false, Some(start), None) if last.trim().is_empty() => start..len,
        // Not a range we can read: the header is ignored, as the RFC says.
        _ => return Asked::Whole,
    };
    if range.start >= len || range.is_empty() {
        Asked::Unsatisfiable
    } else {
        Asked::Part(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_as_rfc_9110_writes_them() {
        assert_eq!(asked(None, 10), Asked::Whole);
        assert_eq!(asked(Some("bytes=0-3"), 10), Asked::Part(0..4));
        assert_eq!(asked(Some("bytes=4-"), 10), Asked::Part(4..10));
        assert_eq!(asked(Some("bytes=-3"), 10), Asked::Part(7..10));
        assert_eq!(asked(Some("bytes=5-100"), 10), Asked::Part(5..10));
        assert_eq!(asked(Some("bytes=10-"), 10), Asked::Unsatisfiable);
        assert_eq!(asked(Some("bytes=-0"), 10), Asked::Unsatisfiable);
        assert_eq!(asked(Some("bytes=0-1,4-5"), 10), Asked::Whole);
        assert_eq!(asked(Some("bytes=7-3"), 10), Asked::Whole);
        assert_eq!(asked(Some("items=0-3"), 10), Asked::Whole);
    }
}
