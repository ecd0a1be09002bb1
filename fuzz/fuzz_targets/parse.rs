//! Any string parses or fails; a URL's href parses back to the same URL; and the two ways of
//! the builder agree: the way for inputs already in serialized form, which a parse without a
//! base may take, and the production functions, which a parse against a base always takes (an
//! input that parses without a base has a scheme, so the non-special base "x:" changes nothing
//! in its reading), with the same validation errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegurl::{Url, ValidationError};

/// Every component of a parse (or its failure), and its validation errors.
fn reading(input: &str, base: Option<&Url>) -> String {
    let mut errors: Vec<ValidationError> = Vec::new();
    let url = Url::options()
        .base_url(base)
        .validation_errors(&mut errors)
        .parse(input);
    let url = url.map(|u| {
        let parts = [
            u.scheme(),
            u.username(),
            u.password().unwrap_or("-"),
            u.host_str().unwrap_or("-"),
            u.path(),
            u.query().unwrap_or("-"),
            u.fragment().unwrap_or("-"),
        ];
        format!("{} {parts:?} {:?} {:?}", u.as_str(), u.host(), u.port())
    });
    format!("{url:?} {errors:?}")
}

fuzz_target!(|input: &str| {
    if let Ok(url) = Url::parse(input) {
        let again = Url::parse(url.href()).expect("an href parses");
        assert_eq!(again.href(), url.href(), "parsing is idempotent on hrefs");
        let base = Url::parse("x:").expect("a base");
        for text in [input, url.href()] {
            assert_eq!(reading(text, None), reading(text, Some(&base)), "{text:?}");
        }
    }
});
