//! The path productions: the [path start state](https://url.spec.whatwg.org/#path-start-state),
//! the [path state](https://url.spec.whatwg.org/#path-state) and the
//! [opaque path state](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state).

use alloc::vec::Vec;
#[cfg(all(test, feature = "std"))]
use core::cell::Cell;
use core::ops::Range;

use super::errors::Appended;
use super::url::{is_normalized_windows_drive_letter, is_windows_drive_letter};
use super::{span, Builder, Node};
use crate::error::{ErrorCode, ParseError};
use crate::generated::Steps;
use crate::grammar::{Production, Productions};
use crate::tables::Set;

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// `special_path`: the path after a special URL's host. The path start state reads the
    /// end of input, "?" or "#" as the empty segment.
    pub(super) fn special_path(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let empty = node.as_str().is_empty();
        self.path(node)?;
        if empty && self.out.path_is_empty() {
            self.push_segment("");
        }
        Ok(())
    }

    /// Every path production (`special_path`, `special_path_absolute`, `special_path_relative`,
    /// `path`, `path_absolute`, `path_relative`): its segments, in the path state.
    pub(super) fn path(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        // No path makes a parse fail.
        if self.outcome_only {
            return Ok(());
        }
        let within = self.production(&node).unwrap_or(Production::Path);
        match self.path_steps(&node) {
            None => {
                // The segments, end of input left out.
                let segments = node
                    .children()
                    .filter(|n| n.production() != Some(Production::Eoi))
                    .map(|n| (n.production(), n.span()));
                self.segment_leaves(within, segments)
            }
            Some(mut steps) => {
                let segments = steps.by_ref().map(|(p, at)| (Some(p), at));
                self.segment_leaves(within, segments)?;
                if steps.end() != Some(node.span().end) {
                    return Err(self.unexpected(within, span(&node)));
                }
                Ok(())
            }
        }
    }

    /// Whether the path state must look at each segment of a row of them (a
    /// `special_path_segment`, `path_segment`, `special_setter_segment` or `setter_segment` may
    /// hold several): when "/" is in the path
    /// percent-encode set, so that the "/" between segments is written apart from what is
    /// encoded, or when it is not a URL code point and errors are asked for, so that it is not
    /// reported. Neither is so with the standard's sets.
    fn segment_by_segment(&self) -> bool {
        self.table(Set::Path).contains('/')
            || (self.wants_errors() && !self.table(Set::UrlCodePoint).contains('/'))
    }

    /// The segment leaves of a path production (`within`) in the path state: as they are, or
    /// each row read again one segment to a leaf when the path state must look at each
    /// ([`Builder::segment_by_segment`]).
    #[inline(always)]
    fn segment_leaves(
        &mut self,
        within: Production,
        leaves: impl Iterator<Item = (Option<Production>, Range<usize>)>,
    ) -> Result<(), ParseError> {
        if self.segment_by_segment() {
            return self.path_segment_by_segment(within, leaves.collect());
        }
        self.path_segments(within, leaves)
    }

    /// The path state on `leaves`, each row of segments read again one segment to a leaf, by
    /// the grammar's `special_path_segment_by_segment`, `path_segment_by_segment`,
    /// `special_setter_segment_by_segment` or `setter_segment_by_segment` (see
    /// [`Builder::segment_by_segment`]).
    #[cold]
    fn path_segment_by_segment(
        &mut self,
        within: Production,
        leaves: Vec<(Option<Production>, Range<usize>)>,
    ) -> Result<(), ParseError> {
        let mut segments = Vec::with_capacity(leaves.len());
        for (production, at) in leaves {
            let entry = match production {
                Some(Production::SpecialPathSegment) => Production::SpecialPathSegmentBySegment,
                Some(Production::PathSegment) => Production::PathSegmentBySegment,
                Some(Production::SpecialSetterSegment) => Production::SpecialSetterSegmentBySegment,
                Some(Production::SetterSegment) => Production::SetterSegmentBySegment,
                _ => {
                    segments.push((production, at));
                    continue;
                }
            };
            let text = self.text;
            let Some(tree) = self.source.parse(entry, &text[at.clone()], false) else {
                return Err(self.unexpected(entry, at));
            };
            // The segments read must be the whole row, one after the other.
            let mut end = at.start;
            for single in tree.root().children() {
                if single.production() == Some(Production::Eoi) {
                    continue;
                }
                let span = at.start + single.span().start..at.start + single.span().end;
                if span.start != end {
                    return Err(self.unexpected(entry, at));
                }
                end = span.end;
                segments.push((single.production(), span));
            }
            if end != at.end || end == at.start {
                return Err(self.unexpected(entry, at));
            }
        }
        self.path_segments(within, segments.into_iter())
    }

    /// The segments of a path production (`within`) in the path state, each a production (None
    /// for a rule the builder does not know) and its span.
    #[inline(always)]
    fn path_segments(
        &mut self,
        within: Production,
        segments: impl Iterator<Item = (Option<Production>, Range<usize>)>,
    ) -> Result<(), ParseError> {
        // Each segment is seen with whether another follows.
        let mut segments = segments.peekable();
        // Segments in a row that open with "/" and are appended as they are: their span,
        // written with one percent-encode when the row ends. Only when "/" is not in the path
        // percent-encode set (as in the standard's): the "/" between segments is the path's
        // serialization, which no grammar's set encodes.
        let mut row: Option<Range<usize>> = None;
        let rows = !self.table(Set::Path).contains('/');
        // A row's code points are checked at once when "/" is a URL code point (as in the
        // standard's sets: the check then finds what it finds in each segment), else each
        // segment's as it joins the row (asked only when someone listens).
        let check_each = self.wants_errors() && !self.table(Set::UrlCodePoint).contains('/');
        while let Some((production, at)) = segments.next() {
            let Some(p) = production else {
                return Err(self.unexpected(within, at));
            };
            let text = &self.text[at.clone()];
            // The buffer, and whether "/" or "\" opens the segment.
            let (content, opened_by_slash, opened_by_backslash) = match p {
                Production::SpecialPathSegment
                | Production::PathSegment
                | Production::SpecialSinglePathSegment
                | Production::SinglePathSegment
                | Production::SpecialSetterSegment
                | Production::SetterSegment
                | Production::SpecialSingleSetterSegment
                | Production::SingleSetterSegment => {
                    // The segment's leaf opens with the slash the grammar matched: "/", or
                    // "\" for a special URL. Any other opening is a grammar the builder does
                    // not know.
                    if let Some(content) = text.strip_prefix('/') {
                        (content, true, false)
                    } else if let Some(content) = text.strip_prefix('\\') {
                        (content, false, true)
                    } else {
                        return Err(self.unexpected(within, at));
                    }
                }
                // A first segment no slash opens (the path start state's "/" or "\", when the
                // value has one, opens a segment as any other).
                Production::SpecialFirstSegment
                | Production::FirstSegment
                | Production::SpecialSetterFirstSegment
                | Production::SetterFirstSegment => (text, false, false),
                _ => return Err(self.unexpected(within, at)),
            };
            // A pending row means the path is not empty.
            let kind = self.segment_kind(content, row.is_some());
            if kind == Segment::AsItIs && opened_by_slash && rows {
                // The "/" and the content as they are in the input: the row grows.
                if check_each {
                    self.url_units(content, at.end - content.len());
                }
                row = Some(row.map_or(at.clone(), |r| r.start..at.end));
                continue;
            }
            self.end_row(row.take(), !check_each);
            // "If url is special and c is U+005C (\), invalid-reverse-solidus validation
            // error." (The path state's, or the path start state's for the "\" that opens a
            // path: "If url is special, then: If c is U+005C (\), invalid-reverse-solidus
            // validation error.")
            if opened_by_backslash && self.special() {
                self.report(ErrorCode::InvalidReverseSolidus, at.start..at.start + 1);
            }
            // A segment is followed by a slash when another segment follows it in the path.
            let followed_by_slash = segments.peek().is_some();
            self.path_segment(content, at.end - content.len(), kind, followed_by_slash);
        }
        self.end_row(row, !check_each);
        Ok(())
    }

    /// The steps through the segments of a path production's node, when the tree is an outline
    /// that leaves it empty (see [`Productions::outline_steps`]); None when the tree holds them.
    pub(super) fn path_steps(&self, node: &Node<'_>) -> Option<Steps<'i>> {
        if !self.outline_asked {
            return None;
        }
        self.source
            .outline_steps(node.production()?, self.text, node.span().start)
    }

    /// What the path state does with a segment whose buffer is `content`; `row_pending` when
    /// segments are waiting to be written (so the path is not empty).
    fn segment_kind(&self, content: &str, row_pending: bool) -> Segment {
        // The usual segment fails the first test and is not looked at again for dots.
        let dot = may_be_dot_segment(content);
        if dot && is_double_dot_segment(content) {
            Segment::DoubleDot
        } else if dot && is_single_dot_segment(content) {
            Segment::SingleDot
        } else if self.file()
            && !row_pending
            && self.out.path_is_empty()
            && is_windows_drive_letter(content)
        {
            Segment::DriveLetter
        } else {
            Segment::AsItIs
        }
    }

    /// Appends a row of segments appended as they are, each "/" and its content, with one
    /// percent-encode ("/" is not in the path percent-encode set).
    ///
    /// When `check`, the row's code points are checked as they are encoded, as each segment's
    /// would be as it is appended to buffer ("/" being a URL code point).
    #[inline(always)]
    fn end_row(&mut self, row: Option<Range<usize>>, check: bool) {
        if let Some(row) = row {
            let text = &self.text[row.clone()];
            self.append_encoded(Appended::Path, text, row.start, Set::Path, check);
        }
    }

    /// One segment of the path state, whose buffer is `content` (at `start`), of `kind`. Every
    /// code point is checked for an invalid URL unit as it is appended to buffer: as it is
    /// percent-encoded, for a segment appended as it is.
    fn path_segment(
        &mut self,
        content: &str,
        start: usize,
        kind: Segment,
        followed_by_slash: bool,
    ) {
        if kind != Segment::AsItIs {
            self.url_units(content, start);
        }
        match kind {
            Segment::DoubleDot => {
                // "If buffer is a double-dot URL path segment, then: Shorten url's path. If
                // neither c is U+002F (/), nor url is special and c is U+005C (\), append the
                // empty string to url's path."
                self.shorten_path();
                if !followed_by_slash {
                    self.push_segment("");
                }
            }
            Segment::SingleDot => {
                // "Otherwise, if buffer is a single-dot URL path segment and if neither c is
                // U+002F (/), nor url is special and c is U+005C (\), append the empty string
                // to url's path."
                if !followed_by_slash {
                    self.push_segment("");
                }
            }
            Segment::DriveLetter => {
                // "If url's scheme is "file", url's path is empty, and buffer is a Windows
                // drive letter, then replace the second code point in buffer with U+003A (:)."
                self.out.segment(|out| {
                    out.push_str(&content[..1]);
                    out.push(':');
                });
            }
            Segment::AsItIs => {
                // "UTF-8 percent-encode c using the path percent-encode set and append the
                // result to buffer." "Append buffer to url's path."
                self.append_encoded(Appended::Segment, content, start, Set::Path, true);
            }
        }
    }

    /// `opaque_path`: UTF-8 percent-encoded with the C0 control percent-encode set; a space
    /// just before "?" or "#" becomes "%20".
    pub(super) fn opaque_path(&mut self, node: Node<'_>) {
        if self.outcome_only {
            return;
        }
        let (text, start) = (node.as_str(), span(&node).start);
        // The leaf ends where "?" or "#" (or the end of input) follows.
        let before_query_or_fragment = span(&node).end < self.text.len();
        // Each code point is checked as it is appended to url's path, as it is encoded.
        self.append_encoded(Appended::OpaquePath, text, start, Set::C0Control, true);
        // "If remaining starts with U+003F (?) or U+0023 (#), then append "%20" to url's path.
        // Otherwise, append U+0020 SPACE to url's path." (The text's last code point is the last
        // written: a space as it is, unless the set encoded it.)
        if before_query_or_fragment && text.ends_with(' ') {
            self.out.opaque_path(|out| {
                if out.ends_with(' ') {
                    out.pop();
                    out.push_str("%20");
                }
            });
        }
    }

    /// Appends a segment (already encoded) to the path.
    pub(super) fn push_segment(&mut self, segment: &str) {
        self.out.segment(|out| out.push_str(segment));
    }

    /// [Shorten a URL's path](https://url.spec.whatwg.org/#shorten-a-urls-path).
    pub(super) fn shorten_path(&mut self) {
        // "If url's scheme is "file", path's size is 1, and path[0] is a normalized Windows drive
        // letter, then return."
        let path = self.out.path_str();
        let only_a_drive_letter = path
            .strip_prefix('/')
            .is_some_and(is_normalized_windows_drive_letter);
        if self.file() && only_a_drive_letter {
            return;
        }
        // "Remove path's last item, if any."
        self.out.remove_last_segment();
    }

    /// Closes the path (the writer adds the serializer's "/." where the path needs it).
    pub(super) fn end_of_path(&mut self) {
        self.out.end_path();
    }
}

