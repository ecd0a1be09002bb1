//! `ipv4`: the [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser), run on the ASCII
//! domain the domain parser returned. The grammar splits the parts and tells their radix; the
//! builder converts them and checks the ranges.

use core::net::Ipv4Addr;
use core::ops::Range;

use super::{Builder, Node};
use crate::error::{ErrorCode, ParseError};
use crate::grammar::{Production, Productions};

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// Parses a domain that ends in a number as an IPv4 address, from `domain`, the node of the
    /// `ipv4` rule run on it (the domain is a derived string, not the input, so the rule runs on
    /// it apart); errors are reported at `at`, the host's span in the input.
    #[inline(never)]
    pub(super) fn ipv4(
        &mut self,
        domain: &Node<'_>,
        at: Range<usize>,
    ) -> Result<Ipv4Addr, ParseError> {
        // The parts, on the stack: the first five (more make too many, with or without an
        // empty last one), their number, and the last.
        let mut first: [Option<Node<'_>>; 5] = [None; 5];
        let (mut len, mut last) = (0, None);
        for part in domain
            .children()
            .filter(|node| node.production() != Some(Production::Eoi))
        {
            if let Some(slot) = first.get_mut(len) {
                *slot = Some(part);
            }
            (len, last) = (len + 1, Some(part));
        }
        // "If the last item in parts is the empty string, then: IPv4-empty-part validation error.
        // If parts's size is greater than 1, then remove the last item from parts."
        if last.is_some_and(|part| part.as_str().is_empty()) {
            self.report(ErrorCode::Ipv4EmptyPart, at.clone());
            if len > 1 {
                len -= 1;
            }
        }
        // "If parts's size is less than 4, IPv4-too-few-parts validation error."
        if len < 4 {
            self.report(ErrorCode::Ipv4TooFewParts, at.clone());
        }
        // "If parts's size is greater than 4, IPv4-too-many-parts validation error, return
        // failure."
        if len > 4 {
            return Err(self.fail(ErrorCode::Ipv4TooManyParts, at));
        }
        let parts = first[..len].iter().flatten();
        let mut numbers = [0u64; 4];
        for (i, part) in parts.enumerate() {
            // The IPv4 number parser, by the radix the grammar found. A radix-16 or radix-8
            // part's digits are its child, the prefix ("0x" or "0X", "0") left out; a part
            // without that child comes from a grammar the builder does not know.
            let (digits, radix) = match part.production() {
                Some(Production::Ipv4Hex) => {
                    (self.ipv4_digits(part, Production::Ipv4HexDigits, &at)?, 16)
                }
                Some(Production::Ipv4Octal) => {
                    (self.ipv4_digits(part, Production::Ipv4OctalDigits, &at)?, 8)
                }
                Some(Production::Ipv4Decimal) => (part.as_str(), 10),
                // "If result is failure, IPv4-non-numeric-part validation error, return failure."
                Some(Production::Ipv4NonNumeric) => {
                    return Err(self.fail(ErrorCode::Ipv4NonNumericPart, at));
                }
                _ => return Err(self.unexpected(Production::Ipv4, at.clone())),
            };
            // "If result[1] is true, IPv4-non-decimal-part validation error."
            if radix != 10 {
                self.report(ErrorCode::Ipv4NonDecimalPart, at.clone());
            }
            // Values past 2^32 all fail alike, so saturating keeps the outcome.
            numbers[i] = digits.bytes().fold(0u64, |n, b| {
                let digit = char::from(b).to_digit(radix).map_or(0, u64::from);
                n.saturating_mul(u64::from(radix)).saturating_add(digit)
            });
        }
        let numbers = &numbers[..len];
        let (last, init) = numbers
            .split_last()
            .ok_or_else(|| self.unexpected(Production::Ipv4, at.clone()))?;
        // "If any but the last item in numbers is greater than 255, then return failure." "If the
        // last item in numbers is greater than or equal to 256^(5 − numbers's size), then return
        // failure." Both follow an IPv4-out-of-range-part validation error.
        let limit = 1u64 << (8 * (5 - numbers.len()));
        if init.iter().any(|&n| n > 255) || *last >= limit {
            return Err(self.fail(ErrorCode::Ipv4OutOfRangePart, at));
        }
        // "If any item in numbers is greater than 255, IPv4-out-of-range-part validation error."
        if *last > 255 {
            self.report(ErrorCode::Ipv4OutOfRangePart, at.clone());
        }
        // "Let ipv4 be the last item in numbers. [...] Increment ipv4 by n × 256^(3 − counter)."
        let mut ipv4 = *last;
        for (counter, &n) in init.iter().enumerate() {
            ipv4 += n << (8 * (3 - counter));
        }
        let ipv4 = u32::try_from(ipv4).map_err(|_| self.fail(ErrorCode::Ipv4OutOfRangePart, at))?;
        Ok(Ipv4Addr::from(ipv4))
    }

    /// The text of `part`'s child of rule `digits`: the number's digits without its radix
    /// prefix. A part without it is an unexpected tree, reported at `at`.
    fn ipv4_digits<'t>(
        &mut self,
        part: &Node<'t>,
        digits: Production,
        at: &Range<usize>,
    ) -> Result<&'t str, ParseError> {
        part.children()
            .find(|child| child.production() == Some(digits))
            .map(|child| child.as_str())
            .ok_or_else(|| self.unexpected(Production::Ipv4, at.clone()))
    }
}
