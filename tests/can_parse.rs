//! `Url::can_parse` and `ParseOptions::can_parse` answer what a whole parse answers, and
//! `ParseOptions::hostname` what its `hostname()` does: one named test per WPT urltestdata case
//! (with its base), and generated inputs.

mod common;

#[allow(dead_code)] // shared with tests/wpt.rs, which uses all of it
#[path = "wpt/load.rs"]
mod load;

use libtest_mimic::{Arguments, Failed, Trial};
use load::{field, show, wpt};
use pegurl::Url;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn main() {
    let args = Arguments::from_args();
    let mut trials = urltestdata();
    trials.push(Trial::test(
        "generated inputs, with and without a base",
        || generated().map_err(Failed::from),
    ));
    libtest_mimic::run(&args, trials).exit();
}

/// Whether `can_parse` and `parse` agree on `input` against `base` (and without a base,
/// through `Url::can_parse`); with a validation-error listener too.
fn agree(input: &str, base: Option<&Url>) -> Result<(), String> {
    let parsed = Url::options().base_url(base).parse(input).is_ok();
    let checked = Url::options().base_url(base).can_parse(input);
    if parsed != checked {
        return Err(format!(
            "{input:?} against {base:?}: parse ok {parsed}, can_parse {checked}"
        ));
    }
    let mut errors = Vec::new();
    let listened = Url::options()
        .base_url(base)
        .validation_errors(&mut errors)
        .can_parse(input);
    if listened != parsed {
        return Err(format!("{input:?} with a listener: can_parse {listened}"));
    }
    let hostname = |url: Result<Url, pegurl::ParseError>| url.map(|u| u.hostname().to_owned());
    for base in [base, None] {
        let host = Url::options().base_url(base).hostname(input);
        let expected = hostname(Url::options().base_url(base).parse(input));
        if host.as_deref().map_err(ToString::to_string)
            != expected.as_deref().map_err(ToString::to_string)
        {
            return Err(format!(
                "{input:?} against {base:?}: hostname {host:?}, parse {expected:?}"
            ));
        }
    }
    let (alone, alone_parsed) = (Url::can_parse(input), Url::parse(input).is_ok());
    if alone != alone_parsed {
        return Err(format!(
            "{input:?} without a base: parse ok {alone_parsed}, can_parse {alone}"
        ));
    }
    Ok(())
}

/// One trial per urltestdata case (the comment strings between them are left out).
fn urltestdata() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (index, case) in wpt("urltestdata.json").into_iter().enumerate() {
        let Some(input) = field(&case, "input").map(str::to_owned) else {
            continue;
        };
        let base = field(&case, "base").map(str::to_owned);
        let name = format!(
            "urltestdata::{index:04} {} against {}",
            show(&input),
            base.as_deref().map_or_else(|| "no base".to_owned(), show)
        );
        trials.push(Trial::test(name, move || {
            let base = match base.as_deref().map(Url::parse) {
                Some(Ok(base)) => Some(base),
                // A base that does not parse makes the case a failure whatever the input.
                Some(Err(_)) => return Ok(()),
                None => None,
            };
            agree(&input, base.as_ref()).map_err(Failed::from)
        }));
    }
    assert_eq!(trials.len(), 891, "urltestdata cases");
    trials
}

/// Inputs joined from pieces that lead the parser into every state, against bases of every
/// kind.
fn generated() -> Result<(), String> {
    let bases: Vec<Option<Url>> = [
        None,
        Some("https://example.org/a/b?q#f"),
        Some("file:///C:/x/y"),
        Some("foo://h/p"),
        Some("foo:opaque"),
    ]
    .into_iter()
    .map(|b| b.map(|b| Url::parse(b).expect("a base")))
    .collect();
    let piece = prop::sample::select(common::PIECES);
    let text = prop::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat());
    let input = prop_oneof![text, "\\PC{0,24}"];
    let mut runner = TestRunner::new(Config {
        cases: 2000,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&(input, 0..bases.len()), |(input, base)| {
            let base = bases.get(base).and_then(Option::as_ref);
            agree(&input, base).map_err(TestCaseError::fail)
        })
        .map_err(|e| e.to_string())
}