/// From this many bytes of input on, a parse that writes the path reads it from an outline, a
/// segment at a time (see [`crate::generated::Steps`]). A whole tree holds a 16-byte token per
/// segment leaf (each row of segments appended as they are, and each segment the path state
/// looks at: a dot segment, one opened by "\"): for a long path of short such leaves, up to
/// eight times the input, which then is out of the processor's caches and fresh memory at each
/// parse; a leaf matched when it is read is in them, but each step costs a call. Measured with
/// `benches/parse.rs`' `long_url` path shape (one-letter segments, each a leaf before rows
/// were) at more sizes than it has, 2026-11-26: the whole tree 3.5 ms for 1 MiB and 18.5 ms for
/// 2 MiB, the steps 5.0 ms and 10.1 ms. Where the whole tree falls out of the
/// caches depends on their size; from 1 MiB on, the time per byte stays bounded on a machine
/// with smaller caches too, at the cost of 40% on a path of 1 to 2 MiB on this one.
const STEP_PATHS_FROM: usize = 1 << 20;

/// Whether a parse of `text` that writes the path reads it from an outline.
pub(crate) fn steps_paths(text: &str) -> bool {
    #[cfg(all(test, feature = "std"))]
    if let Some(steps) = STEP_PATHS.with(Cell::get) {
        return steps;
    }
    text.len() >= STEP_PATHS_FROM
}

