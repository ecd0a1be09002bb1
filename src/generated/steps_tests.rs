//! The steps through an outlined node's children ([`Steps`]): on every WPT input, every URL list
//! line and long inputs of every kind of segment, against each entry a parse can take, they find
//! the children the whole tree has; and a parse that reads its path from an outline, a segment at
//! a time, gives the URL, the failure and the validation errors of a parse that reads it from the
//! whole tree, with and without a base. The pathname setter's entries leave no production to
//! step through: with the switch on, it gives what it gives without.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::outline_tests::{assert_none_differ, ENTRIES};
use super::url_rules::OUTLINE_CHILDREN;
use super::Generated;
use crate::builder::path::STEP_PATHS;
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::tokens::Matched;
use crate::{quirks, Url, ValidationError};

/// The outline's inputs (every WPT input, a few more, both URL lists), and long paths of each
/// kind of segment.
fn inputs() -> Vec<String> {
    let mut inputs = super::outline_tests::inputs();
    for segment in ["x", "..", ".", "%2E", "é", "a b", "\\", ""] {
        inputs.push(format!("http://h/{}?q#f", [segment; 3000].join("/")));
        inputs.push(format!("sc://h/{}", [segment; 3000].join("/")));
        inputs.push(format!("file:///{}", [segment; 3000].join("/")));
        inputs.push([segment; 3000].join("/"));
    }
    inputs
}

/// The children of every outlined node of the whole tree of `input` (each entry), against the
/// steps through them; an error that says where they differ.
fn steps_agree(input: &str) -> Result<(), String> {
    let text = Input::new(input).text.into_owned();
    for entry in ENTRIES {
        let mut tokens = Vec::new();
        if !Generated.parse_into(entry, &text, &mut tokens) {
            continue;
        }
        let Some(tree) = Matched::new(&text, tokens) else {
            continue;
        };
        for node in tree.nodes() {
            let Some(production) = node.production() else {
                continue;
            };
            let outlined = OUTLINE_CHILDREN.iter().any(|(p, _)| *p == production);
            let steps = Generated.outline_steps(production, &text, node.span().start);
            if outlined != steps.is_some() {
                return Err(format!("{production:?}: steps only one way"));
            }
            let Some(mut steps) = steps else { continue };
            let found: Vec<(Production, Range<usize>)> = steps.by_ref().collect();
            let children: Vec<(Production, Range<usize>)> = node
                .children()
                .map(|c| (c.production().expect("a production"), c.span()))
                .collect();
            if found != children || steps.end() != Some(node.span().end) {
                return Err(format!(
                    "{entry:?} on {input:?}: {production:?} at {:?}: steps {found:?} ending at \
                     {:?}, the tree's {children:?}",
                    node.span(),
                    steps.end()
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn the_steps_find_the_children_of_the_whole_tree_on_every_input() {
    let wrong: Vec<String> = inputs()
        .iter()
        .filter_map(|i| steps_agree(i).err())
        .collect();
    assert_none_differ(&wrong);
}

/// A step that must match and does not ends the steps short of the node, and says so.
#[test]
fn steps_that_cannot_go_on_end_short() {
    // `special_path_relative` needs a first segment, which cannot start with "/".
    let mut steps = Generated
        .outline_steps(Production::SpecialPathRelative, "/a", 0)
        .expect("an outlined production");
    assert_eq!(steps.next(), None);
    assert_eq!(steps.end(), None);
    // A production an outline does not leave empty has no steps.
    assert!(Generated.outline_steps(Production::Host, "h", 0).is_none());
}

/// What a parse of `input` against `base` gives, and its validation errors, with the path read
/// from an outline (`steps`) or from the whole tree.
fn parsed(
    input: &str,
    base: Option<&Url>,
    steps: bool,
) -> (Result<String, String>, Vec<ValidationError>) {
    STEP_PATHS.with(|s| s.set(Some(steps)));
    let mut errors = Vec::new();
    let result = Url::options()
        .base_url(base)
        .validation_errors(&mut errors)
        .parse(input)
        .map(|u| u.href().to_owned())
        .map_err(|e| e.to_string());
    STEP_PATHS.with(|s| s.set(None));
    (result, errors)
}

/// `url` after its pathname setter is given `value`, with the path read from an outline
/// (`steps`) or from the whole tree.
fn with_pathname(url: &Url, value: &str, steps: bool) -> String {
    STEP_PATHS.with(|s| s.set(Some(steps)));
    let mut url = url.clone();
    let _ = quirks::set_pathname(&mut url, value);
    STEP_PATHS.with(|s| s.set(None));
    url.href().to_owned()
}

#[test]
fn a_parse_that_steps_through_its_path_is_the_parse_of_the_whole_tree() {
    let bases: Vec<Url> = [
        "http://b/c/d?q",
        "file:///C:/a/b",
        "sc://h/a/b",
        "sc:opaque",
    ]
    .iter()
    .map(|b| Url::parse(b).expect("a base"))
    .collect();
    let mut wrong = Vec::new();
    for input in inputs() {
        for base in [None].into_iter().chain(bases.iter().map(Some)) {
            let (stepped, whole) = (parsed(&input, base, true), parsed(&input, base, false));
            if stepped != whole {
                let base = base.map(Url::href);
                wrong.push(format!(
                    "{input:?} against {base:?}: {stepped:?}, the whole tree's {whole:?}"
                ));
            }
        }
        for url in &bases {
            let (stepped, whole) = (
                with_pathname(url, &input, true),
                with_pathname(url, &input, false),
            );
            if stepped != whole {
                wrong.push(format!(
                    "{} with pathname {input:?}: {stepped}, the whole tree's {whole}",
                    url.href()
                ));
            }
        }
    }
    assert_none_differ(&wrong);
}

/// With the tests' switch on, a parse that writes a path steps through it; off, or when only
/// the outcome is asked for, it does not.
#[test]
fn the_switch_decides_which_parses_step() {
    let made = || super::steps::STEPS_MADE.with(core::cell::Cell::get);
    // An input `serialized_url` does not take (its host is upper case): `url` reads it.
    let before = made();
    let _ = parsed("http://H/a/b?q", None, true);
    assert!(made() > before, "a forced parse did not step");
    let before = made();
    let _ = parsed("http://H/a/b?q", None, false);
    STEP_PATHS.with(|s| s.set(Some(true)));
    assert!(Url::can_parse("http://H/a/b?q"));
    STEP_PATHS.with(|s| s.set(None));
    assert!(Url::parse("http://H/a/b?q").is_ok());
    assert_eq!(made(), before, "a parse stepped that should not");
}

/// Without the tests' switch, a long input reads its path from an outline and a short one from
/// the whole tree: both give what the other way gives.
#[test]
fn a_long_input_steps_through_its_path() {
    let long = format!("http://h/{}/../é/%2e/?q", ["seg"; 300_000].join("/"));
    assert!(crate::builder::path::steps_paths(&long));
    assert!(!crate::builder::path::steps_paths("http://h/a/b"));
    let made = super::steps::STEPS_MADE.with(core::cell::Cell::get);
    let url = Url::parse(&long).expect("a URL");
    assert!(super::steps::STEPS_MADE.with(core::cell::Cell::get) > made);
    assert_eq!(parsed(&long, None, false).0.as_deref(), Ok(url.href()));
    assert!(url.href().ends_with("/seg/%C3%A9/?q"));
}
