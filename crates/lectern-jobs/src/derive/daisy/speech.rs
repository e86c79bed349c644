//! The book read aloud: each item that is spoken synthesized by eSpeak NG (Debian's
//! `espeak-ng`, run as a process) in the book's language, a stretch the EPUB marks as another
//! language in that language's voice (SSML), its samples laid end to end in its
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
use crate::epub::Foreign;
use crate::language::book_words;
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
    let words = book_words(&book.language);
    for (n, section) in book.sections().into_iter().enumerate() {
        let mut audio = Pcm::default();
        for i in section {
            cancel.check()?;
            let Some(mut spoken) = book.items[i].spoken(&words, &book.language) else {
                continue;
            };
            spoken.foreign.extend(book.foreign[i].iter().cloned());
            let begin = audio.seconds();
            let speech = match in_voices(&spoken.text, &spoken.foreign, voice) {
                Some(markup) => Speech::Ssml(markup),
                None => Speech::Plain(spoken.text),
            };
            let wav = synthesize(&speech, voice, dir.path(), cancel)?;
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

/// What eSpeak NG is given for an item: its text, or SSML where its voice changes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Speech {
    Plain(String),
    Ssml(String),
}

/// The item's text as SSML that speaks each stretch in another language with that language's
/// voice, and the rest with the book's; `None` when no stretch needs another voice (a language
/// eSpeak NG has no voice for is read with the book's). Every stretch, the book's included, is
/// in a `voice` element of its own: eSpeak NG 1.51 does not return to the book's voice at the
/// end of a nested one.
fn in_voices(text: &str, foreign: &[Foreign], book_voice: &str) -> Option<String> {
    let mut switches: Vec<(&Foreign, &str)> = foreign
        .iter()
        .filter_map(|f| Some((f, voice(&f.lang)?)))
        .filter(|(f, v)| *v != book_voice && text.get(f.range.clone()).is_some())
        .collect();
    if switches.is_empty() {
        return None;
    }
    switches.sort_by_key(|(f, _)| f.range.start);
    let mut ssml = String::from("<speak>");
    let mut at = 0;
    for (f, v) in switches {
        if f.range.start < at {
            continue;
        }
        in_voice(&mut ssml, &text[at..f.range.start], book_voice);
        in_voice(&mut ssml, &text[f.range.clone()], v);
        at = f.range.end;
    }
    in_voice(&mut ssml, &text[at..], book_voice);
    ssml.push_str("</speak>");
    Some(ssml)
}

fn in_voice(ssml: &mut String, stretch: &str, voice: &str) {
    if !stretch.is_empty() {
        ssml.push_str(&format!(
            "<voice name=\"{voice}\">{}</voice>",
            escape(stretch)
        ));
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One item's speech. The text goes in a file, not the command line, whatever its length.
fn synthesize(speech: &Speech, voice: &str, dir: &Path, cancel: &Cancel) -> Worked<Vec<u8>> {
    let input = dir.join("item.txt");
    let (text, markup): (&str, &[&str]) = match speech {
        Speech::Plain(text) => (text, &[]),
        Speech::Ssml(ssml) => (ssml, &["-m"]),
    };
    std::fs::write(&input, text)
        .map_err(|e| WorkError::machine(format!("the text cannot be written: {e}")))?;
    run(
        Command::new("espeak-ng")
            .args(["-v", voice, "-b", "1", "--stdout"])
            .args(markup)
            .arg("-f")
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

    fn stretch(range: std::ops::Range<usize>, lang: &str) -> Foreign {
        Foreign {
            range,
            lang: lang.to_owned(),
        }
    }

    #[test]
    fn a_stretch_in_another_language_is_a_voice_of_its_own() {
        let text = "He said buenos días & <niño> and left.";
        let spanish = stretch(8..30, "es");
        assert_eq!(&text[spanish.range.clone()], "buenos días & <niño>");
        assert_eq!(
            in_voices(text, &[spanish], "en-us").unwrap(),
            "<speak><voice name=\"en-us\">He said </voice>\
             <voice name=\"es\">buenos días &amp; &lt;niño&gt;</voice>\
             <voice name=\"en-us\"> and left.</voice></speak>"
        );
        // The book's own language in another country's form, and a language eSpeak NG does
        // not speak, are read with the book's voice: nothing to switch.
        assert_eq!(in_voices(text, &[stretch(8..14, "en-US")], "en-us"), None);
        assert_eq!(in_voices(text, &[stretch(8..14, "tlh")], "en-us"), None);
        assert_eq!(in_voices(text, &[], "en-us"), None);
        // A stretch that ends the text leaves no empty voice behind it.
        assert_eq!(
            in_voices("Hola", &[stretch(0..4, "es")], "en-us").unwrap(),
            "<speak><voice name=\"es\">Hola</voice></speak>"
        );
    }

    #[test]
    fn the_words_lectern_adds_are_the_book_s_or_english_saying_so() {
        use super::super::book::Item;
        let page = Item::Page("12".into());
        let spanish = page.spoken(&book_words("es"), "es").unwrap();
        assert_eq!(
            (spanish.text.as_str(), spanish.foreign.len()),
            ("Página 12", 0)
        );
        let image = Item::Image {
            file: "images/image0001.png".into(),
            alt: "una ballena".into(),
        };
        assert_eq!(
            image.spoken(&book_words("es"), "es").unwrap().text,
            "Imagen: una ballena"
        );
        // Lectern has no word for "page" in Japanese: English's, in its voice.
        let japanese = page.spoken(&book_words("ja"), "ja").unwrap();
        assert_eq!(japanese.text, "Page 12");
        assert_eq!(
            in_voices(&japanese.text, &japanese.foreign, "ja").unwrap(),
            "<speak><voice name=\"en-us\">Page</voice><voice name=\"ja\"> 12</voice></speak>"
        );
    }

    /// eSpeak NG's phonemes for what it would say (`-x`), not its audio.
    fn phonemes(speech: &Speech) -> String {
        let (text, markup): (&str, &[&str]) = match speech {
            Speech::Plain(t) => (t, &[]),
            Speech::Ssml(t) => (t, &["-m"]),
        };
        let out = Command::new("espeak-ng")
            .args(["-v", "en-us", "-q", "-x"])
            .args(markup)
            .arg(text)
            .output()
            .expect("espeak-ng runs (.ci/run installs it)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    #[test]
    fn a_bilingual_paragraph_switches_voice_where_its_language_changes() {
        let master = crate::epub::testing::epub_of_bodies(
            "Travels",
            &[r#"<p>He said <span lang="es">buenos días, niño</span> and left.</p>"#],
        );
        let book = Book::read(&master).unwrap();
        let i = book
            .items
            .iter()
            .position(|item| matches!(item, super::super::book::Item::Paragraph(_)))
            .unwrap();
        let text = book.items[i]
            .spoken(&book_words("en"), &book.language)
            .unwrap()
            .text;
        let ssml = Speech::Ssml(in_voices(&text, &book.foreign[i], "en-us").unwrap());
        let plain = Speech::Plain(text);
        // The Spanish words by Spanish rules (its "ñ", its "d"), the English ones by English
        // rules, as eSpeak NG itself says it reads them.
        let switched = phonemes(&ssml);
        assert!(
            switched.contains("n'in^o") && switched.contains("D'i;as"),
            "{switched}"
        );
        assert!(
            switched.contains("s'Ed") && switched.contains("l'Eft"),
            "{switched}"
        );
        let english = phonemes(&plain);
        assert!(!english.contains("n'in^o"), "{english}");
        // The narration's clip for the paragraph is that switched speech, to the sample.
        let (narration, _) = narrate(&book, &Cancel::default()).unwrap();
        let clip = narration.clips[i].unwrap();
        let dir = scratch().unwrap();
        let seconds = |speech: &Speech| {
            let wav = synthesize(speech, "en-us", dir.path(), &Cancel::default()).unwrap();
            let wav = read_wav(&wav).unwrap();
            (wav.samples.len() / 2) as f64 / f64::from(wav.rate)
        };
        assert!((clip.end - clip.begin - seconds(&ssml)).abs() < 1e-9);
        assert!((clip.end - clip.begin - seconds(&plain)).abs() > 0.05);
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
