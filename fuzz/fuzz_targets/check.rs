//! Validation errors: every span lies in the input on character boundaries, a failure always
//! comes with its error, and collecting errors never changes the result. And the parses that
//! ask only for the outcome (`can_parse`, `hostname`: the parser's outline run, the builder's
//! check mode) answer what a whole parse answers, with a base and without.
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
    assert_eq!(quiet.as_ref().ok(), url.as_ref().ok());
    let against_base = pegurl::Url::options().base_url(Some(&base));
    assert_eq!(against_base.can_parse(input), url.is_ok(), "{input:?}");
    let host = pegurl::Url::options().base_url(Some(&base)).hostname(input);
    assert_eq!(
        host.ok().as_deref(),
        url.as_ref().ok().map(|u| u.hostname()),
        "{input:?}"
    );
    let alone = pegurl::Url::parse(input);
    assert_eq!(pegurl::Url::can_parse(input), alone.is_ok(), "{input:?}");
    let host = pegurl::Url::options().hostname(input);
    assert_eq!(
        host.ok().as_deref(),
        alone.as_ref().ok().map(|u| u.hostname()),
        "{input:?}"
    );
});
