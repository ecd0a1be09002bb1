//! The parsers build.rs generates from `grammar/url.pest`, `grammar/valid.pest` and
//! `grammar/rfc3986.pest` (see build.rs), and the few byte-level operations their rule functions
//! are written in. The first two make the same tokens as pest_derive's parsers of the same
//! grammars (`tests/engines.rs`, the `valid.rs` unit tests and the `engines` fuzz target check
//! it); the RFC 3986 parser makes pest_derive's `@` tokens only, the components its builder
//! reads (the `rfc3986::parse` unit tests check it).
//! `entries.rs` holds the entry points of the last two; `attempts.rs` and `steps.rs` what
//! the explanations and the outline steps record.

mod attempts;
mod entries;
mod steps;

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

use crate::grammar::{Production, Productions, IPV4_TOKENS, SERIALIZED_TOKENS, SETTER_TOKENS};
use crate::scan::{bytes_equal_to, leading, leading_called, Stops};
use crate::tokens::{offset, Few, Out, Token};
use attempts::{Attempt, Attempts};
#[cfg(test)]
pub(crate) use entries::parse_valid;
#[cfg(feature = "rfc3986")]
pub(crate) use entries::{explain_rfc3986, parse_rfc3986, parse_rfc3986_into};
pub(crate) use entries::{explain_valid, parse_valid_for_checks};
pub(crate) use steps::Steps;
use steps::{Children, Times};

const T: bool = true;
const F: bool = false;

/// `grammar/url.pest`, generated.
#[allow(dead_code)]
mod url_rules {
    use super::*;
    include!(concat!(env!("OUT_DIR"), "/url_grammar.rs"));

    /// `serialized_url_head` when `entry` is it, else `serialized_url`, into a sink of a few
    /// tokens: its own entry, so that only these rules are compiled for that sink.
    #[inline]
    pub(super) fn run_serialized(
        parser: &mut Parser<'_, '_, &mut Few<SERIALIZED_TOKENS>>,
        entry: Production,
    ) -> bool {
        match entry {
            Production::SerializedUrlHead => parser.r_serialized_url_head(),
            _ => parser.r_serialized_url(),
        }
    }

    /// A setter's entry, into a sink of a few tokens of its own ([`SetterSink`]: the rules a
    /// setter runs are compiled for it alone, their scans called); false for another
    /// production.
    #[inline]
    pub(super) fn run_setter(
        parser: &mut Parser<'_, '_, SetterSink<'_>>,
        entry: Production,
    ) -> bool {
        match entry {
            Production::SetHost => parser.r_set_host(),
            Production::SetOpaqueHost => parser.r_set_opaque_host(),
            Production::SetFileHost => parser.r_set_file_host(),
            Production::SetPort => parser.r_set_port(),
            Production::SetSpecialPathname => parser.r_set_special_pathname(),
            Production::SetPathname => parser.r_set_pathname(),
            Production::SetSearch => parser.r_set_search(),
            Production::SetHash => parser.r_set_hash(),
            _ => false,
        }
    }

    /// `serialized_url_of_url_units`, into a sink of a few tokens (see [`run_serialized`]).
    #[inline(always)]
    pub(super) fn run_serialized_of_url_units(
        parser: &mut Parser<'_, '_, &mut Few<SERIALIZED_TOKENS>>,
    ) -> bool {
        parser.r_serialized_url_of_url_units()
    }

    /// `ipv4`, into a sink of a few tokens (see [`run_serialized`]).
    #[inline(always)]
    pub(super) fn run_ipv4(parser: &mut Parser<'_, '_, &mut Few<IPV4_TOKENS>>) -> bool {
        parser.r_ipv4()
    }
}

/// `grammar/valid.pest` (the writing grammar), generated.
#[allow(dead_code)]
pub(crate) mod valid_rules {
    use super::*;
    include!(concat!(env!("OUT_DIR"), "/valid_grammar.rs"));

    /// [`run`] for rule number `entry`, where the usual entry, the absolute-URL-with-fragment
    /// string, is called without [`run`]'s dispatch on the number (a caller that names it passes a
    /// constant: the test folds away).
    #[inline(always)]
    pub(crate) fn run_entry<O: Out>(parser: &mut Parser<'_, '_, O>, entry: u16) -> bool {
        if entry == ABSOLUTE_URL_WITH_FRAGMENT_STRING {
            parser.v_absolute_url_with_fragment_string::<false>()
        } else {
            run::<false, _>(parser, entry)
        }
    }
}

