//! The matrix's rows, in the order they run (a row may use what an earlier one kept, and the
//! deletions come after what they delete was made). The callers' columns:
//!
//! ```text
//! guest member student sponsor collection membership admin volunteer elsewhere farPupil
//! ```
//!
//! `elsewhere` and `farPupil` belong to the second site, which is not global; `farPupil` to its
//! organization, `org-elsewhere`. `u-student` is a pupil of the first site's `org-school`, whose
//! sponsor is `sponsor`.

use super::Row;

fn r(
    operation: &'static str,
    path: &'static str,
    form: &'static [(&'static str, &'static str)],
    expect: &'static str,
) -> Row {
    Row {
        operation,
        path,
        form,
        expect,
        keep: None,
        multipart: false,
    }
}

impl Row {
    fn keeping(mut self, key: &'static str, pointer: &'static str) -> Row {
        self.keep = Some((key, pointer));
        self
    }

    fn multipart(mut self) -> Row {
        self.multipart = true;
        self
    }
}

/// Every row, in order.
pub fn rows() -> Vec<Row> {
    [
        catalog(),
        reader_library(),
        own_account(),
        membership(),
        organizations(),
        collection(),
        token_server(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn catalog() -> Vec<Row> {
    vec![
        r(
            "GET /v2/openapi.json",
            "/v2/openapi.json",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/titles",
            "/v2/titles?keyword=road",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/titles/count",
            "/v2/titles/count",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/titles/{serviceId}",
            "/v2/titles/t-road",
            &[],
            "YYYYYYYYYY",
        ),
        // The second site's title: its own readers and administrators only.
        r(
            "GET /v2/titles/{serviceId}",
            "/v2/titles/t-far",
            &[],
            "NNNNNNYNYY",
        ),
        r(
            "GET /v2/titles/{serviceId}/coverimage",
            "/v2/titles/t-road/coverimage",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/titles/{serviceId}/thumbnail",
            "/v2/titles/t-road/thumbnail",
            &[],
            "YYYYYYYYYY",
        ),
        // Only a member in good standing downloads (docs/access-rules.md).
        r(
            "GET /v2/titles/{serviceId}/{format}",
            "/v2/titles/t-road/EPUB3",
            &[],
            "NYNNNNNNNN",
        ),
        // Those who may see the second site's title reach the format check (its file is not in this catalog).
        r(
            "GET /v2/titles/{serviceId}/{format}",
            "/v2/titles/t-far/EPUB3",
            &[],
            "NNNNNNBNBB",
        ),
        // Reading online is a download of the EPUB 3 for the rules.
        r(
            "GET /v2/titles/{serviceId}/webpub",
            "/v2/titles/t-road/webpub",
            &[],
            "NYNNNNNNNN",
        ),
        r(
            "GET /v2/titles/{serviceId}/{format}/resources",
            "/v2/titles/t-road/DAISY_AUDIO/resources",
            &[],
            "NYNNNNNNNN",
        ),
        r(
            "GET /v2/titles/{serviceId}/{format}/resources/{resourceId}",
            "/v2/titles/t-road/DAISY_AUDIO/resources/track01.mp3",
            &[],
            "NYNNNNNNNN",
        ),
        r("GET /v2/categories", "/v2/categories", &[], "YYYYYYYYYY"),
        r("GET /v2/bisacCodes", "/v2/bisacCodes", &[], "YYYYYYYYYY"),
        r(
            "GET /v2/popularLists",
            "/v2/popularLists",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/popularLists/{popularListId}",
            "/v2/popularLists/new-arrivals",
            &[],
            "YYYYYYYYYY",
        ),
        // Popular lists are the caller's site's, administrators included.
        r(
            "GET /v2/popularLists/{popularListId}",
            "/v2/popularLists/far-favourites",
            &[],
            "NNNNNNNNYY",
        ),
        r("GET /v2/periodicals", "/v2/periodicals", &[], "YYYYYYYYYY"),
        r(
            "GET /v2/periodicals/{seriesId}",
            "/v2/periodicals/weekly",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/periodicals/{seriesId}",
            "/v2/periodicals/far-news",
            &[],
            "NNNNNNYNYY",
        ),
        r(
            "GET /v2/periodicals/{seriesId}/editions",
            "/v2/periodicals/weekly/editions",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/periodicals/{seriesId}/editions/{editionId}",
            "/v2/periodicals/weekly/editions/w1",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /v2/periodicals/{seriesId}/editions/{editionId}/{format}",
            "/v2/periodicals/weekly/editions/w2/EPUB3",
            &[],
            "NYNNNNNNNN",
        ),
        r(
            "GET /files/{folder}/{name}",
            "/files/packages/forged.epub?expires=4102444800&signature=forged",
            &[],
            "NNNNNNNNNN",
        ),
        r(
            "GET /read/{grant}/{path}",
            "/read/4102444800.dGl0bGVzL3Qtcm9hZC9ib29rLmVwdWI.forged/manifest.json",
            &[],
            "NNNNNNNNNN",
        ),
    ]
}

fn reader_library() -> Vec<Row> {
    vec![
        // Each caller's private marks, which no other caller may ever see.
        r(
            "POST /v2/myBookmarks",
            "/v2/myBookmarks",
            &[
                ("serviceId", "t-road"),
                ("location", "epubcfi(/6/2)"),
                ("text", "secret-of-{who}."),
            ],
            "NYYYYYYYYY",
        ),
        r(
            "POST /v2/myHighlights",
            "/v2/myHighlights",
            &[
                ("serviceId", "t-road"),
                ("location", "epubcfi(/6/4)"),
                ("note", "secret-of-{who}."),
            ],
            "NYYYYYYYYY",
        ),
        r(
            "PUT /v2/myHighlights",
            "/v2/myHighlights",
            &[
                ("serviceId", "t-road"),
                ("location", "epubcfi(/6/4)"),
                ("note", "secret-of-{who}. again"),
            ],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myBookmarks",
            "/v2/myBookmarks?serviceId=t-road",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myHighlights",
            "/v2/myHighlights?serviceId=t-road",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "POST /v2/readingEvents",
            "/v2/readingEvents",
            &[
                ("serviceId", "t-road"),
                ("format", "EPUB3"),
                ("location", "epubcfi(/6/8)"),
                ("metric", "1"),
                ("metricType", "page"),
            ],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myReadingPosition/{serviceId}/{format}",
            "/v2/myReadingPosition/t-road/EPUB3",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myRecommendations",
            "/v2/myRecommendations",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "POST /v2/myLists",
            "/v2/myLists",
            &[("name", "List of {who}"), ("access", "private")],
            "NYYYYYYYYY",
        )
        .keeping("list", "/readingListId"),
        r(
            "POST /v2/mylists",
            "/v2/mylists",
            &[("name", "Second list of {who}"), ("access", "private")],
            "NYYYYYYYYY",
        )
        .keeping("list2", "/readingListId"),
        r("GET /v2/myLists", "/v2/myLists", &[], "NYYYYYYYYY"),
        r("GET /v2/mylists", "/v2/mylists", &[], "NYYYYYYYYY"),
        r("GET /v2/lists", "/v2/lists", &[], "NYYYYYYYYY"),
        r(
            "GET /v2/lists/{readingListId}",
            "/v2/lists/{list}",
            &[],
            "NYYYYYYYYY",
        ),
        // A member's private list: the member, and those with rights over the account (docs/decisions.md, Reading lists).
        r(
            "GET /v2/lists/{readingListId}",
            "/v2/lists/{member.list2}",
            &[],
            "NYNNNYYNNN",
        ),
        // A shared list of the first site: read by its site's signed-in callers, changed by those with rights over its owner.
        r(
            "GET /v2/lists/{readingListId}",
            "/v2/lists/rl-awards",
            &[],
            "NYYYYYYYNN",
        ),
        r(
            "PUT /v2/lists/{readingListId}",
            "/v2/lists/{list}",
            &[("description", "Kept by {who}")],
            "NYYYYYYYYY",
        ),
        r(
            "PUT /v2/lists/{readingListId}",
            "/v2/lists/{member.list2}",
            &[("description", "Taken over")],
            "NYNNNYYNNN",
        ),
        r(
            "PUT /v2/lists/{readingListId}",
            "/v2/lists/rl-awards",
            &[("description", "Taken over")],
            "NNNNNYYNNN",
        ),
        r(
            "PUT /v2/myLists/{readingListId}/subscription",
            "/v2/myLists/rl-awards/subscription",
            &[("enabled", "true")],
            "NYYYYYYYNN",
        ),
        r(
            "GET /v2/myLists/{readingListId}/subscription",
            "/v2/myLists/rl-awards/subscription",
            &[],
            "NYYYYYYYNN",
        ),
        r(
            "PUT /v2/mylists/{readingListId}/subscription",
            "/v2/mylists/rl-awards/subscription",
            &[("enabled", "false")],
            "NYYYYYYYNN",
        ),
        r(
            "POST /v2/lists/{readingListId}/titles",
            "/v2/lists/{list}/titles",
            &[("serviceId", "t-road")],
            "NYYYYYYYYY",
        ),
        r(
            "POST /v2/lists/{readingListId}/titles",
            "/v2/lists/{member.list2}/titles",
            &[("serviceId", "t-pride")],
            "NYNNNYYNNN",
        ),
        r(
            "POST /v2/lists/{readingListId}/titles",
            "/v2/lists/rl-awards/titles",
            &[("serviceId", "t-open")],
            "NNNNNYYNNN",
        ),
        r(
            "GET /v2/lists/{readingListId}/titles",
            "/v2/lists/{list}/titles",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/lists/{readingListId}/titles",
            "/v2/lists/{member.list2}/titles",
            &[],
            "NYNNNYYNNN",
        ),
        r(
            "DELETE /v2/lists/{readingListId}/titles/{serviceId}",
            "/v2/lists/{member.list2}/titles/t-pride",
            &[],
            "NYNNNGGNNN",
        ),
        r(
            "DELETE /v2/lists/{readingListId}/titles/{serviceId}",
            "/v2/lists/rl-awards/titles/t-pride",
            &[],
            "NNNNNYGNNN",
        ),
        r(
            "DELETE /v2/lists/{readingListId}/titles/{serviceId}",
            "/v2/lists/{list}/titles/t-road",
            &[],
            "NYYYYYYYYY",
        ),
        // An account's lists, on the assistants' door only.
        r(
            "GET /v2/accounts/{userIdentifier}/lists",
            "/v2/accounts/{me}/lists",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "GET /v2/accounts/{userIdentifier}/lists",
            "/v2/accounts/u-member/lists",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "GET /v2/accounts/{userIdentifier}/lists",
            "/v2/accounts/u-far-pupil/lists",
            &[],
            "NNNNNNYNNN",
        ),
        // Signed-in callers reach the body's check (a form, where a multipart body is asked for).
        r(
            "POST /v2/myDocuments",
            "/v2/myDocuments",
            &[("name", "Notes of {who}"), ("mimeType", "text/plain")],
            "NBBBBBBBBB",
        ),
        // Every signed-in caller uploads a document of their own.
        r(
            "POST /v2/myDocuments",
            "/v2/myDocuments",
            &[
                ("name", "Upload of {who}"),
                ("mimeType", "application/pdf"),
                ("file", "%PDF-1.4 upload of {who}"),
            ],
            "NYYYYYYYYY",
        )
        .multipart()
        .keeping("document", "/serviceId"),
        // A catalog title is nobody's document.
        r(
            "DELETE /v2/myDocuments/{serviceId}",
            "/v2/myDocuments/t-road",
            &[],
            "NNNNNNNNNN",
        ),
        // A document is its owner's alone: only the second site's pupil deletes theirs.
        r(
            "DELETE /v2/myDocuments/{serviceId}",
            "/v2/myDocuments/{farPupil.document}",
            &[],
            "NNNNNNNNNY",
        ),
        // Each deletes their own (the pupil's is gone already).
        r(
            "DELETE /v2/myDocuments/{serviceId}",
            "/v2/myDocuments/{document}",
            &[],
            "NYYYYYYYYG",
        ),
        r(
            "DELETE /v2/myBookmarks",
            "/v2/myBookmarks?serviceId=t-road&location=epubcfi(/6/2)",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "DELETE /v2/myHighlights",
            "/v2/myHighlights?serviceId=t-road&location=epubcfi(/6/4)",
            &[],
            "NYYYYYYYYY",
        ),
    ]
}

fn own_account() -> Vec<Row> {
    vec![
        r("GET /v2/me", "/v2/me", &[], "NYYYYYYYYY"),
        r("GET /v2/myAccount", "/v2/myAccount", &[], "NYYYYYYYYY"),
        r(
            "PUT /v2/myAccount",
            "/v2/myAccount?city=Hull",
            &[],
            "NYYYYYYYYY",
        ),
        // Accounts are made through the library's own applications, not the reading app a guest uses.
        r(
            "POST /v2/myAccount",
            "/v2/myAccount?fields=%7B%7D",
            &[],
            "NNNNNNNNNN",
        ),
        r(
            "POST /v2/myAccount/agreement",
            "/v2/myAccount/agreement?printName=Signed%20by%20{who}",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myAccount/agreement",
            "/v2/myAccount/agreement",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myAccount/subscription",
            "/v2/myAccount/subscription",
            &[],
            "NYNNNNNNNN",
        ),
        r(
            "POST /v2/myAccount/subscription",
            "/v2/myAccount/subscription?userSubscriptionType=complimentary",
            &[],
            "NBBBBBBBBB",
        ),
        r(
            "POST /v2/myAccount/individualProfile",
            "/v2/myAccount/individualProfile",
            &[],
            "NNBNNNNNNB",
        ),
        r(
            "GET /v2/myAccount/studentProfile",
            "/v2/myAccount/studentProfile",
            &[],
            "NYYYYYYYYY",
        ),
        // An organization keeps its pupils' school and grade.
        r(
            "PUT /v2/myAccount/studentProfile",
            "/v2/myAccount/studentProfile?grade=06",
            &[],
            "NYNYYYYYYN",
        ),
        r(
            "POST /v2/myAccount/proofOfDisability",
            "/v2/myAccount/proofOfDisability?organizationName=Clinic&membershipId=M1&proofSource=nls",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "POST /v2/myAccount/proofOfDisabilityRequest",
            "/v2/myAccount/proofOfDisabilityRequest?emailAddress=doctor@example.org",
            &[],
            "NYYYYYYYYY",
        ),
        // The competent authority answers a request by its number (`rec-1`, opened for the
        // member before the rows), through the library's own applications, whoever is signed
        // in: the number is the credential. The first answer is recorded; later ones are 409.
        r(
            "GET /v2/competentAuthority/{recordIdentifier}",
            "/v2/competentAuthority/rec-1",
            &[],
            "NYYYYYYYNN",
        ),
        r(
            "GET /v2/competentAuthority/{recordIdentifier}",
            "/v2/competentAuthority/rec-2",
            &[],
            "NNNNNNNNNN",
        ),
        r(
            "POST /v2/competentAuthority/{recordIdentifier}",
            "/v2/competentAuthority/u-member?recordIdentifier=rec-1&disabilityType=visual",
            &[],
            "NYCCCCCCNN",
        ),
        r(
            "GET /v2/myAccount/history",
            "/v2/myAccount/history",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myAccount/preferences",
            "/v2/myAccount/preferences",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "POST /v2/myAccount/syncKey",
            "/v2/myAccount/syncKey",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "DELETE /v2/myAccount/syncKey",
            "/v2/myAccount/syncKey",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "PUT /v2/myAccount/preferences",
            "/v2/myAccount/preferences?showRecommendations=true",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/myAccount/recommendationProfile",
            "/v2/myAccount/recommendationProfile",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "PUT /v2/myAccount/recommendationProfile",
            "/v2/myAccount/recommendationProfile?readingAge=12",
            &[],
            "NYYYYYYYYY",
        ),
        // The drive turns down a code it did not issue; the second site's reading app may not
        // connect a drive at all (403).
        r(
            "POST /v2/partnerAccessToken",
            "/v2/partnerAccessToken?code=abc&redirectUri=app%3A%2Fdrive",
            &[],
            "NBBBBBBBNN",
        ),
        r(
            "POST /v2/partnerAccessToken",
            "/v2/partnerAccessToken?code=good&redirectUri=app%3A%2Fdrive",
            &[],
            "NYYYYYYYNN",
        ),
        // A document from the caller's own drive: for those who connected one (the others hear
        // that they have not, 400).
        r(
            "POST /v2/myDocuments",
            "/v2/myDocuments",
            &[
                ("name", "From the drive of {who}"),
                ("mimeType", "application/pdf"),
                ("partnerDriveFileId", "drive-notes"),
            ],
            "NYYYYYYYBB",
        )
        .multipart(),
        r(
            "DELETE /v2/partnerAccessToken",
            "/v2/partnerAccessToken",
            &[],
            "NYYYYYYYNN",
        ),
        // Gone: nothing is connected any more.
        r(
            "DELETE /v2/partnerAccessToken",
            "/v2/partnerAccessToken",
            &[],
            "NNNNNNNNNN",
        ),
        // Referrals come through the library's own applications only.
        r(
            "POST /v2/utm",
            "/v2/utm?utm_source=matrix",
            &[],
            "NYYYYYYYNN",
        ),
        r(
            "DELETE /v2/myAccount/studentProfile",
            "/v2/myAccount/studentProfile",
            &[],
            "NYNYYYYYYN",
        ),
    ]
}

fn membership() -> Vec<Row> {
    vec![
        r("GET /v2/subscriptiontypes", "/v2/subscriptiontypes", &[], "YYYYYYYYYY"),
        r("GET /v2/userNames/{userName}", "/v2/userNames/student@example.org", &[], "NNNNNYYNNN"),
        r("POST /v2/accounts", "/v2/accounts?firstName=New&lastName=Reader&emailAddress=new-{who}@example.org&country=GB&dateOfBirth=1990-01-01&role=individual", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts", "/v2/accounts?keyword=stu", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}", "/v2/accounts/u-student", &[], "NNNNNYYNNN"),
        // The second site's pupil: only administrators, whose rights span every site.
        r("GET /v2/accounts/{userIdentifier}", "/v2/accounts/u-far-pupil", &[], "NNNNNNYNNN"),
        r("PUT /v2/accounts/{userIdentifier}", "/v2/accounts/u-student?city=Leeds", &[], "NNNNNYYNNN"),
        r("PUT /v2/accounts/{userIdentifier}", "/v2/accounts/u-far-pupil?city=Far", &[], "NNNNNNYNNN"),
        // Not a caller's account: a new password ends the account's tokens.
        r("PUT /v2/accounts/{userIdentifier}/password", "/v2/accounts/u-both/password?password=new-pass-of-{who}-1", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}/changes", "/v2/accounts/u-student/changes", &[], "NNNNNNYNNN"),
        r("GET /v2/accounts/{userIdentifier}/history", "/v2/accounts/u-student/history", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}/pod", "/v2/accounts/u-student/pod", &[], "NNNNNYYNNN"),
        r("POST /v2/accounts/{userIdentifier}/pod", "/v2/accounts/u-member/pod?disabilityType=learning&proofSource=nls", &[], "NNNNNYYNNN"),
        r("PUT /v2/accounts/{userIdentifier}/pod/{disabilityType}", "/v2/accounts/u-member/pod/learning?proofSource=faxed", &[], "NNNNNYYNNN"),
        r("DELETE /v2/accounts/{userIdentifier}/pod/{disabilityType}", "/v2/accounts/u-far-pupil/pod/learning", &[], "NNNNNNGNNN"),
        r("GET /v2/accounts/{userIdentifier}/agreements", "/v2/accounts/u-member/agreements", &[], "NNNNNYYNNN"),
        r("POST /v2/accounts/{userIdentifier}/agreements", "/v2/accounts/u-student/agreements?agreementType=termsOfUse&dateSigned=2026-01-02&printName=Stu%20Dent", &[], "NNNNNYYNNN").keeping("agreement", "/agreementId"),
        r("POST /v2/accounts/{userIdentifier}/agreements/{id}/expired", "/v2/accounts/u-student/agreements/{agreement}/expired", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}/subscriptions", "/v2/accounts/u-member/subscriptions", &[], "NNNNNYYNNN").keeping("subscription", "/userSubscriptions/0/subscriptionId"),
        r("POST /v2/accounts/{userIdentifier}/subscriptions", "/v2/accounts/u-student/subscriptions?startDate=2026-01-01&userSubscriptionType=complimentary", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}", "/v2/accounts/u-member/subscriptions/{membership.subscription}", &[], "NNNNNYYNNN"),
        r("PUT /v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}", "/v2/accounts/u-member/subscriptions/{membership.subscription}?startDate=2026-01-01&userSubscriptionType=complimentary", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}/preferences", "/v2/accounts/u-student/preferences", &[], "NNNNNYYNNN"),
        r("PUT /v2/accounts/{userIdentifier}/preferences", "/v2/accounts/u-student/preferences?showRecommendations=false", &[], "NNNNNYYNNN"),
        r("GET /v2/accounts/{userIdentifier}/recommendationProfile", "/v2/accounts/u-student/recommendationProfile", &[], "NNNNNYYNNN"),
        r("PUT /v2/accounts/{userIdentifier}/recommendationProfile", "/v2/accounts/u-student/recommendationProfile?readingAge=11", &[], "NNNNNYYNNN"),
        r("DELETE /v2/accounts/{userIdentifier}/pod/{disabilityType}", "/v2/accounts/u-member/pod/learning", &[], "NNNNNYGNNN"),
        r("GET /v2/proofOfDisabilitySubmissions", "/v2/proofOfDisabilitySubmissions", &[], "NNNNNYYNNN"),
        // Decided once: the second to decide finds it decided (404, no longer under review).
        r("POST /v2/proofOfDisabilitySubmissions/{submissionId}", "/v2/proofOfDisabilitySubmissions/u-student-submission?decision=refused&note=Unreadable%20scan", &[], "NNNNNYGNNN"),
    ]
}

fn organizations() -> Vec<Row> {
    vec![
        r(
            "GET /v2/organizationTypes",
            "/v2/organizationTypes",
            &[],
            "NYYYYYYYYY",
        ),
        r(
            "GET /v2/referenceOrganizations",
            "/v2/referenceOrganizations?state=CA",
            &[],
            "NYYYYYYYNN",
        ),
        // An organization's sponsors manage it; its pupils do not.
        r(
            "GET /v2/myOrganization",
            "/v2/myOrganization",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "PUT /v2/myOrganization",
            "/v2/myOrganization?city=York",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "POST /v2/myOrganization",
            "/v2/myOrganization?organizationName=School%20of%20{who}&country=GB&organizationType=school&contactFirstName=A&contactLastName=B&contactTitle=Head&contactEmailAddress=head-{who}@example.org&contactPassword=head-pass-{who}-1&agreementSigned=true",
            &[],
            "NYYYYYYYNN",
        ),
        r(
            "GET /v2/myOrganization/members",
            "/v2/myOrganization/members",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "POST /v2/myOrganization/members",
            "/v2/myOrganization/members?firstName=New&lastName=Pupil&dateOfBirth=2014-02-03&grade=04",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "PUT /v2/myOrganization/members/{userIdentifier}",
            "/v2/myOrganization/members/u-student?grade=06",
            &[],
            "NNNYNNNNNN",
        ),
        // Another organization's pupil, on another site: nobody's through this door.
        r(
            "PUT /v2/myOrganization/members/{userIdentifier}",
            "/v2/myOrganization/members/u-far-pupil?grade=06",
            &[],
            "NNNNNNNNNN",
        ),
        r(
            "GET /v2/myOrganization/members/{userIdentifier}/preferences",
            "/v2/myOrganization/members/u-student/preferences",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "GET /v2/myOrganization/members/{userIdentifier}/preferences",
            "/v2/myOrganization/members/u-far-pupil/preferences",
            &[],
            "NNNNNNNNNN",
        ),
        r(
            "PUT /v2/myOrganization/members/{userIdentifier}/preferences",
            "/v2/myOrganization/members/u-student/preferences?showRecommendations=true",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "GET /v2/myOrganization/sponsors",
            "/v2/myOrganization/sponsors",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "POST /v2/myOrganization/sponsors",
            "/v2/myOrganization/sponsors?firstName=Co&lastName=Sponsor&title=Teacher&phoneNumber=0113%20496%200000&emailAddress=co-{who}@example.org",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "PUT /v2/myOrganization/sponsors/{userIdentifier}",
            "/v2/myOrganization/sponsors/u-sponsor?title=Head",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "GET /v2/myOrganization/rosterTags",
            "/v2/myOrganization/rosterTags",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "POST /v2/myOrganization/rosterTags",
            "/v2/myOrganization/rosterTags?districtName=North",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "GET /v2/myOrganization/titleAvailabilities/{serviceId}",
            "/v2/myOrganization/titleAvailabilities/t-road",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "PUT /v2/myOrganization/primaryContact",
            "/v2/myOrganization/primaryContact?userIdentifier=u-sponsor",
            &[],
            "NNNYNNNNNN",
        ),
        r(
            "GET /v2/myAssignedTitles",
            "/v2/myAssignedTitles",
            &[],
            "NNYNNNNNNY",
        ),
        r(
            "POST /v2/assignedTitles/{userIdentifier}",
            "/v2/assignedTitles/u-student?serviceId=t-road",
            &[],
            "NNNYNYYNNN",
        ),
        r(
            "POST /v2/assignedTitles/{userIdentifier}",
            "/v2/assignedTitles/u-far-pupil?serviceId=t-far",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "GET /v2/assignedTitles/{userIdentifier}",
            "/v2/assignedTitles/u-student",
            &[],
            "NNNYNYYNNN",
        ),
        r(
            "GET /v2/assignedTitles/{userIdentifier}",
            "/v2/assignedTitles/u-far-pupil",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "DELETE /v2/assignedTitles/{userIdentifier}/{serviceId}",
            "/v2/assignedTitles/u-far-pupil/t-far",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "DELETE /v2/assignedTitles/{userIdentifier}/{serviceId}",
            "/v2/assignedTitles/u-student/t-road",
            &[],
            "NNNYNGGNNN",
        ),
        r(
            "POST /v2/organizations",
            "/v2/organizations?organizationName=Org%20of%20{who}&country=GB&organizationType=school&address1=1%20Road&city=Leeds&postalCode=LS1%201AA&contactFirstName=Ann&contactLastName=Head&contactTitle=Head&contactEmailAddress=org-{who}@example.org&contactPhoneNumber=0113%20496%200001&phoneNumber=0113%20496%200002",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "GET /v2/organizations/{organizationId}",
            "/v2/organizations/org-school",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "GET /v2/organizations/{organizationId}",
            "/v2/organizations/org-elsewhere",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "PUT /v2/organizations/{organizationId}",
            "/v2/organizations/org-school?city=Leeds",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "PUT /v2/organizations/{organizationId}",
            "/v2/organizations/org-elsewhere?city=Far",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "GET /v2/organizations/{organizationId}/members",
            "/v2/organizations/org-school/members",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "GET /v2/organizations/{organizationId}/members",
            "/v2/organizations/org-elsewhere/members",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "POST /v2/organizations/{organizationId}/members",
            "/v2/organizations/org-school/members?firstName=Pupil&lastName=Of%20{who}&dateOfBirth=2013-03-04&grade=05",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "PUT /v2/organizations/{organizationId}/primaryContact",
            "/v2/organizations/org-school/primaryContact?userIdentifier=u-sponsor",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "PUT /v2/organizations/{organizationId}/primaryContact",
            "/v2/organizations/org-elsewhere/primaryContact?userIdentifier=u-far-pupil",
            &[],
            "NNNNNNBNNN",
        ),
        r(
            "GET /v2/organizations",
            "/v2/organizations?keyword=hill",
            &[],
            "NNNNNYYNNN",
        ),
        // The member stays where it is; only an organization of its own site takes it.
        r(
            "PUT /v2/accounts/{userIdentifier}/organization",
            "/v2/accounts/u-both/organization?organizationId=org-school&role=member",
            &[],
            "NNNNNYYNNN",
        ),
        r(
            "PUT /v2/accounts/{userIdentifier}/organization",
            "/v2/accounts/u-both/organization?organizationId=org-elsewhere",
            &[],
            "NNNNNNNNNN",
        ),
        // Left once: the second finds it in no organization.
        r(
            "DELETE /v2/accounts/{userIdentifier}/organization",
            "/v2/accounts/u-both/organization",
            &[],
            "NNNNNYGNNN",
        ),
    ]
}

fn collection() -> Vec<Row> {
    vec![
        r("GET /v2/catalog", "/v2/catalog", &[], "NNNNYNYNNN"),
        r(
            "GET /v2/titles/{serviceId}/history",
            "/v2/titles/t-road/history",
            &[],
            "NNNNYNYNNN",
        ),
        r(
            "GET /v2/titles/{serviceId}/history",
            "/v2/titles/t-far/history",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "PUT /v2/titles/{serviceId}",
            "/v2/titles/t-road?subtitle=Edited%20by%20{who}",
            &[],
            "NNNNYNYNNN",
        ),
        r(
            "PUT /v2/titles/{serviceId}",
            "/v2/titles/t-far?subtitle=Edited%20by%20{who}",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "PUT /v2/titles/{serviceId}/artifacts/{format}",
            "/v2/titles/t-road/artifacts/EPUB3?globalBookServiceId=gb-{who}",
            &[],
            "NNNNYNYNNN",
        ),
        r(
            "PUT /v2/periodicals/{seriesId}",
            "/v2/periodicals/weekly?publisher=Hill%20Press%20Two",
            &[],
            "NNNNYNYNNN",
        ),
        r(
            "PUT /v2/periodicals/{seriesId}",
            "/v2/periodicals/far-news?publisher=Far%20Press",
            &[],
            "NNNNNNYNNN",
        ),
        r(
            "PUT /v2/periodicals/{seriesId}/editions/{editionId}",
            "/v2/periodicals/weekly/editions/w1?editionName=Week%20One",
            &[],
            "NNNNYNYNNN",
        ),
        r(
            "DELETE /v2/periodicals/{seriesId}/editions/{editionId}",
            "/v2/periodicals/science/editions/s1",
            &[],
            "NNNNYNYNNN",
        ),
    ]
}

/// The token server answers clients, whatever the bearer of a token: every caller alike.
fn token_server() -> Vec<Row> {
    vec![
        r(
            "GET /oauth/assets/lectern.css",
            "/oauth/assets/lectern.css",
            &[],
            "YYYYYYYYYY",
        ),
        r(
            "GET /oauth/authorize",
            "/oauth/authorize?response_type=code&client_id=trusted-app-key&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
            &[],
            "YYYYYYYYYY",
        ),
        // No sign-in is in progress in this browser: refused.
        r(
            "POST /oauth/authorize",
            "/oauth/authorize",
            &[
                ("csrf", "forged"),
                ("username", "member@example.org"),
                ("password", "member-pass-1"),
            ],
            "NNNNNNNNNN",
        ),
        r("GET /oauth/consent", "/oauth/consent", &[], "NNNNNNNNNN"),
        r(
            "POST /oauth/consent",
            "/oauth/consent",
            &[("csrf", "forged"), ("decision", "allow")],
            "NNNNNNNNNN",
        ),
        r(
            "POST /oauth/token",
            "/oauth/token",
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", "not-a-token"),
                ("client_id", "trusted-app-key"),
            ],
            "BBBBBBBBBB",
        ),
        r(
            "POST /oauth/revocations",
            "/oauth/revocations",
            &[("token", "not-a-token"), ("client_id", "trusted-app-key")],
            "YYYYYYYYYY",
        ),
    ]
}
