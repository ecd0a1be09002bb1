//! Percent-encoding (https://url.spec.whatwg.org/#percent-encoded-bytes) with the
//! percent-encode sets of the grammar (`crate::tables`), and the decoding helpers the builder
//! uses.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

use encoding_rs::{EncoderResult, Encoding, UTF_8};
use percent_encoding::percent_decode;

use crate::tables::CodePointSet;

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding):
/// `input` encoded with `encoding`, bytes in `set` (and all non-ASCII) percent-encoded, a space
/// as "+" when `space_as_plus`, and a code point the encoding cannot map as "%26%23", its
/// decimal value, "%3B".
pub(crate) fn encode_after_encoding(
    out: &mut String,
    encoding: &'static Encoding,
    input: &str,
    set: &CodePointSet,
    space_as_plus: bool,
) {
    // "Set encoding to the result of getting an output encoding from encoding."
    let encoding = encoding.output_encoding();
    if encoding == UTF_8 {
        push_encoded(out, input.as_bytes(), set, space_as_plus);
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut buffer = [0u8; 1024];
    let mut rest = input;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        push_encoded(out, &buffer[..written], set, space_as_plus);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            // "If potentialError is non-null, then append "%26%23", followed by the shortest
            // sequence of ASCII digits representing potentialError in base ten, followed by
            // "%3B", to output."
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                out.push_str(&u32::from(c).to_string());
                out.push_str("%3B");
            }
        }
    }
}

/// Appends bytes, percent-encoding each whose isomorph (the code point of the same value) is in
/// `set`; a space as "+" when `space_as_plus`.
fn push_encoded(out: &mut String, bytes: &[u8], set: &CodePointSet, space_as_plus: bool) {
    for &b in bytes {
        let c = char::from(b);
        if space_as_plus && b == b' ' {
            out.push('+');
        } else if set.contains(c) {
            push_percent_encoded(out, b);
        } else {
            out.push(c);
        }
    }
}

/// Appends the [percent-encoded byte](https://url.spec.whatwg.org/#percent-encode) of `b`:
/// "%" and two upper case hex digits.
#[inline]
pub(crate) fn push_percent_encoded(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 0xf)]));
}

/// Appends the [UTF-8 percent-encoding](https://url.spec.whatwg.org/#utf-8-percent-encode) of
/// `c`: each byte of its UTF-8 percent-encoded. Inlined always: its callers, the encoders,
/// call it for every code point they encode (out of line it cost the search setter 21
/// instructions).
#[inline(always)]
pub(crate) fn push_utf8_percent_encoded(out: &mut String, c: char) {
    let mut buffer = [0; 4];
    for &b in c.encode_utf8(&mut buffer).as_bytes() {
        push_percent_encoded(out, b);
    }
}

/// Appends `text` to `out`, UTF-8 percent-encoding every code point in `set`
/// (https://url.spec.whatwg.org/#string-utf-8-percent-encode).
pub(crate) fn encode_into(out: &mut String, text: &str, set: &CodePointSet) {
    // The text up to the first byte the set may hold is copied at once: the usual text is all
    // such a run, and costs no more than this. (A byte the set may hold is ASCII or starts a
    // code point, so the split is on a code point boundary.)
    let (plain, from) = text.split_at(set.first_byte_it_may_hold(text.as_bytes()));
    out.push_str(plain);
    if !from.is_empty() {
        encode_from(out, from, set);
    }
}

/// [`encode_into`] from a code point the set may hold on: each such code point is looked up and
/// written, and each run between them copied at once.
#[inline(never)]
fn encode_from(out: &mut String, from: &str, set: &CodePointSet) {
    let mut chars = from.chars();
    while let Some(c) = chars.next() {
        if set.contains(c) {
            push_utf8_percent_encoded(out, c);
        } else {
            out.push(c);
        }
        let rest = chars.as_str();
        let (plain, from) = rest.split_at(set.first_byte_it_may_hold(rest.as_bytes()));
        out.push_str(plain);
        chars = from.chars();
    }
}

/// Appends `bytes` to `out`, percent-encoding every byte that is not ASCII and every ASCII byte
/// in `set` or in `also`: the API's encoders of path segments and file names (`set` is the
/// path percent-encode set, which holds every code point beyond ASCII, so this is its UTF-8
/// percent-encoding for UTF-8 text, and encodes any other bytes a file name may hold).
pub(crate) fn encode_bytes_into(out: &mut String, bytes: &[u8], set: &CodePointSet, also: &[u8]) {
    for &b in bytes {
        if b.is_ascii() && !set.contains(char::from(b)) && !also.contains(&b) {
            out.push(char::from(b));
        } else {
            push_percent_encoded(out, b);
        }
    }
}

