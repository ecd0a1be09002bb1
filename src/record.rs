//! The spec's URL record (https://url.spec.whatwg.org/#concept-url), kept as its serialization
//! plus the offsets of each component, so that every getter is a slice.

use std::net::{Ipv4Addr, Ipv6Addr};
use std::ops::Range;

/// What kind of [host](https://url.spec.whatwg.org/#concept-host) a URL has.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A [domain](https://url.spec.whatwg.org/#concept-domain) (ASCII, lowercase).
    Domain,
    /// An [IPv4 address](https://url.spec.whatwg.org/#concept-ipv4).
    Ipv4(Ipv4Addr),
    /// An [IPv6 address](https://url.spec.whatwg.org/#concept-ipv6).
    Ipv6(Ipv6Addr),
    /// An [opaque host](https://url.spec.whatwg.org/#opaque-host) of a URL that is not special.
    Opaque,
    /// The [empty host](https://url.spec.whatwg.org/#empty-host).
    Empty,
}

/// The URL record. `serialization` is the
/// [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)'s output; the ranges
/// point into it.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) serialization: String,
    /// `serialization[..scheme_end]` is the scheme; a ":" follows it.
    pub(crate) scheme_end: usize,
    pub(crate) username: Range<usize>,
    pub(crate) password: Range<usize>,
    /// The serialized host, when `host_kind` is not `None`.
    pub(crate) host: Range<usize>,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) port: Option<u16>,
    /// Where the scheme, "//", credentials, host and port end.
    pub(crate) authority_end: usize,
    /// The serialized path (after the "/." that the serializer adds when needed).
    pub(crate) path: Range<usize>,
    pub(crate) opaque_path: bool,
    /// The query without its "?".
    pub(crate) query: Option<Range<usize>>,
    /// The fragment without its "#".
    pub(crate) fragment: Option<Range<usize>>,
}

impl Record {
    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme).
    pub(crate) fn scheme(&self) -> &str {
        &self.serialization[..self.scheme_end]
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub(crate) fn is_special(&self) -> bool {
        is_special_scheme(self.scheme())
    }

    /// The slice of a range of the serialization.
    pub(crate) fn slice(&self, range: &Range<usize>) -> &str {
        &self.serialization[range.clone()]
    }

    /// The serialized [path](https://url.spec.whatwg.org/#url-path-serializer).
    pub(crate) fn path_str(&self) -> &str {
        self.slice(&self.path)
    }

    /// The path's segments (an opaque path is one item).
    pub(crate) fn path_segments(&self) -> Vec<&str> {
        let path = self.path_str();
        if self.opaque_path {
            vec![path]
        } else if path.is_empty() {
            Vec::new()
        } else {
            path[1..].split('/').collect()
        }
    }

    /// The serialized host, if the host is not null.
    pub(crate) fn host_str(&self) -> Option<&str> {
        self.host_kind.map(|_| self.slice(&self.host))
    }
}

/// Whether `scheme` is a [special scheme](https://url.spec.whatwg.org/#special-scheme).
pub(crate) fn is_special_scheme(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// The [default port](https://url.spec.whatwg.org/#default-port) of a scheme.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}
