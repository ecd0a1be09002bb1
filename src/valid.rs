//! The writing grammar: whether a string is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string),
//! decided by `grammar/valid.pest` and the checks that are not context-free.

use std::fmt;
use std::ops::Range;

use pest::iterators::Pair;
use pest::Parser;

use crate::api::Url;
use crate::build::{domain_to_ascii, ends_in_a_number, port_number};

/// The parser pest_derive generates from `grammar/valid.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/valid.pest"]
struct ValidGrammar;

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

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (start, end) = (self.span.start, self.span.end);
        write!(f, "{} at {start}..{end}: {}", self.production, self.reason)
    }
}

impl std::error::Error for Invalid {}

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
    let base = base.and_then(|b| Url::parse(b, None).ok());
    validate_url_string(input, base.as_ref()).is_ok()
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
    // "A valid URL string must be either a relative-URL-with-fragment string or an
    // absolute-URL-with-fragment string."
    let absolute = run(Rule::absolute_url_with_fragment_string, input);
    let Err(absolute_error) = absolute else {
        return absolute;
    };
    // "A non-null base URL is necessary when parsing a relative-URL-with-fragment string."
    let Some(base) = base else {
        return Err(absolute_error);
    };
    let entry = if base.has_opaque_path() {
        Rule::relative_url_with_fragment_string_opaque
    } else {
        match base.scheme() {
            "file" => Rule::relative_url_with_fragment_string_file,
            _ if base.is_special() => Rule::relative_url_with_fragment_string_special,
            _ => Rule::relative_url_with_fragment_string_other,
        }
    };
    match run(entry, input) {
        Ok(()) => Ok(()),
        // Report the reading that got further.
        Err(relative_error) if relative_error.span.start > absolute_error.span.start => {
            Err(relative_error)
        }
        Err(_) => Err(absolute_error),
    }
}

/// Runs an entry rule, then the checks on its tree.
fn run(entry: Rule, input: &str) -> Result<(), Invalid> {
    let pairs = ValidGrammar::parse(entry, input).map_err(|e| {
        let at = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let (production, reason) = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
                let names: Vec<String> = positives.iter().map(|r| format!("{r:?}")).collect();
                (names[0].clone(), format!("expected {}", names.join(" or ")))
            }
            _ => (format!("{entry:?}"), "does not match".to_owned()),
        };
        let end = input[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        Invalid {
            production,
            span: at..end,
            reason,
        }
    })?;
    for pair in pairs.flatten() {
        check(&pair)?;
    }
    Ok(())
}

/// The checks that are not context-free.
fn check(pair: &Pair<'_, Rule>) -> Result<(), Invalid> {
    let text = pair.as_str();
    let span = pair.as_span().start()..pair.as_span().end();
    let invalid = |reason: &str| {
        Err(Invalid {
            production: format!("{:?}", pair.as_rule()),
            span: span.clone(),
            reason: reason.to_owned(),
        })
    };
    match pair.as_rule() {
        // "A string input is a valid domain if these steps return true: Let domain be the result
        // of running domain parser with input and true. If domain is failure, then return
        // false. If running the ends in a number checker on domain returns true, then return
        // false. Return true."
        Rule::valid_domain_string => match domain_to_ascii(text, true) {
            None => invalid("the domain parser (beStrict) fails: not a valid domain"),
            Some(domain) if ends_in_a_number(&domain) => {
                invalid("a domain that ends in a number (and is not a valid IPv4-address string)")
            }
            Some(_) => Ok(()),
        },
        // "one or more ASCII digits representing a decimal number that is a 16-bit unsigned
        // integer."
        Rule::url_port_string if !text.is_empty() && port_number(text).is_none() => {
            invalid("a port above 65535")
        }
        Rule::valid_ipv6_address_string => {
            let Some(top) = pair.clone().into_inner().next() else {
                return invalid("an empty IPv6 address");
            };
            match top.as_rule() {
                // "the sum of the effective piece lengths of the preceding and following strings
                // is at most 7."
                Rule::ipv6_compressed => {
                    let sum: usize = top.into_inner().map(|p| effective_piece_length(&p)).sum();
                    if sum > 7 {
                        return invalid("more than 7 pieces around \"::\"");
                    }
                    Ok(())
                }
                // "a valid IPv6-pieces string with effective piece length 8", or pieces and IPv4.
                _ if effective_piece_length(&top) != 8 => {
                    invalid("an IPv6 address without \"::\" needs exactly 8 pieces")
                }
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// "The effective piece length of a valid IPv6-pieces string is the number of valid IPv6-piece
/// strings it contains. The effective piece length of a valid IPv6-pieces-and-IPv4 string is the
/// number of valid IPv6-piece strings it contains, plus 2."
fn effective_piece_length(pair: &Pair<'_, Rule>) -> usize {
    match pair.as_rule() {
        Rule::valid_ipv6_pieces_string => pair.clone().into_inner().count(),
        Rule::valid_ipv6_pieces_and_ipv4_string => {
            2 + pair
                .clone()
                .into_inner()
                .filter(|p| p.as_rule() == Rule::valid_ipv6_pieces_string)
                .map(|p| p.into_inner().count())
                .sum::<usize>()
        }
        _ => 0,
    }
}
