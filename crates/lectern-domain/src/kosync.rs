//! KOReader's progress sync ("kosync"): how KOReader names a document, and how a reader's sync
//! key is kept.

use md5::{Digest, Md5};
use sha2::Sha256;

/// KOReader's name for a document: the MD5 of 1 KiB samples of the file at offsets 0, 1 KiB,
/// 4 KiB, 16 KiB ... up to 1 GiB (each four times the last), stopping at the first that starts
/// past the end (koreader `frontend/util.lua`, `util.partialMD5`). Lower-case hex, as KOReader
/// sends it.
pub fn partial_md5(file: &[u8]) -> String {
    const STEP: u64 = 1024;
    const SIZE: usize = 1024;
    let mut md5 = Md5::new();
    for i in -1i32..=10 {
        // LuaJIT's `bit.lshift(1024, -2)` shifts by 30 (the count taken mod 32) in 32 bits: 0.
        let offset = if i < 0 { 0 } else { STEP << (2 * i) };
        let Ok(start) = usize::try_from(offset) else {
            break;
        };
        if start >= file.len() {
            break;
        }
        md5.update(&file[start..file.len().min(start + SIZE)]);
    }
    hex::encode(md5.finalize())
}

/// A new sync key: 100 random bits in five groups of four lower-case letters and digits
/// (Crockford's, no i, l, o or u), to type on an e-reader's keyboard.
pub fn new_sync_key() -> String {
    let id = crate::ids::new_id();
    id.as_bytes()
        .chunks(4)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
        .collect::<Vec<_>>()
        .join("-")
}

/// What a sync key is kept as. KOReader sends the MD5 of what the reader typed (`x-auth-key`),
/// so the key is kept as the SHA-256 of that MD5's hex: a stolen table gives neither the key
/// nor what KOReader sends.
pub fn sync_key_hash_of_sent(sent_md5_hex: &str) -> String {
    hex::encode(Sha256::digest(
        sent_md5_hex.trim().to_ascii_lowercase().as_bytes(),
    ))
}

/// The kept hash of a sync key as the reader types it.
pub fn sync_key_hash(key: &str) -> String {
    sync_key_hash_of_sent(&hex::encode(Md5::digest(key.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_and_what_koreader_sends_for_it_keep_the_same_hash() {
        let sent = hex::encode(Md5::digest(b"river-otter-42"));
        assert_eq!(
            sync_key_hash("river-otter-42"),
            sync_key_hash_of_sent(&sent)
        );
        assert_eq!(
            sync_key_hash("river-otter-42"),
            sync_key_hash_of_sent(&sent.to_uppercase())
        );
        assert_ne!(
            sync_key_hash("river-otter-42"),
            sync_key_hash("river-otter-43")
        );
    }

    /// KOReader's samples taken by other tools: `tail` and `head` cut 1 KiB at each offset KOReader
    /// seeks to (koreader `frontend/util.lua`: 0, then 1 KiB times 4 to the power 0 to 10, until a
    /// seek lands past the end), and `md5sum` hashes them together.
    #[test]
    fn the_partial_md5_is_koreaders() {
        let dir =
            std::env::temp_dir().join(format!("lectern-partial-md5-{}", crate::ids::new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        for len in [300_000usize, 4096, 5000, 1500] {
            let file: Vec<u8> = (0..len).map(|i| (i * 7 + i / 1024) as u8).collect();
            let path = dir.join(format!("{len}.bin"));
            std::fs::write(&path, &file).unwrap();
            let script = format!(
                "for off in 0 1024 4096 16384 65536 262144 1048576; do \
                   [ $off -lt {len} ] || break; tail -c +$((off + 1)) '{p}' | head -c 1024; \
                 done | md5sum",
                p = path.display()
            );
            let out = std::process::Command::new("sh")
                .args(["-c", &script])
                .output()
                .unwrap();
            let expected = String::from_utf8(out.stdout).unwrap()[..32].to_owned();
            assert_eq!(partial_md5(&file), expected, "a file of {len} bytes");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_shorter_than_a_sample_is_hashed_whole() {
        assert_eq!(partial_md5(b"abc"), hex::encode(Md5::digest(b"abc")));
    }
}
