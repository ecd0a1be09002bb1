//! The parser build.rs generates from `grammar/url.pest` makes the same trees as pest_derive's
//! parser of the same grammar: every production on every conformance input, whole parses with
//! their traces, generated inputs, and parses of inputs of 1 MiB and more (whose paths the
//! generated parser reads a segment at a time).

mod common;

#[allow(dead_code)] // shared with tests/wpt.rs, which uses all of it
#[path = "wpt/load.rs"]
mod load;

use common::PIECES;
use load::{field, wpt};
use pegurl::workbench::{Engine, Production};
use pegurl::Url;
use proptest::prelude::*;
use serde_json::Value;

/// Every string the conformance files give as an input, a host or a setter's value.
fn conformance_strings() -> Vec<String> {
    let mut out = Vec::new();
    for case in wpt("urltestdata.json") {
        out.extend(
            ["input", "base"]
                .iter()
                .filter_map(|k| field(&case, k).map(str::to_owned)),
        );
    }
    for file in ["toascii.json", "IdnaTestV2.json"] {
        for case in wpt(file) {
            out.extend(field(&case, "input").map(str::to_owned));
        }
    }
    if let Some(Value::Object(by_attribute)) = wpt("setters_tests.json").into_iter().next() {
        for cases in by_attribute.values() {
            for case in cases.as_array().into_iter().flatten() {
                out.extend(field(case, "new_value").map(str::to_owned));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn same_trees(input: &str) {
    for &production in Production::ALL {
        let generated = Engine::Generated.run(production, input);
        let derived = Engine::PestDerive.run(production, input);
        assert_eq!(generated, derived, "{production:?} on {input:?}");
    }
}

#[test]
fn every_production_makes_the_same_tree_on_every_conformance_string() {
    let strings = conformance_strings();
    assert!(strings.len() > 3_000, "{}", strings.len());
    for input in &strings {
        same_trees(input);
        // The IPv4 rule runs on hosts; the setter rules on values after a prefix is cut.
        for cut in [1, 2, 7, 8] {
            if let Some(rest) = input.get(cut..) {
                same_trees(rest);
            }
        }
    }
}

#[test]
fn whole_parses_give_the_same_results_and_traces_on_urltestdata() {
    let mut compared = 0;
    for case in wpt("urltestdata.json") {
        let Some(input) = field(&case, "input") else {
            continue;
        };
        let base = field(&case, "base").and_then(|b| Url::parse(b).ok());
        let traced = |engine: Engine| {
            let mut trees = Vec::new();
            let url = Url::options()
                .base_url(base.as_ref())
                .engine(engine)
                .trace(&mut trees)
                .parse(input);
            (url, trees)
        };
        let (g_url, g_trees) = traced(Engine::Generated);
        let (d_url, d_trees) = traced(Engine::PestDerive);
        assert_eq!(g_url, d_url, "{input:?} against {base:?}");
        assert_eq!(g_trees, d_trees, "trees of {input:?}");
        assert!(!g_trees.is_empty());
        compared += 1;
    }
    assert_eq!(compared, 891);
}

/// The authority's leaves, as (rule, text), in order.
fn authority_leaves(production: Production, input: &str) -> Vec<(String, String)> {
    fn leaves(tree: &pegurl::workbench::Tree, out: &mut Vec<(String, String)>) {
        if tree.children.is_empty() {
            out.push((tree.rule.clone(), tree.text.clone()));
        }
        for child in &tree.children {
            leaves(child, out);
        }
    }
    let mut out = Vec::new();
    for engine in [Engine::Generated, Engine::PestDerive] {
        let tree = engine.run(production, input).expect(input);
        let mut found = Vec::new();
        leaves(&tree, &mut found);
        if engine == Engine::Generated {
            out = found;
        } else {
            assert_eq!(out, found, "{input:?}");
        }
    }
    out
}

#[test]
fn the_authority_takes_credentials_up_to_its_last_at_sign() {
    // Host and port stop at "@": without one the first reading holds; with one, credentials
    // take everything up to the last, as the authority state's atSignSeen does.
    let pair = |r: &str, t: &str| (r.to_owned(), t.to_owned());
    let cases: [(&str, Vec<(String, String)>); 6] = [
        (
            "example.org:8080/x",
            vec![pair("host", "example.org"), pair("port", "8080")],
        ),
        (
            "u:p@h:1?q",
            vec![
                pair("username", "u"),
                pair("password", "p"),
                pair("host", "h"),
                pair("port", "1"),
            ],
        ),
        ("a@b@c/", vec![pair("username", "a@b"), pair("host", "c")]),
        (
            "a:b:c@d",
            vec![
                pair("username", "a"),
                pair("password", "b:c"),
                pair("host", "d"),
            ],
        ),
        (
            "[::1@]/",
            vec![
                pair("username", "["),
                pair("password", ":1"),
                pair("host", "]"),
            ],
        ),
        (
            "h:1@2",
            vec![
                pair("username", "h"),
                pair("password", "1"),
                pair("host", "2"),
            ],
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(
            authority_leaves(Production::Authority, input),
            expected,
            "{input:?}"
        );
    }
    // An "@" in a host setter's value is host content, which the host parser then rejects.
    assert_eq!(
        authority_leaves(Production::SetHost, "a@b:1"),
        vec![pair("setter_host", "a@b"), pair("setter_port", "1")]
    );
    assert_eq!(
        authority_leaves(Production::NonSpecialAuthority, "a\\b@c"),
        vec![
            pair("non_special_username", "a\\b"),
            pair("opaque_host", "c")
        ]
    );
}

#[test]
fn no_rule_recursion_or_slow_path_on_a_long_input() {
    // 1 MiB of each kind of byte the rules skip over: the generated loops are linear.
    for piece in ["a", "/", "@", ":", "[", "%", "é", "\\", "?", "#", "."] {
        let input = format!("http://{}", piece.repeat(1 << 20));
        let generated = Engine::Generated.run(Production::Url, &input);
        assert_eq!(
            generated,
            Engine::PestDerive.run(Production::Url, &input),
            "{piece:?}"
        );
    }
}

/// An input of 1 MiB or more is parsed from an outline, its path's segments matched one at a
/// time (`src/generated/steps.rs`); pest_derive's parser makes the whole tree: the two give the
/// same URL and the same validation errors, for paths of mixed segments (dot segments in each
/// spelling, drive letters, backslashes, spaces, non-ASCII, invalid percent-encodings) followed
/// by a query and a fragment, against each kind of base.
#[test]
fn long_paths_read_a_segment_at_a_time_parse_as_the_whole_tree_does() {
    let segments = [
        "a", "..", ".", "%2e", "é", "a b", "\\", "", "c|", "%zz", "C:", "%2E.",
    ];
    let bases: Vec<Url> = ["http://b/c/d", "file:///C:/a", "sc://h/p"]
        .iter()
        .map(|b| Url::parse(b).expect("a base"))
        .collect();
    // A different mix of segments for each input, from a simple sequence (no randomness).
    let mut state = 7_u32;
    for prefix in ["http://h/", "sc://h/", "file:///", "", "sc:"] {
        let mut path = String::new();
        while path.len() <= 1 << 20 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            path.push_str(segments[(state >> 16) as usize % segments.len()]);
            path.push('/');
        }
        let input = format!("{prefix}{path}?q#f");
        for base in [None].into_iter().chain(bases.iter().map(Some)) {
            let parsed = |engine: Engine| {
                let mut errors = Vec::new();
                let url = Url::options()
                    .base_url(base)
                    .engine(engine)
                    .validation_errors(&mut errors)
                    .parse(&input)
                    .map(|u| u.href().to_owned());
                (url, errors)
            };
            let (generated, derived) = (parsed(Engine::Generated), parsed(Engine::PestDerive));
            // The path is what is long (its dot segments remove some of it).
            if let Ok(href) = &generated.0 {
                let url = Url::parse(href).expect("an href parses");
                assert!(
                    url.path().len() > 1 << 18,
                    "{prefix:?}: {}",
                    url.path().len()
                );
            }
            assert!(
                generated == derived,
                "{prefix:?} and {} bytes against {:?}",
                path.len(),
                base.map(Url::href)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn every_production_makes_the_same_tree_on_generated_inputs(
        input in prop_oneof![
            3 => prop::collection::vec(prop::sample::select(PIECES), 0..14).prop_map(|p| p.concat()),
            1 => any::<String>(),
        ]
    ) {
        same_trees(&input);
    }
}
