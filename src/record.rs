//! The spec's URL record (https://url.spec.whatwg.org/#concept-url), kept as its serialization
//! plus the offsets of each component, so that every getter is a slice. Only [`Writer`] writes
//! one: the builder and every setter go through it.
//!
//! ```text
//! https://user:pass@example.org:8080/a/b?q=1#frag
//! |    |  |   |    |           |    |   | |   |
//! |    |  |   |    host        |    |   | |   fragment (without "#")
//! |    |  |   password         |    |   | query (without "?")
//! |    |  username             |    path
//! |    scheme_end (the ":")    authority_end (after the port)
//! ```
//!
//! A URL without a host has `authority_end == scheme_end + 1` and empty credential and host
//! ranges there; a path that would read as an authority ("//x" with no host) is preceded by the
//! serializer's "/.", outside `path`.

mod writer;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::num::NonZeroU32;
use core::ops::Range;

pub(crate) use writer::{fits, AsWritten, Component, Credentials, OpenQuery, Writer};

/// What kind of [host](https://url.spec.whatwg.org/#concept-host) a URL has. An address is read
/// back from its serialization when asked for (`Url::host`), so that a record does not carry
/// 16 bytes for the few URLs that have one.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A [domain](https://url.spec.whatwg.org/#concept-domain) (ASCII, lowercase).
    Domain,
    /// An [IPv4 address](https://url.spec.whatwg.org/#concept-ipv4), serialized in dotted
    /// decimal.
    Ipv4,
    /// An [IPv6 address](https://url.spec.whatwg.org/#concept-ipv6), serialized compressed in
    /// brackets.
    Ipv6,
    /// An [opaque host](https://url.spec.whatwg.org/#opaque-host) of a URL that is not special.
    Opaque,
    /// The [empty host](https://url.spec.whatwg.org/#empty-host).
    Empty,
}

/// The address a host of `kind` serialized as `serialized` holds: dotted decimal for IPv4, the
/// compressed form in brackets for IPv6 (as the writer has them); None for other kinds.
pub(crate) fn read_address(kind: HostKind, serialized: &str) -> Option<core::net::IpAddr> {
    match kind {
        HostKind::Ipv4 => serialized.parse().ok().map(core::net::IpAddr::V4),
        HostKind::Ipv6 => {
            let inner = serialized.strip_prefix('[')?.strip_suffix(']')?;
            inner.parse().ok().map(core::net::IpAddr::V6)
        }
        _ => None,
    }
}

/// A scheme the spec's prose names, beside any other: the builder's vocabulary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum SchemeName {
    /// "ftp".
    Ftp,
    /// "file".
    File,
    /// "http".
    Http,
    /// "https".
    Https,
    /// "ws".
    Ws,
    /// "wss".
    Wss,
    /// Any other scheme.
    #[default]
    Other,
}

impl SchemeName {
    /// Every name, each at its number (`name as usize`).
    const ALL: [SchemeName; 7] = [
        SchemeName::Ftp,
        SchemeName::File,
        SchemeName::Http,
        SchemeName::Https,
        SchemeName::Ws,
        SchemeName::Wss,
        SchemeName::Other,
    ];

    /// The name of an ASCII-lowercase scheme: the one place scheme names are matched.
    /// Byte patterns rather than string equality, so that it compiles to a switch on the
    /// length and a few byte compares (no call to compare memory): it runs on every parse.
    #[inline]
    pub(crate) fn of(scheme: &str) -> SchemeName {
        match scheme.as_bytes() {
            [b'h', b't', b't', b'p'] => SchemeName::Http,
            [b'h', b't', b't', b'p', b's'] => SchemeName::Https,
            [b'f', b'i', b'l', b'e'] => SchemeName::File,
            [b'f', b't', b'p'] => SchemeName::Ftp,
            [b'w', b's'] => SchemeName::Ws,
            [b'w', b's', b's'] => SchemeName::Wss,
            _ => SchemeName::Other,
        }
    }
}

