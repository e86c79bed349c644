//! The web pages (`/{site}/`) through HTTP, as a browser without JavaScript uses them: a cookie
//! jar, forms posted with the token the page gave, redirects followed by hand. What a browser
//! and a screen reader make of the pages is `tests/a11y/run.mjs`'s part.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use crate::support::*;

mod documents;
mod download_visits;
mod languages;
mod reading;
mod recording;
mod sponsors;
mod staff;
mod staff_admin;
mod staff_collection;
mod staff_files;
mod staff_organizations;
mod staff_periodicals;
mod staff_records;

on_both_stores!(
    a_guest_browses_searches_and_opens_titles,
    search_facets_sorts_and_pages_both_ways,
    a_reader_signs_in_downloads_a_title_and_signs_out,
    the_sign_in_form_names_what_is_wrong_and_writes_nothing,
    forms_without_the_page_token_are_refused,
    refusals_are_pages_in_the_api_s_words,
    an_expired_session_is_refreshed_on_the_server,
    a_reader_keeps_reading_lists,
    reading_list_forms_name_what_is_wrong_and_guard_others_lists,
    a_reader_sees_where_they_stand_and_sets_preferences,
    a_braille_download_fits_the_reader_s_display,
    a_reader_changes_their_password_and_stays_signed_in,
    a_reader_signs_the_agreement_and_makes_a_sync_key,
    my_books_show_assignments_downloads_places_and_marks,
);

/// A browser: its own cookies, no redirects followed.
struct Browser<'a> {
    app: &'a TestApp,
    http: reqwest::Client,
}

impl<'a> Browser<'a> {
    fn new(app: &'a TestApp) -> Self {
        Self::with_headers(app, reqwest::header::HeaderMap::new())
    }

    /// A browser whose every request asks for the language `accept_language`.
    fn speaking(app: &'a TestApp, accept_language: &str) -> Self {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            accept_language.parse().unwrap(),
        );
        Self::with_headers(app, headers)
    }

    fn with_headers(app: &'a TestApp, headers: reqwest::header::HeaderMap) -> Self {
        Browser {
            app,
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .cookie_store(true)
                .default_headers(headers)
                .build()
                .unwrap(),
        }
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(self.app.url(path)).send().await.unwrap()
    }

    /// A page that must answer `status`, as HTML; its body.
    async fn page(&self, path: &str, status: StatusCode) -> String {
        let resp = self.get(path).await;
        assert_eq!(resp.status(), status, "{path}");
        assert_page_headers(&resp, path);
        resp.text().await.unwrap()
    }

    async fn post(&self, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.http
            .post(self.app.url(path))
            .form(form)
            .send()
            .await
            .unwrap()
    }

    /// Posts a form with the token of the page it is on (`from`).
    async fn submit(&self, from: &str, action: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let page = self.page(from, StatusCode::OK).await;
        let csrf = hidden(&page, "csrf").expect("the page's form token");
        let mut form = vec![("csrf", csrf.as_str())];
        form.extend_from_slice(fields);
        self.post(action, &form).await
    }

    /// Posts a multipart form with the token of the page it is on (`from`): its text fields,
    /// and its files as `(input, file name, bytes)`.
    async fn upload(
        &self,
        from: &str,
        action: &str,
        fields: &[(&str, &str)],
        files: &[(&str, &str, Vec<u8>)],
    ) -> reqwest::Response {
        let parts = files
            .iter()
            .map(|(input, name, bytes)| {
                let part =
                    reqwest::multipart::Part::bytes(bytes.clone()).file_name(name.to_string());
                (input.to_string(), part)
            })
            .collect();
        self.multipart(from, action, fields, parts).await
    }

    /// Posts a multipart form with the token of the page it is on (`from`), then `fields`, then
    /// the parts.
    async fn multipart(
        &self,
        from: &str,
        action: &str,
        fields: &[(&str, &str)],
        parts: Vec<(String, reqwest::multipart::Part)>,
    ) -> reqwest::Response {
        let page = self.page(from, StatusCode::OK).await;
        let csrf = hidden(&page, "csrf").expect("the form's token");
        let mut form = reqwest::multipart::Form::new().text("csrf", csrf);
        for (name, value) in fields {
            form = form.text(name.to_string(), value.to_string());
        }
        for (input, part) in parts {
            form = form.part(input, part);
        }
        self.http
            .post(self.app.url(action))
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    async fn sign_in(&self, user: &str, password: &str) {
        let resp = self
            .submit(
                "/main/sign-in",
                "/main/sign-in",
                &[("username", user), ("password", password)],
            )
            .await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    }
}

