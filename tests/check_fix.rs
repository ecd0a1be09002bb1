//! `pegurl check --fix`: safe fixes applied in place to lists and documents, the files checked
//! again, and what changed reported.
#![cfg(feature = "cli")]

mod support;

use serde_json::Value;
use support::{pegurl_in, records, scratch, stderr};

const BASE: &str = "https://example.net/base/";

/// Percent-decoded bytes, to compare hrefs that differ only in encoding.
fn decoded(href: &Value) -> Vec<u8> {
    let s = href.as_str().unwrap_or_default().as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let hex = s
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (s[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

fn fixes_in_place(name: &str) {
    let dir = scratch(&format!("fix-{name}"));
    let source = support::root().join("fixtures/documents").join(name);
    std::fs::copy(&source, dir.join(name)).unwrap();
    let check = |fix: bool| {
        let mut args = vec!["check", "--format", "jsonl", "--base", BASE, name];
        if fix {
            args.insert(1, "--fix");
        }
        pegurl_in(&dir, &args, b"", &[])
    };
    let before = records(&check(false));
    let fixed = check(true);
    assert!(
        stderr(&fixed).contains("applied"),
        "{name}: {}",
        stderr(&fixed)
    );
    let after = records(&fixed);
    assert_eq!(before.len(), after.len(), "{name}: the same URLs");
    let safe = |r: &Value| {
        r["errors"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["fix"]["safe"] == true)
            .count()
    };
    for (b, a) in before.iter().zip(&after) {
        // Every fixed URL points where it pointed before.
        assert_eq!(
            decoded(&b["href"]),
            decoded(&a["href"]),
            "{name}: {b} -> {a}"
        );
        assert_eq!(safe(a), 0, "{name}: a safe fix is left: {a}");
        if safe(b) > 0 {
            assert!(a["errors"].as_array().unwrap().len() < b["errors"].as_array().unwrap().len());
        }
    }
    // A second run has nothing left to apply.
    assert!(!stderr(&check(true)).contains("applied"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fix_rewrites_an_html_document() {
    fixes_in_place("quoting.html");
    let dir = scratch("fix-html-text");
    std::fs::write(
        dir.join("p.html"),
        "<a href=\"a b\">1</a><a href='x&#32;y'>2</a><img src=c\\d.png>",
    )
    .unwrap();
    let args = ["check", "--fix", "--base", "https://example.org/", "p.html"];
    pegurl_in(&dir, &args, b"", &[]);
    let text = std::fs::read_to_string(dir.join("p.html")).unwrap();
    // The space written through a reference is left: its fix would not be where it is written.
    assert_eq!(
        text,
        "<a href=\"a%20b\">1</a><a href='x&#32;y'>2</a><img src=c/d.png>"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fix_rewrites_a_markdown_document() {
    fixes_in_place("links.md");
}

#[test]
fn fix_rewrites_a_list() {
    fixes_in_place("list.txt");
}

#[test]
fn fix_leaves_standard_input_and_arguments_alone() {
    let dir = scratch("fix-stdin");
    let out = pegurl_in(&dir, &["check", "--fix", "-"], b"https://e.org/a b\n", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("applied"));
    std::fs::remove_dir_all(&dir).unwrap();
}
