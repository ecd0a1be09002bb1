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

#[path = "url_crate/differences.rs"]
mod differences;

use differences::check;

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

#[test]
fn getters_match_the_url_crate_but_for_the_listed_differences() {
    check(getters(), "getters");
}

/// (base, input) pairs for `join`, from `url`'s examples and the standard's corners.
const JOINS: &[(&str, &str)] = &[
    ("https://example.net/a/b.html", "c.png"),
    ("https://example.net/a/b.html", "/c.png"),
    ("https://example.net/a/b.html", "../../../c"),
    ("https://example.net/a/b.html", "//other.org/x"),
    ("https://example.net/a/b.html", "?q#f"),
    ("https://example.net/a/b.html", "#f"),
    ("https://example.net/a/b.html", "https:c"),
    ("https://api.example.com", "version.json"),
    ("https://api.example.com/v1", "/version.json"),
    ("https://api.example.com/v1/", "version.json"),
    ("file:///C:/a/b", "/d"),
    ("file:///a/b", "..\\c"),
    ("mailto:a@b", "c"),
    ("mailto:a@b", "#top"),
    ("foo://h/a/b", "../c"),
    ("foo:/a/b", "//h"),
    ("http://example.com/", "http://[::1"),
];

#[test]
fn join_matches_the_url_crate() {
    let mut rows = BTreeMap::new();
    for &(base, input) in JOINS {
        let row = both!(base, |u| u
            .join(input)
            .map_or("failure".to_owned(), |j| j.to_string()));
        rows.insert(("join".to_owned(), format!("{base} + {input}")), row);
    }
    check(rows, "join");
}

/// Each setter of `url`, with the same argument types in both crates, on a few URLs.
#[test]
fn setters_match_the_url_crate() {
    let urls = [
        "https://user:pw@example.com:8080/a/b?q=1#f",
        "http://example.com/",
        "foo://host/p",
        "foo:/p",
        "foo:///p",
        "foo://u:p@host:1/p",
        "file:///tmp/x",
        "mailto:a@b",
        "non-spec:/.//p",
    ];
    let mut rows = BTreeMap::new();
    for &input in &urls {
        let mut add = |check: &str, row: Row| {
            rows.insert((check.to_owned(), input.to_owned()), row);
        };
        macro_rules! set {
            ($name:literal, |$u:ident| $call:expr) => {
                add(
                    $name,
                    both!(input, |u| {
                        let mut $u = u;
                        let ok = format!("{:?}", $call.is_ok());
                        format!("{ok} {}", $u)
                    }),
                )
            };
            ($name:literal, unit |$u:ident| $call:expr) => {
                add(
                    $name,
                    both!(input, |u| {
                        let mut $u = u;
                        $call;
                        $u.to_string()
                    }),
                )
            };
        }
        set!("set_scheme http", |u| u.set_scheme("http"));
        set!("set_scheme foo", |u| u.set_scheme("foo"));
        set!("set_scheme file", |u| u.set_scheme("file"));
        set!("set_scheme bad", |u| u.set_scheme("1x"));
        set!("set_username", |u| u.set_username("a b@c"));
        set!("set_password", |u| u.set_password(Some("p:w")));
        set!("set_password None", |u| u.set_password(None));
        set!("set_host", |u| u.set_host(Some("EXAMPLE.org")));
        set!("set_host ipv6", |u| u.set_host(Some("[::1]")));
        set!("set_host None", |u| u.set_host(None));
        set!("set_host empty", |u| u.set_host(Some("")));
        set!("set_host with port", |u| u.set_host(Some("a:1")));
        set!("set_host localhost", |u| u.set_host(Some("localhost")));
        set!("set_host with tab", |u| u.set_host(Some("a\tb")));
        set!("set_host long label", |u| u
            .set_host(Some(&"é".repeat(1001))));
        set!("set_ip_host", |u| u
            .set_ip_host("10.0.0.1".parse().unwrap()));
        set!("set_port", |u| u.set_port(Some(8081)));
        set!("set_port default", |u| u.set_port(Some(443)));
        set!("set_port None", |u| u.set_port(None));
        set!("set_path", unit | u | u.set_path("/x y/../z?#"));
        set!("set_path relative", unit | u | u.set_path("rel"));
        set!("set_query", unit | u | u.set_query(Some("a b&c")));
        set!("set_query empty", unit | u | u.set_query(Some("")));
        set!("set_query None", unit | u | u.set_query(None));
        set!("set_fragment", unit | u | u.set_fragment(Some("x y")));
        set!("set_fragment None", unit | u | u.set_fragment(None));
        set!(
            "query_pairs_mut",
            unit | u
                | u.query_pairs_mut()
                    .append_pair("k", "v w&")
                    .append_key_only("z")
        );
        set!(
            "query_pairs_mut clear",
            unit | u | u.query_pairs_mut().clear().append_pair("a", "1")
        );
        add(
            "path_segments_mut",
            both!(input, |u| {
                let mut u = u;
                let result = u.path_segments_mut().map(|mut s| {
                    s.pop_if_empty()
                        .push("c d")
                        .extend(["e/f", "..", "%", "g\th\n"]);
                });
                format!("{} {}", result.is_ok(), u)
            }),
        );
        add(
            "path_segments_mut push dots",
            both!(input, |u| {
                let mut u = u;
                let result = u.path_segments_mut().map(|mut s| {
                    s.push("\t..").push(".\n");
                });
                format!("{} {}", result.is_ok(), u)
            }),
        );
        add(
            "path_segments_mut pop",
            both!(input, |u| {
                let mut u = u;
                let result = u.path_segments_mut().map(|mut s| {
                    s.pop();
                });
                format!("{} {}", result.is_ok(), u)
            }),
        );
        add(
            "path_segments_mut pop clear",
            both!(input, |u| {
                let mut u = u;
                let result = u.path_segments_mut().map(|mut s| {
                    s.pop();
                    s.clear().push("x");
                });
                format!("{} {}", result.is_ok(), u)
            }),
        );
        add(
            "path_segments_mut push drive letters",
            both!(input, |u| {
                let mut u = u;
                let result = u.path_segments_mut().map(|mut s| {
                    s.clear().push("c|").push("d|");
                });
                format!("{} {}", result.is_ok(), u)
            }),
        );
    }
    check(rows, "setters");
}

