//! Rules every parameter follows on the wire, written into the document once here rather than on
//! each of the ~500 parameters, so that the document is as strict as the server and no stricter:
//!
//! - A blank value (empty, or only white space) counts as not sent (`Params`). An optional
//!   string may therefore be blank whatever its pattern, and a required one must hold something
//!   besides white space.
//! - A query string or a form cannot carry `null`: a field is left out by not sending it.
//! - No string holds a control character but white space.
//! - `limit` is at least 1 and has no maximum: document 1 caps larger values at 100.
//! - `start` is a page token the list issued (URL-safe base64 without padding), or `null`.
//! - Each unknown token-server parameter is one string (RFC 6749 §3.1 has them ignored).

use lectern_domain::account::{EMAIL_PATTERN, USER_NAME_PATTERN};
use lectern_domain::catalog::title::ContentWarning;
use lectern_domain::web_address::WEB_ADDRESS_HEAD;
use serde_json::{Map, Value, json};

/// A string that holds something besides white space, and no control character.
pub(super) fn not_blank() -> String {
    let blank = &BLANK[1..BLANK.len() - 1];
    format!("^[^{CONTROLS}]*[^{blank}{CONTROLS}][^{CONTROLS}]*$")
}

/// A string of no control character: every door refuses them but white space (tab, line feed,
/// vertical tab, form feed, carriage return: `conventions::params::control_character`).
fn without_controls() -> String {
    format!("^[^{CONTROLS}]*$")
}

/// The control characters no parameter may hold, as the inside of a class.
const CONTROLS: &str = "\\u0000-\\u0008\\u000e-\\u001f\\u007f";

/// The characters Rust's `str::trim` removes (Unicode White_Space), as a regular-expression
/// class that ECMA-262 and Python read alike.
const BLANK: &str =
    "[\\t\\n\\u000b\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

/// A page token, or `null`, which like a blank `start` means the first page.
const PAGE_TOKEN: &str = "^(null|[A-Za-z0-9_-]+)$";

/// What every value of a repeated parameter must be: utoipa's parameter tuples cannot describe
/// an array's items, so it is written here.
fn item_rule(parameter: &str) -> Option<Value> {
    match parameter {
        "includedBisacHeadings" | "excludedBisacHeadings" => {
            Some(json!({"pattern": "^[A-Za-z]{3}$"}))
        }
        "includedBisacCodes" | "excludedBisacCodes" => {
            Some(json!({"pattern": "^[A-Za-z]{3}[0-9]{6}$"}))
        }
        "includedContentWarnings" | "excludedContentWarnings" => {
            Some(json!({"enum": ContentWarning::VALUES}))
        }
        _ => None,
    }
}

/// The pattern a parameter or form field has by its name, wherever it stands: utoipa's
/// attributes take only a literal, and the rule is kept beside the check the server makes.
/// The token server's `username` names an account to sign in to, and any text may.
fn field_pattern(name: &str, token_server: bool) -> Option<&'static str> {
    match name {
        "emailAddress" | "contactEmailAddress" => Some(EMAIL_PATTERN),
        "username" if !token_server => Some(USER_NAME_PATTERN),
        _ => None,
    }
}

/// An organization's website (`lectern_domain::web_address::check_web_address`): white space
/// around it is trimmed; within it, none.
fn web_address() -> String {
    let blank = &BLANK[1..BLANK.len() - 1];
    format!("^{BLANK}*{WEB_ADDRESS_HEAD}[^/?#{blank}{CONTROLS}][^{blank}{CONTROLS}]*{BLANK}*$")
}

/// Tightens `doc` (an OpenAPI 3.1 document as JSON) in place.
pub fn tighten(doc: &mut Value) {
    let components = doc.get("components").cloned().unwrap_or(Value::Null);
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        let token_server = path.starts_with("/oauth/");
        for operation in item.values_mut().filter_map(Value::as_object_mut) {
            tighten_parameters(operation, token_server);
            tighten_form_body(operation, &components, token_server);
        }
    }
}

fn tighten_parameters(operation: &mut Map<String, Value>, token_server: bool) {
    let Some(parameters) = operation
        .get_mut("parameters")
        .and_then(Value::as_array_mut)
    else {
        return;
    };
    for parameter in parameters {
        let required = parameter["required"].as_bool().unwrap_or(false);
        let name = parameter["name"].as_str().unwrap_or_default().to_owned();
        if let Some(schema) = parameter.get_mut("schema").and_then(Value::as_object_mut) {
            if let Some(Value::Object(rule)) = item_rule(&name)
                && let Some(items) = schema.get_mut("items").and_then(Value::as_object_mut)
            {
                items.extend(rule);
            }
            if let Some(pattern) = field_pattern(&name, token_server) {
                schema.insert("pattern".into(), json!(pattern));
            }
            if name == "website" {
                schema.insert("pattern".into(), json!(web_address()));
            }
            if name == "start" {
                schema.insert("pattern".into(), json!(PAGE_TOKEN));
            }
            if name == "limit" {
                // Document 1: larger values are capped at 100, not refused, however large
                // (so no `int32` bound either); below 1 is refused on every list.
                schema.remove("maximum");
                schema.remove("format");
                schema.insert("minimum".into(), json!(1));
            }
            tighten_field(schema, required);
            text_properties(schema);
        }
    }
}

