//! `pegurl check` on the ordinary bad input a new user gives it (issue 21, "Tried as a new user
//! would"): each test here failed before the fix it names.
#![cfg(feature = "cli")]

mod support;

use support::{pegurl, pegurl_in, records, scratch, stderr, stdout};

/// A URL of about 8 KB with 4,000 invalid-URL-unit errors (a space every other byte).
fn many_errors() -> String {
    format!("https://example.org/{}", "a ".repeat(4_000))
}

#[test]
fn sarif_output_is_linear_in_the_errors() {
    let url = many_errors();
    let out = pegurl(&["check", "--format", "sarif", "--url", &url], b"");
    assert_eq!(out.status.code(), Some(1));
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF");
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 4_000);
    // Before: every result repeated the whole input (8 KB each, 32 MB in all).
    let per_result = out.stdout.len() / results.len();
    assert!(per_result < 1_500, "{per_result} bytes per result");
}

#[test]
fn human_output_is_linear_in_the_errors() {
    let url = many_errors();
    let out = pegurl(&["check", "--url", &url], b"");
    assert_eq!(out.status.code(), Some(1));
    // Before: every diagnostic re-rendered the whole 8 KB line.
    let per_error = out.stdout.len() / 4_000;
    assert!(per_error < 1_000, "{per_error} bytes per diagnostic");
    assert!(stdout(&out).contains("checked 1 URL: 0 valid, 1 with validation errors"));
}

#[test]
fn a_missing_file_is_an_io_error() {
    for arg in ["no-such-dir/urls.txt", "missing.html", "missing.txt", "./x"] {
        let out = pegurl(&["check", arg], b"");
        assert_eq!(out.status.code(), Some(2), "{arg}: {}", stdout(&out));
        assert!(stderr(&out).contains(arg), "{arg}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{arg}: nothing is written");
    }
}

