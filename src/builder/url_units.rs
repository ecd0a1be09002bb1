//! The [invalid-URL-unit](https://url.spec.whatwg.org/#invalid-url-unit) validation errors of
//! a text: the code points the states check "as they are appended to buffer".

use crate::scan::{first_byte_in, Stops};
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
        let bytes = self.text.as_bytes();
        let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
        loop {
            let at = self.at;
            let &b = bytes.get(at)?;
            // The suspect's width, and whether it is an invalid unit. A percent-encoded byte is
            // passed over whole (its two hex digits are URL code points); only a code point
            // beyond ASCII is decoded.
            let (width, invalid) = if b == b'%' {
                let encoded = hex(at + 1) && hex(at + 2);
                (if encoded { 3 } else { 1 }, !encoded)
            } else if b.is_ascii() {
                (1, !self.url_code_points.contains(char::from(b)))
            } else {
                let c = self.text.get(at..)?.chars().next()?;
                (c.len_utf8(), !self.url_code_points.contains(c))
            };
            self.at = at + width;
            self.at += first_byte_in(bytes.get(self.at..)?, self.suspects);
            if invalid {
                // A "%" not followed by two hex digits is one byte wide.
                return Some((at, b == b'%', width));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// The invalid URL units found a suspect byte at a time are those of the spec's wording, code
    /// point by code point, on every string of up to five of these pieces (and eight bytes).
    #[test]
    fn invalid_url_units_are_the_code_points_the_spec_names() {
        let tables = &crate::tables::BUILTIN;
        let url_code_points = tables.set(crate::tables::Set::UrlCodePoint);
        let pieces = [
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
        ];
        let mut texts = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            texts.extend(longer.into_iter().filter(|t| t.len() <= 8));
            texts.sort();
            texts.dedup();
        }
        for text in &texts {
            let units = InvalidUrlUnits {
                text,
                at: first_byte_in(text.as_bytes(), &tables.url_unit_suspects),
                suspects: &tables.url_unit_suspects,
                url_code_points,
            };
            let found: Vec<_> = units.collect();
            let hex = |i: usize| text.as_bytes().get(i).is_some_and(u8::is_ascii_hexdigit);
            let expected: Vec<_> = text
                .char_indices()
                .filter_map(|(i, c)| match c {
                    '%' if !(hex(i + 1) && hex(i + 2)) => Some((i, true, 1)),
                    '%' => None,
                    c if !url_code_points.contains(c) => Some((i, false, c.len_utf8())),
                    _ => None,
                })
                .collect();
            assert_eq!(found, expected, "{text:?}");
        }
        assert!(texts.len() > 1000, "{}", texts.len());
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
