//! The [invalid-URL-unit](https://url.spec.whatwg.org/#invalid-url-unit) validation errors of
//! a text: the code points the states check "as they are appended to buffer". Found alone
//! ([`InvalidUrlUnits`]), or by the percent-encode that appends them ([`UnitChecks`]).

use alloc::string::String;
use core::ops::Range;

use crate::percent;
use crate::scan::{first_byte_in, leading, Stops};
use crate::tables::CodePointSet;

/// The invalid URL units of a text, in order, each as (its byte offset, whether it is a "%" not
/// followed by two ASCII hex digits, its width): "c is not a URL code point and not U+0025 (%)",
/// or "c is U+0025 (%) and remaining does not start with two ASCII hex digits". Lazily, and
/// the usual text in one scan: a byte that cannot start one (`suspects` does not stop on it) is
/// not decoded.
pub(crate) struct InvalidUrlUnits<'t, 's> {
    pub(super) text: &'t str,
    /// Where the next suspect byte is (a character boundary; the end when there is none).
    pub(super) at: usize,
    /// The bytes that may start an invalid unit: "%", an ASCII byte that is no URL code point,
    /// and a lead byte that may start a code point that is none (a lead byte comes before its
    /// continuation bytes, which are never suspects).
    pub(super) suspects: &'s Stops,
    pub(super) url_code_points: &'s CodePointSet,
}

impl Iterator for InvalidUrlUnits<'_, '_> {
    type Item = (usize, bool, usize);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let at = self.at;
            let &b = self.text.as_bytes().get(at)?;
            let unit = url_unit(self.text, at, b, self.suspects, self.url_code_points)?;
            self.at = at + unit.width;
            self.at += first_byte_in(self.text.as_bytes().get(self.at..)?, self.suspects);
            if unit.invalid {
                // A "%" not followed by two hex digits is one byte wide.
                return Some((at, unit.first == '%', unit.width));
            }
        }
    }
}

/// One URL unit as the states check it ([`url_unit`]).
struct UrlUnit {
    /// Its first code point: "%" for a percent-encoded byte.
    first: char,
    /// Its width in bytes: three for a percent-encoded byte, else its code point's.
    width: usize,
    /// Whether it is an invalid URL unit.
    invalid: bool,
}

/// The URL unit that starts at byte `at` of `text` (a character boundary), whose first byte is
/// `b`, as the states check the code point c "as it is appended to buffer": "If c is not a URL
/// code point and not U+0025 (%), invalid-URL-unit validation error. If c is U+0025 (%) and
/// remaining does not start with two ASCII hex digits, invalid-URL-unit validation error." A
/// "%" and the two hex digits that follow it are one unit (the digits are URL code points); any
/// other unit is one code point, looked up only when its first byte is a suspect (see
/// [`InvalidUrlUnits`]), and decoded only beyond ASCII. None were `at` not a boundary.
#[inline(always)]
fn url_unit(
    text: &str,
    at: usize,
    b: u8,
    suspects: &Stops,
    url_code_points: &CodePointSet,
) -> Option<UrlUnit> {
    let bytes = text.as_bytes();
    let (first, width, invalid) = if b.is_ascii() {
        let c = char::from(b);
        if b == b'%' {
            let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
            let encoded = hex(at + 1) && hex(at + 2);
            (c, if encoded { 3 } else { 1 }, !encoded)
        } else {
            (c, 1, suspects.stops_on(b) && !url_code_points.contains(c))
        }
    } else {
        let c = text.get(at..)?.chars().next()?;
        let invalid = suspects.stops_on(b) && !url_code_points.contains(c);
        (c, c.len_utf8(), invalid)
    };
    Some(UrlUnit {
        first,
        width,
        invalid,
    })
}

