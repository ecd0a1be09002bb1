//! A list of URLs, one a line, read as it comes (constant memory). A UTF-8 byte order mark at the
//! start is dropped; a line that is not UTF-8 is read with U+FFFD for its bad bytes and reported
//! with its line number, and the run goes on.

use std::io::{self, BufRead};
use std::sync::Arc;

use super::Item;
use crate::cli::findings::{Finding, OtherCode};

/// One line of a file, decoded.
pub struct Line {
    /// From 1.
    pub number: usize,
    /// The byte offset of the line in the file.
    pub offset: usize,
    /// The text, without the line break (and a CR before it), and without a BOM on line 1.
    pub text: String,
    /// Where the first byte that is not UTF-8 was (its U+FFFD in `text`), if any.
    pub invalid_utf8_at: Option<usize>,
}

/// Reads a file line by line.
pub struct Lines {
    /// The file's name in reports.
    pub file: Arc<str>,
    reader: Box<dyn BufRead + Send>,
    number: usize,
    offset: usize,
    buffer: Vec<u8>,
}

impl Lines {
    /// Lines of `reader`, named `file` in reports.
    pub fn new(file: Arc<str>, reader: Box<dyn BufRead + Send>) -> Lines {
        Lines {
            file,
            reader,
            number: 0,
            offset: 0,
            buffer: Vec::new(),
        }
    }

    /// The next line, or `None` at the end.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buffer.clear();
        let read = self.reader.read_until(b'\n', &mut self.buffer)?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let offset = self.offset;
        self.offset += read;
        Ok(Some(decode_line(self.number, offset, &self.buffer)))
    }

    /// Up to `max` more lines as they are in the file, undecoded: the reading thread only
    /// splits the file, and whoever checks the lines decodes them ([`RawLines::items`]).
    pub fn next_raw(&mut self, max: usize) -> io::Result<Option<RawLines>> {
        let mut raw = RawLines {
            file: self.file.clone(),
            bytes: Vec::new(),
            first_number: self.number + 1,
            first_offset: self.offset,
        };
        for _ in 0..max {
            let read = self.reader.read_until(b'\n', &mut raw.bytes)?;
            if read == 0 {
                break;
            }
            self.number += 1;
            self.offset += read;
        }
        Ok((!raw.bytes.is_empty()).then_some(raw))
    }
}

/// Lines of a list as read from the file, each with its line break.
pub struct RawLines {
    file: Arc<str>,
    bytes: Vec<u8>,
    first_number: usize,
    first_offset: usize,
}

impl RawLines {
    /// The item of each line.
    pub fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let (mut number, mut offset) = (self.first_number, self.first_offset);
        for line in self.bytes.split_inclusive(|&b| b == b'\n') {
            items.push(item(&self.file, decode_line(number, offset, line)));
            number += 1;
            offset += line.len();
        }
        items
    }
}

/// Line `number` of a file, at byte `offset`, as read (with its line break): without the line
/// break (and a CR before it), a BOM dropped from line 1, decoded.
fn decode_line(number: usize, mut offset: usize, mut bytes: &[u8]) -> Line {
    if number == 1 {
        let without = super::strip_bom(bytes);
        offset += bytes.len() - without.len();
        bytes = without;
    }
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let (text, invalid_utf8_at) = decode_lossy(bytes);
    Line {
        number,
        offset,
        text,
        invalid_utf8_at,
    }
}

/// UTF-8 with U+FFFD for bad bytes, and where the first replacement went.
fn decode_lossy(bytes: &[u8]) -> (String, Option<usize>) {
    let mut text = String::with_capacity(bytes.len());
    let mut first_bad = None;
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            first_bad.get_or_insert(text.len());
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    (text, first_bad)
}

/// The item of one line.
fn item(file: &Arc<str>, line: Line) -> Item {
    let mut item = Item::whole(file.clone(), &line.text, line.number, line.offset);
    if let Some(at) = line.invalid_utf8_at {
        item.findings.push(Finding {
            code: OtherCode::InputInvalidUtf8,
            span: at..at + char::REPLACEMENT_CHARACTER.len_utf8(),
        });
    }
    item
}
