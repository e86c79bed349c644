//! Request limits per client key and per signed-in user, each a number of requests a minute,
//! and the count of failed sign-ins that slows password guessing.
//!
//! One node keeps them in its own memory (a token bucket per key; a counter per key and minute
//! for failures). Several nodes share them through Redis: a counter per key and minute, so that
//! a client cannot multiply its share by the number of nodes behind the load balancer.
//!
//! Failed sign-ins are counted three ways each minute: per user name and client address (the
//! setting, 10 by default), per client address over all names (3 times that), and per user name
//! from every address (10 times that). Only failures count, so a client that signs in per
//! request is never refused; someone guessing from one address is stopped after ten tries
//! without keeping the reader, at another address, out; and guessing one name from many
//! addresses is bounded too. Only that last, distributed case can keep a reader out, for the
//! rest of the minute. See `docs/decisions.md`.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, PoisonError};

use governor::clock::{Clock, DefaultClock};
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use lectern_domain::Timestamp;
use redis::aio::ConnectionManager;

type Keyed = RateLimiter<String, DefaultKeyedStateStore<String>, DefaultClock>;

pub struct RateLimits {
    per_client: u32,
    per_user: u32,
    per_sign_in: u32,
    backend: Backend,
}

/// The shares: requests a minute per client key and per signed-in user, and failed sign-ins a
/// minute per user name and client address.
#[derive(Debug, Clone, Copy)]
pub struct Quotas {
    pub per_client: u32,
    pub per_user: u32,
    pub per_sign_in: u32,
}

/// Failures an address may have over all user names, as a multiple of the per-pair share.
const FAILURES_PER_ADDRESS: u32 = 3;
/// Failures a user name may have from every address, as a multiple of the per-pair share.
const FAILURES_PER_NAME: u32 = 10;

enum Backend {
    Local(Box<Local>),
    Shared {
        redis: ConnectionManager,
        prefix: String,
    },
}

struct Local {
    /// The keys on the default share: most of them, checked without a lock.
    clients: Keyed,
    /// One limiter per share an operator set for some key.
    own_shares: std::sync::Mutex<HashMap<u32, Arc<Keyed>>>,
    users: Keyed,
    /// Failed sign-ins by counter key: (minute, count).
    failures: std::sync::Mutex<HashMap<String, (u64, u32)>>,
    clock: DefaultClock,
}

#[derive(Clone, Copy)]
enum Subject {
    /// A client key, with its own share a minute if the operator set one.
    Client(Option<u32>),
    User,
}

fn quota(per_minute: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN))
}

impl RateLimits {
    /// Limits kept in this process.
    pub fn local(quotas: Quotas) -> Self {
        RateLimits {
            per_client: quotas.per_client,
            per_user: quotas.per_user,
            per_sign_in: quotas.per_sign_in,
            backend: Backend::Local(Box::new(Local {
                clients: RateLimiter::keyed(quota(quotas.per_client)),
                own_shares: std::sync::Mutex::default(),
                users: RateLimiter::keyed(quota(quotas.per_user)),
                failures: std::sync::Mutex::default(),
                clock: DefaultClock::default(),
            })),
        }
    }

    /// Limits shared by every node that uses the same Redis and key prefix.
    pub async fn shared(
        redis_url: &str,
        prefix: &str,
        quotas: Quotas,
    ) -> Result<Self, redis::RedisError> {
        let redis = ConnectionManager::new(redis::Client::open(redis_url)?).await?;
        Ok(RateLimits {
            per_client: quotas.per_client,
            per_user: quotas.per_user,
            per_sign_in: quotas.per_sign_in,
            backend: Backend::Shared {
                redis,
                prefix: prefix.to_owned(),
            },
        })
    }

    /// `Err(seconds to wait)` when the client key has used its share: its own (`per_minute`,
    /// set by the operator) or the default.
    pub async fn check_client(&self, api_key: &str, per_minute: Option<u32>) -> Result<(), u64> {
        self.check(Subject::Client(per_minute), api_key).await
    }

    pub async fn check_user(&self, user_account_id: &str) -> Result<(), u64> {
        self.check(Subject::User, user_account_id).await
    }

    /// `Err(seconds to wait)` when this user name, from this address, may not try to sign in
    /// now: one of its three failure counts has reached its share this minute.
    pub async fn check_sign_in(&self, user_name: &str, address: &str) -> Result<(), u64> {
        let keys = self.failure_keys(user_name, address);
        let counts = match &self.backend {
            Backend::Local(local) => {
                let minute = current_minute();
                let failures = local.failures.lock().unwrap_or_else(|p| p.into_inner());
                keys.iter()
                    .map(|(k, _)| match failures.get(k) {
                        Some((m, n)) if *m == minute => *n,
                        _ => 0,
                    })
                    .collect::<Vec<u32>>()
            }
            Backend::Shared { redis, prefix } => {
                let names: Vec<String> = keys
                    .iter()
                    .map(|(k, _)| shared_key(prefix, k, current_minute()))
                    .collect();
                let counted: redis::RedisResult<Vec<Option<u32>>> = redis::cmd("MGET")
                    .arg(&names)
                    .query_async(&mut redis.clone())
                    .await;
                match counted {
                    Ok(counts) => counts.into_iter().map(Option::unwrap_or_default).collect(),
                    Err(e) => {
                        redis_unavailable(&e);
                        return Ok(());
                    }
                }
            }
        };
        if keys.iter().zip(counts).any(|((_, limit), n)| n >= *limit) {
            Err(60 - current_minute_offset())
        } else {
            Ok(())
        }
    }

