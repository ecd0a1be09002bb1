//! Offsets in a URL as the parser sees it, mapped back to the document's text: the URL may have
//! come through character references (`&amp;`), Markdown backslash escapes, JSON string escapes
//! or HTML's newline normalization, so one character of the URL may be several in the source.

/// One place where the URL's text and the source differ: `decoded` bytes of the URL came from
/// `raw` bytes of the source (offsets relative to the URL and to the value's start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escape {
    /// Byte range in the URL.
    pub decoded: std::ops::Range<usize>,
    /// Byte range in the source, from the value's start.
    pub raw: std::ops::Range<usize>,
}

/// Maps byte offsets in a URL to byte offsets in the text it was read from.
#[derive(Clone, Debug, Default)]
pub struct OffsetMap {
    /// Where the URL's first byte sits in the text.
    start: usize,
    /// Where they differ, in order.
    escapes: Vec<Escape>,
}

impl OffsetMap {
    /// A URL copied as it is from the text, from `start` on.
    pub fn identity(start: usize) -> OffsetMap {
        OffsetMap {
            start,
            escapes: Vec::new(),
        }
    }

    /// A URL decoded from `raw` (which sits at `start` in the text): `escape_len` tells, at a
    /// byte of `raw`, how long the escape that starts there is (or `None`). Where a decoded
    /// escape's length is not known from its raw text (a named reference stands for one or two
    /// characters), the decoded text after it is matched against the raw text after it.
    pub fn aligned(
        start: usize,
        raw: &str,
        decoded: &str,
        escape_len: impl Fn(&str) -> Option<usize>,
    ) -> OffsetMap {
        let mut escapes = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < raw.len() && j < decoded.len() {
            let rest = raw.get(i..).unwrap_or("");
            let out = decoded.get(j..).unwrap_or("");
            let len = escape_len(rest).filter(|&n| n > 0 && n <= rest.len());
            match len {
                // An escape left as it is (an ampersand that starts no reference).
                Some(n) if out.starts_with(rest.get(..n).unwrap_or("")) => {
                    i += n;
                    j += n;
                }
                Some(n) => {
                    let after = rest.get(n..).unwrap_or("");
                    let decoded_len = decoded_width(out, after, escape_len(after).is_some());
                    escapes.push(Escape {
                        decoded: j..j + decoded_len,
                        raw: i..i + n,
                    });
                    i += n;
                    j += decoded_len;
                }
                None => {
                    let c = rest.chars().next().map_or(1, char::len_utf8);
                    let d = out.chars().next().map_or(1, char::len_utf8);
                    if c != d || !out.starts_with(rest.get(..c).unwrap_or("")) {
                        // A character the decoder replaced (NUL to U+FFFD, CR to LF).
                        escapes.push(Escape {
                            decoded: j..j + d,
                            raw: i..i + c,
                        });
                    }
                    i += c;
                    j += d;
                }
            }
        }
        OffsetMap { start, escapes }
    }

    /// The same map for a URL that is `decoded[skip..skip + len]`, starting `skip` bytes into
    /// the value (HTML's surrounding spaces trimmed, a srcset candidate, a ping token). Only the
    /// escapes inside the URL are copied, so the maps of all the URLs of a value together hold
    /// each escape once (time and memory linear in the value).
    pub fn sub(&self, skip: usize, len: usize) -> OffsetMap {
        let start = self.to_text(skip, false);
        let first = self.escapes.partition_point(|e| e.decoded.start < skip);
        let end = self
            .escapes
            .partition_point(|e| e.decoded.start < skip.saturating_add(len));
        let escapes = self
            .escapes
            .get(first..end.max(first))
            .unwrap_or_default()
            .iter()
            .map(|e| {
                let raw_skip = start - self.start;
                Escape {
                    decoded: e.decoded.start - skip..e.decoded.end - skip,
                    raw: e.raw.start.saturating_sub(raw_skip)..e.raw.end.saturating_sub(raw_skip),
                }
            })
            .collect();
        OffsetMap { start, escapes }
    }

