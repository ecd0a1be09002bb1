//! The basic URL parser's preprocessing (https://url.spec.whatwg.org/#concept-basic-url-parser,
//! steps 1.2–1.3 and 2), with a map from the cleaned input back to byte offsets of the original.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// The input as the state machine sees it, and how to find its bytes in the original.
#[derive(Debug)]
pub(crate) struct Input<'a> {
    /// The cleaned input: no leading or trailing C0 control or space, no ASCII tab or newline.
    pub(crate) text: Cow<'a, str>,
    /// Bytes trimmed from the start of the original.
    lead: usize,
    /// Where the trimmed part of the original ends.
    end: usize,
    /// Original offsets (after `lead`) of every removed tab or newline, in order.
    removed: Vec<usize>,
    /// Length of the original input.
    original_len: usize,
}

/// A C0 control or space: https://infra.spec.whatwg.org/#c0-control
fn is_c0_control_or_space(b: u8) -> bool {
    b <= 0x20
}

/// An ASCII tab or newline: https://infra.spec.whatwg.org/#ascii-tab-or-newline
fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `bytes` has an ASCII tab or newline. Eight bytes at a time it first asks whether any
/// byte is below 14 (tab is 9, newline 10, carriage return 13), which URLs seldom have.
/// Sixteen bytes a step, and the last eight (or fewer) read as one word that may overlap the
/// previous step's.
fn has_tab_or_newline(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    // A byte below 14 borrows into its high bit; a byte with the high bit set is masked.
    let below_14 = |x: u64| x.wrapping_sub(ONES * 14) & !x & HIGH_BITS;
    // Eight bytes as a word (a shorter slice reads as no byte below 14).
    let word = |eight: &[u8]| <[u8; 8]>::try_from(eight).map_or(u64::MAX, u64::from_le_bytes);
    let mut pairs = bytes.chunks_exact(16);
    let mut found = pairs
        .by_ref()
        .any(|pair| below_14(word(&pair[..8])) | below_14(word(&pair[8..])) != 0);
    if !found {
        let rest = pairs.remainder();
        // The last eight bytes of the input: the rest and maybe some bytes already looked at.
        let last = bytes
            .get(bytes.len().saturating_sub(8)..)
            .unwrap_or_default();
        found = match rest.len() {
            0 => false,
            _ if bytes.len() < 8 => rest.iter().any(|&b| b < 14),
            9.. => below_14(word(rest.get(..8).unwrap_or_default())) | below_14(word(last)) != 0,
            _ => below_14(word(last)) != 0,
        };
    }
    found && bytes.iter().any(|&b| is_tab_or_newline(b))
}