/// What the spec says about a scheme, decided once when the scheme is written: its name, and
/// whether it is [special](https://url.spec.whatwg.org/#special-scheme) and its
/// [default port](https://url.spec.whatwg.org/#default-port), as the grammar's scheme table
/// says ([`Tables::scheme_kind`](crate::tables::Tables::scheme_kind)).
///
/// The three are packed in one word (the port in the high half, then a bit for "special", a
/// bit for "has a default port" and the name's number): a struct of a byte, a bool and an
/// `Option<u16>` was written a field at a time where it was made, then copied with one wider
/// load, which the processor cannot forward from two stores (a stall on every parse).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SchemeKind(u32);

impl Default for SchemeKind {
    /// Any other scheme, not special.
    fn default() -> Self {
        SchemeKind::not_special(SchemeName::Other)
    }
}

impl SchemeKind {
    /// The bit that says the scheme is special.
    const SPECIAL: u32 = 1 << 8;
    /// The bit that says the scheme has a default port (in the high half).
    const HAS_DEFAULT_PORT: u32 = 1 << 9;

    /// A special scheme with its default port.
    pub(crate) fn special(name: SchemeName, default_port: Option<u16>) -> SchemeKind {
        let port = match default_port {
            Some(port) => Self::HAS_DEFAULT_PORT | u32::from(port) << 16,
            None => 0,
        };
        SchemeKind(name as u32 | Self::SPECIAL | port)
    }

    /// A scheme that is not special.
    pub(crate) fn not_special(name: SchemeName) -> SchemeKind {
        SchemeKind(name as u32)
    }

    /// The scheme's name, as far as the spec's prose names it.
    pub(crate) fn name(self) -> SchemeName {
        SchemeName::ALL
            .get((self.0 & 0xff) as usize)
            .copied()
            .unwrap_or_default()
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub(crate) fn is_special(self) -> bool {
        self.0 & Self::SPECIAL != 0
    }

    /// Whether the scheme is "file" (and special: the file states run).
    pub(crate) fn is_file(self) -> bool {
        self.0 & (Self::SPECIAL | 0xff) == Self::SPECIAL | SchemeName::File as u32
    }

    /// Whether the scheme is "ws" or "wss" (whose query is always UTF-8).
    pub(crate) fn is_websocket(self) -> bool {
        matches!(self.name(), SchemeName::Ws | SchemeName::Wss)
    }

    /// The scheme's [default port](https://url.spec.whatwg.org/#default-port).
    pub(crate) fn default_port(self) -> Option<u16> {
        (self.0 & Self::HAS_DEFAULT_PORT != 0).then_some((self.0 >> 16) as u16)
    }

    /// Whether a [URL's origin](https://url.spec.whatwg.org/#concept-url-origin) is a tuple
    /// origin for this scheme: "ftp", "http", "https", "ws" and "wss".
    pub(crate) fn has_tuple_origin(self) -> bool {
        matches!(
            self.name(),
            SchemeName::Ftp
                | SchemeName::Http
                | SchemeName::Https
                | SchemeName::Ws
                | SchemeName::Wss
        )
    }
}

impl fmt::Debug for SchemeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemeKind")
            .field("name", &self.name())
            .field("special", &self.is_special())
            .field("default_port", &self.default_port())
            .finish()
    }
}

/// The URL record. `serialization` is the
/// [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)'s output; the offsets
/// point into it. Only [`Writer`] makes one; everything else reads it through its methods.
///
/// The offsets are 32-bit and hold only what the serialization does not imply (72 bytes in
/// all on 64-bit targets): the username starts after "scheme://" (or right after "scheme:"
/// without a host); a non-empty password starts after the username's ":"; the path ends where
/// the query's "?" or the fragment's "#" is, or at the end; the query ends at the fragment's
/// "#" or at the end; the fragment at the end. A serialization longer than `u32::MAX` bytes is
/// never made ([`Writer::finish`] refuses it).
#[derive(Clone, Debug)]
pub(crate) struct Record {
    serialization: String,
    /// `serialization[..scheme_end]` is the scheme; a ":" follows it.
    scheme_end: u32,
    username_end: u32,
    /// Equal to `username_end` when the password is empty.
    password_end: u32,
    /// The serialized host, when `host_kind` is not `None`.
    host_start: u32,
    host_end: u32,
    /// Where the scheme, "//", credentials, host and port end.
    authority_end: u32,
    /// The serialized path's start (after the "/." that the serializer adds when needed).
    path_start: u32,
    /// The query's start (after its "?"), when the query is not null.
    query_start: Option<NonZeroU32>,
    /// The fragment's start (after its "#"), when the fragment is not null.
    fragment_start: Option<NonZeroU32>,
    scheme_kind: SchemeKind,
    port: Option<u16>,
    host_kind: Option<HostKind>,
    opaque_path: bool,
}

