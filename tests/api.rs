//! The library API: parse, join, getters, record accessors, errors and the Rust traits.

#[path = "common/collect.rs"]
mod collect;

use std::collections::HashSet;
use std::net::{Ipv4Addr, Ipv6Addr};

use pegurl::{quirks, ErrorCode, Host, ParseErrorKind, Url};

fn href(input: &str, base: Option<&str>) -> String {
    match pegurl::quirks::new_url(input, base) {
        Ok(url) => url.href().to_owned(),
        Err(e) => format!("failure: {e}"),
    }
}

fn failure_code(input: &str, base: Option<&str>) -> Option<ErrorCode> {
    pegurl::quirks::new_url(input, base)
        .err()
        .and_then(|e| e.code())
}

#[test]
fn ipv4_forms() {
    let cases = [
        ("http://0x7f.1/", Ipv4Addr::new(127, 0, 0, 1)),
        ("http://0177.0.0.1/", Ipv4Addr::new(127, 0, 0, 1)),
        ("http://2130706433/", Ipv4Addr::new(127, 0, 0, 1)),
        ("http://1.2.3.4./", Ipv4Addr::new(1, 2, 3, 4)),
        ("http://1.65535/", Ipv4Addr::new(1, 0, 255, 255)),
        ("http://0x/", Ipv4Addr::new(0, 0, 0, 0)),
        ("http://%30x7f.1/", Ipv4Addr::new(127, 0, 0, 1)),
    ];
    for (input, address) in cases {
        let url = Url::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(url.host(), Some(Host::Ipv4(address)), "{input}");
        assert_eq!(url.hostname(), address.to_string(), "{input}");
    }
    let failures = [
        ("http://1.2.3.4.5/", ErrorCode::Ipv4TooManyParts),
        ("http://1.2.3.09/", ErrorCode::Ipv4NonNumericPart),
        ("http://256.1.1.1/", ErrorCode::Ipv4OutOfRangePart),
        ("http://1.2.3.256/", ErrorCode::Ipv4OutOfRangePart),
        ("http://4294967296/", ErrorCode::Ipv4OutOfRangePart),
        (
            "http://99999999999999999999999/",
            ErrorCode::Ipv4OutOfRangePart,
        ),
        ("http://a.0x1g.09/", ErrorCode::Ipv4NonNumericPart),
    ];
    for (input, code) in failures {
        assert_eq!(failure_code(input, None), Some(code), "{input}");
    }
    // Not ending in a number: a domain.
    assert_eq!(
        Url::parse("http://1.2.3.a/").unwrap().host(),
        Some(Host::Domain("1.2.3.a"))
    );
}

#[test]
fn ipv6_hosts() {
    let url = Url::parse("http://[0:0:0:0:0:ffff:1.2.3.4]:81/").unwrap();
    let address: Ipv6Addr = "::ffff:102:304".parse().unwrap();
    assert_eq!(url.host(), Some(Host::Ipv6(address)));
    assert_eq!(quirks::host(&url), "[::ffff:102:304]:81");
    assert_eq!(
        failure_code("http://[::1", None),
        Some(ErrorCode::Ipv6Unclosed)
    );
    assert_eq!(
        failure_code("foo://[1::2::3]/", None),
        Some(ErrorCode::Ipv6MultipleCompression)
    );
}

#[test]
fn domains_and_opaque_hosts() {
    let url = Url::parse("https://EXAMPLE.%63om./").unwrap();
    assert_eq!(url.hostname(), "example.com.");
    assert_eq!(
        href("https://☕.example/", None),
        "https://xn--53h.example/"
    );
    // An ASCII label that is not valid Punycode stays, lowercased (the 2026 fallback).
    assert_eq!(
        href("https://XN--A.example/", None),
        "https://xn--a.example/"
    );
    let opaque = Url::parse("foo://Ex%41mple:1/").unwrap();
    assert_eq!(opaque.host(), Some(Host::Opaque("Ex%41mple")));
    assert_eq!(opaque.hostname(), "Ex%41mple");
    assert_eq!(
        failure_code("foo://exa[mple/", None),
        Some(ErrorCode::HostInvalidCodePoint)
    );
    let e = Url::parse("https://%00/").unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::ForbiddenDomainCodePoint);
    assert_eq!(e.span, 8..11);
    let e = Url::parse("https://\u{ad}/").unwrap_err();
    assert_eq!(e.code(), Some(ErrorCode::DomainToAscii));
}