/// `text` UTF-8 percent-encoded with `set`, borrowed when nothing needs encoding.
pub(crate) fn encode<'t>(text: &'t str, set: &CodePointSet) -> Cow<'t, str> {
    if text.bytes().any(|b| set.may_hold_byte(b)) {
        let mut out = String::with_capacity(text.len() + 8);
        encode_into(&mut out, text, set);
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// Appends `n` in decimal (what `to_string` writes, without formatting machinery or allocation).
pub(crate) fn push_decimal(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let digits = decimal(n, &mut digits);
    // Room first, then the digits, masked so that the compiler sees each is ASCII (one byte
    // of UTF-8, which it is): each push is a store, without a check of the room or of the
    // character's length (28 instructions fewer for a parse of a URL with a port).
    out.reserve(digits.len());
    for &d in digits {
        out.push(char::from(d & 0x7f));
    }
}

/// The ASCII digits of `n` in decimal, written at the end of `digits`.
#[inline(always)]
pub(crate) fn decimal(n: u32, digits: &mut [u8; 10]) -> &[u8] {
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &digits[at..]
}

/// Appends `n` in lower case hexadecimal without leading zeros (what `{:x}` writes, without
/// formatting machinery): an IPv6 piece as the IPv6 serializer writes it.
pub(crate) fn push_lower_hex(out: &mut String, n: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    // The digits from the highest one that is not zero (the last digit always).
    let digits = (16 - n.leading_zeros()).div_ceil(4).max(1);
    for at in (0..digits).rev() {
        out.push(char::from(HEX[usize::from((n >> (4 * at)) & 0xf)]));
    }
}

/// https://url.spec.whatwg.org/#string-percent-decode, as bytes.
pub(crate) fn decode(text: &str) -> Vec<u8> {
    percent_decode(text.as_bytes()).collect()
}

/// Whether `text` holds a [percent-encoded byte](https://url.spec.whatwg.org/#percent-encoded-byte).
pub(crate) fn has_percent_encoded_byte(text: &str) -> bool {
    text.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{Set, BUILTIN};

    /// Every 16-bit number, as `{:x}` writes it.
    #[test]
    fn lower_hex_is_what_the_formatter_writes() {
        for n in 0..=u16::MAX {
            let mut out = String::new();
            push_lower_hex(&mut out, n);
            assert_eq!(out, alloc::format!("{n:x}"));
        }
    }

    #[test]
    fn sets_encode_what_the_spec_lists() {
        let mut out = String::new();
        encode_into(&mut out, "a b\"#<>`?^{}%é\x7f", BUILTIN.set(Set::Path));
        assert_eq!(out, "a%20b%22%23%3C%3E%60%3F%5E%7B%7D%%C3%A9%7F");
        out.clear();
        encode_into(&mut out, "'`", BUILTIN.set(Set::SpecialQuery));
        assert_eq!(out, "%27`");
        out.clear();
        encode_into(&mut out, "a:b@c/[|]", BUILTIN.set(Set::Userinfo));
        assert_eq!(out, "a%3Ab%40c%2F%5B%7C%5D");
        assert_eq!(encode("a\0b", BUILTIN.set(Set::C0Control)), "a%00b");
        assert!(matches!(
            encode("a b", BUILTIN.set(Set::C0Control)),
            Cow::Borrowed(_)
        ));
    }

    /// Plain runs are copied between the code points that are encoded, wherever they fall:
    /// the same as encoding code point by code point.
    #[test]
    fn runs_between_encoded_code_points_are_kept() {
        let set = BUILTIN.set(Set::Query);
        for text in [
            "",
            "é",
            "aé",
            "éa",
            "a b\"c#d<e>f",
            "x\u{1F600}yé z",
            "abcdefghij klmnopqrstu",
        ] {
            let mut expected = String::new();
            for c in text.chars() {
                if set.contains(c) {
                    let mut buffer = [0; 4];
                    for &b in c.encode_utf8(&mut buffer).as_bytes() {
                        push_percent_encoded(&mut expected, b);
                    }
                } else {
                    expected.push(c);
                }
            }
            let mut out = String::from(">");
            encode_into(&mut out, text, set);
            assert_eq!(out, format!(">{expected}"), "{text:?}");
        }
    }

    #[test]
    fn encoding_after_encoding_encodes_bytes_and_writes_spaces_as_plus() {
        let mut out = String::new();
        let form = BUILTIN.set(Set::Form);
        encode_after_encoding(&mut out, UTF_8, "a b~é*", form, true);
        assert_eq!(out, "a+b%7E%C3%A9*");
        out.clear();
        let gbk = Encoding::for_label(b"gbk").unwrap_or(UTF_8);
        encode_after_encoding(&mut out, gbk, "\u{4e2d}\u{1F600}", form, false);
        assert_eq!(out, "%D6%D0%26%23128512%3B");
    }

    #[test]
    fn decimals_are_written_as_to_string_writes_them() {
        for n in [0, 7, 10, 255, 65535, 4_294_967_295] {
            let mut out = String::from("x");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    #[test]
    fn decodes_and_finds_encoded_bytes() {
        assert_eq!(decode("a%41%zz%"), b"aA%zz%");
        assert!(has_percent_encoded_byte("ex%41"));
        assert!(!has_percent_encoded_byte("ex%4g%"));
    }
}
