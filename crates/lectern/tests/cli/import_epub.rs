//! `lectern import-epub` and `lectern load` with artifact files: titles in the store, files in
//! the data directory's file store.

use std::path::Path;

use lectern_domain::catalog::{ContributorType, Format, TitleRecord, TitleStatusCode};
use lectern_domain::site::Site;
use lectern_jobs::epub::{Chapter, EpubSource, build};
use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};
use lectern_store::{categories, sites, titles};
use sha2::{Digest, Sha256};

use super::{lectern, run, temp_dir, text};

on_both_stores!(
    import_epub_adds_titles_reports_bad_files_and_updates_on_reimport,
    load_copies_artifact_files_into_the_file_store
);

fn epub(identifier: &str, isbn: Option<&str>, title: &str, language: &str) -> Vec<u8> {
    build(&EpubSource {
        print_edition: None,
        identifier: identifier.into(),
        isbn: isbn.map(Into::into),
        title: title.into(),
        subtitle: Some("A test".into()),
        authors: vec!["Ann Author".into(), "Bo Writer".into()],
        language: language.into(),
        publisher: Some("Test Press".into()),
        date: Some("2021-03-04".into()),
        synopsis: Some(format!("All about {title}.")),
        subjects: vec![],
        chapters: vec![Chapter {
            title: "One".into(),
            text: "Some text.".into(),
        }],
        accessibility_summary: Some("Text only, with a table of contents.".into()),
        modified: "2024-01-02T03:04:05Z".into(),
    })
}

