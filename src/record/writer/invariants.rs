//! The writer's checks of the records it finishes, in debug builds (the test suites): the
//! offsets and the serialization agree.

use alloc::format;
use core::ops::Range;

use super::super::Record;
use super::super::{read_address, HostKind, SchemeName};
use super::Draft;
use alloc::string::String;

/// Asserts that a record's offsets and its serialization agree: each delimiter where the
/// offsets say, each range in order and on a character boundary, the scheme kind and port as
/// written. Run on every record the writer finishes in debug builds (the test suites).
pub(super) fn check_invariants(r: &Draft) {
    let s = r.serialization.as_str();
    let byte = |at: usize| s.as_bytes().get(at).copied();
    let range_ok = |range: &Range<usize>| {
        range.start <= range.end && s.is_char_boundary(range.start) && s.is_char_boundary(range.end)
    };
    assert_eq!(byte(r.scheme_end), Some(b':'), "scheme's ':' in {s:?}");
    let scheme = &s[..r.scheme_end];
    assert!(
        !scheme.bytes().any(|b| b.is_ascii_uppercase()),
        "lowercase scheme in {s:?}"
    );
    assert_eq!(r.scheme_kind.name(), SchemeName::of(scheme), "{s:?}");
    for range in [&r.username, &r.password, &r.host, &r.path] {
        assert!(range_ok(range), "{range:?} in {s:?}");
    }
    match r.host_kind {
        Some(kind) => {
            assert_eq!(&s[r.scheme_end + 1..r.scheme_end + 3], "//", "{s:?}");
            assert_eq!(r.username.start, r.scheme_end + 3, "{s:?}");
            assert!(r.username.end <= r.password.start, "{s:?}");
            if !r.password.is_empty() {
                assert_eq!(byte(r.password.start - 1), Some(b':'), "{s:?}");
            }
            if r.username.is_empty() && r.password.is_empty() {
                assert_eq!(r.host.start, r.username.start, "{s:?}");
            } else {
                assert_eq!(byte(r.host.start - 1), Some(b'@'), "{s:?}");
            }
            assert_eq!(kind == HostKind::Empty, r.host.is_empty(), "{s:?}");
            // An address is read back from its serialization (`Url::host`).
            let is_address = matches!(kind, HostKind::Ipv4 | HostKind::Ipv6);
            let address = read_address(kind, &s[r.host.clone()]);
            assert_eq!(is_address, address.is_some(), "{s:?}");
            let after_host = &s[r.host.end..r.authority_end];
            match r.port {
                Some(port) => {
                    assert_eq!(after_host, format!(":{port}"), "{s:?}");
                    assert_ne!(Some(port), r.scheme_kind.default_port(), "{s:?}");
                }
                None => assert_eq!(after_host, "", "{s:?}"),
            }
        }
        None => {
            assert_eq!(r.authority_end, r.scheme_end + 1, "{s:?}");
            assert_eq!(r.port, None, "{s:?}");
        }
    }
    let dot = &s[r.authority_end..r.path.start];
    assert!(dot.is_empty() || dot == "/.", "{s:?}");
    let path = &s[r.path.clone()];
    if !r.opaque_path {
        assert!(path.is_empty() || path.starts_with('/'), "{s:?}");
        assert_eq!(
            dot == "/.",
            r.host_kind.is_none() && path.starts_with("//"),
            "{s:?}"
        );
    }
    let mut end = r.path.end;
    for (range, delimiter) in [(&r.query, b'?'), (&r.fragment, b'#')] {
        if let Some(range) = range {
            assert!(range_ok(range) && range.start == end + 1, "{s:?}");
            assert_eq!(byte(end), Some(delimiter), "{s:?}");
            end = range.end;
        }
    }
    assert_eq!(end, s.len(), "nothing after the last component of {s:?}");
}

impl Draft {
    /// The offsets of `record` in full (with an empty serialization: no allocation): what the
    /// debug check of [`Draft::compact`] compares with.
    fn of(record: &Record) -> Draft {
        let mut draft = Draft::default();
        draft.take_offsets(record);
        draft
    }

    /// Asserts that what `record` implies is what was written.
    pub(super) fn check_compact(&self, record: &Record) {
        let implied = Draft::of(record);
        let [username, password, host] = self.kept_ranges();
        let written = Draft {
            serialization: String::new(),
            username,
            password,
            host,
            ..self.clone()
        };
        assert_eq!(implied, written, "offsets of {:?}", record.serialization);
    }
}
