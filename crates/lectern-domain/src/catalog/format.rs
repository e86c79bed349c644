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

/// How a reader receives an artifact: one file of the format's own type (a DOCX as a `.docx`,
/// with the copyright notice inside it), or, for a format of several files, a zip of them
/// beside the notice. Named by the file's extension and media type, which the download's
/// headers and every acquisition link carry, so that apps file and open it as what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delivery {
    pub extension: &'static str,
    pub media_type: &'static str,
    /// The artifact's own file, stamped; otherwise a zip of its files.
    pub one_file: bool,
}

impl Delivery {
    /// Several files of a format that is one file as a rule (a BRF's volumes).
    const ZIP: Delivery = Delivery {
        extension: "zip",
        media_type: "application/zip",
        one_file: false,
    };
    /// A DAISY book: a zip, as eBook-speaker and Thorium open one, typed as DAISY (Thorium
    /// registers `application/daisy+zip`).
    const DAISY: Delivery = Delivery {
        extension: "zip",
        media_type: "application/daisy+zip",
        one_file: false,
    };

    /// How a package of `format` named `file_name` was delivered, by the name's extension:
    /// the format's own file, or a zip. `None` for a name that is neither.
    pub fn of_package(format: Format, file_name: &str) -> Option<Delivery> {
        let (_, extension) = file_name.rsplit_once('.')?;
        let extension = extension.to_ascii_lowercase();
        [
            format.as_one_file(),
            Some(
                format
                    .as_one_file()
                    .map_or(Delivery::DAISY, |_| Delivery::ZIP),
            ),
        ]
        .into_iter()
        .flatten()
        .find(|d| d.extension == extension)
    }
}

impl Format {
    /// The file a one-file artifact of this format is delivered as; `None` for DAISY, which is
    /// a book of many files in every case.
    fn as_one_file(self) -> Option<Delivery> {
        let (extension, media_type) = match self {
            Format::Epub3 => ("epub", "application/epub+zip"),
            Format::Pdf => ("pdf", "application/pdf"),
            Format::Docx => (
                "docx",
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            ),
            // No media type is registered for BRF; this one names it, where text/plain would
            // invite a text reader to show braille cells as letters.
            Format::Brf => ("brf", "application/x-brf"),
            Format::Daisy | Format::DaisyAudio | Format::Daisy2Audio => return None,
        };
        Some(Delivery {
            extension,
            media_type,
            one_file: true,
        })
    }
}

impl super::Artifact {
    /// The format's name as a reader chooses it: a braille book in several volumes says it
    /// comes as a zip of them.
    pub fn offered_as(&self) -> String {
        let name = self.format.display_name();
        if self.comes_as_volumes_in_a_zip() {
            format!("{name}, its volumes in a zip")
        } else {
            name.to_owned()
        }
    }

    /// Whether a format that is one file comes here as a zip of several (braille volumes).
    pub fn comes_as_volumes_in_a_zip(&self) -> bool {
        self.format.as_one_file().is_some() && !self.delivery().one_file
    }

    /// How this artifact reaches a reader: one file where it is one (a folder of braille
    /// volumes is several, and comes as a zip), a zip for DAISY. Made formats are one file
    /// each but DAISY.
    pub fn delivery(&self) -> Delivery {
        let in_a_folder = !self.derived && self.file.as_deref().is_some_and(|f| f.ends_with('/'));
        match self.format.as_one_file() {
            Some(one) if !in_a_folder => one,
            Some(_) => Delivery::ZIP,
            None => Delivery::DAISY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Delivery, Format};
    use crate::catalog::Artifact;

    #[test]
    fn each_format_arrives_as_its_own_file_type_where_it_is_one_file() {
        let of = |format, file: &str| Artifact::new(format, Some(file.to_owned())).delivery();
        let docx = of(Format::Docx, "titles/1/book.docx");
        assert_eq!((docx.extension, docx.one_file), ("docx", true));
        assert_eq!(
            docx.media_type,
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        );
        assert_eq!(of(Format::Brf, "titles/1/book.brf").extension, "brf");
        assert_eq!(of(Format::Brf, "titles/1/brf/"), Delivery::ZIP);
        assert_eq!(
            of(Format::Pdf, "titles/1/book.pdf").media_type,
            "application/pdf"
        );
        assert_eq!(of(Format::Epub3, "titles/1/book.epub").extension, "epub");
        assert_eq!(of(Format::Daisy, "titles/1/daisy/"), Delivery::DAISY);
        assert_eq!(
            of(Format::DaisyAudio, "titles/1/daisy.zip").extension,
            "zip"
        );
        assert_eq!(
            of(Format::Daisy2Audio, "titles/1/daisy/").media_type,
            "application/daisy+zip"
        );
        // A made format's file is the master's: braille and Word made from it are one file each.
        let mut made = Artifact::new(Format::Brf, Some("titles/1/master/".to_owned()));
        made.derived = true;
        assert_eq!(made.delivery().extension, "brf");
        // Braille in volumes says so where a reader chooses it.
        assert_eq!(
            Artifact::new(Format::Brf, Some("titles/1/brf/".to_owned())).offered_as(),
            "BRF (Braille Ready Format), its volumes in a zip"
        );
        assert_eq!(made.offered_as(), "BRF (Braille Ready Format)");
        assert_eq!(
            Artifact::new(Format::Daisy, Some("titles/1/daisy/".to_owned())).offered_as(),
            "DAISY Text"
        );
    }

    #[test]
    fn a_package_is_typed_by_its_format_and_extension() {
        let media = |format, name| Delivery::of_package(format, name).map(|d| d.media_type);
        assert_eq!(
            media(Format::Epub3, "123-EPUB3.epub"),
            Some("application/epub+zip")
        );
        assert_eq!(media(Format::Brf, "123-BRF.BRF"), Some("application/x-brf"));
        assert_eq!(media(Format::Brf, "123-BRF.zip"), Some("application/zip"));
        assert_eq!(
            media(Format::DaisyAudio, "123-DAISY_AUDIO.zip"),
            Some("application/daisy+zip")
        );
        assert_eq!(media(Format::Docx, "123-DOCX.zip"), Some("application/zip"));
        assert_eq!(media(Format::Docx, "notes"), None);
    }
}
