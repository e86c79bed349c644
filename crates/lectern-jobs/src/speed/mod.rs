//! An MP3 at another playback speed: decoded (symphonia), stretched in time with its pitch kept
//! (WSOLA, which suits the speech of audio books), and encoded again (LAME) at the bit rate and
//! sample rate it was recorded at, so that a track at 2× is about half the size.
//!
//! It streams: a decoded packet is stretched and encoded before the next is read, so an hour's
//! track needs the file and a few seconds of samples in memory, not the hour's samples.

use bytes::Bytes;
use lectern_domain::catalog::PlaybackSpeed;
use mp3lame_encoder::{Bitrate, Builder, Encoder, FlushGap, InterleavedPcm, MonoPcm};
use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::{Decoder, DecoderOptions};
use symphonia::core::errors::Error as DecodeError;
use symphonia::core::formats::{FormatOptions, FormatReader};
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

mod stretch;
use stretch::Stretch;

#[derive(Debug, thiserror::Error)]
pub enum SpeedError {
    /// The file is not audio this can read: it will not become readable by trying again.
    #[error("the file cannot be read as MP3 audio: {0}")]
    Unreadable(String),
    #[error("the audio could not be encoded: {0}")]
    Encoder(String),
}

/// How much of the start is decoded before the bit rate is judged from it.
const BITRATE_SAMPLE_SECONDS: f64 = 2.0;
/// Samples handed to LAME at a time, per channel.
const ENCODE_CHUNK: usize = 16_384;

/// The MP3 `mp3` played `speed` times as fast, as a new MP3.
pub fn change_speed(mp3: Bytes, speed: PlaybackSpeed) -> Result<Vec<u8>, SpeedError> {
    let mut source = Source::open(mp3)?;
    let mut stretch = Stretch::new(source.sample_rate, source.channels, speed.factor());
    // Stretched samples wait here until the bit rate is known and the encoder can be made.
    let mut waiting: Vec<f32> = Vec::new();
    let mut output: Option<Mp3Output> = None;
    while let Some(samples) = source.next_samples()? {
        stretch.push(&samples);
        let stretched = stretch.pull();
        match output.as_mut() {
            Some(out) => out.encode(&stretched)?,
            None => {
                waiting.extend(stretched);
                if source.seconds_read() >= BITRATE_SAMPLE_SECONDS {
                    let mut out =
                        Mp3Output::new(source.channels, source.sample_rate, source.bitrate())?;
                    out.encode(&std::mem::take(&mut waiting))?;
                    output = Some(out);
                }
            }
        }
    }
    if source.frames == 0 {
        return Err(SpeedError::Unreadable("it holds no audio".into()));
    }
    let mut out = match output {
        Some(out) => out,
        None => Mp3Output::new(source.channels, source.sample_rate, source.bitrate())?,
    };
    waiting.extend(stretch.finish());
    out.encode(&waiting)?;
    out.finish()
}

/// How long an MP3 plays, in seconds, by decoding it.
#[cfg(test)]
pub(crate) fn duration(mp3: Bytes) -> Result<f64, SpeedError> {
    let mut source = Source::open(mp3)?;
    while source.next_samples()?.is_some() {}
    Ok(source.seconds_read())
}

/// The decoder's side: interleaved samples, packet by packet, and what the file's rates are.
struct Source {
    reader: Box<dyn FormatReader>,
    decoder: Box<dyn Decoder>,
    track_id: u32,
    sample_rate: u32,
    channels: u16,
    /// Per channel, decoded so far.
    frames: u64,
    bytes: u64,
}

impl Source {
    fn open(mp3: Bytes) -> Result<Self, SpeedError> {
        let unreadable = |e: DecodeError| SpeedError::Unreadable(e.to_string());
        let stream =
            MediaSourceStream::new(Box::new(std::io::Cursor::new(mp3)), Default::default());
        let mut hint = Hint::new();
        hint.with_extension("mp3");
        let probed = symphonia::default::get_probe()
            .format(
                &hint,
                stream,
                &FormatOptions::default(),
                &MetadataOptions::default(),
            )
            .map_err(unreadable)?;
        let reader = probed.format;
        let track = reader
            .default_track()
            .ok_or_else(|| SpeedError::Unreadable("it has no audio track".into()))?;
        let params = track.codec_params.clone();
        let decoder = symphonia::default::get_codecs()
            .make(&params, &DecoderOptions::default())
            .map_err(unreadable)?;
        let sample_rate = params
            .sample_rate
            .ok_or_else(|| SpeedError::Unreadable("it has no sample rate".into()))?;
        let channels = params.channels.map_or(0, |c| c.count());
        if !(1..=2).contains(&channels) {
            return Err(SpeedError::Unreadable(format!(
                "MP3 has one or two channels, not {channels}"
            )));
        }
        Ok(Source {
            track_id: track.id,
            reader,
            decoder,
            sample_rate,
            channels: channels as u16,
            frames: 0,
            bytes: 0,
        })
    }

