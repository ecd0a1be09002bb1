//! Repairs for diagnostics that have exactly one: percent-encode a code point that may not stand
//! in a URL, "\" to "/", drop a tab or newline, drop leading or trailing spaces and controls.
//! A fix is safe (applied by `--fix`) when every fixed byte stands verbatim in the file (not
//! written through a character reference or an escape, in a UTF-8 file read without loss) and
//! the fixed URL parses, with fewer errors, to the same resource: the same href once
//! percent-decoded.

use std::ops::Range;

use pegurl::ErrorCode;

use super::input::Item;
use super::outcome::{Code, Fix, Outcome};
use super::url_api::{self, Verdict};

/// The fix of each diagnostic in `raw` (same order), `None` where there is none.
pub fn fixes(
    item: &Item,
    verdict: &Verdict,
    raw: &[(Code, Range<usize>, bool, String)],
) -> Vec<Option<Fix>> {
    let mut fixes: Vec<Option<Fix>> = raw
        .iter()
        .map(|(code, span, _, _)| {
            let Code::Url(code) = code else { return None };
            replacement(*code, &item.input, span).map(|(span, replacement)| Fix {
                span,
                start: item.start,
                end: item.start,
                replacement,
                safe: false,
            })
        })
        .collect();
    if fixes.iter().all(Option::is_none) {
        return fixes;
    }
    // The file's bytes are the text's only where nothing was decoded lossily or re-encoded.
    let writable = item.text_offset != usize::MAX
        && !item
            .findings
            .iter()
            .any(|f| f.code == super::findings::OtherCode::InputInvalidUtf8);
    let verbatim = writable
        && raw
            .iter()
            .zip(&fixes)
            .all(|(_, fix)| fix.as_ref().is_none_or(|f| item.map.verbatim(&f.span)));
    let fixed = apply(
        &item.input,
        fixes
            .iter()
            .flatten()
            .map(|f| (f.span.clone(), f.replacement.as_str())),
    );
    let safe = verbatim
        && fixed.as_deref().is_some_and(|fixed| {
            let after = url_api::check(fixed, item.base.as_deref(), item.encoding);
            let before = verdict.href.as_deref().map(percent_decoded);
            after.errors.len() < verdict.errors.len()
                && after.href.as_deref().map(percent_decoded) == before
        });
    for fix in fixes.iter_mut().flatten() {
        fix.safe = safe;
    }
    fixes
}

/// `input` with each span replaced; `None` when spans overlap.
pub fn apply<'a>(
    input: &str,
    edits: impl Iterator<Item = (Range<usize>, &'a str)>,
) -> Option<String> {
    let mut edits: Vec<_> = edits.collect();
    edits.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(input.len() + 16);
    let mut at = 0;
    for (span, replacement) in edits {
        if span.start < at {
            return None;
        }
        out.push_str(input.get(at..span.start)?);
        out.push_str(replacement);
        at = span.end;
    }
    out.push_str(input.get(at..)?);
    Some(out)
}

/// The safe fixes of one item, as byte ranges of the file and their replacements.
pub fn safe_edits(item: &Item, outcome: &Outcome) -> Vec<(std::ops::Range<usize>, String)> {
    outcome
        .diagnostics
        .iter()
        .filter_map(|d| {
            let fix = d.fix.as_ref().filter(|f| f.safe)?;
            let range = item.text_range(&fix.span);
            let at = item.text_offset;
            Some((at + range.start..at + range.end, fix.replacement.clone()))
        })
        .collect()
}

/// `bytes` with the edits made (overlapping ones after the first skipped), and how many.
pub fn apply_edits(
    bytes: &[u8],
    mut edits: Vec<(std::ops::Range<usize>, String)>,
) -> (Vec<u8>, usize) {
    edits.sort_by_key(|(range, _)| (range.start, range.end));
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    let mut applied = 0;
    for (range, replacement) in edits {
        if range.start < at || range.end > bytes.len() {
            continue;
        }
        out.extend_from_slice(bytes.get(at..range.start).unwrap_or_default());
        out.extend_from_slice(replacement.as_bytes());
        at = range.end;
        applied += 1;
    }
    out.extend_from_slice(bytes.get(at..).unwrap_or_default());
    (out, applied)
}

