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
        // A buffer of the reader's at a time: its line breaks counted (a loop the compiler
        // vectorizes), taken whole while they are fewer than the lines still wanted, else up
        // to the last one wanted. Not a search per line: the reading thread is the part of
        // `pegurl check` that the workers wait for.
        let mut wanted = max;
        let mut ended = false;
        while wanted > 0 {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                ended = true;
                break;
            }
            let breaks = buffer.iter().filter(|&&b| b == b'\n').count();
            let take = if breaks < wanted {
                wanted -= breaks;
                buffer.len()
            } else {
                let mut seen = 0;
                let last = buffer.iter().position(|&b| {
                    seen += usize::from(b == b'\n');
                    seen == wanted
                });
                wanted = 0;
                last.map_or(buffer.len(), |at| at + 1)
            };
            raw.bytes.extend_from_slice(&buffer[..take]);
            self.reader.consume(take);
        }
        // Each line break ends a line; so does the end of the file after a last line without one.
        let breaks = max - wanted;
        let unfinished = ended && raw.bytes.last().is_some_and(|&b| b != b'\n');
        self.number += breaks + usize::from(unfinished);
        self.offset += raw.bytes.len();
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

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Cursor};

    use super::*;

    /// Every item of `text` as `next_raw` hands them out, `max` lines at a time, through a
    /// reader whose buffer holds `buffer` bytes: (line, offset, text, input) of each.
    fn items(text: &[u8], max: usize, buffer: usize) -> Vec<(usize, usize, String, String)> {
        let reader = BufReader::with_capacity(buffer, Cursor::new(text.to_vec()));
        let mut lines = Lines::new(Arc::from("list"), Box::new(reader));
        let mut out = Vec::new();
        while let Some(raw) = lines.next_raw(max).unwrap() {
            for item in raw.items() {
                out.push((
                    item.start.line,
                    item.text_offset,
                    item.text.to_string(),
                    item.input,
                ));
            }
        }
        out
    }

    #[test]
    fn raw_lines_are_the_lines_whatever_the_buffer_and_the_count() {
        let texts: [&[u8]; 5] = [
            b"\xef\xbb\xbfhttps://a/\r\n\nhttp://b\nc\r\nlast without a break",
            b"one\ntwo\n",
            b"\n\n\n",
            b"x",
            b"",
        ];
        for text in texts {
            // The lines one by one, each read to its line break.
            let mut reader = Cursor::new(text.to_vec());
            let (mut number, mut offset, mut expected) = (0, 0, Vec::new());
            loop {
                let mut line = Vec::new();
                let read = reader.read_until(b'\n', &mut line).unwrap();
                if read == 0 {
                    break;
                }
                number += 1;
                let raw = RawLines {
                    file: Arc::from("list"),
                    bytes: line,
                    first_number: number,
                    first_offset: offset,
                };
                offset += read;
                let item = raw.items().remove(0);
                let text = item.text.to_string();
                expected.push((item.start.line, item.text_offset, text, item.input));
            }
            for max in 1..6 {
                for buffer in [1, 2, 3, 5, 8, 64] {
                    assert_eq!(
                        items(text, max, buffer),
                        expected,
                        "{text:?} {max} {buffer}"
                    );
                }
            }
        }
        let lines = items(texts[0], 2, 3);
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[4].0, 5);
        assert_eq!(lines[4].3, "last without a break");
        assert_eq!(items(texts[2], 2, 1).len(), 3);
    }
}
