//! A member's subscriptions: the one in force today, with its kind; one they buy; and those a
//! membership assistant records and changes for them, each with its record of changes.

use lectern_domain::account::Account;
use lectern_domain::account::standing::{
    DownloadTimeframe, PromoCode, PromoRefusal, Subscription, SubscriptionForm, SubscriptionTerms,
    SubscriptionType, known_type, payment, plus_days, renewal_start,
};
use lectern_domain::invalid::Why;
use lectern_domain::{Timestamp, ids};
use lectern_store::keyset::{self, KeyPart};
use lectern_store::subscriptions;
use serde::Serialize;
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing;
use crate::managed_accounts::{Managed, shown};

/// The account's subscription in force today, if one is (the door found the account through
/// the rules: the actor's own).
pub async fn in_force(house: &House, a: &Account) -> Outcome<Option<Subscription>> {
    let today = Timestamp::now().date();
    Ok(subscriptions::active(house.store.reads(), &a.user_account_id, &today).await?)
}

/// The actor's subscription in force today and its kind (`None` when the kind is no longer
/// offered); absent when none is.
pub async fn mine(
    house: &House,
    actor: &Actor,
) -> Outcome<(Subscription, Option<SubscriptionType>)> {
    let me = actor.account()?;
    let reads = house.store.reads();
    let active = subscriptions::active(reads, &me.user_account_id, &Timestamp::now().date())
        .await?
        .ok_or_else(|| {
            Failure::not_found(Why::of(
                "absent-my-subscription",
                "You have no subscription in force",
            ))
        })?;
    let kind = subscriptions::types(reads)
        .await?
        .into_iter()
        .find(|k| k.name == active.terms.subscription_type);
    Ok((active, kind))
}

/// What the record of changes says was done, in the API's words whichever door it came
/// through (`docs/decisions.md`, "The record of changes").
const GRANTED: &str = "POST /v2/accounts/{userIdentifier}/subscriptions";
const CHANGED: &str = "PUT /v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}";

/// A subscription as the record of changes keeps it: document 3's names, the days as days,
/// without the links a door shows it with.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Recorded<'a> {
    subscription_id: &'a str,
    start_date: &'a str,
    end_date: Option<&'a str>,
    user_subscription_type: &'a str,
    num_books_allowed: Option<u32>,
    download_timeframe: Option<DownloadTimeframe>,
    notes: Option<&'a str>,
    price: i64,
    promo_code: Option<&'a str>,
    credits_used: i64,
}

fn recorded(s: &Subscription) -> Outcome<Value> {
    let t = &s.terms;
    shown(&Recorded {
        subscription_id: &s.subscription_id,
        start_date: &t.start_date,
        end_date: t.end_date.as_deref(),
        user_subscription_type: &t.subscription_type,
        num_books_allowed: t.num_books_allowed,
        download_timeframe: t.download_timeframe,
        notes: t.notes.as_deref(),
        price: s.price,
        promo_code: s.promo_code.as_deref(),
        credits_used: s.credits_used,
    })
}

/// The kinds of subscription the library offers.
pub async fn types(house: &House) -> Outcome<Vec<SubscriptionType>> {
    Ok(subscriptions::types(house.store.reads()).await?)
}

