//! Input and base split at the first NUL: relative resolution never panics, and resolved hrefs
//! parse back to themselves.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    let (input, base) = data
        .split_once('\0')
        .unwrap_or((data, "http://example.org/a/b?q#f"));
    let Ok(base) = pegurl::Url::parse(base) else {
        return;
    };
    if let Ok(url) = base.join(input) {
        let again = pegurl::Url::parse(url.href()).expect("an href parses");
        assert_eq!(again.href(), url.href());
    }
});
