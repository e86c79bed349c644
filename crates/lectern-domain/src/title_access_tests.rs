use proptest::prelude::*;

use super::*;

fn title() -> TitleFacts {
    TitleFacts {
        site_id: "a".into(),
        in_global_collection: false,
        status: TitleStatus::Live,
        usage: UsageRestriction::Copyright,
        adult_content: false,
        countries: vec![],
        nimac_restricted: false,
    }
}

/// A reader in good standing: every rule passes.
fn member() -> ReaderFacts {
    ReaderFacts {
        user_account_id: "reader".into(),
        site_id: "a".into(),
        roles: Roles::new([Role::IndividualMember]),
        country: Some("US".into()),
        allow_adult_content: false,
        has_agreement: true,
        subscription_status: SubscriptionStatus::Active,
        proof_of_disability_status: ProofOfDisabilityStatus::Active,
        organization_id: None,
        organization: None,
        has_education_plan: false,
        downloads_in_period: 0,
        quota: None,
        quota_period: DownloadTimeframe::Monthly,
    }
}

fn with_role(role: Role, site: &str) -> ReaderFacts {
    ReaderFacts {
        roles: Roles::new([role]),
        site_id: site.into(),
        ..member()
    }
}

fn school(
    allow_search_downloads: bool,
    safe_search: bool,
    can_download_nimac: bool,
) -> Option<OrganizationPolicy> {
    Some(OrganizationPolicy {
        allow_search_downloads,
        safe_search,
        can_download_nimac,
        suspended: false,
    })
}

fn student() -> ReaderFacts {
    ReaderFacts {
        roles: Roles::new([Role::OrganizationMember]),
        organization_id: Some("school".into()),
        organization: school(true, false, false),
        ..member()
    }
}

fn codes(alerts: &[Alert]) -> Vec<&'static str> {
    alerts.iter().map(|a| a.code).collect()
}

fn guest(site: &str) -> Viewer {
    Viewer::Guest {
        site_id: site.into(),
    }
}

#[test]
fn titles_are_visible_on_their_site_and_from_the_global_collection() {
    let mine = title();
    assert!(is_visible(&guest("a"), &mine));
    assert!(is_visible(&Viewer::User(member()), &mine));
    assert!(!is_visible(&guest("b"), &mine), "another site's own titles");
    assert!(!is_visible(
        &Viewer::User(with_role(Role::IndividualMember, "b")),
        &mine
    ));
    let global = TitleFacts {
        in_global_collection: true,
        ..title()
    };
    assert!(is_visible(&guest("b"), &global));
    assert!(is_visible(
        &Viewer::User(with_role(Role::IndividualMember, "b")),
        &global
    ));
    assert!(
        is_visible(&Viewer::User(with_role(Role::Administrator, "b")), &mine),
        "administrators see every site"
    );
}

#[test]
fn only_live_titles_are_visible_except_to_those_who_manage_them() {
    for status in [
        TitleStatus::Withdrawn,
        TitleStatus::InProduction,
        TitleStatus::Removed,
    ] {
        let t = TitleFacts { status, ..title() };
        assert!(!is_visible(&guest("a"), &t));
        assert!(!is_visible(&Viewer::User(member()), &t));
        assert!(!is_visible(
            &Viewer::User(with_role(Role::OrganizationSponsor, "a")),
            &t
        ));
        assert!(is_visible(
            &Viewer::User(with_role(Role::CollectionAssistant, "a")),
            &t
        ));
        assert!(!is_visible(
            &Viewer::User(with_role(Role::CollectionAssistant, "b")),
            &t
        ));
        assert!(is_visible(
            &Viewer::User(with_role(Role::Administrator, "b")),
            &t
        ));
        assert_eq!(
            codes(&download_alerts(Some(&member()), &t, false)),
            ["TITLE_NOT_LIVE"]
        );
    }
}

#[test]
fn adult_content_is_shown_only_to_readers_who_allow_it_outside_safe_search() {
    let adult = TitleFacts {
        adult_content: true,
        ..title()
    };
    assert!(!is_visible(&guest("a"), &adult));
    assert!(!is_visible(&Viewer::User(member()), &adult));
    let allowing = ReaderFacts {
        allow_adult_content: true,
        ..member()
    };
    assert!(is_visible(&Viewer::User(allowing.clone()), &adult));
    assert!(download_alerts(Some(&allowing), &adult, false).is_empty());
    assert_eq!(
        codes(&download_alerts(Some(&member()), &adult, false)),
        ["ADULT_CONTENT"]
    );

    let safe_student = ReaderFacts {
        allow_adult_content: true,
        organization: school(true, true, false),
        ..student()
    };
    assert!(!is_visible(&Viewer::User(safe_student.clone()), &adult));
    assert_eq!(
        codes(&download_alerts(Some(&safe_student), &adult, false)),
        ["ADULT_CONTENT"]
    );
}

