//! MP3s at another playback speed: as long as the speed says, at the pitch they were recorded
//! at, in the same sample rate, channels and bit rate.

use bytes::Bytes;
use lectern_domain::catalog::PlaybackSpeed;
use lectern_jobs::speed::{SpeedError, change_speed};
use mp3lame_encoder::{Bitrate, Builder, FlushGap, InterleavedPcm};
use symphonia::core::audio::SampleBuffer;
use symphonia::core::io::MediaSourceStream;

const SPEECH: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/speech.mp3"
));

struct Decoded {
    sample_rate: u32,
    channels: usize,
    /// The first channel.
    samples: Vec<f32>,
}

impl Decoded {
    fn seconds(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.sample_rate)
    }

    /// Sign changes a second, ignoring the hiss of silence: twice the pitch of a tone, and a
    /// measure of a voice's spectrum.
    fn crossings_per_second(&self) -> f64 {
        let mut last_positive = None;
        let mut crossings = 0;
        for v in self.samples.iter().filter(|v| v.abs() > 0.02) {
            let positive = *v > 0.0;
            if last_positive.is_some_and(|p| p != positive) {
                crossings += 1;
            }
            last_positive = Some(positive);
        }
        crossings as f64 / self.seconds()
    }
}

fn decode(mp3: &[u8]) -> Decoded {
    let stream = MediaSourceStream::new(
        Box::new(std::io::Cursor::new(mp3.to_vec())),
        Default::default(),
    );
    let mut reader = symphonia::default::get_probe()
        .format(
            &Default::default(),
            stream,
            &Default::default(),
            &Default::default(),
        )
        .unwrap()
        .format;
    let track = reader.default_track().unwrap().clone();
    let mut decoder = symphonia::default::get_codecs()
        .make(&track.codec_params, &Default::default())
        .unwrap();
    let channels = track.codec_params.channels.unwrap().count();
    let mut samples = Vec::new();
    while let Ok(packet) = reader.next_packet() {
        let decoded = decoder.decode(&packet).unwrap();
        let mut buffer = SampleBuffer::<f32>::new(decoded.capacity() as u64, *decoded.spec());
        buffer.copy_interleaved_ref(decoded);
        samples.extend(buffer.samples().iter().step_by(channels));
    }
    Decoded {
        sample_rate: track.codec_params.sample_rate.unwrap(),
        channels,
        samples,
    }
}

fn speed(s: &str) -> PlaybackSpeed {
    s.parse().unwrap()
}

fn within(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual / expected - 1.0).abs() <= tolerance
}

#[test]
fn speech_plays_faster_and_slower_at_its_own_pitch_and_bit_rate() {
    let original = decode(SPEECH);
    assert_eq!((original.sample_rate, original.channels), (22_050, 1));
    for factor in ["0.5", "1.5", "2", "3.5"] {
        let mp3 = change_speed(Bytes::from_static(SPEECH), speed(factor)).unwrap();
        let played = decode(&mp3);
        let f: f64 = factor.parse().unwrap();
        assert_eq!(
            (played.sample_rate, played.channels),
            (22_050, 1),
            "{factor}"
        );
        assert!(
            within(played.seconds(), original.seconds() / f, 0.03),
            "{factor}: {:.2} s from {:.2} s",
            played.seconds(),
            original.seconds()
        );
        // Played faster by resampling, the voice would rise: crossings would scale with `f`.
        assert!(
            within(
                played.crossings_per_second(),
                original.crossings_per_second(),
                0.15
            ),
            "{factor}: {:.0} crossings a second against {:.0}",
            played.crossings_per_second(),
            original.crossings_per_second()
        );
        // The same 32 kb/s: the size follows the length.
        assert!(
            within(mp3.len() as f64, SPEECH.len() as f64 / f, 0.1),
            "{factor}: {} bytes from {}",
            mp3.len(),
            SPEECH.len()
        );
    }
}

/// A stereo 440 Hz tone at 44.1 kHz, made here with LAME.
fn stereo_tone(seconds: f64) -> Vec<u8> {
    let rate = 44_100;
    let frames = (seconds * f64::from(rate)) as usize;
    let pcm: Vec<f32> = (0..frames)
        .flat_map(|i| {
            let v = (2.0 * std::f32::consts::PI * 440.0 * i as f32 / rate as f32).sin() * 0.5;
            [v, v * 0.8]
        })
        .collect();
    let mut builder = Builder::new().unwrap();
    builder.set_num_channels(2).unwrap();
    builder.set_sample_rate(rate).unwrap();
    builder.set_brate(Bitrate::Kbps128).unwrap();
    let mut encoder = builder.build().unwrap();
    let mut mp3 = Vec::with_capacity(mp3lame_encoder::max_required_buffer_size(frames) * 2);
    encoder
        .encode_to_vec(InterleavedPcm(&pcm), &mut mp3)
        .unwrap();
    encoder.flush_to_vec::<FlushGap>(&mut mp3).unwrap();
    mp3
}

#[test]
fn a_stereo_tone_keeps_its_pitch_and_channels() {
    let tone = stereo_tone(3.0);
    let original = decode(&tone);
    assert!(
        within(original.crossings_per_second(), 880.0, 0.05),
        "{:.1} crossings a second",
        original.crossings_per_second()
    );
    let played = decode(&change_speed(Bytes::from(tone), speed("1.25")).unwrap());
    assert_eq!((played.sample_rate, played.channels), (44_100, 2));
    assert!(
        within(played.seconds(), original.seconds() / 1.25, 0.03),
        "{} {}",
        played.seconds(),
        original.seconds()
    );
    assert!(
        within(played.crossings_per_second(), 880.0, 0.05),
        "{:.1} crossings a second",
        played.crossings_per_second()
    );
}

#[test]
fn what_is_not_mp3_audio_is_unreadable() {
    for bytes in [
        &b"ID3 a stand-in"[..],
        b"",
        b"%PDF-1.4 a stand-in",
        &[0u8; 4096],
    ] {
        let result = change_speed(Bytes::copy_from_slice(bytes), speed("2"));
        assert!(
            matches!(result, Err(SpeedError::Unreadable(_))),
            "{:?}: {result:?}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(20)])
        );
    }
}
