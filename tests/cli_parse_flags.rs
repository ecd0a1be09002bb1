//! `pegurl parse` builds one set of parse options from its flags, so every flag combines with
//! every other: for each of the 32 combinations of `--encoding`, `--tree`, `--grammar`, `--set`
//! and `--base`, the command's output is what the library gives for the same options, and each
//! flag's own effect shows.
#![cfg(feature = "cli")]

use std::process::Command;

use pegurl::workbench::{RuntimeGrammar, BUILTIN_GRAMMAR};
use pegurl::Url;

/// The built-in grammar with "\" no longer a path separator of special URLs (in the parser's
/// and the pathname setter's rules), so that the grammar's effect shows in a path and in a
/// setter.
fn edited_grammar() -> String {
    let rules = [
        "special_path_segment",
        "special_segment_content",
        "special_dot_segment",
        "special_drive_letter_segment",
        "special_first_segment",
        "special_setter_segment",
        "special_setter_segment_content",
    ];
    // A rule's lines: from the one that names it to the next empty line.
    let mut within = false;
    BUILTIN_GRAMMAR
        .lines()
        .map(|line| {
            if line.is_empty() {
                within = false;
            } else if rules.iter().any(|r| line.starts_with(&format!("{r} ="))) {
                within = true;
            }
            if within {
                line.replace("(\"/\" | \"\\\\\")", "\"/\"")
                    .replace("\"/\" | \"\\\\\" | ", "\"/\" | ")
                    .replace("!(\"/\" | \"\\\\\")", "!\"/\"")
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the library gives for the same options: the href after the setter, or the failure.
fn expected(grammar: Option<&RuntimeGrammar>, encoding: bool, base: bool, set: bool) -> String {
    let options = || match grammar {
        Some(g) => Url::options().grammar(g),
        None => Url::options(),
    };
    let base_url = base.then(|| options().parse(BASE).expect("the base parses"));
    let latin1 = pegurl::encoding_rs::WINDOWS_1252;
    let mut options = options().base_url(base_url.as_ref());
    if encoding {
        options = options.encoding_override(Some(latin1));
    }
    let input = if base { RELATIVE } else { ABSOLUTE };
    match options.parse(input) {
        Ok(mut url) => {
            if set {
                let _ = match grammar {
                    Some(g) => g.set_component(&mut url, "pathname", SET_PATH),
                    None => url.set_component("pathname", SET_PATH),
                };
            }
            url.href().to_owned()
        }
        Err(e) => format!("failure {e}"),
    }
}

const BASE: &str = "https://example.org/dir/";
const RELATIVE: &str = "a\\b?é";
const ABSOLUTE: &str = "https://example.org/a\\b?é";
const SET_PATH: &str = "/c\\d";

#[test]
fn every_combination_of_flags_is_one_set_of_options() {
    let dir = std::env::temp_dir().join(format!("pegurl-flags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grammar_path = dir.join("edited.pest");
    std::fs::write(&grammar_path, edited_grammar()).unwrap();
    let grammar = RuntimeGrammar::load(&edited_grammar()).expect("the edited grammar loads");
    for combination in 0..32u8 {
        let [encoding, tree, with_grammar, set, base] =
            [0, 1, 2, 3, 4].map(|bit| combination & (1 << bit) != 0);
        let mut command = Command::new(env!("CARGO_BIN_EXE_pegurl"));
        command.arg("parse");
        if encoding {
            command.args(["--encoding", "windows-1252"]);
        }
        if tree {
            command.arg("--tree");
        }
        if with_grammar {
            command.arg("--grammar").arg(&grammar_path);
        }
        if set {
            command.args(["--set", &format!("pathname={SET_PATH}")]);
        }
        if base {
            command.args(["--base", BASE]);
        }
        command
            .arg("--url")
            .arg(if base { RELATIVE } else { ABSOLUTE });
        let output = command.output().expect("pegurl runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let href = stdout
            .lines()
            .find_map(|l| l.strip_prefix("href      "))
            .unwrap_or_else(|| panic!("{combination:05b}: no href in {stdout}"));
        let want = expected(with_grammar.then_some(&grammar), encoding, base, set);
        let what = format!(
            "encoding {encoding}, tree {tree}, grammar {with_grammar}, set {set}, base {base}"
        );
        assert_eq!(href, want, "{what}\n{stdout}");
        // Each flag's own effect.
        let query = if encoding { "?%E9" } else { "?%C3%A9" };
        assert!(href.ends_with(query), "{what}: {href}");
        assert_eq!(stdout.contains("\ntree      "), tree, "{what}");
        let path = match (set, with_grammar) {
            (true, true) => "/c\\d",
            (true, false) => "/c/d",
            (false, true) if base => "/dir/a\\b",
            (false, false) if base => "/dir/a/b",
            (false, true) => "/a\\b",
            (false, false) => "/a/b",
        };
        assert!(
            href.contains(&format!("example.org{path}?")),
            "{what}: {href}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
