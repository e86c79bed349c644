#![allow(clippy::unwrap_used)]

use crate::epub::{Accessibility, Contributor, EpubMetadata};
use lectern_domain::catalog::{ContributorType, Format, TitleStatusCode};
use lectern_domain::title_access::UsageRestriction;

use super::{Choices, service_id, title};

fn person(name: &str, roles: &[&str]) -> Contributor {
    Contributor {
        name: name.into(),
        file_as: None,
        roles: roles.iter().map(|r| (*r).to_owned()).collect(),
    }
}

fn meta() -> EpubMetadata {
    EpubMetadata {
        version: "3.0".into(),
        identifier: "urn:uuid:1".into(),
        identifiers: vec!["urn:uuid:1".into()],
        isbn: Some("9780141439518".into()),
        title: "A Book".into(),
        subtitle: Some("Sub".into()),
        creators: vec![
            person("Ann Author", &[]),
            person("Ed Itor", &["edt"]),
            person("Both Ways", &["AUT", "ill"]),
            person("Odd Role", &["xyz"]),
        ],
        contributors: vec![
            person("Tran Slator", &["trl"]),
            person("Producer Co", &["bkp"]),
            person("Nobody", &[]),
        ],
        languages: vec!["en-GB".into(), "en".into(), "fr".into(), "und".into()],
        publisher: Some("Press".into()),
        date: Some("2019-05-02".into()),
        description: Some("About it.".into()),
        accessibility: Accessibility {
            access_modes: vec!["textual".into(), "visual".into()],
            access_modes_sufficient: vec!["textual".into()],
            features: vec!["alternativeText".into()],
            hazards: vec!["none".into()],
            summary: Some("Fine.".into()),
            conforms_to: vec!["EPUB Accessibility 1.1 - WCAG 2.2 Level AA".into()],
            certified_by: Some("Checker Inc".into()),
            certifier_credentials: vec!["A".into(), "B".into()],
            certifier_reports: vec!["https://r.example/1".into(), "https://r.example/2".into()],
        },
        ..EpubMetadata::default()
    }
}

fn choices() -> Choices {
    Choices {
        site: "lib".into(),
        status: None,
        usage: None,
        categories: vec!["Fiction".into()],
    }
}

#[test]
fn service_ids_follow_the_isbn_else_the_identifier() {
    let m = meta();
    let id = service_id("epub-", &m);
    assert_eq!(id.len(), "epub-".len() + 16);
    let other_package = EpubMetadata {
        identifier: "urn:uuid:2".into(),
        ..meta()
    };
    assert_eq!(
        service_id("epub-", &other_package),
        id,
        "same ISBN, same id"
    );
    let no_isbn = EpubMetadata {
        isbn: None,
        ..meta()
    };
    assert_ne!(service_id("epub-", &no_isbn), id);
    assert!(service_id("x", &m).starts_with('x'));
}

#[test]
fn maps_the_package_metadata() {
    let t = title(
        &meta(),
        None,
        &choices(),
        "epub-1",
        "titles/epub-1/EPUB3/a.epub",
    )
    .unwrap();
    assert_eq!(
        (t.status, t.usage_restriction, t.site.as_str()),
        (TitleStatusCode::Live, UsageRestriction::Copyright, "lib")
    );
    assert!(t.allow_recommend, "the record's own default");
    let who: Vec<_> = t
        .contributors
        .iter()
        .map(|c| (c.name.as_str(), c.kind))
        .collect();
    assert_eq!(
        who,
        [
            ("Ann Author", ContributorType::Author),
            ("Ed Itor", ContributorType::Editor),
            ("Both Ways", ContributorType::Author),
            ("Both Ways", ContributorType::Illustrator),
            ("Odd Role", ContributorType::Author),
            ("Tran Slator", ContributorType::Translator),
        ]
    );
    assert_eq!(t.languages, ["eng", "fra"]);
    assert_eq!(t.publish_date.unwrap().to_string(), "2019-05-02T00:00:00Z");
    assert_eq!(t.copyright_date, Some(2019));
    assert_eq!(t.categories, ["Fiction"]);
    let a = t.artifact(Format::Epub3).unwrap();
    assert_eq!(a.file.as_deref(), Some("titles/epub-1/EPUB3/a.epub"));
    let cert = &a.accessibility.accessibility_certifications;
    assert_eq!(cert.len(), 1);
    assert_eq!(cert[0].certifier_credential.as_deref(), Some("A; B"));
    assert_eq!(
        cert[0].certifier_report.as_deref(),
        Some("https://r.example/1")
    );
    assert_eq!(
        a.accessibility.accessibility_features[0].accessibility_feature,
        "alternativeText"
    );
}

#[test]
fn dates_that_do_not_parse_give_what_they_can() {
    for (date, publish, year) in [
        ("2019", false, Some(2019)),
        ("2019-05", false, Some(2019)),
        ("2019-05-02T10:00:00Z", true, Some(2019)),
        ("May 2019", false, None),
        ("20190", false, None),
    ] {
        let m = EpubMetadata {
            date: Some(date.into()),
            ..meta()
        };
        let t = title(&m, None, &choices(), "x", "k").unwrap();
        assert_eq!(t.publish_date.is_some(), publish, "{date}");
        assert_eq!(t.copyright_date, year, "{date}");
    }
}

#[test]
fn a_reimport_keeps_what_the_epub_does_not_say() {
    let first = title(&meta(), None, &choices(), "x", "old").unwrap();
    let mut stored = first.clone();
    stored.status = TitleStatusCode::Withdrawn;
    stored.bisac_codes = vec!["FIC000000".into()];
    stored.categories = vec!["Poetry".into()];
    let mut brf = stored.artifacts[0].clone();
    brf.format = Format::Brf;
    stored.artifacts.push(brf);
    stored.artifacts[0].producer = Some("Us".into());

    let again = title(&meta(), Some(stored), &choices(), "x", "new").unwrap();
    assert_eq!(again.status, TitleStatusCode::Withdrawn);
    assert_eq!(again.bisac_codes, ["FIC000000"]);
    assert_eq!(again.categories, ["Poetry", "Fiction"]);
    assert_eq!(again.artifacts.len(), 2);
    let epub = again.artifact(Format::Epub3).unwrap();
    assert_eq!(
        (epub.file.as_deref(), epub.producer.as_deref()),
        (Some("new"), Some("Us"))
    );

    let live = Choices {
        status: Some(TitleStatusCode::Live),
        ..choices()
    };
    let revived = title(&meta(), Some(again), &live, "x", "new").unwrap();
    assert_eq!(
        revived.status,
        TitleStatusCode::Live,
        "an explicit --status applies"
    );
}
