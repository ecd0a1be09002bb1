//! The two definitions of a valid URL string checked against each other: deliberately broken
//! copies of the writing grammar must disagree with the parser, in the way the break says; the
//! shipped grammars' disagreements (none found) are pinned; grammars loaded at run time behave as
//! the built-in ones.

use pegurl::workbench::consistency::{run, Direction, Group, Options, Origin, Outcome};
use pegurl::workbench::generate::Generator;
use pegurl::workbench::{RuntimeWritingGrammar, BUILTIN_GRAMMAR, BUILTIN_WRITING_GRAMMAR};

const BASES: [&str; 5] = [
    "https://example.org/a/b",
    "file:///C:/x/y",
    "foo://h/p",
    "sc:opaque",
    "foo:/p/q",
];

fn options(count: u64, writing: Option<String>) -> Options {
    Options {
        count,
        seed: 7,
        bases: BASES.iter().map(|b| (*b).to_owned()).collect(),
        jobs: 2,
        writing_grammar: writing,
        ..Options::default()
    }
}

/// The writing grammar with one piece of text replaced (which must be there).
fn broken(from: &str, to: &str) -> String {
    assert!(BUILTIN_WRITING_GRAMMAR.contains(from), "{from}");
    BUILTIN_WRITING_GRAMMAR.replacen(from, to, 1)
}

fn groups(outcome: &Outcome) -> String {
    outcome
        .groups
        .iter()
        .map(|g| {
            format!(
                "{:?} {} {:?} {:?}\n",
                g.direction,
                g.production,
                g.codes,
                g.examples.first().map(|e| &e.input)
            )
        })
        .collect()
}

/// The first group of disagreements in `direction` whose codes satisfy `codes`; the test fails
/// with the list of groups when there is none.
fn group(outcome: &Outcome, direction: Direction, codes: impl Fn(&[String]) -> bool) -> &Group {
    let found = outcome
        .groups
        .iter()
        .find(|g| g.direction == direction && codes(&g.codes));
    found.unwrap_or_else(|| panic!("no such group in:\n{}", groups(outcome)))
}

#[test]
fn a_writing_grammar_whose_url_units_take_a_space_disagrees() {
    let grammar = broken(
        "url_code_point = @{\n    ASCII_ALPHANUMERIC",
        "url_code_point = @{\n    \" \" | ASCII_ALPHANUMERIC",
    );
    let outcome = run(&options(6000, Some(grammar))).unwrap();
    let group = group(&outcome, Direction::OnlyWritingValid, |codes| {
        codes == ["invalid-URL-unit"]
    });
    // Minimized: the space and little else.
    let shortest = &group.examples[0];
    assert!(
        shortest.input.contains(' ') && shortest.input.chars().count() <= 6,
        "{shortest:?}"
    );
    assert_eq!(shortest.writing, "valid");
}

#[test]
fn a_writing_grammar_whose_ipv4_octets_take_leading_zeros_disagrees() {
    let grammar = broken(
        "| '1'..'9' ~ ASCII_DIGIT | ASCII_DIGIT",
        "| '0'..'9' ~ ASCII_DIGIT | ASCII_DIGIT",
    );
    let outcome = run(&options(20_000, Some(grammar))).unwrap();
    let group = group(&outcome, Direction::OnlyWritingValid, |codes| {
        codes.iter().any(|c| c == "IPv4-non-decimal-part")
    });
    assert!(group.examples.iter().all(|e| e.writing == "valid"));
}

#[test]
fn a_writing_grammar_without_the_tilde_disagrees_the_other_way() {
    let grammar = broken("| \"_\" | \"~\"", "| \"_\"");
    // Neither grammar mentions "~" now: only near misses' printable ASCII draws bring it.
    let outcome = run(&options(20_000, Some(grammar))).unwrap();
    let group = group(&outcome, Direction::OnlyParserValid, <[String]>::is_empty);
    assert!(group
        .examples
        .iter()
        .all(|e| e.input.contains('~') && e.parser == "valid"));
}

#[test]
fn a_writing_grammar_whose_ipv6_address_takes_ipv4_before_the_double_colon_disagrees() {
    // The piece count is a check on the tree (src/valid.rs); the grammar's shape is what can be
    // broken: here a compressed address may hold pieces and IPv4 on both sides of "::".
    let grammar = broken(
        "valid_ipv6_pieces_string? ~ \"::\"",
        "(valid_ipv6_pieces_and_ipv4_string | valid_ipv6_pieces_string)? ~ \"::\"",
    );
    let outcome = run(&options(30_000, Some(grammar))).unwrap();
    let group = group(&outcome, Direction::OnlyWritingValid, |codes| {
        codes.iter().any(|c| c.starts_with("IPv"))
    });
    assert!(group.examples.iter().all(|e| e.input.contains("::")));
}

