//! The setters' validation errors and their spans: a setter's value is preprocessed as the
//! basic URL parser's input is with a URL given, and its errors are placed in the value as
//! given.

use super::*;
use crate::error::ValidationError;
use crate::generated::Generated;
use alloc::vec::Vec;

/// The validation errors of `setter` with `value` on `href`.
fn errors_of(href: &str, setter: Setter, value: &str) -> Vec<(ErrorCode, core::ops::Range<usize>)> {
    let request = super::super::Request {
        base: None,
        errors: None,
        encoding: encoding_rs::UTF_8,
        trace: None,
    };
    let mut record = super::super::parse(&Generated, href, request, |r| r).expect("a URL");
    let mut errors: Vec<ValidationError> = Vec::new();
    let mut listener: super::super::Listener<'_> = &mut |e| errors.push(e);
    let input = Input::for_setter(value);
    let _: Result<(), SetterError> = set(
        &Generated,
        &mut record,
        setter,
        &input,
        Some(&mut listener),
        None,
    );
    errors.into_iter().map(|e| (e.code, e.span)).collect()
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