/// Every `Position` range on every input.
#[test]
fn position_slicing_matches_the_url_crate() {
    macro_rules! positions {
        ($p:path) => {{
            use $p as P;
            [
                P::BeforeScheme,
                P::AfterScheme,
                P::BeforeUsername,
                P::AfterUsername,
                P::BeforePassword,
                P::AfterPassword,
                P::BeforeHost,
                P::AfterHost,
                P::BeforePort,
                P::AfterPort,
                P::BeforePath,
                P::AfterPath,
                P::BeforeQuery,
                P::AfterQuery,
                P::BeforeFragment,
                P::AfterFragment,
            ]
        }};
    }
    let mut rows = BTreeMap::new();
    for &input in INPUTS {
        let theirs = positions!(url::Position);
        let ours = positions!(pegurl::Position);
        for i in 0..theirs.len() {
            // `url` panics on some of these (its debug assertions): a panic is a result here.
            let slice = || {
                url::Url::parse(input).map_or("failure".to_owned(), |u| {
                    format!("{:?} {:?}", &u[..theirs[i]], &u[theirs[i]..])
                })
            };
            let theirs_sliced =
                std::panic::catch_unwind(slice).unwrap_or_else(|_| "panic".to_owned());
            let row = (
                theirs_sliced,
                pegurl::Url::parse(input).map_or("failure".to_owned(), |u| {
                    format!("{:?} {:?}", &u[..ours[i]], &u[ours[i]..])
                }),
            );
            rows.insert((format!("{:?}", ours[i]), input.to_owned()), row);
        }
    }
    check(rows, "positions");
}

