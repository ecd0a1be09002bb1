//! `pegurl check` on documents (fixtures/documents/): every URL found where the reference data
//! says, with whatwg-url's error codes (fixtures/documents/reference.jsonl, made by
//! scripts/reference/documents.mjs); errors placed inside their URL; every value the Nu Html
//! Checker flags as a bad URL reported (fixtures/documents/vnu-comparison.json, made by
//! scripts/tools/vnu_compare.py); and a snapshot per output format and input kind.
#![cfg(feature = "cli")]

mod support;

use serde_json::Value;
use support::{pegurl, records, snapshot, stdout, without_root};

/// The document URL the reference data was made with.
const BASE: &str = "https://example.net/base/";

fn check(path: &str) -> Vec<Value> {
    records(&pegurl(
        &["check", "--format", "jsonl", "--base", BASE, path],
        b"",
    ))
}

/// The reference records of one fixture.
fn reference(path: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(support::root().join("fixtures/documents/reference.jsonl"))
        .expect("reference data");
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .filter(|r| r["file"] == path)
        .collect()
}

/// The URL Standard's codes of a record (pegurl's own codes are prefixed).
fn spec_codes(record: &Value) -> Vec<String> {
    record["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["code"].as_str())
        .filter(|c| !c.starts_with("html-") && !c.starts_with("input-") && !c.starts_with("url-"))
        .map(str::to_owned)
        .collect()
}

/// Every URL of the fixture, found where the reference data says, with whatwg-url's codes (and
/// its href where the document is UTF-8: whatwg-url encodes every query as UTF-8).
fn matches_reference(name: &str, utf8: bool) {
    let path = format!("fixtures/documents/{name}");
    let found = check(&path);
    let expected = reference(&path);
    assert!(!expected.is_empty(), "{path}: no reference data");
    assert_eq!(found.len(), expected.len(), "{path}: URLs found");
    for (got, want) in found.iter().zip(&expected) {
        let at = format!("{path}:{}:{}", want["line"], want["column"]);
        for key in ["line", "column", "element", "attribute", "input", "base"] {
            assert_eq!(got[key], want[key], "{at}: {key}");
        }
        assert_eq!(
            spec_codes(got),
            want["codes"].as_array().map_or(vec![], |c| c
                .iter()
                .filter_map(|c| c.as_str().map(str::to_owned))
                .collect::<Vec<_>>()),
            "{at}: codes"
        );
        if utf8 {
            assert_eq!(got["href"], want["href"], "{at}: href");
        }
    }
}

macro_rules! reference_tests {
    ($($test:ident => $name:literal, $utf8:literal;)*) => {$(
        #[test]
        fn $test() {
            matches_reference($name, $utf8);
        }
    )*};
}

reference_tests! {
    quoting_html_matches_whatwg_url => "quoting.html", true;
    crlf_html_matches_whatwg_url => "crlf.html", true;
    bom_html_matches_whatwg_url => "bom.html", true;
    windows_1252_html_matches_whatwg_url => "windows-1252.html", false;
    shift_jis_html_matches_whatwg_url => "shift_jis.html", false;
    links_md_matches_whatwg_url => "links.md", true;
}

#[test]
fn errors_are_placed_inside_their_url() {
    for name in [
        "quoting.html",
        "crlf.html",
        "bom.html",
        "links.md",
        "windows-1252.html",
    ] {
        for record in check(&format!("fixtures/documents/{name}")) {
            let start = (record["line"].as_u64(), record["column"].as_u64());
            let end = (record["end_line"].as_u64(), record["end_column"].as_u64());
            for error in record["errors"].as_array().unwrap() {
                let at = (error["line"].as_u64(), error["column"].as_u64());
                assert!(start <= at && at <= end, "{name}: {error} outside {record}");
            }
        }
    }
}

/// Places through character references, backslash escapes and newlines, to the source.
#[test]
fn places_count_characters_through_references_to_the_source() {
    let found = check("fixtures/documents/quoting.html");
    let place = |input: &str| {
        let r = found.iter().find(|r| r["input"] == input).expect(input);
        (
            r["errors"][0]["line"].clone(),
            r["errors"][0]["column"].clone(),
        )
    };
    // `<a href="x&#32;y">`: the space is the reference, which starts at column 11.
    assert_eq!(place("x y"), (20.into(), 11.into()));
    // `<a href="?x&lt y">`: "<" is `&lt` at column 12.
    assert_eq!(place("?x< y"), (23.into(), 12.into()));
    // After "☃☃☃ " (characters, not bytes): the space of "über uns.html" is at column 52.
    assert_eq!(place("über uns.html"), (34.into(), 52.into()));
    // A value over several lines: the newline is at line 30, column 21.
    assert_eq!(place("https://exa\nmple.com/"), (30.into(), 21.into()));
    let md = check("fixtures/documents/links.md");
    let r = md
        .iter()
        .find(|r| r["input"] == "https://example.org/(paren)\\x")
        .unwrap();
    // `\\x`: the decoded "\" is the two-character escape at column 64.
    assert_eq!(r["errors"][0]["column"], 64);
}

#[test]
fn every_bad_url_the_nu_checker_flags_is_reported() {
    let path = support::root().join("fixtures/documents/vnu-comparison.json");
    let comparison: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let vnu_only = comparison["vnu_only"].as_array().unwrap();
    let mut reported = 0;
    for flagged in comparison["vnu_flagged"].as_array().unwrap() {
        let explained = vnu_only.iter().any(|o| {
            o["file"] == flagged["file"]
                && o["last_line"] == flagged["last_line"]
                && o["attribute"] == flagged["attribute"]
        });
        let lines =
            flagged["first_line"].as_u64().unwrap()..=flagged["last_line"].as_u64().unwrap();
        let hit = check(flagged["file"].as_str().unwrap()).iter().any(|r| {
            r["element"] == flagged["element"]
                && r["attribute"] == flagged["attribute"]
                && lines.contains(&r["line"].as_u64().unwrap())
                && !r["errors"].as_array().unwrap().is_empty()
        });
        assert!(hit || explained, "vnu flags {flagged} and pegurl does not");
        reported += usize::from(hit);
    }
    assert_eq!(reported, comparison["also_reported_by_pegurl"]);
}

/// One snapshot per output format and input kind.
fn snapshot_of(format: &str, file: &str, name: &str) {
    let out = pegurl(&["check", "--format", format, "--base", BASE, file], b"");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{file}: {}",
        support::stderr(&out)
    );
    let text = stdout(&out);
    if format == "sarif" {
        let _: Value = serde_json::from_str(&text).expect("one JSON document");
    }
    snapshot(name, &without_root(&text));
}

