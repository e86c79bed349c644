//! `GET /v2/titles/{serviceId}/{format}/resources` and `.../resources/{resourceId}`: the files of
//! an artifact (the parts of a DAISY fileset, an audio book's tracks), for readers who stream
//! them rather than download one package. The same rules decide as for the download. An MP3
//! asked for at another `speed` is made once by the worker (202 until then) and shared. A format
//! made from the EPUB master has its files listed once made: DAISY's text at once, the rest by
//! the worker (202 until then), or by a download (synthesized audio plays at other speeds as
//! recorded audio does).

use lectern_domain::invalid::Why;
use std::sync::Arc;

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use lectern_domain::Timestamp;
use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::{PlaybackSpeed, TitleRecord};
use lectern_domain::title_access;
use lectern_jobs::FileError;
use lectern_jobs::derive;
use lectern_operations::made_on_request;
use lectern_store::downloads::PackageKind;
use lectern_store::made_formats::MakingStatus;
use lectern_store::speed_variants::VariantStatus;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::CatalogViewer;
use super::view::segment;
use super::visible_title;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::ListParams;
use crate::downloads::{accepted, accepted_after, available, parse_format, signed_url};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;
use lectern_operations::download_wait;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleFileResource {
    pub resource_id: String,
    /// The file's path within the artifact.
    #[serde(rename = "localURI")]
    pub local_uri: String,
    pub mime_type: String,
    pub size: u64,
    pub last_modified_date: String,
    pub links: Vec<Link>,
}

impl Listed for TitleFileResource {
    const ITEMS: &'static str = "titleFileResources";
    const LIST: &'static str = "TitleFileResources";
}

pub type TitleFileResources = Collection<TitleFileResource>;

struct Found {
    name: String,
    key: String,
    size: u64,
    /// Its last-modified time in milliseconds, which is its version: a file replaced within
    /// the second is another.
    modified_ms: i64,
}

/// The folder a file store key is in.
fn folder_of(key: &str) -> &str {
    key.rsplit_once('/').map_or("", |(folder, _)| folder)
}

/// Where an artifact's files are.
enum Files {
    /// A library's own artifact: the folder of its file, if it has one.
    Own(Option<String>),
    /// A format made from the master: its files by name, with their keys.
    Made(Vec<(String, String)>),
    /// A format made from the master that the worker is making: ask again in this many seconds.
    Making(u64),
}

impl Found {
    fn new(folder: &str, key: String, size: u64, modified_ms: i64) -> Self {
        Found {
            name: key
                .strip_prefix(folder)
                .unwrap_or(&key)
                .trim_start_matches('/')
                .to_owned(),
            key,
            size,
            modified_ms,
        }
    }
}

/// Where the artifact's files are, when the caller may have them.
async fn files_of(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    format: &str,
) -> ApiResult<(Arc<TitleRecord>, Files)> {
    let format = parse_format(format)?;
    let who = CatalogViewer::of(state, caller).await?;
    let record = visible_title(state, &who, service_id).await?;
    let artifact = record
        .offered_artifact(format)
        .filter(|a| a.status == ArtifactStatus::Available)
        .ok_or_else(|| {
            ApiError::bad_param(
                "format",
                format!("title '{service_id}' is not available in {format}"),
            )
        })?;
    let reader = match &who.viewer {
        title_access::Viewer::Guest { .. } => None,
        title_access::Viewer::User(r) => Some(r),
    };
    let alerts =
        title_access::download_alerts(reader, &record.facts(who.in_global(&record.site)), false);
    if !title_access::allows_download(&alerts) {
        return Err(ApiError::forbidden_by_alerts(&alerts));
    }
    if !artifact.derived {
        let folder = artifact
            .file
            .as_deref()
            .map(|file| folder_of(file).to_owned());
        return Ok((record, Files::Own(folder)));
    }
    let master = artifact.file.as_deref().unwrap_or_default();
    let reader = caller.user().map(|u| u.user_account_id.as_str());
    let recipe = derive::recipe_for(&state.store, reader, format)
        .await?
        .ok_or_else(|| ApiError::internal(format!("{format} is offered made but has no recipe")))?;
    let made = derive::made_resources(&state.files, service_id, recipe, master)
        .await
        .map_err(ApiError::internal)?;
    let files = match made {
        Some(made) => Files::Made(made),
        None => not_yet_made(state, (service_id, recipe), master).await?,
    };
    Ok((record, files))
}

