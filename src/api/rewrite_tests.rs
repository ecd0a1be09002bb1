//! The setters that change a URL in place or from a component on, without writing it whole
//! (the scheme, the port, the credentials, a query or path already serialized, a component
//! removed: [`crate::record::Writer`]'s changes in place, and
//! [`crate::builder::rewrite`]) against the same change made to the URL's parts and assembled
//! whole ([`Url::change_parts`]), the way these setters took before: on every URL of WPT's
//! urltestdata.json that parses, the two must write the same serialization and the same record
//! (offsets, kinds), and fail alike.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::quirks;
use super::setters::Credential;
use crate::error::SetterError;
use crate::percent;
use crate::record::{HostKind, Parts};
use crate::tables::{Set, BUILTIN};
use crate::Url;

/// The URLs of urltestdata.json that parse (with their base, when they have one).
fn urls() -> Vec<Url> {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../../fixtures/wpt/urltestdata.json")).expect("JSON");
    let mut urls = Vec::new();
    for case in data.as_array().expect("a list") {
        let Some(input) = case.get("input").and_then(|i| i.as_str()) else {
            continue;
        };
        let base = case.get("base").and_then(|b| b.as_str());
        let base = match base {
            Some(base) => match Url::parse(base) {
                Ok(base) => Some(base),
                Err(_) => continue,
            },
            None => None,
        };
        if let Ok(url) = Url::options().base_url(base.as_ref()).parse(input) {
            urls.push(url);
        }
    }
    assert!(urls.len() > 500, "{} URLs", urls.len());
    urls
}

