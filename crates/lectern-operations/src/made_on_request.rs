//! What is made the first time a reader asks for it and shared after: a format made from a
//! title's EPUB master, an audio file at another speed, and the secrets the nodes share (the
//! first node's, kept). The door has found that the actor may have the title; asking queues the
//! making (or finds it made) in the store's own statement.

use lectern_domain::Timestamp;
use lectern_domain::catalog::PlaybackSpeed;
use lectern_domain::secret::new_token;
use lectern_store::made_formats::{self, Making};
use lectern_store::speed_variants::{self, SpeedVariant};

use crate::failure::Outcome;
use crate::house::House;

/// The title's format (in `variant`, a recipe's layout) made from `master`: queued if nobody
/// had asked for it from this master.
pub async fn made_format(
    house: &House,
    (service_id, format, variant): (&str, &str, &str),
    master: &str,
) -> Outcome<Making> {
    let asked = (service_id, format, variant);
    Ok(made_formats::request(&house.store, asked, master, Timestamp::now()).await?)
}

/// This version of the file at `speed`: queued if nobody had asked for it.
pub async fn at_speed(
    house: &House,
    (source_key, version): (&str, i64),
    speed: PlaybackSpeed,
) -> Outcome<SpeedVariant> {
    let store = &house.store;
    Ok(speed_variants::request(store, source_key, version, speed, Timestamp::now()).await?)
}

/// The secret the nodes share under `name`: the first node to ask makes it, every node reads it.
pub async fn shared_secret(house: &House, name: &str) -> Outcome<String> {
    Ok(lectern_store::downloads::server_secret(&house.store, name, &new_token()).await?)
}
