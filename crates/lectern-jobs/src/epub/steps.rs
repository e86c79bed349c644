//! Where an element is in its XHTML document, as an EPUB CFI's steps from the root element
//! (`/4/2/6`): what the reader's pages write on each paragraph (`data-cfi`) and what the
//! narration's clips name, counted the same way by both so that they meet.

/// The element the reader of a document is at, as an EPUB CFI's steps from its root element:
/// an element's step is twice its place among its parent's element children, whatever is
/// dropped from the page, so the steps are the book's.
#[derive(Default)]
pub(crate) struct Steps {
    /// Element children seen so far, for each element open (the root's first).
    counts: Vec<usize>,
    path: Vec<usize>,
}

impl Steps {
    /// An element starts: its steps, `/4/2/6` (none for the root).
    pub(crate) fn enter(&mut self) -> Option<String> {
        let step = self.next_step();
        if let Some(step) = step {
            self.path.push(step);
        }
        self.counts.push(0);
        step.map(|_| self.cfi(&[]))
    }

    /// An element without content: its steps.
    pub(crate) fn leaf(&mut self) -> Option<String> {
        self.next_step().map(|step| self.cfi(&[step]))
    }

    pub(crate) fn leave(&mut self) {
        self.counts.pop();
        self.path.pop();
    }

    /// The step of the next element child of the element open; none for the root.
    fn next_step(&mut self) -> Option<usize> {
        let n = self.counts.last_mut()?;
        *n += 1;
        Some(2 * *n)
    }

    fn cfi(&self, then: &[usize]) -> String {
        self.path
            .iter()
            .chain(then)
            .map(|s| format!("/{s}"))
            .collect()
    }
}