/// A made format no download has made yet. DAISY's text is made at once (a novel's takes a
/// tenth of a second); the rest are queued for the worker, in the lane a package of theirs
/// takes, and the caller is told when to ask again. One that could not be made says why.
async fn not_yet_made(
    state: &AppState,
    (service_id, recipe): (&str, derive::Recipe),
    master: &str,
) -> ApiResult<Files> {
    let format = recipe.format();
    let listed = || async {
        derive::made_resources(&state.files, service_id, recipe, master)
            .await
            .map_err(ApiError::internal)
    };
    if recipe == derive::Recipe::DaisyText {
        derive::made_files(&state.files, service_id, recipe, master)
            .await
            .map_err(ApiError::internal)?;
        let made = listed()
            .await?
            .ok_or_else(|| ApiError::internal("DAISY text made but not listed"))?;
        return Ok(Files::Made(made));
    }
    let variant = recipe.variant();
    let asked = (service_id, format.as_str(), variant.as_str());
    let making = made_on_request::made_format(state, asked, master).await?;
    match making.status {
        MakingStatus::Failed => Err(ApiError::conflicting_param(
            "format",
            format!(
                "title '{service_id}' could not be made in {format} from its EPUB: {}",
                making.error.as_deref().unwrap_or("the conversion failed")
            ),
        )),
        // Made between the two looks.
        MakingStatus::Ready => match listed().await? {
            Some(made) => Ok(Files::Made(made)),
            None => Ok(Files::Making(1)),
        },
        MakingStatus::Queued | MakingStatus::Making => Ok(Files::Making(
            download_wait::wait_for_making(state, PackageKind::of(format.as_str())).await?,
        )),
    }
}

/// The 202 of a format being made for its resources.
fn being_made(seconds: u64) -> Response {
    accepted_after(
        "This format is being made from the title's EPUB; its files are listed once it is made. \
         Ask again after Retry-After.",
        seconds,
    )
}

