//! The catalog: titles, their artifacts (one per format), categories, BISAC codes, popular lists
//! and periodicals, as sources describe them. The store keeps these records; the search index is
//! derived from them; the HTTP layer turns them into the views of documents 2 to 4.

pub mod accessibility;
pub mod accessibility_display;
pub mod artifact;
pub mod bisac;
pub mod derived;
pub mod display_guide;
pub mod edit;
pub mod format;
pub mod isbn;
pub mod languages;
pub mod names;
pub mod periodical;
pub mod periodical_edit;
pub mod query;
pub mod speech;
pub mod speed;
pub mod title;
pub mod title_edit;
pub mod title_query;

/// For `skip_serializing_if`: stored records leave out what is false, absent or empty, which
/// reads back the same and halves a typical record.
pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub use artifact::{AccessibilityMetadata, Artifact, ArtifactStatus, Narrator, NotReady};
pub use format::{Delivery, Format};
pub use speed::PlaybackSpeed;
pub use title::{
    ContentWarning, Contributor, ContributorType, MusicScoreType, Quality, TitleRecord,
    TitleStatusCode,
};