/// The documented rule: the prefix and 16 hex digits of the SHA-256 of the ISBN, else of the
/// package identifier.
fn expected_id(source: &str) -> String {
    format!("epub-{}", &hex(&Sha256::digest(source.as_bytes()))[..16])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn file_in(data: &Path, t: &TitleRecord) -> std::path::PathBuf {
    let key = t.artifact(Format::Epub3).unwrap().file.clone().unwrap();
    data.join("files").join(key)
}

async fn import_epub_adds_titles_reports_bad_files_and_updates_on_reimport(backend: Backend) {
    let t = fresh(backend).await;
    let lib = Site {
        id: "lib".into(),
        name: "Library".into(),
        global: false,
        language: None,
    };
    sites::upsert(&mut t.store.writer().await.expect("a writer"), &lib)
        .await
        .unwrap();
    let (dir, data) = (temp_dir(), temp_dir());
    let books = dir.join("books");
    std::fs::create_dir_all(books.join("more")).unwrap();
    let first = epub("urn:uuid:one", Some("9780141439518"), "First Book", "eng");
    let second = epub("urn:uuid:two", None, "Second Book", "fre");
    std::fs::write(books.join("first.epub"), &first).unwrap();
    std::fs::write(books.join("more/second.EPUB"), &second).unwrap();
    std::fs::write(books.join("broken.epub"), b"this is not a zip").unwrap();
    std::fs::write(books.join("notes.txt"), b"not looked at").unwrap();

    let import = |paths: &[&Path]| {
        let mut cmd = lectern(&["import-epub"]);
        cmd.args(paths).args([
            "--category",
            "Imported",
            "--data-dir",
            data.to_str().unwrap(),
            "--database-url",
            &t.url,
        ]);
        run(&mut cmd)
    };
    let out = import(&[&books]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(!out.status.success(), "a failed file fails the run");
    assert!(
        stdout.contains("imported 2 titles (1 failed)"),
        "{stdout}\n{stderr}"
    );
    assert!(
        stderr.contains("broken.epub: not a zip archive"),
        "the bad file is named with the reason: {stderr}"
    );

    let (one, two) = (
        expected_id("isbn:9780141439518"),
        expected_id("urn:uuid:two"),
    );
    let a = titles::get(t.store.reads(), &one).await.unwrap().unwrap();
    let b = titles::get(t.store.reads(), &two).await.unwrap().unwrap();
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 2);

    assert_eq!(
        (a.title.as_str(), a.subtitle.as_deref(), a.site.as_str()),
        ("First Book", Some("A test"), "lib"),
        "the only site is taken without --site"
    );
    assert_eq!(a.status, TitleStatusCode::Live);
    assert_eq!(a.usage_restriction.as_str(), "copyright");
    assert_eq!(a.isbn13.as_deref(), Some("9780141439518"));
    assert_eq!(b.isbn13, None);
    assert_eq!(
        a.contributors_of(ContributorType::Author)
            .collect::<Vec<_>>(),
        ["Ann Author", "Bo Writer"]
    );
    assert_eq!(a.publisher.as_deref(), Some("Test Press"));
    assert_eq!(
        a.publish_date.map(|d| d.to_string()).as_deref(),
        Some("2021-03-04T00:00:00Z")
    );
    assert_eq!(a.copyright_date, Some(2021));
    assert_eq!(
        (a.languages.clone(), b.languages.clone()),
        (vec!["eng".to_owned()], vec!["fra".to_owned()])
    );
    assert_eq!(a.synopsis.as_deref(), Some("All about First Book."));
    assert_eq!(a.categories, ["Imported"]);
    assert!(
        categories::categories(t.store.reads())
            .await
            .unwrap()
            .iter()
            .any(|(name, _)| name == "Imported"),
        "--category creates a missing category"
    );

    let artifact = a.artifact(Format::Epub3).unwrap();
    assert_eq!(a.artifacts.len(), 1);
    assert_eq!(
        artifact.file.as_deref(),
        Some(format!("titles/{one}/EPUB3/first.epub").as_str())
    );
    assert_eq!(artifact.status.as_str(), "available");
    let a11y = &artifact.accessibility;
    assert_eq!(a11y.access_modes, ["textual"]);
    assert_eq!(a11y.access_modes_sufficient, ["textual"]);
    assert_eq!(a11y.accessibility_hazards, ["none"]);
    assert_eq!(
        a11y.accessibility_features
            .iter()
            .map(|f| f.accessibility_feature.as_str())
            .collect::<Vec<_>>(),
        ["structuralNavigation", "tableOfContents", "readingOrder"]
    );
    assert!(
        a11y.accessibility_features
            .iter()
            .all(|f| f.description.is_none())
    );
    assert_eq!(
        a11y.accessibility_summary.as_deref(),
        Some("Text only, with a table of contents.")
    );
    assert_eq!(
        a11y.accessibility_conformances,
        ["EPUB Accessibility 1.1 - WCAG 2.2 Level AA"]
    );
    assert!(a11y.accessibility_certifications.is_empty());

    assert_eq!(std::fs::read(file_in(&data, &a)).unwrap(), first);
    assert_eq!(std::fs::read(file_in(&data, &b)).unwrap(), second);

    // Again, naming the files: the same service ids, updated in place.
    let seq = titles::current_seq(t.store.reads()).await.unwrap();
    let out = import(&[&books.join("first.epub"), &books.join("more/second.EPUB")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("imported 2 titles (0 failed)"));
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 2);
    let again = titles::get(t.store.reads(), &one).await.unwrap().unwrap();
    assert_eq!(again.date_added, a.date_added);
    assert_eq!(again.categories, ["Imported"], "no duplicate category");
    assert_eq!(titles::current_seq(t.store.reads()).await.unwrap(), seq + 2);

    // The same book twice in one run is imported once; the second copy is named.
    std::fs::copy(books.join("first.epub"), dir.join("copy.epub")).unwrap();
    let out = import(&[&books.join("first.epub"), &dir.join("copy.epub")]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("copy.epub: the same book as"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(titles::count(t.store.reads()).await.unwrap(), 2);
    let _ = (std::fs::remove_dir_all(dir), std::fs::remove_dir_all(data));
}

async fn load_copies_artifact_files_into_the_file_store(backend: Backend) {
    let t = fresh(backend).await;
    let (dir, data) = (temp_dir(), temp_dir());
    std::fs::create_dir_all(dir.join("files")).unwrap();
    let bytes = epub("urn:uuid:load", None, "Loaded", "eng");
    std::fs::write(dir.join("files/loaded.epub"), &bytes).unwrap();
    let fixture = dir.join("catalog.json");
    std::fs::write(
        &fixture,
        r#"{
  "sites": [{ "id": "lib", "name": "The Library" }],
  "titles": [{
    "serviceId": "t-1", "site": "lib", "status": "live", "title": "Loaded",
    "usageRestriction": "publicDomain",
    "artifacts": [{ "format": "EPUB3", "file": "files/loaded.epub" }]
  }]
}"#,
    )
    .unwrap();
    let out = run(&mut lectern(&[
        "load",
        fixture.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
        "--database-url",
        &t.url,
    ]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "1 sites, 0 clients, 0 organizations, 0 users, 1 titles, 0 periodicals, 1 files"
        ),
        "{stdout}"
    );
    let stored = titles::get(t.store.reads(), "t-1").await.unwrap().unwrap();
    assert_eq!(
        stored.artifact(Format::Epub3).unwrap().file.as_deref(),
        Some("titles/t-1/EPUB3/loaded.epub")
    );
    assert_eq!(std::fs::read(file_in(&data, &stored)).unwrap(), bytes);

    // --files-url puts the files elsewhere (here another directory; s3:// in an s3 build).
    let elsewhere = temp_dir();
    let out = run(&mut lectern(&[
        "load",
        fixture.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
        "--database-url",
        &t.url,
        "--files-url",
        &format!("file://{}", elsewhere.display()),
    ]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(elsewhere.join("titles/t-1/EPUB3/loaded.epub")).unwrap(),
        bytes
    );

    // A missing file refuses the whole fixture before anything is copied or written.
    std::fs::remove_file(dir.join("files/loaded.epub")).unwrap();
    std::fs::remove_dir_all(data.join("files")).unwrap();
    let out = run(&mut lectern(&[
        "load",
        fixture.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
        "--database-url",
        &t.url,
    ]));
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("artifacts[0]: file: no file at"),
        "{}",
        text(&out.stderr)
    );
    assert!(!data.join("files").exists());
    let _ = (std::fs::remove_dir_all(dir), std::fs::remove_dir_all(data));
}

#[test]
fn the_help_tells_what_a_failed_file_does() {
    let out = run(&mut lectern(&["import-epub", "--help"]));
    assert!(out.status.success());
    let help = text(&out.stdout);
    for needle in [
        "non-zero",
        "--site",
        "--status",
        "--usage",
        "--category",
        "--service-id-prefix",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    let out = run(&mut lectern(&["--help"]));
    assert!(text(&out.stdout).contains("import-epub"));
}