/// The files, listed with their sizes and times, in the order of their names.
async fn found(state: &AppState, files: &Files) -> ApiResult<Vec<Found>> {
    let listed = |folder: String| async move {
        state
            .files
            .list(&folder)
            .await
            .map_err(ApiError::internal)
            .map(|l| (folder, l))
    };
    match files {
        Files::Own(None) | Files::Making(_) => Ok(Vec::new()),
        Files::Own(Some(folder)) => {
            let (folder, list) = listed(folder.clone()).await?;
            Ok(list
                .into_iter()
                .map(|(key, size, modified)| {
                    Found::new(&folder, key, size, modified.timestamp_millis())
                })
                .collect())
        }
        Files::Made(named) => {
            // A made format's files are in two folders at most (its own, the narration's).
            let folders: std::collections::BTreeSet<String> = named
                .iter()
                .map(|(_, key)| folder_of(key).to_owned())
                .collect();
            let mut stored = std::collections::HashMap::new();
            for folder in folders {
                for (key, size, modified) in listed(folder).await?.1 {
                    stored.insert(key, (size, modified.timestamp_millis()));
                }
            }
            Ok(named
                .iter()
                .filter_map(|(name, key)| {
                    let (size, modified_ms) = *stored.get(key)?;
                    Some(Found {
                        name: name.clone(),
                        key: key.clone(),
                        size,
                        modified_ms,
                    })
                })
                .collect())
        }
    }
}

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/{format}/resources", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("format" = String, Path, description = "The artifact's format", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("api_key" = String, Query, description = "The client key"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The artifact's files", body = TitleFileResources),
        (status = 400, description = "No such format for this title, or a bad parameter", body = ErrorBody),
        (status = 403, description = "The caller may not have this title's files; messages give each reason", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
        (status = 202, description = "A format made from the title's EPUB is being made: its files are listed once it is; ask again after Retry-After", body = ErrorBody),
        (status = 409, description = "A format made from the title's EPUB could not be made; messages say why", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_resources(
    State(state): State<AppState>,
    caller: Caller,
    Path((service_id, format)): Path<(String, String)>,
) -> ApiResult<Response> {
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let (record, files) = files_of(&state, &caller, &service_id, &format).await?;
    if let Files::Making(seconds) = files {
        return Ok(being_made(seconds));
    }
    // In the order of their names: a folder's keys are, and a made format's list is sorted.
    let found = found(&state, &files).await?;
    let total_results = found.len() as u64;
    let (rows, next) = page.page_of(found, |f| f.name.clone())?;
    let base = format!("/titles/{}/{format}/resources", segment(&record.service_id));
    let mut resources = Vec::with_capacity(rows.len());
    for f in rows {
        resources.push(resource(&state, &base, f).await?);
    }
    Ok(Json(Collection::page(
        &state,
        &base,
        &caller.params,
        &page,
        (resources, next),
        total_results,
    ))
    .into_response())
}

/// A listed file. Its `download` link is a signed, expiring URL, fetchable as given: the rules
/// were asked for this caller when the list was made, and an app that streams the files need
/// not add its key or token to each. `self` is the resource endpoint, which takes `speed`.
async fn resource(state: &AppState, base: &str, f: Found) -> ApiResult<TitleFileResource> {
    Ok(TitleFileResource {
        links: vec![
            Link::new("download", signed_url(state, &f.key).await?),
            Link::new(
                "self",
                state.v2_url(&format!("{base}/{}", segment(&f.name))),
            ),
        ],
        mime_type: mime_type(&f.name).to_owned(),
        resource_id: f.name.clone(),
        local_uri: f.name,
        size: f.size,
        last_modified_date: Timestamp::from_unix(f.modified_ms.div_euclid(1000)).to_string(),
    })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ResourceParams {
    /// MP3 only: 0.5 to 3.5 in steps of 0.05 (default 1). The server makes the track at that
    /// speed, its pitch kept: 202 until it is ready
    #[param(value_type = Option<f64>, minimum = 0.5, maximum = 3.5, multiple_of = 0.05)]
    speed: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/{format}/resources/{resourceId}", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("format" = String, Path, description = "The artifact's format", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("resourceId" = String, Path, description = "A resourceId from the resources list"),
        ("api_key" = String, Query, description = "The client key"),
        ResourceParams,
    ),
    responses(
        (status = 302, description = "Location (and messages[0]) is a signed URL to the file", body = ErrorBody),
        (status = 400, description = "No such format, or a bad speed, or one this file cannot be played at", body = ErrorBody),
        (status = 403, description = "The caller may not have this title's files", body = ErrorBody),
        (status = 404, description = "No such title or resource for this caller", body = ErrorBody),
        (status = 202, description = "The file is being made at that speed, or its format from the title's EPUB; ask again after Retry-After", body = ErrorBody),
        (status = 409, description = "A format made from the title's EPUB could not be made; messages say why", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn get_resource(
    State(state): State<AppState>,
    caller: Caller,
    Path((service_id, format, resource_id)): Path<(String, String, String)>,
) -> ApiResult<Response> {
    let missing = || {
        ApiError::not_found(
            Why::of(
                "absent-resource",
                format!("There is no resource '{resource_id}'"),
            )
            .with("id", &resource_id),
        )
    };
    let (_, files) = files_of(&state, &caller, &service_id, &format).await?;
    let key = match &files {
        Files::Making(seconds) => return Ok(being_made(*seconds)),
        Files::Own(folder) => format!("{}/{resource_id}", folder.as_deref().ok_or_else(missing)?),
        Files::Made(named) => named
            .iter()
            .find(|(name, _)| *name == resource_id)
            .map(|(_, key)| key.clone())
            .ok_or_else(missing)?,
    };
    let file = match state.files.head(&key).await {
        Ok(Some((size, modified))) => Found {
            name: resource_id.clone(),
            key,
            size,
            modified_ms: modified.timestamp_millis(),
        },
        // A name with `..` or an empty segment names no file of the artifact.
        Ok(None) | Err(FileError::BadKey { .. }) => return Err(missing()),
        Err(e) => return Err(ApiError::internal(e)),
    };
    let p: ResourceParams = caller.params.parse()?;
    match requested_speed(p.speed.as_deref(), &file.name)? {
        Some(speed) if speed != PlaybackSpeed::NORMAL => at_speed(&state, &file, speed).await,
        _ => available(&state, &file.key).await,
    }
}

/// `speed`, for an MP3 only.
fn requested_speed(speed: Option<&str>, name: &str) -> ApiResult<Option<PlaybackSpeed>> {
    let Some(raw) = speed.map(str::trim) else {
        return Ok(None);
    };
    let speed: PlaybackSpeed = raw
        .parse()
        .map_err(|why| ApiError::bad_param("speed", why))?;
    if !name.to_ascii_lowercase().ends_with(".mp3") {
        return Err(ApiError::bad_param(
            "speed",
            "applies to MP3 resources only",
        ));
    }
    Ok(Some(speed))
}

/// The file at `speed`: queued by the first request, made by the worker, then shared.
async fn at_speed(state: &AppState, file: &Found, speed: PlaybackSpeed) -> ApiResult<Response> {
    let source = (file.key.as_str(), file.modified_ms);
    let variant = made_on_request::at_speed(state, source, speed).await?;
    match (variant.status, &variant.object_key) {
        (VariantStatus::Ready, Some(key)) => available(state, key).await,
        (VariantStatus::Failed, _) => Err(ApiError::bad_param(
            "speed",
            format!(
                "'{}' cannot be played at another speed ({}); ask without speed for the file as recorded",
                file.name,
                variant.error.as_deref().unwrap_or("it could not be made")
            ),
        )),
        _ => Ok(accepted(&format!(
            "'{}' is being made at speed {speed}; ask again in a few seconds.",
            file.name
        ))),
    }
}

/// The media types of the DAISY specifications (Z39.86-2005 for DAISY 3, which names the
/// DTBook, NCX, SMIL, package and resource files; DAISY 2.02's NCC is XHTML). Clients find a
/// book's navigation and text by these. A DAISY fileset's `.xml` file is its DTBook.
fn mime_type(name: &str) -> &'static str {
    let lower = name.to_ascii_lowercase();
    let ext = lower.rsplit('.').next().unwrap_or("");
    match ext {
        "epub" => "application/epub+zip",
        "pdf" => "application/pdf",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "mp3" => "audio/mpeg",
        "mp4" | "m4a" => "audio/mp4",
        "wav" => "audio/x-wav",
        "xml" => "application/x-dtbook+xml",
        "ncx" => "application/x-dtbncx+xml",
        "smil" | "smi" => "application/smil",
        "opf" => "application/oebps-package+xml",
        "res" => "application/x-dtbresource+xml",
        "html" | "xhtml" | "htm" => "application/xhtml+xml",
        "css" => "text/css",
        "brf" | "txt" => "text/plain",
        "zip" => "application/zip",
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn daisy_files_have_their_specifications_media_types() {
        for (name, media) in [
            ("book.xml", "application/x-dtbook+xml"),
            ("navigation.NCX", "application/x-dtbncx+xml"),
            ("sections/part 1.smil", "application/smil"),
            ("book.opf", "application/oebps-package+xml"),
            ("track01.mp3", "audio/mpeg"),
            ("ncc.html", "application/xhtml+xml"),
            ("unknown.bin", "application/octet-stream"),
        ] {
            assert_eq!(super::mime_type(name), media, "{name}");
        }
    }
}
