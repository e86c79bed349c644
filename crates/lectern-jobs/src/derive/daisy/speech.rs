//! The book read aloud: each item that is spoken synthesized by eSpeak NG (Debian's
//! `espeak-ng`, run as a process) in the book's language, its samples laid end to end in its
//! section's audio, which LAME encodes as MP3 (in the process, as the speed variants are made).
//! Where each item's speech begins and ends is counted in samples, so the SMIL that
//! synchronizes text and audio is exact.

use std::path::Path;
use std::process::Command;

use lectern_domain::catalog::speech::voice;

use mp3lame_encoder::Bitrate;

use super::book::{Book, section_file};
use crate::convert::Cancel;
use crate::convert::tools::run;
use crate::derive::{NamedFiles, TOOL_OUTPUT_BYTES, scratch};
use crate::speed::Mp3Output;
use crate::work_error::{WorkError, Worked};

/// The name of the narration's timings among its files.
pub(crate) const TIMINGS: &str = "narration.tsv";

/// MP3's bit rate for mono speech at eSpeak NG's 22,050 Hz.
const BIT_RATE: Bitrate = Bitrate::Kbps32;

/// Where an item is heard in its section's audio, in seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Clip {
    pub begin: f64,
    pub end: f64,
}

/// When each item is heard, and how long each section's audio is.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Narration {
    /// By item: `None` for an item that is not spoken.
    pub clips: Vec<Option<Clip>>,
    /// By section, in seconds.
    pub durations: Vec<f64>,
}

impl Narration {
    pub(super) fn total(&self) -> f64 {
        self.durations.iter().sum()
    }

    /// The audio before section `n`, in seconds.
    pub(super) fn elapsed_before(&self, n: usize) -> f64 {
        self.durations[..n].iter().sum()
    }

    /// The timings as kept beside the audio: the sections' durations on the first line, then
    /// a line per item, empty or its clip's begin and end.
    pub(super) fn to_tsv(&self) -> String {
        let mut out = join(&self.durations);
        for clip in &self.clips {
            out.push('\n');
            if let Some(c) = clip {
                out.push_str(&join(&[c.begin, c.end]));
            }
        }
        out
    }

    /// Reads timings kept for `book`: refused when they are not the book's.
    pub(super) fn from_tsv(tsv: &str, book: &Book) -> Worked<Narration> {
        let bad = || WorkError::missing("the kept narration's timings do not fit the book");
        let mut lines = tsv.split('\n');
        let durations = numbers(lines.next().unwrap_or_default()).ok_or_else(bad)?;
        let clips: Vec<Option<Clip>> = lines
            .map(|line| match numbers(line)?.as_slice() {
                [] => Some(None),
                [begin, end] => Some(Some(Clip {
                    begin: *begin,
                    end: *end,
                })),
                _ => None,
            })
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        if clips.len() != book.items.len() || durations.len() != book.sections().len() {
            return Err(bad());
        }
        Ok(Narration { clips, durations })
    }
}

fn join(numbers: &[f64]) -> String {
    numbers
        .iter()
        .map(|n| format!("{n:.6}"))
        .collect::<Vec<_>>()
        .join("\t")
}

fn numbers(line: &str) -> Option<Vec<f64>> {
    line.split('\t')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect()
}

/// Speaks the book: its sections' MP3 files, by name, and the timings.
pub(super) fn narrate(book: &Book, cancel: &Cancel) -> Worked<(Narration, NamedFiles)> {
    let voice = voice(&book.language).ok_or_else(|| {
        WorkError::unreadable(format!(
            "no voice speaks the book's language, {}",
            book.language
        ))
    })?;
    let dir = scratch()?;
    let mut clips = vec![None; book.items.len()];
    let mut durations = Vec::new();
    let mut files = Vec::new();
    for (n, section) in book.sections().into_iter().enumerate() {
        let mut audio = Pcm::default();
        for i in section {
            cancel.check()?;
            let Some(text) = book.items[i].spoken() else {
                continue;
            };
            let begin = audio.seconds();
            let wav = synthesize(&text, voice, dir.path(), cancel)?;
            audio.extend(&read_wav(&wav)?)?;
            clips[i] = Some(Clip {
                begin,
                end: audio.seconds(),
            });
        }
        durations.push(audio.seconds());
        files.push((section_file(n, "mp3"), encode(&audio)?));
    }
    Ok((Narration { clips, durations }, files))
}

/// 16-bit mono samples at one rate, as eSpeak NG writes them.
#[derive(Default)]
struct Pcm {
    rate: u32,
    samples: Vec<u8>,
}

impl Pcm {
    fn seconds(&self) -> f64 {
        if self.rate == 0 {
            return 0.0;
        }
        (self.samples.len() / 2) as f64 / f64::from(self.rate)
    }

