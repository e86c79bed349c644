//! Archive paths and the relative URLs between them.

/// The directory part of an archive path, with its trailing slash (empty at the root).
pub(crate) fn dir_of(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..=i])
}

/// The archive path a manifest `href` (a relative URL) names, seen from directory `base`.
pub(crate) fn resolve(base: &str, href: &str) -> String {
    let href = href.split(['#', '?']).next().unwrap_or_default();
    let mut segments: Vec<String> = base
        .split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    for segment in href.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(percent_decode(s)),
        }
    }
    segments.join("/")
}

/// A relative URL from directory `from_dir` to archive path `to`, each segment percent-encoded.
pub(super) fn relative(from_dir: &str, to: &str) -> String {
    let from: Vec<&str> = from_dir.split('/').filter(|s| !s.is_empty()).collect();
    let to: Vec<&str> = to.split('/').collect();
    let (dirs, file) = to.split_at(to.len().saturating_sub(1));
    let common = from.iter().zip(dirs).take_while(|(a, b)| a == b).count();
    let mut out = "../".repeat(from.len() - common);
    for segment in dirs[common..].iter().chain(file) {
        out.push_str(&percent_encode(segment));
        out.push('/');
    }
    out.pop();
    out
}

fn percent_decode(segment: &str) -> String {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn percent_encode(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{dir_of, relative, resolve};

    #[test]
    fn paths() {
        assert_eq!(dir_of("OEBPS/content.opf"), "OEBPS/");
        assert_eq!(dir_of("content.opf"), "");
        assert_eq!(
            resolve("OEBPS/", "text/nav%20doc.xhtml#toc"),
            "OEBPS/text/nav doc.xhtml"
        );
        assert_eq!(resolve("OEBPS/", "../nav.xhtml"), "nav.xhtml");
        assert_eq!(relative("OEBPS/", "OEBPS/text/n.xhtml"), "text/n.xhtml");
        assert_eq!(relative("OEBPS/text/", "OEBPS/n.xhtml"), "../n.xhtml");
        assert_eq!(relative("", "a b/n.xhtml"), "a%20b/n.xhtml");
        assert_eq!(relative("OEBPS/", "OEBPS/n.xhtml"), "n.xhtml");
    }
}
