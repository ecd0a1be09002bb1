//! Every output path of the `pegurl` binary treats a reader that has gone away (EPIPE, as with
//! `pegurl ... | head`) as a normal end: no panic, the exit code the run would have had. Each
//! command runs with its standard output the write end of a pipe whose read end is already
//! closed, so its first write fails.
#![cfg(feature = "cli")]

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `pegurl ARGS` into a closed pipe: (exit code, standard error).
fn into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let binary = std::env::var_os("PEGURL_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_pegurl")),
        PathBuf::from,
    );
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(binary)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ends_quietly(args: &[&str], code: i32) {
    let (status, stderr) = into_closed_pipe(args);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(status, Some(code), "{args:?}: {stderr}");
}

#[test]
fn grammar_test_into_a_closed_pipe() {
    ends_quietly(
        &[
            "grammar",
            "test",
            "--grammar",
            "grammar/url.pest",
            "--suite",
            "setters",
        ],
        0,
    );
}

#[test]
fn grammar_rfc3986_diff_into_a_closed_pipe() {
    ends_quietly(&["grammar", "rfc3986-diff", "--show", "1"], 0);
}

#[test]
fn grammar_railroad_into_a_closed_pipe() {
    ends_quietly(&["grammar", "railroad", "url"], 0);
}

#[test]
fn grammar_consistency_into_a_closed_pipe() {
    ends_quietly(&["grammar", "consistency", "--count", "20"], 0);
}

#[test]
fn parse_into_a_closed_pipe() {
    ends_quietly(&["parse", "http://example.org/"], 0);
}

#[test]
fn parse_rfc3986_into_a_closed_pipe() {
    ends_quietly(
        &["parse", "--standard", "rfc3986", "http://example.org/"],
        0,
    );
}

#[test]
fn check_into_a_closed_pipe() {
    ends_quietly(&["check", "--url", "http://example.org/"], 0);
}

#[test]
fn compare_into_a_closed_pipe() {
    ends_quietly(&["compare", "http://example.org/"], 0);
}
