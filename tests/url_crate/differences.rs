//! The cases where pegurl and the `url` crate differ, each with the standard's reason, and the
//! check that runs every other case straight and these inverted.

use std::collections::BTreeMap;

use super::Row;

/// (check, input, why `url` differs from the standard there); these run inverted.
pub const DIFFERENCES: &[(&str, &str, &str)] = &[
    ("domain", "foo://Ex%41mple/path", OPAQUE_HOST),
    ("domain", "foo://host", OPAQUE_HOST),
    ("domain", "moz://a:1/", OPAQUE_HOST),
    ("domain", "sc://ñ/", OPAQUE_HOST),
    ("has_host", "file:///C:/Windows", EMPTY_HOST),
    ("has_host", "file:///tmp/foo", EMPTY_HOST),
    ("has_host", "file://localhost/etc/hosts", EMPTY_HOST),
    ("has_host", "foo:///x", EMPTY_HOST),
    ("host_str", "file:///C:/Windows", EMPTY_HOST),
    ("host_str", "file:///tmp/foo", EMPTY_HOST),
    ("host_str", "file://localhost/etc/hosts", EMPTY_HOST),
    ("host_str", "foo:///x", EMPTY_HOST),
    (
        "make_relative",
        "https://example.net/a/ -> https://example.net/a/x:y",
        RELATIVE_JOINS_ELSEWHERE,
    ),
    (
        "make_relative",
        "https://example.net/a/b.html -> https://example.net/a/",
        RELATIVE_JOINS_ELSEWHERE,
    ),
    (
        "make_relative",
        "https://example.net/a/b.html?q -> https://example.net/a/b.html",
        RELATIVE_JOINS_ELSEWHERE,
    ),
    (
        "path_segments_mut push dots",
        "file:///tmp/x",
        DOT_SEGMENT_PUSHED,
    ),
    (
        "path_segments_mut push dots",
        "foo://host/p",
        DOT_SEGMENT_PUSHED,
    ),
    (
        "path_segments_mut push dots",
        "foo:///p",
        DOT_SEGMENT_PUSHED,
    ),
    (
        "path_segments_mut push dots",
        "foo://u:p@host:1/p",
        DOT_SEGMENT_PUSHED,
    ),
    ("path_segments_mut push dots", "foo:/p", DOT_SEGMENT_PUSHED),
    (
        "path_segments_mut push dots",
        "https://user:pw@example.com:8080/a/b?q=1#f",
        DOT_SEGMENT_PUSHED,
    ),
    (
        "path_segments_mut push dots",
        "non-spec:/.//p",
        DOT_SEGMENT_PUSHED,
    ),
    ("path_segments_mut pop", "non-spec:/.//p", HOSTLESS_DOT),
    (
        "path_segments_mut push drive letters",
        "non-spec:/.//p",
        HOSTLESS_DOT,
    ),
    (
        "path_segments_mut pop clear",
        "non-spec:/.//p",
        HOSTLESS_DOT,
    ),
    ("set_host", "non-spec:/.//p", HOSTLESS_DOT),
    ("set_host None", "foo:///p", EMPTY_HOST),
    ("set_host empty", "file:///tmp/x", FILE_EMPTY_HOST),
    (
        "set_host empty",
        "foo://u:p@host:1/p",
        EMPTY_HOST_WITH_CREDENTIALS_OR_PORT,
    ),
    ("set_host empty", "non-spec:/.//p", HOSTLESS_DOT),
    ("set_host ipv6", "non-spec:/.//p", HOSTLESS_DOT),
    ("set_ip_host", "non-spec:/.//p", HOSTLESS_DOT),
    (
        "set_scheme file",
        "http://example.com/",
        FILE_SCHEME_WITH_HOST,
    ),
    ("set_host localhost", "file:///tmp/x", FILE_LOCALHOST),
    ("set_host localhost", "non-spec:/.//p", HOSTLESS_DOT),
    ("set_host long label", "file:///tmp/x", LONG_LABEL),
    ("set_host long label", "http://example.com/", LONG_LABEL),
    (
        "set_host long label",
        "https://user:pw@example.com:8080/a/b?q=1#f",
        LONG_LABEL,
    ),
    ("set_host long label", "non-spec:/.//p", HOSTLESS_DOT),
    ("set_host with tab", "file:///tmp/x", TAB_OR_NEWLINE_REMOVED),
    ("set_host with tab", "foo://host/p", TAB_OR_NEWLINE_REMOVED),
    ("set_host with tab", "foo:///p", TAB_OR_NEWLINE_REMOVED),
    (
        "set_host with tab",
        "foo://u:p@host:1/p",
        TAB_OR_NEWLINE_REMOVED,
    ),
    ("set_host with tab", "foo:/p", TAB_OR_NEWLINE_REMOVED),
    (
        "set_host with tab",
        "http://example.com/",
        TAB_OR_NEWLINE_REMOVED,
    ),
    (
        "set_host with tab",
        "https://user:pw@example.com:8080/a/b?q=1#f",
        TAB_OR_NEWLINE_REMOVED,
    ),
    (
        "set_host with tab",
        "non-spec:/.//p",
        TAB_OR_NEWLINE_REMOVED,
    ),
    ("set_host with port", "file:///tmp/x", HOSTNAME_WITH_PORT),
    ("set_host with port", "foo://host/p", HOSTNAME_WITH_PORT),
    ("set_host with port", "foo:///p", HOSTNAME_WITH_PORT),
    (
        "set_host with port",
        "foo://u:p@host:1/p",
        HOSTNAME_WITH_PORT,
    ),
    ("set_host with port", "foo:/p", HOSTNAME_WITH_PORT),
    ("set_host with port", "non-spec:/.//p", HOSTNAME_WITH_PORT),
    (
        "set_host with port",
        "http://example.com/",
        HOSTNAME_WITH_PORT,
    ),
    (
        "set_host with port",
        "https://user:pw@example.com:8080/a/b?q=1#f",
        HOSTNAME_WITH_PORT,
    ),
    ("set_path", "mailto:a@b", OPAQUE_PATH_SETTER),
    ("set_path", "non-spec:/.//p", HOSTLESS_DOT),
    ("set_path relative", "mailto:a@b", OPAQUE_PATH_SETTER),
    ("set_path relative", "non-spec:/.//p", HOSTLESS_DOT),
    ("Host::parse", "xn--a.example", PUNYCODE_FALLBACK),
    ("Host::parse_opaque", "", EMPTY_HOST_KIND),
    (
        "AfterPassword",
        "ftp://rms@example.com",
        URL_PANICS_OR_AFTER_AT,
    ),
];

