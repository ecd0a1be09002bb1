//! `pegurl grammar test --corpus`: the impact of grammar edits on real URL lists
//! (../shared/data/urls, read by path). Each test makes an edit whose effect is known and derives
//! the inputs it must change by filtering the corpus for the pattern the edit touches, never from
//! the tool's own output.
#![cfg(feature = "cli")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The changed inputs the report lists, by kind of change: `label -> origins`.
type Report = BTreeMap<String, BTreeSet<String>>;

const KINDS: [&str; 5] = [
    "change href",
    "start failing",
    "stop failing",
    "change validity",
    "change validation errors",
];

fn corpus(name: &str) -> String {
    let path = format!("{}/../shared/data/urls/{name}", env!("CARGO_MANIFEST_DIR"));
    assert!(
        std::path::Path::new(&path).exists(),
        "{path} is missing: the corpus tests read shared/data/urls beside the repository"
    );
    path
}

/// The corpus's non-blank lines as `(origin, URL)`, origins `PATH:LINE` (a byte order mark at
/// the start is not part of the first URL).
fn lines(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).expect("corpus read");
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    text.split('\n')
        .enumerate()
        .map(|(i, l)| {
            (
                format!("{path}:{}", i + 1),
                l.trim_end_matches('\r').to_owned(),
            )
        })
        .filter(|(_, l)| !l.trim().is_empty())
        .collect()
}

