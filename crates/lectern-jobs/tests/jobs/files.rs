//! The file store over a local directory: the round trip, listing, deleting, and refused keys.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use lectern_jobs::{FileError, FileStore};

fn temp_dir(label: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "lectern-jobs-files-{}-{n}-{label}",
        std::process::id()
    ))
}

#[tokio::test]
async fn files_go_in_come_out_and_go_away() {
    let dir = temp_dir("roundtrip");
    let files = FileStore::local(&dir.join("store")).unwrap();
    assert!(dir.join("store").is_dir(), "local() creates its directory");

    files
        .put("titles/t1/EPUB3/book.epub", b"epub bytes".to_vec())
        .await
        .unwrap();
    let source = dir.join("source.brf");
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&source, &big).unwrap();
    files
        .put_file("titles/t1/BRF/book.brf", &source)
        .await
        .unwrap();
    files.put("titles/t10/PDF/x.pdf", "pdf").await.unwrap();

    assert_eq!(
        &files.get("titles/t1/EPUB3/book.epub").await.unwrap()[..],
        b"epub bytes"
    );
    assert_eq!(files.get("titles/t1/BRF/book.brf").await.unwrap(), big);
    assert!(
        dir.join("store/titles/t1/EPUB3/book.epub").is_file(),
        "keys are paths under the directory"
    );

    let (size, modified) = files.head("titles/t1/BRF/book.brf").await.unwrap().unwrap();
    assert_eq!(size, big.len() as u64);
    assert!((chrono::Utc::now() - modified).num_seconds().abs() < 60);
    assert!(files.head("titles/t1/none").await.unwrap().is_none());
    assert!(matches!(
        files.get("titles/t1/none").await,
        Err(FileError::NotFound(k)) if k == "titles/t1/none"
    ));

    let keys = |v: Vec<(String, u64, _)>| v.into_iter().map(|f| f.0).collect::<Vec<_>>();
    assert_eq!(
        keys(files.list("titles/t1").await.unwrap()),
        ["titles/t1/BRF/book.brf", "titles/t1/EPUB3/book.epub"],
        "a prefix is whole segments: t10 is not under t1"
    );
    assert_eq!(files.list("").await.unwrap().len(), 3);
    assert!(files.list("nothing/here").await.unwrap().is_empty());

    // Overwriting replaces; a clone sees the same files.
    let again = files.clone();
    again.put("titles/t1/EPUB3/book.epub", "v2").await.unwrap();
    assert_eq!(
        &files.get("titles/t1/EPUB3/book.epub").await.unwrap()[..],
        b"v2"
    );

    files.delete("titles/t1/EPUB3/book.epub").await.unwrap();
    files.delete("titles/t1/EPUB3/book.epub").await.unwrap();
    assert!(
        files
            .head("titles/t1/EPUB3/book.epub")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(files.list("titles/t1").await.unwrap().len(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn keys_that_could_escape_or_mislead_are_refused() {
    let dir = temp_dir("keys");
    let files = FileStore::local(&dir).unwrap();
    for key in [
        "",
        "/titles/a",
        "titles//a",
        "titles/a/",
        "titles/../../etc/passwd",
        "..",
        "titles/./a",
        "titles\\a",
    ] {
        match files.put(key, "x").await {
            Err(FileError::BadKey { key: k, reason }) => {
                assert_eq!(k, key);
                let message = FileError::BadKey { key: k, reason }.to_string();
                assert!(message.contains("refused"), "{message}");
            }
            other => panic!("{key:?}: {other:?}"),
        }
        assert!(matches!(
            files.get(key).await,
            Err(FileError::BadKey { .. })
        ));
    }
    assert!(
        files.list("").await.unwrap().is_empty(),
        "nothing was written"
    );
    assert!(!dir.parent().unwrap().join("etc").exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn urls_name_a_directory_or_a_bucket() {
    let dir = temp_dir("url");
    let url = url::Url::from_directory_path(&dir).unwrap();
    let files = FileStore::from_url(url.as_str()).unwrap();
    files.put("a/b.txt", "b").await.unwrap();
    assert!(dir.join("a/b.txt").is_file());

    for bad in ["file://relative/dir", "http://example.org/x", "not a url"] {
        assert!(
            matches!(FileStore::from_url(bad), Err(FileError::BadUrl { .. })),
            "{bad}"
        );
    }
    let s3 = FileStore::from_url("s3://bucket/prefix");
    if cfg!(feature = "s3") {
        // Credentials and region come from the environment when first used, not here.
        s3.unwrap();
    } else {
        let message = s3.unwrap_err().to_string();
        assert!(message.contains("s3 feature"), "{message}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn writes_a_killed_process_left_unfinished_are_swept() {
    use std::time::{Duration, SystemTime};
    let dir = temp_dir("sweep");
    let files = FileStore::local(&dir).unwrap();
    files.put("downloads/d1/book.epub", "whole").await.unwrap();
    let staged = |path: &str, age_secs: u64| {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let file = std::fs::File::create(&path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(age_secs))
            .unwrap();
        path
    };
    let old = staged("downloads/d1/book.epub#1", 600);
    let writing = staged("downloads/d2/book.epub#1", 0);
    let elsewhere = staged("titles/t1/EPUB3/book.epub#2", 600);
    let not_staged = staged("titles/t1/EPUB3/notes#draft", 600);

    // A job's own folder, whatever the age; then the whole store, the idle ones only.
    let swept = files.sweep_unfinished("downloads/d1", Duration::ZERO).await;
    assert_eq!(swept.unwrap(), 1);
    assert!(!old.exists() && elsewhere.exists() && writing.exists());
    let swept = files.sweep_unfinished("", Duration::from_secs(60)).await;
    assert_eq!(swept.unwrap(), 1);
    assert!(!elsewhere.exists());
    assert!(writing.exists(), "a write under way is left alone");
    assert!(not_staged.exists(), "only NAME#DIGITS is a staged write");
    assert_eq!(
        &files.get("downloads/d1/book.epub").await.unwrap()[..],
        b"whole"
    );
    assert_eq!(
        files
            .sweep_unfinished("downloads/none", Duration::ZERO)
            .await
            .unwrap(),
        0,
        "a folder that is not there has nothing to sweep"
    );
    let _ = std::fs::remove_dir_all(dir);
}
