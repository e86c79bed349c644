//! Request limits per client key and per signed-in user, each a number of requests a minute.
//! Kept in this process; several nodes each keep their own share.

use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

type Keyed = RateLimiter<String, DefaultKeyedStateStore<String>, DefaultClock>;

pub struct RateLimits {
    clients: Keyed,
    users: Keyed,
    clock: DefaultClock,
}

impl RateLimits {
    pub fn new(per_client_per_minute: u32, per_user_per_minute: u32) -> Self {
        let quota =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN));
        RateLimits {
            clients: RateLimiter::keyed(quota(per_client_per_minute)),
            users: RateLimiter::keyed(quota(per_user_per_minute)),
            clock: DefaultClock::default(),
        }
    }

    /// `Err(seconds to wait)` when the client key has used its share.
    pub fn check_client(&self, api_key: &str) -> Result<(), u64> {
        self.check(&self.clients, api_key)
    }

    pub fn check_user(&self, user_account_id: &str) -> Result<(), u64> {
        self.check(&self.users, user_account_id)
    }

    fn check(&self, limiter: &Keyed, key: &str) -> Result<(), u64> {
        limiter.check_key(&key.to_owned()).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
        })
    }

    /// Forgets keys that have recovered their whole share, so memory stays bounded.
    pub fn forget_idle(&self) {
        self.clients.retain_recent();
        self.users.retain_recent();
    }
}
