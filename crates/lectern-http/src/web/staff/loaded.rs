//! What the administrators' pages write as `lectern load` would (client keys, sites, popular
//! lists, categories and BISAC codes: document 3 has no endpoint for them): through the fixture
//! loader, with its checks, its refusals shown beside the form's fields.

use lectern_store::fixture::{self, FixtureError, FixtureFile};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::forms::{self, FormErrors};

/// Writes `file` in one transaction; the form's errors when the loader refuses it.
pub async fn written(state: &AppState, file: FixtureFile) -> ApiResult<Result<(), FormErrors>> {
    match fixture::load(&state.store, file).await {
        Ok(_) => Ok(Ok(())),
        Err(FixtureError::Invalid(problems)) => Ok(Err(fixture_errors(&problems))),
        Err(e) => Err(ApiError::internal(e.to_string())),
    }
}

/// The fixture loader's words (`clients[0] (key): name: must not be empty`, `categories[0]:
/// name: …`) as a form's errors, each beside the field it names.
fn fixture_errors(problems: &[String]) -> FormErrors {
    let mut errors = FormErrors::default();
    for p in problems {
        // The entry comes first: `clients[0] (key): ` or `categories[0]: `.
        let rest = match (p.split_once("): "), p.split_once("]: ")) {
            (Some((entry, r)), _) if entry.contains('[') => r,
            (_, Some((_, r))) => r,
            _ => p.as_str(),
        };
        match rest.split_once(": ") {
            Some((field, why)) => {
                let field = field.split('[').next().unwrap_or(field);
                let field = if field == "rateLimitPerMinute" {
                    "rateLimit"
                } else {
                    field
                };
                errors.fields.push((field.to_owned(), forms::sentence(why)));
            }
            None => errors.general.push(rest.to_owned()),
        }
    }
    errors
}
