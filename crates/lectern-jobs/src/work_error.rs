//! Why a piece of the worker's work failed, typed. Its text is what the job's record keeps (and
//! what a document's owner reads); its kind is what the worker does about it: a stopped job
//! records nothing, a store it could not reach is tried again once the claim lapses, and the
//! rest fail the job with their text.

use lectern_store::StoreError;

use crate::epub::EpubError;
use crate::files::FileError;
use crate::package::PackageError;

#[derive(Debug, thiserror::Error)]
pub enum WorkError {
    /// The input cannot be read as what it claims to be, or is beyond what Lectern converts:
    /// trying again gives the same.
    #[error("{0}")]
    Unreadable(String),
    /// A tool could not be run, or failed: what it said.
    #[error("{0}")]
    Tool(String),
    /// What the job is about is gone or never was: its title, artifact, file or reader.
    #[error("{0}")]
    Missing(String),
    /// Cancelled: its document was deleted, or the claim on the job was lost.
    #[error("the conversion was stopped")]
    Stopped,
    #[error(transparent)]
    Files(#[from] FileError),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The worker's own machine failed it: a scratch file, a thread.
    #[error("{0}")]
    Machine(String),
}

/// What a piece of the worker's work gives.
pub type Worked<T> = Result<T, WorkError>;

impl WorkError {
    pub fn unreadable(why: impl Into<String>) -> Self {
        WorkError::Unreadable(why.into())
    }

    pub fn tool(why: impl Into<String>) -> Self {
        WorkError::Tool(why.into())
    }

    pub fn missing(what: impl Into<String>) -> Self {
        WorkError::Missing(what.into())
    }

    pub fn machine(why: impl Into<String>) -> Self {
        WorkError::Machine(why.into())
    }
}

impl From<EpubError> for WorkError {
    /// A master or an upload that is not the EPUB it claims.
    fn from(e: EpubError) -> Self {
        WorkError::Unreadable(e.to_string())
    }
}

impl From<PackageError> for WorkError {
    /// An artifact's files that cannot go into one package.
    fn from(e: PackageError) -> Self {
        WorkError::Unreadable(e.to_string())
    }
}

impl From<tokio::task::JoinError> for WorkError {
    fn from(e: tokio::task::JoinError) -> Self {
        WorkError::Machine(format!("the conversion stopped: {e}"))
    }
}