impl Record {
    /// The serialization's length, as the offsets count.
    fn len(&self) -> u32 {
        // A record's serialization fits in 32 bits (`Writer::finish`), but for a query being
        // appended to by a serializer that was forgotten (`mem::forget`) past 4 GiB: the
        // offsets then reach only the first 4 GiB.
        u32::try_from(self.serialization.len()).unwrap_or(u32::MAX)
    }

    /// A 32-bit offset as an index.
    #[inline]
    fn at(offset: u32) -> usize {
        offset as usize
    }

    fn username_range(&self) -> Range<usize> {
        let start = match self.host_kind {
            Some(_) => self.scheme_end + 3,
            None => self.scheme_end + 1,
        };
        Record::at(start)..Record::at(self.username_end)
    }

    fn password_range(&self) -> Range<usize> {
        let start = match self.password_end > self.username_end {
            true => self.username_end + 1,
            false => self.username_end,
        };
        Record::at(start)..Record::at(self.password_end)
    }

    fn host_range(&self) -> Range<usize> {
        Record::at(self.host_start)..Record::at(self.host_end)
    }

    fn path_range(&self) -> Range<usize> {
        let next = self.query_start.or(self.fragment_start);
        let end = next.map_or(self.len(), |start| start.get() - 1);
        Record::at(self.path_start)..Record::at(end)
    }

    fn query_range(&self) -> Option<Range<usize>> {
        let start = self.query_start?.get();
        let end = self.fragment_start.map_or(self.len(), |f| f.get() - 1);
        Some(Record::at(start)..Record::at(end))
    }

    fn fragment_range(&self) -> Option<Range<usize>> {
        let start = self.fragment_start?.get();
        Some(Record::at(start)..self.serialization.len())
    }

    /// The [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)'s output.
    pub(crate) fn serialization(&self) -> &str {
        &self.serialization
    }

    /// The serialization, taken.
    pub(crate) fn into_serialization(self) -> String {
        self.serialization
    }

    /// Where each component lies in the serialization.
    pub(crate) fn layout(&self) -> Layout {
        Layout {
            len: self.serialization.len(),
            scheme_end: Record::at(self.scheme_end),
            username: self.username_range(),
            password: self.password_range(),
            host: self.host_range(),
            has_port: self.port.is_some(),
            authority_end: Record::at(self.authority_end),
            path: self.path_range(),
            query: self.query_range(),
            fragment: self.fragment_range(),
        }
    }

