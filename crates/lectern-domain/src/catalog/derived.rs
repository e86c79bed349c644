//! The formats Lectern makes from a title's EPUB 3 master, as the upstream service makes its
//! formats from one source: a title offers each of them that it has no file of its own for
//! (a made file never replaces a library's own), unless its metadata refuses it.

use std::borrow::Cow;

use super::artifact::{BrailleType, NarratorGender, NarratorType};
use super::languages;
use super::speech::voice;
use super::{Artifact, ArtifactStatus, Format, Narrator, TitleRecord};

/// The formats the worker can make from an EPUB 3 master, in the order a title lists them.
pub const MADE_FROM_EPUB: &[Format] = &[
    Format::Daisy,
    Format::DaisyAudio,
    Format::Daisy2Audio,
    Format::Docx,
    Format::Brf,
];

impl TitleRecord {
    /// The title's artifacts as readers are offered them: its own, then each format made from
    /// its EPUB 3 master that it has none of and does not refuse.
    pub fn offered(&self) -> Vec<Cow<'_, Artifact>> {
        let mut offered: Vec<_> = self.artifacts.iter().map(Cow::Borrowed).collect();
        offered.extend(self.made_from_master().map(Cow::Owned));
        offered
    }

    /// The library's own recording of the title: a DAISY audio fileset of its own (not made
    /// from the EPUB), DAISY 3's before DAISY 2.02's.
    pub fn own_recording(&self) -> Option<&Artifact> {
        [Format::DaisyAudio, Format::Daisy2Audio]
            .into_iter()
            .filter_map(|f| self.artifact(f))
            .find(|a| a.file.as_deref().is_some_and(|key| key.ends_with('/')))
    }

    /// The artifact of a format a reader is offered: the title's own, or one made from its
    /// master.
    pub fn offered_artifact(&self, format: Format) -> Option<Cow<'_, Artifact>> {
        match self.artifact(format) {
            Some(own) => Some(Cow::Borrowed(own)),
            None => self
                .made_from_master()
                .find(|a| a.format == format)
                .map(Cow::Owned),
        }
    }

    fn made_from_master(&self) -> impl Iterator<Item = Artifact> + '_ {
        let master = self
            .artifact(Format::Epub3)
            .filter(|m| m.status == ArtifactStatus::Available && m.file.is_some());
        MADE_FROM_EPUB.iter().filter_map(move |&format| {
            let master = master?;
            (self.artifact(format).is_none() && !self.refuses(format))
                .then(|| made_from(master, format))
        })
    }

    /// The title's language when it alone keeps `format` (braille, or audio) from being made
    /// from the title's EPUB master: no braille tables, or no voice, for any of its languages.
    /// What the title page tells a reader who looks for that format.
    pub fn language_not_made(&self, format: Format) -> Option<&str> {
        let master = self
            .artifact(Format::Epub3)
            .is_some_and(|m| m.status == ArtifactStatus::Available && m.file.is_some());
        let is_score = self.music_score_type.is_some() || self.has_chord_symbols;
        let made = format == Format::Brf || format.is_audio();
        if !master || is_score || !made || self.artifact(format).is_some() || !self.refuses(format)
        {
            return None;
        }
        self.languages.first().map(String::as_str)
    }

    /// Whether the title's metadata rules out making `format` by machine: a music score's
    /// braille is transcribed by hand (braille music code), and speech cannot read a score; a
    /// book in a language Lectern has no braille tables for is not brailled by machine
    /// (`languages::BRAILLED`), nor is a book spoken in a language the synthesizer has no
    /// voice for.
    fn refuses(&self, format: Format) -> bool {
        let is_score = self.music_score_type.is_some() || self.has_chord_symbols;
        let brailled =
            self.languages.is_empty() || self.languages.iter().any(|l| languages::brailled(l));
        let spoken = self.languages.is_empty() || self.languages.iter().any(|l| voice(l).is_some());
        (is_score && (format == Format::Brf || format.is_audio()))
            || (format == Format::Brf && !brailled)
            || (format.is_audio() && !spoken)
    }
}

