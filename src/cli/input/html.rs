//! HTML documents: every URL-valued attribute the HTML Standard defines, found with html5gum's
//! WHATWG tokenizer (byte spans of attribute values in the source; character references
//! decoded, their offsets mapped back here). The document's encoding (BOM, `--encoding`, then
//! `<meta charset>`) decodes it and encodes queries; `<base href>` is the base of every URL.

mod attributes;
mod sniff;

use std::collections::HashSet;
use std::convert::Infallible;
use std::sync::Arc;

use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{Span, Tokenizer};
use pegurl::encoding_rs::Encoding;

use super::{Cursor, Item, OffsetMap};
use crate::cli::findings::{Finding, OtherCode};
use crate::cli::url_api::{self, Base};
use attributes::{url_attribute, ValueKind};

/// How to read documents: the document's URL and the encoding the user gave.
#[derive(Clone, Default)]
pub struct Context {
    /// The document's URL (`--base`), its text for reports.
    pub base: Option<(Arc<Base>, Arc<str>)>,
    /// `--encoding`: used when the document has no BOM (as a transport layer's would be).
    pub encoding: Option<&'static Encoding>,
}

/// One attribute of the tag being read.
struct Attribute {
    name: String,
    value: String,
    /// The value's bytes in the source; for an empty value, an empty range after the name.
    span: std::ops::Range<usize>,
}

/// The URLs of the HTML document `bytes`, in document order.
pub fn read(file: &Arc<str>, bytes: &[u8], context: &Context) -> Vec<Item> {
    let (encoding, body) = sniff::encoding(bytes, context.encoding);
    let (text, malformed) = encoding.decode_without_bom_handling(body);
    // Fixes are written back only where the text is the file's bytes after the BOM.
    let fixable = encoding == pegurl::encoding_rs::UTF_8 && !malformed;
    let text_offset = if fixable {
        bytes.len() - body.len()
    } else {
        usize::MAX
    };
    let text: Arc<str> = Arc::from(text.as_ref());
    let mut found = Found::new(file, &text, encoding, text_offset);
    found.tags(start_tags(&text, 0));
    found.resolve_base(context);
    found.items
}

/// The URLs of HTML fragments inside another document (the HTML blocks and inline HTML of a
/// Markdown file): `ranges` of `text`, in order. Their bases are the caller's to set.
pub fn fragments(
    file: &Arc<str>,
    text: &Arc<str>,
    ranges: &[std::ops::Range<usize>],
    text_offset: usize,
) -> Vec<Item> {
    let mut found = Found::new(file, text, pegurl::encoding_rs::UTF_8, text_offset);
    for range in ranges {
        let fragment = text.get(range.clone()).unwrap_or_default();
        found.tags(start_tags(fragment, range.start));
    }
    found.items
}

/// The start tags of `text` with their attributes, spans moved by `offset`.
fn start_tags(text: &str, offset: usize) -> Vec<(String, Vec<Attribute>)> {
    let mut tags: Vec<(String, Vec<Attribute>)> = Vec::new();
    let mut current: Option<(String, Vec<Attribute>)> = None;
    let emitter = CallbackEmitter::new(
        |event: CallbackEvent<'_>, span: Span<usize>| -> Option<Infallible> {
            let span = span.start + offset..span.end + offset;
            match event {
                CallbackEvent::OpenStartTag { name } => {
                    current = Some((String::from_utf8_lossy(name).into_owned(), Vec::new()));
                }
                CallbackEvent::AttributeName { name } => {
                    if let Some((_, attributes)) = current.as_mut() {
                        attributes.push(Attribute {
                            name: String::from_utf8_lossy(name).into_owned(),
                            value: String::new(),
                            span: span.end..span.end,
                        });
                    }
                }
                CallbackEvent::AttributeValue { value } => {
                    if let Some(last) = current.as_mut().and_then(|(_, a)| a.last_mut()) {
                        last.value = String::from_utf8_lossy(value).into_owned();
                        last.span = span;
                    }
                }
                CallbackEvent::CloseStartTag { .. } => tags.extend(current.take()),
                CallbackEvent::EndTag { .. } => current = None,
                _ => {}
            }
            None
        },
    );
    let mut emitter = emitter;
    emitter.naively_switch_states(true);
    for _ in Tokenizer::new_with_emitter(text, emitter) {}
    // A tag the document ends inside is still a tag (the tokenizer drops it at end of file).
    tags.extend(current.take());
    tags
}

/// The items found so far, and the cursor that gives their places in one forward sweep.
struct Found {
    file: Arc<str>,
    text: Arc<str>,
    encoding: &'static Encoding,
    items: Vec<Item>,
    cursor: Cursor,
    /// The index of the first `<base href>`'s item.
    base_item: Option<usize>,
    /// Where the text starts in the file, `usize::MAX` when fixes cannot be written back.
    text_offset: usize,
}

impl Found {
    fn new(
        file: &Arc<str>,
        text: &Arc<str>,
        encoding: &'static Encoding,
        text_offset: usize,
    ) -> Found {
        Found {
            file: file.clone(),
            text: text.clone(),
            encoding,
            items: Vec::new(),
            cursor: Cursor::start(),
            base_item: None,
            text_offset,
        }
    }

    /// The items of every URL-valued attribute of `tags`.
    fn tags(&mut self, tags: Vec<(String, Vec<Attribute>)>) {
        for (element, attributes) in &tags {
            let mut seen: HashSet<&str> = HashSet::new();
            for attribute in attributes {
                // "If the attribute's name is already in attributes, ignore it."
                if !seen.insert(&attribute.name) {
                    continue;
                }
                if let Some(kind) = url_attribute(element, &attribute.name) {
                    self.attribute(element, attribute, kind);
                }
            }
        }
    }

