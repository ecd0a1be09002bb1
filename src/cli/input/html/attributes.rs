//! Which attributes hold URLs (HTML Standard, "Attributes" index, 2026), what their values must
//! be, and the srcset microsyntax.

use std::ops::Range;

use crate::cli::findings::OtherCode;

/// What an attribute's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A valid URL potentially surrounded by spaces.
    Url,
    /// A valid non-empty URL potentially surrounded by spaces.
    NonEmptyUrl,
    /// A set of space-separated tokens, each a valid non-empty URL (`ping`, `itemtype`).
    Tokens,
    /// Image candidate strings separated by commas (`srcset`, `imagesrcset`).
    Srcset,
}

/// The kind of `element`'s `attribute` value when it is a URL (names in lowercase, as the
/// tokenizer gives them).
pub fn url_attribute(element: &str, attribute: &str) -> Option<ValueKind> {
    use ValueKind::*;
    let kind = match (attribute, element) {
        ("href", "a" | "area" | "base") => Url,
        ("href", "link") => NonEmptyUrl,
        (
            "src",
            "img" | "script" | "iframe" | "embed" | "audio" | "video" | "source" | "track"
            | "input",
        ) => NonEmptyUrl,
        ("srcset", "img" | "source") | ("imagesrcset", "link") => Srcset,
        ("action", "form") | ("formaction", "button" | "input") => NonEmptyUrl,
        ("cite", "blockquote" | "q" | "del" | "ins") => Url,
        ("poster", "video") | ("data", "object") | ("manifest", "html") => NonEmptyUrl,
        ("ping", "a" | "area") => Tokens,
        ("itemtype", _) => Tokens,
        ("itemid", _) => Url,
        _ => return None,
    };
    Some(kind)
}

/// One image candidate: its URL's bytes in the attribute value, and what is wrong around it.
pub struct Candidate {
    /// The URL's bytes in the value.
    pub url: Range<usize>,
    /// Problems of the candidate's syntax.
    pub problems: Vec<OtherCode>,
}

/// The image candidates of a srcset value, by the steps of
/// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute (URLs and where
/// they are; descriptors are skipped, not checked).
pub fn srcset_candidates(value: &str) -> Vec<Candidate> {
    let bytes = value.as_bytes();
    let mut candidates = Vec::new();
    let mut position = 0;
    let mut first = true;
    // Whether the last candidate's own comma was read (so a comma now is an empty candidate).
    let mut separated = false;
    loop {
        // "Collect a sequence of code points that are ASCII whitespace or U+002C COMMA."
        let mut commas = 0;
        while let Some(&b) = bytes.get(position) {
            if b == b',' {
                commas += 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            position += 1;
        }
        let mut problems = Vec::new();
        if commas > 0 && (first || separated || commas > 1) {
            problems.push(OtherCode::HtmlSrcsetEmptyCandidate);
        }
        if position >= bytes.len() {
            if let (Some(last), false) = (candidates.last_mut(), problems.is_empty()) {
                let last: &mut Candidate = last;
                last.problems.extend(problems);
            }
            break;
        }
        first = false;
        // "Collect a sequence of code points that are not ASCII whitespace: url."
        let start = position;
        while bytes
            .get(position)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            position += 1;
        }
        let mut end = position;
        // "If url ends with U+002C (,), remove all trailing commas; more than one is an error."
        let mut trailing = 0;
        while end > start && bytes.get(end - 1) == Some(&b',') {
            end -= 1;
            trailing += 1;
        }
        if trailing > 1 || end == start {
            problems.push(OtherCode::HtmlSrcsetEmptyCandidate);
        }
        separated = trailing > 0;
        if trailing == 0 {
            // The descriptors run to the next comma outside parentheses.
            let mut in_parens = false;
            while let Some(&b) = bytes.get(position) {
                position += 1;
                match b {
                    b'(' => in_parens = true,
                    b')' => in_parens = false,
                    b',' if !in_parens => {
                        separated = true;
                        break;
                    }
                    _ => {}
                }
            }
        }
        if end > start {
            candidates.push(Candidate {
                url: start..end,
                problems,
            });
        }
    }
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(value: &str) -> Vec<&str> {
        srcset_candidates(value)
            .iter()
            .map(|c| &value[c.url.clone()])
            .collect()
    }

    #[test]
    fn srcset_candidates_split_at_commas_outside_descriptors() {
        assert_eq!(urls("a.png 1x, b c.png 2x"), ["a.png", "b"]);
        assert_eq!(
            urls(" a.png, b.png 2x,\n c.png 100w"),
            ["a.png", "b.png", "c.png"]
        );
        // A comma inside the URL is the URL's: only trailing commas end it.
        assert_eq!(urls("a.png,b.png"), ["a.png,b.png"]);
        assert_eq!(urls("a.png (x, y), b.png"), ["a.png", "b.png"]);
    }

    #[test]
    fn srcset_empty_candidates_are_flagged() {
        let candidates = srcset_candidates(",a.png 1x,, b.png 2x");
        assert_eq!(candidates.len(), 2);
        assert!(candidates.iter().all(|c| !c.problems.is_empty()));
    }
}
