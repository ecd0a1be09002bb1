//! The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser): a pointer algorithm over
//! the text between a host's brackets, followed step by step.

use alloc::vec::Vec;
use core::net::Ipv6Addr;

use super::Builder;
use crate::error::{ErrorCode, ParseError};
use crate::grammar::Productions;

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// IPv6-parses `input`, which starts at byte `at` of the preprocessed input.
    #[inline(never)]
    pub(super) fn ipv6(&mut self, input: &str, at: usize) -> Result<Ipv6Addr, ParseError> {
        let mut leading_zeros = Vec::new();
        let result = ipv6_parser(input.as_bytes(), &mut leading_zeros);
        // The leading zeros met before a failure were reported before it, too.
        for (start, end) in leading_zeros {
            self.report(ErrorCode::Ipv6PieceLeadingZero, at + start..at + end);
        }
        match result {
            Ok(pieces) => Ok(Ipv6Addr::from(pieces)),
            Err((code, pointer)) => {
                // The pointer only moves over ASCII, so it is on a character boundary; the span
                // covers the code point there (none at the end of input).
                let width = input
                    .get(pointer..)
                    .and_then(|rest| rest.chars().next())
                    .map_or(0, char::len_utf8);
                Err(self.fail(code, at + pointer..at + pointer + width))
            }
        }
    }
}