/// Cases where the two differ only in debug builds, where `url`'s debug assertions panic (in
/// release builds `url` answers as pegurl does); these run inverted in debug builds and
/// straight in release builds.
pub const DEBUG_BUILD_DIFFERENCES: &[(&str, &str, &str)] =
    &[("BeforePassword", "ftp://rms@example.com", URL_PANICS)];

/// The July 2026 standard keeps an ASCII label that is not valid Punycode, lowercased, where
/// `url`'s IDNA (idna 1.1) fails the host (tests/api.rs pins the behaviour; WPT agrees).
const PUNYCODE_FALLBACK: &str = "an ASCII label that is not valid Punycode stays";
/// The empty host is `Host::Empty`, a kind of its own, where `url` gives `Domain("")`.
const EMPTY_HOST_KIND: &str = "the empty host is Host::Empty";

/// `url`'s `make_relative` answers with a string that, joined with the base, gives another URL
/// ("x:y" reads as a scheme, "/" is the root, "" keeps the base's query); pegurl's answer is
/// checked by joining.
const RELATIVE_JOINS_ELSEWHERE: &str = "url's answer joins to another URL";
/// The protocol setter refuses "file" only for a URL with credentials or a port (or from a
/// file URL with the empty host): a special URL with just a host becomes a file URL with that
/// host (whatwg-url agrees); `url` refuses it.
const FILE_SCHEME_WITH_HOST: &str = "a special URL with a host may become a file URL";
/// The "/." of `non-spec:/.//p` is the serializer's, not the path's (["", "p"]): it is written
/// only while the URL has no host and its path has more than one segment. `url` keeps it in the
/// path when a host is set, a segment popped or the path replaced (whatwg-url agrees with
/// pegurl: `non-spec://10.0.0.1//p`, `non-spec:/`, `non-spec:/rel`).
const HOSTLESS_DOT: &str = "the \"/.\" of a URL without a host is the serializer's";
/// A segment pushed that is "." or ".." once its tabs and newlines are dropped is left out, as
/// "." and ".." are (appended, it would be a dot segment that the href does not parse back
/// to); `url` runs the path state on it, so "\t.." removes the last segment and ".\n" adds an
/// empty one. (No standard speaks of pushing segments: a choice, not a reading.)
const DOT_SEGMENT_PUSHED: &str = "a dot segment with a tab or newline is not pushed";
/// The standard's hostname setter gives a file URL the empty host (`file:///x` has it).
const FILE_EMPTY_HOST: &str = "a file URL may have the empty host";
/// The hostname setter stops at ":" and returns: the URL is unchanged (url sets the host "a"
/// and drops ":1").
const HOSTNAME_WITH_PORT: &str = "the hostname setter leaves the URL unchanged at a port";
/// The standard's hostname setter returns failure on the empty string where the URL has
/// credentials or a port (whatwg-url 17.3 leaves `foo://u:p@host:1/p` as it is); `url` writes
/// `foo://u:p@:1/p`, which no parser reads back (whatwg-url fails it: host-missing).
const EMPTY_HOST_WITH_CREDENTIALS_OR_PORT: &str =
    "no empty host where the URL has credentials or a port";
