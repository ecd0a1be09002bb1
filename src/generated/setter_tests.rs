//! A setter's value read into a sink of a few tokens (`Productions::parse_setter`, the parser's
//! `run_setter`): on every WPT setter value, every WPT input and values made to have trees of
//! every size around the sink's, against each setter entry, it matches exactly when the whole
//! run does, and keeps the whole tree when that has at most `SETTER_TOKENS` tokens (nothing when
//! it has more); every WPT setters case gives the same result, URL and validation errors with
//! the sink as through the token buffer alone; and the sink holds what a buffer holds under any
//! pushes, closes and backtracks, past its room and back.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::outline_tests::Whole;
use super::Generated;
use crate::api::SetterPlan;
use crate::builder::outcome_of;
use crate::grammar::{Production, Productions, SETTER_TOKENS};
use crate::input::Input;
use crate::tables::BUILTIN;
use crate::tokens::{Few, Out, Token};
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
fn every_wpt_setters_case_gives_the_same_outcome_through_the_token_buffer_alone() {
    let (mut compared, mut in_the_sink) = (0, 0);
    for (attribute, href, value, expected) in wpt_setter_cases() {
        let Ok(mut url) = Url::parse(&href) else {
            continue;
        };
        let Some(SetterPlan::Parse(setter, parsed)) = url.plan_setter(&attribute, &value, &BUILTIN)
        else {
            continue;
        };
        let with_sink = outcome_of(&Generated, &href, setter, &parsed);
        let buffer_alone = outcome_of(&Whole, &href, setter, &parsed);
        assert_eq!(with_sink, buffer_alone, "{attribute} = {value:?} on {href}");
        // The WPT href, through the API (which removes an emptied query or fragment).
        let _ = url.set_component(&attribute, &value);
        assert_eq!(url.href(), expected, "{attribute} = {value:?} on {href}");
        compared += 1;
        // Whether the sink held this value's tree (else both ways read it into the buffer).
        let entries = SETTER_ENTRIES.iter();
        let text = Input::for_setter(&parsed).text.into_owned();
        in_the_sink += usize::from(entries.clone().any(|&entry| {
            let mut few = Few::<SETTER_TOKENS>::new();
            Generated.parse_setter(entry, &text, &mut few) && few.tokens().is_some()
        }));
    }
    assert!(
        compared > 200 && in_the_sink > 200,
        "{compared} compared, {in_the_sink} in the sink"
    );
}

/// The sink against a token buffer under the same pushes, closes and truncations, as a parse
/// makes them: going past its room, backtracking below it and growing again included. Whenever
/// the buffer holds at most `SETTER_TOKENS` tokens, the sink holds the same; otherwise nothing.
#[test]
fn a_sink_past_its_room_and_back_holds_what_a_buffer_holds() {
    let token = |rule: u16| Token {
        production: None,
        rule,
        start: u32::from(rule),
        end: u32::from(rule),
        next: 0,
    };
    // A fixed pseudo-random walk: each step pushes, closes an open token or backtracks.
    let mut state = 0x2545_f491_u32;
    let mut step = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let (mut past_and_back, mut checked) = (0, 0);
    for _walk in 0..2_000 {
        let mut buffer: Vec<Token> = Vec::new();
        let mut few = Few::<SETTER_TOKENS>::new();
        let mut went_past = false;
        for _ in 0..40 {
            let r = step();
            match r % 4 {
                0 | 1 => {
                    let t = token((r >> 8) as u16);
                    buffer.push(t);
                    Out::push(&mut &mut few, t);
                }
                2 if !buffer.is_empty() => {
                    let index = (r >> 8) as usize % buffer.len();
                    let (end, next) = (r >> 16, buffer.len() as u32);
                    Out::close(&mut buffer, index, end, next);
                    Out::close(&mut &mut few, index, end, next);
                }
                _ => {
                    let len = (r >> 8) as usize % (buffer.len() + 1);
                    buffer.truncate(len);
                    Out::truncate(&mut &mut few, len);
                }
            }
            went_past |= buffer.len() > SETTER_TOKENS;
            if buffer.len() <= SETTER_TOKENS {
                assert_eq!(few.tokens(), Some(&buffer[..]));
                past_and_back += usize::from(went_past);
            } else {
                assert_eq!(few.tokens(), None);
            }
            checked += 1;
        }
    }
    assert!(
        past_and_back > 1_000,
        "{past_and_back} of {checked} after going past the room"
    );
}
