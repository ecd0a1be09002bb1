//! The setters' validation errors and their spans: a setter's value is preprocessed as the
//! basic URL parser's input is with a URL given, and its errors are placed in the value as
//! given.

use super::*;
use crate::error::{ErrorCode, ValidationError};
use crate::generated::Generated;
use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

/// What a setter did: its result, the URL after it, and every validation error (code and span).
pub(crate) type Outcome = (
    Result<(), SetterError>,
    String,
    Vec<(ErrorCode, core::ops::Range<usize>)>,
);

/// `setter` with `value` on the URL `href` parses to, by `source`; None when `href` does not
/// parse.
pub(crate) fn outcome_of(
    source: &impl Productions,
    href: &str,
    setter: Setter,
    value: &str,
) -> Option<Outcome> {
    let request = super::super::Request {
        base: None,
        errors: None,
        encoding: encoding_rs::UTF_8,
        trace: None,
    };
    let mut record = super::super::parse(&Generated, href, request, |r| r).ok()?;
    let mut errors = Vec::new();
    let mut listener: super::super::Listener<'_> =
        &mut |e: ValidationError| errors.push((e.code, e.span));
    let input = Input::for_setter(value);
    let result = set(
        source,
        &mut record,
        setter,
        &input,
        Some(&mut listener),
        None,
    );
    Some((result, record.serialization().to_owned(), errors))
}

/// The validation errors of `setter` with `value` on `href`.
fn errors_of(href: &str, setter: Setter, value: &str) -> Vec<(ErrorCode, core::ops::Range<usize>)> {
    outcome_of(&Generated, href, setter, value)
        .expect("a URL")
        .2
}

/// A setter's value is preprocessed as the basic URL parser's input is with a URL given:
/// its tabs and newlines are removed, with an invalid-URL-unit validation error at the
/// first; the errors that follow are placed in the value as given.
#[test]
fn a_tab_or_newline_in_a_setter_value_is_an_invalid_url_unit() {
    assert_eq!(
        errors_of("http://h/p", Setter::Pathname, "\t/a\n\\b"),
        [
            (ErrorCode::InvalidUrlUnit, 0..1),
            (ErrorCode::InvalidReverseSolidus, 4..5)
        ]
    );
    assert_eq!(
        errors_of("http://h/p", Setter::Search, "q=\r1"),
        [(ErrorCode::InvalidUrlUnit, 2..3)]
    );
    assert_eq!(
        errors_of("http://h/p", Setter::Protocol, "ht\ntps:"),
        [(ErrorCode::InvalidUrlUnit, 2..3)]
    );
    // With a URL given, the value is not trimmed: its spaces are the fragment state's.
    assert_eq!(
        errors_of("http://h/p", Setter::Hash, " a "),
        [
            (ErrorCode::InvalidUrlUnit, 0..1),
            (ErrorCode::InvalidUrlUnit, 2..3)
        ]
    );
}
