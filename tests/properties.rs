//! Properties, with proptest's shrinking: re-parsing an href gives the same record; parsing is
//! idempotent on hrefs; setters never leave an href that parses differently; validation error
//! spans lie inside the input on character boundaries.

#[path = "common/collect.rs"]
mod collect;

mod common;

use common::PIECES;

use pegurl::Url;
use proptest::prelude::*;

/// URL-shaped strings, or any string at all.
fn url_like() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::collection::vec(prop::sample::select(PIECES), 0..14).prop_map(|p| p.concat()),
        1 => any::<String>(),
    ]
}

fn base() -> impl Strategy<Value = Option<&'static str>> {
    prop::sample::select(vec![
        None,
        Some("http://example.org/a/b?q#f"),
        Some("file:///C:/dir/file"),
        Some("foo://host/p/q"),
        Some("sc:opaque"),
    ])
}

/// Everything observable of a record.
fn record(url: &Url) -> (String, Vec<String>, Option<pegurl::Host>, Option<u16>) {
    (
        url.href().to_owned(),
        url.path_segments()
            .into_iter()
            .flatten()
            .map(str::to_owned)
            .collect(),
        url.host().map(|h| h.to_owned()),
        url.port(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn reparsing_an_href_gives_the_same_record(input in url_like(), base in base()) {
        if let Ok(url) = pegurl::quirks::new_url(&input, base) {
            let again = Url::parse(url.href()).expect("an href parses");
            prop_assert_eq!(record(&again), record(&url));
            for name in Url::COMPONENTS {
                prop_assert_eq!(again.component(name), url.component(name), "{}", name);
            }
        }
    }

    #[test]
    fn parsing_is_idempotent_on_hrefs(input in url_like()) {
        if let Ok(url) = Url::parse(&input) {
            let once = Url::parse(url.href()).unwrap();
            let twice = Url::parse(once.href()).unwrap();
            prop_assert_eq!(once.href(), twice.href());
        }
    }

    #[test]
    fn setters_never_leave_an_href_that_parses_differently(
        input in url_like(),
        name in prop::sample::select(Url::COMPONENTS.to_vec()),
        value in url_like(),
    ) {
        if let Ok(mut url) = Url::parse(&input) {
            let _ = url.set_component(name, &value);
            // The spec's own gap: see tests/bad_input.rs.
            let gap = name == "protocol" && url.scheme() == "file" && url.hostname() == "localhost";
            if !gap {
                let again = Url::parse(url.href()).expect("a setter's href parses");
                prop_assert_eq!(again.href(), url.href());
            }
        }
    }

    #[test]
    fn error_spans_lie_inside_the_input(input in url_like(), base in base()) {
        let parsed = collect::parse_with_errors(&input, base);
        for e in &parsed.errors {
            prop_assert!(e.span.start <= e.span.end && e.span.end <= input.len(), "{}", e);
            prop_assert!(input.is_char_boundary(e.span.start));
            prop_assert!(input.is_char_boundary(e.span.end));
        }
    }
}
