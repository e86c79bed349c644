//! Editing XML by splicing text at positions the parser reports, so that everything not edited
//! stays byte for byte as the publisher wrote it.

use quick_xml::NsReader;
use quick_xml::events::{BytesStart, Event};

pub(super) struct Splices<'a> {
    text: &'a str,
    edits: Vec<(usize, usize, String)>,
}

impl<'a> Splices<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Self {
            text,
            edits: Vec::new(),
        }
    }

    /// Replaces `start..end` (an insertion when they are equal).
    pub(super) fn replace(&mut self, start: usize, end: usize, with: String) {
        self.edits.push((start, end, with));
    }

    pub(super) fn apply(mut self) -> String {
        self.edits.sort_by_key(|(start, end, _)| (*start, *end));
        let added: usize = self.edits.iter().map(|(_, _, s)| s.len()).sum();
        let mut out = String::with_capacity(self.text.len() + added);
        let mut at = 0;
        for (start, end, with) in &self.edits {
            out.push_str(&self.text[at..*start]);
            out.push_str(with);
            at = *end;
        }
        out.push_str(&self.text[at..]);
        out
    }
}

/// The reader's offset into its input.
pub(super) fn position<R>(reader: &NsReader<R>) -> usize {
    usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX)
}

/// After a start tag: the offset where its matching end tag begins.
pub(super) fn content_end(reader: &mut NsReader<&[u8]>) -> quick_xml::Result<Option<usize>> {
    let mut depth = 0usize;
    loop {
        let before = position(reader);
        match reader.read_event()? {
            Event::Start(_) => depth += 1,
            Event::End(_) if depth == 0 => return Ok(Some(before)),
            Event::End(_) => depth -= 1,
            Event::Eof => return Ok(None),
            _ => {}
        }
    }
}

/// The prefix part of an element's qualified name, with its colon (`"opf:"`), or nothing; new
/// children written with it land in the same namespace as their parent.
pub(super) fn qualified_prefix(e: &BytesStart<'_>) -> String {
    e.name()
        .prefix()
        .map(|p| format!("{}:", p.into_inner()))
        .unwrap_or_default()
}
