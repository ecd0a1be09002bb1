//! The one place where `pegurl check` calls the library: parse a base, parse an input with every
//! validation error, and ask the writing grammar. The library's API is being reworked; when it
//! changes, only this file follows.

use pegurl::encoding_rs::Encoding;
use pegurl::{ErrorCode, ParseError, Url, ValidationError};

/// A parsed base URL (the document's URL, or a `<base href>` resolved against it).
pub type Base = Url;

/// What the parser and the writing grammar make of one input.
pub struct Verdict {
    /// The serialization, when the input parsed.
    pub href: Option<String>,
    /// The failure, when it did not.
    pub failure: Option<ParseError>,
    /// Every validation error, in the order the parser met them (byte spans in the input).
    pub errors: Vec<ValidationError>,
    /// The writing grammar's complaint, when it says the input is not a valid URL string.
    pub invalid: Option<String>,
}

/// Parses a base URL; the error text says why it does not parse.
pub fn parse_base(base: &str) -> Result<Base, String> {
    Url::parse(base).map_err(|e| e.to_string())
}

/// Parses `input` against `base`, the query encoded with `encoding` (HTML's "URL character
/// encoding"), collecting every validation error; then asks the writing grammar.
pub fn check(input: &str, base: Option<&Base>, encoding: &'static Encoding) -> Verdict {
    let mut errors = Vec::new();
    let url = Url::options()
        .base_url(base)
        .encoding_override(Some(encoding))
        .validation_errors(&mut errors)
        .parse(input);
    let invalid = pegurl::validate_url_string(input, base)
        .err()
        .map(|e| e.to_string());
    match url {
        Ok(url) => Verdict {
            href: Some(url.href().to_owned()),
            failure: None,
            errors,
            invalid,
        },
        Err(failure) => Verdict {
            href: None,
            failure: Some(failure),
            errors,
            invalid,
        },
    }
}

/// The href of `input` resolved against `base` with `encoding`, if it parses (for `<base href>`).
pub fn resolve(input: &str, base: Option<&Base>, encoding: &'static Encoding) -> Option<Base> {
    Url::options()
        .base_url(base)
        .encoding_override(Some(encoding))
        .parse(input)
        .ok()
}

/// The href of a parsed URL.
pub fn href(url: &Base) -> &str {
    url.href()
}

/// The spec code of a failure, when the spec names one.
pub fn failure_code(failure: &ParseError) -> Option<ErrorCode> {
    failure.code()
}

/// Percent-encodes what may not stand in a URI path (a file path made a URI reference).
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The `file:` URL of the file at `path`, as a browser that opens it has it for the document's
/// URL; `None` when the path cannot be made absolute.
pub fn file_url(path: &str) -> Option<(Base, String)> {
    let absolute = std::fs::canonicalize(path).ok()?;
    let text = format!("file://{}", encode_path(absolute.to_str()?));
    let url = parse_base(&text).ok()?;
    Some((url, text))
}
