//! An EPUB's zip read in place in the file store: the central directory from the file's tail,
//! then each entry by its own byte range. Nothing is unpacked to disk and nothing but the asked
//! entry is read, so a chapter of a 300-page book costs the chapter (and on S3, two ranged
//! GETs), whatever the book's size.

use std::collections::HashMap;
use std::io::Read;
use std::ops::Range;

use bytes::Bytes;

use super::WebpubError;
use crate::files::FileStore;

/// The end of central directory record's signature, and its size without the comment.
const END_SIGNATURE: [u8; 4] = [0x50, 0x4b, 0x05, 0x06];
const END_SIZE: usize = 22;
/// The record and the longest comment a zip may carry after it.
const TAIL: u64 = END_SIZE as u64 + 65_535;
const CENTRAL_SIGNATURE: [u8; 4] = [0x50, 0x4b, 0x01, 0x02];
const CENTRAL_SIZE: usize = 46;
const LOCAL_SIGNATURE: [u8; 4] = [0x50, 0x4b, 0x03, 0x04];
const LOCAL_SIZE: u64 = 30;
/// Bytes read past an entry's header on the guess that its local extra field is no longer than
/// the central one: when it is longer, the data is read with a second request.
const LOCAL_SLACK: u64 = 64;
/// The largest entry served: a chapter, an image or an audio file of a book. A larger one (or a
/// zip that lies about its sizes) is refused rather than held in memory.
pub const LARGEST_ENTRY: u64 = 256 * 1024 * 1024;

/// Where each entry of one zip is, by its name.
#[derive(Debug, Clone)]
pub struct ZipDirectory {
    entries: HashMap<String, Entry>,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    deflated: bool,
    crc32: u32,
    compressed: u64,
    size: u64,
    header_at: u64,
}

impl ZipDirectory {
    /// The directory of the zip at `key`, which is `file_size` bytes long.
    pub async fn read(files: &FileStore, key: &str, file_size: u64) -> Result<Self, WebpubError> {
        let tail_start = file_size.saturating_sub(TAIL);
        let tail = files.get_range(key, tail_start..file_size).await?;
        let central = central_range(&tail, tail_start)?;
        let bytes = if central.start >= tail_start {
            let from = usize::try_from(central.start - tail_start).map_err(too_large)?;
            let to = usize::try_from(central.end - tail_start).map_err(too_large)?;
            tail.slice(from..to)
        } else {
            files.get_range(key, central).await?
        };
        Self::parse(&bytes)
    }

    /// Parses a central directory's records.
    fn parse(mut bytes: &[u8]) -> Result<Self, WebpubError> {
        let mut entries = HashMap::new();
        while bytes.len() >= CENTRAL_SIZE && bytes[..4] == CENTRAL_SIGNATURE {
            let method = u16_at(bytes, 10);
            let entry = Entry {
                deflated: match method {
                    0 => false,
                    8 => true,
                    other => {
                        return Err(WebpubError::Zip(format!(
                            "an entry is compressed with method {other}; EPUB allows stored and deflated"
                        )));
                    }
                },
                crc32: u32_at(bytes, 16),
                compressed: u64::from(u32_at(bytes, 20)),
                size: u64::from(u32_at(bytes, 24)),
                header_at: u64::from(u32_at(bytes, 42)),
            };
            let name_len = usize::from(u16_at(bytes, 28));
            let record_len = CENTRAL_SIZE
                + name_len
                + usize::from(u16_at(bytes, 30))
                + usize::from(u16_at(bytes, 32));
            if bytes.len() < record_len {
                return Err(WebpubError::Zip(
                    "the central directory is cut short".into(),
                ));
            }
            if [entry.compressed, entry.size, entry.header_at].contains(&u64::from(u32::MAX)) {
                return Err(WebpubError::Zip(
                    "the zip is a ZIP64 archive, which an EPUB read in the browser may not be"
                        .into(),
                ));
            }
            let name = String::from_utf8_lossy(&bytes[CENTRAL_SIZE..CENTRAL_SIZE + name_len]);
            entries.insert(name.into_owned(), entry);
            bytes = &bytes[record_len..];
        }
        Ok(ZipDirectory { entries })
    }

