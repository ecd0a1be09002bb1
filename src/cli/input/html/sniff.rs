//! The document's character encoding, by the steps of HTML's encoding sniffing algorithm that a
//! file on disk has: a BOM, then the encoding the user gave (as a transport layer's), then the
//! `<meta>` prescan of the first 1024 bytes; UTF-8 when none says.
//! https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm

use std::convert::Infallible;

use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{Span, Tokenizer};
use pegurl::encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

/// The encoding of `bytes`, and the bytes to decode (without the BOM).
pub fn encoding<'a>(
    bytes: &'a [u8],
    given: Option<&'static Encoding>,
) -> (&'static Encoding, &'a [u8]) {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return (encoding, bytes.get(bom..).unwrap_or_default());
    }
    if let Some(encoding) = given {
        return (encoding, bytes);
    }
    let head = bytes.get(..1024).unwrap_or(bytes);
    let encoding = prescan(head).unwrap_or(UTF_8);
    (encoding, bytes)
}

/// `<meta charset>` or `<meta http-equiv=content-type content="...; charset=...">` in `head`,
/// read with the tokenizer over an ASCII-compatible decoding of the bytes.
fn prescan(head: &[u8]) -> Option<&'static Encoding> {
    let (text, _) = WINDOWS_1252.decode_without_bom_handling(head);
    let mut found: Option<&'static Encoding> = None;
    let mut in_meta = false;
    let mut attributes: Vec<(String, String)> = Vec::new();
    let emitter = CallbackEmitter::new(
        |event: CallbackEvent<'_>, _: Span<()>| -> Option<Infallible> {
            match event {
                CallbackEvent::OpenStartTag { name } => {
                    in_meta = name == b"meta";
                    attributes.clear();
                }
                CallbackEvent::AttributeName { name } if in_meta => {
                    attributes.push((String::from_utf8_lossy(name).into_owned(), String::new()));
                }
                CallbackEvent::AttributeValue { value } if in_meta => {
                    if let Some(last) = attributes.last_mut() {
                        last.1 = String::from_utf8_lossy(value).into_owned();
                    }
                }
                CallbackEvent::CloseStartTag { .. } if in_meta && found.is_none() => {
                    found = meta_encoding(&attributes);
                }
                _ => {}
            }
            None
        },
    );
    for _ in Tokenizer::new_with_emitter(text.as_ref(), emitter) {}
    // "If charset is UTF-16BE/LE, set charset to UTF-8. If x-user-defined, windows-1252."
    found.map(|e| match e.name() {
        "UTF-16BE" | "UTF-16LE" => UTF_8,
        "x-user-defined" => WINDOWS_1252,
        _ => e,
    })
}

/// The encoding a `<meta>` element's attributes declare.
fn meta_encoding(attributes: &[(String, String)]) -> Option<&'static Encoding> {
    let get = |name: &str| {
        attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    if let Some(label) = get("charset") {
        return Encoding::for_label(label.trim().as_bytes());
    }
    let content_type = get("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-type"));
    let content = get("content").filter(|_| content_type)?;
    charset_from_content(content)
}

/// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
fn charset_from_content(content: &str) -> Option<&'static Encoding> {
    let lower = content.to_ascii_lowercase();
    let at = lower.find("charset")?;
    let rest = content.get(at + "charset".len()..)?.trim_start();
    let rest = rest.strip_prefix('=')?.trim_start();
    let label = match rest.chars().next()? {
        quote @ ('"' | '\'') => rest.get(1..)?.split(quote).next()?,
        _ => rest.split([' ', '\t', '\n', '\x0C', '\r', ';']).next()?,
    };
    Encoding::for_label(label.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_charset_and_http_equiv_name_the_encoding() {
        let (e, _) = encoding(b"<meta charset=\"windows-1251\"><p>", None);
        assert_eq!(e.name(), "windows-1251");
        let page = b"<meta http-equiv=Content-Type content='text/html; charset=shift_jis'>";
        assert_eq!(encoding(page, None).0.name(), "Shift_JIS");
        assert_eq!(
            encoding(b"\xEF\xBB\xBF<meta charset=latin1>", None)
                .0
                .name(),
            "UTF-8"
        );
        assert_eq!(encoding(b"<p>", None).0.name(), "UTF-8");
        assert_eq!(encoding(b"<meta charset=utf-16le>", None).0.name(), "UTF-8");
    }
}