/// The algorithm itself: the eight pieces, or the failure's error and the pointer where it
/// arose. Pieces with a leading zero are noted in `leading_zeros` as byte spans.
fn ipv6_parser(
    input: &[u8],
    leading_zeros: &mut Vec<(usize, usize)>,
) -> Result<[u16; 8], (ErrorCode, usize)> {
    // The EOF code point is None; a non-ASCII byte is never a hex digit, ":" or ".".
    let c = |pointer: usize| input.get(pointer).copied();
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    // "If c is U+003A (:), then: If remaining does not start with U+003A (:),
    // IPv6-invalid-compression validation error, return failure."
    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            return Err((ErrorCode::Ipv6InvalidCompression, pointer));
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // "While c is not the EOF code point:"
    while let Some(here) = c(pointer) {
        // "If pieceIndex is 8, IPv6-too-many-pieces validation error, return failure."
        if piece_index == 8 {
            return Err((ErrorCode::Ipv6TooManyPieces, pointer));
        }
        // "If c is U+003A (:), then: If compress is non-null, IPv6-multiple-compression
        // validation error, return failure."
        if here == b':' {
            if compress.is_some() {
                return Err((ErrorCode::Ipv6MultipleCompression, pointer));
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // "Let value and length be 0. While length is less than 4 and c is an ASCII hex digit,
        // set value to value × 0x10 + c interpreted as a hexadecimal number".
        let (mut value, mut length) = (0u16, 0usize);
        let start = pointer;
        while length < 4 {
            let Some(digit) = c(pointer).and_then(|b| char::from(b).to_digit(16)) else {
                break;
            };
            value = value * 0x10 + digit as u16;
            pointer += 1;
            length += 1;
        }
        match c(pointer) {
            // "If c is U+002E (.), then:"
            Some(b'.') => {
                // "If length is 0, IPv4-in-IPv6-invalid-code-point validation error, return
                // failure."
                if length == 0 {
                    return Err((ErrorCode::Ipv4InIpv6InvalidCodePoint, pointer));
                }
                // "Decrease pointer by length."
                pointer -= length;
                // "If pieceIndex is greater than 6, IPv4-in-IPv6-too-many-pieces validation
                // error, return failure."
                if piece_index > 6 {
                    return Err((ErrorCode::Ipv4InIpv6TooManyPieces, pointer));
                }
                let mut numbers_seen = 0;
                while c(pointer).is_some() {
                    let mut ipv4_piece: Option<u16> = None;
                    // "If numbersSeen is greater than 0, then: If c is a U+002E (.) and
                    // numbersSeen is less than 4, then increase pointer by 1. Otherwise,
                    // IPv4-in-IPv6-invalid-code-point validation error, return failure."
                    if numbers_seen > 0 {
                        if c(pointer) == Some(b'.') && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return Err((ErrorCode::Ipv4InIpv6InvalidCodePoint, pointer));
                        }
                    }
                    // "If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point validation
                    // error, return failure."
                    if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
                        return Err((ErrorCode::Ipv4InIpv6InvalidCodePoint, pointer));
                    }
                    // "While c is an ASCII digit:"
                    while let Some(b) = c(pointer).filter(u8::is_ascii_digit) {
                        let number = u16::from(b - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            // "Otherwise, if ipv4Piece is 0, IPv4-in-IPv6-invalid-code-point
                            // validation error, return failure."
                            Some(0) => {
                                return Err((ErrorCode::Ipv4InIpv6InvalidCodePoint, pointer))
                            }
                            Some(n) => Some(n * 10 + number),
                        };
                        // "If ipv4Piece is greater than 255, IPv4-in-IPv6-out-of-range-part
                        // validation error, return failure."
                        if ipv4_piece.is_some_and(|n| n > 255) {
                            return Err((ErrorCode::Ipv4InIpv6OutOfRangePart, pointer));
                        }
                        pointer += 1;
                    }
                    // "Set address[pieceIndex] to address[pieceIndex] × 0x100 + ipv4Piece."
                    address[piece_index] = address[piece_index] * 0x100 + ipv4_piece.unwrap_or(0);
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                // "If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation error, return
                // failure."
                if numbers_seen != 4 {
                    return Err((ErrorCode::Ipv4InIpv6TooFewParts, pointer));
                }
                break;
            }
            // "Otherwise, if c is U+003A (:): Increase pointer by 1. If c is the EOF code point,
            // IPv6-invalid-code-point validation error, return failure."
            Some(b':') => {
                pointer += 1;
                if c(pointer).is_none() {
                    return Err((ErrorCode::Ipv6InvalidCodePoint, pointer));
                }
            }
            // "Otherwise, if c is not the EOF code point, IPv6-invalid-code-point validation
            // error, return failure."
            Some(_) => return Err((ErrorCode::Ipv6InvalidCodePoint, pointer)),
            None => {}
        }
        // "If length is greater than 1 and value is less than 0x10^(length − 1),
        // IPv6-piece-leading-zero validation error."
        if length > 1 && u32::from(value) < 1u32 << (4 * (length - 1)) {
            leading_zeros.push((start, start + length));
        }
        address[piece_index] = value;
        piece_index += 1;
    }
    match compress {
        // "If compress is non-null, then: Let swaps be pieceIndex − compress. Set pieceIndex to
        // 7. While pieceIndex is not 0 and swaps is greater than 0, swap address[pieceIndex]
        // with address[compress + swaps − 1], and then decrease both by 1."
        Some(compress) => {
            let mut swaps = piece_index - compress;
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, compress + swaps - 1);
                piece_index -= 1;
                swaps -= 1;
            }
        }
        // "Otherwise, if compress is null and pieceIndex is not 8, IPv6-too-few-pieces
        // validation error, return failure."
        None if piece_index != 8 => return Err((ErrorCode::Ipv6TooFewPieces, input.len())),
        None => {}
    }
    Ok(address)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<[u16; 8], ErrorCode> {
        ipv6_parser(s.as_bytes(), &mut Vec::new()).map_err(|(code, _)| code)
    }

    #[test]
    fn parses_compressed_and_ipv4_forms() {
        assert_eq!(parse("::1"), Ok([0, 0, 0, 0, 0, 0, 0, 1]));
        assert_eq!(parse("1::"), Ok([1, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(
            parse("::ffff:1.2.3.4"),
            Ok([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304])
        );
        assert_eq!(parse("1:2:3:4:5:6:7:8"), Ok([1, 2, 3, 4, 5, 6, 7, 8]));
    }

    #[test]
    fn fails_with_the_spec_error() {
        assert_eq!(parse(":1"), Err(ErrorCode::Ipv6InvalidCompression));
        assert_eq!(
            parse("1:2:3:4:5:6:7:8:9"),
            Err(ErrorCode::Ipv6TooManyPieces)
        );
        assert_eq!(parse("1::1::1"), Err(ErrorCode::Ipv6MultipleCompression));
        assert_eq!(parse("1:2:3!:4"), Err(ErrorCode::Ipv6InvalidCodePoint));
        assert_eq!(parse("1:2:3:"), Err(ErrorCode::Ipv6InvalidCodePoint));
        assert_eq!(parse("1:2:3"), Err(ErrorCode::Ipv6TooFewPieces));
        assert_eq!(
            parse("1:1:1:1:1:1:1:127.0.0.1"),
            Err(ErrorCode::Ipv4InIpv6TooManyPieces)
        );
        assert_eq!(
            parse("ffff::.0.0.1"),
            Err(ErrorCode::Ipv4InIpv6InvalidCodePoint)
        );
        assert_eq!(
            parse("ffff::127.00.0.1"),
            Err(ErrorCode::Ipv4InIpv6InvalidCodePoint)
        );
        assert_eq!(
            parse("ffff::127.0.0.4000"),
            Err(ErrorCode::Ipv4InIpv6OutOfRangePart)
        );
        assert_eq!(
            parse("ffff::127.0.0"),
            Err(ErrorCode::Ipv4InIpv6TooFewParts)
        );
    }

    #[test]
    fn notes_leading_zeros() {
        let mut zeros = Vec::new();
        assert!(ipv6_parser(b"::01", &mut zeros).is_ok());
        assert_eq!(zeros, vec![(2, 4)]);
    }
}
