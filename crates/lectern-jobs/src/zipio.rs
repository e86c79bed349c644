//! Zip reading and writing as EPUB's container format wants it.

use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use crate::epub::EpubError;

pub(crate) type Archive<'a> = ZipArchive<Cursor<&'a [u8]>>;
pub(crate) type Writer = ZipWriter<Cursor<Vec<u8>>>;

pub(crate) fn open(bytes: &[u8]) -> Result<Archive<'_>, EpubError> {
    ZipArchive::new(Cursor::new(bytes)).map_err(|e| EpubError::NotZip(e.to_string()))
}

/// The bytes of one entry, or `None` when the archive has no entry of that name.
pub(crate) fn read_entry(
    archive: &mut Archive<'_>,
    name: &str,
) -> Result<Option<Vec<u8>>, EpubError> {
    let mut file = match archive.by_name(name) {
        Ok(file) => file,
        Err(zip::result::ZipError::FileNotFound) => return Ok(None),
        Err(e) => {
            return Err(EpubError::Zip {
                entry: name.to_owned(),
                message: e.to_string(),
            });
        }
    };
    let mut out = Vec::with_capacity(usize::try_from(file.size()).unwrap_or(0));
    file.read_to_end(&mut out).map_err(|e| EpubError::Zip {
        entry: name.to_owned(),
        message: e.to_string(),
    })?;
    Ok(Some(out))
}

/// The names of the archive's entries, in their order.
pub(crate) fn entry_names(archive: &Archive<'_>) -> Result<Vec<String>, EpubError> {
    (0..archive.len())
        .map(|i| match archive.name_for_index(i) {
            Some(Ok(name)) => Ok(name.into_owned()),
            _ => Err(EpubError::Zip {
                entry: format!("#{i}"),
                message: "unreadable name".to_owned(),
            }),
        })
        .collect()
}

/// An entry as UTF-8 text (a leading byte-order mark dropped), or `None` when it is absent.
pub(crate) fn read_text(
    archive: &mut Archive<'_>,
    name: &str,
) -> Result<Option<String>, EpubError> {
    let Some(bytes) = read_entry(archive, name)? else {
        return Ok(None);
    };
    let text = String::from_utf8(bytes).map_err(|_| EpubError::Xml {
        file: name.to_owned(),
        message: "not UTF-8 (EPUB 3 requires UTF-8)".to_owned(),
    })?;
    Ok(Some(
        text.strip_prefix('\u{feff}')
            .map(str::to_owned)
            .unwrap_or(text),
    ))
}

/// A zip timestamp from `YYYY-MM-DDThh:mm:ssZ`; the zip epoch (1980-01-01) for anything else,
/// so that output never depends on the clock.
pub(crate) fn timestamp(iso: &str) -> DateTime {
    let num = |range: std::ops::Range<usize>| iso.get(range).and_then(|s| s.parse::<u16>().ok());
    let parts = (
        num(0..4),
        num(5..7),
        num(8..10),
        num(11..13),
        num(14..16),
        num(17..19),
    );
    if let (Some(y), Some(mo), Some(d), Some(h), Some(mi), Some(s)) = parts {
        let small = |v: u16| u8::try_from(v).unwrap_or(u8::MAX);
        if let Ok(t) =
            DateTime::from_date_and_time(y, small(mo), small(d), small(h), small(mi), small(s))
        {
            return t;
        }
    }
    DateTime::default()
}

pub(crate) fn writer() -> Writer {
    ZipWriter::new(Cursor::new(Vec::new()))
}

/// Entries smaller than this are stored. Each deflated entry gets a fresh compressor of about
/// 300 kB (window, hash chains and head table), most of which is zeroed; for a page of a few
/// kB that costs more time than deflate saves bytes (perf: a tenth of `lectern generate`'s
/// generator thread, for its one-in-a-hundred sample EPUBs).
const DEFLATE_FROM: usize = 4096;

/// Writes one entry. Stored entries are for the EPUB `mimetype` (which OCF requires uncompressed),
/// for content that is already compressed, where deflate costs time and saves nothing, and for
/// small entries (see [`DEFLATE_FROM`]).
pub(crate) fn put(
    zip: &mut Writer,
    name: &str,
    data: &[u8],
    stored: bool,
    time: DateTime,
) -> zip::result::ZipResult<()> {
    let method = if stored || data.len() < DEFLATE_FROM {
        CompressionMethod::Stored
    } else {
        CompressionMethod::Deflated
    };
    let options = SimpleFileOptions::default()
        .compression_method(method)
        .last_modified_time(time)
        .unix_permissions(0o644);
    zip.start_file(name, options)?;
    zip.write_all(data)?;
    Ok(())
}

pub(crate) fn finish(zip: Writer) -> zip::result::ZipResult<Vec<u8>> {
    Ok(zip.finish()?.into_inner())
}
