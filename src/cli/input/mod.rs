//! What `pegurl check` reads: one file per input kind (a list of URLs, JSON lines, HTML,
//! Markdown). Each kind turns its input into [`Item`]s: one URL as the parser sees it, where it
//! sits in the document, and how offsets in the URL map back to the document's text (through
//! character references, escapes and trimmed spaces).

pub mod html;
pub mod jsonl;
pub mod list;
pub mod markdown;
mod offsets;

use std::ops::Range;
use std::sync::Arc;

use pegurl::encoding_rs::Encoding;

pub use offsets::OffsetMap;

use super::findings::Finding;

/// The kinds of input, chosen by `--input-format` or by a file's extension.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// By extension: .html/.htm/.xhtml are HTML, .md/.markdown Markdown, .jsonl JSON lines,
    /// anything else (and standard input) a list.
    Auto,
    /// One URL per line (the line break, and a CR before it, are not part of the URL).
    Lines,
    /// One JSON object per line: `{"input": str, "base": str|null}`.
    Jsonl,
    /// An HTML document: every URL-valued attribute.
    Html,
    /// A CommonMark document: link and image destinations, autolinks, link reference definitions.
    Markdown,
}

impl InputFormat {
    /// The kind of the file at `path` (standard input is `-`).
    pub fn of(self, path: &str) -> InputFormat {
        if self != InputFormat::Auto {
            return self;
        }
        let extension = path
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        match extension.as_str() {
            "html" | "htm" | "xhtml" => InputFormat::Html,
            "md" | "markdown" => InputFormat::Markdown,
            "jsonl" => InputFormat::Jsonl,
            _ => InputFormat::Lines,
        }
    }
}

/// A line and a column in a document: 1-based, the column counted in Unicode characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

/// A place in a text that moves forward only: the byte offset it stands at and its line and
/// column, so that the places of a document's URLs, in order, cost the document's length once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    at: usize,
    place: Place,
}

impl Cursor {
    /// A cursor at byte `at`, whose place is `place`.
    pub fn new(at: usize, place: Place) -> Cursor {
        Cursor { at, place }
    }

    /// The start of a document: line 1, column 1.
    pub fn start() -> Cursor {
        Cursor::new(0, Place { line: 1, column: 1 })
    }

    /// Moves forward to byte `target` of `text` (a target behind the cursor leaves it where it
    /// is) and returns the place there: a line feed starts a line, any other character is a
    /// column.
    pub fn advance(&mut self, text: &str, target: usize) -> Place {
        let target = target.min(text.len());
        for c in text.get(self.at..target).unwrap_or_default().chars() {
            if c == '\n' {
                self.place.line += 1;
                self.place.column = 1;
            } else {
                self.place.column += 1;
            }
        }
        self.at = self.at.max(target);
        self.place
    }
}

/// One URL found in an input.
pub struct Item {
    /// The file ("-" for standard input, "argument N" for a command-line URL).
    pub file: Arc<str>,
    /// The text the URL was found in: the whole document, or the one line of a list.
    pub text: Arc<str>,
    /// The byte offset of `text` in the file as read (after decoding), for `--fix`.
    pub text_offset: usize,
    /// The place of `map.start()` in the document, worked out by the reader as it goes forward.
    pub start: Place,
    /// The URL as the parser sees it (references decoded, HTML's surrounding spaces trimmed).
    pub input: String,
    /// Byte offsets in `input` to byte offsets in `text`.
    pub map: OffsetMap,
    /// The base the URL is resolved against (`<base href>`, `--base`, a JSON line's own).
    pub base: Option<Arc<super::url_api::Base>>,
    /// The base as written, for reports.
    pub base_text: Option<Arc<str>>,
    /// The document's encoding, for the query.
    pub encoding: &'static Encoding,
    /// The element and attribute of a document's URL.
    pub element: Option<String>,
    /// See `element`.
    pub attribute: Option<String>,
    /// Problems the input kind found (an empty `src`, bytes that are not UTF-8), with spans in
    /// `input`.
    pub findings: Vec<Finding>,
}

impl Item {
    /// A URL that is the whole of `text` (an argument, or a line of a list).
    pub fn whole(file: Arc<str>, text: &str, line: usize, text_offset: usize) -> Item {
        Item {
            file,
            text: Arc::from(text),
            text_offset,
            start: Place { line, column: 1 },
            input: text.to_owned(),
            map: OffsetMap::identity(0),
            base: None,
            base_text: None,
            encoding: pegurl::encoding_rs::UTF_8,
            element: None,
            attribute: None,
            findings: Vec::new(),
        }
    }

    /// The places of input offsets `offsets` (sorted or not), worked out in one forward sweep
    /// from the item's start, so a long line with many errors costs its length once.
    pub fn places(&self, offsets: &[(usize, bool)]) -> Vec<Place> {
        let mut order: Vec<usize> = (0..offsets.len()).collect();
        let text_offsets: Vec<usize> = offsets
            .iter()
            .map(|&(at, is_end)| self.map.to_text(at, is_end))
            .collect();
        order.sort_by_key(|&i| text_offsets[i]);
        let mut places = vec![self.start; offsets.len()];
        let mut cursor = Cursor::new(self.map.start(), self.start);
        for i in order {
            places[i] = cursor.advance(&self.text, text_offsets[i]);
        }
        places
    }

    /// The range of `text` that input offsets `span` cover.
    pub fn text_range(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.map.to_text(span.start, false);
        let end = self.map.to_text(span.end, true).max(start);
        start..end
    }
}

/// Strips a UTF-8 byte order mark.
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}
