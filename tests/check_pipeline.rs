//! `pegurl check` on inputs of more chunks than it checks at once: the chunks (`CHUNK`, 16,384
//! URLs, in `src/cli/check.rs`) are checked on worker threads, several ahead of the one
//! reported, and every URL must still be reported once and in input order, with any number of
//! jobs, across sources, and up to an input that cannot be read on.
#![cfg(feature = "cli")]

mod support;

use std::path::Path;
use std::process::Output;

use support::{pegurl, records, scratch, stderr};

/// URLs checked per chunk by `pegurl check`.
const CHUNK: usize = 16_384;

/// The URL of line `n` of the lists here: every seventh has a validation error.
fn url_of_line(n: usize) -> String {
    match n % 7 {
        0 => format!("https://example.org/{n} x"),
        _ => format!("https://example.org/{n}"),
    }
}

/// Writes `lines` URLs to `file`, one a line, as a list or (`jsonl`) as JSON lines, then
/// `after`.
fn write_list(file: &Path, lines: usize, jsonl: bool, after: &str) {
    let mut text: String = (1..=lines)
        .map(|n| match jsonl {
            true => format!("{{\"input\": \"{}\", \"base\": null}}\n", url_of_line(n)),
            false => format!("{}\n", url_of_line(n)),
        })
        .collect();
    text.push_str(after);
    std::fs::write(file, text).unwrap();
}

/// `pegurl check --format jsonl --jobs JOBS` on `files`.
fn check_jsonl(jobs: &str, files: &[&Path]) -> Output {
    let mut args = vec!["check", "--format", "jsonl", "--jobs", jobs];
    args.extend(files.iter().map(|file| file.to_str().unwrap()));
    pegurl(&args, b"")
}

/// Asserts that `records` are lines `1..=lines` of `file`, in order, each with its URL.
fn assert_lines_in_order(records: &[serde_json::Value], file: &Path, lines: usize) {
    assert_eq!(records.len(), lines, "{}", file.display());
    for (n, record) in (1..).zip(records) {
        assert_eq!(record["file"], file.to_str().unwrap());
        assert_eq!(record["line"], n);
        assert_eq!(record["input"].as_str().unwrap(), url_of_line(n));
        assert_eq!(record["valid"], n % 7 != 0);
    }
}

#[test]
fn a_long_list_is_reported_in_input_order_with_any_number_of_jobs() {
    let dir = scratch("pipeline-jobs");
    let file = dir.join("urls.txt");
    let lines = 4 * CHUNK + 1_001;
    write_list(&file, lines, false, "");
    let one = check_jsonl("1", &[&file]);
    assert_eq!(one.status.code(), Some(1));
    assert_lines_in_order(&records(&one), &file, lines);
    for jobs in ["2", "3"] {
        let other = check_jsonl(jobs, &[&file]);
        assert_eq!(other.status.code(), Some(1));
        assert!(
            other.stdout == one.stdout,
            "--jobs {jobs} reported otherwise"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn chunks_of_several_sources_are_reported_source_after_source() {
    let dir = scratch("pipeline-sources");
    let (list, jsonl) = (dir.join("urls.txt"), dir.join("urls.jsonl"));
    let lines = 2 * CHUNK + 500;
    write_list(&list, lines, false, "");
    write_list(&jsonl, lines, true, "");
    let out = check_jsonl("2", &[&list, &jsonl, &list]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let reported = records(&out);
    assert_eq!(reported.len(), 3 * lines);
    assert_lines_in_order(&reported[..lines], &list, lines);
    assert_lines_in_order(&reported[lines..2 * lines], &jsonl, lines);
    assert_lines_in_order(&reported[2 * lines..], &list, lines);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_chunks_read_before_a_line_that_is_not_json_are_reported() {
    let dir = scratch("pipeline-bad-line");
    let file = dir.join("urls.jsonl");
    let good = 2 * CHUNK + 7_000;
    write_list(&file, good, true, "{not json\n");
    let out = check_jsonl("2", &[&file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!(":{}", good + 1)),
        "{}",
        stderr(&out)
    );
    // The third chunk is the one that holds the bad line: it is never whole, and the two read
    // before it are reported.
    assert_lines_in_order(&records(&out), &file, 2 * CHUNK);
    std::fs::remove_dir_all(&dir).unwrap();
}
