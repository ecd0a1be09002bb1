//! The spec's URL record (https://url.spec.whatwg.org/#concept-url), kept as its serialization
//! plus the offsets of each component, so that every getter is a slice.

use std::borrow::Cow;
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

/// A URL record's components for the setters, borrowed from the record until a setter
/// replaces one: change one and [`Parts::assemble`] the record again with the
/// [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer).
#[derive(Clone, Debug)]
pub(crate) struct Parts<'r> {
    pub(crate) scheme: Cow<'r, str>,
    pub(crate) username: Cow<'r, str>,
    pub(crate) password: Cow<'r, str>,
    /// The host's kind and serialization; None when the host is null.
    pub(crate) host: Option<(HostKind, Cow<'r, str>)>,
    pub(crate) port: Option<u16>,
    /// The serialized path (without any "/." prefix).
    pub(crate) path: Cow<'r, str>,
    pub(crate) opaque_path: bool,
    pub(crate) query: Option<Cow<'r, str>>,
    pub(crate) fragment: Option<Cow<'r, str>>,
}

impl Record {
    /// The record's components.
    pub(crate) fn parts(&self) -> Parts<'_> {
        let slice = |r: &Range<usize>| Cow::Borrowed(self.slice(r));
        Parts {
            scheme: Cow::Borrowed(self.scheme()),
            username: slice(&self.username),
            password: slice(&self.password),
            host: self.host_kind.map(|kind| (kind, slice(&self.host))),
            port: self.port,
            path: slice(&self.path),
            opaque_path: self.opaque_path,
            query: self.query.as_ref().map(slice),
            fragment: self.fragment.as_ref().map(slice),
        }
    }
}

impl Parts<'_> {
    /// The record of these components: the URL serializer, with offsets.
    pub(crate) fn assemble(self) -> Record {
        // Room for every component and delimiter, so that the string is allocated once.
        let len = |c: &Option<Cow<'_, str>>| c.as_ref().map_or(0, |c| c.len() + 1);
        let host = self.host.as_ref().map_or(0, |(_, h)| h.len());
        let mut s = String::with_capacity(
            self.scheme.len()
                + self.username.len()
                + self.password.len()
                + host
                + self.path.len()
                + len(&self.query)
                + len(&self.fragment)
                + 16,
        );
        s.push_str(&self.scheme);
        let scheme_end = s.len();
        s.push(':');
        let (mut username, mut password, mut host) = (s.len()..s.len(), s.len()..s.len(), 0..0);
        // "If url's host is non-null: Append "//". If url includes credentials: [...]"
        if let Some((_, serialized)) = &self.host {
            s.push_str("//");
            let start = s.len();
            s.push_str(&self.username);
            username = start..s.len();
            password = s.len()..s.len();
            if !self.password.is_empty() {
                s.push(':');
                let start = s.len();
                s.push_str(&self.password);
                password = start..s.len();
            }
            if !self.username.is_empty() || !self.password.is_empty() {
                s.push('@');
            }
            let start = s.len();
            s.push_str(serialized);
            host = start..s.len();
            if let Some(port) = self.port {
                s.push(':');
                crate::percent::push_decimal(&mut s, u32::from(port));
            }
        }
        let authority_end = s.len();
        // "If url's host is null, url does not have an opaque path, url's path's size is
        // greater than 1, and url's path[0] is the empty string, then append "/." to output."
        if self.host.is_none() && !self.opaque_path && self.path.starts_with("//") {
            s.push_str("/.");
        }
        let start = s.len();
        s.push_str(&self.path);
        let path = start..s.len();
        let query = self.query.as_ref().map(|q| {
            s.push('?');
            let start = s.len();
            s.push_str(q);
            start..s.len()
        });
        let fragment = self.fragment.as_ref().map(|f| {
            s.push('#');
            let start = s.len();
            s.push_str(f);
            start..s.len()
        });
        Record {
            serialization: s,
            scheme_end,
            username,
            password,
            host,
            host_kind: self.host.as_ref().map(|(kind, _)| *kind),
            port: self.port,
            authority_end,
            path,
            opaque_path: self.opaque_path,
            query,
            fragment,
        }
    }

    /// A URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port)
    /// if its host is null or the empty string, or its scheme is "file".
    pub(crate) fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host, None | Some((HostKind::Empty, _))) || self.scheme == "file"
    }

    /// Whether the URL [includes credentials](https://url.spec.whatwg.org/#include-credentials).
    pub(crate) fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
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
