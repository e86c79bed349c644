//! Small pieces of SQL that both engines accept, for statements built at run time.

/// `$first, $first+1, ...` for `n` values; never empty, so `IN ()` cannot occur.
pub(crate) fn placeholders(first: usize, n: usize) -> String {
    if n == 0 {
        return "NULL".to_owned();
    }
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Text matched literally by `LIKE ... ESCAPE '\'`.
pub(crate) fn like_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
