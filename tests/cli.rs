//! The `pegurl` binary: snapshot tests of `check`'s output formats, exit codes, and `parse`.
//! Snapshots live in tests/snapshots/; `UPDATE_SNAPSHOTS=1 cargo test --test cli` rewrites them
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
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
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

/// Inputs that cover a failure, several warnings, a valid URL and a tab inside an input.
const JSONL_INPUTS: &str = r#"{"input": "https://user@exa mple.org/a b", "base": null}
{"input": "https:\\\\example.org\\p", "base": null}
{"input": "https://example.org/", "base": null}
{"input": "c|/x", "base": "file:///d:/"}
{"input": "http://[::01]:99999/", "base": null}
{"input": "http://ex\tample.org/%zz", "base": null}
"#;

fn check(format: &str) -> Output {
    pegurl(
        &["check", "--format", format, "--input-format", "jsonl", "-"],
        JSONL_INPUTS,
    )
}

#[test]
fn check_human_output() {
    let out = check("human");
    assert_eq!(out.status.code(), Some(1));
    snapshot("check.human.txt", &String::from_utf8_lossy(&out.stdout));
}

#[test]
fn check_jsonl_output() {
    let out = check("jsonl");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("one JSON object a line");
        let keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, ["input", "base", "href", "valid", "errors"]);
    }
    snapshot("check.jsonl", &text);
}

#[test]
fn check_sarif_output() {
    let out = check("sarif");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let sarif: serde_json::Value = serde_json::from_str(&text).expect("one JSON document");
    assert_eq!(sarif["version"], "2.1.0");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), pegurl::ErrorCode::ALL.len());
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
    snapshot("check.sarif.json", &text);
}

#[test]
fn check_lines_from_a_file_reports_file_and_line() {
    let dir = std::env::temp_dir().join(format!("pegurl-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "https://ok.example/\r\nhttps://bad.example/a b\n").unwrap();
    let out = pegurl(&["check", "--format", "sarif", file.to_str().unwrap()], "");
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 2);
    assert_eq!(region["startColumn"], 22);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_exit_codes() {
    assert_eq!(
        pegurl(&["check", "https://example.org/"], "").status.code(),
        Some(0)
    );
    assert_eq!(
        pegurl(&["check", "https://exa mple.org/"], "")
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        pegurl(&["check", "--format", "xml", "x"], "").status.code(),
        Some(2)
    );
    let bad_json = pegurl(&["check", "--input-format", "jsonl", "-"], "{not json\n");
    assert_eq!(bad_json.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_json.stderr).contains("-:1"));
}

#[test]
fn parse_prints_components_and_record() {
    let out = pegurl(
        &["parse", "--base", "http://h/a/b", "../c?d#e", "http://[::1"],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "one input fails");
    snapshot("parse.txt", &String::from_utf8_lossy(&out.stdout));
}

#[test]
fn parse_applies_setters_in_order_and_encodings() {
    let out = pegurl(
        &[
            "parse",
            "--set",
            "host=example.org:8080",
            "--set",
            "port=x",
            "--set",
            "search=a b",
            "--encoding",
            "windows-1252",
            "http://old/?\u{e9}",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("href      http://example.org:8080/?a%20b"),
        "{text}"
    );
    assert!(text.contains("ignored   port = \"x\""), "{text}");
    let out = pegurl(
        &["parse", "--encoding", "windows-1252", "http://h/?\u{e9}"],
        "",
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("http://h/?%E9"));
    assert_eq!(
        pegurl(&["parse", "--encoding", "nope", "x:y"], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        pegurl(&["parse", "--set", "nope=1", "x:y"], "")
            .status
            .code(),
        Some(2)
    );
}