macro_rules! snapshot_tests {
    ($($test:ident => $format:literal, $file:literal, $name:literal;)*) => {$(
        #[test]
        fn $test() {
            snapshot_of($format, $file, $name);
        }
    )*};
}

snapshot_tests! {
    human_output_of_a_list => "human", "fixtures/documents/list.txt", "check.list.human.txt";
    jsonl_output_of_a_list => "jsonl", "fixtures/documents/list.txt", "check.list.jsonl";
    sarif_output_of_a_list => "sarif", "fixtures/documents/list.txt", "check.list.sarif.json";
    human_output_of_html => "human", "fixtures/documents/quoting.html", "check.html.human.txt";
    jsonl_output_of_html => "jsonl", "fixtures/documents/quoting.html", "check.html.jsonl";
    sarif_output_of_html => "sarif", "fixtures/documents/quoting.html", "check.html.sarif.json";
    human_output_of_markdown => "human", "fixtures/documents/links.md", "check.markdown.human.txt";
    jsonl_output_of_markdown => "jsonl", "fixtures/documents/links.md", "check.markdown.jsonl";
    sarif_output_of_markdown => "sarif", "fixtures/documents/links.md", "check.markdown.sarif.json";
}

/// Runs `check --format jsonl` on an HTML page written to a scratch file.
fn check_page(name: &str, page: &[u8], extra: &[&str]) -> Vec<Value> {
    let dir = support::scratch(name);
    std::fs::write(dir.join("page.html"), page).unwrap();
    let mut args = vec!["check", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push("page.html");
    let found = records(&support::pegurl_in(&dir, &args, b"", &[]));
    std::fs::remove_dir_all(&dir).unwrap();
    found
}

#[test]
fn encoding_flag_encodes_the_query_of_a_page_without_a_declaration() {
    let page = b"<a href=\"https://example.org/?q=caf\xE9\">x</a>";
    let found = check_page("encoding-flag", page, &["--encoding", "windows-1252"]);
    assert_eq!(found[0]["input"], "https://example.org/?q=café");
    assert_eq!(found[0]["href"], "https://example.org/?q=caf%E9");
    // A BOM wins over --encoding.
    let page = b"\xEF\xBB\xBF<a href=\"https://example.org/?q=caf\xC3\xA9\">x</a>";
    let found = check_page("encoding-bom", page, &["--encoding", "windows-1252"]);
    assert_eq!(found[0]["href"], "https://example.org/?q=caf%C3%A9");
}

#[test]
fn base_href_is_resolved_against_the_document_url_and_reported_when_it_fails() {
    let page = b"<base href=\"sub/\"><a href=\"x\">x</a>";
    let found = check_page(
        "base-relative",
        page,
        &["--base", "https://example.org/dir/"],
    );
    assert_eq!(found[0]["base"], "https://example.org/dir/");
    assert_eq!(found[1]["base"], "https://example.org/dir/sub/");
    assert_eq!(found[1]["href"], "https://example.org/dir/sub/x");
    let page = b"<a href=\"x\">x</a><base href=\"http://[::1\">";
    let found = check_page("base-invalid", page, &["--base", "https://example.org/"]);
    assert_eq!(found[0]["href"], "https://example.org/x");
    let codes: Vec<&Value> = found[1]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["code"])
        .collect();
    assert!(
        codes.contains(&&Value::from("html-base-href-invalid")),
        "{codes:?}"
    );
}

