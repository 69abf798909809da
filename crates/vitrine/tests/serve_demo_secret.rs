//! `vitrine serve` with the demo configuration refuses to listen beyond loopback: its tracking
//! secret is published. One line on stderr, non-zero exit, nothing opened.

use std::path::Path;
use std::process::Command;

#[test]
fn serve_refuses_the_published_demo_secret_on_every_interface() {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/demo.toml");
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("shop.db");
    let output = Command::new(env!("CARGO_BIN_EXE_vitrine"))
        .args(["serve", "--listen", "0.0.0.0:0", "--config"])
        .arg(&demo)
        .arg("--database-url")
        .arg(format!("sqlite://{}", db.display()))
        .env_remove("VITRINE_LISTEN")
        .env_remove("VITRINE_DATABASE_URL")
        .env_remove("VITRINE_CONFIG")
        .output()
        .expect("the binary runs");
    assert!(!output.status.success(), "must not serve");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.contains("published secret") && stderr.contains("0.0.0.0:0"),
        "{stderr}"
    );
    assert!(!db.exists(), "the database was not even opened");
}
