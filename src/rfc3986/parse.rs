//! Reading a URI-reference (https://www.rfc-editor.org/rfc/rfc3986#section-4.1): the parser
//! build.rs generates from `grammar/rfc3986.pest` hands each component's span to the builder as
//! the component's rule starts and ends ([`Places`], see `places.rs`). Delimiters are the
//! grammar's: a component is the span of its node, never text cut at a searched-for character.
//! When the input is not a URI-reference, the generated parser, run again recording its attempts
//! as pest does, says where it stops being one and which productions could have continued there.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use super::places::{uri_reference, Places};
use super::Reference;
use crate::generated::{explain_rfc3986, parse_rfc3986, parse_rfc3986_into, rfc3986_rules as r};

/// How to read an input: as an RFC 3986 URI-reference (the default) or as an RFC 3987
/// IRI-reference.
///
/// ```
/// use pegurl::rfc3986::{self, Options};
///
/// assert!(rfc3986::parse("http://bücher.example/").is_err());
/// let iri = Options::new().iri(true).parse("http://bücher.example/").unwrap();
/// assert_eq!(iri.authority().unwrap().host.text(), "bücher.example");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    iri: bool,
}

impl Options {
    /// RFC 3986 URI-references.
    pub fn new() -> Options {
        Options::default()
    }

    /// Whether to read RFC 3987 IRI-references (https://www.rfc-editor.org/rfc/rfc3987#section-2.2):
    /// `ucschar` in user information, host, path, query and fragment, and `iprivate` in the query.
    pub fn iri(self, iri: bool) -> Options {
        Options { iri }
    }

    /// The entry rule: its name in the RFC and the generated parser's number for it.
    fn entry(self) -> (&'static str, u16) {
        if self.iri {
            ("IRI-reference", r::IRI_REFERENCE)
        } else {
            ("URI-reference", r::URI_REFERENCE)
        }
    }

    /// Reads `input` as a whole URI-reference (or IRI-reference), its components borrowed from
    /// it; or says where it stops being one.
    pub fn parse(self, input: &str) -> Result<Reference<'_>, SyntaxError> {
        let (name, number) = self.entry();
        let mut places = Places::new();
        if !parse_rfc3986_into(number, input, &mut places) {
            return Err(explain(name, number, input));
        }
        if places.overflowed() {
            // More components started at once than the places keep track of (the grammar
            // makes seven at most): the same parse, its tokens in a list, put one by one.
            let Some(tree) = parse_rfc3986(number, input) else {
                return Err(explain(name, number, input));
            };
            places = Places::new();
            for (rule, span) in tree.spans() {
                places.put(rule, span);
            }
        }
        uri_reference(input, &places, name)
    }
}

/// Reads `input` as an RFC 3986 URI-reference: `Options::new().parse(input)`.
///
/// ```
/// let e = pegurl::rfc3986::parse("http://h/a b").unwrap_err();
/// assert_eq!(e.span, 10..11);
/// assert!(e.expected.iter().any(|p| p == "end of input"), "{e}");
/// ```
pub fn parse(input: &str) -> Result<Reference<'_>, SyntaxError> {
    Options::new().parse(input)
}

/// Where an input stops being a URI-reference: the character there and what could have come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What the input was read as: "URI-reference" or "IRI-reference".
    pub entry: &'static str,
    /// Byte offsets of the first character that no URI-reference can have there (empty at the
    /// end of the input).
    pub span: Range<usize>,
    /// The productions that could continue the input there (rule names of
    /// `grammar/rfc3986.pest`, or "end of input").
    pub expected: Vec<String>,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (start, end) = (self.span.start, self.span.end);
        let article = if self.entry.starts_with('I') {
            "an"
        } else {
            "a"
        };
        write!(f, "not {article} {} from byte {start}", self.entry)?;
        if end > start {
            write!(f, " ({start}..{end})")?;
        } else {
            f.write_str(" (the end of the input)")?;
        }
        if !self.expected.is_empty() {
            write!(f, ": expected {}", self.expected.join(" or "))?;
        }
        Ok(())
    }
}

impl core::error::Error for SyntaxError {}