#[test]
fn make_relative_matches_the_url_crate() {
    let pairs = [
        (
            "https://example.net/a/b.html",
            "https://example.net/a/c.png",
        ),
        ("https://example.net/a/b/", "https://example.net/a/b/c.png"),
        ("https://example.net/a/b/", "https://example.net/a/d/c.png"),
        (
            "https://example.net/a/b.html?c=d",
            "https://example.net/a/b.html?e=f",
        ),
        (
            "https://example.net/a/b.html",
            "https://example.net/a/b.html#top",
        ),
        (
            "https://example.net/a/b.html",
            "http://example.net/a/b.html",
        ),
        ("https://example.net/a/b.html", "https://example.net/a/"),
        (
            "https://example.net/a/b.html?q",
            "https://example.net/a/b.html",
        ),
        ("https://example.net/a/", "https://example.net/a/x:y"),
        ("mailto:a@b", "mailto:c@d"),
    ];
    let mut rows = BTreeMap::new();
    for (base, target) in pairs {
        let row = both!(base, |b| {
            let t = b.join(target).unwrap();
            format!("{:?}", b.make_relative(&t))
        });
        rows.insert(
            ("make_relative".to_owned(), format!("{base} -> {target}")),
            row,
        );
    }
    check(rows, "make_relative");
}

#[test]
fn form_urlencoded_matches_the_url_crates() {
    let inputs = ["a=b+c&%C3%A9=&&d", "=x&y=&%zz=%F0%9F", "a=1=2&b", ""];
    let mut rows = BTreeMap::new();
    for input in inputs {
        let theirs: Vec<_> = url::form_urlencoded::parse(input.as_bytes()).collect();
        let ours: Vec<_> = pegurl::form_urlencoded::parse(input.as_bytes()).collect();
        let row = (format!("{theirs:?}"), format!("{ours:?}"));
        rows.insert(("parse".to_owned(), input.to_owned()), row);
        let theirs: String = url::form_urlencoded::byte_serialize(input.as_bytes()).collect();
        let ours: String = pegurl::form_urlencoded::byte_serialize(input.as_bytes()).collect();
        rows.insert(
            ("byte_serialize".to_owned(), input.to_owned()),
            (theirs, ours),
        );
    }
    let pairs = [("a b", "c&d"), ("é", "~*-._!'()")];
    let theirs = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .append_key_only("k")
        .finish();
    let ours = pegurl::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .append_key_only("k")
        .finish();
    rows.insert(("Serializer".to_owned(), String::new()), (theirs, ours));
    check(rows, "form_urlencoded");
}

#[cfg(unix)]
#[test]
fn file_paths_match_the_url_crate() {
    let paths = ["/tmp/a b/c#d", "/", "/etc/", "relative", "/a/%41/ü"];
    let mut rows = BTreeMap::new();
    for path in paths {
        let theirs = format!("{:?}", url::Url::from_file_path(path).map(String::from));
        let ours = format!("{:?}", pegurl::Url::from_file_path(path).map(String::from));
        rows.insert(
            ("from_file_path".to_owned(), path.to_owned()),
            (theirs, ours),
        );
        let theirs = format!(
            "{:?}",
            url::Url::from_directory_path(path).map(String::from)
        );
        let ours = format!(
            "{:?}",
            pegurl::Url::from_directory_path(path).map(String::from)
        );
        rows.insert(
            ("from_directory_path".to_owned(), path.to_owned()),
            (theirs, ours),
        );
    }
    for input in [
        "file:///tmp/a%20b",
        "file://localhost/x",
        "file://server/x",
        "http://h/x",
        "file:///a/b/",
        "file:///a%2Fb",
    ] {
        let row = both!(input, |u| format!("{:?}", u.to_file_path()));
        rows.insert(("to_file_path".to_owned(), input.to_owned()), row);
    }
    check(rows, "file paths");
}

#[test]
fn socket_addrs_of_ip_hosts_match_the_url_crate() {
    let mut rows = BTreeMap::new();
    for input in [
        "https://127.0.0.1/",
        "http://[::1]:8080/",
        "foo://10.0.0.1/",
        "mailto:x",
    ] {
        let row = both!(input, |u| format!(
            "{:?}",
            u.socket_addrs(|| Some(7)).map_err(|e| e.kind())
        ));
        rows.insert(("socket_addrs".to_owned(), input.to_owned()), row);
    }
    check(rows, "socket_addrs");
}

