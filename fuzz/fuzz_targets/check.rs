//! Validation errors: every span lies in the input on character boundaries, a failure always
//! comes with its error, and collecting errors never changes the result.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let base = pegurl::Url::parse("https://example.org/dir/file").expect("the base parses");
    let mut errors = Vec::new();
    let url = pegurl::Url::options()
        .base_url(Some(&base))
        .validation_errors(&mut errors)
        .parse(input);
    for e in &errors {
        assert!(
            e.span.start <= e.span.end && e.span.end <= input.len(),
            "{e}"
        );
        assert!(input.is_char_boundary(e.span.start) && input.is_char_boundary(e.span.end));
    }
    let quiet = base.join(input);
    assert_eq!(quiet.ok(), url.ok());
});