/// The one repair of `code` at `span`, if it has one: the bytes it replaces (the span's, or
/// the whole input's when spaces and controls at both ends are one error) and what they become.
fn replacement(
    code: ErrorCode,
    input: &str,
    span: &Range<usize>,
) -> Option<(Range<usize>, String)> {
    let text = input.get(span.clone())?;
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let both_ends = input.len() > trimmed.len()
        && input.starts_with(|c: char| c <= ' ')
        && input.ends_with(|c: char| c <= ' ');
    if code == ErrorCode::InvalidUrlUnit
        && both_ends
        && (span.start == 0 || span.end == input.len())
        && text.chars().all(|c| c <= ' ')
    {
        return Some((0..input.len(), trimmed.to_owned()));
    }
    in_place(code, input, span, text).map(|replacement| (span.clone(), replacement))
}

/// The repair of `code` that replaces just the span's `text`.
fn in_place(code: ErrorCode, input: &str, span: &Range<usize>, text: &str) -> Option<String> {
    match code {
        ErrorCode::InvalidReverseSolidus if text == "\\" => Some("/".to_owned()),
        ErrorCode::InvalidUrlUnit => {
            let mut chars = text.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                // A run: leading or trailing C0 controls and spaces, trimmed by the parser.
                return text
                    .chars()
                    .all(|c| c <= ' ')
                    .then(String::new)
                    .filter(|_| span.start == 0 || span.end == input.len());
            }
            let at_edge = span.start == 0 || span.end == input.len();
            match c {
                '\t' | '\n' | '\r' => Some(String::new()),
                c if c <= ' ' && at_edge => Some(String::new()),
                // A "%" that starts no percent-encoded byte.
                '%' => Some("%25".to_owned()),
                c if c.is_ascii() => Some(format!("%{:02X}", c as u8)),
                // Non-ASCII code points are encoded by the parser with the document's encoding
                // in a query; their UTF-8 bytes are the fix only where the outcome shows so.
                c => {
                    let mut buf = [0; 4];
                    Some(
                        c.encode_utf8(&mut buf)
                            .bytes()
                            .map(|b| format!("%{b:02X}"))
                            .collect(),
                    )
                }
            }
        }
        _ => None,
    }
}

/// `s` with every %XX decoded (bytes, compared raw).
fn percent_decoded(s: &str) -> Vec<u8> {
    percent_encoding::percent_decode(s.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacements() {
        let cases: &[(ErrorCode, &str, Range<usize>, Option<&str>)] = &[
            (ErrorCode::InvalidUrlUnit, "a b", 1..2, Some("%20")),
            (ErrorCode::InvalidUrlUnit, "a%zz", 1..2, Some("%25")),
            (ErrorCode::InvalidUrlUnit, "a\tb", 1..2, Some("")),
            (ErrorCode::InvalidUrlUnit, "ab ", 2..3, Some("")),
            (
                ErrorCode::InvalidUrlUnit,
                "a\u{FFFE}",
                1..4,
                Some("%EF%BF%BE"),
            ),
            (ErrorCode::InvalidReverseSolidus, "a\\b", 1..2, Some("/")),
            (ErrorCode::PortInvalid, "a:b", 1..2, None),
        ];
        for (code, input, span, expected) in cases {
            let got = replacement(*code, input, span);
            assert_eq!(
                got.as_ref().map(|(s, _)| s),
                Some(span).filter(|_| expected.is_some())
            );
            assert_eq!(
                got.map(|(_, r)| r).as_deref(),
                *expected,
                "{code} in {input:?}"
            );
        }
        // Spaces at both ends are one error; its fix replaces the whole input with it trimmed.
        let got = replacement(ErrorCode::InvalidUrlUnit, " \tx:y ", &(0..2));
        assert_eq!(got, Some((0..6, "x:y".to_owned())));
    }
}