    /// Counts a failed sign-in of this user name from this address.
    pub async fn record_sign_in_failure(&self, user_name: &str, address: &str) {
        let keys = self.failure_keys(user_name, address);
        let minute = current_minute();
        match &self.backend {
            Backend::Local(local) => {
                let mut failures = local.failures.lock().unwrap_or_else(|p| p.into_inner());
                for (k, _) in keys {
                    let entry = failures.entry(k).or_insert((minute, 0));
                    if entry.0 != minute {
                        *entry = (minute, 0);
                    }
                    entry.1 += 1;
                }
            }
            Backend::Shared { redis, prefix } => {
                let mut pipe = redis::pipe();
                pipe.atomic();
                for (k, _) in &keys {
                    let name = shared_key(prefix, k, minute);
                    pipe.incr(&name, 1u64).ignore();
                    pipe.cmd("EXPIRE").arg(&name).arg(120).arg("NX").ignore();
                }
                if let Err(e) = pipe.query_async::<()>(&mut redis.clone()).await {
                    redis_unavailable(&e);
                }
            }
        }
    }

    /// The three failure counters of a sign-in, with their shares.
    fn failure_keys(&self, user_name: &str, address: &str) -> [(String, u32); 3] {
        let name = user_name.trim().to_lowercase();
        let share = self.per_sign_in.max(1);
        [
            (format!("signin-pair:{name}|{address}"), share),
            (
                format!("signin-address:{address}"),
                share.saturating_mul(FAILURES_PER_ADDRESS),
            ),
            (
                format!("signin-name:{name}"),
                share.saturating_mul(FAILURES_PER_NAME),
            ),
        ]
    }

    async fn check(&self, subject: Subject, key: &str) -> Result<(), u64> {
        match &self.backend {
            Backend::Local(local) => {
                let own_limiter;
                let limiter = match subject {
                    Subject::Client(None) => &local.clients,
                    Subject::Client(Some(share)) => {
                        own_limiter = local.own_share_limiter(share);
                        &*own_limiter
                    }
                    Subject::User => &local.users,
                };
                limiter.check_key(&key.to_owned()).map_err(|not_until| {
                    let wait = not_until.wait_time_from(local.clock.now());
                    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
                })
            }
            Backend::Shared { redis, prefix } => {
                let (name, limit) = match subject {
                    Subject::Client(share) => ("client", share.unwrap_or(self.per_client)),
                    Subject::User => ("user", self.per_user),
                };
                let window_key = shared_key(prefix, &format!("{name}:{key}"), current_minute());
                let counted: redis::RedisResult<(u64,)> = redis::pipe()
                    .atomic()
                    .incr(&window_key, 1u64)
                    .cmd("EXPIRE")
                    .arg(&window_key)
                    .arg(120)
                    .arg("NX")
                    .ignore()
                    .query_async(&mut redis.clone())
                    .await;
                match counted {
                    Ok((count,)) if count > u64::from(limit) => Err(60 - current_minute_offset()),
                    Ok(_) => Ok(()),
                    Err(e) => {
                        redis_unavailable(&e);
                        Ok(())
                    }
                }
            }
        }
    }

    /// Forgets keys that have recovered their whole share, so memory stays bounded. Redis
    /// expires its own keys.
    pub fn forget_idle(&self) {
        if let Backend::Local(local) = &self.backend {
            local.clients.retain_recent();
            for limiter in local.lock_own_shares().values() {
                limiter.retain_recent();
            }
            local.users.retain_recent();
            let minute = current_minute();
            local
                .failures
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .retain(|_, (m, _)| *m == minute);
        }
    }
}

impl Local {
    fn lock_own_shares(&self) -> std::sync::MutexGuard<'_, HashMap<u32, Arc<Keyed>>> {
        self.own_shares
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The limiter of the keys whose own share is `per_minute`.
    fn own_share_limiter(&self, per_minute: u32) -> Arc<Keyed> {
        self.lock_own_shares()
            .entry(per_minute)
            .or_insert_with(|| Arc::new(RateLimiter::keyed(quota(per_minute))))
            .clone()
    }
}

fn current_minute() -> u64 {
    u64::try_from(Timestamp::now().unix()).unwrap_or(0) / 60
}

fn current_minute_offset() -> u64 {
    u64::try_from(Timestamp::now().unix()).unwrap_or(0) % 60
}

fn shared_key(prefix: &str, key: &str, minute: u64) -> String {
    format!("{prefix}:ratelimit:{key}:{minute}")
}

/// Readers keep reading while Redis is away: the limit protects the service, and refusing
/// everyone would be the outage it protects against.
fn redis_unavailable(e: &redis::RedisError) {
    tracing::warn!(error = %e, "rate limits unavailable: Redis did not answer; request let through");
    metrics::counter!("lectern_rate_limit_unavailable_total").increment(1);
}
