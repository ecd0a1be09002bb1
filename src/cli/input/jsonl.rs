//! JSON lines: one object `{"input": str, "base": str|null}` a line. Places are in the file's
//! line: the column of a URL offset counts into the JSON string as written, through its escapes.

use std::collections::BTreeMap;
use std::io;
use std::sync::Arc;

use serde_json::value::RawValue;

use super::list::Lines;
use super::{Item, OffsetMap, Place};
use crate::cli::findings::{Finding, OtherCode};

/// Up to `max` more URLs of a JSON lines file. A line that is not such an object is an error
/// naming its line.
pub fn next_chunk(lines: &mut Lines, max: usize) -> io::Result<Vec<Item>> {
    let mut items = Vec::new();
    while items.len() < max {
        let Some(line) = lines.next_line()? else {
            break;
        };
        if line.text.trim().is_empty() {
            continue;
        }
        let mut item = item(&lines.file, &line.text, line.number).map_err(|e| {
            let at = format!("{}:{}", lines.file, line.number);
            io::Error::new(io::ErrorKind::InvalidData, format!("{at}: {e}"))
        })?;
        item.text_offset = line.offset;
        if line.invalid_utf8_at.is_some() {
            item.findings.push(Finding {
                code: OtherCode::InputInvalidUtf8,
                span: 0..0,
            });
        }
        items.push(item);
    }
    Ok(items)
}

/// The input and base of one line, `{"input": str, "base": str|null}`.
pub fn input_and_base(line: &str) -> Result<(String, Option<String>), String> {
    fields(line).map(|(_, input, base)| (input, base))
}

/// The raw JSON of a line's input string, the input decoded and the base.
fn fields(line: &str) -> Result<(&str, String, Option<String>), String> {
    let fields: BTreeMap<String, &RawValue> =
        serde_json::from_str(line).map_err(|e| e.to_string())?;
    let raw = fields
        .get("input")
        .map(|v| v.get())
        .ok_or("expected an object with a string \"input\"")?;
    let input: String =
        serde_json::from_str(raw).map_err(|_| "\"input\" must be a string".to_owned())?;
    let base: Option<String> = match fields.get("base") {
        None => None,
        Some(v) => serde_json::from_str(v.get())
            .map_err(|_| "\"base\" must be a string or null".to_owned())?,
    };
    Ok((raw, input, base))
}

/// The item of one line: the input decoded, its offsets mapped into the JSON string.
fn item(file: &Arc<str>, line: &str, number: usize) -> Result<Item, String> {
    let (raw, input, base) = fields(line)?;
    // The raw value is a slice of `line`; the string's text starts after its quote.
    let value_start = (raw.as_ptr() as usize).saturating_sub(line.as_ptr() as usize) + 1;
    let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or_default();
    let map = OffsetMap::aligned(value_start, inner, &input, json_escape_len);
    let column = line.get(..value_start).map_or(1, |s| s.chars().count() + 1);
    let mut item = Item::whole(file.clone(), line, number, 0);
    item.text = Arc::from(line);
    item.start = Place {
        line: number,
        column,
    };
    item.input = input;
    item.map = map;
    item.base_text = base.map(Arc::from);
    Ok(item)
}

/// The length of the JSON escape at the start of `rest`: `\uXXXX` (twice for a surrogate pair)
/// or a backslash and one character.
fn json_escape_len(rest: &str) -> Option<usize> {
    let body = rest.strip_prefix('\\')?;
    if !body.starts_with('u') {
        return Some(2);
    }
    let high = body.get(1..5).and_then(|h| u16::from_str_radix(h, 16).ok());
    let pair = rest.get(6..8) == Some("\\u");
    match high {
        Some(0xD800..=0xDBFF) if pair => Some(12),
        _ => Some(6),
    }
}
