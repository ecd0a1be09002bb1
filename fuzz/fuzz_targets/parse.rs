//! Any string parses or fails; a URL's href parses back to the same URL.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    if let Ok(url) = pegurl::Url::parse(input) {
        let again = pegurl::Url::parse(url.href()).expect("an href parses");
        assert_eq!(again.href(), url.href(), "parsing is idempotent on hrefs");
    }
});
