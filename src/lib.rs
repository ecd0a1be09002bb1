//! pegurl parses URLs exactly as the [WHATWG URL Standard](https://url.spec.whatwg.org/) says
//! (July 2026): the URL syntax is a PEG grammar, `grammar/url.pest`, which `build.rs` compiles
//! into a byte-level parser, and a builder applies the spec's prose to what the grammar
//! matched. It passes every case of the web-platform-tests URL suite (but two IdnaTestV2
//! cases), reports every [validation error](https://url.spec.whatwg.org/#validation-error) with
//! the byte span it arises at, and matches the reference implementation, whatwg-url, on every
//! input tried.
//!
//! # Three kinds of use
//!
//! - **A URL type for Rust programs**: [`Url`] has the `url` crate's names and signatures
//!   (`Url::parse`, `join`, `host_str`, `query_pairs`, `set_path`, `Position` slicing,
//!   [`form_urlencoded`] ...), so moving from `url` is, for most programs, the import; where
//!   `url` differs from the standard pegurl keeps the standard. The
//!   [migration guide](crate::migrating_from_url) lists every difference.
//! - **Checking URLs**: every validation error with its span ([`ParseOptions::validation_errors`]),
//!   and whether a string is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string)
//!   ([`validate_url_string`]), which explains a failure in the writing section's terms. The
//!   `pegurl` command-line tool (feature `cli`) checks lists, JSON lines, HTML and Markdown
//!   and reports as text, JSON lines or SARIF.
//! - **Grammar work**: the tree of productions a parse matched ([`ParseOptions::trace`]), and
//!   grammars loaded at run time (feature `vm`, [`workbench::RuntimeGrammar`]) driving the same
//!   builder: the [`workbench`] module.
//!
//! # Quick start
//!
//! ```
//! use pegurl::Url;
//!
//! let base = Url::parse("https://example.com/a/b/c")?;
//! let url = base.join("../d?x=1#y")?;
//! assert_eq!(url.as_str(), "https://example.com/a/d?x=1#y");
//! assert_eq!(url.host_str(), Some("example.com"));
//! assert_eq!(url.query_pairs().next(), Some(("x".into(), "1".into())));
//!
//! // Every validation error, with its span in the input.
//! let mut errors = Vec::new();
//! let url = Url::options().validation_errors(&mut errors).parse("https:\\\\example.org/a b")?;
//! assert_eq!(url.as_str(), "https://example.org/a%20b");
//! for e in &errors {
//!     println!("{} at {:?}: {}", e.code, e.span, e.description());
//! }
//! assert_eq!(errors.len(), 4);
//! # Ok::<(), pegurl::ParseError>(())
//! ```
//!
//! ```
//! // The writing section's verdict, in its terms.
//! let e = pegurl::validate_url_string("https://[1:2:3]/", None).unwrap_err();
//! assert_eq!(e.production, "valid_ipv6_address_string");
//! println!("{e}");
//! ```
//!
//! # Features
//!
//! - `std` (default): the standard library. Without it the library is `no_std` + `alloc`; it
//!   adds `Url::to_file_path`, `Url::from_file_path`, `Url::from_directory_path` (Unix) and
//!   `Url::socket_addrs`, and keeps each thread's buffers between parses (without it a parse
//!   allocates its own). `cli` and `vm` turn it on.
//! - `cli` (default): the `pegurl` command-line tool. Library users turn it off with
//!   `default-features = false` (and keep the standard library with `features = ["std"]`).
//! - `serde`: [`Url`] serializes as its serialization and deserializes by parsing.
//! - `vm`: grammars loaded at run time ([`workbench::RuntimeGrammar`]); needs `std`.
//! - `rfc3986`: the RFC 3986/3987 reader (`rfc3986`) and its comparison with the WHATWG parser;
//!   `cli` turns it on.
//! - `reference`: pest_derive's parser of the same grammar, the reference the generated parser
//!   is held to (`workbench::Engine::PestDerive`); `cli` and `vm` turn it on.
//!
//! The package's README covers the command-line tool, the grammar and performance figures.
// Without the "std" feature the library is `no_std` + `alloc` (README, "`no_std`"); its unit
// tests (and `codegen`, which they build) use the standard library that the test harness
// links anyway, so `cargo test --lib --no-default-features` runs them.
#![cfg_attr(all(not(feature = "std"), not(test)), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Spec links are written bare, as `/// https://url.spec.whatwg.org/#...`, after rust-url's habit.
#![allow(rustdoc::bare_urls)]

// The library's `String`, `Vec`, `Box`, `format!`, ... come from `alloc`, with or without "std";
// pest_derive without pest's "std" feature generates code that names it too (the reference
// parser, feature `reference`, and the unit tests' parsers).
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
#[cfg(feature = "vm")]
mod grammar_size;
mod input;
mod percent;
mod record;
#[cfg(feature = "rfc3986")]
#[cfg_attr(docsrs, doc(cfg(feature = "rfc3986")))]
pub mod rfc3986;
#[cfg(feature = "vm")]
mod runtime;
#[cfg(feature = "vm")]
mod runtime_valid;
mod scan;
mod tables;
mod tokens;
mod valid;
pub mod workbench;

pub use api::{
    form_urlencoded, quirks, Host, OpaqueOrigin, Origin, ParseOptions, PathSegmentsMut, Position,
    SearchParamsMut, SyntaxViolation, Url, UrlQuery,
};
pub use encoding_rs;
pub use error::{ErrorCode, ParseError, ParseErrorKind, SetterError, ValidationError};
pub use form::{form_urlencoded_parse, form_urlencoded_serialize, UrlSearchParams};
pub use valid::{is_valid_url_string, validate_url_string, Invalid};

#[doc = include_str!("../docs/migrating-from-url.md")]
pub mod migrating_from_url {}

/// The longest input (after the basic URL parser's preprocessing) that pegurl parses: 1 GiB.
/// Longer ones fail with [`ParseErrorKind::TooLong`]. The grammar's trees record offsets in 32
/// bits, which halves their size; this limit leaves room for every token a tree can have.
pub const MAX_INPUT_LEN: usize = 1 << 30;