#[test]
fn the_shipped_grammars_agree_on_every_generated_input() {
    // The report (docs/validity-consistency.md) ran ten million inputs; this pins a smaller run.
    let outcome = run(&options(30_000, None)).unwrap();
    assert_eq!(outcome.inputs, 30_000);
    assert!(outcome.groups.is_empty(), "{}", groups(&outcome));
    assert!(outcome.both_valid > 5_000, "{}", outcome.both_valid);
    let c = &outcome.coverage;
    assert_eq!(c.rules.0, c.rules.1, "{:?}", c.missed_rules);
    assert_eq!(
        c.alternatives.0, c.alternatives.1,
        "{:?}",
        c.missed_alternatives
    );
}

#[test]
fn the_strings_enumerated_from_the_writing_grammar_agree_too() {
    let mut o = options(0, None);
    o.enumerate_depth = 4;
    let outcome = run(&o).unwrap();
    let enumerated = outcome
        .by_origin
        .get(&Origin::Enumerated)
        .copied()
        .unwrap_or(0);
    assert!(enumerated > 5_000, "{enumerated}");
    assert_eq!(outcome.inputs, enumerated);
    assert!(outcome.groups.is_empty(), "{}", groups(&outcome));
}

#[test]
fn the_shipped_grammars_loaded_at_run_time_agree_too() {
    let mut o = options(3000, Some(BUILTIN_WRITING_GRAMMAR.to_owned()));
    o.parsing_grammar = Some(BUILTIN_GRAMMAR.to_owned());
    let outcome = run(&o).unwrap();
    assert!(outcome.groups.is_empty(), "{}", groups(&outcome));
}

#[test]
fn the_writing_grammar_loaded_at_run_time_decides_as_the_built_in_one() {
    let loaded = RuntimeWritingGrammar::load(BUILTIN_WRITING_GRAMMAR).unwrap();
    let writing = Generator::load(BUILTIN_WRITING_GRAMMAR).unwrap();
    let parsing = Generator::load(BUILTIN_GRAMMAR).unwrap();
    let bases: Vec<Option<pegurl::Url>> = std::iter::once(None)
        .chain(BASES.iter().map(|b| pegurl::Url::parse(b).ok()))
        .collect();
    for seed in 0..3000u64 {
        let text = match seed % 3 {
            0 => {
                writing
                    .random("absolute_url_with_fragment_string", seed)
                    .unwrap()
                    .text
            }
            1 => parsing.random("url", seed).unwrap().text,
            _ => writing.near_miss(&parsing.random("url", seed).unwrap().text, seed),
        };
        let base = bases[(seed as usize / 3) % bases.len()].as_ref();
        let built_in = pegurl::validate_url_string(&text, base);
        let runtime = loaded.validate(&text, base);
        assert_eq!(
            built_in.is_ok(),
            runtime.is_ok(),
            "{text:?}: {built_in:?} {runtime:?}"
        );
    }
}

#[test]
fn a_run_is_the_same_for_a_seed_whatever_the_threads() {
    let grammar = broken("| \"_\" | \"~\"", "| \"_\"");
    let mut one = options(2000, Some(grammar));
    one.jobs = 1;
    let mut two = one.clone();
    two.jobs = 2;
    let (a, b) = (run(&one).unwrap(), run(&two).unwrap());
    assert_eq!(a.groups, b.groups);
    assert_eq!(a.both_valid, b.both_valid);
}

#[test]
fn a_writing_grammar_without_its_entries_is_refused() {
    let error = run(&options(10, Some("x = { \"a\" }".to_owned()))).unwrap_err();
    assert!(
        error.contains("absolute_url_with_fragment_string"),
        "{error}"
    );
}

#[test]
fn the_command_reports_disagreements_and_exits_with_one() {
    let dir = std::env::temp_dir().join(format!("pegurl-consistency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("valid-with-space.pest");
    std::fs::write(
        &path,
        broken(
            "url_code_point = @{\n    ASCII_ALPHANUMERIC",
            "url_code_point = @{\n    \" \" | ASCII_ALPHANUMERIC",
        ),
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args([
            "grammar",
            "consistency",
            "--count",
            "3000",
            "--seed",
            "3",
            "--valid-grammar",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("invalid-URL-unit") && text.contains("inputs per second"),
        "{text}"
    );
    let clean = std::process::Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args(["grammar", "consistency", "--count", "2000"])
        .output()
        .unwrap();
    assert_eq!(
        clean.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&clean.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