/// The text members of an object a parameter carries (`fields`, a JSON object in the query)
/// hold no control character either; `null` stays what it was, a member left out.
fn text_properties(schema: &mut Map<String, Value>) {
    if !schema.contains_key("properties") {
        return;
    }
    // Members the endpoint does not read are ignored, but are text like the rest.
    if schema.get("additionalProperties") != Some(&Value::Bool(false)) {
        let text = json!({"type": "string", "pattern": without_controls()});
        schema.insert(
            "additionalProperties".into(),
            json!({"anyOf": [
                text,
                {"type": "array", "items": text},
                {"type": ["number", "integer", "boolean", "null"]},
            ]}),
        );
    }
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for property in properties.values_mut().filter_map(Value::as_object_mut) {
        let text = match property.get("type") {
            Some(Value::String(t)) => t == "string",
            Some(Value::Array(types)) => types.iter().any(|t| t == "string"),
            _ => false,
        };
        let free = ["pattern", "enum", "format"]
            .iter()
            .all(|k| !property.contains_key(*k));
        if text && free {
            property.insert("pattern".into(), json!(without_controls()));
        }
    }
}

/// Form bodies (form-encoded and multipart) follow the parameters' rules; the schema is copied
/// into the operation so that a component a response also uses keeps its `null`.
fn tighten_form_body(operation: &mut Map<String, Value>, components: &Value, token_server: bool) {
    let Some(content) = operation
        .get_mut("requestBody")
        .and_then(|b| b.get_mut("content"))
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (media_type, body) in content.iter_mut() {
        if media_type != "application/x-www-form-urlencoded" && media_type != "multipart/form-data"
        {
            continue;
        }
        // A body described only in words (a title's edit takes any of document 3's fields) is
        // still fields of text.
        let schema = body.as_object_mut().map(|b| {
            b.entry("schema")
                .or_insert_with(|| json!({"type": "object"}))
        });
        let Some(schema) = schema else {
            continue;
        };
        let mut inline = resolve(schema, components);
        let Some(object) = inline.as_object_mut() else {
            continue;
        };
        let required: Vec<String> = object
            .get("required")
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        if let Some(properties) = object.get_mut("properties").and_then(Value::as_object_mut) {
            for (name, property) in properties.iter_mut() {
                let mut resolved = resolve(property, components);
                if let Some(field) = resolved.as_object_mut() {
                    if let Some(pattern) = field_pattern(name, token_server) {
                        field.insert("pattern".into(), json!(pattern));
                    }
                    if name == "website" {
                        field.insert("pattern".into(), json!(web_address()));
                    }
                    tighten_field(field, required.contains(name));
                }
                *property = resolved;
            }
        }
        // A field the operation does not read is ignored (document 1; RFC 6749 §3.1 for the
        // token server), but it is text like any other: no control character.
        object.insert(
            "additionalProperties".into(),
            json!({"type": "string", "pattern": without_controls()}),
        );
        *schema = inline;
    }
}

/// A `$ref` into `#/components/schemas`, followed; anything else as it is.
fn resolve(schema: &Value, components: &Value) -> Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix("#/components/schemas/")
            .and_then(|name| components.get("schemas").and_then(|s| s.get(name)))
            .cloned()
            .unwrap_or_else(|| schema.clone()),
        None => schema.clone(),
    }
}

/// One parameter or form field: no `null`, and blank as the server reads it.
fn tighten_field(schema: &mut Map<String, Value>, required: bool) {
    drop_null(schema);
    if let Some(items) = schema.get_mut("items").and_then(Value::as_object_mut) {
        drop_null(items);
        // A blank value counts as not sent, so a required list needs values that are not.
        if is_string(items) {
            blank_rule(items, required);
        }
    }
    if is_string(schema) {
        blank_rule(schema, required);
    } else if !required && is_scalar(schema) {
        // A number or a yes/no may be sent blank as well: the schema says so with a second,
        // blank, form.
        let original = std::mem::take(schema);
        schema.insert(
            "anyOf".into(),
            json!([original, {"type": "string", "pattern": format!("^{BLANK}*$")}]),
        );
    }
}