/// The reader's preferences as the API gives them to the pages' own client.
async fn my_preferences(app: &TestApp, token: &str) -> serde_json::Value {
    let (status, prefs) = json(
        app.get("/v2/myAccount/preferences?api_key=web-main")
            .bearer_auth(token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{prefs}");
    prefs
}

fn assert_page_headers(resp: &reqwest::Response, path: &str) {
    let h = resp.headers();
    assert_eq!(
        h["content-type"], "text/html; charset=utf-8",
        "{path} is a page"
    );
    assert_eq!(h["x-frame-options"], "DENY", "{path}");
    assert_eq!(h["cache-control"], "no-store", "{path}");
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
    assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
}

/// The value of the first hidden input of that name.
fn hidden(page: &str, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let at = page.find(&marker)? + marker.len();
    Some(page[at..at + page[at..].find('"')?].to_owned())
}

/// The `href` of the first link whose text is `text`.
fn link(page: &str, text: &str) -> Option<String> {
    let end = page.find(&format!(">{text}</a>"))?;
    let start = page[..end].rfind("href=\"")? + 6;
    let href = &page[start..start + page[start..].find('"')?];
    Some(href.replace("&#38;", "&").replace("&amp;", "&"))
}

fn location(resp: &reqwest::Response) -> String {
    resp.headers()["location"].to_str().unwrap().to_owned()
}

fn set_cookies(resp: &reqwest::Response) -> Vec<String> {
    resp.headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect()
}

async fn a_guest_browses_searches_and_opens_titles(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    let root = b.get("/").await;
    assert_eq!(root.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&root), "/main/");
    let bare = b.get("/main").await;
    assert_eq!(location(&bare), "/main/");

    let home = b.page("/main/", StatusCode::OK).await;
    assert!(home.contains("<h2 id=\"new-heading\">New arrivals</h2>"));
    assert!(home.contains("role=\"search\""));
    assert!(home.contains("href=\"#main\""), "a skip link");
    assert!(home.contains("Pride"), "a new arrival: {home}");
    assert!(
        !home.contains("Far Away"),
        "another site's title is not listed"
    );

    // A public-domain title: a guest may download it; its accessibility in the guide's words.
    let pride = b.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(pride.contains("<legend>Choose a format</legend>"));
    assert!(pride.contains("value=\"EPUB3\""));
    // Word, made from the EPUB when asked; the library's own braille is not "made".
    assert!(
        pride.contains("Word (DOCX) <span class=\"hint\">(made from the EPUB when you ask)</span>")
    );
    assert!(pride.contains("BRF (Braille Ready Format)</label>"));
    assert!(pride.contains("All content can be read as read aloud speech or dynamic braille"));
    assert!(pride.contains("The publication contains no hazards"));
    assert!(pride.contains("alt=\"Cover of "));
    let cover = b.get("/main/titles/t-pride/cover.png").await;
    assert_eq!(cover.status(), StatusCode::OK);
    assert_eq!(cover.headers()["content-type"], "image/png");

    // A copyrighted title: no form for a guest, and why, in the access rules' words.
    let road = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(!road.contains("<legend>Choose a format</legend>"));
    assert!(road.contains("Sign in to download this title"), "{road}");
    assert!(!road.contains("SIGN_IN_REQUIRED"), "codes are left out");

    // Titles the visitor may not see are absent, as in the API.
    for hidden in ["t-far", "t-unfinished", "no-such-title"] {
        let page = b
            .page(&format!("/main/titles/{hidden}"), StatusCode::NOT_FOUND)
            .await;
        assert!(page.contains("<h1>Page not found</h1>"), "{hidden}");
    }
    let lost = b.page("/nowhere/", StatusCode::NOT_FOUND).await;
    assert!(lost.contains("There is no library"), "{lost}");
}

async fn search_facets_sorts_and_pages_both_ways(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    let found = b.page("/main/search?keyword=pride", StatusCode::OK).await;
    assert!(found.contains("<p class=\"count\" role=\"status\">1 title found</p>"));
    assert!(
        found.contains("value=\"pride\""),
        "the words stay in the box"
    );
    assert!(found.contains("<title>Search results for"));

    let spanish = b.page("/main/search?language=spa", StatusCode::OK).await;
    assert!(spanish.contains("1 title found"), "{spanish}");
    assert!(spanish.contains("/main/titles/t-casa"));
    assert!(
        spanish.contains("aria-current=\"true\""),
        "the chosen facet"
    );

    let teen = b.page("/main/search?readingAge=13", StatusCode::OK).await;
    assert!(teen.contains("/main/titles/t-algebra"), "{teen}");
    assert!(teen.contains("1 title found"));

    let calm = b.page("/main/search?freeOf=flashing", StatusCode::OK).await;
    assert!(calm.contains("/main/titles/t-pride"));
    assert!(!calm.contains("/main/titles/t-open"), "no hazard metadata");

    let screen_reader = b
        .page("/main/search?accessModeSufficient=textual", StatusCode::OK)
        .await;
    assert!(screen_reader.contains("/main/titles/t-pride"));

    // Every filter of the API's title search narrows the page too, and its facet links keep it.
    let austen = b
        .page("/main/search?author=Jane+Austen", StatusCode::OK)
        .await;
    assert!(austen.contains("/main/titles/t-pride"), "{austen}");
    assert!(!austen.contains("/main/titles/t-casa"), "{austen}");
    assert!(
        austen.contains("format=BRF&#38;author=Jane+Austen"),
        "a facet link keeps the author: {austen}"
    );
    let language = b
        .page("/main/search?language=Spanish", StatusCode::BAD_REQUEST)
        .await;
    assert!(language.contains("language"), "{language}");

    let bad = b
        .page("/main/search?readingAge=old", StatusCode::BAD_REQUEST)
        .await;
    assert!(bad.contains("readingAge"), "{bad}");
    let bad_sort = b
        .page("/main/search?sort=colour", StatusCode::BAD_REQUEST)
        .await;
    assert!(bad_sort.contains("sort"));

    // Two at a time, by title: forward to the end, then back to the start.
    let mut path = "/main/search?sort=title&limit=2".to_owned();
    let mut forward = Vec::new();
    loop {
        let page = b.page(&path, StatusCode::OK).await;
        forward.push(titles_listed(&page));
        match link(&page, "Next page") {
            Some(next) => path = next,
            None => break,
        }
    }
    assert!(forward.len() >= 4, "{forward:?}");
    let mut backward = Vec::new();
    loop {
        let page = b.page(&path, StatusCode::OK).await;
        backward.push(titles_listed(&page));
        match link(&page, "Previous page") {
            Some(previous) => path = previous,
            None => break,
        }
    }
    backward.reverse();
    assert_eq!(forward, backward);
    let all: Vec<_> = forward.concat();
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(all.len(), sorted.len(), "no title twice");
}

/// The service ids a results page lists, in order.
fn titles_listed(page: &str) -> Vec<String> {
    let list = &page[page.find("<ul class=\"titles\">").unwrap_or(0)..];
    let list = &list[..list.find("</ul>").unwrap_or(list.len())];
    list.split("href=\"/main/titles/")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].to_owned())
        .collect()
}

