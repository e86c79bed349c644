//! One model of a catalog feed, which `opds2` writes as OPDS 2.0 JSON and `atom` as OPDS 1.2
//! Atom: a feed says what it holds once, and each rendering says it in its own words.

use lectern_domain::catalog::AccessibilityMetadata;

use crate::conventions::paging::Turns;

/// A feed: a page of navigation entries (a navigation feed) or of publications (an
/// acquisition feed), with its links and facets.
pub struct Feed {
    /// Absolute URL of the feed without its rendering's choice; Atom's `id` and JSON's `self`.
    pub id: String,
    pub title: String,
    /// ISO 8601, when the feed's content last changed (Atom requires one).
    pub updated: String,
    pub links: Vec<FeedLink>,
    pub navigation: Vec<NavEntry>,
    pub publications: Vec<Publication>,
    pub facets: Vec<FacetGroup>,
    /// Titles matched in all (paged feeds); `None` for navigation.
    pub total: Option<u64>,
    pub per_page: Option<u32>,
}

impl Feed {
    /// A feed with nothing in it yet, for `..Feed::empty()`.
    pub fn empty() -> Feed {
        Feed {
            id: String::new(),
            title: String::new(),
            updated: String::new(),
            links: vec![],
            navigation: vec![],
            publications: vec![],
            facets: vec![],
            total: None,
            per_page: None,
        }
    }

    /// Whether it lists publications (an acquisition feed) rather than feeds.
    pub fn is_acquisition(&self) -> bool {
        !self.publications.is_empty() || self.total.is_some()
    }
}

/// What a link leads to, so that each rendering writes the right media type for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leads {
    Navigation,
    Acquisition,
    /// The OpenSearch description (OPDS 1.2) or the templated search (OPDS 2.0).
    Search,
}

/// A feed-level link: `self`, `start`, `up`, `next`, `previous`, `first`, `search`.
pub struct FeedLink {
    pub rel: &'static str,
    pub href: String,
    pub leads: Leads,
    pub title: Option<String>,
}

impl FeedLink {
    pub fn to(rel: &'static str, href: String, leads: Leads) -> FeedLink {
        FeedLink {
            rel,
            href,
            leads,
            title: None,
        }
    }

    /// `self`, `first`, and `previous` and `next` where there are such pages: `here` makes the
    /// feed's address starting at a token (none: the first page).
    pub fn paging(
        here: impl Fn(Option<&str>) -> String,
        start: Option<&str>,
        turns: &Turns,
        leads: Leads,
    ) -> Vec<FeedLink> {
        let mut links = vec![
            FeedLink::to("self", here(start), leads),
            FeedLink::to("first", here(None), leads),
        ];
        if let Some(previous) = &turns.previous {
            links.push(FeedLink::to("previous", here(Some(previous)), leads));
        }
        if let Some(next) = &turns.next {
            links.push(FeedLink::to("next", here(Some(next)), leads));
        }
        links
    }
}

/// An entry of a navigation feed: a titled link to another feed.
pub struct NavEntry {
    pub title: String,
    pub href: String,
    pub leads: Leads,
    /// `http://opds-spec.org/sort/new`, `.../popular`, `subsection` ...
    pub rel: &'static str,
    /// What the entry holds, in a sentence (Atom's `content`).
    pub summary: Option<String>,
    pub count: Option<u64>,
}

impl NavEntry {
    /// The one entry of a feed with nothing else in it: a feed must hold publications or
    /// navigation, and a reader who finds nothing is led back to the catalog's start.
    pub fn back_to_start(title: &str, start: String) -> NavEntry {
        NavEntry {
            title: title.to_owned(),
            href: start,
            leads: Leads::Navigation,
            rel: "start",
            summary: None,
            count: None,
        }
    }
}

/// A group of facets (format, language, accessibility ...), each a link to this feed narrowed.
pub use crate::title_search::facets::FacetGroup;

/// A publication as a reader chooses it: what it is, who made it, how it can be read.
pub struct Publication {
    /// `urn:lectern:{site}:{serviceId}`: stable across renderings and servers' addresses.
    pub id: String,
    pub title: String,
    pub subtitle: Option<String>,
    pub contributors: Vec<Person>,
    pub summary: Option<String>,
    /// BCP 47 (two letters where ISO 639-1 has them).
    pub languages: Vec<String>,
    pub publisher: Option<String>,
    /// ISO 8601 date.
    pub published: Option<String>,
    /// ISO 8601 date-time of the record's last change.
    pub modified: String,
    pub isbn13: Option<String>,
    pub subjects: Vec<Subject>,
    pub images: Vec<Image>,
    pub acquisitions: Vec<Acquisition>,
    /// The accessibility of the title's artifacts, merged (what any of its formats offers).
    pub accessibility: AccessibilityMetadata,
}

/// A contributor and their role, named as OPDS 2.0 names its roles (`author`, `narrator` ...).
pub struct Person {
    pub name: String,
    pub sort_as: Option<String>,
    pub role: Role,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    Author,
    Translator,
    Editor,
    Illustrator,
    Narrator,
    Contributor,
}

impl Role {
    /// The OPDS 2.0 (Readium) metadata key of the role.
    pub fn key(self) -> &'static str {
        match self {
            Role::Author => "author",
            Role::Translator => "translator",
            Role::Editor => "editor",
            Role::Illustrator => "illustrator",
            Role::Narrator => "narrator",
            Role::Contributor => "contributor",
        }
    }
}

pub struct Subject {
    pub name: String,
    pub code: Option<String>,
    /// The scheme's URI: the service's categories or BISAC.
    pub scheme: &'static str,
    /// The feed of this subject's titles.
    pub href: String,
}

pub struct Image {
    pub href: String,
    pub media_type: &'static str,
    pub width: u32,
    pub height: u32,
    pub thumbnail: bool,
}

/// One way to have the publication: a format the reader may download.
pub struct Acquisition {
    pub href: String,
    pub media_type: &'static str,
    pub title: String,
    /// `open-access` for titles anyone may have (public domain, Creative Commons).
    pub open_access: bool,
    /// Why this reader may not have it, as `titleAccessAlerts` says; the link then answers 403
    /// with the same reasons.
    pub refused_because: Option<String>,
    /// The book to read online (its Readium Web Publication Manifest), not a file: written in
    /// OPDS 2.0 only, which Readium apps read, and never in OPDS 1.2, whose apps (KOReader)
    /// would save the manifest as a book.
    pub streamed: bool,
}

impl Acquisition {
    /// The link's relation in both renderings. A download is not a loan: nothing is lent or
    /// returned, so the rest is plain `acquisition`, never `acquisition/borrow`, which KOReader
    /// shows as a disabled "Borrow" button (`docs/opds.md`).
    pub fn rel(&self) -> &'static str {
        if self.open_access {
            "http://opds-spec.org/acquisition/open-access"
        } else {
            "http://opds-spec.org/acquisition"
        }
    }
}