fn is_scalar(schema: &Map<String, Value>) -> bool {
    matches!(
        schema.get("type").and_then(Value::as_str),
        Some("integer" | "number" | "boolean")
    )
}

fn drop_null(schema: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = schema.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types[0].clone();
            schema.insert("type".into(), only);
        }
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(variants)) = schema.get_mut(key) {
            variants.retain(|v| v.get("type").and_then(Value::as_str) != Some("null"));
            if variants.len() == 1 {
                let only = variants.remove(0);
                schema.remove(key);
                if let Value::Object(fields) = only {
                    schema.extend(fields);
                }
            }
        }
    }
    if let Some(Value::Array(values)) = schema.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
}

fn is_string(schema: &Map<String, Value>) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("string")
}

/// A required string holds something besides white space; an optional one may be blank, which
/// the server reads as not sent, or else must match its pattern.
fn blank_rule(schema: &mut Map<String, Value>, required: bool) {
    if !required && schema.contains_key("enum") {
        let original = std::mem::take(schema);
        schema.insert(
            "anyOf".into(),
            json!([original, {"type": "string", "pattern": format!("^{BLANK}*$")}]),
        );
        return;
    }
    let pattern = schema
        .get("pattern")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let has_values = schema.contains_key("enum") || schema.contains_key("format");
    match (required, pattern) {
        (true, None) if !has_values => {
            schema.insert("pattern".into(), json!(not_blank()));
        }
        (false, None) if !has_values => {
            schema.insert("pattern".into(), json!(without_controls()));
        }
        (false, Some(p)) => {
            let inner = p.strip_prefix('^').unwrap_or(&p);
            let inner = inner.strip_suffix('$').unwrap_or(inner);
            schema.insert("pattern".into(), json!(format!("^(?:{BLANK}*|{inner})$")));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_patterns_admit_blank_and_required_strings_refuse_it() {
        let mut doc = json!({
            "paths": {"/v2/x": {"get": {"parameters": [
                {"name": "format", "in": "query", "required": false,
                 "schema": {"type": ["string", "null"], "pattern": "^(A|B)$"}},
                {"name": "serviceId", "in": "query", "required": true, "schema": {"type": "string"}},
                {"name": "start", "in": "query", "schema": {"type": "string"}},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1}},
            ]}}}
        });
        tighten(&mut doc);
        let parameters = &doc["paths"]["/v2/x"]["get"]["parameters"];
        assert_eq!(parameters[0]["schema"]["type"], "string");
        assert_eq!(
            parameters[0]["schema"]["pattern"],
            format!("^(?:{BLANK}*|(A|B))$")
        );
        assert!(
            parameters[1]["schema"]["pattern"]
                .as_str()
                .unwrap()
                .starts_with("^[^\\u0000-")
        );
        assert_eq!(
            parameters[2]["schema"]["pattern"],
            format!("^(?:{BLANK}*|(null|[A-Za-z0-9_-]+))$")
        );
        assert_eq!(parameters[3]["schema"]["anyOf"][0]["minimum"], 1);
        assert_eq!(parameters[3]["schema"]["anyOf"][1]["type"], "string");
    }

    #[test]
    fn repeated_parameters_get_their_items_rule() {
        let mut doc = json!({
            "paths": {"/v2/titles": {"get": {"parameters": [
                {"name": "excludedBisacHeadings", "in": "query",
                 "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "includedContentWarnings", "in": "query",
                 "schema": {"type": "array", "items": {"type": "string"}}},
            ]}}}
        });
        tighten(&mut doc);
        let parameters = &doc["paths"]["/v2/titles"]["get"]["parameters"];
        assert_eq!(
            parameters[0]["schema"]["items"]["pattern"],
            format!("^(?:{BLANK}*|[A-Za-z]{{3}})$")
        );
        let warnings = &parameters[1]["schema"]["items"]["anyOf"][0]["enum"];
        assert_eq!(warnings, &json!(ContentWarning::VALUES));
    }

    #[test]
    fn form_bodies_are_inlined_without_null() {
        let mut doc = json!({
            "components": {"schemas": {"Save": {"type": "object", "required": ["name"],
                "properties": {"name": {"type": "string"}, "note": {"type": ["string", "null"]}}}}},
            "paths": {"/v2/x": {"post": {"requestBody": {"content": {
                "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Save"}}}}}}}
        });
        tighten(&mut doc);
        let schema = &doc["paths"]["/v2/x"]["post"]["requestBody"]["content"]["application/x-www-form-urlencoded"]
            ["schema"];
        assert_eq!(schema["properties"]["note"]["type"], "string");
        assert!(schema["properties"]["name"]["pattern"].is_string());
        assert_eq!(
            doc["components"]["schemas"]["Save"]["properties"]["note"]["type"],
            json!(["string", "null"])
        );
    }
}
