//! Reading a book on the pages, without JavaScript: the title page's "Read online" form opens
//! it by the download rules, each part of the book is a page of the site with the contents,
//! the parts before and after and "go to print page", and a GET never opens or counts one.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, assert_page_headers, location};
use crate::downloads::downloads_counted;
use crate::support::*;

on_both_stores!(
    a_reader_opens_a_book_and_reads_it_part_by_part,
    what_may_not_be_read_is_refused_in_words,
);

async fn a_reader_opens_a_book_and_reads_it_part_by_part(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let title = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(
        title.contains(r#"action="/main/titles/t-road/read""#),
        "{title}"
    );
    assert!(title.contains("Read online</button>"), "{title}");
    let resp = b
        .submit("/main/titles/t-road", "/main/titles/t-road/read", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let first = location(&resp);
    assert!(
        first.starts_with("/main/read/") && first.ends_with("/1"),
        "{first}"
    );
    assert_eq!(downloads_counted(&app, "u-member").await, 1);

    // The first part: the book's text in the page, and the ways on.
    let resp = b.get(&first).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_page_headers(&resp, &first);
    let part = resp.text().await.unwrap();
    assert!(part.contains("<h1>The Long Road</h1>"), "{part}");
    assert!(part.contains(r#"<article class="book-text""#), "{part}");
    let grant_path = first.trim_end_matches("/1");
    let contents = format!("{grant_path}/contents");
    assert!(
        part.contains(&format!(r#"<a href="{contents}">Contents</a>"#)),
        "{part}"
    );
    let second = format!("{grant_path}/2");
    assert!(
        part.contains(&format!(r#"<a href="{second}" rel="next">Next part</a>"#)),
        "{part}"
    );
    assert!(
        !part.contains("rel=\"prev\""),
        "the first part has none before it"
    );
    // The next part, and the contents that lead to every part.
    let next = b.page(&second, StatusCode::OK).await;
    assert!(
        next.contains(&format!(
            r#"<a href="{first}" rel="prev">Previous part</a>"#
        )),
        "{next}"
    );
    let toc = b.page(&contents, StatusCode::OK).await;
    assert!(
        toc.contains("<h2 id=\"contents-heading\">Contents</h2>"),
        "{toc}"
    );
    let links: Vec<&str> = toc
        .split("<a href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .filter(|h| h.starts_with(grant_path))
        .collect();
    assert!(!links.is_empty(), "{toc}");
    for href in links {
        let path = href.split('#').next().unwrap();
        b.page(path, StatusCode::OK).await;
    }
    // Reading on, and coming back, count nothing more: a GET never opens a book.
    assert_eq!(downloads_counted(&app, "u-member").await, 1);
    // A part the book does not have, and a print page it does not have, are named.
    let none = b
        .page(&format!("{grant_path}/99"), StatusCode::NOT_FOUND)
        .await;
    assert!(none.contains("The book has no part 99"), "{none}");
    let page = b
        .page(
            &format!("{grant_path}/page?number=12"),
            StatusCode::NOT_FOUND,
        )
        .await;
    assert!(page.contains("This book has no print page 12"), "{page}");
    let asked = b
        .page(&format!("{grant_path}/page"), StatusCode::BAD_REQUEST)
        .await;
    assert!(asked.contains("give the number of a print page"), "{asked}");
}

async fn what_may_not_be_read_is_refused_in_words(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = Browser::new(&app);
    // A guest sees no "Read online" on a title only readers may have, and asking is refused.
    let road = b.page("/main/titles/t-road", StatusCode::OK).await;
    assert!(!road.contains("Read online</button>"), "{road}");
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-road/read", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let page = resp.text().await.unwrap();
    assert!(
        page.contains("SIGN_IN_REQUIRED") || page.contains("Sign in"),
        "{page}"
    );
    // A guest reads a public-domain title, uncounted.
    let pride = b.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(pride.contains("Read online</button>"), "{pride}");
    assert!(!pride.contains("counts as one download"), "{pride}");
    let resp = b
        .submit("/main/titles/t-pride", "/main/titles/t-pride/read", &[])
        .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    b.page(&location(&resp), StatusCode::OK).await;
    // Without the page's token, nothing is opened.
    let resp = b.post("/main/titles/t-pride/read", &[]).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    // A reading link that is not one is refused.
    b.page("/main/read/garbage/1", StatusCode::FORBIDDEN).await;
}
