//! A title's artifacts: which formats it comes in, and what each format's metadata says
//! (accessibility on EPUB 3, narration and duration on audio, braille settings on BRF).
//! Files are left out (`file: None`): the catalog is metadata only.

use lectern_domain::Timestamp;
use lectern_domain::catalog::artifact::{
    BrailleGrade, BrailleMusicScoreLayout, BrailleType, Certification, Feature, NarratorGender,
    NarratorType,
};
use lectern_domain::catalog::{
    AccessibilityMetadata, Artifact, ArtifactStatus, Format, Narrator, TitleStatusCode,
};
use lectern_domain::title_access::TitleStatus;
use rand::Rng;

use super::lifecycle::NOW;
use super::{Generator, pick};

/// What the artifacts need to know of their title.
pub struct Context {
    pub status: TitleStatusCode,
    pub music: bool,
    pub children: bool,
    pub pages: u32,
    pub images: u32,
    pub date_added: i64,
    pub publisher: &'static str,
    pub volunteer: bool,
    pub maths: bool,
}

const VOICES: &[(&str, NarratorGender)] = &[
    ("Lectern Neural Voice Ava", NarratorGender::Female),
    ("Lectern Neural Voice Noah", NarratorGender::Male),
    ("Lectern Neural Voice Maya", NarratorGender::Female),
    ("Lectern Neural Voice Sam", NarratorGender::OtherNonBinary),
];

pub fn build(g: &Generator, rng: &mut impl Rng, cx: &Context) -> Vec<Artifact> {
    let formats: &[(Format, f64)] = if cx.music {
        &[(Format::Brf, 0.9), (Format::Pdf, 0.6), (Format::Daisy, 0.1)]
    } else {
        &[
            (Format::Epub3, 0.8),
            (Format::Daisy, 0.55),
            (Format::DaisyAudio, 0.25),
            (Format::Daisy2Audio, 0.02),
            (Format::Brf, if cx.children { 0.3 } else { 0.12 }),
            (Format::Pdf, 0.1),
            (Format::Docx, 0.2),
        ]
    };
    let mut out = Vec::with_capacity(4);
    for &(format, share) in formats {
        if rng.random_bool(share) {
            out.push(artifact(g, rng, cx, format, !out.is_empty()));
        }
    }
    if out.is_empty() {
        let format = if cx.music { Format::Brf } else { Format::Epub3 };
        out.push(artifact(g, rng, cx, format, false));
    }
    out
}