    /// Whether the zip has an entry of this name.
    pub fn contains(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    /// The uncompressed size of an entry, if there is one of this name.
    pub fn size_of(&self, name: &str) -> Option<u64> {
        self.entries.get(name).map(|e| e.size)
    }

    /// The bytes of one entry, uncompressed and checked against its CRC, or `None` when the zip
    /// has no entry of that name.
    pub async fn entry(
        &self,
        files: &FileStore,
        key: &str,
        name: &str,
    ) -> Result<Option<Bytes>, WebpubError> {
        let Some(entry) = self.entries.get(name).copied() else {
            return Ok(None);
        };
        if entry.size > LARGEST_ENTRY || entry.compressed > LARGEST_ENTRY {
            return Err(WebpubError::TooLarge(name.to_owned()));
        }
        let guess = entry.header_at
            ..entry.header_at + LOCAL_SIZE + name.len() as u64 + LOCAL_SLACK + entry.compressed;
        let read = files.get_range(key, guess.clone()).await?;
        let data = local_data(&read, guess.start, entry.compressed)?;
        let raw = if data.end <= guess.end {
            let at = |n: u64| usize::try_from(n - guess.start).map_err(too_large);
            read.slice(at(data.start)?..at(data.end)?)
        } else {
            files.get_range(key, data).await?
        };
        inflated(name, &entry, raw).map(Some)
    }
}

/// Where the central directory is, from the end of central directory record in `tail` (which
/// starts at `tail_start` in the file).
fn central_range(tail: &[u8], tail_start: u64) -> Result<Range<u64>, WebpubError> {
    let at = (0..=tail.len().saturating_sub(END_SIZE))
        .rev()
        .find(|&i| tail[i..i + 4] == END_SIGNATURE)
        .ok_or_else(|| WebpubError::Zip("no end of central directory: not a zip".into()))?;
    let record = &tail[at..];
    let size = u64::from(u32_at(record, 12));
    let offset = u64::from(u32_at(record, 16));
    if offset == u64::from(u32::MAX) {
        return Err(WebpubError::Zip(
            "the zip is a ZIP64 archive, which an EPUB read in the browser may not be".into(),
        ));
    }
    let end = offset + size;
    if end > tail_start + at as u64 {
        return Err(WebpubError::Zip(
            "the central directory runs past its end record".into(),
        ));
    }
    Ok(offset..end)
}

/// Where an entry's data is, from the local header at the start of `read` (which starts at
/// `header_at` in the file). The data's length, `compressed`, is the central directory's: a
/// local header written while streaming holds zeros and puts the sizes after the data.
fn local_data(read: &[u8], header_at: u64, compressed: u64) -> Result<Range<u64>, WebpubError> {
    if read.len() < LOCAL_SIZE as usize || read[..4] != LOCAL_SIGNATURE {
        return Err(WebpubError::Zip(
            "an entry's local header is missing".into(),
        ));
    }
    let start = header_at + LOCAL_SIZE + u64::from(u16_at(read, 26)) + u64::from(u16_at(read, 28));
    Ok(start..start + compressed)
}

fn inflated(name: &str, entry: &Entry, raw: Bytes) -> Result<Bytes, WebpubError> {
    let bytes = if entry.deflated {
        let mut out = Vec::with_capacity(usize::try_from(entry.size).map_err(too_large)?);
        // One byte more than the entry says it holds, to catch one that holds more.
        flate2::read::DeflateDecoder::new(&raw[..])
            .take(entry.size + 1)
            .read_to_end(&mut out)
            .map_err(|e| WebpubError::Zip(format!("{name} cannot be inflated: {e}")))?;
        Bytes::from(out)
    } else {
        raw
    };
    if bytes.len() as u64 != entry.size {
        return Err(WebpubError::Zip(format!(
            "{name} holds {} bytes where the zip says {}",
            bytes.len(),
            entry.size
        )));
    }
    let mut crc = flate2::Crc::new();
    crc.update(&bytes);
    if crc.sum() != entry.crc32 {
        return Err(WebpubError::Zip(format!("{name} fails its CRC check")));
    }
    Ok(bytes)
}

fn too_large(_: std::num::TryFromIntError) -> WebpubError {
    WebpubError::Zip("an offset does not fit this machine's memory".into())
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}
