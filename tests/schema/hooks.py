"""Schemathesis hooks for Lectern's run (see tests/schema/run.sh).

Some schema-valid requests are refused with 400 by rules that no OpenAPI document can state,
because each parameter has a schema of its own and none can see the others or the library's data:

- Document 1's two: a `start` that is not a page token the list issued, and a download of a format
  the title or edition lacks.
- A rule between parameters: one of two but not both, at least one of several, one that needs
  another, a value that must fit another's (a document's file and its mimeType).
- A rule against what the library holds: a roster tag, a sponsor or a subscription type that does
  not exist, a resource that is not MP3.
- A rule against the clock: a date signed or of birth in the future.
- A check digit.

Only those refusals, each with exactly its parameter and its message, are let through; every
other rejection of a schema-valid request still fails the run.
"""
import json

import schemathesis

# The refusals above, as the server words them: (parameter, part of the message).
# (operation, or None for any; parameter, or None for any; part of the message)
_UNSTATABLE = [
    # Document 1.
    (None, "start", "page token"),
    (None, "start", "in another order"),
    (None, "format", "is not available in"),
    # Between parameters.
    (None, "descriptionStartsWith", "cannot be sent with codeStartsWith"),
    (None, "districtName", "a tag names a district, a school (schoolName), or both"),
    (None, "currentPassword", "is required to set a new password"),
    (None, "brailleCellLineWidth", "does not fit"),
    (None, "brailleFormat", "must be sent with a changed brailleCellLineWidth"),
    (None, "dateOfBirth", "is required for individual members"),
    (None, "brailleCellLineWidth", "must be sent with a changed brailleFormat"),
    # The reader's own pair of colours: both given, and readable against each other.
    (None, "readingTextColor", "is needed for the theme 'own'"),
    (None, "readingBackgroundColor", "is needed for the theme 'own'"),
    (None, "readingTextColor", "text needs at least 4.5:1"),
    (None, "partnerDriveFileId", "send a file or a partnerDriveFileId, not both"),
    ("POST /v2/myDocuments", "file", "is not a"),
    # A generated part name that a MIME header cannot carry (a form feed, a quote).
    ("POST /v2/myDocuments", "body", "failed to read headers"),
    # A sign-up names its organization, or takes it from the directory (referenceOrgId).
    ("POST /v2/myOrganization", "organizationName", "is required"),
    ("POST /v2/myOrganization", "country", "is required"),
    ("POST /v2/myOrganization", "organizationType", "is required"),
    # Against the library's data, or the caller's client key.
    (None, "speed", "applies to MP3 resources only"),
    (None, "schoolId", "has no roster tag"),
    (None, "districtId", "has no roster tag"),
    (None, "userIdentifier", "is no sponsor of this organization"),
    (None, "userSubscriptionType", "is not one of"),
    (None, "paymentReference", "only the library's own applications"),
    (None, "site", "only administrators may set site"),
    (None, "site", "there is no site"),
    (None, "subscriptionType", "is not one of"),
    (None, "partnerDriveFileId", "has no partner drive"),
    (None, "referenceOrgId", "there is no reference organization"),
    # Against the clock.
    (None, "dateSigned", "cannot be in the future"),
    (None, "dateOfBirth", "cannot be in the future"),
    # A letter in any script, which no pattern both ECMA-262 and Python read can say.
    (None, None, "password must be 8 to 32 characters with at least one letter and one number"),
    # A check digit.
    (None, "isbn", "with a right check digit"),
]


def _prescribed(operation, message):
    if message.startswith("Send at least one of the parameters: "):
        return True
    for only_in, parameter, fragment in _UNSTATABLE:
        if only_in not in (None, operation):
            continue
        prefix = f"Invalid parameter '{parameter}': " if parameter else "Invalid parameter '"
        if message.startswith(prefix) and fragment in message:
            return True
    return False


def _prescribed_400(operation, response):
    if response.status_code != 400:
        return False
    try:
        messages = json.loads(response.content).get("messages") or []
    except (ValueError, AttributeError):
        return False
    return bool(messages) and all(_prescribed(operation, m) for m in messages)


@schemathesis.hook
def filter_failure(context, failure, case, response):
    operation = f"{case.method.upper()} {case.path}"
    if getattr(failure, "code", None) == "ST202" and _prescribed_400(operation, response):
        return False
    return True
