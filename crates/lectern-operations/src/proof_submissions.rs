//! Proof of disability a member offers for themselves: another organization's membership, for
//! an assistant to check (`proof_review`), or a competent authority (a doctor, a teacher) asked
//! by e-mail to confirm, whose answer records the disabilities at once.

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::check_email;
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource};
use lectern_domain::client::Client;
use lectern_domain::ids;
use lectern_domain::invalid::Why;
use lectern_domain::secret::{new_token, token_hash};
use lectern_store::{accounts, disabilities, outbox};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// Another organization's membership, offered as proof.
pub struct MembershipProof<'a> {
    pub organization_name: &'a str,
    pub membership_id: &'a str,
    pub proof_source: ProofSource,
    pub disability_types: &'a [DisabilityType],
}

/// Submits the membership for review: the account's proof is `submitted` until an assistant
/// decides.
pub async fn submit_membership(
    house: &House,
    actor: &Actor,
    proof: MembershipProof<'_>,
) -> Outcome<()> {
    let me = actor.account()?;
    if matches!(
        proof.proof_source,
        ProofSource::SchoolVerified | ProofSource::Faxed
    ) {
        return Err(Failure::invalid(
            "proofSource",
            Why::of(
                "why-proof-source",
                "must name the kind of organization: learningOrg, trainingOrg, nls, marrakeshPartner or partner",
            ),
        ));
    }
    for (param, value) in [
        ("organizationName", proof.organization_name),
        ("membershipId", proof.membership_id),
    ] {
        if value.chars().count() > 200 {
            return Err(Failure::invalid(param, Why::at_most_chars(200)));
        }
    }
    let kinds: Vec<&str> = proof.disability_types.iter().map(|d| d.as_str()).collect();
    let note = format!(
        "{}: member {} of {}{}",
        proof.proof_source,
        proof.membership_id.trim(),
        proof.organization_name.trim(),
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        }
    );
    disabilities::submit(
        &mut *house.store.writer().await?,
        &ids::new_id(),
        &me.user_account_id,
        &note,
        disabilities::Proposed {
            proof_source: Some(proof.proof_source),
            disability_types: proof.disability_types,
        },
        Timestamp::now(),
    )
    .await?;
    Ok(())
}

/// Asks the authority at `email_address` to confirm the actor's print disability: the request
/// is submitted, and the e-mail queued with it. `body` writes the e-mail around the request
/// number, the authority's only credential (random, and kept only as a hash).
pub async fn ask_authority(
    house: &House,
    actor: &Actor,
    email_address: &str,
    body: impl FnOnce(&str) -> String,
) -> Outcome<()> {
    let me = actor.account()?;
    let email = email_address.trim();
    check_email(email).map_err(|why| Failure::invalid("emailAddress", why))?;
    let record = new_token();
    let submission_id = ids::new_id();
    let name = format!("{} {}", me.first_name, me.last_name);
    let mut tx = house.store.begin().await?;
    disabilities::submit(
        &mut tx,
        &submission_id,
        &me.user_account_id,
        &format!("confirmation asked of {email}"),
        // A competent authority's written confirmation is what `faxed` has always recorded.
        disabilities::Proposed {
            proof_source: Some(ProofSource::Faxed),
            disability_types: &[],
        },
        Timestamp::now(),
    )
    .await?;
    disabilities::open_authority_request(
        &mut tx,
        &token_hash(&record),
        &me.user_account_id,
        &submission_id,
        email,
    )
    .await?;
    outbox::enqueue(
        &mut tx,
        &me.site_id,
        email,
        &format!("Please confirm {name}'s print disability"),
        &body(&record),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Proof that the request comes through one of the library's own applications, through which
/// competent authorities answer: handed out by `may_answer` alone.
pub struct Answering(());

/// Competent authorities answer through the library's own applications.
pub fn may_answer(client: &Client) -> Outcome<Answering> {
    if client.privileged {
        Ok(Answering(()))
    } else {
        Err(Failure::refused(Why::of(
            "refused-authorities-privileged",
            "Competent authorities answer through the library's own applications (client keys with membership privileges)",
        )))
    }
}

fn unknown_record() -> Failure {
    Failure::not_found(Why::of(
        "absent-authority-request",
        "There is no such request; check the number in the e-mail",
    ))
}

/// The member named by `user_identifier` who made the request numbered `record`.
pub async fn requester(
    house: &House,
    _: &Answering,
    user_identifier: Option<&str>,
    record: &str,
) -> Outcome<(Account, disabilities::AuthorityRequest)> {
    let reads = house.store.reads();
    let request = disabilities::authority_request(reads, &token_hash(record))
        .await?
        .ok_or_else(unknown_record)?;
    let wanted = user_identifier.unwrap_or(&request.user_account_id);
    let member = accounts::by_identifier(reads, wanted)
        .await?
        .filter(|m| m.user_account_id == request.user_account_id)
        .ok_or_else(unknown_record)?;
    Ok((member, request))
}

/// The authority's answer to the request numbered `record`: the disabilities it confirms are
/// recorded, and the request is answered, together; the member, as found.
pub async fn confirm(
    house: &House,
    answering: &Answering,
    user_identifier: &str,
    record: &str,
    confirmed: &[DisabilityType],
) -> Outcome<Account> {
    if confirmed.is_empty() {
        return Err(Failure::Missing {
            param: "disabilityType",
        });
    }
    let (member, _) = requester(house, answering, Some(user_identifier), record).await?;
    let mut tx = house.store.begin().await?;
    if !disabilities::confirm_authority_request(&mut tx, &token_hash(record)).await? {
        return Err(Failure::conflict(Why::of(
            "conflict-request-answered",
            "This request was answered already",
        )));
    }
    for disability_type in confirmed {
        // A competent authority's written confirmation is what `faxed` has always recorded;
        // the form replaces the fax.
        let d = Disability {
            disability_type: *disability_type,
            proof_source: ProofSource::Faxed,
        };
        disabilities::put(&mut tx, &member.user_account_id, d).await?;
    }
    tx.commit().await?;
    Ok(member)
}
