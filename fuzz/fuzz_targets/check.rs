//! Validation errors: every span lies in the input on character boundaries, a failure always
//! comes with its error, and collecting errors never changes the result.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let parsed = pegurl::parse_with_errors(input, Some("https://example.org/dir/file"));
    for e in &parsed.errors {
        assert!(e.span.start <= e.span.end && e.span.end <= input.len(), "{e}");
        assert!(input.is_char_boundary(e.span.start) && input.is_char_boundary(e.span.end));
    }
    let quiet = pegurl::Url::parse(input, Some("https://example.org/dir/file"));
    assert_eq!(quiet.ok(), parsed.url.ok());
});
