//! Every operation's `operationId` is its own. utoipa names an operation after its handler, and
//! handlers of different doors share names (`list_members` serves an organization's members and
//! a sponsor's); a tool that follows a link by operationId (schemathesis's stateful phase did)
//! then reaches the wrong operation. A name that more than one operation has is qualified with
//! the operation's method and path; the others keep their handler's name.

use std::collections::HashMap;

use serde_json::Value;

/// Makes `doc`'s operationIds unique, in place.
pub fn make_unique(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    let mut uses: HashMap<String, usize> = HashMap::new();
    for item in paths.values() {
        for operation in item.as_object().into_iter().flat_map(|o| o.values()) {
            if let Some(id) = operation.get("operationId").and_then(Value::as_str) {
                *uses.entry(id.to_owned()).or_default() += 1;
            }
        }
    }
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for (method, operation) in item.iter_mut() {
            let Some(id) = operation.get("operationId").and_then(Value::as_str) else {
                continue;
            };
            if uses.get(id).copied().unwrap_or(0) > 1 {
                let qualified = format!("{id}_{method}{}", slug(path));
                operation["operationId"] = Value::from(qualified);
            }
        }
    }
}

/// A path as an identifier's tail: `/v2/organizations/{organizationId}/members` is
/// `_v2_organizations_organizationId_members`.
fn slug(path: &str) -> String {
    path.chars()
        .filter(|c| !matches!(c, '{' | '}'))
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_shared_name_is_qualified_and_an_own_one_kept() {
        let mut doc = json!({"paths": {
            "/v2/a/{id}/members": {"get": {"operationId": "list_members"}},
            "/v2/b/members": {"get": {"operationId": "list_members"}, "post": {"operationId": "add"}},
        }});
        make_unique(&mut doc);
        assert_eq!(
            doc["paths"]["/v2/a/{id}/members"]["get"]["operationId"],
            "list_members_get_v2_a_id_members"
        );
        assert_eq!(
            doc["paths"]["/v2/b/members"]["get"]["operationId"],
            "list_members_get_v2_b_members"
        );
        assert_eq!(doc["paths"]["/v2/b/members"]["post"]["operationId"], "add");
    }
}