    /// The credentials, "@", host and port as serialized (after "//"); "" without a host.
    pub(crate) fn authority(&self) -> &str {
        match self.host_kind {
            Some(_) => {
                let start = self.username_range().start;
                &self.serialization[start..Record::at(self.authority_end)]
            }
            None => "",
        }
    }

    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme).
    pub(crate) fn scheme(&self) -> &str {
        &self.serialization[..Record::at(self.scheme_end)]
    }

    /// What the scheme is.
    pub(crate) fn scheme_kind(&self) -> SchemeKind {
        self.scheme_kind
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub(crate) fn is_special(&self) -> bool {
        self.scheme_kind.is_special()
    }

    /// The scheme and its ":".
    pub(crate) fn protocol(&self) -> &str {
        &self.serialization[..Record::at(self.scheme_end) + 1]
    }

    /// The [username](https://url.spec.whatwg.org/#concept-url-username).
    pub(crate) fn username(&self) -> &str {
        &self.serialization[self.username_range()]
    }

    /// The [password](https://url.spec.whatwg.org/#concept-url-password).
    pub(crate) fn password(&self) -> &str {
        &self.serialization[self.password_range()]
    }

    /// The host's kind; None when the host is null.
    pub(crate) fn host_kind(&self) -> Option<HostKind> {
        self.host_kind
    }

    /// The serialized host, if the host is not null.
    pub(crate) fn host_str(&self) -> Option<&str> {
        self.host_kind
            .map(|_| &self.serialization[self.host_range()])
    }

    /// The host and the port after it (":" and digits, if any): the `host` getter's text.
    pub(crate) fn host_and_port(&self) -> Option<&str> {
        let range = Record::at(self.host_start)..Record::at(self.authority_end);
        self.host_kind.map(|_| &self.serialization[range])
    }

    /// The [port](https://url.spec.whatwg.org/#concept-url-port).
    pub(crate) fn port(&self) -> Option<u16> {
        self.port
    }

    /// The URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port):
    /// its host is null or the empty string, or its scheme is "file".
    pub(crate) fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host_kind, None | Some(HostKind::Empty)) || self.scheme_kind.is_file()
    }

    /// The serialized port's digits, or "".
    pub(crate) fn port_str(&self) -> &str {
        match self.port {
            Some(_) => {
                &self.serialization[Record::at(self.host_end) + 1..Record::at(self.authority_end)]
            }
            None => "",
        }
    }

    /// The serialized [path](https://url.spec.whatwg.org/#url-path-serializer).
    pub(crate) fn path_str(&self) -> &str {
        &self.serialization[self.path_range()]
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    pub(crate) fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// The path's segments (an opaque path is one item).
    pub(crate) fn path_segments(&self) -> Vec<&str> {
        let path = self.path_str();
        if self.opaque_path {
            vec![path]
        } else {
            // A path that is not opaque is empty or "/" and its segments.
            path.strip_prefix('/')
                .map_or_else(Vec::new, |p| p.split('/').collect())
        }
    }

    /// The [query](https://url.spec.whatwg.org/#concept-url-query).
    pub(crate) fn query(&self) -> Option<&str> {
        self.query_range().map(|q| &self.serialization[q])
    }

    /// The [fragment](https://url.spec.whatwg.org/#concept-url-fragment).
    pub(crate) fn fragment(&self) -> Option<&str> {
        self.fragment_range().map(|f| &self.serialization[f])
    }

    /// "?" and the query, or "" when the query is null or empty: the `search` getter.
    pub(crate) fn search(&self) -> &str {
        match self.query_range() {
            Some(q) if !q.is_empty() => &self.serialization[q.start - 1..q.end],
            _ => "",
        }
    }

    /// "#" and the fragment, or "" when the fragment is null or empty: the `hash` getter.
    pub(crate) fn hash(&self) -> &str {
        match self.fragment_range() {
            Some(f) if !f.is_empty() => &self.serialization[f.start - 1..f.end],
            _ => "",
        }
    }

    /// The serialization up to the scheme, credentials and host and port included: what a
    /// relative URL takes of its base.
    fn through_authority(&self) -> &str {
        &self.serialization[..Record::at(self.authority_end)]
    }
}

/// Where each component of a record lies in its serialization (a copy of the writer's offsets).
/// Without a host, the credential and host ranges are empty, right after "scheme:".
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The serialization's length.
    pub(crate) len: usize,
    /// The scheme's end (its ":" follows).
    pub(crate) scheme_end: usize,
    pub(crate) username: Range<usize>,
    /// Empty when the password is.
    pub(crate) password: Range<usize>,
    pub(crate) host: Range<usize>,
    /// Whether ":" and a port follow the host.
    pub(crate) has_port: bool,
    pub(crate) authority_end: usize,
    pub(crate) path: Range<usize>,
    /// Without its "?".
    pub(crate) query: Option<Range<usize>>,
    /// Without its "#".
    pub(crate) fragment: Option<Range<usize>>,
}