#[test]
fn paths_dots_and_drive_letters() {
    assert_eq!(href("http://a/b/c/./../d/%2e%2E/e", None), "http://a/b/e");
    assert_eq!(href("http://a/b/..", None), "http://a/");
    assert_eq!(href("http://a/b/.", None), "http://a/b/");
    assert_eq!(href("file:///C:/a/../..", None), "file:///C:/");
    assert_eq!(href("file:c|\\a", None), "file:///c:/a");
    assert_eq!(href("/..//x", Some("file:///C:/a")), "file:///C://x");
    assert_eq!(
        href("web+demo:/.//not-a-host/", None),
        "web+demo:/.//not-a-host/"
    );
    let url = Url::parse("web+demo:/.//not-a-host/").unwrap();
    assert_eq!(url.pathname(), "//not-a-host/");
    let segments: Vec<&str> = url.path_segments().unwrap().collect();
    assert_eq!(segments, ["", "not-a-host", ""]);
    let opaque = Url::parse("mailto:a b ?c").unwrap();
    assert!(opaque.cannot_be_a_base());
    assert_eq!(opaque.pathname(), "a b%20");
}

/// A file URL's first segment pushed as "c|" is written "c:", the Windows drive letter the
/// parser reads it as, so that the href parses back to the same URL (it was written "c|",
/// whose href parsed to "c:": found by the setters fuzz target); elsewhere "|" stays.
#[test]
fn a_drive_letter_pushed_first_on_a_file_url_is_written_as_the_parser_reads_it() {
    for (href, pushed, expected) in [
        ("file:///", &["e|"][..], "file:///e:"),
        ("file:///tmp/x", &["c|", "d|"], "file:///c:/d|"),
        ("file://host/", &["C|", "x"], "file://host/C:/x"),
        ("file:///a", &["b|"], "file:///a/b|"),
        ("file:///", &["e|x"], "file:///e|x"),
        ("http://h/", &["c|"], "http://h/c|"),
        ("foo:///", &["c|"], "foo:///c|"),
    ] {
        let mut url = Url::parse(href).unwrap();
        {
            let mut segments = url.path_segments_mut().unwrap();
            if href.ends_with("/tmp/x") {
                segments.clear();
            }
            segments.extend(pushed);
        }
        assert_eq!(url.as_str(), expected, "{href} {pushed:?}");
        let again = Url::parse(url.as_str()).unwrap();
        assert_eq!(again.as_str(), url.as_str(), "{href} {pushed:?}");
    }
}

#[test]
fn ports() {
    assert_eq!(href("http://a:0080/", None), "http://a/");
    assert_eq!(href("http://a:/", None), "http://a/");
    assert_eq!(Url::parse("ws://a:81/").unwrap().port(), Some(81));
    assert_eq!(
        failure_code("http://a:65536/", None),
        Some(ErrorCode::PortOutOfRange)
    );
    assert_eq!(
        failure_code("http://a:8x/", None),
        Some(ErrorCode::PortInvalid)
    );
    let e = Url::parse("http://a:8x/").unwrap_err();
    assert_eq!(e.span, 10..11);
}

#[test]
fn relative_resolution() {
    let base = "http://u:p@h:8/a/b?q#f";
    assert_eq!(href("", Some(base)), "http://u:p@h:8/a/b?q");
    assert_eq!(href("#g", Some(base)), "http://u:p@h:8/a/b?q#g");
    assert_eq!(href("?r", Some(base)), "http://u:p@h:8/a/b?r");
    assert_eq!(href("c", Some(base)), "http://u:p@h:8/a/c");
    assert_eq!(href("/c", Some(base)), "http://u:p@h:8/c");
    assert_eq!(href("//x/c", Some(base)), "http://x/c");
    assert_eq!(href("http:c", Some(base)), "http://u:p@h:8/a/c");
    assert_eq!(href("https:c", Some(base)), "https://c/");
    assert_eq!(href("\\\\x\\c", Some(base)), "http://x/c");
    assert_eq!(href("\\\\x\\c", Some("foo://h/a")), "foo://h/\\\\x\\c");
    assert_eq!(href("#x", Some("sc:opaque")), "sc:opaque#x");
    assert_eq!(
        failure_code("x", Some("sc:opaque")),
        Some(ErrorCode::MissingSchemeNonRelativeUrl)
    );
    assert_eq!(
        failure_code("x", None),
        Some(ErrorCode::MissingSchemeNonRelativeUrl)
    );
    let base = Url::parse("http://example.org/dir/file").unwrap();
    assert_eq!(base.join("../up").unwrap().href(), "http://example.org/up");
}