/// The artifact made from the master: the master's file (what the worker makes it from), its
/// date, and what making it by machine means (automated braille, synthesized speech).
fn made_from(master: &Artifact, format: Format) -> Artifact {
    let mut a = Artifact::new(format, master.file.clone());
    a.derived = true;
    a.date_added = master.date_added;
    if format == Format::Brf {
        a.braille_type = Some(BrailleType::Automated);
    }
    if format.is_audio() {
        a.narrator = Some(Narrator {
            name: "eSpeak NG".to_owned(),
            // The narration speaks in each language's default voice, which is eSpeak NG's
            // male variant (no `+f` variant is asked for).
            gender: Some(NarratorGender::Male),
            kind: NarratorType::Tts,
        });
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::MusicScoreType;

    fn title(artifacts: Vec<Artifact>) -> TitleRecord {
        serde_json::from_value(serde_json::json!({
            "serviceId": "t1", "site": "main", "status": "live", "title": "A book",
            "usageRestriction": "copyright",
        }))
        .map(|mut t: TitleRecord| {
            t.artifacts = artifacts;
            t
        })
        .unwrap()
    }

    fn epub() -> Artifact {
        Artifact::new(Format::Epub3, Some("titles/t1/book.epub".into()))
    }

    #[test]
    fn an_epub_master_offers_every_format_made_from_it() {
        let formats: Vec<Format> = title(vec![epub()])
            .offered()
            .iter()
            .map(|a| a.format)
            .collect();
        assert_eq!(formats, [&[Format::Epub3][..], MADE_FROM_EPUB].concat());
        let brf = title(vec![epub()])
            .offered_artifact(Format::Brf)
            .unwrap()
            .into_owned();
        assert!(brf.derived);
        assert_eq!(brf.file.as_deref(), Some("titles/t1/book.epub"));
        assert_eq!(brf.braille_type, Some(BrailleType::Automated));
    }

    #[test]
    fn a_librarys_own_file_is_never_replaced() {
        let own = Artifact::new(Format::Brf, Some("titles/t1/brf/".into()));
        let t = title(vec![epub(), own.clone()]);
        assert_eq!(t.offered_artifact(Format::Brf).as_deref(), Some(&own));
        assert_eq!(
            t.offered()
                .iter()
                .filter(|a| a.format == Format::Brf)
                .count(),
            1
        );
    }

    #[test]
    fn nothing_is_made_without_an_available_master() {
        assert!(title(vec![]).offered().is_empty());
        let mut withdrawn = epub();
        withdrawn.status = ArtifactStatus::Withdrawn;
        assert_eq!(title(vec![withdrawn]).offered().len(), 1);
        let no_file = Artifact::new(Format::Epub3, None);
        assert_eq!(title(vec![no_file]).offered().len(), 1);
        let pdf = Artifact::new(Format::Pdf, Some("titles/t1/book.pdf".into()));
        assert!(title(vec![pdf]).offered_artifact(Format::Docx).is_none());
    }

    #[test]
    fn a_score_is_not_brailled_by_machine() {
        let mut t = title(vec![epub()]);
        t.music_score_type = Some(MusicScoreType::FullScore);
        assert!(t.offered_artifact(Format::Brf).is_none());
        assert!(t.offered_artifact(Format::DaisyAudio).is_none());
        assert!(t.offered_artifact(Format::Docx).is_some());
    }

    #[test]
    fn audio_is_made_only_in_a_language_with_a_voice() {
        let mut t = title(vec![epub()]);
        t.languages = vec!["tlh".into()];
        assert!(t.offered_artifact(Format::DaisyAudio).is_none());
        assert!(t.offered_artifact(Format::Daisy2Audio).is_none());
        assert!(t.offered_artifact(Format::Daisy).is_some());
        t.languages = vec!["spa".into()];
        let audio = t.offered_artifact(Format::DaisyAudio).unwrap();
        assert_eq!(audio.narrator.as_ref().unwrap().name, "eSpeak NG");
    }

    #[test]
    fn a_language_without_tables_or_a_voice_is_named_for_the_title_page() {
        let mut t = title(vec![epub()]);
        t.languages = vec!["jpn".into()];
        assert_eq!(t.language_not_made(Format::Brf), Some("jpn"));
        assert_eq!(
            t.language_not_made(Format::DaisyAudio),
            None,
            "eSpeak NG speaks it"
        );
        t.languages = vec!["tlh".into()];
        assert_eq!(t.language_not_made(Format::DaisyAudio), Some("tlh"));
        assert_eq!(t.language_not_made(Format::Docx), None);
        t.languages = vec!["spa".into()];
        assert_eq!(t.language_not_made(Format::Brf), None);
        // Without a master nothing is made, whatever the language.
        let mut bare = title(vec![]);
        bare.languages = vec!["tlh".into()];
        assert_eq!(bare.language_not_made(Format::DaisyAudio), None);
    }

    #[test]
    fn only_languages_with_braille_tables_are_brailled_by_machine() {
        let mut t = title(vec![epub()]);
        t.languages = vec!["jpn".into()];
        assert!(t.offered_artifact(Format::Brf).is_none());
        assert!(t.offered_artifact(Format::Docx).is_some());
        t.languages.push("spa".into());
        assert!(t.offered_artifact(Format::Brf).is_some());
        t.languages = vec!["fre".into()];
        assert!(t.offered_artifact(Format::Brf).is_some());
    }
}