/// A change made both ways: by the rewrite, and to the parts assembled.
struct Change {
    name: &'static str,
    rewrite: fn(&mut Url) -> Result<(), SetterError>,
    parts: fn(&mut Parts<'_>) -> Result<(), SetterError>,
}

const CHANGES: &[Change] = &[
    Change {
        name: "port 81",
        rewrite: |u| u.set_port_number(Some(81)),
        parts: |p| port(p, Some(81)),
    },
    Change {
        name: "port 80",
        rewrite: |u| u.set_port_number(Some(80)),
        parts: |p| port(p, Some(80)),
    },
    Change {
        name: "port null",
        rewrite: |u| u.set_port_number(None),
        parts: |p| port(p, None),
    },
    Change {
        name: "query null",
        rewrite: |u| u.clear_query(),
        parts: |p| {
            p.query = None;
            Ok(())
        },
    },
    Change {
        name: "query a=1&b=%20",
        rewrite: |u| u.set_serialized_query(Some("a=1&b=%20")),
        parts: |p| {
            p.query = Some("a=1&b=%20".into());
            Ok(())
        },
    },
    Change {
        name: "query empty",
        rewrite: |u| u.set_serialized_query(Some("")),
        parts: |p| {
            p.query = Some("".into());
            Ok(())
        },
    },
    Change {
        name: "fragment null",
        rewrite: |u| u.clear_fragment(),
        parts: |p| {
            p.fragment = None;
            Ok(())
        },
    },
    Change {
        name: "fragment empty",
        rewrite: |u| u.empty_fragment(),
        parts: |p| {
            p.fragment = Some("".into());
            Ok(())
        },
    },
    Change {
        name: "username bob",
        rewrite: |u| quirks::set_username(u, "bob"),
        parts: |p| credential(p, "bob", Credential::Username),
    },
    Change {
        name: "username empty",
        rewrite: |u| quirks::set_username(u, ""),
        parts: |p| credential(p, "", Credential::Username),
    },
    Change {
        name: "username a@b:c d",
        rewrite: |u| quirks::set_username(u, "a@b:c d"),
        parts: |p| credential(p, "a@b:c d", Credential::Username),
    },
    Change {
        name: "password pw",
        rewrite: |u| quirks::set_password(u, "pw"),
        parts: |p| credential(p, "pw", Credential::Password),
    },
    Change {
        name: "password empty",
        rewrite: |u| quirks::set_password(u, ""),
        parts: |p| credential(p, "", Credential::Password),
    },
    Change {
        name: "password :@/",
        rewrite: |u| quirks::set_password(u, ":@/"),
        parts: |p| credential(p, ":@/", Credential::Password),
    },
    Change {
        name: "scheme http",
        rewrite: |u| quirks::set_protocol(u, "http"),
        parts: |p| scheme(p, "http"),
    },
    Change {
        name: "scheme WS",
        rewrite: |u| quirks::set_protocol(u, "WS"),
        parts: |p| scheme(p, "ws"),
    },
    Change {
        name: "scheme file",
        rewrite: |u| quirks::set_protocol(u, "file"),
        parts: |p| scheme(p, "file"),
    },
    Change {
        name: "scheme web+demo",
        rewrite: |u| quirks::set_protocol(u, "web+demo"),
        parts: |p| scheme(p, "web+demo"),
    },
    Change {
        name: "path /x/y",
        rewrite: |u| path(u, "/x/y"),
        parts: |p| {
            p.path = "/x/y".into();
            Ok(())
        },
    },
    Change {
        name: "path //x",
        rewrite: |u| path(u, "//x"),
        parts: |p| {
            p.path = "//x".into();
            Ok(())
        },
    },
    Change {
        name: "path empty",
        rewrite: |u| path(u, ""),
        parts: |p| {
            p.path = "".into();
            Ok(())
        },
    },
];

/// The URL of `parts` cannot have a username, password or port: its host is null or empty, or
/// its scheme is "file".
fn cannot_have_credentials_or_port(parts: &Parts<'_>) -> bool {
    matches!(parts.host, None | Some((HostKind::Empty, _))) || parts.scheme_kind.is_file()
}

/// The port setter's steps on parts.
fn port(parts: &mut Parts<'_>, port: Option<u16>) -> Result<(), SetterError> {
    if cannot_have_credentials_or_port(parts) {
        return Err(SetterError::CannotHaveCredentialsOrPort);
    }
    parts.port = port.filter(|p| Some(*p) != parts.scheme_kind.default_port());
    Ok(())
}

/// The protocol setter's steps on parts, with an ASCII-lowercase scheme that the scheme state
/// reads whole.
fn scheme(parts: &mut Parts<'_>, scheme: &str) -> Result<(), SetterError> {
    let (was, is) = (parts.scheme_kind, BUILTIN.scheme_kind(scheme));
    let credentials = !parts.username.is_empty() || !parts.password.is_empty();
    if was.is_special() != is.is_special()
        || ((credentials || parts.port.is_some()) && is.is_file())
        || (was.is_file() && matches!(parts.host, Some((HostKind::Empty, _))))
    {
        return Err(SetterError::SchemeChange);
    }
    if parts.port.is_some() && parts.port == is.default_port() {
        parts.port = None;
    }
    parts.scheme = String::from(scheme).into();
    parts.scheme_kind = is;
    Ok(())
}

/// The username or password setter's steps on parts: UTF-8 percent-encoded with the userinfo
/// percent-encode set.
fn credential(parts: &mut Parts<'_>, value: &str, which: Credential) -> Result<(), SetterError> {
    if cannot_have_credentials_or_port(parts) {
        return Err(SetterError::CannotHaveCredentialsOrPort);
    }
    let encoded = percent::encode(value, BUILTIN.set(Set::Userinfo)).into_owned();
    match which {
        Credential::Username => parts.username = encoded.into(),
        Credential::Password => parts.password = encoded.into(),
    }
    Ok(())
}

/// A serialized path set as `PathSegmentsMut` sets it: only on a URL whose path is not opaque.
fn path(url: &mut Url, path: &str) -> Result<(), SetterError> {
    if url.cannot_be_a_base() {
        return Err(SetterError::OpaquePath);
    }
    url.set_serialized_path(path)
}

/// The record's every field, to compare two records by.
fn fields(url: &Url) -> String {
    format!("{:?}", url.record)
}

#[test]
fn a_rewrite_writes_what_the_parts_assembled_write() {
    let urls = urls();
    let mut compared = 0;
    for url in &urls {
        for change in CHANGES {
            let mut rewritten = url.clone();
            let by_rewrite = (change.rewrite)(&mut rewritten);
            let mut assembled = url.clone();
            let by_parts = match change.name.starts_with("path") && url.cannot_be_a_base() {
                true => Err(SetterError::OpaquePath),
                false => assembled.change_parts(change.parts),
            };
            let context = format!("{} on {}", change.name, url.as_str());
            assert_eq!(by_rewrite.is_ok(), by_parts.is_ok(), "{context}");
            assert_eq!(rewritten.as_str(), assembled.as_str(), "{context}");
            assert_eq!(fields(&rewritten), fields(&assembled), "{context}");
            compared += 1;
        }
    }
    assert_eq!(compared, urls.len() * CHANGES.len());
}

/// `set_ip_host` writes the host serializer's output in place; the hostname setter, given the
/// address as text, must write the same URL (an IPv4 address an opaque host when the URL is
/// not special).
#[test]
fn an_ip_host_written_in_place_is_what_the_hostname_setter_writes() {
    use core::net::IpAddr;
    let addresses = [
        "1.2.3.4",
        "0.0.0.0",
        "255.255.255.255",
        "::1",
        "::",
        "1:0:0:2::3",
        "::ffff:1.2.3.4",
        "2001:db8:0:0:1:0:0:1",
    ];
    let mut compared = 0;
    for url in &urls() {
        for address in addresses {
            let ip: IpAddr = address.parse().expect("an address");
            let mut in_place = url.clone();
            let by_ip = in_place.set_ip_host(ip);
            let text = match ip {
                IpAddr::V4(a) => format!("{a}"),
                IpAddr::V6(a) => format!("[{a}]"),
            };
            let mut by_setter = url.clone();
            let by_text = match url.cannot_be_a_base() {
                true => Err(()),
                false => by_setter.set_host(Some(&text)).map_err(drop),
            };
            let context = format!("{address} on {}", url.as_str());
            assert_eq!(by_ip, by_text, "{context}");
            assert_eq!(in_place.as_str(), by_setter.as_str(), "{context}");
            assert_eq!(fields(&in_place), fields(&by_setter), "{context}");
            compared += 1;
        }
    }
    assert_eq!(compared, urls().len() * addresses.len());
}

/// `query_pairs_mut` appends to the URL's own serialization, its fragment set apart; the pairs
/// written apart from the URL and set as its query must give the same URL, whether pairs are
/// appended, the pairs cleared first, or nothing appended (a URL without a query then gets the
/// empty one), and whether the serializer is finished or dropped.
#[test]
fn query_pairs_appended_in_place_are_the_query_written_apart_and_set() {
    use super::form_urlencoded::{Serializer, Target};
    /// The calls of one case on a serializer.
    fn calls<T: Target>(case: &str, serializer: &mut Serializer<'_, T>) {
        match case {
            "append" => {
                serializer.append_pair("k", "v w&").append_key_only("é#");
            }
            "clear and append" => {
                serializer.clear().append_pair("a", "1");
            }
            "clear" => {
                serializer.clear();
            }
            _ => {}
        }
    }
    let cases = ["append", "clear and append", "clear", "nothing"];
    let mut compared = 0;
    for url in &urls() {
        for case in cases {
            let mut apart = Serializer::new(String::from(url.query().unwrap_or("")));
            calls(case, &mut apart);
            let mut by_setter = url.clone();
            by_setter
                .set_serialized_query(Some(&apart.finish()))
                .expect("a short URL");
            for finished in [true, false] {
                let mut in_place = url.clone();
                let mut serializer = in_place.query_pairs_mut();
                calls(case, &mut serializer);
                if finished {
                    serializer.finish();
                }
                drop(serializer);
                let context = format!("{case} (finished: {finished}) on {}", url.as_str());
                assert_eq!(in_place.as_str(), by_setter.as_str(), "{context}");
                assert_eq!(fields(&in_place), fields(&by_setter), "{context}");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, urls().len() * cases.len() * 2);
}

/// A `quirks` setter, as the WPT setters tests call it.
type QuirksSetter = fn(&mut Url, &str) -> Result<(), SetterError>;

/// Every case of `fixtures/wpt/setters_tests.json` for the setters named: the setter, the
/// attribute's name, the URL's href, the value and the href expected.
fn wpt_setter_cases(
    setters: &[(&'static str, QuirksSetter)],
) -> Vec<(QuirksSetter, &'static str, String, String, String)> {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../../fixtures/wpt/setters_tests.json")).expect("JSON");
    let text = |value: &serde_json::Value| value.as_str().expect("a string").to_owned();
    let mut cases = Vec::new();
    for &(attribute, set) in setters {
        for case in data[attribute].as_array().expect("a list") {
            let (href, value) = (text(&case["href"]), text(&case["new_value"]));
            cases.push((set, attribute, href, value, text(&case["expected"]["href"])));
        }
    }
    cases
}

/// The pathname setter (on a URL with a host), the search setter and the hash setter write
/// their component alone and splice it into the URL: in place when the URL's buffer has room
/// for the change, else around it in the setter's buffer. Every WPT setters case of the three,
/// on a URL whose buffer has no room, about the room the change needs, or plenty, gives WPT's
/// href.
#[test]
fn components_written_alone_give_wpts_results_with_and_without_room() {
    let mut cases = 0;
    let setters: [(&str, QuirksSetter); 3] = [
        ("pathname", quirks::set_pathname),
        ("search", quirks::set_search),
        ("hash", quirks::set_hash),
    ];
    for (set, attribute, href, value, expected) in wpt_setter_cases(&setters) {
        // No room, the room the result needs, a byte less and a byte more, and plenty.
        let parsed = Url::parse(&href).expect("WPT's URL parses").href().len();
        let needed = expected.len().saturating_sub(parsed);
        for room in [0, needed.saturating_sub(1), needed, needed + 1, 256] {
            let mut url = Url::parse(&href).expect("WPT's URL parses");
            url.record.set_room(room);
            let _ = set(&mut url, &value);
            assert_eq!(
                url.href(),
                expected,
                "{attribute} = {value:?} on {href} with room {room}"
            );
            cases += 1;
        }
    }
    assert!(cases > 100, "{cases} cases");
}

/// A URL that once held a long query does not keep that buffer when a short one replaces it:
/// written alone, the component goes into the setter's buffer when the URL's is far larger than
/// the URL needs.
#[test]
fn a_component_written_alone_does_not_keep_a_far_larger_buffer() {
    let mut url = Url::parse("http://h/p?q#f").expect("parses");
    url.set_query(Some(&"a".repeat(1 << 20)));
    assert!(url.record.capacity() >= 1 << 20);
    quirks::set_search(&mut url, "x").expect("a query");
    assert_eq!(url.href(), "http://h/p?x#f");
    assert!(url.record.capacity() < 1024, "{}", url.record.capacity());
}

/// A URL whose long host is replaced by a short one does not keep a buffer sized for the long
/// one: the host put in place goes into the setter's buffer, shrunk when it is far larger than
/// the URL.
#[test]
fn a_host_put_in_place_does_not_keep_a_far_larger_buffer() {
    let long = "a".repeat(1 << 16);
    let mut url = Url::parse(&format!("http://{long}/p?q#f")).expect("parses");
    quirks::set_host(&mut url, "h:81").expect("a host");
    assert_eq!(url.href(), "http://h:81/p?q#f");
    assert!(url.record.capacity() < 1024, "{}", url.record.capacity());
}

/// The host, hostname and port setters put the host and the port in place in a URL that has a
/// host (`Writer::put_host_and_port`, `Writer::put_port`): on every WPT case of the three, the
/// href is WPT's and the record, offsets and kinds included, is the one its href parses to
/// (fails when an offset after the host or the port is not moved, or a kind or port not set).
#[test]
fn hosts_and_ports_put_in_place_are_the_records_their_hrefs_parse_to() {
    let setters: [(&str, QuirksSetter); 3] = [
        ("host", quirks::set_host),
        ("hostname", quirks::set_hostname),
        ("port", quirks::set_port),
    ];
    let mut in_place = 0;
    for (set, attribute, href, value, expected) in wpt_setter_cases(&setters) {
        let mut url = Url::parse(&href).expect("WPT's URL parses");
        in_place += usize::from(url.record.host_kind().is_some());
        let _ = set(&mut url, &value);
        assert_eq!(url.href(), expected, "{attribute} = {value:?} on {href}");
        let parsed = Url::parse(url.href()).expect("the href parses");
        assert_eq!(
            fields(&url),
            fields(&parsed),
            "{attribute} = {value:?} on {href}"
        );
    }
    assert!(in_place > 100, "{in_place} cases on a URL with a host");
}