#[test]
fn guests_download_only_public_domain_and_creative_commons_titles() {
    assert_eq!(
        codes(&download_alerts(None, &title(), false)),
        ["SIGN_IN_REQUIRED"]
    );
    for usage in [
        UsageRestriction::PublicDomain,
        UsageRestriction::CreativeCommons,
    ] {
        let open = TitleFacts { usage, ..title() };
        assert!(download_alerts(None, &open, false).is_empty());
        let restricted = TitleFacts {
            countries: vec!["GB".into()],
            ..open
        };
        assert_eq!(
            codes(&download_alerts(None, &restricted, false)),
            ["COUNTRY_RESTRICTED"]
        );
    }
}

#[test]
fn a_member_in_good_standing_downloads() {
    assert!(download_alerts(Some(&member()), &title(), false).is_empty());
    assert!(download_alerts(Some(&student()), &title(), false).is_empty());
}

#[test]
fn each_unmet_condition_refuses_with_its_own_code() {
    let cases: Vec<(ReaderFacts, TitleFacts, &str)> = vec![
        (
            member(),
            TitleFacts {
                countries: vec!["GB".into(), "IE".into()],
                ..title()
            },
            "COUNTRY_RESTRICTED",
        ),
        (
            ReaderFacts {
                country: None,
                ..member()
            },
            TitleFacts {
                countries: vec!["US".into()],
                ..title()
            },
            "COUNTRY_RESTRICTED",
        ),
        (
            ReaderFacts {
                has_agreement: false,
                ..member()
            },
            title(),
            "AGREEMENT_MISSING",
        ),
        (
            ReaderFacts {
                subscription_status: SubscriptionStatus::Expired,
                ..member()
            },
            title(),
            "SUBSCRIPTION_EXPIRED",
        ),
        (
            ReaderFacts {
                subscription_status: SubscriptionStatus::Missing,
                ..member()
            },
            title(),
            "SUBSCRIPTION_MISSING",
        ),
        (
            ReaderFacts {
                proof_of_disability_status: ProofOfDisabilityStatus::Missing,
                ..member()
            },
            title(),
            "PROOF_OF_DISABILITY_MISSING",
        ),
        (
            ReaderFacts {
                proof_of_disability_status: ProofOfDisabilityStatus::Submitted,
                ..member()
            },
            title(),
            "PROOF_OF_DISABILITY_PENDING",
        ),
        (
            ReaderFacts {
                organization: school(false, false, false),
                ..student()
            },
            title(),
            "ASSIGNED_TITLES_ONLY",
        ),
        (
            student(),
            TitleFacts {
                nimac_restricted: true,
                ..title()
            },
            "NIMAC_RESTRICTED",
        ),
        (
            ReaderFacts {
                quota: Some(100),
                downloads_in_period: 100,
                ..member()
            },
            title(),
            "MONTHLY_QUOTA_REACHED",
        ),
        (
            with_role(Role::OrganizationSponsor, "a"),
            title(),
            "NOT_A_MEMBER",
        ),
        (
            with_role(Role::CollectionAssistant, "a"),
            title(),
            "NOT_A_MEMBER",
        ),
    ];
    for (reader, t, code) in cases {
        let alerts = download_alerts(Some(&reader), &t, false);
        assert_eq!(codes(&alerts), [code], "{reader:?}");
        assert_eq!(alerts[0].level, AlertLevel::Error);
        assert!(!alerts[0].message.is_empty());
        assert!(!allows_download(&alerts));
    }
    // An organization member who signed no agreement of their own is not asked for one.
    assert!(
        download_alerts(
            Some(&ReaderFacts {
                has_agreement: false,
                ..student()
            }),
            &title(),
            false
        )
        .is_empty()
    );
}