#[test]
fn a_document_without_base_is_at_its_own_file_url() {
    let dir = support::scratch("own-url");
    std::fs::write(dir.join("page.html"), "<a href=\"../x y.html\">x</a>").unwrap();
    std::fs::write(dir.join("page.md"), "[x](../x%20y.html)").unwrap();
    let canonical = std::fs::canonicalize(&dir).unwrap();
    let parent = canonical.parent().unwrap().to_str().unwrap().to_owned();
    for name in ["page.html", "page.md"] {
        let out = support::pegurl_in(&dir, &["check", "--format", "jsonl", name], b"", &[]);
        let found = records(&out);
        let document = format!("file://{}/{name}", canonical.to_str().unwrap());
        assert_eq!(found[0]["base"], document.as_str(), "{name}");
        assert_eq!(
            found[0]["href"],
            format!("file://{parent}/x%20y.html").as_str()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Documents cut anywhere (inside a tag, a quoted value, a reference, a link) still give a
/// whole report and exit 0 or 1.
#[test]
fn truncated_documents_give_whole_reports() {
    let dir = support::scratch("truncated");
    for (name, step) in [("quoting.html", 41), ("links.md", 13), ("crlf.html", 3)] {
        let text = std::fs::read(support::root().join("fixtures/documents").join(name)).unwrap();
        for end in (0..text.len()).step_by(step) {
            std::fs::write(dir.join(name), &text[..end]).unwrap();
            let out = support::pegurl_in(&dir, &["check", "--format", "sarif", name], b"", &[]);
            assert!(matches!(out.status.code(), Some(0 | 1)), "{name}[..{end}]");
            let _: Value = serde_json::from_slice(&out.stdout).expect("whole SARIF");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
