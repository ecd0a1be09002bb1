#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Spec links are written bare, as `/// https://url.spec.whatwg.org/#...`, after rust-url's habit.
#![allow(rustdoc::bare_urls)]

// pest_derive without pest's "std" feature generates code that names `alloc`.
extern crate alloc;

mod api;
mod builder;
// The parser generator build.rs runs, included here for its unit tests.
#[cfg(test)]
#[path = "../codegen/mod.rs"]
mod codegen;
mod error;
mod form;
mod generated;
mod grammar;
mod input;
mod percent;
mod record;
#[cfg(feature = "vm")]
mod runtime;
mod tables;
mod tokens;
mod valid;
pub mod workbench;

pub use api::{SearchParamsMut, Url};
pub use encoding_rs;
pub use error::{ErrorCode, ParseError, ParseErrorKind, SetterError, ValidationError};
pub use form::{form_urlencoded_parse, form_urlencoded_serialize, UrlSearchParams};
pub use record::HostKind;
pub use valid::{is_valid_url_string, validate_url_string, Invalid};

/// The longest input (after the basic URL parser's preprocessing) that pegurl parses: 1 GiB.
/// Longer ones fail with [`ParseErrorKind::TooLong`]. The grammar's trees record offsets in 32
/// bits, which halves their size; this limit leaves room for every token a tree can have.
pub const MAX_INPUT_LEN: usize = 1 << 30;

/// The result of [`parse_with_errors`]: the URL or the failure, and every validation error met.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The URL, or why parsing failed.
    pub url: Result<Url, ParseError>,
    /// Every validation error, in the order the parser met them, with spans in the input.
    pub errors: Vec<ValidationError>,
}

/// Parses `input` against an optional `base` and collects every validation error on the way.
///
/// ```
/// let parsed = pegurl::parse_with_errors("https:\\\\example.org", None);
/// assert_eq!(parsed.url.unwrap().href(), "https://example.org/");
/// assert!(parsed.errors.iter().all(|e| !e.fatal));
/// ```
pub fn parse_with_errors(input: &str, base: Option<&str>) -> Parsed {
    let mut errors = Vec::new();
    let base = match base.map(|b| Url::parse(b, None)).transpose() {
        Ok(base) => base,
        Err(e) => {
            let kind = ParseErrorKind::InvalidBase(Box::new(e));
            return Parsed {
                url: Err(ParseError { kind, span: 0..0 }),
                errors,
            };
        }
    };
    let url = Url::parse_collecting(input, base.as_ref(), &mut errors);
    Parsed { url, errors }
}