#[test]
fn a_base_that_fails_is_an_error() {
    let e = pegurl::quirks::new_url("x", Some("not a url")).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::InvalidBase(_)));
    assert_eq!(e.code(), Some(ErrorCode::MissingSchemeNonRelativeUrl));
}

#[test]
fn credentials() {
    let url = Url::parse("http://a@b:c@d@host/").unwrap();
    assert_eq!(url.username(), "a%40b");
    assert_eq!(url.password(), Some("c%40d"));
    assert_eq!(href("http://:@host/", None), "http://host/");
    assert_eq!(href("http://u:@host/", None), "http://u@host/");
    assert_eq!(
        failure_code("http://u@/", None),
        Some(ErrorCode::HostMissing)
    );
    assert_eq!(failure_code("foo://u@", None), Some(ErrorCode::HostMissing));
    assert_eq!(href("foo://", None), "foo://");
}

#[test]
fn rust_traits() {
    let a: Url = "HTTP://Example.org".parse().unwrap();
    let b = Url::parse("http://example.org/").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "http://example.org/");
    assert_eq!(format!("{a:?}"), "Url(\"http://example.org/\")");
    let set: HashSet<Url> = [a.clone(), b].into_iter().collect();
    assert_eq!(set.len(), 1);
    assert!("no scheme".parse::<Url>().is_err());
    for name in Url::COMPONENTS {
        assert!(a.component(name).is_some());
    }
}

#[test]
fn validation_errors_carry_spans_of_the_original_input() {
    let parsed = collect::parse_with_errors(" http://a\tb/c d", None);
    assert_eq!(parsed.url.as_ref().unwrap().href(), "http://ab/c%20d");
    let codes: Vec<_> = parsed
        .errors
        .iter()
        .map(|e| (e.code.code(), e.span.clone()))
        .collect();
    assert!(codes.contains(&("invalid-URL-unit", 0..1)), "{codes:?}");
    assert!(codes.contains(&("invalid-URL-unit", 9..10)), "{codes:?}");
    assert!(codes.contains(&("invalid-URL-unit", 13..14)), "{codes:?}");
    let parsed = collect::parse_with_errors("http://[::1", None);
    let last = parsed.errors.last().unwrap();
    assert_eq!(
        (last.code, last.fatal, last.span.clone()),
        (ErrorCode::Ipv6Unclosed, true, 7..11)
    );
}

/// `set_host(None)` leaves an href that parses back to the same URL: a URL whose path was empty
/// gets the path "/", since "foo:" (or "foo:?q") parses to an opaque path (the `url` crate
/// gives "foo:/" only when nothing follows, and "foo:?q#f" otherwise).
#[test]
fn set_host_none_leaves_an_href_that_parses_back_the_same() {
    for (input, expected) in [
        ("foo://host", "foo:/"),
        ("foo://u:p@host:1", "foo:/"),
        ("foo://host?q#f", "foo:/?q#f"),
        ("foo://host#f", "foo:/#f"),
        ("foo://", "foo:/"),
        ("foo://host/p", "foo:/p"),
        ("foo:///p", "foo:/p"),
        ("foo://host//p", "foo:/.//p"),
    ] {
        let mut url = Url::parse(input).unwrap();
        url.set_host(None).unwrap();
        assert_eq!(url.as_str(), expected, "{input}");
        let again = Url::parse(url.as_str()).unwrap();
        assert_eq!(again.as_str(), url.as_str(), "{input}");
        assert_eq!(again.cannot_be_a_base(), url.cannot_be_a_base(), "{input}");
        assert_eq!(
            again.path_segments().map(Iterator::collect::<Vec<_>>),
            url.path_segments().map(Iterator::collect::<Vec<_>>),
            "{input}"
        );
        assert!(url.set_host(Some("h")).is_ok(), "{input}");
    }
}

/// `set_host` fails as a parse of the same host fails: the same kind, the span moved into the
/// value, and the URL as it was. (It reported an empty domain for a host with a forbidden
/// domain code point.)
/// A "file" URL's host "localhost" becomes the empty host in any case and however it is
/// written (upper case, percent-encoded), by a parse and by the host setters; a domain that is
/// only like it stays.
#[test]
fn localhost_in_any_case_is_a_file_url_s_empty_host() {
    for host in [
        "localhost",
        "LocalHost",
        "LOCALHOST",
        "local%48ost",
        "LOCAL%68OST",
    ] {
        assert_eq!(
            href(&format!("file://{host}/x"), None),
            "file:///x",
            "{host}"
        );
        for set in [quirks::set_host, quirks::set_hostname] {
            let mut url = Url::parse("file://other/x").unwrap();
            set(&mut url, host).unwrap();
            assert_eq!(url.href(), "file:///x", "{host}");
        }
    }
    for host in ["localhost.", "LocalHost2", "xlocalhost"] {
        let expected = format!("file://{}/x", host.to_ascii_lowercase());
        assert_eq!(href(&format!("file://{host}/x"), None), expected, "{host}");
    }
}

