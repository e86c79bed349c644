//! The file store: where titles' artifact files and built downloads live, under keys such as
//! `titles/<serviceId>/EPUB3/book.epub`. A local directory by default; S3 with the `s3` feature.
//! Every write is atomic (the local store writes a temporary file and renames it), so a reader
//! never sees half a file.

use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures_util::TryStreamExt;
use object_store::buffered::BufWriter;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt};
use tokio::io::AsyncWriteExt;

/// A handle on the file store; clones share it.
#[derive(Debug, Clone)]
pub struct FileStore {
    inner: Arc<dyn ObjectStore>,
    /// The directory of a local store, whose unfinished writes `sweep_unfinished` removes.
    local_dir: Option<Arc<Path>>,
}

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("file key {key:?} refused: {reason}")]
    BadKey { key: String, reason: &'static str },
    #[error("file store URL {url:?} refused: {reason}")]
    BadUrl { url: String, reason: String },
    #[error("no file at key {0:?}")]
    NotFound(String),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("file store: {0}")]
    Store(#[from] object_store::Error),
}

impl FileStore {
    /// A store in a local directory, created if missing.
    pub fn local(dir: &Path) -> Result<Self, FileError> {
        let io = |source| FileError::Io {
            path: dir.display().to_string(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        // Without cleanup, deleting the last file of a title would leave its directories behind.
        let fs = LocalFileSystem::new_with_prefix(dir)?.with_automatic_cleanup(true);
        Ok(FileStore {
            inner: Arc::new(fs),
            local_dir: Some(dir.into()),
        })
    }

    /// `file:///absolute/dir`, or `s3://bucket/prefix` (with the `s3` feature; credentials and
    /// region from the usual `AWS_*` environment variables).
    pub fn from_url(url: &str) -> Result<Self, FileError> {
        let bad = |reason: &str| FileError::BadUrl {
            url: url.to_owned(),
            reason: reason.to_owned(),
        };
        let parsed = url::Url::parse(url).map_err(|e| bad(&e.to_string()))?;
        match parsed.scheme() {
            "file" => {
                let dir = parsed
                    .to_file_path()
                    .map_err(|()| bad("a file URL must name an absolute local directory"))?;
                Self::local(&dir)
            }
            "s3" => Self::s3(&parsed).map_err(|e| match e {
                FileError::Store(e) => bad(&e.to_string()),
                other => other,
            }),
            _ => Err(bad("the scheme must be file or s3")),
        }
    }

    #[cfg(feature = "s3")]
    fn s3(url: &url::Url) -> Result<Self, FileError> {
        // reqwest's TLS is built with no provider of its own (Cargo.toml): ring's, for the
        // process. An error means one is installed already, which serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let s3 = object_store::aws::AmazonS3Builder::from_env()
            .with_url(url.as_str())
            .build()?;
        let prefix = url.path().trim_matches('/');
        let inner: Arc<dyn ObjectStore> = if prefix.is_empty() {
            Arc::new(s3)
        } else {
            let prefix = ObjectPath::parse(prefix).map_err(object_store::Error::from)?;
            Arc::new(object_store::prefix::PrefixStore::new(s3, prefix))
        };
        Ok(FileStore {
            inner,
            local_dir: None,
        })
    }

    #[cfg(not(feature = "s3"))]
    fn s3(url: &url::Url) -> Result<Self, FileError> {
        Err(FileError::BadUrl {
            url: url.to_string(),
            reason: "this build has no S3 support (build lectern-jobs with the s3 feature)"
                .to_owned(),
        })
    }

    pub async fn put(&self, key: &str, bytes: impl Into<Bytes>) -> Result<(), FileError> {
        let path = object_path(key)?;
        self.inner.put(&path, bytes.into().into()).await?;
        Ok(())
    }

    /// Copies a local file in, streaming: large files go up in parts where the store has them.
    pub async fn put_file(&self, key: &str, source: &Path) -> Result<(), FileError> {
        let path = object_path(key)?;
        let read_err = |e| FileError::Io {
            path: source.display().to_string(),
            source: e,
        };
        let mut file = tokio::fs::File::open(source).await.map_err(read_err)?;
        let mut writer = BufWriter::new(self.inner.clone(), path);
        let copied = async {
            tokio::io::copy(&mut file, &mut writer).await?;
            writer.shutdown().await
        }
        .await;
        if let Err(e) = copied {
            // Abandon the upload so no partial parts linger; the copy's error is what matters.
            let _ = writer.abort().await;
            return Err(read_err(e));
        }
        Ok(())
    }

    pub async fn get(&self, key: &str) -> Result<Bytes, FileError> {
        let path = object_path(key)?;
        match self.inner.get(&path).await {
            Ok(found) => Ok(found.bytes().await?),
            Err(object_store::Error::NotFound { .. }) => Err(FileError::NotFound(key.to_owned())),
            Err(e) => Err(e.into()),
        }
    }

    /// The bytes `range` of a file, without reading the rest: a part of a large file (an entry
    /// of an EPUB read in the browser) costs what the part costs.
    pub async fn get_range(
        &self,
        key: &str,
        range: std::ops::Range<u64>,
    ) -> Result<Bytes, FileError> {
        let path = object_path(key)?;
        match self.inner.get_range(&path, range).await {
            Ok(bytes) => Ok(bytes),
            Err(object_store::Error::NotFound { .. }) => Err(FileError::NotFound(key.to_owned())),
            Err(e) => Err(e.into()),
        }
    }

    /// The size in bytes and the time of last change, or `None` when there is no such file.
    pub async fn head(&self, key: &str) -> Result<Option<(u64, DateTime<Utc>)>, FileError> {
        let path = object_path(key)?;
        match self.inner.head(&path).await {
            Ok(meta) => Ok(Some((meta.size, meta.last_modified))),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Every file under a prefix of whole segments (`titles/abc` lists `titles/abc/...`, not
    /// `titles/abcd/...`; `""` lists everything): (key, size, last change), sorted by key.
    pub async fn list(&self, prefix: &str) -> Result<Vec<(String, u64, DateTime<Utc>)>, FileError> {
        let prefix = if prefix.is_empty() {
            None
        } else {
            Some(object_path(prefix)?)
        };
        let mut found: Vec<_> = self
            .inner
            .list(prefix.as_ref())
            .map_ok(|m| (m.location.to_string(), m.size, m.last_modified))
            .try_collect()
            .await?;
        found.sort();
        Ok(found)
    }

    /// Removes what writes cut short by a killed process left: the local store writes
    /// `NAME#N` and renames it to `NAME`, and a kill between the two leaves the first behind,
    /// unlisted and never read. Only those untouched for `idle` go, so a write under way stays.
    /// S3 keeps no such files; an interrupted multipart upload is the bucket's lifecycle rule's
    /// (`docs/operations.md`). Returns how many were removed.
    pub async fn sweep_unfinished(
        &self,
        prefix: &str,
        idle: std::time::Duration,
    ) -> Result<u64, FileError> {
        let Some(root) = &self.local_dir else {
            return Ok(0);
        };
        let dir = if prefix.is_empty() {
            root.to_path_buf()
        } else {
            root.join(object_path(prefix)?.as_ref())
        };
        let swept = tokio::task::spawn_blocking(move || sweep_dir(&dir, idle)).await;
        swept
            .map_err(|e| FileError::Io {
                path: "the file store".to_owned(),
                source: std::io::Error::other(e),
            })?
            .map_err(|(path, source)| FileError::Io { path, source })
    }

    /// Deletes a file; deleting a missing one is not an error.
    pub async fn delete(&self, key: &str) -> Result<(), FileError> {
        let path = object_path(key)?;
        match self.inner.delete(&path).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

/// The staged files below `dir` (named `NAME#DIGITS`, as object_store's local store names
/// them) not modified for `idle`, removed.
fn sweep_dir(dir: &Path, idle: std::time::Duration) -> Result<u64, (String, std::io::Error)> {
    let failed = |path: &Path| {
        let path = path.display().to_string();
        move |e| (path, e)
    };
    // Directories come and go while this runs (the store removes empty ones): one that is gone
    // has nothing to sweep.
    let gone = |e: &std::io::Error| e.kind() == std::io::ErrorKind::NotFound;
    let entries = match std::fs::read_dir(dir) {
        Err(e) if gone(&e) => return Ok(0),
        read => read.map_err(failed(dir))?,
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry.map_err(failed(dir))?;
        let path = entry.path();
        if entry.file_type().map_err(failed(&path))?.is_dir() {
            removed += sweep_dir(&path, idle)?;
            continue;
        }
        let staged = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.rsplit_once('#'))
            .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !staged {
            continue;
        }
        let untouched = match entry.metadata().and_then(|m| m.modified()) {
            Ok(at) => at.elapsed().unwrap_or_default() >= idle,
            Err(e) if gone(&e) => continue,
            Err(e) => return Err(failed(&path)(e)),
        };
        if untouched {
            match std::fs::remove_file(&path) {
                Ok(()) => removed += 1,
                Err(e) if gone(&e) => {}
                Err(e) => return Err(failed(&path)(e)),
            }
        }
    }
    Ok(removed)
}

/// Checks a key before it reaches the store: object_store would quietly strip a leading or
/// trailing `/`, and a local store must never be led outside its directory.
fn object_path(key: &str) -> Result<ObjectPath, FileError> {
    let refuse = |reason| {
        Err(FileError::BadKey {
            key: key.to_owned(),
            reason,
        })
    };
    if key.is_empty() {
        return refuse("it is empty");
    }
    if key.starts_with('/') {
        return refuse("it must be relative, not start with '/'");
    }
    if key.contains('\\') || key.chars().any(char::is_control) {
        return refuse("it must not contain '\\' or control characters");
    }
    for segment in key.split('/') {
        match segment {
            "" => return refuse("it has an empty segment ('//' or a trailing '/')"),
            "." | ".." => return refuse("it has a '.' or '..' segment"),
            _ => {}
        }
    }
    ObjectPath::parse(key).map_err(|e| FileError::Store(e.into()))
}
