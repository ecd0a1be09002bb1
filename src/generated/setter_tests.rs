//! A setter's value read into a sink of a few tokens (`Productions::parse_setter`, the parser's
//! `run_setter`): on every WPT setter value, every WPT input and values made to have trees of
//! every size around the sink's, against each setter entry, it matches exactly when the whole
//! run does, and keeps the whole tree when that has at most `SETTER_TOKENS` tokens (nothing when
//! it has more); and every WPT setters case gives the same URL with the sink as through the
//! token buffer alone.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::outline_tests::Whole;
use super::Generated;
use crate::api::SetterPlan;
use crate::grammar::{Production, Productions, SETTER_TOKENS};
use crate::input::Input;
use crate::tables::BUILTIN;
use crate::tokens::Few;
use crate::Url;

/// The entries the setters run.
const SETTER_ENTRIES: [Production; 8] = [
    Production::SetHost,
    Production::SetOpaqueHost,
    Production::SetFileHost,
    Production::SetPort,
    Production::SetSpecialPathname,
    Production::SetPathname,
    Production::SetSearch,
    Production::SetHash,
];

/// The WPT setters cases: the attribute, the href, the value and the href expected.
fn wpt_setter_cases() -> Vec<(String, String, String, String)> {
    let data: serde_json::Value =
        serde_json::from_str(crate::workbench::wpt::SETTERS_TESTS).expect("the WPT JSON");
    let text = |value: &serde_json::Value| value.as_str().unwrap_or_default().to_owned();
    let mut cases = Vec::new();
    for (attribute, list) in data.as_object().expect("an object") {
        for case in list.as_array().into_iter().flatten() {
            cases.push((
                attribute.clone(),
                text(&case["href"]),
                text(&case["new_value"]),
                text(&case["expected"]["href"]),
            ));
        }
    }
    cases
}

/// Every WPT setter value and input, and paths of one to twelve segments of every kind the
/// pathname setters' trees tell apart (rows, dot segments, backslashes, drive letters).
fn values() -> Vec<String> {
    let mut values: Vec<String> = wpt_setter_cases().into_iter().map(|c| c.2).collect();
    values.extend(crate::workbench::wpt::urltestdata_inputs());
    let segments = ["a", ".", "..", "%2e", ".%2E", "C:", "c|", "", "é", "a b"];
    for n in 1..=12 {
        for (i, first) in segments.iter().enumerate() {
            for slash in ["/", "\\"] {
                let path: String = (0..n)
                    .map(|k| format!("{slash}{}", segments[(i + k * 3) % segments.len()]))
                    .collect();
                values.push(path.clone());
                values.push(format!("{first}{path}"));
            }
        }
    }
    values
}

#[test]
fn setter_trees_in_a_few_tokens_are_the_whole_trees_or_nothing() {
    let (mut kept, mut too_many) = (0, 0);
    for value in values() {
        let text = Input::for_setter(&value).text.into_owned();
        for entry in SETTER_ENTRIES {
            let mut whole = Vec::new();
            let matched = Generated.parse_into(entry, &text, &mut whole);
            let mut few = Few::<SETTER_TOKENS>::new();
            let few_matched = Generated.parse_setter(entry, &text, &mut few);
            assert_eq!(few_matched, matched, "{entry:?} on {value:?}");
            if !matched {
                continue;
            }
            if whole.len() <= SETTER_TOKENS {
                assert_eq!(few.tokens(), Some(&whole[..]), "{entry:?} on {value:?}");
                kept += 1;
            } else {
                assert_eq!(few.tokens(), None, "{entry:?} on {value:?}");
                too_many += 1;
            }
        }
    }
    assert!(
        kept > 1000 && too_many > 100,
        "{kept} kept, {too_many} too many"
    );
}

#[test]
fn only_the_setter_entries_have_the_small_sink() {
    let mut few = Few::<SETTER_TOKENS>::new();
    for entry in [Production::Url, Production::Host, Production::Ipv4] {
        assert!(!Generated.parse_setter(entry, "a", &mut few), "{entry:?}");
    }
}

#[test]
fn every_wpt_setters_case_gives_the_same_url_through_the_token_buffer_alone() {
    let mut compared = 0;
    for (attribute, href, value, expected) in wpt_setter_cases() {
        let Ok(start) = Url::parse(&href) else {
            continue;
        };
        let mut with_sink = start.clone();
        let _ = with_sink.set_component(&attribute, &value);
        assert_eq!(
            with_sink.href(),
            expected,
            "{attribute} = {value:?} on {href}"
        );
        let mut buffer_alone = start.clone();
        match buffer_alone.plan_setter(&attribute, &value, &BUILTIN) {
            Some(SetterPlan::Parse(setter, value)) => {
                let input = Input::for_setter(&value);
                let _ = buffer_alone.apply_setter(&Whole, setter, &input);
                compared += 1;
            }
            _ => continue,
        }
        assert_eq!(
            buffer_alone.href(),
            expected,
            "{attribute} = {value:?} on {href}"
        );
    }
    assert!(compared > 200, "{compared} compared");
}
