//! The longest text each write of an account, an organization or a sponsor takes, stated from
//! the domain's tables that the writes check (utoipa's attributes take only literals).

use lectern_domain::account::USER_NAME_MAX;
use lectern_domain::account::fields::TEXT_LIMITS;
use lectern_domain::organization::{
    CONTACT_PARAMS, SPONSOR_PARAMS, SPONSOR_TEXT_LIMITS, SponsorParams, TEXT_LIMITS as ORGANIZATION,
};
use serde_json::{Value, json};

/// An account's fields, with its e-mail address, which is also its user name.
fn account() -> Vec<(&'static str, usize)> {
    [TEXT_LIMITS.as_slice(), &[("emailAddress", USER_NAME_MAX)]].concat()
}

fn sponsor(names: SponsorParams) -> Vec<(&'static str, usize)> {
    names.into_iter().zip(SPONSOR_TEXT_LIMITS).collect()
}

/// The writes, by path, and the limits of their fields.
fn writes() -> [(&'static str, Vec<(&'static str, usize)>); 8] {
    let organization = [ORGANIZATION.to_vec(), sponsor(CONTACT_PARAMS)].concat();
    [
        ("/v2/accounts", account()),
        ("/v2/accounts/{userIdentifier}", account()),
        ("/v2/myAccount", account()),
        ("/v2/organizations", organization.clone()),
        ("/v2/organizations/{organizationId}", organization.clone()),
        ("/v2/myOrganization", organization),
        ("/v2/myOrganization/sponsors", sponsor(SPONSOR_PARAMS)),
        (
            "/v2/myOrganization/sponsors/{userIdentifier}",
            sponsor(SPONSOR_PARAMS),
        ),
    ]
}

/// Marks, in `doc` (an OpenAPI 3.1 document as JSON, its form bodies inlined by
/// `strict::tighten`), the longest text of each field these writes take.
pub fn mark(doc: &mut Value) {
    for (path, limits) in writes() {
        for method in ["post", "put"] {
            let Some(operation) = doc["paths"][path].get_mut(method) else {
                continue;
            };
            for (name, schema) in fields(operation) {
                if let Some((_, max)) = limits.iter().find(|(n, _)| *n == name) {
                    schema["maxLength"] = json!(max);
                }
            }
        }
    }
}

/// Each parameter's and form field's name and schema.
fn fields(operation: &mut Value) -> Vec<(String, &mut Value)> {
    let mut found = Vec::new();
    let Some(operation) = operation.as_object_mut() else {
        return found;
    };
    for (key, value) in operation.iter_mut() {
        match key.as_str() {
            "parameters" => {
                for parameter in value.as_array_mut().into_iter().flatten() {
                    let name = parameter["name"].as_str().unwrap_or_default().to_owned();
                    if let Some(schema) = parameter.get_mut("schema") {
                        found.push((name, schema));
                    }
                }
            }
            "requestBody" => {
                let bodies = value.get_mut("content").and_then(Value::as_object_mut);
                for body in bodies.into_iter().flat_map(|c| c.values_mut()) {
                    if let Some(properties) = body
                        .get_mut("schema")
                        .and_then(|s| s.get_mut("properties"))
                        .and_then(Value::as_object_mut)
                    {
                        found.extend(properties.iter_mut().map(|(n, s)| (n.clone(), s)));
                    }
                }
            }
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_writes_fields_get_the_limits_its_rules_check() {
        let mut doc = json!({"paths": {
            "/v2/myOrganization": {"post": {
                "parameters": [
                    {"name": "postalCode", "schema": {"type": "string"}},
                    {"name": "contactPhoneNumber", "schema": {"type": "string"}},
                    {"name": "country", "schema": {"type": "string"}},
                ],
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {
                    "properties": {"website": {"type": "string"}}
                }}}},
            }},
            "/v2/titles": {"get": {"parameters": [
                {"name": "postalCode", "schema": {"type": "string"}},
            ]}},
        }});
        mark(&mut doc);
        let operation = &doc["paths"]["/v2/myOrganization"]["post"];
        assert_eq!(operation["parameters"][0]["schema"]["maxLength"], 20);
        assert_eq!(operation["parameters"][1]["schema"]["maxLength"], 40);
        assert!(
            operation["parameters"][2]["schema"]
                .get("maxLength")
                .is_none()
        );
        let body = &operation["requestBody"]["content"]["application/x-www-form-urlencoded"];
        assert_eq!(body["schema"]["properties"]["website"]["maxLength"], 300);
        let elsewhere = &doc["paths"]["/v2/titles"]["get"]["parameters"][0]["schema"];
        assert!(elsewhere.get("maxLength").is_none());
    }
}