#[test]
fn set_host_fails_with_the_parse_error_of_its_host() {
    let href = "http://example.net/path";
    for host in [
        "\0",
        " ",
        "a b",
        "a<b",
        "new value",
        "[::1",
        "[::1]x",
        "\u{ad}",
        "%C2%AD",
    ] {
        let parsed = Url::parse(&format!("http://{host}/")).unwrap_err();
        let mut url = Url::parse(href).unwrap();
        let set = url.set_host(Some(host)).unwrap_err();
        assert_eq!(set.kind, parsed.kind, "{host:?}");
        let start = "http://".len();
        assert_eq!(
            set.span,
            parsed.span.start - start..parsed.span.end - start,
            "{host:?}"
        );
        assert_eq!(url.as_str(), href, "{host:?}");
    }
}

/// An empty host where a URL that is not special includes credentials or has a port fails
/// with a kind of its own (the host state's "return failure", which names no validation error;
/// it was reported as an empty domain), the URL as it was; without them the empty host is set.
#[test]
fn set_host_empty_fails_where_the_url_has_credentials_or_a_port() {
    for href in [
        "foo://u@host/p",
        "foo://:p@host/p",
        "foo://host:1/p",
        "foo://u:p@host:1/p",
    ] {
        for value in ["", "\t", "\n\r"] {
            let mut url = Url::parse(href).unwrap();
            let e = url.set_host(Some(value)).unwrap_err();
            assert_eq!(
                e.kind,
                pegurl::ParseErrorKind::EmptyHostWithCredentialsOrPort,
                "{href} {value:?}"
            );
            assert_eq!(e.code(), None, "{href} {value:?}");
            assert_eq!(url.as_str(), href, "{href} {value:?}");
        }
    }
    let mut url = Url::parse("foo://host/p").unwrap();
    url.set_host(Some("")).unwrap();
    assert_eq!(url.as_str(), "foo:///p");
}

/// Every listener the options hold hears every validation error, in order: a list alone, a
/// callback alone, or both (the callback first, then the list).
#[test]
fn a_list_and_a_callback_hear_the_same_errors() {
    let input = " http://a\tb/c d";
    let mut alone = Vec::new();
    pegurl::Url::options()
        .validation_errors(&mut alone)
        .parse(input)
        .unwrap();
    let codes = |errors: &[pegurl::ValidationError]| -> Vec<_> {
        errors.iter().map(|e| (e.code, e.span.clone())).collect()
    };
    assert_eq!(alone.len(), 3, "{:?}", codes(&alone));
    let heard = std::cell::RefCell::new(Vec::new());
    let callback = |v: pegurl::SyntaxViolation| heard.borrow_mut().push(v);
    pegurl::Url::options()
        .syntax_violation_callback(Some(&callback))
        .parse(input)
        .unwrap();
    assert_eq!(codes(&heard.borrow()), codes(&alone));
    heard.borrow_mut().clear();
    let mut listed = Vec::new();
    pegurl::Url::options()
        .syntax_violation_callback(Some(&callback))
        .validation_errors(&mut listed)
        .parse(input)
        .unwrap();
    assert_eq!(codes(&heard.borrow()), codes(&alone));
    assert_eq!(codes(&listed), codes(&alone));
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_through_the_href() {
    let url = Url::parse("HTTPS://Example.org/a b").unwrap();
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, "\"https://example.org/a%20b\"");
    let back: Url = serde_json::from_str(&json).unwrap();
    assert_eq!(back, url);
    let error = serde_json::from_str::<Url>("\"not a url\"").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("missing-scheme-non-relative-URL"),
        "{error}"
    );
}

/// `validate_url_string` names the production of the writing section that fails, with its span
/// and the section's requirement, not the parser's internals.
#[test]
fn validate_url_string_explains_in_the_writing_sections_terms() {
    let cases = [
        (
            "https://[1:2:3]/",
            "valid_ipv6_address_string",
            "eight pieces",
        ),
        (
            "https://exa mple.org/",
            "valid_domain_string",
            "domain parser",
        ),
        ("http://a:99999/", "url_port_string", "0 to 65535"),
        (
            "https://example.org/%zz",
            "percent_encoded_byte",
            "two ASCII hex digits",
        ),
        ("https://example.org/a b", "url_unit", "URL code point"),
        ("1http://a/", "absolute_url_string", "ASCII alpha"),
    ];
    for (input, production, words) in cases {
        let e = pegurl::validate_url_string(input, None).unwrap_err();
        assert_eq!(e.production, production, "{input}: {e}");
        assert!(e.reason.contains(words), "{input}: {e}");
        assert!(!e.reason.contains("EOI"), "{input}: {e}");
        assert!(
            e.span.end <= input.len() && e.span.start <= e.span.end,
            "{input}: {e}"
        );
    }
}