/// Writes a grammar to a temporary file of its own (tests run in parallel and write the same
/// grammars: one must never read another's half-written file).
fn write(file: &str, source: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("pegurl-impact-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(format!("{}-{file}", NEXT.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&path, source).expect("grammar written");
    path.to_string_lossy().into_owned()
}

/// The built-in grammar with one rule replaced, written to a temporary file.
fn edited(rule: &str, replacement: &str, file: &str) -> String {
    let source: Vec<String> = pegurl::workbench::BUILTIN_GRAMMAR
        .lines()
        .map(|line| {
            if line.starts_with(&format!("{rule} =")) {
                replacement.to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect();
    assert!(source.iter().any(|l| l == replacement), "{rule} replaced");
    write(file, &source.join("\n"))
}

/// A special-path separator is "/" only: "\" becomes segment content.
fn no_backslash_separator() -> String {
    edited(
        "special_path_segment",
        r##"special_path_segment = @{ "/" ~ (!("/" | "?" | "#") ~ ANY)* }"##,
        "no-backslash.pest",
    )
}

/// A file host stops at ".": a file URL whose host has a dot no longer matches.
fn no_dot_in_file_host() -> String {
    edited(
        "file_host",
        r##"file_host = @{ (!("/" | "\\" | "?" | "#" | ".") ~ ANY)* }"##,
        "no-dot-host.pest",
    )
}

/// Runs `grammar test` and reads the report: the inputs count per corpus, and the changed
/// inputs by kind (all corpora together).
fn run(args: &[&str]) -> (Option<i32>, Vec<usize>, Report) {
    let out = Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args([
            "grammar",
            "test",
            "--suite",
            "none",
            "--examples",
            "1000000",
        ])
        .args(args)
        .output()
        .expect("pegurl runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut report: Report = KINDS
        .iter()
        .map(|k| (k.to_string(), BTreeSet::new()))
        .collect();
    let mut inputs = Vec::new();
    let mut kind = String::new();
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("corpus ") {
            let count = rest.split(": ").nth(1).and_then(|r| r.split(' ').next());
            inputs.push(count.and_then(|c| c.parse().ok()).expect("inputs count"));
        } else if let Some(example) = line.strip_prefix("    ") {
            if !example.starts_with(' ') {
                let origin = example.split(' ').next().unwrap_or_default();
                report
                    .entry(kind.clone())
                    .or_default()
                    .insert(origin.to_owned());
            }
        } else if let Some((label, count)) = line.trim().split_once(": ") {
            kind = label.to_owned();
            assert!(KINDS.contains(&label), "unknown kind {label}");
            let _: usize = count.parse().expect("a count");
        }
    }
    (out.status.code(), inputs, report)
}

fn set(items: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    items.into_iter().collect()
}

/// The part of a URL before its query and fragment.
fn before_query(url: &str) -> &str {
    url.split(['?', '#']).next().unwrap_or(url)
}

/// The host of a `file://HOST/...` URL.
fn file_host(url: &str) -> &str {
    let rest = url.strip_prefix("file://").unwrap_or("");
    rest.split(['/', '\\', '?', '#']).next().unwrap_or(rest)
}

#[test]
fn the_built_in_grammar_loaded_at_run_time_changes_nothing() {
    let (kasztp, node_files) = (corpus("kasztp.txt"), corpus("node_files.txt"));
    let grammar = write("same.pest", pegurl::workbench::BUILTIN_GRAMMAR);
    let (code, inputs, report) = run(&[
        "--grammar",
        &grammar,
        "--corpus",
        &kasztp,
        "--corpus",
        &node_files,
    ]);
    assert_eq!(inputs, [lines(&kasztp).len(), lines(&node_files).len()]);
    assert!(report.values().all(BTreeSet::is_empty), "{report:?}");
    assert_eq!(code, Some(0));
}

/// kasztp's URLs are all http(s): every one with a "\" before its query is read differently
/// (hrefs change), and its invalid-reverse-solidus becomes invalid-URL-unit ("\" is no URL code
/// point), so the codes change but validity does not; nothing starts or stops failing.
#[test]
fn backslash_edit_changes_exactly_the_kasztp_urls_with_a_backslash_in_the_path() {
    let kasztp = corpus("kasztp.txt");
    let lines = lines(&kasztp);
    assert!(lines
        .iter()
        .all(|(_, l)| l.to_ascii_lowercase().starts_with("http")));
    let expected = set(lines
        .iter()
        .filter(|(_, url)| before_query(url).contains('\\'))
        .map(|(origin, _)| origin.clone()));
    assert!(expected.len() > 100, "the corpus has such URLs");
    let (code, _, report) = run(&["--grammar", &no_backslash_separator(), "--corpus", &kasztp]);
    assert_eq!(report["change href"], expected);
    assert_eq!(report["change validation errors"], expected);
    assert!(report["start failing"].is_empty());
    assert!(report["stop failing"].is_empty());
    assert!(report["change validity"].is_empty());
    assert_eq!(code, Some(1));
}

/// node_files' URLs are `file://HOST/...`: exactly those whose host has a "." start failing. Those
/// the built-in grammar finds valid change validity, and those with validation errors lose them
/// (a grammar failure names no validation error).
#[test]
fn file_host_edit_fails_exactly_the_node_files_urls_with_a_dotted_host() {
    let node_files = corpus("node_files.txt");
    let dotted: Vec<(String, String)> = lines(&node_files)
        .into_iter()
        .filter(|(_, url)| file_host(url).contains('.'))
        .collect();
    assert!(dotted.len() > 50, "the corpus has such URLs");
    let errors = |url: &str| {
        let mut errors = Vec::new();
        let parsed = pegurl::Url::options()
            .validation_errors(&mut errors)
            .parse(url);
        assert!(parsed.is_ok(), "{url} parses with the built-in grammar");
        errors.len()
    };
    let valid = set(dotted
        .iter()
        .filter(|(_, u)| errors(u) == 0)
        .map(|(o, _)| o.clone()));
    let invalid = set(dotted
        .iter()
        .filter(|(_, u)| errors(u) > 0)
        .map(|(o, _)| o.clone()));
    let (_, _, report) = run(&["--grammar", &no_dot_in_file_host(), "--corpus", &node_files]);
    assert_eq!(
        report["start failing"],
        set(dotted.into_iter().map(|(o, _)| o))
    );
    assert_eq!(report["change validity"], valid);
    assert_eq!(report["change validation errors"], invalid);
    assert!(report["change href"].is_empty());
    assert!(report["stop failing"].is_empty());
}

/// With `--baseline`, the two edits are compared with each other: the dotted file hosts stop
/// failing, and the backslash URLs still change href, in both corpora of one run.
#[test]
fn a_baseline_grammar_replaces_the_built_in_one() {
    let (kasztp, node_files) = (corpus("kasztp.txt"), corpus("node_files.txt"));
    let backslashes = set(lines(&kasztp)
        .into_iter()
        .filter(|(_, url)| before_query(url).contains('\\'))
        .map(|(o, _)| o));
    let dotted = set(lines(&node_files)
        .into_iter()
        .filter(|(_, url)| file_host(url).contains('.'))
        .map(|(o, _)| o));
    let (_, inputs, report) = run(&[
        "--grammar",
        &no_backslash_separator(),
        "--baseline",
        &no_dot_in_file_host(),
        "--corpus",
        &kasztp,
        "--corpus",
        &node_files,
    ]);
    assert_eq!(inputs.len(), 2);
    assert_eq!(report["change href"], backslashes);
    assert_eq!(report["stop failing"], dotted);
    assert!(report["start failing"].is_empty());
}

/// A JSONL corpus with bases: kasztp's paths, queries and fragments as path-absolute inputs
/// against one base (those that start with two slashes, which would be read as an authority, are
/// left out). Again exactly those with a "\" before the query change.
#[test]
fn jsonl_corpora_carry_a_base_per_input() {
    let kasztp = corpus("kasztp.txt");
    let dir = std::env::temp_dir().join(format!("pegurl-impact-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("relative.jsonl").to_string_lossy().into_owned();
    let mut jsonl = String::new();
    let mut expected = BTreeSet::new();
    let mut number = 0;
    for (_, url) in lines(&kasztp) {
        // "https://host/rest" -> "/rest" (the input); the host is dropped.
        let Some(rest) = url.splitn(4, '/').nth(3) else {
            continue;
        };
        if rest.starts_with(['/', '\\']) {
            continue;
        }
        let input = format!("/{rest}");
        let line = serde_json::json!({ "input": input, "base": "https://example.org/dir/" });
        jsonl.push_str(&format!("{line}\n"));
        number += 1;
        if before_query(&input).contains('\\') {
            expected.insert(format!("{path}:{number}"));
        }
    }
    std::fs::write(&path, jsonl).expect("corpus written");
    assert!(expected.len() > 100);
    let (_, inputs, report) = run(&["--grammar", &no_backslash_separator(), "--corpus", &path]);
    assert_eq!(inputs, [number]);
    assert_eq!(report["change href"], expected);
}

#[test]
fn a_missing_corpus_or_bad_jsonl_is_a_usage_error() {
    let grammar = no_backslash_separator();
    let out = Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args(["grammar", "test", "--grammar", &grammar, "--suite", "none"])
        .args(["--corpus", "/nonexistent/corpus.txt"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let dir = std::env::temp_dir().join(format!("pegurl-impact-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"input\": 1}\n").expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args([
            "grammar",
            "test",
            "--grammar",
            &grammar,
            "--suite",
            "none",
            "--corpus",
        ])
        .arg(&bad)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.jsonl:1"));
    // A grammar too long for pest_meta's recursion is refused with the reason, not a crash.
    let long = write(
        "long.pest",
        &format!("url = {{ {} }}", vec!["\"x\""; 20_000].join(" ~ ")),
    );
    let out = Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args(["grammar", "test", "--suite", "none", "--grammar", &long])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("operators"));
}
