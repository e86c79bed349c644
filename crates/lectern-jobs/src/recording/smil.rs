//! A DAISY book's SMIL file, as what is heard: its audio clips in order, and for every id in
//! it the clip heard from there (the first clip at or after the element), so that a
//! navigation entry's `file.smil#id` finds its place whether it names a `par`, its `text` or
//! its `audio`. DAISY 2.02 writes `clip-begin="npt=1.5s"`, DAISY 3 `clipBegin="0:00:01.500"`.

use std::collections::HashMap;

use quick_xml::NsReader;
use quick_xml::events::Event;

use crate::package::paths::{dir_of, resolve};
use crate::work_error::{WorkError, Worked};
use crate::xml::attribute;

/// A clip's end when the file does not say: to the end of its audio. Far past any book's
/// length, as a number a player compares its time with.
pub const TO_THE_END: f64 = 1.0e9;

/// One clip of audio: its file (by path in the fileset), and from when to when, in seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    pub audio: String,
    pub begin: f64,
    pub end: f64,
}

/// A SMIL file read: its clips in order, and where each id of it is heard from.
#[derive(Debug, Default)]
pub struct Smil {
    pub clips: Vec<Clip>,
    /// For each id, the index of the first clip at or after it (`clips.len()` past the last).
    pub places: HashMap<String, usize>,
}

/// Reads the SMIL at `path` in the fileset.
pub fn read(bytes: &[u8], path: &str) -> Worked<Smil> {
    let dir = dir_of(path);
    let mut reader = NsReader::from_reader(bytes);
    reader.config_mut().check_end_names = false;
    let mut smil = Smil::default();
    let mut waiting: Vec<String> = Vec::new();
    loop {
        let event = reader
            .read_event()
            .map_err(|e| WorkError::unreadable(format!("{path} cannot be read: {e}")))?;
        let (Event::Start(e) | Event::Empty(e)) = event else {
            if matches!(event, Event::Eof) {
                break;
            }
            continue;
        };
        if let Some(id) = attribute(&e, "id") {
            waiting.push(id);
        }
        if !e.local_name().into_inner().eq_ignore_ascii_case("audio") {
            continue;
        }
        let Some(src) = attribute(&e, "src") else {
            continue;
        };
        let begin = attribute(&e, "clip-begin")
            .or_else(|| attribute(&e, "clipBegin"))
            .map_or(Some(0.0), |c| clock(&c));
        let end = attribute(&e, "clip-end")
            .or_else(|| attribute(&e, "clipEnd"))
            .map_or(Some(TO_THE_END), |c| clock(&c));
        let (Some(begin), Some(end)) = (begin, end) else {
            return Err(WorkError::unreadable(format!(
                "{path} has a clip whose time cannot be read"
            )));
        };
        let at = smil.clips.len();
        for id in waiting.drain(..) {
            smil.places.entry(id).or_insert(at);
        }
        smil.clips.push(Clip {
            audio: resolve(dir, &src),
            begin,
            end: end.max(begin),
        });
    }
    let past = smil.clips.len();
    for id in waiting {
        smil.places.entry(id).or_insert(past);
    }
    Ok(smil)
}

/// A SMIL clock value in seconds: `npt=12.5s` (DAISY 2.02), a full or partial clock
/// (`1:02:03.5`, `02:03.5`) or a count with its unit (`12.5s`, `500ms`, `2min`, `1h`, `12.5`).
pub fn clock(value: &str) -> Option<f64> {
    let v = value.trim();
    let v = v.strip_prefix("npt=").unwrap_or(v).trim();
    let number = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n >= 0.0)
    };
    if v.contains(':') {
        let parts: Vec<&str> = v.split(':').collect();
        let seconds = match parts.as_slice() {
            [h, m, s] => number(h)? * 3600.0 + number(m)? * 60.0 + number(s)?,
            [m, s] => number(m)? * 60.0 + number(s)?,
            _ => return None,
        };
        return Some(seconds);
    }
    for (unit, scale) in [("ms", 0.001), ("min", 60.0), ("h", 3600.0), ("s", 1.0)] {
        if let Some(n) = v.strip_suffix(unit) {
            return number(n).map(|n| n * scale);
        }
    }
    number(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_values_are_read_as_both_daisy_versions_write_them() {
        assert_eq!(clock("npt=12.5s"), Some(12.5));
        assert_eq!(clock("npt=0.000s"), Some(0.0));
        assert_eq!(clock("0:00:01.500"), Some(1.5));
        assert_eq!(clock("1:02:03"), Some(3723.0));
        assert_eq!(clock("02:03.5"), Some(123.5));
        assert_eq!(clock("500ms"), Some(0.5));
        assert_eq!(clock("2min"), Some(120.0));
        assert_eq!(clock("1h"), Some(3600.0));
        assert_eq!(clock("7.25"), Some(7.25));
        assert_eq!(clock("soon"), None);
        assert_eq!(clock("-3s"), None);
    }

    #[test]
    fn every_id_finds_the_clip_heard_from_it() {
        let smil = br#"<?xml version="1.0"?><smil><body><seq dur="9s">
<par endsync="last" id="par1"><text src="../ncc.html#h1" id="t1"/>
 <seq id="s1"><audio src="audio/a%201.mp3" clip-begin="npt=0.000s" clip-end="npt=2.5s" id="a1"/>
 <audio src="audio/a%201.mp3" clip-begin="npt=2.5s" clip-end="npt=4s" id="a2"/></seq></par>
<par id="par2"><text src="../ncc.html#p1" id="t2"/><audio src="audio/b.mp3" clipBegin="0:00:00" clipEnd="0:00:03.25" id="a3"/></par>
<par id="tail"><text src="../ncc.html#x"/></par>
</seq></body></smil>"#;
        let got = read(smil, "smil/one.smil").unwrap();
        assert_eq!(
            got.clips,
            [
                Clip {
                    audio: "smil/audio/a 1.mp3".into(),
                    begin: 0.0,
                    end: 2.5
                },
                Clip {
                    audio: "smil/audio/a 1.mp3".into(),
                    begin: 2.5,
                    end: 4.0
                },
                Clip {
                    audio: "smil/audio/b.mp3".into(),
                    begin: 0.0,
                    end: 3.25
                },
            ]
        );
        for (id, at) in [
            ("par1", 0),
            ("t1", 0),
            ("a2", 1),
            ("par2", 2),
            ("t2", 2),
            ("tail", 3),
        ] {
            assert_eq!(got.places.get(id), Some(&at), "{id}");
        }
    }
}