/// The host and hostname setters write each kind of host the host parser returns (a domain
/// lowercased, an IPv4 or IPv6 address serialized, an opaque host as it is, the empty host) in
/// place, where the URL has a host, and where the URL is written again from its host on (it had
/// none). Expected hrefs from whatwg-url 17.3.
#[test]
fn host_setters_write_every_host_kind_in_place_and_into_a_url_without_a_host() {
    type Set = fn(&mut Url, &str) -> Result<(), pegurl::SetterError>;
    let (host, hostname): (Set, Set) = (quirks::set_host, quirks::set_hostname);
    let cases: [(&str, Set, &str, &str); 13] = [
        (
            "http://u@h:8/p?q#f",
            hostname,
            "EXAMPLE.COM",
            "http://u@example.com:8/p?q#f",
        ),
        (
            "http://h/p",
            host,
            "EXAMPLE.com:81",
            "http://example.com:81/p",
        ),
        ("http://h/p", hostname, "0x7F.1", "http://127.0.0.1/p"),
        ("http://h:8/p", host, "[0:0::1]", "http://[::1]:8/p"),
        ("file:///x", hostname, "EXAMPLE.com", "file://example.com/x"),
        ("file://h/x", host, "0x7F.1", "file://127.0.0.1/x"),
        ("foo://h/p", hostname, "0x7F.1", "foo://0x7F.1/p"),
        (
            "foo://u@h:1/p",
            host,
            "EX%41MPLE:2",
            "foo://u@EX%41MPLE:2/p",
        ),
        ("foo://u@h:1/p", hostname, "[::1]", "foo://u@[::1]:1/p"),
        ("foo://h/p", hostname, "1.2.3.4", "foo://1.2.3.4/p"),
        // No host before: the URL is written again from the host on.
        ("sc:/p", hostname, "[::1]", "sc://[::1]/p"),
        ("sc:/p", host, "EXAMPLE.com:5", "sc://EXAMPLE.com:5/p"),
        ("sc:/p?q", hostname, "1.2.3.4", "sc://1.2.3.4/p?q"),
    ];
    for (input, set, value, expected) in cases {
        let mut url = Url::parse(input).unwrap();
        set(&mut url, value).unwrap_or_else(|e| panic!("{input} {value}: {e}"));
        assert_eq!(url.href(), expected, "{input} {value}");
        // The record written in place is the one a parse of the href makes.
        assert_eq!(url, Url::parse(expected).unwrap(), "{input} {value}");
    }
}

/// `set_ip_host` writes the address as the host serializer does, in place (an IPv4 address of
/// a URL that is not special is an opaque host, as the hostname setter makes it) or, for a URL
/// without a host, by the hostname setter.
#[test]
fn set_ip_host_writes_each_address_as_the_host_serializer_does() {
    let v4 = Ipv4Addr::new(127, 0, 0, 1);
    let v6 = Ipv6Addr::LOCALHOST;
    let cases = [
        (
            "http://h/p",
            v4.into(),
            "http://127.0.0.1/p",
            Host::Ipv4(v4),
        ),
        (
            "http://h:8/p",
            v6.into(),
            "http://[::1]:8/p",
            Host::Ipv6(v6),
        ),
        (
            "foo://u@h:1/p",
            v6.into(),
            "foo://u@[::1]:1/p",
            Host::Ipv6(v6),
        ),
        (
            "foo://h/p",
            v4.into(),
            "foo://127.0.0.1/p",
            Host::Opaque("127.0.0.1".into()),
        ),
        (
            "sc:/p?q",
            v4.into(),
            "sc://127.0.0.1/p?q",
            Host::Opaque("127.0.0.1".into()),
        ),
    ];
    for (input, address, expected, kind) in cases {
        let mut url = Url::parse(input).unwrap();
        url.set_ip_host(address).unwrap();
        assert_eq!(url.href(), expected, "{input}");
        assert_eq!(url.host().map(|h| h.to_owned()), Some(kind), "{input}");
        assert_eq!(url, Url::parse(expected).unwrap(), "{input}");
    }
}
