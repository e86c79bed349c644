//! The voices Lectern speaks a book in when it makes audio from text (eSpeak NG, Debian's
//! `espeak-ng`): one per language it has a voice for, by the language's ISO 639-1 code, or its
//! three-letter code where it has none.

use super::languages;

/// eSpeak NG's voice for each language it speaks (`espeak-ng --voices`), sorted by language.
/// Where it has several for a language, the one the most readers of North American libraries
/// expect (American English, the French of France); Chinese is spoken as Mandarin.
#[rustfmt::skip]
const VOICES: &[(&str, &str)] = &[
    ("af", "af"), ("am", "am"), ("an", "an"), ("ar", "ar"), ("as", "as"), ("az", "az"),
    ("ba", "ba"), ("be", "be"), ("bg", "bg"), ("bn", "bn"), ("bs", "bs"), ("ca", "ca"),
    ("cs", "cs"), ("cy", "cy"), ("da", "da"), ("de", "de"), ("el", "el"), ("en", "en-us"),
    ("eo", "eo"), ("es", "es"), ("et", "et"), ("eu", "eu"), ("fa", "fa"), ("fi", "fi"),
    ("fr", "fr-fr"), ("ga", "ga"), ("gd", "gd"), ("gn", "gn"), ("grc", "grc"), ("gu", "gu"),
    ("haw", "haw"), ("he", "he"), ("hi", "hi"), ("hr", "hr"), ("ht", "ht"), ("hu", "hu"),
    ("hy", "hy"), ("ia", "ia"), ("id", "id"), ("io", "io"), ("is", "is"), ("it", "it"),
    ("ja", "ja"), ("ka", "ka"), ("kk", "kk"), ("kl", "kl"), ("kn", "kn"), ("ko", "ko"),
    ("ku", "ku"), ("ky", "ky"), ("la", "la"), ("lb", "lb"), ("lt", "lt"), ("lv", "lv"),
    ("mi", "mi"), ("mk", "mk"), ("ml", "ml"), ("mr", "mr"), ("ms", "ms"), ("mt", "mt"),
    ("my", "my"), ("nb", "nb"), ("ne", "ne"), ("nl", "nl"), ("no", "nb"), ("om", "om"),
    ("or", "or"), ("pa", "pa"), ("pl", "pl"), ("pt", "pt"), ("qu", "qu"), ("ro", "ro"),
    ("ru", "ru"), ("sd", "sd"), ("si", "si"), ("sk", "sk"), ("sl", "sl"), ("sq", "sq"),
    ("sr", "sr"), ("sv", "sv"), ("sw", "sw"), ("ta", "ta"), ("te", "te"), ("th", "th"),
    ("tk", "tk"), ("tn", "tn"), ("tr", "tr"), ("tt", "tt"), ("ug", "ug"), ("uk", "uk"),
    ("ur", "ur"), ("uz", "uz"), ("vi", "vi"), ("zh", "cmn"),
];

/// The voice for a language, given as titles carry it (`eng`, `fre`) or as BCP 47 (`en-GB`,
/// what an EPUB's `dc:language` says); `None` when eSpeak NG does not speak it.
pub fn voice(language: &str) -> Option<&'static str> {
    let language = language.trim();
    let tag = if language.len() == 3 && !language.contains('-') {
        languages::bcp47(language)
    } else {
        language.to_owned()
    };
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    VOICES
        .binary_search_by(|(l, _)| (*l).cmp(primary.as_str()))
        .ok()
        .map(|i| VOICES[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_is_spoken_in_its_voice_whichever_way_it_is_written() {
        assert!(VOICES.windows(2).all(|w| w[0].0 < w[1].0), "sorted");
        assert_eq!(voice("eng"), Some("en-us"));
        assert_eq!(voice("en-GB"), Some("en-us"));
        assert_eq!(voice("fre"), Some("fr-fr"));
        assert_eq!(voice("spa"), Some("es"));
        assert_eq!(voice("chi"), Some("cmn"));
        assert_eq!(voice("haw"), Some("haw"));
        assert_eq!(voice("tlh"), None);
        assert_eq!(voice("xx-YY"), None);
    }
}