/// The standard's hostname setter makes "localhost" the empty host of a file URL, as its parser
/// does (`file://localhost/x` is `file:///x`); `url` keeps "localhost".
const FILE_LOCALHOST: &str = "a file URL's localhost is the empty host";
/// The standard's domain to ASCII runs ToASCII with beStrict false, which checks no label's or
/// domain's length: a label of 1,001 "é" is taken (whatwg-url agrees); `url` fails it.
const LONG_LABEL: &str = "no length limit on a label";
/// A setter's value loses its tabs and newlines, as a parse's input does (the basic URL parser
/// runs on it); `url` refuses a host with one.
const TAB_OR_NEWLINE_REMOVED: &str = "tabs and newlines are removed from the value";
/// The pathname setter returns at once for a URL with an opaque path; url replaces the path.
const OPAQUE_PATH_SETTER: &str = "an opaque path is not set";
/// `url` panics in a debug assertion slicing at a password when there is a username and no
/// password; in release builds it answers where the username ends, as pegurl does.
const URL_PANICS: &str = "url panics here in debug builds";
/// The same debug assertion after the password; in release builds `url` answers after the "@"
/// (pegurl: where the username ends, before it).
const URL_PANICS_OR_AFTER_AT: &str = "url panics here in debug builds, and answers after the @";

/// The host of a URL that is not special is an opaque host, which the standard does not call a
/// domain (no lowercasing, no IDNA); `url` calls it one.
const OPAQUE_HOST: &str = "an opaque host is not a domain";
/// The standard's empty host is the empty string, not null: `file:///x` has a host, "".
const EMPTY_HOST: &str = "the empty host is a host";

/// Checks rows: equal, or listed in `DIFFERENCES` (or, in a debug build,
/// `DEBUG_BUILD_DIFFERENCES`) and different.
pub fn check(rows: BTreeMap<(String, String), Row>, prefix: &str) {
    let mut wrong = Vec::new();
    for ((check, input), (theirs, ours)) in rows {
        let debug_build = DEBUG_BUILD_DIFFERENCES
            .iter()
            .filter(|_| cfg!(debug_assertions));
        let listed = DIFFERENCES
            .iter()
            .chain(debug_build)
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
