//! The `pegurl` binary: snapshot tests of `check`'s and `compare`'s output formats, exit codes,
//! and `parse` (by the URL Standard and by RFC 3986).
//! Snapshots live in tests/snapshots/; `UPDATE_SNAPSHOTS=1 cargo test --test cli` rewrites them
//! (review the diff before committing).
#![cfg(feature = "cli")]

mod support;

use std::process::Output;

use support::snapshot;

fn pegurl(args: &[&str], stdin: &str) -> Output {
    support::pegurl(args, stdin.as_bytes())
}

/// Inputs that cover a failure, several warnings, a valid URL and a tab inside an input.
const JSONL_INPUTS: &str = r#"{"input": "https://user@exa mple.org/a b", "base": null}
{"input": "https:\\\\example.org\\p", "base": null}
{"input": "https://example.org/", "base": null}
{"input": "c|/x", "base": "file:///d:/"}
{"input": "http://[::01]:99999/", "base": null}
{"input": "http://ex\tample.org/%zz", "base": null}
"#;

/// `pegurl grammar test` on the grammar at `path`, one WPT suite, every difference shown.
fn grammar_test(path: &std::path::Path, suite: &str) -> Output {
    let path = path.to_str().expect("a UTF-8 temporary path");
    pegurl(
        &[
            "grammar",
            "test",
            "--grammar",
            path,
            "--suite",
            suite,
            "--show",
            "1000",
        ],
        "",
    )
}

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
        assert_eq!(
            keys,
            [
                "file",
                "line",
                "column",
                "end_line",
                "end_column",
                "element",
                "attribute",
                "input",
                "base",
                "href",
                "valid",
                "errors"
            ]
        );
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
    // The URL Standard's codes first, in its table's order, then pegurl's own.
    assert!(rules.len() > pegurl::ErrorCode::ALL.len());
    for (rule, code) in rules.iter().zip(pegurl::ErrorCode::ALL) {
        assert_eq!(rule["id"], code.code());
    }
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
    snapshot("check.sarif.json", &support::without_root(&text));
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

#[test]
fn grammar_railroad_draws_every_rule_with_its_doc() {
    let out = pegurl(&["grammar", "railroad"], "");
    assert_eq!(out.status.code(), Some(0));
    let html = String::from_utf8_lossy(&out.stdout);
    for rule in [
        "url",
        "authority",
        "host",
        "special_path_segment",
        "ipv4",
        "set_host",
    ] {
        assert!(
            html.contains(&format!("<section id=\"rule-{rule}\">")),
            "{rule}"
        );
    }
    assert!(html.contains("<a href=\"https://url.spec.whatwg.org/#host-state\">host state</a>"));
    assert_eq!(
        html.matches("<svg").count(),
        html.matches("<section").count()
    );
    let dir = std::env::temp_dir().join(format!("pegurl-railroad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("authority.svg");
    let out = pegurl(
        &[
            "grammar",
            "railroad",
            "-o",
            svg.to_str().unwrap(),
            "authority",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert_eq!(
        pegurl(&["grammar", "railroad", "no_such_rule"], "")
            .status
            .code(),
        Some(2)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn grammar_test_compares_a_modified_grammar_with_the_builtin_one() {
    let builtin = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/url.pest");
    let out = pegurl(&["grammar", "test", "--grammar", builtin], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("urltestdata: 891 cases; "), "{text}");
    assert!(
        text.contains("passes 891, the built-in grammar passes 891; 0 differ"),
        "{text}"
    );
    assert!(text.contains("setters: 278 cases; "), "{text}");

    let source = std::fs::read_to_string(builtin).unwrap();
    let modified = source.replace(
        "default_port_80 = _{ ^\"http\" | ^\"ws\" }",
        "default_port_80 = _{ ^\"ws\" }",
    );
    assert_ne!(source, modified);
    let dir = std::env::temp_dir().join(format!("pegurl-grammar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("no-http.pest");
    std::fs::write(&path, modified).unwrap();
    let out = grammar_test(&path, "urltestdata");
    assert_eq!(out.status.code(), Some(1), "differences exit 1");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(" differ\n"), "{text}");
    assert!(text.contains("built-in Some(\"http://"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `grammar test --suite setters` counts every case: one whose href the edited grammar does not
/// parse is a difference that says so, and a setter the edited grammar refuses says why beside
/// the href it left.
#[test]
fn grammar_test_says_why_a_setter_left_the_url_as_it_was() {
    let builtin = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/url.pest");
    let source = std::fs::read_to_string(builtin).unwrap();
    let edits = [
        // No "+" in a scheme: "view-source+http://..." and "wpt++:..." no longer parse.
        (
            "scheme = @{ ASCII_ALPHA ~ (ASCII_ALPHANUMERIC | \"+\" | \"-\" | \".\")* }",
            "scheme = @{ ASCII_ALPHA ~ (ASCII_ALPHANUMERIC | \"-\" | \".\")* }",
        ),
        // A protocol setter's tree without the scheme, which the builder does not know.
        (
            "set_protocol = ${ SOI ~ scheme ~ \":\" }",
            "set_protocol = ${ SOI ~ (!\":\" ~ ANY)+ ~ \":\" }",
        ),
    ];
    let mut modified = source.clone();
    for (from, to) in edits {
        assert!(modified.contains(from), "{from}");
        modified = modified.replace(from, to);
    }
    let dir = std::env::temp_dir().join(format!("pegurl-setters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("edited.pest");
    std::fs::write(&path, modified).unwrap();
    let out = grammar_test(&path, "setters");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(1), "differences exit 1");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("setters: 278 cases; "), "{text}");
    assert!(
        text.contains(
            "  <view-source+http://example.net/path>.port = \"8080stuff2\": \
             built-in Some(\"view-source+http://example.net:8080/path\"), \
             this grammar None (the URL does not parse: "
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  <http://example.net>.protocol = \"https:foo : bar\": \
             built-in Some(\"https://example.net/\"), \
             this grammar Some(\"http://example.net/\") (the setter refused: \
             the grammar returned an unexpected tree at production `set_protocol`)"
        ),
        "{text}"
    );
}

#[test]
fn grammar_rfc3986_diff_reports_every_wpt_input() {
    let out = pegurl(&["grammar", "rfc3986-diff", "--show", "1"], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("RFC 3986 and the URL Standard on the 891 inputs"),
        "{text}"
    );
    assert!(text.contains("valid in RFC 3986, invalid in the URL Standard: "));
    assert!(text.contains("valid in both, resolving to different URLs: "));
}

#[test]
fn parse_tree_names_the_productions() {
    let out = pegurl(&["parse", "--tree", "https://u@h:1/p?q#f"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "tree      url 0..19 \"https://u@h:1/p?q#f\"",
        "tree          authority 8..13 \"u@h:1\"",
        "tree            credentials 8..10 \"u@\"",
        "tree            host 10..11 \"h\"",
        "tree            port 12..13 \"1\"",
        "tree            special_path_segment 13..15 \"/p\"",
        "tree        fragment 18..19 \"f\"",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

// `compare` and `parse --standard rfc3986|rfc3987` (pegurl::rfc3986).

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
