//! `pegurl::rfc3986` on any input: reference and base split at the first NUL. Nothing panics;
//! a parsed reference's text is its input, and its components recompose to the same reference;
//! resolution and normalization give references that parse again (as URI-references, or
//! IRI-references when read as IRIs) into components that recompose to the same string; the
//! comparison with the URL Standard runs to its end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pegurl::rfc3986::{self, Options};

fuzz_target!(|data: &str| {
    let (input, base) = data
        .split_once('\0')
        .unwrap_or((data, "http://a/b/c/d;p?q"));
    for options in [Options::new(), Options::new().iri(true)] {
        let Ok(reference) = options.parse(input) else {
            continue;
        };
        assert_eq!(reference.to_string(), input, "a parsed reference's text");
        let components = reference.components();
        assert_eq!(components.recompose(), reference, "recomposition");
        let normalized = rfc3986::normalize(&reference).to_string();
        let again = options.parse(&normalized).expect("a normal form parses");
        assert_eq!(again.components().recompose().as_str(), normalized);
        if let Ok(base) = options.parse(base) {
            if let Ok(target) = rfc3986::resolve(&base, &reference) {
                let target = target.to_string();
                let again = options.parse(&target).expect("a resolved reference parses");
                assert_eq!(again.components().recompose().as_str(), target);
            }
        }
    }
    let _ = rfc3986::compare(input, Some(base));
});