/// A URL record's components for the setters, borrowed from the record until a setter
/// replaces one: change one and [`Parts::assemble`] the record again with the [`Writer`].
#[derive(Clone, Debug)]
pub(crate) struct Parts<'r> {
    pub(crate) scheme: Cow<'r, str>,
    /// What `scheme` is; whoever changes the scheme changes this too.
    pub(crate) scheme_kind: SchemeKind,
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
        Parts {
            scheme: Cow::Borrowed(self.scheme()),
            scheme_kind: self.scheme_kind,
            username: Cow::Borrowed(self.username()),
            password: Cow::Borrowed(self.password()),
            host: self.host_kind.zip(self.host_str().map(Cow::Borrowed)),
            port: self.port,
            path: Cow::Borrowed(self.path_str()),
            opaque_path: self.opaque_path,
            query: self.query().map(Cow::Borrowed),
            fragment: self.fragment().map(Cow::Borrowed),
        }
    }
}

impl Parts<'_> {
    /// The record of these components, written by the [`Writer`]; `None` when it is too long
    /// for a record ([`Writer::finish`]).
    pub(crate) fn assemble(self) -> Option<Record> {
        // Room for every component and delimiter, so that the string is allocated once.
        let len = |c: &Option<Cow<'_, str>>| c.as_ref().map_or(0, |c| c.len() + 1);
        let host = self.host.as_ref().map_or(0, |(_, h)| h.len());
        let mut out = Writer::with_capacity(
            self.scheme.len()
                + self.username.len()
                + self.password.len()
                + host
                + self.path.len()
                + len(&self.query)
                + len(&self.fragment)
                + 16,
        );
        out.scheme_of_kind(
            &self.scheme,
            Some(self.scheme_kind),
            &crate::tables::BUILTIN,
        );
        if let Some((kind, serialized)) = &self.host {
            out.start_authority();
            out.username(|s| s.push_str(&self.username));
            out.password(|s| s.push_str(&self.password));
            out.host(*kind, serialized);
            if let Some(port) = self.port {
                out.port(port);
            }
        }
        out.end_authority();
        if self.opaque_path {
            out.opaque_path(|s| s.push_str(&self.path));
        } else {
            out.serialized_path(&self.path);
        }
        out.end_path();
        if let Some(query) = &self.query {
            out.query(|s| s.push_str(query));
        }
        if let Some(fragment) = &self.fragment {
            out.fragment(|s| s.push_str(fragment));
        }
        out.finish().ok()
    }
}

#[cfg(test)]
impl Record {
    /// Gives the serialization's buffer exactly `room` bytes more than it holds: 0, as a copy's
    /// buffer has, or more, as one a setter wrote into has.
    pub(crate) fn set_room(&mut self, room: usize) {
        self.serialization.shrink_to_fit();
        self.serialization.reserve_exact(room);
    }

    /// The capacity of the serialization's buffer.
    pub(crate) fn capacity(&self) -> usize {
        self.serialization.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::{SchemeKind, SchemeName};

    /// The packed scheme kind gives back every name, whether it is special, and every default
    /// port (none, 0 and the highest among them) it was made with.
    #[test]
    fn a_scheme_kind_gives_back_what_it_was_made_with() {
        for name in SchemeName::ALL {
            assert_eq!(SchemeName::ALL[name as usize], name);
            let plain = SchemeKind::not_special(name);
            assert_eq!(plain.name(), name);
            assert!(!plain.is_special() && !plain.is_file());
            assert_eq!(plain.default_port(), None);
            for port in [None, Some(0), Some(21), Some(443), Some(u16::MAX)] {
                let special = SchemeKind::special(name, port);
                assert_eq!(special.name(), name);
                assert!(special.is_special());
                assert_eq!(special.is_file(), name == SchemeName::File);
                assert_eq!(special.default_port(), port);
                assert_ne!(special, plain);
            }
        }
        assert_eq!(
            SchemeKind::default(),
            SchemeKind::not_special(SchemeName::Other)
        );
    }
}