    fn extend(&mut self, wav: &Wav) -> Worked<()> {
        if self.rate != 0 && self.rate != wav.rate {
            return Err(WorkError::tool(format!(
                "espeak-ng changed its rate from {} to {} Hz",
                self.rate, wav.rate
            )));
        }
        self.rate = wav.rate;
        self.samples.extend_from_slice(wav.samples);
        Ok(())
    }
}

/// The samples of a WAV file as eSpeak NG writes one to a pipe (its sizes unknown, so the data
/// runs to the end).
struct Wav<'a> {
    rate: u32,
    samples: &'a [u8],
}

fn read_wav(bytes: &[u8]) -> Worked<Wav<'_>> {
    let bad = || WorkError::tool("espeak-ng wrote no WAV audio");
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(bad());
    }
    let mut at = 12;
    let mut rate = None;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().map_err(|_| bad())?);
        let body = at + 8;
        match id {
            b"fmt " if body + 16 <= bytes.len() => {
                let channels = u16::from_le_bytes([bytes[body + 2], bytes[body + 3]]);
                let bits = u16::from_le_bytes([bytes[body + 14], bytes[body + 15]]);
                if channels != 1 || bits != 16 {
                    return Err(WorkError::tool(format!(
                        "espeak-ng wrote {channels} channels of {bits} bits; 1 of 16 was expected"
                    )));
                }
                rate = Some(u32::from_le_bytes(
                    bytes[body + 4..body + 8].try_into().map_err(|_| bad())?,
                ));
            }
            b"data" => {
                let end = body.saturating_add(size as usize).min(bytes.len());
                let end = body + (end - body) / 2 * 2;
                return Ok(Wav {
                    rate: rate.ok_or_else(bad)?,
                    samples: &bytes[body..end],
                });
            }
            _ => {}
        }
        at = body.saturating_add(size as usize + (size as usize & 1));
    }
    Err(bad())
}

/// One item's speech. The text goes in a file, not the command line, whatever its length.
fn synthesize(text: &str, voice: &str, dir: &Path, cancel: &Cancel) -> Worked<Vec<u8>> {
    let input = dir.join("item.txt");
    std::fs::write(&input, text)
        .map_err(|e| WorkError::machine(format!("the text cannot be written: {e}")))?;
    run(
        Command::new("espeak-ng")
            .args(["-v", voice, "-b", "1", "--stdout", "-f"])
            .arg(&input),
        "espeak-ng",
        TOOL_OUTPUT_BYTES,
        cancel,
    )
}

/// A section's audio as MP3.
fn encode(audio: &Pcm) -> Worked<Vec<u8>> {
    let failed = |e: crate::speed::SpeedError| {
        WorkError::tool(format!("the audio could not be encoded: {e}"))
    };
    let rate = if audio.rate == 0 { 22_050 } else { audio.rate };
    let mut mp3 = Mp3Output::new(1, rate, BIT_RATE).map_err(failed)?;
    let samples: Vec<f32> = audio
        .samples
        .chunks_exact(2)
        .map(|s| f32::from(i16::from_le_bytes([s[0], s[1]])) / 32_768.0)
        .collect();
    mp3.encode(&samples).map_err(failed)?;
    mp3.finish().map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WAV file of 16-bit mono samples, its sizes known.
    fn wav(rate: u32, samples: &[u8]) -> Vec<u8> {
        let size = samples.len() as u32;
        let mut wav = Vec::new();
        wav.extend_from_slice(b"RIFF");
        wav.extend_from_slice(&(36 + size).to_le_bytes());
        wav.extend_from_slice(b"WAVEfmt ");
        wav.extend_from_slice(&16u32.to_le_bytes());
        wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
        wav.extend_from_slice(&1u16.to_le_bytes()); // mono
        wav.extend_from_slice(&rate.to_le_bytes());
        wav.extend_from_slice(&(rate * 2).to_le_bytes());
        wav.extend_from_slice(&2u16.to_le_bytes());
        wav.extend_from_slice(&16u16.to_le_bytes());
        wav.extend_from_slice(b"data");
        wav.extend_from_slice(&size.to_le_bytes());
        wav.extend_from_slice(samples);
        wav
    }

    #[test]
    fn a_wav_from_a_pipe_reads_to_its_end() {
        let mut wav = wav(22_050, &[1, 0, 2, 0, 3, 0]);
        // eSpeak NG's pipe: sizes it cannot know.
        wav[40..44].copy_from_slice(&0x7fff_f000u32.to_le_bytes());
        let read = read_wav(&wav).unwrap();
        assert_eq!(read.rate, 22_050);
        assert_eq!(read.samples, &[1, 0, 2, 0, 3, 0]);
        assert!(read_wav(b"RIFF....WAVE").is_err());
        assert!(read_wav(b"not audio").is_err());
    }
}
