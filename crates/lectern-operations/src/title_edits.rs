//! A curator's edits of a title (its metadata, an artifact's details, a format's file), from the
//! API and the staff's pages alike: read into a typed edit and tried on the title as it stands,
//! every bad parameter named and nothing queued; then queued, typed, for the worker, which
//! applies it to the title as it is then.

use crate::absences;
use lectern_domain::invalid::Why;
use std::collections::HashSet;

use lectern_domain::Timestamp;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::edit::{
    ARTIFACT_PARAMS, EditContext, EditForm, TITLE_PARAMS, names_contributors,
};
use lectern_domain::catalog::title_edit::{
    EditRefusal, EditTarget, Edited, KeptEdit, TitleChange, read_edit,
};
use lectern_store::catalog_edits::{self, EditKind, HistoryEntry, NewEdit};
use lectern_store::titles;

use crate::actor::Actor;
use crate::curator::{Curator, names_something, person_name};
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// A title the actor may edit: a curator of its site. A title of another site is absent to them.
pub struct TitleEditing<'a> {
    curator: Curator<'a>,
    title: TitleRecord,
}

impl<'a> TitleEditing<'a> {
    pub async fn of(
        house: &House,
        actor: &'a Actor,
        service_id: &str,
    ) -> Outcome<TitleEditing<'a>> {
        let absent = || absences::title(service_id);
        let title = titles::get(house.store.reads(), service_id)
            .await?
            .ok_or_else(absent)?;
        let curator = Curator::of(actor, Some(&title.site), "edit titles", absent)?;
        Ok(TitleEditing { curator, title })
    }

    /// Checks the edit against the title and queues it for the worker: the form names
    /// something the target takes (a metadata edit may name contributors alone), then the
    /// edit itself.
    pub async fn submit(&self, house: &House, target: EditTarget, form: EditForm) -> Outcome<()> {
        let params = match target {
            EditTarget::Metadata => TITLE_PARAMS,
            EditTarget::Artifact(_) => ARTIFACT_PARAMS,
            EditTarget::File(_) => &["file"],
        };
        if !(target == EditTarget::Metadata && names_contributors(&form)) {
            names_something(&form, params)?;
        }
        let title = &self.title;
        let (change, edited) = read(house, title, target, &form).await?;
        if let Some(pid) = edited.claimed_product_identifier()
            && let Some(owner) =
                catalog_edits::product_identifier_owner(house.store.reads(), &title.site, pid)
                    .await?
            && owner != title.service_id
        {
            return Err(Failure::Conflict {
                param: Some("productIdentifier"),
                why: Why::of(
                    "why-product-identifier-of",
                    format!("'{pid}' is the product identifier of the title '{owner}'"),
                )
                .with("identifier", pid)
                .with("title", owner),
            });
        }
        let comment = form
            .get("comments")
            .and_then(|v| v.first())
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty());
        let (kind, detail) = match target {
            EditTarget::Metadata => (EditKind::Title, None),
            EditTarget::Artifact(f) => (EditKind::Artifact, Some(f.to_string())),
            EditTarget::File(f) => (EditKind::File, Some(f.to_string())),
        };
        let who = self.curator.account;
        catalog_edits::accept(
            &house.store,
            &NewEdit {
                site_id: title.site.clone(),
                kind,
                target_id: title.service_id.clone(),
                detail,
                edit: KeptEdit::Change(change),
                requested_by: who.user_account_id.clone(),
                requested_by_name: person_name(who),
                comment,
            },
        )
        .await?;
        Ok(())
    }
}

/// The edit the form asks for, and the title as it would leave it: refused now as the worker
/// would refuse it.
async fn read(
    house: &House,
    title: &TitleRecord,
    target: EditTarget,
    form: &EditForm,
) -> Outcome<(TitleChange, Edited)> {
    let names = house.titles.category_names(&house.store).await?;
    let categories: HashSet<String> = names.categories.keys().cloned().collect();
    let cx = EditContext {
        categories: &categories,
        now: Timestamp::now(),
    };
    read_edit(title, target, form, &cx).map_err(|refusal| match refusal {
        EditRefusal::Invalid(problems) => Failure::Invalid(problems),
        EditRefusal::Removed => Failure::conflict(
            Why::of(
                "conflict-title-removed",
                format!(
                    "The title '{}' was removed from the collection; only a titleStatus edit restores it",
                    title.service_id
                ),
            )
            .with("id", &title.service_id),
        ),
        EditRefusal::NoArtifact(f) => absences::artifact(&title.service_id, f),
    })
}

/// The actor's edit of the title `service_id`, checked and queued: the title found for a
/// curator of its site first (`TitleEditing::of`), then the edit (`submit`).
pub async fn accept(
    house: &House,
    actor: &Actor,
    service_id: &str,
    target: EditTarget,
    form: EditForm,
) -> Outcome<()> {
    let editing = TitleEditing::of(house, actor, service_id).await?;
    editing.submit(house, target, form).await
}

/// The title as it stands, for a curator of its site: what an edit's page starts from.
pub async fn curated_title(house: &House, actor: &Actor, service_id: &str) -> Outcome<TitleRecord> {
    Ok(TitleEditing::of(house, actor, service_id).await?.title)
}

/// The title's history of edits, newest first, for a curator of its site.
pub async fn history_of(
    house: &House,
    actor: &Actor,
    service_id: &str,
) -> Outcome<Vec<HistoryEntry>> {
    let absent = || absences::title(service_id);
    let reads = house.store.reads();
    let facts = titles::facts(reads, service_id, &[])
        .await?
        .ok_or_else(absent)?;
    Curator::of(
        actor,
        Some(&facts.site_id),
        "read a title's history",
        absent,
    )?;
    Ok(catalog_edits::history(reads, service_id).await?)
}
