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

impl Format {
    /// The display text of document 1's Format object.
    pub fn display_name(self) -> &'static str {
        match self {
            Format::Daisy => "DAISY Text",
            Format::DaisyAudio => "DAISY Audio",
            Format::Daisy2Audio => "DAISY 2.02 Audio",
            Format::Brf => "BRF (Braille Ready Format)",
            Format::Epub3 => "EPUB 3",
            Format::Pdf => "PDF",
            Format::Docx => "Word (DOCX)",
        }
    }
}
