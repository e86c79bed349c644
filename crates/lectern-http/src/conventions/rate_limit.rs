//! Request limits per client key and per signed-in user, each a number of requests a minute.
//!
//! One node keeps them in its own memory (a token bucket per key). Several nodes share them
//! through Redis: a counter per key and minute, so that a client cannot multiply its share by
//! the number of nodes behind the load balancer.

use std::num::NonZeroU32;

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

/// The shares: requests a minute per client key and per signed-in user, and sign-in attempts a
/// minute per user name (whatever their outcome, so that guessing a password is slow).
#[derive(Debug, Clone, Copy)]
pub struct Quotas {
    pub per_client: u32,
    pub per_user: u32,
    pub per_sign_in: u32,
}

enum Backend {
    Local(Box<Local>),
    Shared {
        redis: ConnectionManager,
        prefix: String,
    },
}

struct Local {
    clients: Keyed,
    users: Keyed,
    sign_ins: Keyed,
    clock: DefaultClock,
}

#[derive(Clone, Copy)]
enum Subject {
    Client,
    User,
    SignIn,
}

impl RateLimits {
    /// Limits kept in this process.
    pub fn local(quotas: Quotas) -> Self {
        let quota =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN));
        RateLimits {
            per_client: quotas.per_client,
            per_user: quotas.per_user,
            per_sign_in: quotas.per_sign_in,
            backend: Backend::Local(Box::new(Local {
                clients: RateLimiter::keyed(quota(quotas.per_client)),
                users: RateLimiter::keyed(quota(quotas.per_user)),
                sign_ins: RateLimiter::keyed(quota(quotas.per_sign_in)),
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

    /// `Err(seconds to wait)` when the client key has used its share.
    pub async fn check_client(&self, api_key: &str) -> Result<(), u64> {
        self.check(Subject::Client, api_key).await
    }

    pub async fn check_user(&self, user_account_id: &str) -> Result<(), u64> {
        self.check(Subject::User, user_account_id).await
    }

    /// Counts a sign-in attempt for a user name (any case).
    pub async fn check_sign_in(&self, user_name: &str) -> Result<(), u64> {
        self.check(Subject::SignIn, &user_name.to_lowercase()).await
    }

    async fn check(&self, subject: Subject, key: &str) -> Result<(), u64> {
        match &self.backend {
            Backend::Local(local) => {
                let limiter = match subject {
                    Subject::Client => &local.clients,
                    Subject::User => &local.users,
                    Subject::SignIn => &local.sign_ins,
                };
                limiter.check_key(&key.to_owned()).map_err(|not_until| {
                    let wait = not_until.wait_time_from(local.clock.now());
                    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
                })
            }
            Backend::Shared { redis, prefix } => {
                let (name, limit) = match subject {
                    Subject::Client => ("client", self.per_client),
                    Subject::User => ("user", self.per_user),
                    Subject::SignIn => ("signin", self.per_sign_in),
                };
                let now = u64::try_from(Timestamp::now().unix()).unwrap_or(0);
                let window_key = format!("{prefix}:ratelimit:{name}:{key}:{}", now / 60);
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
                    Ok((count,)) if count > u64::from(limit) => Err(60 - now % 60),
                    Ok(_) => Ok(()),
                    // Readers keep reading while Redis is away: the limit protects the service,
                    // and refusing everyone would be the outage it protects against.
                    Err(e) => {
                        tracing::warn!(error = %e, "rate limits unavailable: Redis did not answer; request let through");
                        metrics::counter!("lectern_rate_limit_unavailable_total").increment(1);
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
            local.users.retain_recent();
            local.sign_ins.retain_recent();
        }
    }
}