    /// The items of one URL-valued attribute.
    fn attribute(&mut self, element: &str, attribute: &Attribute, kind: ValueKind) {
        let raw = self.text.get(attribute.span.clone()).unwrap_or_default();
        let map = OffsetMap::aligned(attribute.span.start, raw, &attribute.value, reference_len);
        let value = attribute.value.as_str();
        if element == "base" && self.base_item.is_none() {
            self.base_item = Some(self.items.len());
        }
        match kind {
            ValueKind::Url | ValueKind::NonEmptyUrl => {
                // "A valid URL potentially surrounded by spaces": the spaces are not the URL's.
                let trimmed = value.trim_matches(is_ascii_whitespace);
                let skip = value.len() - value.trim_start_matches(is_ascii_whitespace).len();
                let mut findings = Vec::new();
                if kind == ValueKind::NonEmptyUrl && trimmed.is_empty() {
                    findings.push(Finding {
                        code: OtherCode::HtmlEmptyUrl,
                        span: 0..0,
                    });
                }
                let sub = map.sub(skip, trimmed.len());
                self.push(element, attribute, trimmed, sub, findings);
            }
            ValueKind::Tokens => {
                // itemtype's tokens "must be valid URLs that are absolute URLs".
                let absolute = attribute.name == "itemtype";
                for (at, token) in split_whitespace(value) {
                    let mut findings = Vec::new();
                    if absolute && url_api::resolve(token, None, self.encoding).is_none() {
                        findings.push(Finding {
                            code: OtherCode::HtmlNotAbsolute,
                            span: 0..token.len(),
                        });
                    }
                    let sub = map.sub(at, token.len());
                    self.push(element, attribute, token, sub, findings);
                }
            }
            ValueKind::Srcset => {
                for candidate in attributes::srcset_candidates(value) {
                    let url = value.get(candidate.url.clone()).unwrap_or_default();
                    let findings = candidate
                        .problems
                        .into_iter()
                        .map(|code| Finding { code, span: 0..0 })
                        .collect();
                    let sub = map.sub(candidate.url.start, url.len());
                    self.push(element, attribute, url, sub, findings);
                }
            }
        }
    }

    /// One item, placed by moving the cursor forward to it.
    fn push(
        &mut self,
        element: &str,
        attribute: &Attribute,
        input: &str,
        map: OffsetMap,
        findings: Vec<Finding>,
    ) {
        let place = self.cursor.advance(&self.text, map.start());
        let mut item = Item::whole(self.file.clone(), "", 1, 0);
        item.text = self.text.clone();
        item.text_offset = self.text_offset;
        item.start = place;
        item.input = input.to_owned();
        item.map = map;
        item.encoding = self.encoding;
        item.element = Some(element.to_owned());
        item.attribute = Some(attribute.name.clone());
        item.findings = findings;
        self.items.push(item);
    }

    /// Every URL's base: the first `<base href>` resolved against the document's URL (its
    /// "frozen base URL"), or the document's URL when there is none or it does not parse.
    fn resolve_base(&mut self, context: &Context) {
        let document = context.base.clone();
        let mut base = document.clone();
        if let Some(item) = self.base_item.and_then(|i| self.items.get_mut(i)) {
            let resolved = url_api::resolve(
                &item.input,
                document.as_ref().map(|(b, _)| b.as_ref()),
                self.encoding,
            );
            match resolved {
                Some(url) => {
                    let text: Arc<str> = Arc::from(url_api::href(&url));
                    base = Some((Arc::new(url), text));
                }
                None => item.findings.push(Finding {
                    code: OtherCode::HtmlBaseInvalid,
                    span: 0..item.input.len(),
                }),
            }
        }
        for (i, item) in self.items.iter_mut().enumerate() {
            let own = if Some(i) == self.base_item {
                &document
            } else {
                &base
            };
            item.base = own.as_ref().map(|(b, _)| b.clone());
            item.base_text = own.as_ref().map(|(_, t)| t.clone());
        }
    }
}

/// HTML's ASCII whitespace: tab, LF, FF, CR, space.
fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// The tokens of a space-separated list, with their byte offsets.
fn split_whitespace(value: &str) -> impl Iterator<Item = (usize, &str)> {
    value
        .split(is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - value.as_ptr() as usize, t))
}

/// The length of the character reference (or CR LF pair, which the tokenizer reads as one LF)
/// that starts `rest`, as the source has it.
pub fn reference_len(rest: &str) -> Option<usize> {
    if rest.starts_with("\r\n") {
        return Some(2);
    }
    if rest.starts_with('\r') {
        return Some(1);
    }
    let body = rest.strip_prefix('&')?;
    let (digits, prefix) = match body.strip_prefix('#') {
        Some(num) => match num.strip_prefix(['x', 'X']) {
            Some(hex) => (
                hex.bytes().take_while(u8::is_ascii_hexdigit).count(),
                2usize,
            ),
            None => (num.bytes().take_while(u8::is_ascii_digit).count(), 1),
        },
        None => (
            body.bytes().take_while(u8::is_ascii_alphanumeric).count(),
            0,
        ),
    };
    if digits == 0 {
        return None;
    }
    let semicolon = usize::from(body.as_bytes().get(prefix + digits) == Some(&b';'));
    Some(1 + prefix + digits + semicolon)
}