#[test]
fn a_directory_fifo_or_device_is_an_io_error() {
    let dir = scratch("special-files");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut paths = vec![dir.to_str().unwrap().to_owned(), "/dev/null".to_owned()];
    if made.is_ok_and(|s| s.success()) {
        paths.push(fifo.to_str().unwrap().to_owned());
    }
    for path in &paths {
        let out = pegurl(&["check", "--format", "sarif", path], b"");
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(stderr(&out).contains("not a regular file"), "{path}");
        assert!(out.stdout.is_empty(), "{path}: no half-written SARIF");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dev_stdin_is_an_io_error_and_dash_reads_standard_input() {
    let out = pegurl(&["check", "/dev/stdin"], b"https://example.org/\n");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let out = pegurl(&["check", "-"], b"https://example.org/\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn url_flag_checks_an_argument_as_a_url_even_when_a_file_has_its_name() {
    let dir = scratch("url-flag");
    std::fs::write(dir.join("index.html"), "<a href='a b'>x</a>").unwrap();
    let args = [
        "check",
        "--format",
        "jsonl",
        "--url",
        "--base",
        "https://example.org/",
        "index.html",
    ];
    let out = pegurl_in(&dir, &args, b"", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let found = records(&out);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["href"], "https://example.org/index.html");
    assert_eq!(found[0]["file"], serde_json::Value::Null);
    // Without --url, the file is read as HTML.
    let out = pegurl_in(
        &dir,
        &["check", "--format", "jsonl", "index.html"],
        b"",
        &[],
    );
    assert_eq!(records(&out)[0]["input"], "a b");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn invalid_utf8_is_reported_per_line_and_the_run_goes_on() {
    let list = b"https://example.org/1\nhttps://example.org/\xff\xfe\nhttps://exa mple.org/3\n";
    for format in ["human", "jsonl", "sarif"] {
        let out = pegurl(&["check", "--format", format, "-"], list);
        assert_eq!(out.status.code(), Some(1), "{format}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("input-invalid-UTF-8"), "{format}: {text}");
        if format == "sarif" {
            let sarif: serde_json::Value = serde_json::from_str(&text).expect("whole SARIF");
            let results = sarif["runs"][0]["results"].as_array().unwrap();
            let bad = results
                .iter()
                .find(|r| r["ruleId"] == "input-invalid-UTF-8")
                .expect("a result for the bad line");
            let region = &bad["locations"][0]["physicalLocation"]["region"];
            assert_eq!(region["startLine"], 2);
            assert_eq!(region["startColumn"], 21);
            // The third line was still checked.
            assert!(results
                .iter()
                .any(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"] == 3));
        }
    }
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_url() {
    let out = pegurl(&["check", "-"], "\u{FEFF}https://example.org/\n".as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let dir = scratch("bom");
    let file = dir.join("urls.txt");
    std::fs::write(&file, "\u{FEFF}https://example.org/a b\n").unwrap();
    let out = pegurl(&["check", "--format", "jsonl", file.to_str().unwrap()], b"");
    let records = records(&out);
    assert_eq!(records[0]["input"], "https://example.org/a b");
    assert_eq!(records[0]["errors"][0]["column"], 22);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_invalid_base_is_a_usage_error_in_every_format() {
    for format in ["human", "jsonl", "sarif"] {
        let out = pegurl(
            &[
                "check",
                "--format",
                format,
                "--base",
                "not a url",
                "https://e.org/",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(
            stderr(&out).contains("--base"),
            "{format}: {}",
            stderr(&out)
        );
        assert!(out.stdout.is_empty(), "{format}");
    }
}

#[test]
fn colour_is_chosen_by_the_flag() {
    let bad = "https://exa mple.org/";
    let always = pegurl(&["check", "--color", "always", "--url", bad], b"");
    assert!(stdout(&always).contains("\x1b["));
    let never = pegurl(&["check", "--color", "never", "--url", bad], b"");
    assert!(!stdout(&never).contains("\x1b["));
    // Not a terminal: auto means none, with or without NO_COLOR.
    let auto = pegurl_in(
        support::root(),
        &["check", "--url", bad],
        b"",
        &[("NO_COLOR", "1")],
    );
    assert!(!stdout(&auto).contains("\x1b["));
}

#[test]
fn jsonl_records_carry_file_and_line() {
    let dir = scratch("jsonl-file-line");
    let file = dir.join("urls.txt");
    std::fs::write(&file, "https://example.org/\nhttps://example.org/a b\n").unwrap();
    let out = pegurl(&["check", "--format", "jsonl", file.to_str().unwrap()], b"");
    let records = records(&out);
    assert_eq!(records[1]["file"], file.to_str().unwrap());
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[1]["errors"][0]["line"], 2);
    assert_eq!(records[1]["errors"][0]["column"], 22);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jsonl_input_columns_count_in_the_file_line() {
    // The tab is written `\t` (columns 25-26), so the space is at column 28 of the line.
    let line = "{\"input\":\"https://e.org/\\ta b\"}\n";
    let out = pegurl(
        &["check", "--format", "jsonl", "--input-format", "jsonl", "-"],
        line.as_bytes(),
    );
    let records = records(&out);
    let columns: Vec<_> = records[0]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["column"].as_u64().unwrap())
        .collect();
    assert_eq!(columns, [25, 28]);
    assert_eq!(records[0]["column"], 11);
}

#[test]
fn sarif_gives_rules_full_descriptions_uri_locations_and_every_failure() {
    let dir = scratch("sarif-shape");
    std::fs::write(dir.join("my urls.txt"), "http://%00/\nhttps://e.org/a b\n").unwrap();
    let args = [
        "check",
        "--format",
        "sarif",
        "my urls.txt",
        "https://e.org/\\x",
    ];
    let out = pegurl_in(&dir, &args, b"", &[]);
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF");
    let run = &sarif["runs"][0];
    for rule in run["tool"]["driver"]["rules"].as_array().unwrap() {
        assert!(rule["fullDescription"]["text"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
    }
    let results = run["results"].as_array().unwrap();
    let location = |r: &serde_json::Value| r["locations"][0]["physicalLocation"].clone();
    // A relative path is a percent-encoded URI reference against the working directory.
    assert_eq!(
        location(&results[0])["artifactLocation"]["uri"],
        "my%20urls.txt"
    );
    assert_eq!(
        location(&results[0])["artifactLocation"]["uriBaseId"],
        "%SRCROOT%"
    );
    // "http://%00/" fails with no validation error the parser names as fatal: still a result.
    assert!(results.iter().any(|r| r["ruleId"] == "url-parse-failure"));
    // A URL given as an argument is an artifact of its own, with the URL as its contents.
    let argument = results
        .iter()
        .find(|r| r["ruleId"] == "invalid-reverse-solidus")
        .expect("the argument's result");
    let index = location(argument)["artifactLocation"]["index"]
        .as_u64()
        .unwrap() as usize;
    assert_eq!(
        run["artifacts"][index]["contents"]["text"],
        "https://e.org/\\x"
    );
    // A fix is a SARIF fix.
    let replacement = &argument["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "/");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn railroad_refuses_an_unknown_extension() {
    let dir = scratch("railroad-ext");
    let png = dir.join("x.png");
    let out = pegurl(&["grammar", "railroad", "-o", png.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(!png.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn parse_reads_standard_input_and_files() {
    let out = pegurl(
        &["parse", "-"],
        b"https://example.org/a\nhttps://example.org/b\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("href      https://example.org/a"));
    assert!(stdout(&out).contains("href      https://example.org/b"));
    let dir = scratch("parse-file");
    std::fs::write(dir.join("urls.txt"), "https://example.org/c\n").unwrap();
    let out = pegurl_in(&dir, &["parse", "urls.txt"], b"", &[]);
    assert!(stdout(&out).contains("href      https://example.org/c"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs a shell command under `script`, which gives it a terminal for its standard streams.
fn on_a_terminal(command: &str) -> Vec<u8> {
    let out = std::process::Command::new("script")
        .args(["-qc", command, "/dev/null"])
        .output()
        .expect("script (util-linux) runs");
    out.stdout
}

#[test]
fn progress_is_shown_only_when_it_cannot_interleave_with_the_report() {
    let dir = scratch("progress");
    let list: String = (0..25_000)
        .map(|i| format!("https://example.org/{i}\n"))
        .collect();
    let file = dir.join("urls.txt");
    std::fs::write(&file, list).unwrap();
    let bin = std::env::var("PEGURL_BIN").unwrap_or(env!("CARGO_BIN_EXE_pegurl").to_owned());
    let check = format!("{bin} check {}", file.display());
    // Both streams on the terminal: the report only, no progress line.
    let both = String::from_utf8_lossy(&on_a_terminal(&check)).into_owned();
    assert!(both.contains("checked 25000"), "{both}");
    assert!(!both.contains("\x1b[K"), "{both}");
    // The report to a file, standard error on the terminal: progress there.
    let out = dir.join("report.txt");
    let progress = on_a_terminal(&format!("{check} > {}", out.display()));
    assert!(String::from_utf8_lossy(&progress).contains("checked 20000"));
    let report = std::fs::read_to_string(&out).unwrap();
    assert!(!report.contains("\x1b[K"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_color_is_honoured_on_a_terminal() {
    let bin = std::env::var("PEGURL_BIN").unwrap_or(env!("CARGO_BIN_EXE_pegurl").to_owned());
    let check = format!("{bin} check 'https://exa mple.org/'");
    let coloured = on_a_terminal(&format!("env -u NO_COLOR {check}"));
    assert!(String::from_utf8_lossy(&coloured).contains("\x1b[1;"));
    let plain = on_a_terminal(&format!("NO_COLOR=1 {check}"));
    let plain = String::from_utf8_lossy(&plain);
    assert!(
        plain.contains("domain-to-ASCII") && !plain.contains("\x1b["),
        "{plain}"
    );
}