    /// The next packet's samples, interleaved; None at the end.
    fn next_samples(&mut self) -> Result<Option<Vec<f32>>, SpeedError> {
        loop {
            let packet = match self.reader.next_packet() {
                Ok(p) => p,
                Err(DecodeError::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                    return Ok(None);
                }
                Err(e) => return Err(SpeedError::Unreadable(e.to_string())),
            };
            if packet.track_id() != self.track_id {
                continue;
            }
            self.bytes += packet.data.len() as u64;
            let decoded = match self.decoder.decode(&packet) {
                Ok(d) => d,
                // A damaged frame is skipped, as players skip it.
                Err(DecodeError::DecodeError(_)) => continue,
                Err(e) => return Err(SpeedError::Unreadable(e.to_string())),
            };
            let spec = *decoded.spec();
            if spec.channels.count() != usize::from(self.channels) || spec.rate != self.sample_rate
            {
                return Err(SpeedError::Unreadable(
                    "its channels or sample rate change part way".into(),
                ));
            }
            let mut buffer = SampleBuffer::<f32>::new(decoded.capacity() as u64, spec);
            buffer.copy_interleaved_ref(decoded);
            let samples = buffer.samples().to_vec();
            self.frames += (samples.len() / usize::from(self.channels)) as u64;
            return Ok(Some(samples));
        }
    }

    fn seconds_read(&self) -> f64 {
        self.frames as f64 / f64::from(self.sample_rate)
    }

    /// The recording's average bit rate so far, as the nearest one MP3 has (a header frame or a
    /// partly decoded first packet puts the average a little off the rate it was made at).
    fn bitrate(&self) -> Bitrate {
        let seconds = self.seconds_read().max(1e-3);
        let kbps = self.bytes as f64 * 8.0 / seconds / 1000.0;
        const RATES: [(u32, Bitrate); 16] = [
            (8, Bitrate::Kbps8),
            (16, Bitrate::Kbps16),
            (24, Bitrate::Kbps24),
            (32, Bitrate::Kbps32),
            (40, Bitrate::Kbps40),
            (48, Bitrate::Kbps48),
            (64, Bitrate::Kbps64),
            (80, Bitrate::Kbps80),
            (96, Bitrate::Kbps96),
            (112, Bitrate::Kbps112),
            (128, Bitrate::Kbps128),
            (160, Bitrate::Kbps160),
            (192, Bitrate::Kbps192),
            (224, Bitrate::Kbps224),
            (256, Bitrate::Kbps256),
            (320, Bitrate::Kbps320),
        ];
        RATES
            .iter()
            .min_by(|a, b| {
                let off = |rate: u32| (f64::from(rate) - kbps).abs();
                off(a.0).total_cmp(&off(b.0))
            })
            .map_or(Bitrate::Kbps320, |(_, b)| *b)
    }
}

/// The encoder's side: LAME, in the process (`mp3lame-encoder`).
pub(crate) struct Mp3Output {
    encoder: Encoder,
    channels: usize,
    mp3: Vec<u8>,
}

impl Mp3Output {
    pub(crate) fn new(
        channels: u16,
        sample_rate: u32,
        bitrate: Bitrate,
    ) -> Result<Self, SpeedError> {
        let failed = |e: mp3lame_encoder::BuildError| SpeedError::Encoder(e.to_string());
        let mut builder =
            Builder::new().ok_or_else(|| SpeedError::Encoder("LAME could not start".into()))?;
        builder.set_num_channels(channels as u8).map_err(failed)?;
        builder.set_sample_rate(sample_rate).map_err(failed)?;
        builder
            .set_output_sample_rate(std::num::NonZeroU32::new(sample_rate))
            .map_err(failed)?;
        builder.set_brate(bitrate).map_err(failed)?;
        builder
            .set_quality(mp3lame_encoder::Quality::Good)
            .map_err(failed)?;
        Ok(Self {
            encoder: builder.build().map_err(failed)?,
            channels: usize::from(channels),
            mp3: Vec::new(),
        })
    }

    /// Encodes samples in -1 to 1, interleaved when there are two channels.
    pub(crate) fn encode(&mut self, samples: &[f32]) -> Result<(), SpeedError> {
        let failed = |e: mp3lame_encoder::EncodeError| SpeedError::Encoder(e.to_string());
        for chunk in samples.chunks(ENCODE_CHUNK * self.channels) {
            self.mp3
                .reserve(mp3lame_encoder::max_required_buffer_size(chunk.len()));
            if self.channels == 1 {
                self.encoder.encode_to_vec(MonoPcm(chunk), &mut self.mp3)
            } else {
                self.encoder
                    .encode_to_vec(InterleavedPcm(chunk), &mut self.mp3)
            }
            .map_err(failed)?;
        }
        Ok(())
    }

    /// The last frames: flushed whole (`lame_encode_flush`), since the file ends here; the
    /// no-gap flush, for streams continued in another file, held back up to a frame of the
    /// end (36 ms of a 1.42 s clip of synthesized speech, found by decoding it).
    pub(crate) fn finish(mut self) -> Result<Vec<u8>, SpeedError> {
        self.mp3
            .reserve(mp3lame_encoder::max_required_buffer_size(0));
        self.encoder
            .flush_to_vec::<FlushGap>(&mut self.mp3)
            .map_err(|e| SpeedError::Encoder(e.to_string()))?;
        Ok(self.mp3)
    }
}