#[test]
fn assigned_titles_and_eligible_students_lift_the_organizations_limits() {
    let assigned_only = ReaderFacts {
        organization: school(false, false, false),
        ..student()
    };
    assert!(download_alerts(Some(&assigned_only), &title(), true).is_empty());
    let nimac = TitleFacts {
        nimac_restricted: true,
        ..title()
    };
    let eligible = ReaderFacts {
        has_education_plan: true,
        organization: school(true, false, true),
        ..student()
    };
    assert!(download_alerts(Some(&eligible), &nimac, false).is_empty());
    let without_plan = ReaderFacts {
        has_education_plan: false,
        ..eligible.clone()
    };
    assert_eq!(
        codes(&download_alerts(Some(&without_plan), &nimac, false)),
        ["NIMAC_RESTRICTED"]
    );
}

#[test]
fn a_suspended_organizations_members_cannot_download_even_assigned_titles() {
    let suspended = ReaderFacts {
        organization: Some(OrganizationPolicy {
            suspended: true,
            ..school(true, false, false).unwrap()
        }),
        ..student()
    };
    assert_eq!(
        codes(&download_alerts(Some(&suspended), &title(), true)),
        ["ORGANIZATION_SUSPENDED"]
    );
}

#[test]
fn a_nearly_used_allowance_warns_without_refusing() {
    let reader = ReaderFacts {
        quota: Some(100),
        downloads_in_period: 97,
        ..member()
    };
    let alerts = download_alerts(Some(&reader), &title(), false);
    assert_eq!(codes(&alerts), ["MONTHLY_QUOTA_LOW"]);
    assert_eq!(alerts[0].level, AlertLevel::Warning);
    assert!(
        alerts[0]
            .message
            .contains("3 of the 100 downloads this month")
    );
    assert!(allows_download(&alerts));
}

#[test]
fn who_downloads_for_whom() {
    let sponsor = ReaderFacts {
        user_account_id: "sponsor".into(),
        roles: Roles::new([Role::OrganizationSponsor]),
        organization_id: Some("school".into()),
        ..member()
    };
    assert!(may_download_for(&sponsor, &student()));
    let elsewhere = ReaderFacts {
        organization_id: Some("other-school".into()),
        ..student()
    };
    assert!(!may_download_for(&sponsor, &elsewhere));
    assert!(
        !may_download_for(&sponsor, &member()),
        "an individual member is not the sponsor's to serve"
    );
    let assistant = ReaderFacts {
        user_account_id: "ma".into(),
        ..with_role(Role::MembershipAssistant, "a")
    };
    assert!(may_download_for(&assistant, &member()));
    assert!(!may_download_for(
        &ReaderFacts {
            site_id: "b".into(),
            ..assistant
        },
        &member()
    ));
    let admin = ReaderFacts {
        user_account_id: "admin".into(),
        ..with_role(Role::Administrator, "b")
    };
    assert!(may_download_for(&admin, &member()));
    let other_member = ReaderFacts {
        user_account_id: "other".into(),
        ..member()
    };
    assert!(!may_download_for(&other_member, &member()));
    assert!(may_download_for(&member(), &member()), "oneself");
    assert!(downloads_for_others(&sponsor) && !downloads_for_others(&member()));
}

fn any_reader() -> impl Strategy<Value = ReaderFacts> {
    (
        prop::sample::select(vec![
            Role::IndividualMember,
            Role::OrganizationMember,
            Role::OrganizationSponsor,
            Role::Administrator,
        ]),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec![
            SubscriptionStatus::Active,
            SubscriptionStatus::Expired,
            SubscriptionStatus::Missing,
        ]),
        prop::sample::select(vec![
            ProofOfDisabilityStatus::Active,
            ProofOfDisabilityStatus::Submitted,
            ProofOfDisabilityStatus::Missing,
        ]),
        prop::option::of((any::<bool>(), any::<bool>(), any::<bool>())),
        0u32..120,
        prop::option::of(prop::sample::select(vec![100u32, 200, 300])),
    )
        .prop_map(
            |(role, adult, agreement, subscription, proof, org, used, quota)| ReaderFacts {
                roles: Roles::new([role]),
                allow_adult_content: adult,
                has_agreement: agreement,
                subscription_status: subscription,
                proof_of_disability_status: proof,
                organization: org.map(|(a, s, n)| OrganizationPolicy {
                    allow_search_downloads: a,
                    safe_search: s,
                    can_download_nimac: n,
                    suspended: false,
                }),
                organization_id: org.map(|_| "school".into()),
                downloads_in_period: used,
                quota,
                ..member()
            },
        )
}