async fn a_reader_signs_in_downloads_a_title_and_signs_out(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    let form = b
        .page("/main/sign-in?next=/main/titles/t-road", StatusCode::OK)
        .await;
    let csrf = hidden(&form, "csrf").unwrap();
    let resp = b
        .post(
            "/main/sign-in",
            &[
                ("csrf", &csrf),
                ("username", "member@example.org"),
                ("password", "member-pass-1"),
                ("next", "/main/titles/t-road"),
            ],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&resp), "/main/titles/t-road");
    let cookies = set_cookies(&resp);
    let session = cookies
        .iter()
        .find(|c| c.starts_with("lectern_session="))
        .expect("a session cookie");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/main"] {
        assert!(session.contains(part), "{session}");
    }
    assert!(!session.contains("Secure"), "served over plain HTTP here");
    assert!(
        cookies.iter().any(|c| c.starts_with("lectern_csrf=")),
        "a new form token with the sign-in"
    );

    let road = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(road.contains("Signed in as"), "{road}");
    assert!(road.contains("<legend>Choose a format</legend>"));
    let resp = b
        .submit(
            "/main/titles/t-road",
            "/main/titles/t-road/download",
            &[("format", "EPUB3")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let status_page = location(&resp);
    assert_eq!(status_page, "/main/titles/t-road/download/EPUB3");

    // The package is made by the worker; the page says how it is coming along.
    let mut file = None;
    let mut wait = Patience::new("the package to be ready");
    while file.is_none() {
        let page = b.page(&status_page, StatusCode::OK).await;
        assert!(
            !page.contains("http-equiv=\"refresh\""),
            "never a timed refresh"
        );
        assert!(page.contains("id=\"package-status\" role=\"status\""));
        if let Some(href) = link(&page, "Download the EPUB 3 file") {
            file = Some(href);
            break;
        }
        assert!(page.contains("is being prepared"));
        assert!(page.contains(">Check again</button>"));
        wait.a_little().await;
    }
    let file = file.expect("ready");
    let epub = b.http.get(&file).send().await.unwrap();
    assert_eq!(epub.status(), StatusCode::OK);
    assert!(epub.bytes().await.unwrap().starts_with(b"PK"), "an EPUB");
    let answer = b
        .http
        .get(app.url(&status_page))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap();
    let answer: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(answer["status"], "ready");

    // The download counts as the API's does: the reader's history has it.
    let token = session
        .trim_start_matches("lectern_session=")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let history = app
        .get("/v2/myAccount/history?api_key=web-main")
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let (status, body) = json(history).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["downloads"][0]["serviceId"], "t-road", "{body}");

    let out = b.submit("/main/", "/main/sign-out", &[]).await;
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&out), "/main/signed-out");
    assert!(
        set_cookies(&out)
            .iter()
            .any(|c| c.starts_with("lectern_session=;") && c.contains("Max-Age=0"))
    );
    let bye = b.page("/main/signed-out", StatusCode::OK).await;
    assert!(bye.contains("You have signed out"));
    assert!(!bye.contains("Signed in as"));
    // The sign-in's token is revoked, not only forgotten by the browser.
    let after = app
        .get("/v2/myAccount?api_key=web-main")
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
}

