//! pegurl against the `url` crate (2.5.8, run here as `url::Url`), method by method, on the
//! inputs of `url`'s documented examples and the corners its docs describe. Where the two differ
//! because `url` is not exact to the WHATWG URL Standard, the case is listed in `DIFFERENCES`
//! with its reason and runs inverted: it fails if the two ever agree, so the list stays true.
//! `docs/migrating-from-url.md` names the same differences.

use std::collections::BTreeMap;

/// Inputs: the URLs of `url`'s examples, and corners of the standard.
const INPUTS: &[&str] = &[
    "https://example.net",
    "https://github.com/rust-lang/rust/issues?labels=E-easy&state=open",
    "ftp://rms@example.com",
    "ftp://:secret123@example.com",
    "https://user:pass@example.com:8080/p/a/t/h?query=1&b=x+y#frag",
    "https://127.0.0.1/index.html",
    "https://[::1]/",
    "http://[0:0:0:0:0:ffff:1.2.3.4]:81/",
    "https://example.com:443/",
    "ws://example.com:80/chat",
    "file:///tmp/foo",
    "file://localhost/etc/hosts",
    "file:///C:/Windows",
    "data:text/plain,Stuff",
    "unix:/run/foo.socket",
    "mailto:rms@example.net",
    "javascript:alert(1)",
    "https://example.com/countries/việt nam",
    "HTTPS://例え.テスト/a/./b/../c",
    "http://0x7f.1/",
    "blob:https://example.com/uuid",
    "blob:data:text/plain,x",
    "foo://Ex%41mple/path",
    "foo:///x",
    "foo://host",
    "web+demo:/.//not-a-host/",
    "https://example.com/?a=1&a=2&%C3%A9=%20&flag",
    "http://example.com/a b?c d#e f",
    "https://example.com/%7Efoo/..%2F",
    "moz://a:1/",
    "sc://ñ/",
    "http://a/b/c/./../d",
    "https:////example.com///",
    "http://example.com/?#",
    "https://ex ample.org/",
    "http://[::1",
    "http://256.0.0.1/",
    "https://%00/",
    "http://a:65536/",
    "not a url",
];

/// (check, input, why `url` differs from the standard there); these run inverted.
const DIFFERENCES: &[(&str, &str, &str)] = &[];

/// A check's value on one input, for both crates, as text.
type Row = (String, String);

/// Runs `$body` with `$u` bound to the same input parsed by each crate.
macro_rules! both {
    ($input:expr, |$u:ident| $body:expr) => {{
        let theirs = match url::Url::parse($input) {
            Ok($u) => $body,
            Err(_) => "failure".to_owned(),
        };
        let ours = match pegurl::Url::parse($input) {
            Ok($u) => $body,
            Err(_) => "failure".to_owned(),
        };
        (theirs, ours)
    }};
}

/// `url`'s host, written the way pegurl's maps to it (see `pegurl::Host`): an opaque host is
/// `url`'s `Domain`; the empty host is `url`'s None.
fn their_host(u: &url::Url) -> String {
    match u.host() {
        None => "None".to_owned(),
        Some(url::Host::Domain(d)) => format!("Domain({d})"),
        Some(url::Host::Ipv4(a)) => format!("Ipv4({a})"),
        Some(url::Host::Ipv6(a)) => format!("Ipv6({a})"),
    }
}

fn our_host(u: &pegurl::Url) -> String {
    match u.host() {
        None | Some(pegurl::Host::Empty) => "None".to_owned(),
        Some(pegurl::Host::Domain(d)) | Some(pegurl::Host::Opaque(d)) => format!("Domain({d})"),
        Some(pegurl::Host::Ipv4(a)) => format!("Ipv4({a})"),
        Some(pegurl::Host::Ipv6(a)) => format!("Ipv6({a})"),
        Some(other) => format!("{other:?}"),
    }
}

/// Every getter's value on every input.
fn getters() -> BTreeMap<(String, String), Row> {
    let mut rows = BTreeMap::new();
    for &input in INPUTS {
        let mut add = |check: &str, row: Row| {
            rows.insert((check.to_owned(), input.to_owned()), row);
        };
        add("as_str", both!(input, |u| u.as_str().to_owned()));
        add("scheme", both!(input, |u| u.scheme().to_owned()));
        add("username", both!(input, |u| u.username().to_owned()));
        add("password", both!(input, |u| format!("{:?}", u.password())));
        add("host_str", both!(input, |u| format!("{:?}", u.host_str())));
        add("domain", both!(input, |u| format!("{:?}", u.domain())));
        add("port", both!(input, |u| format!("{:?}", u.port())));
        let known = both!(input, |u| format!("{:?}", u.port_or_known_default()));
        add("port_or_known_default", known);
        add("path", both!(input, |u| u.path().to_owned()));
        let segments = both!(input, |u| format!(
            "{:?}",
            u.path_segments().map(|s| s.collect::<Vec<_>>())
        ));
        add("path_segments", segments);
        add("query", both!(input, |u| format!("{:?}", u.query())));
        let pairs = both!(input, |u| format!(
            "{:?}",
            u.query_pairs().collect::<Vec<_>>()
        ));
        add("query_pairs", pairs);
        add("fragment", both!(input, |u| format!("{:?}", u.fragment())));
        add(
            "cannot_be_a_base",
            both!(input, |u| u.cannot_be_a_base().to_string()),
        );
        add("has_host", both!(input, |u| u.has_host().to_string()));
        add(
            "has_authority",
            both!(input, |u| u.has_authority().to_string()),
        );
        add("authority", both!(input, |u| u.authority().to_owned()));
        let origin = both!(input, |u| u.origin().ascii_serialization());
        add("origin", origin);
        let unicode = both!(input, |u| u.origin().unicode_serialization());
        add("origin_unicode", unicode);
        add(
            "origin_is_tuple",
            both!(input, |u| u.origin().is_tuple().to_string()),
        );
        let theirs = url::Url::parse(input).map_or("failure".to_owned(), |u| their_host(&u));
        let ours = pegurl::Url::parse(input).map_or("failure".to_owned(), |u| our_host(&u));
        add("host", (theirs, ours));
    }
    rows
}

/// Checks rows: equal, or listed in `DIFFERENCES` and different.
fn check(rows: BTreeMap<(String, String), Row>, prefix: &str) {
    let mut wrong = Vec::new();
    for ((check, input), (theirs, ours)) in rows {
        let listed = DIFFERENCES
            .iter()
            .find(|(c, i, _)| *c == check && *i == input);
        match listed {
            None if theirs != ours => wrong.push(format!(
                "{check} of {input:?}: url {theirs:?}, pegurl {ours:?}"
            )),
            Some((_, _, why)) if theirs == ours => wrong.push(format!(
                "{check} of {input:?} is listed as a difference ({why}) but both give {ours:?}"
            )),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{prefix}:\n{}", wrong.join("\n"));
}

#[test]
fn getters_match_the_url_crate_but_for_the_listed_differences() {
    check(getters(), "getters");
}