/// `grammar/rfc3986.pest` (RFC 3986 and RFC 3987), generated.
#[cfg(feature = "rfc3986")]
#[allow(dead_code)]
pub(crate) mod rfc3986_rules {
    use super::*;
    include!(concat!(env!("OUT_DIR"), "/rfc3986_grammar.rs"));
}

/// The built-in grammar, compiled by build.rs into byte-level functions.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Generated;

impl Productions for Generated {
    fn parse_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool {
        let (matched, held) = run_on(input, core::mem::take(tokens), |parser| {
            url_rules::run(parser, entry)
        });
        *tokens = held;
        matched
    }

    fn parse_outline_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool {
        let (matched, held) = run_on(input, core::mem::take(tokens), |parser| {
            url_rules::run_outline(parser, entry)
        });
        *tokens = held;
        matched
    }

    fn outline_steps<'s>(
        &self,
        production: Production,
        input: &'s str,
        at: usize,
    ) -> Option<Steps<'s>> {
        Steps::new(production, input, at)
    }

    fn rule_name(&self, rule: u16) -> String {
        url_rules::RULE_NAMES
            .get(usize::from(rule))
            .map_or_else(String::new, |n| (*n).to_owned())
    }

    fn reads_serialized_urls(&self) -> bool {
        true
    }

    #[inline]
    fn parse_serialized(
        &self,
        entry: Production,
        input: &str,
        tokens: &mut Few<SERIALIZED_TOKENS>,
    ) -> bool {
        run_on(input, tokens, |parser| {
            url_rules::run_serialized(parser, entry)
        })
        .0
    }

    #[inline]
    fn parse_setter(
        &self,
        entry: Production,
        input: &str,
        tokens: &mut Few<SETTER_TOKENS>,
    ) -> bool {
        run_on(input, SetterSink(tokens), |parser| {
            url_rules::run_setter(parser, entry)
        })
        .0
    }

    #[inline]
    fn parse_ipv4(&self, input: &str, tokens: &mut Few<IPV4_TOKENS>) -> bool {
        run_on(input, tokens, url_rules::run_ipv4).0
    }

    #[inline]
    fn parse_serialized_of_url_units(
        &self,
        input: &str,
        tokens: &mut Few<SERIALIZED_TOKENS>,
    ) -> bool {
        run_on(input, tokens, url_rules::run_serialized_of_url_units).0
    }
}

/// A setter's sink of a few tokens, whose parser calls its scans (see [`Out::SCANS_CALLED`]).
struct SetterSink<'t>(&'t mut Few<SETTER_TOKENS>);

impl Out for SetterSink<'_> {
    const SCANS_CALLED: bool = true;

    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        self.0.push(token);
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, next: u32) {
        self.0.close(index, end, next);
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
}

/// Runs `rule` with a parser at the start of `input`, handing its tokens to `tokens` (a list,
/// or a builder that keeps what it needs of them; held by the parser, or lent to it): whether
/// it matched, and `tokens` back. An input longer than [`crate::MAX_INPUT_LEN`] does not match:
/// token offsets are 32-bit.
#[inline(always)]
fn run_on<O: Out>(
    input: &str,
    tokens: O,
    rule: impl FnOnce(&mut Parser<'_, '_, O>) -> bool,
) -> (bool, O) {
    run_tracked(input, tokens, None, rule)
}

/// [`run_on`], recording attempts in `attempts` if given.
#[inline(always)]
fn run_tracked<'o, O: Out>(
    input: &str,
    tokens: O,
    attempts: Option<&'o mut Attempts>,
    rule: impl FnOnce(&mut Parser<'_, 'o, O>) -> bool,
) -> (bool, O) {
    if input.len() > crate::MAX_INPUT_LEN {
        return (false, tokens);
    }
    let mut parser = Parser {
        bytes: input.as_bytes(),
        text: input,
        pos: 0,
        out: tokens,
        attempts,
    };
    let matched = rule(&mut parser);
    (matched, parser.out)
}

