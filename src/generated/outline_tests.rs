//! The outline run (`Productions::parse_outline_into`, the parser's `run_outline`): on every WPT
//! input, every URL list line and a few more, against each entry a parse can take, it matches
//! exactly when the whole run does, and its tree is the whole tree less what lies inside the
//! outlined productions; and a check (the builder when only the outcome is asked for, which runs
//! the outline) answers as a check on the whole tree does, the hostname included.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::url_rules::OUTLINED;
use super::Generated;
use crate::builder::{check, check_host, Request};
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::tokens::Token;

/// The entries a parse starts from (`basic_url_parser`, by the base's scheme).
pub(super) const ENTRIES: [Production; 3] = [
    Production::Url,
    Production::UrlAgainstFileBase,
    Production::UrlAgainstNonSpecialBase,
];

/// The built-in grammar without its own ways (no outline, no sink of a few tokens for a
/// setter's value): every run makes the whole tree in the token buffer.
pub(super) struct Whole;

impl Productions for Whole {
    fn parse_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool {
        Generated.parse_into(entry, input, tokens)
    }

    fn rule_name(&self, rule: u16) -> String {
        Generated.rule_name(rule)
    }
}

/// `tokens` less the tokens inside an outlined production, with each `next` renumbered.
fn pruned(tokens: &[Token]) -> Vec<Token> {
    // Each kept token's new index, by old index (the ones left out map to where they would be).
    let mut kept = Vec::new();
    let mut new_index = Vec::with_capacity(tokens.len() + 1);
    let mut i = 0;
    while i < tokens.len() {
        new_index.push(kept.len());
        kept.push(tokens[i]);
        let outlined = tokens[i].production.is_some_and(|p| OUTLINED.contains(&p));
        let end = if outlined {
            tokens[i].next as usize
        } else {
            i + 1
        };
        for _ in i + 1..end.min(tokens.len()) {
            new_index.push(kept.len());
        }
        i = end.max(i + 1);
    }
    new_index.push(kept.len());
    for token in &mut kept {
        token.next = new_index[(token.next as usize).min(tokens.len())] as u32;
    }
    kept
}

/// Checks `input` against every entry, and a check without a base; an error that says where
/// the outline differs.
fn agree(input: &str) -> Result<(), String> {
    let text = Input::new(input).text.into_owned();
    for entry in ENTRIES {
        let (mut whole, mut outline) = (Vec::new(), Vec::new());
        let matched = Generated.parse_into(entry, &text, &mut whole);
        if Generated.parse_outline_into(entry, &text, &mut outline) != matched {
            return Err(format!(
                "{entry:?} on {input:?}: the outline matches only one way"
            ));
        }
        if matched && outline != pruned(&whole) {
            return Err(format!(
                "{entry:?} on {input:?}: {outline:?}, expected {:?}",
                pruned(&whole)
            ));
        }
    }
    let request = || Request {
        base: None,
        errors: None,
        encoding: encoding_rs::UTF_8,
        trace: None,
    };
    let outcome = (
        check(&Generated, input, request()).map_err(|e| e.to_string()),
        check_host(&Generated, input, request()).map_err(|e| e.to_string()),
    );
    let on_the_whole = (
        check(&Whole, input, request()).map_err(|e| e.to_string()),
        check_host(&Whole, input, request()).map_err(|e| e.to_string()),
    );
    if outcome != on_the_whole {
        return Err(format!(
            "{input:?}: checked {outcome:?}, on the whole tree {on_the_whole:?}"
        ));
    }
    Ok(())
}

/// Every WPT input, a few more with paths of each kind, and both URL lists (when they are
/// there: they are read from `../shared/data/urls/`).
pub(super) fn inputs() -> Vec<String> {
    let mut inputs = crate::workbench::wpt::urltestdata_inputs();
    for extra in [
        "http://h/a/b/../c?q#f",
        "http://h\\a\\b\\..\\%2e\\c",
        "file:///C:/a/b",
        "file:c:\\x\\y",
        "file:///C|/../../x",
        "/a/b",
        "a/b/c",
        "//h/p",
        "x:/a/b",
        "x:a/b",
        "x://h/a//b",
        "x:/.//p",
        "http://h/é/%zz/\t/a b",
        "",
    ] {
        inputs.push(extra.to_owned());
    }
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls");
    for name in ["kasztp.txt", "node_files.txt"] {
        match std::fs::read_to_string(dir.join(name)) {
            Ok(text) => inputs.extend(text.lines().map(str::to_owned)),
            Err(e) => std::eprintln!("NOT COMPARED: {name}: {e}"),
        }
    }
    inputs
}

#[test]
fn the_outline_is_the_whole_tree_less_the_paths_on_every_input() {
    let inputs = inputs();
    let wrong: Vec<String> = inputs.iter().filter_map(|i| agree(i).err()).collect();
    assert_none_differ(&wrong);
    assert!(!OUTLINED.is_empty());
}

/// Fails with how many of the comparisons differ and the first ten, if any does.
pub(super) fn assert_none_differ(wrong: &[String]) {
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(10)].join("\n")
    );
}

#[test]
fn pruning_keeps_an_outlined_token_and_renumbers_the_rest() {
    let token = |production, start, end, next| Token {
        production: Some(production),
        rule: 0,
        start,
        end,
        next,
    };
    let whole = [
        token(Production::Url, 0, 9, 5),
        token(Production::SpecialPath, 2, 6, 4),
        token(Production::SpecialPathSegment, 2, 4, 3),
        token(Production::SpecialPathSegment, 4, 6, 4),
        token(Production::Query, 7, 9, 5),
    ];
    let outline = [
        token(Production::Url, 0, 9, 3),
        token(Production::SpecialPath, 2, 6, 2),
        token(Production::Query, 7, 9, 3),
    ];
    assert_eq!(pruned(&whole), outline);
}