    /// Where the URL starts in the text.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The text offset of URL offset `at`: inside an escape, its start (or, for the end of a
    /// span, its end).
    pub fn to_text(&self, at: usize, is_end: bool) -> usize {
        let before = if is_end {
            self.escapes.partition_point(|e| e.decoded.start < at)
        } else {
            self.escapes.partition_point(|e| e.decoded.start <= at)
        };
        let Some(escape) = before.checked_sub(1).and_then(|i| self.escapes.get(i)) else {
            return self.start + at;
        };
        if at < escape.decoded.end {
            return self.start
                + if is_end {
                    escape.raw.end
                } else {
                    escape.raw.start
                };
        }
        self.start + escape.raw.end + (at - escape.decoded.end)
    }

    /// Whether the URL's bytes `span` are the text's bytes as they are (no escape inside), so a
    /// fix can replace them.
    pub fn verbatim(&self, span: &std::ops::Range<usize>) -> bool {
        // Escapes are in order and do not overlap: the first that ends after the span's start
        // is the only one that can meet it.
        let first = self
            .escapes
            .partition_point(|e| e.decoded.end <= span.start);
        self.escapes
            .get(first)
            .is_none_or(|e| e.decoded.start >= span.end.max(span.start + 1))
    }
}

/// How many bytes of `out` one escape decoded to: one character, or two when the second is not
/// what comes next in the raw text (a named reference for two code points).
fn decoded_width(out: &str, raw_after: &str, raw_after_is_escape: bool) -> usize {
    let mut chars = out.char_indices();
    let Some((_, first)) = chars.next() else {
        return 0;
    };
    let one = first.len_utf8();
    let Some((_, second)) = chars.next() else {
        return one;
    };
    let next_raw = raw_after.chars().next();
    if raw_after_is_escape || next_raw == Some(second) {
        return one;
    }
    match chars.next() {
        Some((_, third)) if next_raw == Some(third) => one + second.len_utf8(),
        None if next_raw.is_none() => one + second.len_utf8(),
        _ => one,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amp(rest: &str) -> Option<usize> {
        let body = rest.strip_prefix('&')?;
        let n = body
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'#')
            .count();
        Some(1 + n + usize::from(body.as_bytes().get(n) == Some(&b';')))
    }

    #[test]
    fn references_map_back_to_their_source() {
        // "a&amp;b c" decodes to "a&b c"; the space (URL offset 3) is at source offset 7.
        let map = OffsetMap::aligned(10, "a&amp;b c", "a&b c", amp);
        assert_eq!(map.to_text(3, false), 17);
        assert_eq!(map.to_text(1, false), 11);
        assert_eq!(map.to_text(2, true), 16);
        assert!(map.verbatim(&(3..4)));
        assert!(!map.verbatim(&(1..2)));
    }

    #[test]
    fn an_ampersand_that_starts_no_reference_is_verbatim() {
        let map = OffsetMap::aligned(0, "a&zz;b", "a&zz;b", amp);
        assert_eq!(map.to_text(5, false), 5);
        assert!(map.verbatim(&(0..6)));
    }

    #[test]
    fn a_sub_map_starts_inside_the_value() {
        let map = OffsetMap::aligned(0, "  x&amp;y z", "  x&y z", amp);
        let sub = map.sub(2, 5);
        assert_eq!(sub.start(), 2);
        assert_eq!(sub.to_text(4, false), 10);
    }

    #[test]
    fn the_sub_maps_of_a_value_hold_each_escape_once() {
        // A srcset of many candidates with an escape each: every candidate's map holds its own
        // escape only (before, each held all the escapes after it: quadratic in the value).
        let raw = vec!["a&amp;b"; 1000].join(", ");
        let decoded = vec!["a&b"; 1000].join(", ");
        let map = OffsetMap::aligned(0, &raw, &decoded, amp);
        let total: usize = (0..1000).map(|i| map.sub(i * 5, 3).escapes.len()).sum();
        assert_eq!(total, 1000);
        let last = map.sub(999 * 5, 3);
        assert_eq!(last.to_text(3, true), raw.len());
    }
}