/// What a percent-encoding needs to look for invalid URL units in the text it encodes, in the
/// same scan ([`UnitChecks::encode_into`]): the states that percent-encode a component check each
/// code point "as it is appended to buffer", so the encoding and the checks stop at the bytes
/// either needs, and a text is read once.
pub(crate) struct UnitChecks<'s> {
    /// The stops of a scan up to a byte the percent-encode set may hold or a suspect.
    pub(super) stops: &'s Stops,
    /// The bytes that may start an invalid URL unit (see [`InvalidUrlUnits`]).
    pub(super) suspects: &'s Stops,
    pub(super) url_code_points: &'s CodePointSet,
}

impl UnitChecks<'_> {
    /// Appends `text` to `out`, UTF-8 percent-encoding every code point in `set` (as
    /// [`percent::encode_into`]), and hands each invalid URL unit of `text` to `found` (its bytes
    /// in `text`), in order, as it goes. One scan stops at each byte the set may hold and at each
    /// suspect; a run that is written as it is (URL units the set does not hold, a
    /// percent-encoded byte) is copied when something else must be written, or at the end.
    #[inline(never)]
    pub(crate) fn encode_into(
        &self,
        out: &mut String,
        text: &str,
        set: &CodePointSet,
        mut found: impl FnMut(Range<usize>),
    ) {
        let bytes = text.as_bytes();
        // `text[..written]` is in `out`; the scan goes on from `at`.
        let (mut written, mut at) = (0, 0);
        loop {
            let stop = leading(bytes, at, self.stops);
            let Some(&b) = bytes.get(stop) else {
                break;
            };
            let Some(unit) = url_unit(text, stop, b, self.suspects, self.url_code_points) else {
                // A stop beyond ASCII is the lead byte of a code point (the scan starts at one,
                // and a unit is passed over whole). Were it not, the rest would still be
                // encoded, unlooked at.
                percent::encode_into(out, text.get(written..).unwrap_or_default(), set);
                return;
            };
            if unit.invalid {
                found(stop..stop + unit.width);
            }
            at = stop + unit.width;
            if unit.first.is_ascii() {
                // The unit's bytes are ASCII (a percent-encoded byte, passed over whole, or one
                // code point): each is its code point.
                let unit = bytes.get(stop..at).unwrap_or_default();
                if unit.iter().any(|&b| set.may_hold_byte(b)) {
                    out.push_str(text.get(written..stop).unwrap_or_default());
                    for &b in unit {
                        if set.may_hold_byte(b) {
                            percent::push_percent_encoded(out, b);
                        } else {
                            out.push(char::from(b));
                        }
                    }
                    written = at;
                }
            } else if set.contains(unit.first) {
                out.push_str(text.get(written..stop).unwrap_or_default());
                percent::push_utf8_percent_encoded(out, unit.first);
                written = at;
            }
        }
        out.push_str(text.get(written..).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// The pieces of the texts the tests try: a letter, digits and hex digits, "%" alone, before
    /// one hex digit and before two, a space, "/", code points beyond ASCII that are URL code
    /// points and that are not, and (after the first sixteen) the other ASCII bytes the sets
    /// tell apart.
    const PIECES: [&str; 25] = [
        "%",
        "4",
        "1",
        "g",
        " ",
        "a",
        "/",
        "%4",
        "\u{e9}",
        "\u{80}",
        "\u{4e2d}",
        "\u{FFFF}",
        "\u{FDD0}",
        "\u{1F600}",
        "\u{10FFFF}",
        "\u{915}",
        "\"",
        "#",
        "?",
        "{",
        "|",
        "^",
        "'",
        "\t",
        "\u{7f}",
    ];

    /// Every string of up to `most` of `pieces` and eight bytes.
    fn texts(pieces: &[&str], most: usize) -> Vec<String> {
        let mut texts = vec![String::new()];
        for _ in 0..most {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            texts.extend(longer.into_iter().filter(|t| t.len() <= 8));
            texts.sort();
            texts.dedup();
        }
        texts
    }

    /// The invalid URL units of `text` by the spec's wording, code point by code point.
    fn spec_units(text: &str) -> Vec<(usize, bool, usize)> {
        let url_code_points = crate::tables::BUILTIN.set(crate::tables::Set::UrlCodePoint);
        let hex = |i: usize| text.as_bytes().get(i).is_some_and(u8::is_ascii_hexdigit);
        text.char_indices()
            .filter_map(|(i, c)| match c {
                '%' if !(hex(i + 1) && hex(i + 2)) => Some((i, true, 1)),
                '%' => None,
                c if !url_code_points.contains(c) => Some((i, false, c.len_utf8())),
                _ => None,
            })
            .collect()
    }

    /// The invalid URL units found a suspect byte at a time are those of the spec's wording, code
    /// point by code point, on every string of up to five of the first sixteen [`PIECES`] (and
    /// eight bytes).
    #[test]
    fn invalid_url_units_are_the_code_points_the_spec_names() {
        let tables = &crate::tables::BUILTIN;
        let url_code_points = tables.set(crate::tables::Set::UrlCodePoint);
        let texts = texts(&PIECES[..16], 5);
        for text in &texts {
            let units = InvalidUrlUnits {
                text,
                at: first_byte_in(text.as_bytes(), &tables.url_unit_suspects),
                suspects: &tables.url_unit_suspects,
                url_code_points,
            };
            let found: Vec<_> = units.collect();
            let expected = spec_units(text);
            assert_eq!(found, expected, "{text:?}");
        }
        assert!(texts.len() > 1000, "{}", texts.len());
    }

    /// A percent-encode that looks for invalid URL units as it goes writes what
    /// `percent::encode_into` writes and finds the units of the spec's wording, with every set
    /// (the five whose scans join the suspects, and the others, scanned a byte at a time), on
    /// every string of up to three [`PIECES`] (and eight bytes), alone and around a run longer
    /// than a step of the scan.
    #[test]
    fn encoding_with_the_checks_writes_and_finds_what_each_alone_does() {
        let tables = &crate::tables::BUILTIN;
        for set in crate::tables::tests::ALL {
            let units = UnitChecks {
                stops: tables.encoding_and_suspect_stops(set),
                suspects: &tables.url_unit_suspects,
                url_code_points: tables.set(crate::tables::Set::UrlCodePoint),
            };
            let set = tables.set(set);
            for short in texts(&PIECES, 3) {
                for text in [short.clone(), format!("{short}abcdefghij{short}")] {
                    let mut plain = String::from("x");
                    percent::encode_into(&mut plain, &text, set);
                    let (mut checked, mut found) = (String::from("x"), Vec::new());
                    units.encode_into(&mut checked, &text, set, |unit| found.push(unit));
                    assert_eq!(checked, plain, "{text:?}");
                    let expected: Vec<_> = spec_units(&text)
                        .into_iter()
                        .map(|(at, _, width)| at..at + width)
                        .collect();
                    assert_eq!(found, expected, "{text:?}");
                }
            }
        }
    }

    /// A lead byte is a suspect only when it may start a code point that is no URL code point:
    /// 0xC2 (the C1 controls), 0xEF and 0xF0 (noncharacters) are; 0xC3 (U+00C0 to U+00FF) and
    /// 0xE0 (U+0800 to U+0FFF, Devanagari among them) are not, nor is any continuation byte.
    #[test]
    fn only_lead_bytes_of_possible_invalid_units_are_suspects() {
        let suspects = &crate::tables::BUILTIN.url_unit_suspects;
        for b in [0xC2, 0xEF, 0xF0, 0xF4, b'%', b' '] {
            assert!(suspects.stops_on(b), "{b:#x}");
        }
        for b in [0xC3, 0xE0, 0xE4, 0x80, 0xBF, b'a', b'/'] {
            assert!(!suspects.stops_on(b), "{b:#x}");
        }
    }
}