impl<'a> Input<'a> {
    /// Preprocesses `original` as the basic URL parser does when no URL is given.
    pub(crate) fn new(original: &'a str) -> Input<'a> {
        // The usual input neither starts nor ends with a C0 control or space and has no tab
        // or newline: the input as it is.
        let bytes = original.as_bytes();
        let plain_ends = bytes
            .first()
            .zip(bytes.last())
            .is_some_and(|(&first, &last)| {
                !is_c0_control_or_space(first) && !is_c0_control_or_space(last)
            });
        if plain_ends && !has_tab_or_newline(bytes) {
            return Input::as_it_is(original);
        }
        Input::preprocess(original, true)
    }

    /// Preprocesses a setter's value: when a URL is given (a state override), the basic URL
    /// parser does not trim, but still removes tabs and newlines.
    pub(crate) fn for_setter(original: &'a str) -> Input<'a> {
        // The usual value has no tab or newline: the value as it is.
        if !has_tab_or_newline(original.as_bytes()) {
            return Input::as_it_is(original);
        }
        Input::preprocess(original, false)
    }

    /// `original` with nothing removed (for an input known to need no preprocessing).
    #[inline(always)]
    pub(crate) fn as_it_is(original: &'a str) -> Input<'a> {
        Input {
            text: Cow::Borrowed(original),
            lead: 0,
            end: original.len(),
            removed: Vec::new(),
            original_len: original.len(),
        }
    }

    fn preprocess(original: &'a str, trim: bool) -> Input<'a> {
        let bytes = original.as_bytes();
        // Remove any leading and trailing C0 control or space from input.
        let start = if trim {
            bytes
                .iter()
                .position(|&b| !is_c0_control_or_space(b))
                .unwrap_or(bytes.len())
        } else {
            0
        };
        let end = if trim {
            bytes
                .iter()
                .rposition(|&b| !is_c0_control_or_space(b))
                .map_or(start, |i| i + 1)
        } else {
            bytes.len()
        };
        let trimmed = &original[start..end];
        // Remove all ASCII tab or newline from input.
        let mut removed = Vec::new();
        let text = if has_tab_or_newline(trimmed.as_bytes()) {
            let mut clean = String::with_capacity(trimmed.len());
            for (i, c) in trimmed.char_indices() {
                if c.is_ascii() && is_tab_or_newline(c as u8) {
                    removed.push(i);
                } else {
                    clean.push(c);
                }
            }
            Cow::Owned(clean)
        } else {
            Cow::Borrowed(trimmed)
        };
        Input {
            text,
            lead: start,
            end,
            removed,
            original_len: original.len(),
        }
    }

    /// The text at `at` of the preprocessed input, borrowed from the input as given when
    /// preprocessing removed nothing inside it.
    pub(crate) fn slice(&self, at: Range<usize>) -> Cow<'a, str> {
        match &self.text {
            Cow::Borrowed(text) => Cow::Borrowed(&text[at]),
            Cow::Owned(text) => Cow::Owned(text[at].into()),
        }
    }

    /// Span of the leading trimmed part, if any (an invalid-URL-unit).
    pub(crate) fn trimmed_lead(&self) -> Option<Range<usize>> {
        (self.lead > 0).then_some(0..self.lead)
    }

    /// Span of the trailing trimmed part, if any (an invalid-URL-unit).
    pub(crate) fn trimmed_trail(&self) -> Option<Range<usize>> {
        (self.end < self.original_len && self.end >= self.lead)
            .then_some(self.end..self.original_len)
    }

    /// Original offsets of the removed tabs and newlines.
    pub(crate) fn removed(&self) -> impl Iterator<Item = usize> + '_ {
        self.removed.iter().map(move |&i| i + self.lead)
    }

    /// The original byte offset of byte `at` of the cleaned text.
    pub(crate) fn original_offset(&self, at: usize) -> usize {
        // Every removed byte with at most `at` kept bytes before it shifts the position by one;
        // the kept bytes before removed byte i, `removed[i] - i`, never decrease with i.
        let (mut shift, mut above) = (0, self.removed.len());
        while shift < above {
            let mid = shift + (above - shift) / 2;
            if self.removed[mid] - mid <= at {
                shift = mid + 1;
            } else {
                above = mid;
            }
        }
        let pos = at + shift;
        (self.lead + pos).min(self.original_len)
    }

    /// The original byte span of `span` of the cleaned text.
    pub(crate) fn original_span(&self, span: Range<usize>) -> Range<usize> {
        let start = self.original_offset(span.start);
        if span.is_empty() {
            return start..start;
        }
        // The end maps from the last byte, so that a removed newline after the span stays out.
        let end = self.original_offset(span.end - 1) + 1;
        start..end.max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_removes_with_a_map_back() {
        let input = Input::new("  ht\ntp://a\tb/ \x01");
        assert_eq!(input.text, "http://ab/");
        // "t" after the newline is byte 5 of the original, byte 2 of the clean text.
        assert_eq!(input.original_offset(2), 5);
        // "b" after the tab.
        assert_eq!(input.original_offset(8), 12);
        assert_eq!(input.original_span(7..9), 10..13);
        assert_eq!(input.trimmed_lead(), Some(0..2));
        assert_eq!(input.trimmed_trail(), Some(14..16));
        assert_eq!(input.removed().collect::<Vec<_>>(), vec![4, 11]);
    }

    #[test]
    fn finds_tabs_and_newlines_at_every_place() {
        for len in 0..40 {
            assert!(!has_tab_or_newline("a\u{1}\u{b}é".repeat(len).as_bytes()));
            for at in 0..len {
                for c in ['\t', '\n', '\r'] {
                    let mut s = "x".repeat(len);
                    s.replace_range(at..at + 1, &c.to_string());
                    assert!(has_tab_or_newline(s.as_bytes()), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn all_space_is_empty() {
        let input = Input::new(" \t ");
        assert_eq!(input.text, "");
        assert_eq!(input.original_span(0..0), 3..3);
    }
}
