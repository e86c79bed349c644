//! A reader's document as two doors receive it, the API (`POST /v2/myDocuments`) and the
//! documents page: the multipart form read within its bounds, checked, and the file (sent, or
//! fetched from the member's partner drive) handed to the house to keep
//! (`lectern_operations::documents::add`).

use axum::extract::Multipart;
use axum::extract::multipart::MultipartRejection;
use axum::http::StatusCode;
use lectern_domain::Timestamp;
use lectern_domain::documents::{self, DocumentType, MAX_BYTES};
use lectern_domain::invalid::Why;
use lectern_operations::documents::{self as my_documents, NewDocument as Upload};
use lectern_store::documents::Document;
use utoipa::ToSchema;

use crate::conventions::multipart::field_bytes;
use crate::conventions::params::text_without_controls;
use crate::error::{ApiError, ApiResult};
use crate::partner_drive::MemberToken;
use crate::state::AppState;

/// The multipart form of a new document, as its parts are read (each one at most once; the
/// required ones are checked after, so that each missing one is named).
#[derive(Default, ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct NewDocument {
    /// The document's name (1 to 200 characters)
    #[schema(value_type = String, required = true)]
    pub name: Option<String>,
    /// application/pdf, image/jpeg, image/heif, image/png, or
    /// application/vnd.openxmlformats-officedocument.presentationml.presentation
    #[schema(
        value_type = String,
        required = true,
        pattern = "^(application/pdf|image/jpeg|image/heif|image/png|application/vnd\\.openxmlformats-officedocument\\.presentationml\\.presentation)$"
    )]
    pub mime_type: Option<String>,
    /// The file, at most 20 MB; or else partnerDriveFileId
    #[schema(value_type = Option<String>, format = Binary)]
    pub file: Option<Vec<u8>>,
    /// A file of the reader's partner drive; or else file
    pub partner_drive_file_id: Option<String>,
    /// The type the sender gave the file's part (a browser's guess from the file's name); the
    /// API goes by `mimeType`, the web pages by this.
    #[schema(ignore)]
    pub file_type: Option<String>,
    /// The other text fields sent, which the API ignores (the web pages' form token).
    #[schema(ignore)]
    pub others: Vec<(String, String)>,
}

/// The document a form describes, checked, its file kept and queued for the worker; nothing is
/// kept when it is refused.
pub async fn store_document(
    state: &AppState,
    me: &lectern_domain::account::Account,
    form: NewDocument,
) -> ApiResult<Document> {
    let name = form
        .name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| ApiError::missing_param("name"))?;
    documents::check_name(&name)
        .map_err(|why| ApiError::from(vec![lectern_domain::invalid::Invalid::new("name", why)]))?;
    let kind: DocumentType = form
        .mime_type
        .ok_or_else(|| ApiError::missing_param("mimeType"))?
        .trim()
        .parse()
        .map_err(|why| ApiError::bad_param("mimeType", why))?;
    if let Some(why) = state.settings.converters.unavailable(kind) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "UNPROCESSABLE_ENTITY",
            why,
        ));
    }
    let bytes = match (form.file, form.partner_drive_file_id) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_param(
                "partnerDriveFileId",
                "send a file or a partnerDriveFileId, not both",
            ));
        }
        (None, Some(file_id)) => from_drive(state, me, &file_id).await?,
        (None, None) => return Err(ApiError::missing_param("file")),
        (Some(bytes), None) => bytes,
    };
    if !documents::looks_like(kind, &bytes) {
        return Err(ApiError::bad_param("file", format!("is not a {kind} file")));
    }
    let upload = Upload { name, kind };
    Ok(my_documents::add(state, me, upload, bytes).await?)
}

/// The file from the member's partner drive, with the token they connected it with.
async fn from_drive(
    state: &AppState,
    me: &lectern_domain::account::Account,
    file_id: &str,
) -> ApiResult<Vec<u8>> {
    let param = "partnerDriveFileId";
    let drive = state.settings.partner_drive.as_ref().ok_or_else(|| {
        let why = "this library has no partner drive; upload the file instead";
        ApiError::bad_param(param, Why::of("why-no-partner-drive", why))
    })?;
    let token = match drive
        .member_token(state, &me.user_account_id, Timestamp::now())
        .await?
    {
        MemberToken::Usable(token) => token,
        MemberToken::NotConnected => {
            let why = "you have not connected your partner drive (POST /v2/partnerAccessToken)";
            return Err(ApiError::bad_param(
                param,
                Why::of("why-drive-not-connected", why),
            ));
        }
        MemberToken::Expired => {
            let why = "your partner drive's token expired and cannot be renewed; connect it again";
            return Err(ApiError::bad_param(
                param,
                Why::of("why-drive-token-expired", why),
            ));
        }
    };
    drive
        .fetch_file(&token, file_id, MAX_BYTES, too_large)
        .await
}

/// The form's fields; each at most once.
pub async fn read_form(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<NewDocument> {
    let mut multipart = multipart
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", e.body_text()))?;
    let mut form = NewDocument::default();
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => return Ok(form),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => return Err(ApiError::bad_param("body", e.body_text())),
        };
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            form.file_type = field.content_type().map(str::to_owned);
        }
        let slot_taken = match name.as_str() {
            "file" => form.file.is_some(),
            "name" => form.name.is_some(),
            "mimeType" => form.mime_type.is_some(),
            "partnerDriveFileId" => form.partner_drive_file_id.is_some(),
            _ => false,
        };
        if slot_taken {
            return Err(ApiError::bad_param(&name, "was sent more than once"));
        }
        let bytes = field_bytes(field, &name, too_large).await?;
        if name == "file" && bytes.len() > MAX_BYTES {
            return Err(too_large());
        }
        let text = || {
            let text = String::from_utf8(bytes.to_vec())
                .map_err(|_| ApiError::bad_param(&name, "is not text"))?;
            text_without_controls(&name, &text)?;
            Ok::<_, ApiError>(text)
        };
        match name.as_str() {
            "file" if !bytes.is_empty() => form.file = Some(bytes.to_vec()),
            "name" => form.name = Some(text()?),
            "mimeType" => form.mime_type = Some(text()?),
            "partnerDriveFileId" => {
                form.partner_drive_file_id = Some(text()?).filter(|v| !v.trim().is_empty());
            }
            "file" => {}
            // Others are the sender's own (the web pages' form token); one that is not text
            // is nobody's, and ignored as before.
            _ => {
                if let Ok(value) = text() {
                    form.others.push((name.clone(), value));
                }
            }
        }
    }
}

fn too_large() -> ApiError {
    ApiError::too_large("file", MAX_BYTES as u64)
}
