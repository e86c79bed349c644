//! Which formats of a title a reader may take, and why not: the one answer the title page's
//! choices, OPDS's acquisition links and a download's refusal are all drawn from. The access
//! rules say whether the reader may take the title at all (`title_access`'s alerts); each
//! format says whether it can be had now (`Artifact::not_ready`).

use std::borrow::Cow;

use lectern_domain::catalog::{Artifact, ArtifactStatus, NotReady, TitleRecord};
use lectern_domain::title_access::{Alert, AlertLevel, allows_download};

use crate::titles::CatalogViewer;

/// A title as offered to one reader.
pub struct Offer<'r> {
    alerts: Vec<Alert>,
    /// Every format offered: the title's own and those made from its master on request.
    pub formats: Vec<Offered<'r>>,
}

/// One format of the title, and why it cannot be had now (`None` when it can).
pub struct Offered<'r> {
    pub artifact: Cow<'r, Artifact>,
    pub not_ready: Option<NotReady>,
}

impl<'r> Offer<'r> {
    pub fn of(record: &'r TitleRecord, who: &CatalogViewer) -> Self {
        let alerts = who
            .perspective()
            .alerts(record, who.in_global(&record.site));
        let formats = record
            .offered()
            .into_iter()
            .map(|artifact| Offered {
                not_ready: artifact.not_ready(),
                artifact,
            })
            .collect();
        Offer { alerts, formats }
    }

    /// Whether the access rules let the reader take the title at all.
    pub fn allowed(&self) -> bool {
        allows_download(&self.alerts)
    }

    /// Why the reader may not take the title at all; empty when they may.
    pub fn refusals(&self) -> Vec<&Alert> {
        self.at(AlertLevel::Error)
    }

    /// What the reader should know before taking it (the rules' warnings).
    pub fn notes(&self) -> Vec<&Alert> {
        self.at(AlertLevel::Warning)
    }

    fn at(&self, level: AlertLevel) -> Vec<&Alert> {
        self.alerts.iter().filter(|a| a.level == level).collect()
    }

    /// The formats the reader may take now.
    pub fn takeable(&self) -> impl Iterator<Item = &Artifact> {
        let allowed = self.allowed();
        self.formats
            .iter()
            .filter(move |f| allowed && f.not_ready.is_none())
            .map(|f| &*f.artifact)
    }

    /// The formats the catalog lists as lent (their files may still be on their way).
    pub fn lent(&self) -> impl Iterator<Item = &Artifact> {
        self.formats
            .iter()
            .map(|f| &*f.artifact)
            .filter(|a| a.status == ArtifactStatus::Available)
    }
}