fn artifact(
    g: &Generator,
    rng: &mut impl Rng,
    cx: &Context,
    format: Format,
    later: bool,
) -> Artifact {
    let status = match cx.status.lifecycle() {
        TitleStatus::Live => pick(
            rng,
            &[
                (97, ArtifactStatus::Available),
                (2, ArtifactStatus::InProduction),
                (1, ArtifactStatus::Withdrawn),
            ],
        ),
        TitleStatus::InProduction => ArtifactStatus::InProduction,
        TitleStatus::Withdrawn | TitleStatus::Removed => ArtifactStatus::Withdrawn,
    };
    // Formats after the first were often produced later, on request.
    let date_added = if later && rng.random_bool(0.4) {
        (cx.date_added + rng.random_range(0..2 * 365 * 86_400)).min(NOW)
    } else {
        cx.date_added
    };
    let mut a = Artifact {
        format,
        status,
        file: None,
        global_book_service_id: rng
            .random_bool(0.05)
            .then(|| format!("GBS-{:09}", rng.random_range(0..1_000_000_000u32))),
        producer: Some(
            if cx.volunteer {
                "Lectern Volunteers"
            } else {
                cx.publisher
            }
            .to_owned(),
        ),
        supplier: (!cx.volunteer).then(|| cx.publisher.to_owned()),
        narrator: None,
        braille_grade: None,
        braille_code: None,
        braille_type: None,
        braille_music_score_layout: None,
        duration: None,
        funding_source: rng
            .random_bool(0.02)
            .then(|| "Office of Special Education Programs".to_owned()),
        number_of_volumes: None,
        external_identifier_code: None,
        transcriber: None,
        accessibility: AccessibilityMetadata::default(),
        date_added: Some(Timestamp::from_unix(date_added)),
        derived: false,
    };
    match format {
        Format::Epub3 => a.accessibility = accessibility(rng, cx),
        Format::DaisyAudio | Format::Daisy2Audio => {
            // About a minute and a half of reading a page.
            let seconds = u64::from(cx.pages) * rng.random_range(70..130);
            a.duration = Some(format!(
                "PT{}H{}M{}S",
                seconds / 3600,
                seconds / 60 % 60,
                seconds % 60
            ));
            a.narrator = Some(if rng.random_bool(0.7) {
                let (name, gender) = VOICES[rng.random_range(0..VOICES.len())];
                Narrator {
                    name: name.to_owned(),
                    gender: Some(gender),
                    kind: NarratorType::Tts,
                }
            } else {
                let (name, gender) = g.names.person(rng);
                Narrator {
                    name,
                    gender: rng.random_bool(0.9).then_some(gender),
                    kind: NarratorType::Human,
                }
            });
        }
        Format::Brf => {
            let transcribed = cx.music || rng.random_bool(0.2);
            a.braille_type = Some(if transcribed {
                BrailleType::Transcribed
            } else {
                BrailleType::Automated
            });
            a.transcriber = transcribed.then(|| g.names.person(rng).0);
            a.braille_grade = Some(if cx.children && rng.random_bool(0.4) {
                BrailleGrade::Uncontracted
            } else {
                BrailleGrade::Contracted
            });
            a.braille_code = Some(
                if cx.music {
                    "Braille Music Code"
                } else if rng.random_bool(0.8) {
                    "UEB"
                } else {
                    "EBAE"
                }
                .to_owned(),
            );
            a.braille_music_score_layout = cx.music.then(|| {
                if rng.random_bool(0.5) {
                    BrailleMusicScoreLayout::BarOverBar
                } else {
                    BrailleMusicScoreLayout::BarByBar
                }
            });
            // A braille volume holds about 35 print pages once contracted.
            a.number_of_volumes = Some(cx.pages / 35 + 1);
        }
        _ => {}
    }
    a
}

fn accessibility(rng: &mut impl Rng, cx: &Context) -> AccessibilityMetadata {
    let conformance = pick(
        rng,
        &[
            (6, Some("EPUB Accessibility 1.1 - WCAG 2.1 Level AA")),
            (2, Some("EPUB Accessibility 1.0 - WCAG 2.0 Level AA")),
            (2, None),
        ],
    );
    let mut features = vec!["tableOfContents", "readingOrder", "structuralNavigation"];
    for (feature, share) in [
        ("alternativeText", if cx.images > 0 { 0.9 } else { 0.0 }),
        ("displayTransformability", 0.7),
        ("printPageNumbers", 0.5),
        ("pageNavigation", 0.5),
        ("index", 0.2),
        ("MathML", if cx.maths { 0.6 } else { 0.0 }),
        ("longDescription", if cx.images > 0 { 0.2 } else { 0.0 }),
        ("ARIA", 0.3),
    ] {
        if rng.random_bool(share) {
            features.push(feature);
        }
    }
    let mut access_modes = vec!["textual".to_owned()];
    if cx.images > 0 {
        access_modes.push("visual".to_owned());
    }
    AccessibilityMetadata {
        accessibility_summary: conformance.map(|c| {
            format!("This publication meets {c}: it has structured navigation and a logical reading order{}.",
                if cx.images > 0 { ", and its images are described" } else { "" })
        }),
        accessibility_conformances: conformance.map(str::to_owned).into_iter().collect(),
        accessibility_certifications: if conformance.is_some() && rng.random_bool(0.15) {
            vec![Certification {
                certified_by: Some("Lectern Accessibility Review".to_owned()),
                certifier_credential: None,
                certifier_report: None,
            }]
        } else {
            Vec::new()
        },
        accessibility_features: features
            .into_iter()
            .map(|f| Feature { accessibility_feature: f.to_owned(), description: None })
            .collect(),
        accessibility_hazards: pick(
            rng,
            &[
                (7, &["none"][..]),
                (2, &["noFlashingHazard", "noMotionSimulationHazard", "noSoundHazard"]),
                (1, &["unknown"]),
            ],
        )
        .iter()
        .map(|h| (*h).to_owned())
        .collect(),
        access_modes,
        access_modes_sufficient: vec!["textual".to_owned()],
    }
}
