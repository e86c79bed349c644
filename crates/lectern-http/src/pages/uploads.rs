//! Files uploaded through a page's form, written to a temporary directory as they arrive, so
//! that a large upload (many EPUBs, a DAISY book's audio) costs disk, not memory. The form's
//! text fields come back beside them; the directory is removed when the upload is dropped.

use std::path::PathBuf;

use axum::extract::Multipart;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::http::StatusCode;
use tokio::io::AsyncWriteExt;

use crate::conventions::params::{Params, text_without_controls};
use crate::error::{ApiError, ApiResult};

/// One uploaded file, on disk.
pub struct Spooled {
    /// The name the browser gave it.
    pub name: String,
    pub path: PathBuf,
}

/// A form's text fields and files.
pub struct Upload {
    pub fields: Params,
    pub files: Vec<Spooled>,
    /// Removed, with the files, when the upload is dropped.
    _dir: tempfile::TempDir,
}

/// The limits of one form's files, and how a refusal names them.
pub struct Limits {
    /// The name of the form's file input.
    pub field: &'static str,
    /// The largest file taken.
    pub max_file_bytes: u64,
}

impl Limits {
    fn refusal(&self) -> ApiError {
        ApiError::too_large(self.field, self.max_file_bytes)
    }

    fn classify(&self, e: MultipartError, part: &str) -> ApiError {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            self.refusal()
        } else {
            ApiError::bad_param(part, e.body_text())
        }
    }
}

/// Reads the whole form. A file over the limit is refused (413) as soon as it passes it; a
/// file input left empty (a part with no name and no bytes) is no file.
pub async fn read(
    multipart: Result<Multipart, MultipartRejection>,
    limits: &Limits,
) -> ApiResult<Upload> {
    let mut multipart = multipart
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", e.body_text()))?;
    let dir = tempfile::Builder::new()
        .prefix("lectern-upload-")
        .tempdir()
        .map_err(|e| ApiError::internal(format!("making a directory for an upload: {e}")))?;
    let (mut fields, mut files) = (Vec::new(), Vec::new());
    let mut text_bytes = 0;
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return Err(limits.classify(e, "body")),
        };
        let part = field.name().unwrap_or_default().to_owned();
        if part != limits.field {
            if fields.len() == MAX_TEXT_FIELDS {
                return Err(ApiError::bad_param(
                    "body",
                    format!("a form has at most {MAX_TEXT_FIELDS} fields besides its files"),
                ));
            }
            let text = read_text(&mut field, &part, limits).await?;
            text_bytes += text.len();
            if text_bytes > MAX_TEXT_TOTAL {
                return Err(ApiError::bad_param(
                    "body",
                    "a form's fields besides its files are limited to 256 KB together",
                ));
            }
            fields.push((part, text));
            continue;
        }
        let name = field.file_name().unwrap_or_default().to_owned();
        let path = dir.path().join(files.len().to_string());
        let mut out = tokio::fs::File::create(&path).await.map_err(disk)?;
        let mut bytes = 0u64;
        while let Some(chunk) = field.chunk().await.map_err(|e| limits.classify(e, &part))? {
            bytes += chunk.len() as u64;
            if bytes > limits.max_file_bytes {
                return Err(limits.refusal());
            }
            out.write_all(&chunk).await.map_err(disk)?;
        }
        out.flush().await.map_err(disk)?;
        if !(name.is_empty() && bytes == 0) {
            files.push(Spooled { name, path });
        }
    }
    Ok(Upload {
        fields: Params::from_pairs(fields),
        files,
        _dir: dir,
    })
}

/// A form's text fields are short (a name, a date, a comment): one is read up to this, so that a
/// large body sent as a text field is refused rather than held.
const MAX_TEXT_BYTES: usize = 64 * 1024;
/// All of a form's text fields together, and how many there may be: only files go to disk, so
/// what is held in memory is bounded by these (17,066 fields of 60 KB once took a node from
/// 151 MB to 1.2 GB).
const MAX_TEXT_TOTAL: usize = 256 * 1024;
const MAX_TEXT_FIELDS: usize = 200;

async fn read_text(
    field: &mut axum::extract::multipart::Field<'_>,
    part: &str,
    limits: &Limits,
) -> ApiResult<String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| limits.classify(e, part))? {
        if bytes.len() + chunk.len() > MAX_TEXT_BYTES {
            return Err(ApiError::bad_param(part, "is too long for a form's field"));
        }
        bytes.extend_from_slice(&chunk);
    }
    let text =
        String::from_utf8(bytes).map_err(|_| ApiError::bad_param(part, "is not text (UTF-8)"))?;
    text_without_controls(part, &text)?;
    Ok(text)
}

fn disk(e: std::io::Error) -> ApiError {
    ApiError::internal(format!("writing an upload to disk: {e}"))
}