#[test]
fn parse_options_match_the_url_crate() {
    let mut rows = BTreeMap::new();
    let base_text = "https://example.org/dir/file";
    let their_base = url::Url::parse(base_text).unwrap();
    let our_base = pegurl::Url::parse(base_text).unwrap();
    for input in ["../x y", "https:////a.org", "//h/p", "\\t\\a"] {
        let their_seen = std::cell::RefCell::new(0);
        let their_cb = |_: url::SyntaxViolation| *their_seen.borrow_mut() += 1;
        let theirs = url::Url::options()
            .base_url(Some(&their_base))
            .syntax_violation_callback(Some(&their_cb))
            .parse(input)
            .map(String::from);
        let our_seen = std::cell::RefCell::new(0);
        let our_cb = |_: pegurl::SyntaxViolation| *our_seen.borrow_mut() += 1;
        let ours = pegurl::Url::options()
            .base_url(Some(&our_base))
            .syntax_violation_callback(Some(&our_cb))
            .parse(input)
            .map(String::from);
        let row = (format!("{theirs:?}"), format!("{ours:?}"));
        rows.insert(("options".to_owned(), input.to_owned()), row);
        // Both report at least one violation where the input is not valid.
        let row = (
            (*their_seen.borrow() > 0).to_string(),
            (*our_seen.borrow() > 0).to_string(),
        );
        rows.insert(("violations reported".to_owned(), input.to_owned()), row);
    }
    check(rows, "options");
}

#[test]
fn host_parse_matches_the_url_crate() {
    let show_theirs = |h: Result<url::Host<String>, url::ParseError>| match h {
        Ok(url::Host::Domain(d)) => format!("Domain({d})"),
        Ok(url::Host::Ipv4(a)) => format!("Ipv4({a})"),
        Ok(url::Host::Ipv6(a)) => format!("Ipv6({a})"),
        Err(_) => "failure".to_owned(),
    };
    let show_ours = |h: Result<pegurl::Host<String>, pegurl::ParseError>| match h {
        Ok(pegurl::Host::Domain(d)) | Ok(pegurl::Host::Opaque(d)) => format!("Domain({d})"),
        Ok(pegurl::Host::Ipv4(a)) => format!("Ipv4({a})"),
        Ok(pegurl::Host::Ipv6(a)) => format!("Ipv6({a})"),
        Ok(other) => format!("{other:?}"),
        Err(_) => "failure".to_owned(),
    };
    let inputs = [
        "EXAMPLE.org",
        "0x7f.1",
        "[::1]",
        "[0:0::1:2]",
        "[::1",
        "exa mple",
        "例え.テスト",
        "a:1",
        "",
        "1.2.3.256",
        "xn--a.example",
        "Ex%41mple",
        "a%2Fb",
    ];
    let mut rows = BTreeMap::new();
    for input in inputs {
        let row = (
            show_theirs(url::Host::parse(input)),
            show_ours(pegurl::Host::parse(input)),
        );
        rows.insert(("Host::parse".to_owned(), input.to_owned()), row);
        let row = (
            show_theirs(url::Host::parse_opaque(input)),
            show_ours(pegurl::Host::parse_opaque(input)),
        );
        rows.insert(("Host::parse_opaque".to_owned(), input.to_owned()), row);
    }
    check(rows, "Host::parse");
}

#[test]
fn a_url_is_no_larger_than_the_url_crates() {
    // Issue #20's memory goal: a parsed URL takes no more room than `url::Url` (88 bytes on
    // 64-bit targets); pegurl's record keeps 32-bit offsets and reads an address back from
    // its serialization.
    let ours = std::mem::size_of::<pegurl::Url>();
    let theirs = std::mem::size_of::<url::Url>();
    assert!(
        ours <= theirs,
        "pegurl::Url is {ours} bytes, url::Url {theirs}"
    );
}
