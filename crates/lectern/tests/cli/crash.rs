//! An accepted catalog edit survives the server being killed (SIGKILL) between its acceptance
//! and its application, and is applied exactly once after a restart, on both stores.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, fresh};
use lectern_store::{catalog_edits, titles};

use super::{free_port, lectern, run, temp_dir, text};

on_both_stores!(an_accepted_edit_survives_a_kill_and_is_applied_once);

const FIXTURE: &str = r#"{
  "sites": [{ "id": "lib", "name": "The Library" }],
  "clients": [{ "apiKey": "app-key-0001", "name": "App", "site": "lib", "trusted": true }],
  "users": [{ "userName": "cat@example.org", "password": "cat-pass-1", "site": "lib", "roles": ["collectionAssistant"], "firstName": "Cat", "lastName": "Alog" }],
  "titles": [{ "serviceId": "t1", "site": "lib", "status": "live", "title": "Before", "usageRestriction": "copyright" }]
}"#;

/// `lectern serve` on the store, answering at the returned base URL once it is up.
fn serve(url: &str, data: &Path, worker: bool) -> (Child, String) {
    let port = free_port();
    let mut child = lectern(&[
        "serve",
        "--database-url",
        url,
        "--data-dir",
        data.to_str().unwrap(),
    ])
    .args(["--listen", &format!("127.0.0.1:{port}")])
    .args(["--worker", if worker { "true" } else { "false" }])
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if curl(&[&format!("{base}/v2/titles?api_key=app-key-0001")]).contains("totalResults") {
            return (child, base);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("lectern serve did not answer within 30 s");
}

fn curl(args: &[&str]) -> String {
    text(
        &Command::new("curl")
            .arg("-s")
            .args(args)
            .output()
            .unwrap()
            .stdout,
    )
}

async fn an_accepted_edit_survives_a_kill_and_is_applied_once(backend: Backend) {
    let t = fresh(backend).await;
    let dir = temp_dir();
    let fixture = dir.join("fixture.json");
    std::fs::write(&fixture, FIXTURE).unwrap();
    let out = run(&mut lectern(&[
        "load",
        fixture.to_str().unwrap(),
        "--database-url",
        &t.url,
    ]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let data = dir.join("data");

    // A node without a worker accepts the edit, and is killed before anything applies it.
    let (mut first, base) = serve(&t.url, &data, false);
    let grant = curl(&[
        "-u",
        "app-key-0001:",
        "-d",
        "grant_type=password",
        "-d",
        "username=cat@example.org",
        "-d",
        "password=cat-pass-1",
        &format!("{base}/oauth/token"),
    ]);
    let grant: serde_json::Value =
        serde_json::from_str(&grant).unwrap_or_else(|_| panic!("{grant}"));
    let token = grant["access_token"].as_str().unwrap().to_owned();
    let answer = curl(&[
        "-o",
        "/dev/null",
        "-w",
        "%{http_code}",
        "-X",
        "PUT",
        "-H",
        &format!("Authorization: Bearer {token}"),
        "-d",
        "title=After",
        "-d",
        "comments=Survives a crash",
        &format!("{base}/v2/titles/t1?api_key=app-key-0001"),
    ]);
    assert_eq!(answer, "202");
    first.kill().unwrap();
    first.wait().unwrap();
    assert_eq!(
        catalog_edits::unapplied(t.store.reads()).await.unwrap(),
        1,
        "still queued"
    );

    // After a restart with a worker, it is applied, once.
    let (mut second, _) = serve(&t.url, &data, true);
    let deadline = Instant::now() + Duration::from_secs(30);
    while catalog_edits::unapplied(t.store.reads()).await.unwrap() > 0 {
        assert!(
            Instant::now() < deadline,
            "the edit was not applied after the restart"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    second.kill().unwrap();
    second.wait().unwrap();
    let history = catalog_edits::history(t.store.reads(), "t1").await.unwrap();
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0].status, "applied");
    assert_eq!(history[0].comment.as_deref(), Some("Survives a crash"));
    let title = titles::get(t.store.reads(), "t1").await.unwrap().unwrap();
    assert_eq!(title.title, "After");
    let _ = std::fs::remove_dir_all(&dir);
}