fn any_title() -> impl Strategy<Value = TitleFacts> {
    (
        prop::sample::select(vec![
            TitleStatus::Live,
            TitleStatus::Withdrawn,
            TitleStatus::InProduction,
            TitleStatus::Removed,
        ]),
        prop::sample::select(vec![
            UsageRestriction::Copyright,
            UsageRestriction::PublicDomain,
            UsageRestriction::CreativeCommons,
        ]),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(status, usage, adult, restricted, nimac)| TitleFacts {
            status,
            usage,
            adult_content: adult,
            countries: if restricted {
                vec!["GB".into()]
            } else {
                vec![]
            },
            nimac_restricted: nimac,
            ..title()
        })
}

proptest! {
    #[test]
    fn no_guest_ever_downloads_a_copyrighted_or_unpublished_title(t in any_title()) {
        let allowed = allows_download(&download_alerts(None, &t, false));
        if t.usage == UsageRestriction::Copyright || t.status != TitleStatus::Live {
            prop_assert!(!allowed);
        }
    }

    #[test]
    fn a_reader_out_of_standing_is_always_refused_with_documented_alerts(r in any_reader(), t in any_title(), assigned in any::<bool>()) {
        let alerts = download_alerts(Some(&r), &t, assigned);
        let refused_by_standing = r.subscription_status != SubscriptionStatus::Active
            || r.proof_of_disability_status != ProofOfDisabilityStatus::Active
            || t.status != TitleStatus::Live
            || (r.quota.is_some_and(|q| r.downloads_in_period >= q));
        if refused_by_standing {
            prop_assert!(!allows_download(&alerts));
        }
        // Every alert names its rule with a documented code and says something.
        for a in &alerts {
            prop_assert!(DOCUMENTED_CODES.contains(&a.code), "{}", a.code);
            prop_assert!(!a.message.is_empty());
        }
    }
}

fn any_viewer() -> impl Strategy<Value = Viewer> {
    let site = prop::sample::select(vec!["a", "b", "g"]);
    let role = prop::sample::select(vec![
        Role::IndividualMember,
        Role::OrganizationMember,
        Role::CollectionAssistant,
        Role::Administrator,
    ]);
    (any_reader(), site, role, any::<bool>()).prop_map(|(r, site, role, guest)| {
        if guest {
            Viewer::Guest {
                site_id: site.into(),
            }
        } else {
            Viewer::User(ReaderFacts {
                site_id: site.into(),
                roles: Roles::new([role]),
                ..r
            })
        }
    })
}

proptest! {
    /// The index filters whole result sets with `search_scope`; it must let through exactly the
    /// titles `is_visible` shows, so that search and metadata never disagree.
    #[test]
    fn the_search_scope_admits_exactly_the_visible_titles(
        v in any_viewer(),
        t in any_title(),
        site in prop::sample::select(vec!["a", "b", "g"]),
    ) {
        let t = TitleFacts { site_id: site.into(), in_global_collection: site == "g", ..t };
        let scope = search_scope(&v, &["g".to_owned()]);
        prop_assert_eq!(scope_admits(&scope, &t), is_visible(&v, &t));
    }
}

/// The codes docs/access-rules.md documents; a test there checks the document lists these.
const DOCUMENTED_CODES: [&str; 18] = [
    "TITLE_NOT_LIVE",
    "SIGN_IN_REQUIRED",
    "COUNTRY_RESTRICTED",
    "NOT_A_MEMBER",
    "ADULT_CONTENT",
    "AGREEMENT_MISSING",
    "SUBSCRIPTION_EXPIRED",
    "SUBSCRIPTION_MISSING",
    "PROOF_OF_DISABILITY_PENDING",
    "PROOF_OF_DISABILITY_MISSING",
    "ORGANIZATION_SUSPENDED",
    "ASSIGNED_TITLES_ONLY",
    "NIMAC_RESTRICTED",
    "MONTHLY_QUOTA_REACHED",
    "MONTHLY_QUOTA_LOW",
    "SUBSCRIPTION_QUOTA_REACHED",
    "SUBSCRIPTION_QUOTA_LOW",
    "DOCUMENT_NOT_CONVERTED",
];

#[test]
fn every_alert_code_is_documented() {
    let doc = include_str!("../../../docs/access-rules.md");
    for code in DOCUMENTED_CODES {
        assert!(
            doc.contains(&format!("`{code}`")),
            "docs/access-rules.md does not document {code}"
        );
    }
}
