//! What a request must carry that its parameter struct cannot say: a create shares its struct of
//! optional fields with the change of the same resource, yet requires some of them; a document
//! comes as a file or as a partner drive's file, not both; a sign-up signs the agreement. The lists are the ones the handlers check.

use lectern_domain::account::fields::REQUIRED_ON_CREATE;
use lectern_domain::account::member_fields::MEMBER_REQUIRED_ON_CREATE;
use lectern_domain::organization::{CONTACT_PARAMS, SPONSOR_PARAMS};
use serde_json::{Value, json};

use lectern_operations::organizations::REQUIRED as NEW_ORGANIZATION;

/// The contact's fields a new organization requires (the phone number is optional).
const CONTACT: &[&str] = &[
    CONTACT_PARAMS[0],
    CONTACT_PARAMS[1],
    CONTACT_PARAMS[2],
    CONTACT_PARAMS[3],
];

/// Marks, in `doc` (an OpenAPI 3.1 document as JSON), the parameters each create requires.
pub fn mark_parameters(doc: &mut Value) {
    let creates: [(&str, Vec<&str>); 6] = [
        ("/v2/accounts", REQUIRED_ON_CREATE.to_vec()),
        (
            "/v2/myOrganization/members",
            MEMBER_REQUIRED_ON_CREATE.to_vec(),
        ),
        (
            "/v2/organizations/{organizationId}/members",
            MEMBER_REQUIRED_ON_CREATE.to_vec(),
        ),
        ("/v2/organizations", [NEW_ORGANIZATION, CONTACT].concat()),
        // A sign-up may take its organization's fields from the directory, not its contact's.
        (
            "/v2/myOrganization",
            [CONTACT, &["contactPassword", "agreementSigned"]].concat(),
        ),
        ("/v2/myOrganization/sponsors", SPONSOR_PARAMS.to_vec()),
    ];
    for (path, required) in creates {
        let Some(parameters) = doc["paths"][path]["post"]["parameters"].as_array_mut() else {
            continue;
        };
        for parameter in parameters {
            if parameter["name"]
                .as_str()
                .is_some_and(|name| required.contains(&name))
            {
                parameter["required"] = json!(true);
            }
            // An organization joins by signing the agreement: no other answer is accepted.
            if path == "/v2/myOrganization" && parameter["name"] == "agreementSigned" {
                parameter["schema"] = json!({"type": "boolean", "enum": [true]});
            }
        }
    }
}

/// Marks what form bodies require of their fields together; after `strict::tighten`, which
/// inlines the bodies' schemas.
pub fn mark_bodies(doc: &mut Value) {
    let document = &mut doc["paths"]["/v2/myDocuments"]["post"]["requestBody"]["content"]["multipart/form-data"]
        ["schema"];
    if let Some(schema) = document.as_object_mut() {
        schema.insert(
            "oneOf".into(),
            json!([
                {"required": ["file"]},
                {"required": ["partnerDriveFileId"],
                 "properties": {"partnerDriveFileId": {"pattern": super::strict::not_blank()}}},
            ]),
        );
    }
}
