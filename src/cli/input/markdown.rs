//! CommonMark documents (pulldown-cmark, with source ranges): the destinations of inline links
//! and images, autolinks, and link reference definitions (a reference link's URL is its
//! definition's, reported once there), and the URL attributes of HTML blocks and inline HTML
//! (read by the HTML reader). Backslash escapes and character references are mapped back to the
//! source.

use std::sync::Arc;

use pulldown_cmark::{Event, LinkType, Parser, Tag, TagEnd};

use super::{Cursor, Item, OffsetMap};

/// The URLs of the Markdown document `text`, in document order.
pub fn read(file: &Arc<str>, text: &str) -> Vec<Item> {
    let parser = Parser::new(text);
    // (where the destination starts in `text`, the destination as CommonMark reads it)
    let mut found: Vec<(usize, String)> = parser
        .reference_definitions()
        .iter()
        .filter_map(|(_, def)| {
            let at = definition_destination(text, def.span.clone())?;
            Some((at, def.dest.to_string()))
        })
        .collect();
    // Links open and close; the last inner event's end is where the link text stops.
    let mut open: Vec<(LinkType, String, usize, usize)> = Vec::new();
    // HTML blocks (whole) and inline HTML, read as HTML.
    let mut html: Vec<std::ops::Range<usize>> = Vec::new();
    let mut in_html_block = false;
    for (event, range) in parser.into_offset_iter() {
        match event {
            Event::Start(Tag::HtmlBlock) => {
                in_html_block = true;
                html.push(range);
            }
            Event::End(TagEnd::HtmlBlock) => in_html_block = false,
            Event::InlineHtml(_) => html.push(range),
            Event::Html(_) if in_html_block => {}
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                let text_start = range.start + text.get(range.clone()).map_or(1, bracket_len);
                open.push((link_type, dest_url.to_string(), range.start, text_start));
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let Some((link_type, dest, start, inner_end)) = open.pop() else {
                    continue;
                };
                let at = match link_type {
                    LinkType::Inline => inline_destination(text, inner_end, range.end),
                    LinkType::Autolink => Some(start + 1),
                    _ => None,
                };
                found.extend(at.map(|at| (at, dest)));
            }
            _ => {
                if let Some(last) = open.last_mut() {
                    last.3 = last.3.max(range.end);
                }
            }
        }
    }
    found.sort_by_key(|(at, _)| *at);
    let text_arc: Arc<str> = Arc::from(text);
    let html_items = super::html::fragments(file, &text_arc, &html, 0);
    let mut cursor = Cursor::start();
    let mut items = Vec::with_capacity(found.len());
    for (at, dest) in found {
        let raw = raw_destination(text.get(at..).unwrap_or_default());
        let map = OffsetMap::aligned(at, raw, &dest, escape_len);
        let place = cursor.advance(text, at);
        let mut item = Item::whole(file.clone(), "", 1, 0);
        item.text = text_arc.clone();
        item.start = place;
        item.input = dest;
        item.map = map;
        items.push(item);
    }
    items.extend(html_items);
    items.sort_by_key(|item| item.map.start());
    items
}

/// `[` or `![`: the bytes before a link's text.
fn bracket_len(link: &str) -> usize {
    if link.starts_with('!') {
        2
    } else {
        1
    }
}

/// Where an inline link's destination starts: after the `](` that follows the link text, its
/// spaces, and a `<`.
fn inline_destination(text: &str, inner_end: usize, end: usize) -> Option<usize> {
    let rest = text.get(inner_end..end)?;
    let open = rest.find("](")? + 2;
    Some(inner_end + open + destination_prefix(rest.get(open..)?))
}

/// Where a link reference definition's destination starts: after `]:`, spaces (one line break
/// among them) and a `<`.
fn definition_destination(text: &str, span: std::ops::Range<usize>) -> Option<usize> {
    let def = text.get(span.clone())?;
    let bytes = def.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        match bytes.get(i) {
            Some(b'\\') => i += 2,
            Some(b']') if bytes.get(i + 1) == Some(&b':') => {
                let after = def.get(i + 2..)?;
                return Some(span.start + i + 2 + destination_prefix(after));
            }
            _ => i += 1,
        }
    }
    None
}

/// The spaces, line break and `<` before a destination.
fn destination_prefix(rest: &str) -> usize {
    let spaces = rest.len() - rest.trim_start().len();
    spaces + usize::from(rest.get(spaces..).is_some_and(|r| r.starts_with('<')))
}

/// The destination's raw text: up to a `>`, space or line break (a bare destination may hold
/// balanced parentheses; the closing one is then the end).
fn raw_destination(rest: &str) -> &str {
    let mut depth = 0usize;
    let mut end = rest.len();
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match c {
            '\\' => escaped = true,
            '(' => depth += 1,
            ')' if depth == 0 => {
                end = i;
                break;
            }
            ')' => depth -= 1,
            '>' | ' ' | '\t' | '\n' | '\r' => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    rest.get(..end).unwrap_or(rest)
}

/// A backslash escape of ASCII punctuation, or a character reference.
fn escape_len(rest: &str) -> Option<usize> {
    if let Some(body) = rest.strip_prefix('\\') {
        return body
            .bytes()
            .next()
            .filter(u8::is_ascii_punctuation)
            .map(|_| 2);
    }
    super::html::reference_len(rest).filter(|_| rest.starts_with('&'))
}
