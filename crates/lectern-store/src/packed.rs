//! A title's record as the store keeps it: its JSON, compressed with lz4 against a dictionary of
//! the record's own vocabulary (`title_dictionary.txt`: every field name of the complete record
//! and the values of its closed lists, such as formats, statuses and the schema.org
//! accessibility terms).
//!
//! A record is about 1.8 kB of JSON, mostly field names and those values, and both engines
//! store it whole: PostgreSQL compresses nothing under 2 kB, SQLite nothing at all. Against the
//! dictionary lz4 brings a generated record from 1,845 bytes to 695 on average, and a demo record
//! from 900 to about 370, where lz4 alone reaches about 1,215 and 713, because a record is too
//! short to repeat much of itself. Packing costs the writer a few microseconds a title and
//! reading fewer; PostgreSQL then writes about half the bytes to its table (877 MiB against
//! 1,658 for a million titles) and to its write-ahead log (873 MiB against 1,599).
//!
//! A packed record starts with a format byte, then the JSON's length (u32, little-endian), then
//! the lz4 block. A record that starts with `{` is plain JSON, as records were stored before
//! packing. The dictionary may never change: a new one needs a new format byte.

use crate::StoreError;

const DICTIONARY: &[u8] = include_bytes!("title_dictionary.txt");
/// lz4 block against `DICTIONARY`.
const LZ4_DICTIONARY_1: u8 = 1;
const HEADER: usize = 5;
/// Far above any record; a longer length can only be a damaged row.
const LONGEST: usize = 64 << 20;

/// The record's JSON, packed.
pub(crate) fn pack(json: &[u8]) -> Result<Vec<u8>, StoreError> {
    let len = u32::try_from(json.len())
        .ok()
        .filter(|&len| len as usize <= LONGEST)
        .ok_or_else(|| StoreError::Corrupt(format!("a {} byte record is too long", json.len())))?;
    let mut packed = vec![0; HEADER + lz4_flex::block::get_maximum_output_size(json.len())];
    packed[0] = LZ4_DICTIONARY_1;
    packed[1..HEADER].copy_from_slice(&len.to_le_bytes());
    let written = lz4_flex::block::compress_into_with_dict(json, &mut packed[HEADER..], DICTIONARY)
        .map_err(|e| StoreError::Corrupt(format!("packing a record: {e}")))?;
    packed.truncate(HEADER + written);
    Ok(packed)
}

/// The JSON of a stored record, packed or plain.
pub(crate) fn unpack(stored: &[u8]) -> Result<std::borrow::Cow<'_, [u8]>, StoreError> {
    match stored.first() {
        Some(b'{') => Ok(stored.into()),
        Some(&LZ4_DICTIONARY_1) if stored.len() >= HEADER => {
            let mut len = [0; 4];
            len.copy_from_slice(&stored[1..HEADER]);
            let len = u32::from_le_bytes(len) as usize;
            if len > LONGEST {
                return Err(StoreError::Corrupt(format!(
                    "a packed record claims {len} bytes"
                )));
            }
            let mut json = vec![0; len];
            let read = lz4_flex::block::decompress_into_with_dict(
                &stored[HEADER..],
                &mut json,
                DICTIONARY,
            )
            .map_err(|e| StoreError::Corrupt(format!("unpacking a record: {e}")))?;
            if read != len {
                return Err(StoreError::Corrupt(format!(
                    "a packed record of {len} bytes unpacked to {read}"
                )));
            }
            Ok(json.into())
        }
        _ => Err(StoreError::Corrupt(
            "a stored record is neither JSON nor packed".to_owned(),
        )),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_record_unpacks_to_what_was_packed_and_is_smaller() {
        let json = br#"{"serviceId":"t1","site":"demo","status":"live","title":"Flowers","artifacts":[{"format":"EPUB3","status":"available","accessibility":{"accessibilityFeatures":[{"accessibilityFeature":"tableOfContents","description":null}],"accessModes":["textual"]}}]}"#;
        let packed = pack(json).unwrap();
        assert!(packed.len() < json.len() / 2, "{} bytes", packed.len());
        assert_eq!(unpack(&packed).unwrap().as_ref(), json);
    }

    #[test]
    fn plain_json_reads_as_it_is() {
        assert_eq!(unpack(b"{}").unwrap().as_ref(), b"{}");
    }

    #[test]
    fn damaged_records_are_errors() {
        let mut packed = pack(br#"{"title":"Flowers"}"#).unwrap();
        assert!(unpack(&packed[..3]).is_err());
        packed[1] = packed[1].wrapping_add(1);
        assert!(unpack(&packed).is_err());
        assert!(unpack(b"").is_err());
        assert!(unpack(b"\x07abc").is_err());
    }
}
