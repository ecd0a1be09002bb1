//! The `pegurl` binary's RFC 3986 commands: `compare` (snapshots of both output formats, input
//! from arguments, standard input and JSON lines; exit codes) and `parse --standard rfc3986`.
//! `UPDATE_SNAPSHOTS=1 cargo test --test cli_rfc3986` rewrites the snapshots in tests/snapshots/
//! (review the diff before committing).
#![cfg(feature = "cli")]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn pegurl(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin_pipe = child.stdin.take().expect("stdin");
    stdin_pipe
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    drop(stdin_pipe);
    child.wait_with_output().expect("the binary ends")
}

fn snapshot(name: &str, actual: &str) {
    let path = format!("{}/tests/snapshots/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).expect("snapshot written");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (UPDATE_SNAPSHOTS=1 creates it)"));
    assert_eq!(actual, expected, "output differs from {path}");
}

/// One input per kind of disagreement, and one where both agree.
const INPUTS: &str = "https://example.org/a?b#c
http://0x7f.1/
http:///evil.com/x
http://evil.com\\@good.com/
http://a@b@c/
http://h/a/%2e%2e/%2e%2e/etc/passwd
";

#[test]
fn compare_human_output() {
    let out = pegurl(&["compare"], INPUTS);
    assert_eq!(out.status.code(), Some(1), "disagreements exit 1");
    snapshot("compare.human.txt", &String::from_utf8_lossy(&out.stdout));
}

#[test]
fn compare_jsonl_output() {
    let out = pegurl(&["compare", "--format", "jsonl", "-"], INPUTS);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        assert!(value["disagreements"].is_array(), "{line}");
    }
    snapshot("compare.jsonl", &text);
}

#[test]
fn compare_reads_json_lines_with_bases_and_exits_0_when_both_agree() {
    let input = r#"{"input": "../g", "base": "http://a/b/c/d;p?q"}
{"input": "g?y#s", "base": "http://a/b/c/d;p?q"}
"#;
    let out = pegurl(
        &["compare", "--input-format", "jsonl", "--format", "jsonl"],
        input,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(r#""href":"http://a/b/g""#), "{text}");
    assert!(text.contains(r#""href":"http://a/b/c/g?y#s""#), "{text}");
}

#[test]
fn compare_with_a_base_shows_the_strict_reading_of_a_repeated_scheme() {
    let out = pegurl(&["compare", "--base", "http://a/b/c/d;p?q", "http:g"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("DISAGREE    host: rfc3986 none, whatwg \"a\""),
        "{text}"
    );
    assert!(
        text.ends_with("1 inputs, 1 with disagreements: host 1, path 1\n"),
        "{text}"
    );
}

#[test]
fn parse_by_rfc3986() {
    let out = pegurl(
        &[
            "parse",
            "--standard",
            "rfc3986",
            "--base",
            "http://a/b/c/d;p?q",
            "../g?x#y",
            "HTTP://u@[::1]:80/./a",
            "http://h/a b",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "a failure exits 1");
    snapshot("parse.rfc3986.txt", &String::from_utf8_lossy(&out.stdout));
}

#[test]
fn parse_by_rfc3987_reads_iris() {
    let out = pegurl(
        &[
            "parse",
            "--standard",
            "rfc3987",
            "http://bücher.example/ü?q",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("host       reg-name \"bücher.example\""),
        "{text}"
    );
    let out = pegurl(
        &["parse", "--standard", "rfc3986", "http://bücher.example/"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
}