/// A page of the kinds offered, by name after `after` (up to `limit + 1`), and how many there
/// are: what anyone may read.
pub async fn types_page(
    house: &House,
    after: Option<&str>,
    limit: u32,
) -> Outcome<(Vec<SubscriptionType>, u64)> {
    let reads = house.store.reads();
    let rows = subscriptions::types_page(reads, after, limit).await?;
    let count = subscriptions::types_count(reads);
    let total = listing::total(after.is_none(), limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// A subscription as written, with the kinds offered that its terms were checked against (a
/// door shows the kind's description without reading them again).
pub type Written = (Subscription, Vec<SubscriptionType>);

/// The terms a form asks for, checked against the kinds offered; and those kinds.
async fn terms_of(
    house: &House,
    form: SubscriptionForm,
) -> Outcome<(SubscriptionTerms, Vec<SubscriptionType>)> {
    let kinds = types(house).await?;
    let terms = form.terms(&kinds).map_err(Failure::Invalid)?;
    Ok((terms, kinds))
}

/// A page of the managed account's subscriptions, the latest start first, after the key of the
/// last one shown: up to `limit + 1`, and how many there are.
pub async fn page_of_managed(
    house: &House,
    m: &Managed,
    after: Option<&[KeyPart]>,
    limit: u32,
) -> Outcome<(Vec<Subscription>, u64)> {
    if after.is_some_and(|k| !keyset::key_fits(k, &[false, false])) {
        return Err(Failure::invalid(
            "start",
            Why::of("why-not-a-page", "is not a page of this list"),
        ));
    }
    let reads = house.store.reads();
    let id = &m.account.user_account_id;
    let rows = subscriptions::page(reads, id, after, limit).await?;
    let count = subscriptions::count(reads, id);
    let total = listing::total(after.is_none(), limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// Grants the managed account a subscription on the terms the form asks for, with the record
/// of the change.
pub async fn grant_for(house: &House, m: &Managed, form: SubscriptionForm) -> Outcome<Written> {
    let (terms, kinds) = terms_of(house, form).await?;
    let subscription = Subscription {
        subscription_id: ids::new_id(),
        user_account_id: m.account.user_account_id.clone(),
        terms,
        price: 0,
        promo_code: None,
        credits_used: 0,
    };
    let after = recorded(&subscription)?;
    let mut tx = house.store.begin().await?;
    subscriptions::put(&mut tx, &subscription, Some(&m.by)).await?;
    m.record(&mut tx, GRANTED, None, Some(after)).await?;
    tx.commit().await?;
    Ok((subscription, kinds))
}

/// The managed account's subscription of that id; absent when it has none such.
pub async fn of_managed(
    house: &House,
    m: &Managed,
    subscription_id: &str,
) -> Outcome<Subscription> {
    subscriptions::get(
        house.store.reads(),
        &m.account.user_account_id,
        subscription_id,
    )
    .await?
    .ok_or_else(|| {
        Failure::not_found(
            Why::of(
                "absent-subscription",
                format!("The account has no subscription '{subscription_id}'"),
            )
            .with("id", subscription_id),
        )
    })
}

/// Puts the managed account's subscription on the terms the form asks for, with the record of
/// the change.
pub async fn change_for(
    house: &House,
    m: &Managed,
    subscription_id: &str,
    form: SubscriptionForm,
) -> Outcome<Written> {
    let (terms, kinds) = terms_of(house, form).await?;
    let mut subscription = of_managed(house, m, subscription_id).await?;
    let before = recorded(&subscription)?;
    subscription.terms = terms;
    let after = recorded(&subscription)?;
    let mut tx = house.store.begin().await?;
    subscriptions::put(&mut tx, &subscription, Some(&m.by)).await?;
    m.record(&mut tx, CHANGED, Some(before), Some(after))
        .await?;
    tx.commit().await?;
    Ok((subscription, kinds))
}

/// What a member asks to buy.
pub struct Purchase {
    /// A type the library sells (one with a price).
    pub subscription_type: String,
    pub promo_code: Option<String>,
    /// Pay with the account's credits as far as they go.
    pub use_credits: bool,
    /// The library's own shop took the rest: its reference (privileged clients only).
    pub payment_reference: Option<String>,
}

/// The actor's own subscription, bought: of a type the library sells, at its price less the
/// promotion and the credits used, starting today or the day after the one in force ends. The
/// rest must be paid through the library's shop, which only its own applications speak for.
/// Returns the kinds offered too, for the answer's description.
pub async fn buy_mine(
    house: &House,
    actor: &Actor,
    p: Purchase,
) -> Outcome<(Subscription, Vec<SubscriptionType>)> {
    let me = actor.account()?;
    if p.payment_reference.is_some() && !actor.client.privileged {
        return Err(Failure::invalid(
            "paymentReference",
            Why::of(
                "why-payments-privileged",
                "only the library's own applications (client keys with membership privileges) take payments",
            ),
        ));
    }
    let all = types(house).await?;
    let kind = known_type(&all, &p.subscription_type).map_err(|e| Failure::Invalid(vec![e]))?;
    let price = kind.price.ok_or_else(|| {
        Failure::invalid(
            "userSubscriptionType",
            Why::of(
                "why-granted-not-bought",
                format!("'{}' is granted by the library, not bought", kind.name),
            )
            .with("value", &kind.name),
        )
    })?;
    let today = Timestamp::now().date();
    let promo = match &p.promo_code {
        None => None,
        Some(code) => Some(usable_promo(house, &me.site_id, code, &kind.name, &today).await?),
    };
    let paid = payment(
        price,
        promo.as_ref().map_or(0, |c| c.percent_off),
        me.details.credits,
        p.use_credits,
    );
    if paid.amount_due > 0 && p.payment_reference.is_none() {
        return Err(Failure::PaymentDue {
            amount: paid.amount_due,
            why: format!(
                "{} credits are due after the promotion and credits; pay them through the library",
                paid.amount_due
            ),
        });
    }
    let reads = house.store.reads();
    let current = subscriptions::active(reads, &me.user_account_id, &today).await?;
    let start = renewal_start(current.as_ref(), &today);
    let end = kind.duration_days.map(|days| plus_days(&start, days - 1));
    let subscription = Subscription {
        subscription_id: ids::new_id(),
        user_account_id: me.user_account_id.clone(),
        terms: SubscriptionTerms {
            subscription_type: kind.name.clone(),
            start_date: start,
            end_date: end,
            num_books_allowed: kind.num_books_allowed,
            download_timeframe: kind.download_timeframe,
            notes: p.payment_reference.as_ref().map(|r| format!("payment {r}")),
        },
        price,
        promo_code: promo.as_ref().map(|c| c.code.clone()),
        credits_used: paid.credits_used,
    };
    write_bought(house, &subscription).await?;
    Ok((subscription, all))
}

/// The site's promotion code `code`, if it applies to `kind` today.
async fn usable_promo(
    house: &House,
    site_id: &str,
    code: &str,
    kind: &str,
    today: &str,
) -> Outcome<PromoCode> {
    let promo = subscriptions::promo_code(house.store.reads(), site_id, code)
        .await?
        .ok_or_else(|| {
            Failure::invalid(
                "promoCode",
                Why::of("why-promo-unknown", "is not a code of this library"),
            )
        })?;
    promo.usable_for(kind, today).map_err(|why| {
        Failure::invalid(
            "promoCode",
            match why {
                PromoRefusal::OtherType => Why::of(
                    "why-promo-other-type",
                    "does not apply to this subscription type",
                ),
                PromoRefusal::Expired => Why::of("why-promo-expired", "has expired"),
                PromoRefusal::UsedUp => Why::of("why-promo-used-up", "has been used up"),
            },
        )
    })?;
    Ok(promo)
}

/// The bought subscription written: the promotion code's use and the credits it takes spent
/// with it, all or none (another purchase may have taken the code's last use or the credits
/// meanwhile).
async fn write_bought(house: &House, subscription: &Subscription) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    if let Some(code) = &subscription.promo_code
        && !subscriptions::spend_promo_code(&mut tx, code).await?
    {
        return Err(Failure::conflict(Why::of(
            "conflict-promotion-used-up",
            "The promotion code was used up meanwhile",
        )));
    }
    let owner = &subscription.user_account_id;
    if !subscriptions::spend_credits(&mut tx, owner, subscription.credits_used).await? {
        return Err(Failure::conflict(Why::of(
            "conflict-credits-spent",
            "The account's credits were spent meanwhile; try again",
        )));
    }
    subscriptions::put(&mut tx, subscription, Some(owner)).await?;
    tx.commit().await?;
    Ok(())
}