/// The offset of the first byte of `bytes` that is one of `stops` (ASCII bytes), or the length:
/// eight bytes a step, each compared with every stop at once ([`bytes_equal_to`]).
#[inline(always)]
fn first_of<const N: usize>(bytes: &[u8], stops: [u8; N]) -> usize {
    let mut at = 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let x = <[u8; 8]>::try_from(word).map_or(0, u64::from_le_bytes);
        let mut equal = 0;
        for stop in stops {
            equal |= bytes_equal_to(x, stop);
        }
        if equal != 0 {
            return at + (equal.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    at + bytes[at..]
        .iter()
        .position(|b| stops.contains(b))
        .unwrap_or(bytes.len() - at)
}

/// The state of one run: where it is and the tokens so far. Whether a rule makes a token is
/// known where it is called (the generator writes a function per rule and context), so the
/// state holds no atomicity and no look-ahead flag.
pub(crate) struct Parser<'i, 'o, O: Out = Vec<Token>> {
    bytes: &'i [u8],
    text: &'i str,
    pos: usize,
    /// The sink, held (a `Vec` of tokens: one load from the parser to their length, where a
    /// borrowed one took two, before every token of a rule function that is not inlined) or
    /// lent (`&mut`, where the caller keeps it).
    out: O,
    /// Where failures are recorded, when a failure is to be explained.
    attempts: Option<&'o mut Attempts>,
}

/// Where a rule or sequence started: the position and the number of tokens.
#[derive(Clone, Copy)]
struct Mark {
    pos: usize,
    len: usize,
}

impl<O: Out> Parser<'_, '_, O> {
    /// Starts a rule that makes a token: pushes it.
    #[inline(always)]
    fn open(&mut self, rule: u16, production: Option<Production>) -> Mark {
        let mark = self.mark();
        self.out.push(Token {
            production,
            rule,
            start: offset(self.pos),
            end: offset(self.pos),
            next: 0,
        });
        mark
    }

    /// Ends a rule `open` started: completes its token, or undoes everything since `mark` when
    /// it failed.
    #[inline(always)]
    fn close(&mut self, mark: Mark, ok: bool) -> bool {
        if !ok {
            return self.reset(mark);
        }
        // At most a token a byte, and a few more: within 32 bits for the longest input.
        let next = self.out.len() as u32;
        self.out.close(mark.len, offset(self.pos), next);
        true
    }

    /// The position and token count, to go back to.
    #[inline(always)]
    fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            len: self.out.len(),
        }
    }

    /// Goes back to `mark`; always false (the failure of what started there).
    #[inline(always)]
    fn reset(&mut self, mark: Mark) -> bool {
        self.pos = mark.pos;
        self.out.truncate(mark.len);
        false
    }

    /// One byte of `class`.
    #[inline(always)]
    fn class(&mut self, class: &[bool; 256]) -> bool {
        match self.bytes.get(self.pos) {
            Some(&b) if class[usize::from(b)] => {
                self.pos += 1;
                true
            }
            _ => false,
        }
    }

    /// Whether the next byte is one of `class` (a rule's possible first bytes).
    #[inline(always)]
    fn starts_with_one_of(&self, class: &[bool; 256]) -> bool {
        self.bytes
            .get(self.pos)
            .is_some_and(|&b| class[usize::from(b)])
    }

    /// Everything up to the first byte that `stops` stops on, or to the end: the bytes of a
    /// class, as many as there are, or the bytes up to one of an ASCII class (which stops on a
    /// code point boundary).
    #[inline(always)]
    fn skip(&mut self, stops: &Stops) -> bool {
        self.pos = match O::SCANS_CALLED {
            true => leading_called(self.bytes, self.pos, stops),
            false => leading(self.bytes, self.pos, stops),
        };
        true
    }

    /// Every code point left (`ANY*`): to the end of the input.
    #[inline(always)]
    fn rest(&mut self) -> bool {
        self.pos = self.bytes.len();
        true
    }

    /// Every byte up to the first of `stops` (ASCII bytes), or to the end: eight bytes a step, for
    /// the long runs an outline skips (a whole path up to its query or fragment).
    #[inline(always)]
    fn skip_to_any_of<const N: usize>(&mut self, stops: [u8; N]) -> bool {
        self.pos += first_of(&self.bytes[self.pos..], stops);
        true
    }

    /// Everything up to the first place one of `strings` starts, or to the end.
    #[allow(dead_code)]
    fn skip_until_any(&mut self, strings: &[&[u8]]) -> bool {
        while self.pos < self.bytes.len() {
            let rest = &self.bytes[self.pos..];
            if strings.iter().any(|s| rest.starts_with(s)) {
                break;
            }
            self.any();
        }
        true
    }

    /// `string`, byte for byte.
    #[inline(always)]
    fn literal(&mut self, string: &[u8]) -> bool {
        if self.bytes[self.pos..].starts_with(string) {
            self.pos += string.len();
            true
        } else {
            false
        }
    }

    /// `string`, ASCII case-insensitively (the generator uses [`Parser::insensitive_word`]
    /// for a literal of 2 to 8 ASCII bytes, which the grammars' are).
    #[allow(dead_code)]
    #[inline(always)]
    fn insensitive(&mut self, string: &[u8]) -> bool {
        match self.bytes.get(self.pos..self.pos + string.len()) {
            Some(s) if s.eq_ignore_ascii_case(string) => {
                self.pos += string.len();
                true
            }
            _ => false,
        }
    }

    /// `len` (2 to 8) ASCII bytes, case-insensitively, given as a word (little-endian): `lower`
    /// their lowercase, `case` 0x20 in the place of each letter. A byte ORed with 0x20 is a
    /// given lowercase letter only when it is that letter in either case, and a byte in the
    /// place of any other must be it exactly: one comparison for the literal.
    #[inline(always)]
    fn insensitive_word(&mut self, len: usize, lower: u64, case: u64) -> bool {
        let rest = &self.bytes[self.pos..];
        let word = match rest.first_chunk::<8>() {
            Some(eight) => u64::from_le_bytes(*eight),
            None if rest.len() < len => return false,
            None => {
                let mut eight = [0; 8];
                eight[..rest.len()].copy_from_slice(rest);
                u64::from_le_bytes(eight)
            }
        };
        let keep = u64::MAX >> (64 - 8 * len);
        if (word | case) & keep != lower {
            return false;
        }
        self.pos += len;
        true
    }

    /// One code point in `from..=to`.
    #[allow(dead_code)]
    fn char_range(&mut self, from: char, to: char) -> bool {
        match self.text[self.pos..].chars().next() {
            Some(c) if from <= c && c <= to => {
                self.pos += c.len_utf8();
                true
            }
            _ => false,
        }
    }

    /// Any one code point.
    #[inline(always)]
    fn any(&mut self) -> bool {
        let Some(&b) = self.bytes.get(self.pos) else {
            return false;
        };
        self.pos += match b {
            0x00..=0x7f => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        true
    }

    // The parsers that explain their failures are generic over `TRACK`, whether the run records
    // attempts: with `false` these calls are nothing.

    /// The attempts as a rule starts.
    #[inline(always)]
    fn attempt<const TRACK: bool>(&self) -> Attempt {
        match &self.attempts {
            Some(attempts) if TRACK => attempts.start(self.pos),
            _ => Attempt::default(),
        }
    }

    /// Records the end of `rule`, started at `attempt`; returns `ok`. The generator calls it
    /// only where pest records: not where the atomicity is `@`'s (known when the parser is
    /// written).
    #[inline(always)]
    fn tracked<const TRACK: bool>(&mut self, rule: u16, attempt: Attempt, ok: bool) -> bool {
        if let (true, Some(attempts)) = (TRACK, self.attempts.as_deref_mut()) {
            attempts.end(rule, attempt, ok);
        }
        ok
    }

    /// Enters or leaves a negative lookahead, for the attempts.
    #[inline(always)]
    fn turn<const TRACK: bool>(&mut self) {
        if let (true, Some(attempts)) = (TRACK, self.attempts.as_deref_mut()) {
            attempts.negative = !attempts.negative;
        }
    }

    /// The end of the input, as pest's `EOI` rule (which makes a token).
    #[inline(always)]
    fn eoi(&mut self, rule: u16, production: Option<Production>) -> bool {
        let mark = self.open(rule, production);
        let ok = self.pos == self.bytes.len();
        self.close(mark, ok)
    }
}

#[cfg(test)]
mod outline_tests;

#[cfg(all(test, feature = "std"))]
mod steps_tests;

#[cfg(all(test, feature = "std"))]
mod setter_tests;

#[cfg(test)]
mod tests {
    use super::first_of;

    /// The eight-byte scan finds the first stop a byte-by-byte one does, for every length around
    /// the step, every place of the first stop, and bytes just beside the stops (a borrow in the
    /// word's arithmetic must not make a false first).
    #[test]
    fn first_of_finds_the_first_stop() {
        let stops = [b'?', b'#'];
        for len in 0..=20 {
            for stop in 0..=len {
                for (filler, at_stop) in [(b'a', b'?'), (b'@', b'#'), (b'$', b'?'), (0xe9, b'#')] {
                    let mut bytes = vec![filler; len];
                    if stop < len {
                        bytes[stop] = at_stop;
                        // A second stop later, and a byte one below a stop before it.
                        if stop + 3 < len {
                            bytes[stop + 3] = b'?';
                        }
                        if stop > 0 {
                            bytes[stop - 1] = at_stop - 1;
                        }
                    }
                    let want = bytes.iter().position(|b| stops.contains(b)).unwrap_or(len);
                    assert_eq!(first_of(&bytes, stops), want, "{bytes:?}");
                }
            }
        }
    }
}