async fn the_sign_in_form_names_what_is_wrong_and_writes_nothing(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    let empty = b.submit("/main/sign-in", "/main/sign-in", &[]).await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    assert!(
        set_cookies(&empty)
            .iter()
            .all(|c| !c.starts_with("lectern_session="))
    );
    let page = empty.text().await.unwrap();
    assert!(page.contains("<title>Error: Sign in"));
    assert!(page.contains("role=\"alert\""));
    assert!(page.contains("Enter your user name or email address"));
    assert!(page.contains("Enter your password"));
    assert!(page.contains("aria-describedby=\"username-error\""));

    let wrong = b
        .submit(
            "/main/sign-in",
            "/main/sign-in",
            &[("username", "member@example.org"), ("password", "nope")],
        )
        .await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
    let page = wrong.text().await.unwrap();
    assert!(page.contains("The user name or password is not right"));
    assert!(
        page.contains("value=\"member@example.org\""),
        "the name stays"
    );

    let locked = b
        .submit(
            "/main/sign-in",
            "/main/sign-in",
            &[
                ("username", "locked@example.org"),
                ("password", "locked-pass-1"),
            ],
        )
        .await;
    assert!(
        locked
            .text()
            .await
            .unwrap()
            .contains("This account is locked")
    );

    // Somewhere else to go after signing in is ignored: only this site's pages.
    for next in [
        "https://evil.example/",
        "//evil.example/",
        "/other/",
        "/main//evil",
    ] {
        let resp = b
            .submit(
                &format!("/main/sign-in?next={}", urlencode(next)),
                "/main/sign-in",
                &[
                    ("username", "member@example.org"),
                    ("password", "member-pass-1"),
                    ("next", next),
                ],
            )
            .await;
        assert_eq!(location(&resp), "/main/", "{next}");
        b.submit("/main/", "/main/sign-out", &[]).await;
    }
}

fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