#[cfg(all(test, feature = "std"))]
thread_local! {
    /// Whether every parse on this thread reads its path from an outline (Some(true)) or from
    /// the whole tree (Some(false)), whatever the input's length: for the tests that hold the
    /// two to each other.
    pub(crate) static STEP_PATHS: Cell<Option<bool>> = const { Cell::new(None) };
}

/// What the path state does with a segment.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Segment {
    /// Shortens the path.
    DoubleDot,
    /// Adds nothing (or the empty segment at the end).
    SingleDot,
    /// A file URL's drive letter, "C|" written "C:".
    DriveLetter,
    /// Appended as it is, percent-encoded.
    AsItIs,
}

/// A [single-dot URL path segment](https://url.spec.whatwg.org/#single-dot-path-segment).
pub(super) fn is_single_dot_segment(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// Whether `s` may be a single-dot or double-dot segment: it opens with "." or "%" and has at
/// most six bytes (a first test that the usual segment fails).
#[inline]
pub(super) fn may_be_dot_segment(s: &str) -> bool {
    s.len() <= 6 && matches!(s.as_bytes().first(), Some(b'.' | b'%'))
}

/// A [double-dot URL path segment](https://url.spec.whatwg.org/#double-dot-path-segment).
pub(super) fn is_double_dot_segment(s: &str) -> bool {
    // ".." with each "." possibly spelled "%2e" in either case: two single-dot segments.
    let dot = |b: &[u8]| b == b"." || b.eq_ignore_ascii_case(b"%2e");
    let b = s.as_bytes();
    match b.len() {
        2 => b == b"..",
        4 => (dot(&b[..1]) && dot(&b[1..])) || (dot(&b[..3]) && dot(&b[3..])),
        6 => dot(&b[..3]) && dot(&b[3..]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "std")]
    use alloc::string::String;

    /// The path segments' leaves of the tree of `input` (a traced parse reads the tree), each
    /// as its rule's name and text.
    #[cfg(feature = "std")]
    fn segment_leaves(input: &str) -> Vec<(String, String)> {
        fn walk(tree: &crate::grammar::Tree, out: &mut Vec<(String, String)>) {
            if tree.rule.ends_with("path_segment") {
                out.push((tree.rule.clone(), tree.text.clone()));
            }
            for child in &tree.children {
                walk(child, out);
            }
        }
        let mut trees = Vec::new();
        crate::Url::options()
            .trace(&mut trees)
            .parse(input)
            .expect("parses");
        let mut out = Vec::new();
        for tree in &trees {
            walk(tree, &mut out);
        }
        out
    }

    /// A row of segments that the path state appends as they are is one leaf; a dot segment, a
    /// segment opened by "\" and a first segment that is a drive letter are leaves of their own.
    #[test]
    #[cfg(feature = "std")]
    fn a_row_of_segments_is_one_leaf_and_what_the_path_state_looks_at_is_apart() {
        let special = |texts: &[&str]| -> Vec<(String, String)> {
            texts
                .iter()
                .map(|t| ("special_path_segment".into(), (*t).into()))
                .collect()
        };
        assert_eq!(segment_leaves("HTTP://h/a/b/c?q"), special(&["/a/b/c"]));
        assert_eq!(
            segment_leaves("http://h/a/b/../c/./d\\e/f//g"),
            special(&["/a/b", "/..", "/c", "/.", "/d", "\\e", "/f//g"])
        );
        assert_eq!(
            segment_leaves("http://h/a/%2E%2e/.b/..c/%2e."),
            special(&["/a", "/%2E%2e", "/.b/..c", "/%2e."])
        );
        assert_eq!(segment_leaves("file:///C:/a/b"), special(&["/C:", "/a/b"]));
        assert_eq!(segment_leaves("file:///x/C|/y"), special(&["/x/C|/y"]));
        assert_eq!(
            segment_leaves("file:///./c|/y"),
            special(&["/.", "/c|", "/y"])
        );
        let plain = |texts: &[&str]| -> Vec<(String, String)> {
            texts
                .iter()
                .map(|t| ("path_segment".into(), (*t).into()))
                .collect()
        };
        assert_eq!(
            segment_leaves("foo://h/a/b/./c\\d/%2e%2E/e"),
            plain(&["/a/b", "/.", "/c\\d", "/%2e%2E", "/e"])
        );
        assert_eq!(segment_leaves("foo://h/C:/x"), plain(&["/C:/x"]));
        // And what the rows are written as.
        let href = |input: &str| crate::Url::parse(input).map(|u| String::from(u.as_str()));
        assert_eq!(
            href("http://h/a/b/../c/./d\\e/f//g").as_deref(),
            Ok("http://h/a/c/d/e/f//g")
        );
        assert_eq!(href("file:///./c|/y").as_deref(), Ok("file:///c:/y"));
    }

    /// The leaves of the pathname setter's rule `entry` on `value`, each as its rule's name and
    /// text.
    fn setter_leaves(entry: Production, value: &str) -> Vec<(String, String)> {
        use crate::generated::Generated;
        let matched = Generated.parse(entry, value, false).expect("matches");
        let root = matched.root();
        let leaves = root.children();
        leaves
            .filter(|n| n.production() != Some(Production::Eoi))
            .map(|n| {
                let name = n.production().map_or("?", Production::name);
                (String::from(name), String::from(n.as_str()))
            })
            .collect()
    }

    /// The pathname setter's value has rows as a path has: a row of segments the path state
    /// appends as they are is one leaf, opened by the path start state's "/" when the value
    /// starts with one; a dot segment, a segment opened by "\" and a drive letter that opens
    /// the path are leaves of their own. A value no slash opens has a first segment apart.
    #[test]
    fn a_setter_value_has_rows_as_a_path_has() {
        let leaves = |rule: &str, texts: &[&str]| -> Vec<(String, String)> {
            texts.iter().map(|t| (rule.into(), (*t).into())).collect()
        };
        let special = |value| setter_leaves(Production::SetSpecialPathname, value);
        let segment = "special_setter_segment";
        assert_eq!(special("/a/b/c?q#f"), leaves(segment, &["/a/b/c?q#f"]));
        assert_eq!(
            special("/d/e/../f/./g\\h/i"),
            leaves(segment, &["/d/e", "/..", "/f", "/.", "/g", "\\h", "/i"])
        );
        // "?" and "#" are path code points here: "..?" is no dot segment, yet the grammar's
        // dot segment ends at them, and so leaves it out of the row for the builder to look at.
        assert_eq!(special("/a/..?/b"), leaves(segment, &["/a", "/..?", "/b"]));
        assert_eq!(special("/C:/x/y"), leaves(segment, &["/C:", "/x/y"]));
        assert_eq!(special("\\x"), leaves(segment, &["\\x"]));
        let mut first = leaves("special_setter_first_segment", &["a"]);
        first.extend(leaves(segment, &["/b/c"]));
        assert_eq!(special("a/b/c"), first);
        assert_eq!(special(""), leaves("special_setter_first_segment", &[""]));
        let plain = |value| setter_leaves(Production::SetPathname, value);
        let segment = "setter_segment";
        assert_eq!(
            plain("/a/b/%2e/c\\d?#"),
            leaves(segment, &["/a/b", "/%2e", "/c\\d?#"])
        );
        let mut first = leaves("setter_first_segment", &["a"]);
        first.extend(leaves(segment, &["/b", "/.."]));
        assert_eq!(plain("a/b/.."), first);
        // And what the rows are written as.
        let set = |url: &str, value: &str| {
            let mut url = crate::Url::parse(url).expect("parses");
            crate::quirks::set_pathname(&mut url, value).expect("a path");
            String::from(url.as_str())
        };
        assert_eq!(
            set("http://h/p?q", "/d/e/../f/./g\\h/i"),
            "http://h/d/f/g/h/i?q"
        );
        assert_eq!(set("http://h/p", "/a/..?/b"), "http://h/a/..%3F/b");
        assert_eq!(set("file:///p", "/C|/x/../y"), "file:///C:/y");
        assert_eq!(set("file:///p", "/../c|/x"), "file:///c:/x");
        assert_eq!(set("foo://h/p", "a/b/.."), "foo://h/a/");
        assert_eq!(set("foo:/p", "/.//x"), "foo:/.//x");
    }

    #[test]
    fn dot_segments_in_every_spelling() {
        for s in [".", "%2e", "%2E"] {
            assert!(is_single_dot_segment(s), "{s}");
        }
        for s in ["..", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_double_dot_segment(s), "{s}");
        }
        for s in ["...", "%2e%2e%2e", "a", "", "é%2", "%2é", ".%2f", "%2e%2f"] {
            assert!(
                !is_single_dot_segment(s) && !is_double_dot_segment(s),
                "{s}"
            );
        }
    }
}
