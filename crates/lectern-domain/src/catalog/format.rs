string_enum!(
    /// Document 2's FORMAT: the formats a title's artifacts come in.
    Format {
        Daisy = "DAISY",
        DaisyAudio = "DAISY_AUDIO",
        Daisy2Audio = "DAISY_2_AUDIO",
        Brf = "BRF",
        Epub3 = "EPUB3",
        Pdf = "PDF",
        Docx = "DOCX",
    }
);

impl Format {
    /// Audio formats have a duration and may have a narrator.
    pub fn is_audio(self) -> bool {
        matches!(self, Format::DaisyAudio | Format::Daisy2Audio)
    }

    /// Formats that may be many files (a DAISY book's package, text and audio; braille volumes),
    /// rather than one file as an EPUB 3, a PDF or a DOCX is.
    pub fn is_fileset(self) -> bool {
        matches!(
            self,
            Format::Daisy | Format::DaisyAudio | Format::Daisy2Audio | Format::Brf
        )
    }
}