/// Why `input` is not an `entry`: the farthest failure and the rules expected there, as pest
/// records them (the generated parser records them so when asked).
fn explain(name: &'static str, entry: u16, input: &str) -> SyntaxError {
    if input.len() > crate::MAX_INPUT_LEN {
        return SyntaxError {
            entry: name,
            span: crate::MAX_INPUT_LEN..crate::MAX_INPUT_LEN,
            expected: vec!["end of input (inputs are limited to 1 GiB)".to_owned()],
        };
    }
    let Some((at, positives)) = explain_rfc3986(entry, input) else {
        // The parser matched when run again; should it ever, say so.
        return SyntaxError {
            entry: name,
            span: 0..input.len(),
            expected: vec!["(the grammar matched on a second run)".to_owned()],
        };
    };
    let mut expected = Vec::new();
    for rule in positives {
        let text = match r::RULE_NAMES.get(usize::from(rule)).copied() {
            Some("EOI") => "end of input".to_owned(),
            other => other.unwrap_or("?").to_owned(),
        };
        if !expected.contains(&text) {
            expected.push(text);
        }
    }
    let end = input
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or(at, |c| at + c.len_utf8());
    SyntaxError {
        entry: name,
        span: at..end,
        expected,
    }
}

/// A node the grammar does not put where it was found: an error naming the production, not a
/// panic (the unit tests walk every WPT input, so this is not expected).
pub(super) fn unexpected(
    entry: &'static str,
    rule: u16,
    span: Range<usize>,
    production: &str,
) -> SyntaxError {
    let name = r::RULE_NAMES.get(usize::from(rule)).copied().unwrap_or("?");
    SyntaxError {
        entry,
        span,
        expected: vec![format!(
            "{production} (the tree has an unexpected {name} here)"
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986::Host;
    use crate::tokens::listing::{self, Listing};
    use pest::Parser as _;

    /// pest_derive's parser of `grammar/rfc3986.pest`: the reference the generated parser's trees
    /// and explanations are held to.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc3986.pest"]
    struct Rfc3986Grammar;

    fn generated(entry: u16, input: &str) -> Option<Listing> {
        let tree = parse_rfc3986(entry, input)?;
        Some(listing::of_matched(&tree, &|n| {
            r::RULE_NAMES[usize::from(n)].to_owned()
        }))
    }

    /// The `@` rules of the grammar: the generated parser makes nodes for those alone
    /// (`Tokens::Leaves`).
    fn leaves() -> Vec<String> {
        let (_, rules) =
            pest_meta::parse_and_optimize(include_str!("../../grammar/rfc3986.pest")).unwrap();
        rules
            .into_iter()
            .filter(|rule| rule.ty == pest_meta::ast::RuleType::Atomic)
            .map(|rule| rule.name)
            .collect()
    }

    /// pest_derive's tree, its nodes of `leaves` only (pest_derive's `@` nodes are never inside
    /// one another).
    fn derived(entry: Rule, input: &str, leaves: &[String]) -> Option<Listing> {
        let pairs = Rfc3986Grammar::parse(entry, input).ok()?;
        let mut listing = listing::of_pairs(pairs, Rule::all_rules());
        listing.retain(|(name, _)| leaves.contains(name));
        Some(listing)
    }

    /// The two parsers of the grammar make the same trees, but for the nodes the generated one
    /// leaves out (so pest_derive explains exactly the failures of the generated parser), on
    /// every WPT input as a URI and as an IRI.
    #[test]
    fn the_generated_rfc3986_grammar_makes_pest_derives_leaves_on_every_wpt_input() {
        let json =
            crate::workbench::wpt::replace_lone_surrogates(crate::workbench::wpt::URLTESTDATA);
        let cases: serde_json::Value = serde_json::from_str(&json).unwrap();
        let leaves = leaves();
        assert!(leaves.contains(&"reg_name".to_owned()), "{leaves:?}");
        let mut matched = 0;
        for case in cases.as_array().unwrap() {
            for key in ["input", "base", "href"] {
                let Some(input) = case.get(key).and_then(|i| i.as_str()) else {
                    continue;
                };
                for (rule, number) in [
                    (Rule::uri_reference, r::URI_REFERENCE),
                    (Rule::iri_reference, r::IRI_REFERENCE),
                ] {
                    let (g, d) = (generated(number, input), derived(rule, input, &leaves));
                    matched += usize::from(g.is_some());
                    assert_eq!(g, d, "{rule:?} on {input:?}");
                    let built = Options::new().iri(rule == Rule::iri_reference).parse(input);
                    assert_eq!(built.is_ok(), g.is_some(), "{input:?}: {built:?}");
                }
            }
        }
        assert!(matched > 1000, "{matched}");
    }

    /// pest_derive's error for `input`: where, and which rules it expected there.
    fn derived_error(entry: Rule, input: &str) -> Option<(usize, Vec<String>)> {
        Some(listing::of_error(
            Rfc3986Grammar::parse(entry, input).err()?,
        ))
    }

    /// A failure is explained from the generated parser's record of attempts, which must be
    /// pest_derive's error: the same place and the same rules in the same order, on every WPT
    /// string as a URI and as an IRI, and on each with a character put at every fifth place.
    #[test]
    fn the_generated_rfc3986_grammar_fails_where_pest_derive_does_expecting_the_same_rules() {
        let json =
            crate::workbench::wpt::replace_lone_surrogates(crate::workbench::wpt::URLTESTDATA);
        let cases: serde_json::Value = serde_json::from_str(&json).unwrap();
        let mut failed = 0;
        for case in cases.as_array().unwrap() {
            for key in ["input", "base", "href"] {
                let Some(input) = case.get(key).and_then(|i| i.as_str()) else {
                    continue;
                };
                let places = input.char_indices().map(|(i, _)| i).step_by(5);
                let variants = places.enumerate().map(|(n, at)| {
                    let c = ["%", ":", "/", "[", "]", "@", "?", "#", " ", "%4"][n % 10];
                    format!("{}{c}{}", &input[..at], &input[at..])
                });
                for text in std::iter::once(input.to_owned()).chain(variants) {
                    for (rule, number) in [
                        (Rule::uri_reference, r::URI_REFERENCE),
                        (Rule::iri_reference, r::IRI_REFERENCE),
                    ] {
                        let g = explain_rfc3986(number, &text).map(|(at, rules)| {
                            let names = rules.iter().map(|&n| r::RULE_NAMES[usize::from(n)]);
                            (at, names.map(str::to_owned).collect())
                        });
                        failed += usize::from(g.is_some());
                        assert_eq!(g, derived_error(rule, &text), "{rule:?} on {text:?}");
                    }
                }
            }
        }
        assert!(failed > 1000, "{failed}");
    }

    #[test]
    fn components_come_from_the_nodes() {
        let r = parse("http://u:p@[::1]:8080/a/b?q#f").unwrap();
        assert_eq!(r.scheme(), Some("http"));
        let a = r.authority().unwrap();
        assert_eq!(a.userinfo.as_deref(), Some("u:p"));
        assert_eq!(a.host, Host::Ipv6("::1".into()));
        assert_eq!(a.port.as_deref(), Some("8080"));
        assert_eq!(r.path(), "/a/b");
        assert_eq!((r.query(), r.fragment()), (Some("q"), Some("f")));
        // Empty and undefined differ.
        let r = parse("//@:?#").unwrap();
        let a = r.authority().unwrap();
        assert_eq!(a.userinfo.as_deref(), Some(""));
        assert_eq!(a.port.as_deref(), Some(""));
        assert_eq!((r.query(), r.fragment()), (Some(""), Some("")));
        let r = parse("a").unwrap();
        assert_eq!(
            (r.scheme(), r.authority(), r.query(), r.fragment()),
            (None, None, None, None)
        );
        assert_eq!(
            parse("http://1.2.3.4.5/").unwrap().host().unwrap(),
            Host::RegName("1.2.3.4.5".into())
        );
        assert_eq!(
            parse("http://1.2.3.4/").unwrap().host().unwrap(),
            Host::Ipv4("1.2.3.4".into())
        );
        assert_eq!(
            parse("http://[v7.a:b]/").unwrap().host().unwrap(),
            Host::IpvFuture("v7.a:b".into())
        );
    }

    #[test]
    fn a_failure_names_its_place_and_the_expected_productions() {
        let e = parse("http://[::1/").unwrap_err();
        assert_eq!(e.entry, "URI-reference");
        assert!(e.span.start >= 7, "{e}");
        let e = parse("a b").unwrap_err();
        assert_eq!(e.span, 1..2, "{e}");
        let e = Options::new()
            .iri(true)
            .parse("http://h/\u{E000}")
            .unwrap_err();
        assert_eq!(e.entry, "IRI-reference");
        assert_eq!(e.span, 9..12, "{e}");
        // iprivate is allowed in the query only.
        assert!(Options::new().iri(true).parse("http://h/?\u{E000}").is_ok());
    }
}
