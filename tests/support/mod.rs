//! Running the `pegurl` binary from tests, and snapshot files.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The crate's root: tests run the binary from there, so paths in outputs are stable.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `pegurl ARGS` from the crate root with `stdin`.
pub fn pegurl(args: &[&str], stdin: &[u8]) -> Output {
    pegurl_in(root(), args, stdin, &[])
}

/// Runs `pegurl ARGS` in `dir` with `stdin` and extra environment variables. `PEGURL_BIN` runs
/// another build instead (this is how the tests were shown to fail on the code before them).
pub fn pegurl_in(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let binary = std::env::var_os("PEGURL_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_pegurl")),
        PathBuf::from,
    );
    let mut command = Command::new(binary);
    command
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    // A run that stops reading early (an I/O error) closes the pipe: that is not a failure here.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("the binary ends")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Compares `actual` with tests/snapshots/NAME; `UPDATE_SNAPSHOTS=1` rewrites it (review the
/// diff before committing).
pub fn snapshot(name: &str, actual: &str) {
    let path = root().join("tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).expect("snapshot written");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 creates it)", path.display()));
    assert_eq!(actual, expected, "output differs from {}", path.display());
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pegurl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The JSON lines of an output.
pub fn records(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect()
}

/// `text` with the crate root's `file:` URI (SARIF's `%SRCROOT%`) written `file:///ROOT/`.
pub fn without_root(text: &str) -> String {
    let root = format!("file://{}/", root().display());
    text.replace(&root, "file:///ROOT/")
}