async fn forms_without_the_page_token_are_refused(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.page("/main/", StatusCode::OK).await;
    let forged = b
        .post(
            "/main/sign-in",
            &[
                ("csrf", "forged"),
                ("username", "member@example.org"),
                ("password", "member-pass-1"),
            ],
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert!(
        set_cookies(&forged)
            .iter()
            .all(|c| !c.starts_with("lectern_session="))
    );
    b.sign_in("member@example.org", "member-pass-1").await;
    // Another site's page cannot read our token, so its forms come without it.
    let other = reqwest::Client::new();
    for (action, form) in [
        ("/main/sign-out", vec![]),
        ("/main/titles/t-road/download", vec![("format", "EPUB3")]),
    ] {
        let mut with = form.clone();
        with.push(("csrf", ""));
        let resp = b.post(action, &with).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{action}");
        let resp = other
            .post(app.url(action))
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{action}");
    }
    // Nor can it plant a form-token cookie of its choosing and send the same value: the token
    // is made from the cookie and the sign-in by the server, so a planted one is worth nothing,
    // on the victim's session or on the sign-in form (login CSRF).
    let victim = Browser::new(&app);
    let form = victim.page("/main/sign-in", StatusCode::OK).await;
    let signed_in = victim
        .post(
            "/main/sign-in",
            &[
                ("csrf", hidden(&form, "csrf").unwrap().as_str()),
                ("username", "member@example.org"),
                ("password", "member-pass-1"),
            ],
        )
        .await;
    let victim_session = set_cookies(&signed_in)
        .into_iter()
        .find(|c| c.starts_with("lectern_session="))
        .expect("a session")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let planted = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for (action, form, cookie) in [
        (
            "/main/sign-in",
            vec![
                ("username", "member@example.org"),
                ("password", "member-pass-1"),
            ],
            "lectern_csrf=x".to_owned(),
        ),
        (
            "/main/sign-out",
            vec![],
            format!("lectern_csrf=x; {victim_session}"),
        ),
    ] {
        let mut with = form.clone();
        with.push(("csrf", "x"));
        let resp = planted
            .post(app.url(action))
            .header("cookie", cookie)
            .form(&with)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{action}");
    }
    let victim_still = victim.page("/main/", StatusCode::OK).await;
    assert!(
        victim_still.contains("Signed in as"),
        "the planted sign-out did nothing"
    );
    let still = b.page("/main/", StatusCode::OK).await;
    assert!(
        still.contains("Signed in as"),
        "the forged sign-out did nothing"
    );
    let downloads = lectern_store::downloads::in_progress(
        app.store.reads(),
        "u-member",
        lectern_store::downloads::PackageKind::Other,
    )
    .await
    .unwrap();
    assert_eq!(downloads, 0, "the forged download queued nothing");
}

async fn refusals_are_pages_in_the_api_s_words(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.page("/main/", StatusCode::OK).await;
    // A guest asking for a copyrighted title: refused with the rule's words.
    let resp = b
        .submit(
            "/main/titles/t-pride",
            "/main/titles/t-road/download",
            &[("format", "EPUB3")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let page = resp.text().await.unwrap();
    assert!(page.contains("<h1>You cannot do this</h1>"));
    assert!(page.contains("Sign in to download this title"));
    // A format the title does not have, named.
    let resp = b
        .submit(
            "/main/titles/t-pride",
            "/main/titles/t-pride/download",
            &[("format", "PDF")],
        )
        .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert!(resp.text().await.unwrap().contains("not available in PDF"));
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-pride/download", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert!(resp.text().await.unwrap().contains("choose the format"));

    // A format whose file has not arrived is listed with why.
    b.sign_in("member@example.org", "member-pass-1").await;
    let open = b.page("/main/titles/t-open", StatusCode::OK).await;
    assert!(open.contains("Formats you cannot download"), "{open}");
    assert!(open.contains("DAISY Audio: Its file has not arrived at the library yet."));

    // A guest may not have a copyrighted title's package, so its page is refused too.
    let guest = Browser::new(&app);
    let resp = guest.get("/main/titles/t-road/download/EPUB3").await;
    assert_eq!(
        resp.status(),
        StatusCode::FORBIDDEN,
        "a guest may not have it"
    );
}

async fn an_expired_session_is_refreshed_on_the_server(backend: Backend) {
    let app = TestApp::start_with(backend, |s| {
        // Expiry is counted in whole seconds: a token of 1 s may be expired as soon as it is
        // made, and a loaded machine then saw the refreshed token expire within its request.
        s.access_token_ttl = std::time::Duration::from_secs(2);
    })
    .await
    .with_catalog()
    .await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    tokio::time::sleep(std::time::Duration::from_millis(3100)).await;
    let resp = b.get("/main/").await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(
        set_cookies(&resp)
            .iter()
            .any(|c| c.starts_with("lectern_session=") && !c.contains("Max-Age=0")),
        "a new access token"
    );
    assert!(resp.text().await.unwrap().contains("Signed in as"));
}

async fn a_reader_keeps_reading_lists(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    // A guest is sent to sign in, and back.
    let resp = b.get("/main/lists").await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&resp), "/main/sign-in?next=%2Fmain%2Flists");

    b.sign_in("member@example.org", "member-pass-1").await;
    let empty = b.page("/main/lists", StatusCode::OK).await;
    assert!(empty.contains("You have no reading lists yet."));
    assert!(!empty.contains("My organization"), "not in an organization");
    let made = b
        .submit(
            "/main/lists",
            "/main/lists",
            &[
                ("name", "  Holiday  "),
                ("description", "For the beach"),
                ("access", "private"),
            ],
        )
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    let list = location(&made);
    assert!(list.ends_with("?done=created"), "{list}");
    let list = list.trim_end_matches("?done=created").to_owned();
    let page = b
        .page(&format!("{list}?done=created"), StatusCode::OK)
        .await;
    assert!(page.contains("<h1 translate=\"no\">Holiday</h1>"));
    assert!(page.contains("role=\"status\">Your list has been made."));
    assert!(page.contains("No titles yet."));

    // Added from the titles' pages, which then say so.
    for title in ["t-pride", "t-road", "t-stripes"] {
        let from = format!("/main/titles/{title}");
        let form = b.page(&from, StatusCode::OK).await;
        let list_id = hidden_option(&form, "Holiday").expect("the list is offered");
        let added = b
            .submit(
                &from,
                "/main/lists/add",
                &[("readingListId", &list_id), ("serviceId", title)],
            )
            .await;
        assert_eq!(added.status(), StatusCode::SEE_OTHER);
        let back = location(&added);
        assert!(back.starts_with(&from), "{back}");
        let said = b.page(&back, StatusCode::OK).await;
        assert!(said.contains("Added to <a href=\""), "{title}");
    }
    let page = b.page(&list, StatusCode::OK).await;
    assert!(page.contains("3 titles. Only you."), "{page}");
    // In the order chosen: by title, then most recently added first.
    let by_title = titles_listed(&page);
    assert_eq!(by_title.len(), 3);
    let recent = b
        .page(
            &format!("{list}?sortOrder=dateAddedToReadingList"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(titles_listed(&recent)[0], "t-stripes");

    // Renamed and shared; then a title taken off.
    let changed = b
        .submit(
            &list,
            &list,
            &[("name", "Beach"), ("description", ""), ("access", "shared")],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    let page = b.page(&list, StatusCode::OK).await;
    assert!(page.contains("<h1 translate=\"no\">Beach</h1>"));
    assert!(page.contains("Shared with other readers"));
    let removed = b
        .submit(&list, &format!("{list}/remove"), &[("serviceId", "t-road")])
        .await;
    assert_eq!(removed.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&removed), StatusCode::OK).await;
    assert!(page.contains("The title has been taken off this list."));
    assert!(page.contains("2 titles."));

    // What the API sees is what the pages wrote.
    let token = app
        .password_grant("trusted-app-key", "member@example.org", "member-pass-1")
        .await;
    let (_, token) = json(token).await;
    let lists = app
        .get("/v2/myLists?api_key=trusted-app-key")
        .bearer_auth(token["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    let (_, lists) = json(lists).await;
    let beach = lists["lists"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "Beach")
        .expect("the list, renamed");
    assert_eq!(beach["titleCount"], 2);
    assert_eq!(beach["access"], "shared");
}

/// The value of the option whose text is `text`.
fn hidden_option(page: &str, text: &str) -> Option<String> {
    let end = page.find(&format!(">{text}</option>"))?;
    let start = page[..end].rfind("value=\"")? + 7;
    Some(page[start..start + page[start..].find('"')?].to_owned())
}

async fn reading_list_forms_name_what_is_wrong_and_guard_others_lists(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let blank = b
        .submit(
            "/main/lists",
            "/main/lists",
            &[("name", " "), ("access", "private")],
        )
        .await;
    assert_eq!(blank.status(), StatusCode::BAD_REQUEST);
    let page = blank.text().await.unwrap();
    assert!(page.contains("<title>Error: My reading lists"));
    assert!(
        page.contains("<li><a href=\"#name\">Enter a name for the list</a></li>"),
        "{page}"
    );
    assert!(page.contains("aria-describedby=\"name-error\""));
    let long = "x".repeat(201);
    let too_long = b
        .submit(
            "/main/lists",
            "/main/lists",
            &[("name", &long), ("access", "private")],
        )
        .await;
    assert_eq!(too_long.status(), StatusCode::BAD_REQUEST);
    let page = too_long.text().await.unwrap();
    assert!(page.contains("href=\"#name\""), "{page}");
    assert!(
        page.contains(&format!("value=\"{long}\"")),
        "what was typed stays"
    );
    let org = b
        .submit(
            "/main/lists",
            "/main/lists",
            &[("name", "Class"), ("access", "org")],
        )
        .await;
    assert_eq!(
        org.status(),
        StatusCode::FORBIDDEN,
        "not in an organization"
    );
    let none = b.page("/main/lists", StatusCode::OK).await;
    assert!(
        none.contains("You have no reading lists yet."),
        "nothing was written"
    );

    // Someone else's shared list may be read, not changed; a private one is not there.
    let shared = b.page("/main/lists/rl-awards", StatusCode::OK).await;
    assert!(shared.contains("<h1 translate=\"no\">Award winners</h1>"));
    assert!(!shared.contains("Change this list"));
    assert!(!shared.contains(">Remove<"));
    let refused = b
        .submit(
            "/main/lists/rl-awards",
            "/main/lists/rl-awards",
            &[("name", "Mine now")],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let refused = b
        .submit(
            "/main/lists/rl-awards",
            "/main/lists/rl-awards/remove",
            &[("serviceId", "t-pride")],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    b.page("/main/lists/no-such-list", StatusCode::NOT_FOUND)
        .await;
}

async fn a_reader_sees_where_they_stand_and_sets_preferences(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let guest = Browser::new(&app);
    let resp = guest.get("/main/account").await;
    assert_eq!(location(&resp), "/main/sign-in?next=%2Fmain%2Faccount");

    let b = Browser::new(&app);
    b.sign_in("student@example.org", "student-pass-1").await;
    let page = b.page("/main/account", StatusCode::OK).await;
    assert!(page.contains("Your subscription has ended."), "{page}");
    assert!(page.contains("the library is checking it"));
    assert!(page.contains("<h2 id=\"agreement-heading\">Sign the agreement</h2>"));

    let saved = b
        .submit(
            "/main/account",
            "/main/account/preferences",
            &[
                ("format", "BRF"),
                ("brailleGrade", "contracted"),
                ("useUeb", "true"),
                ("brailleFormat", "refreshable"),
                ("brailleCellLineWidth", "32"),
                ("language", "eng"),
            ],
        )
        .await;
    assert_eq!(saved.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&saved), StatusCode::OK).await;
    assert!(page.contains("Your reading preferences have been saved."));
    assert!(page.contains("<option value=\"32\" selected>"), "{page}");
    assert!(page.contains("id=\"useUeb\" name=\"useUeb\" value=\"true\" checked"));

    // A width the format does not come in: named beside its field, nothing written.
    let refused = b
        .submit(
            "/main/account",
            "/main/account/preferences",
            &[
                ("brailleFormat", "embossable"),
                ("brailleCellLineWidth", "80"),
            ],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(
        page.contains("<li><a href=\"#brailleCellLineWidth\">80 does not fit embossable Braille"),
        "{page}"
    );
    assert!(page.contains("aria-describedby=\"width-hint brailleCellLineWidth-error\""));
    let bad_language = b
        .submit(
            "/main/account",
            "/main/account/preferences",
            &[("language", "english")],
        )
        .await;
    assert_eq!(bad_language.status(), StatusCode::BAD_REQUEST);
    assert!(
        bad_language
            .text()
            .await
            .unwrap()
            .contains("href=\"#language\"")
    );

    let token = app.minted_token("web-main", "student@example.org").await;
    let prefs = my_preferences(&app, &token).await;
    assert_eq!(prefs["brailleCellLineWidth"], 32, "{prefs}");
    assert_eq!(prefs["brailleFormat"], "refreshable");
    assert_eq!(prefs["format"]["formatId"], "BRF");
    assert_eq!(prefs["useUeb"], true);
    // Unticked, a box is false: the form leaves it out, the page sends false.
    b.submit("/main/account", "/main/account/preferences", &[])
        .await;
    let prefs = my_preferences(&app, &token).await;
    assert_eq!(prefs["useUeb"], false, "{prefs}");
    assert_eq!(
        prefs["brailleCellLineWidth"], 32,
        "a field left as it was stays"
    );
}

/// A braille download from a title's page is laid out for the reader's display: its notice in
/// braille is 32 cells a line when the reader's preferences say so.
async fn a_braille_download_fits_the_reader_s_display(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let saved = b
        .submit(
            "/main/account",
            "/main/account/preferences",
            &[
                ("brailleFormat", "refreshable"),
                ("brailleCellLineWidth", "32"),
            ],
        )
        .await;
    assert_eq!(saved.status(), StatusCode::SEE_OTHER);
    let asked = b
        .submit(
            "/main/titles/t-pride",
            "/main/titles/t-pride/download",
            &[("format", "BRF")],
        )
        .await;
    assert_eq!(asked.status(), StatusCode::SEE_OTHER);
    let mut file = location(&asked);
    for _ in 0..200 {
        if file.starts_with("http") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let status = b
            .http
            .get(app.url("/main/titles/t-pride/download/BRF"))
            .header("accept", "application/json")
            .send()
            .await
            .unwrap();
        let (_, body) = json(status).await;
        if let Some(href) = body["href"].as_str() {
            file = href.to_owned();
        }
    }
    let brf = String::from_utf8(crate::downloads::fetch(&app, &file).await).unwrap();
    // The library's own braille file, then, after a blank line (a display reads one page), the
    // notice in the reader's line.
    let (book, notice) = brf.split_once("\r\n\r\n").unwrap();
    assert_eq!(book, ",PRIDE AND ,PREJUDICE");
    let longest = notice.lines().map(|l| l.trim_end_matches('\r').len()).max();
    assert!(longest <= Some(32), "{notice}");
    assert!(longest > Some(24), "the lines are filled: {notice}");
}

async fn a_reader_changes_their_password_and_stays_signed_in(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let mismatch = b
        .submit(
            "/main/account",
            "/main/account/password",
            &[
                ("currentPassword", "member-pass-1"),
                ("password", "a-new-pass-2"),
                ("passwordAgain", "a-new-pass-3"),
            ],
        )
        .await;
    assert_eq!(mismatch.status(), StatusCode::BAD_REQUEST);
    assert!(
        mismatch
            .text()
            .await
            .unwrap()
            .contains("The two new passwords are not the same")
    );
    let wrong = b
        .submit(
            "/main/account",
            "/main/account/password",
            &[
                ("currentPassword", "not-it"),
                ("password", "a-new-pass-2"),
                ("passwordAgain", "a-new-pass-2"),
            ],
        )
        .await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);
    assert!(
        wrong
            .text()
            .await
            .unwrap()
            .contains("Your current password is not right")
    );
    // Nothing changed: the old password still signs in.
    let still = app
        .password_grant("trusted-app-key", "member@example.org", "member-pass-1")
        .await;
    assert_eq!(still.status(), StatusCode::OK);

    let changed = b
        .submit(
            "/main/account",
            "/main/account/password",
            &[
                ("currentPassword", "member-pass-1"),
                ("password", "a-new-pass-2"),
                ("passwordAgain", "a-new-pass-2"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&changed), StatusCode::OK).await;
    assert!(page.contains("Your password has been changed."));
    assert!(page.contains("Signed in as"), "signed in again");
    let old = app
        .password_grant("trusted-app-key", "member@example.org", "member-pass-1")
        .await;
    assert_eq!(old.status(), StatusCode::BAD_REQUEST);
    let new = app
        .password_grant("trusted-app-key", "member@example.org", "a-new-pass-2")
        .await;
    assert_eq!(new.status(), StatusCode::OK);
}

async fn a_reader_signs_the_agreement_and_makes_a_sync_key(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("student@example.org", "student-pass-1").await;
    let unsigned = b
        .submit(
            "/main/account",
            "/main/account/agreement",
            &[("printName", "")],
        )
        .await;
    assert_eq!(unsigned.status(), StatusCode::BAD_REQUEST);
    assert!(
        unsigned
            .text()
            .await
            .unwrap()
            .contains("Type your name to sign")
    );
    let signed = b
        .submit(
            "/main/account",
            "/main/account/agreement",
            &[("printName", "Stu Dent")],
        )
        .await;
    assert_eq!(signed.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&signed), StatusCode::OK).await;
    assert!(page.contains("the agreement is signed"));
    assert!(!page.contains("agreement-heading"), "no longer asked");

    let made = b
        .submit("/main/account", "/main/account/sync-key", &[])
        .await;
    assert_eq!(made.status(), StatusCode::OK);
    let page = made.text().await.unwrap();
    let marker = "<code class=\"key\" translate=\"no\">";
    let at = page.find(marker).expect("the key is shown") + marker.len();
    let key = &page[at..at + page[at..].find('<').unwrap()];
    let auth = reqwest::Client::new()
        .get(app.url("/kosync/users/auth"))
        .header("accept", "application/vnd.koreader.v1+json")
        .header("x-auth-user", "student@example.org")
        .header("x-auth-key", crate::kosync::md5_hex(key))
        .send()
        .await
        .unwrap();
    assert_eq!(auth.status(), StatusCode::OK, "KOReader signs in with it");
}

/// A write through the API, as the reader's app makes it.
async fn app_posts(app: &TestApp, path: &str, token: &str, form: &[(&str, &str)]) {
    let resp = app
        .post(path)
        .bearer_auth(token)
        .form(form)
        .send()
        .await
        .unwrap();
    let (status, body) = json(resp).await;
    assert!(status.is_success(), "{path}: {status} {body}");
}

/// What the member's reading app does in "The Long Road", through the API: downloads its
/// EPUB 3, reads to chapter 2, bookmarks a place 42% through, highlights "Two travellers" with
/// a note. The app's token for the member.
async fn the_reader_s_app_reads_the_long_road(app: &TestApp) -> String {
    let reader = app
        .minted_token("trusted-app-key", "member@example.org")
        .await;
    let download = app
        .get("/v2/titles/t-road/EPUB3?api_key=trusted-app-key")
        .bearer_auth(&reader)
        .send()
        .await
        .unwrap();
    assert!(download.status().is_success() || download.status() == StatusCode::FOUND);
    let v2 = |p: &str| format!("{p}?api_key=trusted-app-key");
    app_posts(
        app,
        &v2("/v2/readingEvents"),
        &reader,
        &[
            ("serviceId", "t-road"),
            ("format", "EPUB3"),
            ("location", "epubcfi(/6/4)"),
            ("locationDescription", "Chapter 2"),
            ("metric", "1"),
            ("metricType", "chapter"),
        ],
    )
    .await;
    app_posts(
        app,
        &v2("/v2/myBookmarks"),
        &reader,
        &[
            ("serviceId", "t-road"),
            ("location", "epubcfi(/6/8)"),
            ("progression", "0.42"),
        ],
    )
    .await;
    app_posts(
        app,
        &v2("/v2/myHighlights"),
        &reader,
        &[
            ("serviceId", "t-road"),
            ("location", "epubcfi(/6/4!/4/2,/1:0,/1:14)"),
            ("text", "Two travellers"),
            ("color", "green"),
            ("note", "Who are they?"),
        ],
    )
    .await;
    reader
}

async fn my_books_show_assignments_downloads_places_and_marks(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // What the reader's app and their sponsor did, through the API.
    let sponsor = app
        .minted_token("trusted-app-key", "sponsor@example.org")
        .await;
    app_posts(
        &app,
        "/v2/assignedTitles/student@example.org?api_key=trusted-app-key",
        &sponsor,
        &[("serviceId", "t-pride")],
    )
    .await;
    let reader = the_reader_s_app_reads_the_long_road(&app).await;

    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let books = b.page("/main/books", StatusCode::OK).await;
    assert!(
        !books.contains("Assigned to me"),
        "not an organization member"
    );
    assert!(books.contains("href=\"/main/titles/t-road\""), "{books}");
    assert!(books.contains("EPUB 3, "));
    let road = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(
        road.contains("<h2 id=\"reading-heading\">Your reading</h2>"),
        "{road}"
    );
    assert!(road.contains("EPUB 3: Chapter 2 (on "));
    assert!(road.contains("EPUB 3: 42% through, made "));
    assert!(road.contains("\u{201c}Two travellers\u{201d}, noted: Who are they?"));
    let pride = b.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(!pride.contains("Your reading"), "nothing read there");

    // Deleted from the title's page, each through the API's handler.
    for (what, action) in [
        ("bookmark", "/main/titles/t-road/bookmarks/delete"),
        ("highlight", "/main/titles/t-road/highlights/delete"),
    ] {
        let road = b.page("/main/titles/t-road", StatusCode::OK).await;
        let marker = format!("action=\"{action}\"");
        let form = &road[road.find(&marker).expect(action)..];
        let place = hidden(form, "location").unwrap();
        let format = hidden(form, "format").unwrap();
        assert_eq!(format, "EPUB3");
        let gone = b
            .submit(
                "/main/titles/t-road",
                action,
                &[("format", &format), ("location", &place)],
            )
            .await;
        assert_eq!(gone.status(), StatusCode::SEE_OTHER, "{what}");
        assert_eq!(
            location(&gone),
            format!("/main/titles/t-road?deleted={what}")
        );
        let said = b.page(&location(&gone), StatusCode::OK).await;
        assert!(said.contains(&format!("The {what} has been deleted.")));
        let again = b
            .submit(
                "/main/titles/t-road",
                action,
                &[("format", &format), ("location", &place)],
            )
            .await;
        assert_eq!(again.status(), StatusCode::NOT_FOUND, "{what} twice");
        let forged = b
            .post(action, &[("format", "EPUB3"), ("location", "x")])
            .await;
        assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    }
    for list in ["myBookmarks", "myHighlights"] {
        let (status, body) = json(
            app.get(&format!(
                "/v2/{list}?api_key=trusted-app-key&serviceId=t-road&format=EPUB3"
            ))
            .bearer_auth(&reader)
            .send()
            .await
            .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["totalResults"], 0, "{list}: {body}");
    }

    let student = Browser::new(&app);
    student
        .sign_in("student@example.org", "student-pass-1")
        .await;
    let books = student.page("/main/books", StatusCode::OK).await;
    assert!(books.contains("<h2 id=\"assigned-heading\">Assigned to me</h2>"));
    assert!(books.contains("Assigned by "), "{books}");
    assert!(books.contains("not downloaded yet"));
    assert!(books.contains("You have not downloaded anything yet."));
    let guest = Browser::new(&app);
    assert_eq!(
        guest.get("/main/books").await.status(),
        StatusCode::SEE_OTHER
    );
}
