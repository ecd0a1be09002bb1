//! The writing grammar: whether a string is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string),
//! decided by `grammar/valid.pest` and the checks that are not context-free.

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::api::Url;
use crate::builder::{port_number, strict_ascii_ends_in_a_number};
use crate::generated::{explain_valid, parse_valid_for_checks, valid_rules as v};
use crate::tokens::Node;

/// Why a string is not a valid URL string: the production that does not hold, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The production of `grammar/valid.pest` (the spec's term in snake_case).
    pub production: String,
    /// Byte offsets in the input.
    pub span: Range<usize>,
    /// What is wrong there.
    pub reason: String,
}

impl Invalid {
    /// The failure of `production` at byte `at` of `input`, spanning the code point there (empty
    /// at the end of the input).
    pub(crate) fn at(production: String, input: &str, at: usize, reason: String) -> Invalid {
        let end = input
            .get(at..)
            .and_then(|rest| rest.chars().next())
            .map_or(at, |c| at + c.len_utf8());
        Invalid {
            production,
            span: at..end,
            reason,
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (start, end) = (self.span.start, self.span.end);
        write!(f, "{} at {start}..{end}: {}", self.production, self.reason)
    }
}

impl core::error::Error for Invalid {}

/// Whether `input` is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string)
/// against `base` (a base that does not parse counts as none).
///
/// ```
/// assert!(pegurl::is_valid_url_string("https://example.org/a?b#c", None));
/// assert!(!pegurl::is_valid_url_string("https://example.org/a b", None));
/// assert!(pegurl::is_valid_url_string("../x", Some("https://example.org/a/b")));
/// assert!(!pegurl::is_valid_url_string("../x", None));
/// ```
pub fn is_valid_url_string(input: &str, base: Option<&str>) -> bool {
    // The base is parsed only when the absolute reading fails, and no failure is explained.
    let relative = || {
        base.and_then(|b| Url::parse(b).ok())
            .map(|b| relative_entry(&b))
    };
    read(input, relative).is_ok()
}

/// Whether `input` is a valid URL string against `base`, and if not, which production fails
/// where.
///
/// ```
/// let e = pegurl::validate_url_string("https://exa mple.org/", None).unwrap_err();
/// assert_eq!(e.production, "valid_domain_string");
/// assert_eq!(e.span, 8..20);
/// ```
pub fn validate_url_string(input: &str, base: Option<&Url>) -> Result<(), Invalid> {
    match read(input, || base.map(relative_entry)) {
        Ok(()) => Ok(()),
        Err((absolute, None)) => Err(absolute.explain(input)),
        Err((absolute, Some(relative))) => {
            // Report the reading that got further.
            let (absolute, relative) = (absolute.explain(input), relative.explain(input));
            if relative.span.start > absolute.span.start {
                Err(relative)
            } else {
                Err(absolute)
            }
        }
    }
}

/// The writing section's two readings of `input`: Ok when either holds, else why the absolute
/// one fails and, if there is a base (`relative` gives its entry rule, asked only when needed),
/// why the relative one does.
fn read(
    input: &str,
    relative: impl FnOnce() -> Option<u16>,
) -> Result<(), (Failure, Option<Failure>)> {
    // "A valid URL string must be either a relative-URL-with-fragment string or an
    // absolute-URL-with-fragment string."
    let Err(absolute) = run(v::ABSOLUTE_URL_WITH_FRAGMENT_STRING, input) else {
        return Ok(());
    };
    // "A non-null base URL is necessary when parsing a relative-URL-with-fragment string."
    let Some(entry) = relative() else {
        return Err((absolute, None));
    };
    match run(entry, input) {
        Ok(()) => Ok(()),
        Err(relative) => Err((absolute, Some(relative))),
    }
}

/// The entry rule (its number) that reads a relative-URL-with-fragment string against `base`.
pub(crate) fn relative_entry(base: &Url) -> u16 {
    if base.cannot_be_a_base() {
        v::RELATIVE_URL_WITH_FRAGMENT_STRING_OPAQUE
    } else {
        match base.scheme() {
            "file" => v::RELATIVE_URL_WITH_FRAGMENT_STRING_FILE,
            _ if base.is_special() => v::RELATIVE_URL_WITH_FRAGMENT_STRING_SPECIAL,
            _ => v::RELATIVE_URL_WITH_FRAGMENT_STRING_OTHER,
        }
    }
}

/// Why a reading failed: a check on its tree, or the grammar, explained only when asked.
enum Failure {
    Check(Box<Invalid>),
    Grammar(u16),
}

impl Failure {
    fn explain(self, input: &str) -> Invalid {
        match self {
            Failure::Check(invalid) => *invalid,
            Failure::Grammar(entry) => explain(entry, input),
        }
    }
}

/// Runs an entry rule (its number), then the checks on its tree. Inlined, so that the usual
/// entry, a constant, is called directly (see `valid_rules::run_entry`).
#[inline]
fn run(entry: u16, input: &str) -> Result<(), Failure> {
    let Some(tree) = parse_valid_for_checks(entry, input) else {
        return Err(Failure::Grammar(entry));
    };
    tree.try_each_where(is_checked, check)
        .map_err(|invalid| Failure::Check(Box::new(invalid)))
}

/// Why `input` does not match `entry`: the farthest failure and the rules expected there, as
/// pest records them (the generated parser records them so when asked, see
/// `src/generated/attempts.rs`).
fn explain(entry: u16, input: &str) -> Invalid {
    let entry_name = rule_name(entry);
    let Some((at, positives)) = explain_valid(entry, input) else {
        // The parser matched when run again; should it ever, say so.
        return Invalid {
            production: entry_name.to_owned(),
            span: 0..input.len(),
            reason: "the writing grammar matched on a second run".to_owned(),
        };
    };
    let names: Vec<&str> = positives.iter().map(|&rule| rule_name(rule)).collect();
    let (production, reason) = match names.first() {
        Some(&first) => {
            // The most telling production expected there: a named one before the end of input.
            let production = names.iter().find(|n| **n != "EOI").unwrap_or(&first);
            // Where only the end of input is expected, the character there says more.
            let production = match input.get(at..).and_then(|rest| rest.chars().next()) {
                Some('%') if *production == "EOI" => "percent_encoded_byte",
                Some(c) if *production == "EOI" && !is_url_code_point(c) => "url_unit",
                _ => production,
            };
            let reason = match names.len() {
                1 => requirement(production).to_owned(),
                _ => format!(
                    "{} (expected {})",
                    requirement(production),
                    names.join(" or ")
                ),
            };
            (production.to_owned(), reason)
        }
        None => (entry_name.to_owned(), requirement(entry_name).to_owned()),
    };
    Invalid::at(production, input, at, reason)
}

/// Whether [`check`] looks at a node of `rule`: it passes every other (so that a walk need not
/// make those nodes).
pub(crate) fn is_checked(rule: u16) -> bool {
    matches!(
        rule,
        v::VALID_DOMAIN_STRING | v::URL_PORT_STRING | v::VALID_IPV6_ADDRESS_STRING
    )
}

/// The checks that are not context-free, on one node of a tree of the writing grammar (numbered
/// as the generated parser numbers its rules). Marked to be inlined into [`run`]'s walk, which
/// calls it for every node of a rule [`is_checked`] names (left to itself, the compiler's
/// choice came and went with unrelated changes: 1,754 or 1,976 instructions a URL on kasztp
/// when the walk called it for every node).
#[inline]
pub(crate) fn check(node: Node<'_>) -> Result<(), Invalid> {
    // The text of a node is read in the arms that need it: most nodes need none.
    let text = || node.as_str();
    let invalid = |reason: &str| {
        Err(Invalid {
            production: rule_name(node.rule()).to_owned(),
            span: node.span(),
            reason: reason.to_owned(),
        })
    };
    match node.rule() {
        // "A string input is a valid domain if these steps return true: Let domain be the result
        // of running domain parser with input and true. If domain is failure, then return
        // false. If running the ends in a number checker on domain returns true, then return
        // false. Return true."
        v::VALID_DOMAIN_STRING => match strict_ascii_ends_in_a_number(text()) {
            None => invalid("a valid domain string is one the domain parser accepts with beStrict (letters, digits and hyphens in labels of at most 63 bytes, IDNA rules)"),
            Some(true) => {
                invalid("a valid domain does not end in a number: a last label of digits (or 0x and hex digits) is an IPv4 address, which must then be a valid IPv4-address string")
            }
            Some(false) => Ok(()),
        },
        // "one or more ASCII digits representing a decimal number that is a 16-bit unsigned
        // integer."
        v::URL_PORT_STRING if !text().is_empty() && port_number(text()).is_none() => {
            invalid("a URL-port string is a decimal number from 0 to 65535")
        }
        v::VALID_IPV6_ADDRESS_STRING => {
            let Some(top) = node.children().next() else {
                return invalid(IPV6_PIECES);
            };
            match top.rule() {
                // "the sum of the effective piece lengths of the preceding and following strings
                // is at most 7."
                v::IPV6_COMPRESSED => {
                    let sum: usize = top.children().map(effective_piece_length).sum();
                    if sum > 7 {
                        return invalid(IPV6_PIECES);
                    }
                    Ok(())
                }
                // "a valid IPv6-pieces string with effective piece length 8", or pieces and IPv4.
                _ if effective_piece_length(top) != 8 => {
                    invalid(IPV6_PIECES)
                }
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// Whether `c` is a [URL code point](https://url.spec.whatwg.org/#url-code-points).
fn is_url_code_point(c: char) -> bool {
    let noncharacter = matches!(u32::from(c), 0xFDD0..=0xFDEF) || (u32::from(c) & 0xFFFE) == 0xFFFE;
    c.is_ascii_alphanumeric()
        || "!$&'()*+,-./:;=?@_~".contains(c)
        || (!c.is_ascii() && !noncharacter)
}

/// What the writing section requires of an IPv6 address's pieces.
const IPV6_PIECES: &str =
    "a valid IPv6-address string needs eight pieces, or at most seven around one \"::\"";

/// What the writing section requires of a production of `grammar/valid.pest`, in its terms
/// (https://url.spec.whatwg.org/#url-writing).
fn requirement(production: &str) -> &'static str {
    match production {
        "EOI" => "nothing more may follow here in a valid URL string",
        "absolute_url_string" | "absolute_url_with_fragment_string" => "an absolute-URL string is a URL-scheme string (an ASCII alpha first), \":\", and what the scheme calls for",
        "url_scheme_string" => "a URL-scheme string is an ASCII alpha, then ASCII alphanumerics, \"+\", \"-\" or \".\"",
        "special_scheme_string" | "file_scheme_string" => "a special scheme (http, https, ws, wss, ftp, file) is followed by \"//\" and a host (file: \"//\" and an optional host)",
        "url_port_string" => "a URL-port string is zero or more ASCII digits, a number from 0 to 65535",
        "valid_host_string" => "a valid host string is a valid domain string, a valid IPv4-address string, or \"[\", a valid IPv6-address string and \"]\"",
        "valid_domain_string" => "a valid domain string is labels of letters, digits and hyphens that the domain parser accepts, separated by \".\"",
        "valid_ipv4_address_string" | "ipv4_octet" => "a valid IPv4-address string is four decimal numbers from 0 to 255, without leading zeros, separated by \".\"",
        "valid_ipv6_address_string" | "ipv6_compressed" | "valid_ipv6_pieces_string" | "valid_ipv6_pieces_and_ipv4_string" => IPV6_PIECES,
        "valid_ipv6_piece_string" => "a valid IPv6-piece string is one to four ASCII hex digits, without a leading 0 unless it is the only one",
        "valid_opaque_host_string" | "opaque_host_units" => "a valid opaque-host string is URL units other than forbidden host code points, or \"[\", a valid IPv6-address string and \"]\"",
        "forbidden_host_code_point" => "a host may not contain a forbidden host code point (space, #, /, :, <, >, ?, @, [, \\, ], ^, |, %)",
        "url_unit" | "url_code_point" => "a URL unit is a URL code point (ASCII alphanumerics, !$&'()*+,-./:;=?@_~ and non-ASCII but noncharacters and surrogates) or a percent-encoded byte",
        "percent_encoded_byte" => "a \"%\" is followed by two ASCII hex digits (a percent-encoded byte)",
        "url_path_segment_string" => "a URL-path-segment string is zero or more URL units other than \"/\" and \"?\"",
        "url_query_string" => "a URL-query string is zero or more URL units",
        "url_fragment_string" => "a URL-fragment string is zero or more URL units",
        "opaque_path_url_string" => "a URL's opaque path is URL units, not starting with \"/\"",
        "path_absolute_url_string" | "path_absolute_non_authority_url_string" => "a path-absolute-URL string is \"/\" and URL-path-segment strings separated by \"/\"",
        "path_relative_url_string" | "path_relative_scheme_less_url_string" => "a path-relative-URL string is URL-path-segment strings separated by \"/\", not starting with \"/\" (nor, scheme-less, with a scheme and \":\")",
        "scheme_relative_special_url_string" | "scheme_relative_url_string" | "scheme_relative_file_url_string" => "a scheme-relative-URL string is \"//\", a host (and port), and an optional path-absolute-URL string",
        _ => "a valid URL string is an absolute-URL-with-fragment string, or a relative-URL-with-fragment string with a base URL",
    }
}

/// The name of a rule of the writing grammar.
fn rule_name(rule: u16) -> &'static str {
    v::RULE_NAMES.get(usize::from(rule)).copied().unwrap_or("")
}

/// "The effective piece length of a valid IPv6-pieces string is the number of valid IPv6-piece
/// strings it contains. The effective piece length of a valid IPv6-pieces-and-IPv4 string is the
/// number of valid IPv6-piece strings it contains, plus 2."
fn effective_piece_length(node: Node<'_>) -> usize {
    match node.rule() {
        v::VALID_IPV6_PIECES_STRING => node.children().count(),
        v::VALID_IPV6_PIECES_AND_IPV4_STRING => {
            2 + node
                .children()
                .filter(|p| p.rule() == v::VALID_IPV6_PIECES_STRING)
                .map(|p| p.children().count())
                .sum::<usize>()
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::parse_valid;
    use crate::tokens::listing::{self, Listing};
    use crate::tokens::Matched;
    use pest::Parser;

    /// pest_derive's parser of `grammar/valid.pest`: the reference the generated parser's trees
    /// and explanations are held to.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/valid.pest"]
    struct ValidGrammar;

    /// The writing grammar's entry rules: pest_derive's and the generated parser's.
    const ENTRIES: [(Rule, u16); 5] = [
        (
            Rule::absolute_url_with_fragment_string,
            v::ABSOLUTE_URL_WITH_FRAGMENT_STRING,
        ),
        (
            Rule::relative_url_with_fragment_string_special,
            v::RELATIVE_URL_WITH_FRAGMENT_STRING_SPECIAL,
        ),
        (
            Rule::relative_url_with_fragment_string_file,
            v::RELATIVE_URL_WITH_FRAGMENT_STRING_FILE,
        ),
        (
            Rule::relative_url_with_fragment_string_other,
            v::RELATIVE_URL_WITH_FRAGMENT_STRING_OTHER,
        ),
        (
            Rule::relative_url_with_fragment_string_opaque,
            v::RELATIVE_URL_WITH_FRAGMENT_STRING_OPAQUE,
        ),
    ];

    fn generated(entry: u16, input: &str) -> Option<Listing> {
        let tree = parse_valid(entry, input)?;
        Some(listing::of_matched(&tree, &|n| rule_name(n).to_owned()))
    }

    fn derived(entry: Rule, input: &str) -> Option<Listing> {
        let pairs = ValidGrammar::parse(entry, input).ok()?;
        Some(listing::of_pairs(pairs, Rule::all_rules()))
    }

    /// pest_derive's error for `input`: where and which rules it expected there, by name.
    fn derived_error(entry: Rule, input: &str) -> Option<(usize, Vec<String>)> {
        Some(listing::of_error(ValidGrammar::parse(entry, input).err()?))
    }

    /// The generated parser's record of a failure, by name.
    fn generated_error(entry: u16, input: &str) -> Option<(usize, Vec<String>)> {
        let (at, expected) = explain_valid(entry, input)?;
        let names = expected.iter().map(|&r| rule_name(r).to_owned()).collect();
        Some((at, names))
    }

    /// Every conformance input, and each with one character of the writing grammar's
    /// delimiters (and a few that are never allowed) put at every eighth place.
    fn inputs() -> Vec<String> {
        let json =
            crate::workbench::wpt::replace_lone_surrogates(crate::workbench::wpt::URLTESTDATA);
        let cases: serde_json::Value = serde_json::from_str(&json).unwrap();
        let mut out = Vec::new();
        for case in cases.as_array().unwrap() {
            let Some(input) = case.get("input").and_then(|i| i.as_str()) else {
                continue;
            };
            out.push(input.to_owned());
            let places: Vec<usize> = input
                .char_indices()
                .map(|(i, _)| i)
                .chain([input.len()])
                .step_by(8)
                .collect();
            for (n, at) in places.into_iter().enumerate() {
                let c = ["%", ":", "/", "[", "]", "@", "?", "#", " ", "\\", "1", "::"][n % 12];
                out.push(format!("{}{c}{}", &input[..at], &input[at..]));
            }
        }
        out
    }

    /// A walk may pass over the nodes `is_checked` leaves out: `check` finds nothing wrong with
    /// a node of any such rule, even over a text that each of its checks refuses; and it does
    /// refuse that text as a node of each rule it looks at.
    #[test]
    fn check_looks_only_at_the_rules_is_checked_names() {
        let node_of = |rule: u16, text: &'static str| {
            let token = crate::tokens::Token {
                production: None,
                rule,
                start: 0,
                end: text.len() as u32,
                next: 1,
            };
            crate::tokens::Matched::new(text, vec![token]).unwrap()
        };
        let refused = ["99999", "a_b.1", "1:2"];
        let rules = u16::try_from(v::RULE_NAMES.len()).unwrap();
        let mut looked_at = 0;
        for rule in 0..rules {
            for text in refused {
                let tree = node_of(rule, text);
                let outcome = check(tree.root());
                if is_checked(rule) {
                    looked_at += usize::from(outcome.is_err());
                } else {
                    assert_eq!(outcome, Ok(()), "{} on {text:?}", rule_name(rule));
                }
            }
        }
        // The port, the domain (twice: "_" and a last label that is a number) and the address.
        assert!(looked_at >= 3, "{looked_at}");
        assert_eq!((0..rules).filter(|&r| is_checked(r)).count(), 3);
    }

    #[test]
    fn the_generated_writing_grammar_makes_pest_derives_trees_on_every_wpt_input() {
        let json =
            crate::workbench::wpt::replace_lone_surrogates(crate::workbench::wpt::URLTESTDATA);
        let cases: serde_json::Value = serde_json::from_str(&json).unwrap();
        let mut matched = 0;
        for case in cases.as_array().unwrap() {
            let Some(input) = case.get("input").and_then(|i| i.as_str()) else {
                continue;
            };
            for (rule, number) in ENTRIES {
                let (g, d) = (generated(number, input), derived(rule, input));
                matched += usize::from(g.is_some());
                assert_eq!(g, d, "{rule:?} on {input:?}");
            }
        }
        assert!(matched > 300, "{matched}");
    }

    /// The explanation comes from the generated parser's record of attempts, which must be
    /// pest_derive's error: the same place and the same rules, in the same order.
    #[test]
    fn the_generated_writing_grammar_fails_where_pest_derive_does_expecting_the_same_rules() {
        let mut failed = 0;
        for input in inputs() {
            for (rule, number) in ENTRIES {
                let (g, d) = (generated_error(number, &input), derived_error(rule, &input));
                failed += usize::from(g.is_some());
                assert_eq!(g, d, "{rule:?} on {input:?}");
            }
        }
        assert!(failed > 10_000, "{failed}");
    }

    /// Each checked node of a tree and everything inside it, by rule number and span.
    fn checked_nodes(tree: &Matched<'_>) -> Vec<String> {
        fn subtree(node: Node<'_>) -> String {
            let children: Vec<String> = node.children().map(subtree).collect();
            format!("{}@{:?}[{}]", node.rule(), node.span(), children.join(" "))
        }
        let mut out = Vec::new();
        tree.try_each_where(is_checked, |node| {
            out.push(subtree(node));
            Ok::<(), ()>(())
        })
        .unwrap();
        out
    }

    /// The tree the checks run on keeps every rule they read, and has the checked nodes of the
    /// whole tree, with everything inside them, on every conformance input and its variants,
    /// from every entry; it matches where the whole one does.
    #[test]
    fn the_tree_for_the_checks_has_every_checked_node_of_the_whole_tree() {
        for rule in 0..u16::try_from(v::RULE_NAMES.len()).unwrap() {
            if is_checked(rule) {
                assert!(v::KEPT[usize::from(rule)], "{}", rule_name(rule));
            }
        }
        let (mut compared, mut with_checks) = (0, 0);
        for input in inputs() {
            for (_, entry) in ENTRIES {
                let whole = parse_valid(entry, &input);
                let for_checks = parse_valid_for_checks(entry, &input);
                assert_eq!(
                    whole.is_some(),
                    for_checks.is_some(),
                    "{entry} on {input:?}"
                );
                let (Some(whole), Some(for_checks)) = (whole, for_checks) else {
                    continue;
                };
                let checked = checked_nodes(&whole);
                assert_eq!(checked, checked_nodes(&for_checks), "{entry} on {input:?}");
                compared += 1;
                with_checks += usize::from(!checked.is_empty());
            }
        }
        assert!(
            compared > 1000 && with_checks > 500,
            "{compared} {with_checks}"
        );
    }
}
