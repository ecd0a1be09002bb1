//! The entry points of the generated parsers of `grammar/valid.pest` (the writing grammar, for
//! `valid::check` and its explanations) and `grammar/rfc3986.pest`: trees, the tokens a check
//! keeps, and where a rule fails farthest.

use alloc::vec::Vec;

use super::attempts::Attempts;
#[cfg(feature = "rfc3986")]
use super::rfc3986_rules;
use super::{run_on, run_tracked, valid_rules, Parser};
use crate::tokens::{Matched, Out, Token};

/// Runs rule number `entry` of the writing grammar (`grammar/valid.pest`) on `input` and returns
/// its tree; None when it does not match. Inlined, so that the tree is made where the caller
/// keeps it (see [`crate::grammar::Productions::parse`]). The checks run on
/// `parse_valid_for_checks`'s tree; the tests compare this one with pest_derive's, and that one
/// with this one.
#[cfg(test)]
#[inline(always)]
pub(crate) fn parse_valid(entry: u16, input: &str) -> Option<Matched<'_>> {
    let (matched, tokens) = run_on(input, crate::tokens::spare(), |parser| {
        valid_rules::run::<false, _>(parser, entry)
    });
    if !matched {
        return None;
    }
    Matched::new(input, tokens)
}

/// `parse_valid` for `valid::check`: a tree of the root and the tokens of the rules
/// `valid_rules::KEPT` names (the checked rules, those inside them and those around them), with
/// the nesting of the whole tree; the path's segments, the query and the fragment, which no
/// check reads, are neither made nor walked past. Inlined, as `parse_valid`.
#[inline(always)]
pub(crate) fn parse_valid_for_checks(entry: u16, input: &str) -> Option<Matched<'_>> {
    let (matched, kept) = run_on(input, KeptTokens(crate::tokens::spare()), |parser| {
        valid_rules::run_entry(parser, entry)
    });
    if !matched {
        return None;
    }
    Matched::new(input, kept.0)
}

/// A sink that keeps the first token (the root) and those of the writing grammar's rules that
/// `valid_rules::KEPT` names. A rule it drops calls none it keeps (build.rs's `VALID_CHECKED`),
/// so no token it keeps is made inside one it drops: a dropped rule's token would be at the
/// end, where closing it finds none, and undoing it takes back nothing. The parser holds it
/// (see `Parser::out`).
struct KeptTokens(Vec<Token>);

impl Out for KeptTokens {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        // The rule number is a constant where the parser pushes: the test folds away.
        let kept = valid_rules::KEPT.get(usize::from(token.rule)).copied();
        if kept.unwrap_or(true) || self.0.is_empty() {
            self.0.push(token);
        }
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, next: u32) {
        Out::close(&mut self.0, index, end, next);
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
}

/// Where rule number `entry` of the writing grammar fails farthest on `input`, and the rules
/// expected there (as pest_derive's error gives them); None when it matches.
pub(crate) fn explain_valid(entry: u16, input: &str) -> Option<(usize, Vec<u16>)> {
    explain(
        input,
        |parser| valid_rules::run::<true, _>(parser, entry),
        valid_rules::EOI,
    )
}

/// Where rule number `entry` of `grammar/rfc3986.pest` fails farthest on `input`, and the rules
/// expected there (as pest_derive's error gives them); None when it matches.
#[cfg(feature = "rfc3986")]
pub(crate) fn explain_rfc3986(entry: u16, input: &str) -> Option<(usize, Vec<u16>)> {
    explain(
        input,
        |parser| rfc3986_rules::run::<true, _>(parser, entry),
        rfc3986_rules::EOI,
    )
}

/// Runs `rule` on `input` recording attempts; where it failed farthest and the rules expected
/// there, or None when it matched.
fn explain(
    input: &str,
    rule: impl FnOnce(&mut Parser) -> bool,
    eoi: u16,
) -> Option<(usize, Vec<u16>)> {
    let mut attempts = Attempts::default();
    if run_tracked(input, Vec::new(), Some(&mut attempts), rule).0 {
        return None;
    }
    Some(attempts.expected(eoi))
}

/// Runs rule number `entry` of `grammar/rfc3986.pest` on `input` and returns its tree; None when
/// it does not match. Inlined, so that the tree is made where the caller keeps it (see
/// [`crate::grammar::Productions::parse`]).
#[cfg(feature = "rfc3986")]
#[inline(always)]
pub(crate) fn parse_rfc3986(entry: u16, input: &str) -> Option<Matched<'_>> {
    let (matched, tokens) = run_on(input, crate::tokens::spare(), |parser| {
        rfc3986_rules::run::<false, _>(parser, entry)
    });
    if !matched {
        return None;
    }
    Matched::new(input, tokens)
}

/// Runs rule number `entry` of `grammar/rfc3986.pest` on `input`, handing its tokens (the
/// components) to `out` as its rules start and end; false when it does not match.
#[cfg(feature = "rfc3986")]
#[inline]
pub(crate) fn parse_rfc3986_into<O: Out>(entry: u16, input: &str, out: &mut O) -> bool {
    run_on(input, out, |parser| {
        rfc3986_rules::run::<false, _>(parser, entry)
    })
    .0
}
