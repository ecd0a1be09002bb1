//! No grammar loaded at run time makes the builder panic: mutants of `grammar/url.pest` (each
//! literal, operator and rule modifier changed; each delimiter replaced everywhere, in the
//! grammar and in the inputs) run on conformance inputs and setter values. Whatever a mutant
//! makes of an input — a URL, a failure, a grammar error naming the production — it must return.
#![cfg(feature = "vm")]

#[allow(dead_code)]
#[path = "wpt/load.rs"]
mod load;
#[path = "common/mutants.rs"]
mod mutants;

use load::{field, wpt};
use mutants::{mutate, replace_delimiter, sites, DELIMITERS, DELIMITER_REPLACEMENTS};
use pegurl::workbench::{RuntimeGrammar, BUILTIN_GRAMMAR};
use pegurl::Url;

/// Inputs that reach the builder's corners: IPv4 numbers of each radix, credentials, drive
/// letters, IPv6, opaque paths, relative references against each kind of base.
const CORNERS: &[(&str, Option<&str>)] = &[
    ("http://0x7f.1/", None),
    ("http://a.0x1/", None),
    ("http://017.0.0.1/", None),
    ("http://1.2.3.4.5/", None),
    ("http://u:p@h:81/p", None),
    ("http://@h/", None),
    ("http://u@:1/", None),
    ("file:///C|/x/../y", None),
    ("file://C:/z", None),
    ("C|/a", Some("file:///D:/b")),
    ("http://[::1]:8/", None),
    ("non-spec://u:p@h:1/p/./q/..", None),
    ("x:opaque ?q#f", None),
    ("//h/p", Some("non-spec:/base")),
    ("?q", Some("http://h/a/b")),
    ("#f", Some("x:opaque")),
    ("..\\a", Some("http://h/a/b")),
    ("http:rel", Some("http://h/a/b")),
];

/// (input, base) pairs: every `step`-th WPT urltestdata case, and the corner cases.
fn inputs(step: usize) -> Vec<(String, Option<String>)> {
    let corners = CORNERS
        .iter()
        .map(|(i, b)| ((*i).to_owned(), b.map(str::to_owned)));
    wpt("urltestdata.json")
        .iter()
        .filter_map(|case| {
            let input = field(case, "input")?;
            Some((input.to_owned(), field(case, "base").map(str::to_owned)))
        })
        .step_by(step)
        .chain(corners)
        .collect()
}

/// Setter calls tried on each parsed URL.
const SETTERS: &[(&str, &str)] = &[
    ("protocol", "ws"),
    ("host", "EXAMPLE.com:81"),
    ("hostname", "[::1]"),
    ("port", "8080"),
    ("pathname", "/a/../b\\c"),
    ("search", "?q=1"),
    ("hash", "#f"),
    ("href", "file:///C:/x"),
];

/// Runs `grammar` on every input (its bases parsed by the built-in grammar) and every setter;
/// returns how many of them it ran. A panic fails the test.
fn exercise(grammar: &RuntimeGrammar, inputs: &[(String, Option<String>)]) -> usize {
    let mut ran = 0;
    for (input, base) in inputs {
        let base = base.as_deref().and_then(|b| Url::parse(b).ok());
        let options = || Url::options().grammar(grammar).base_url(base.as_ref());
        let parsed = options().parse(input);
        let _ = options().trace(&mut Vec::new()).parse(input);
        ran += 1;
        if let Ok(mut url) = parsed {
            for (name, value) in SETTERS {
                let _ = grammar.set_component(&mut url, name, value);
                ran += 1;
            }
        }
    }
    ran
}

#[test]
fn no_single_mutation_of_the_grammar_panics() {
    let inputs = inputs(97);
    let sites = sites(BUILTIN_GRAMMAR);
    assert!(sites.len() > 300, "the grammar has {} sites", sites.len());
    let (mut loaded, mut refused, mut ran) = (0, 0, 0);
    for site in 0..sites.len() {
        // Four replacements per site, rotating with the site, so that every replacement ("é"
        // where "0x" was, "" where "@" was, ...) is tried at many sites; the fuzz target
        // `grammar_mutants` tries them all.
        for k in 0..4 {
            let choice = site * 4 + k;
            let Some(mutant) = mutate(BUILTIN_GRAMMAR, &sites, site, choice) else {
                continue;
            };
            match RuntimeGrammar::load(&mutant) {
                Ok(grammar) => {
                    loaded += 1;
                    ran += exercise(&grammar, &inputs);
                }
                Err(_) => refused += 1,
            }
        }
    }
    // Most mutants load; the ones pest_meta refuses (a repetition that cannot progress, say)
    // are counted, not hidden.
    assert!(loaded > refused, "{loaded} loaded, {refused} refused");
    assert!(ran > loaded * inputs.len() / 2, "{ran} runs");
}

#[test]
fn no_consistent_replacement_of_a_delimiter_panics() {
    let inputs = inputs(3);
    for (written, as_input) in DELIMITERS {
        for replacement in DELIMITER_REPLACEMENTS {
            let mutant = replace_delimiter(BUILTIN_GRAMMAR, written, replacement);
            assert_ne!(mutant, BUILTIN_GRAMMAR, "{written:?} is in the grammar");
            let Ok(grammar) = RuntimeGrammar::load(&mutant) else {
                continue;
            };
            // The inputs with the delimiter replaced the same way, and as they were.
            let spliced: Vec<_> = inputs
                .iter()
                .map(|(i, b)| (i.replace(as_input, replacement), b.clone()))
                .chain(inputs.iter().cloned())
                .collect();
            exercise(&grammar, &spliced);
        }
    }
}
