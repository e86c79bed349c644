//! How long making an MP3 at another speed takes, for a track of a given length (the speech
//! fixture, repeated): `cargo run --release -p lectern-jobs --example speed_timing -- MINUTES`.

use std::time::Instant;

use bytes::Bytes;
use lectern_domain::catalog::PlaybackSpeed;
use lectern_jobs::speed::change_speed;

const SPEECH: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/speech.mp3"
));
/// The fixture's length.
const SPEECH_SECONDS: f64 = 8.7;

fn main() {
    let minutes: f64 = std::env::args()
        .nth(1)
        .map_or(10.0, |m| m.parse().expect("MINUTES is a number"));
    let copies = (minutes * 60.0 / SPEECH_SECONDS).ceil() as usize;
    // MP3 frames stand alone, so a file repeated end to end is one longer track.
    let track = Bytes::from(SPEECH.repeat(copies));
    println!(
        "a {:.1}-minute track: {} bytes, mono 22.05 kHz 32 kb/s",
        copies as f64 * SPEECH_SECONDS / 60.0,
        track.len()
    );
    for speed in ["0.5", "1.5", "2", "3.5"] {
        let speed: PlaybackSpeed = speed.parse().expect("a speed");
        let started = Instant::now();
        let made = change_speed(track.clone(), speed).expect("made");
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "speed {speed}: {seconds:.2} s ({:.0} times as fast as the track plays), {} bytes",
            copies as f64 * SPEECH_SECONDS / seconds,
            made.len()
        );
    }
}
