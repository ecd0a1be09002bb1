//! URLSearchParams: parsing then serializing then parsing gives the same pairs, and updating a
//! URL through them keeps its href parseable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegurl::{Url, UrlSearchParams};

fuzz_target!(|input: &str| {
    let params = UrlSearchParams::parse(input);
    let again = UrlSearchParams::parse(&params.to_string());
    assert_eq!(params, again, "serializing loses nothing");
    let mut url = Url::parse("https://example.org/").unwrap();
    {
        let mut live = url.search_params_mut();
        for (name, value) in params.iter() {
            live.append(name, value);
        }
        live.sort();
    }
    let reparsed = Url::parse(url.href()).expect("the href parses");
    assert_eq!(reparsed.search_params(), url.search_params());
});
