use lectern_jobs::epub::{
    Accessibility, Contributor, EpubError, EpubMetadata, build, read_metadata,
};

use crate::fixtures::{self, CONTAINER, HAND_WRITTEN_OPF, hand_written, hand_written_with, zip_of};

fn person(name: &str, file_as: Option<&str>, roles: &[&str]) -> Contributor {
    Contributor {
        name: name.into(),
        file_as: file_as.map(Into::into),
        roles: roles.iter().map(|r| (*r).into()).collect(),
    }
}

fn strings(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| (*v).into()).collect()
}

#[test]
fn built_epub_round_trips_every_field() {
    let source = fixtures::source();
    let meta = read_metadata(&build(&source)).unwrap();
    let expected = EpubMetadata {
        version: "3.0".into(),
        identifier: source.identifier.clone(),
        identifiers: strings(&["lectern-100042", "urn:isbn:9780141439518"]),
        isbn: source.isbn.clone(),
        title: source.title.clone(),
        subtitle: source.subtitle.clone(),
        creators: vec![
            person("Jane Austen", None, &["aut"]),
            person("A. N. Other", None, &["aut"]),
        ],
        contributors: vec![],
        languages: strings(&["en"]),
        publisher: source.publisher.clone(),
        date: source.date.clone(),
        description: source.synopsis.clone(),
        subjects: source.subjects.clone(),
        rights: None,
        source: None,
        modified: Some(source.modified.clone()),
        accessibility: Accessibility {
            access_modes: strings(&["textual"]),
            access_modes_sufficient: strings(&["textual"]),
            features: strings(&["structuralNavigation", "tableOfContents", "readingOrder"]),
            hazards: strings(&["none"]),
            summary: source.accessibility_summary.clone(),
            conforms_to: strings(&["EPUB Accessibility 1.1 - WCAG 2.2 Level AA"]),
            certified_by: None,
            certifier_credentials: vec![],
            certifier_reports: vec![],
        },
    };
    assert_eq!(meta, expected);
}

#[test]
fn hand_written_opf_with_other_prefixes_and_accessibility_metadata() {
    let meta = read_metadata(&hand_written()).unwrap();
    let expected = EpubMetadata {
        version: "3.0".into(),
        identifier: "urn:uuid:0b5c3f7e-8d2a-4c1e-9f3b-2a7d6e5c4b3a".into(),
        identifiers: strings(&[
            "0-14-143951-3",
            "urn:uuid:0b5c3f7e-8d2a-4c1e-9f3b-2a7d6e5c4b3a",
        ]),
        isbn: Some("9780141439518".into()),
        title: "Pride & Prejudice".into(),
        subtitle: Some("A Novel".into()),
        creators: vec![person("Jane Austen", Some("Austen, Jane"), &["aut"])],
        contributors: vec![
            person("Hugh Thomson", None, &["ill"]),
            person("Kate Reading", None, &["nrt", "trl"]),
        ],
        languages: strings(&["en-GB", "fr"]),
        publisher: Some("Lectern Test Press".into()),
        date: Some("1813-01-28".into()),
        description: Some("A novel of manners.".into()),
        subjects: strings(&["Fiction", "Courtship"]),
        rights: Some("Public domain".into()),
        source: Some("urn:isbn:9780141439518".into()),
        modified: Some("2024-05-06T07:08:09Z".into()),
        accessibility: Accessibility {
            access_modes: strings(&["textual", "visual"]),
            access_modes_sufficient: strings(&["textual", "textual,visual"]),
            features: strings(&["structuralNavigation", "alternativeText"]),
            hazards: strings(&["noFlashingHazard"]),
            summary: Some("Headings & alt text throughout.".into()),
            conforms_to: strings(&[
                "EPUB Accessibility 1.1 - WCAG 2.1 Level AA",
                "http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aa",
            ]),
            certified_by: Some("Lectern Test Lab".into()),
            certifier_credentials: strings(&["DAISY Ace Certified"]),
            certifier_reports: strings(&["https://lectern.example/reports/1.html"]),
        },
    };
    assert_eq!(meta, expected);
}

#[test]
fn properties_compare_by_iri_not_by_spelling() {
    // `schema` redeclared to another vocabulary, and an undeclared prefix: neither is schema.org.
    let opf = HAND_WRITTEN_OPF
        .replace(
            "foaf: http://xmlns.com/foaf/spec/",
            "schema: http://example.org/not-schema/",
        )
        .replace(r#"property="s:accessMode""#, r#"property="x:accessMode""#);
    let a11y = read_metadata(&hand_written_with(&opf))
        .unwrap()
        .accessibility;
    assert_eq!(a11y.access_modes, Vec::<String>::new());
    assert_eq!(a11y.features, strings(&["alternativeText"]));
}

#[test]
fn epub2_is_refused() {
    let opf = HAND_WRITTEN_OPF.replace(r#"version="3.0""#, r#"version="2.0""#);
    let err = read_metadata(&hand_written_with(&opf)).unwrap_err();
    assert_eq!(err, EpubError::NotEpub3("2.0".into()));
    assert!(err.to_string().contains("not EPUB 3"), "{err}");
}

#[test]
fn not_a_zip_is_refused() {
    let err = read_metadata(b"%PDF-1.7\n%not a zip at all").unwrap_err();
    assert!(matches!(err, EpubError::NotZip(_)), "{err:?}");
    assert!(err.to_string().starts_with("not a zip archive"), "{err}");
}

#[test]
fn missing_container_or_package_is_refused() {
    let no_container = zip_of(&[
        ("mimetype", b"application/epub+zip"),
        ("OEBPS/book.opf", b"<package/>"),
    ]);
    assert_eq!(
        read_metadata(&no_container).unwrap_err(),
        EpubError::NoContainer
    );

    let no_package = zip_of(&[
        ("mimetype", b"application/epub+zip"),
        ("META-INF/container.xml", CONTAINER.as_bytes()),
    ]);
    let err = read_metadata(&no_package).unwrap_err();
    assert_eq!(err, EpubError::NoPackage("OEBPS/book.opf".into()));
    assert!(err.to_string().contains("OEBPS/book.opf"), "{err}");

    let no_rootfile = zip_of(&[(
        "META-INF/container.xml",
        b"<container xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"/>",
    )]);
    assert_eq!(
        read_metadata(&no_rootfile).unwrap_err(),
        EpubError::NoRootfile
    );
}

#[test]
fn broken_package_xml_names_the_file() {
    let err = read_metadata(&hand_written_with(
        "<opf:package version=\"3.0\"><unclosed>",
    ))
    .unwrap_err();
    assert!(
        matches!(&err, EpubError::Xml { file, .. } if file == "OEBPS/book.opf"),
        "{err:?}"
    );
}
