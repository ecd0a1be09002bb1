//! [`Writer`]: the one writer of a URL record. It appends components in the serializer's order
//! (scheme, authority, path, query, fragment) and owns every delimiter and offset: "//", the
//! ":" before a password, the "@" after credentials, the ":" before a port, the "/." before a
//! path that would read as an authority, "?" and "#". Callers hand it the text of each
//! component (already percent-encoded, through a closure that appends to the output); it never
//! needs to look for a delimiter afterwards.

use alloc::string::String;
use core::ops::Range;

use super::{HostKind, Record, SchemeKind, SchemeName};

mod draft;
use draft::Draft;
mod in_place;
pub(crate) use in_place::{fits, OpenQuery};
#[cfg(debug_assertions)]
mod invariants;
use crate::tables::{Tables, BUILTIN};

/// The places of the components of a special URL whose serialization is its input as it stands
/// ([`Writer::as_written`]): byte offsets in that text. The authority ends where the path
/// starts.
#[derive(Clone, Debug)]
pub(crate) struct AsWritten {
    /// What the scheme is.
    pub(crate) scheme_kind: SchemeKind,
    /// Where the scheme ends (its ":").
    pub(crate) scheme_end: usize,
    /// The credentials, if any.
    pub(crate) credentials: Option<Credentials>,
    /// The host.
    pub(crate) host: Range<usize>,
    /// The host's kind: a domain, or the empty host of a file URL.
    pub(crate) host_kind: HostKind,
    /// The port, unless null.
    pub(crate) port: Option<u16>,
    /// The path ("/" and segments), or empty at the end of the text for the path "/".
    pub(crate) path: Range<usize>,
    /// The query, without its "?".
    pub(crate) query: Option<Range<usize>>,
    /// The fragment, without its "#".
    pub(crate) fragment: Option<Range<usize>>,
}

/// The places of credentials as written ([`AsWritten`]).
#[derive(Clone, Debug)]
pub(crate) struct Credentials {
    /// The username, empty (at the start of the credentials) when there is none.
    pub(crate) username: Range<usize>,
    /// The password, without its ":"; empty (after the username) when there is none.
    pub(crate) password: Range<usize>,
    /// The whole credentials, their ":" and the "@" that ends them included.
    pub(crate) whole: Range<usize>,
}

/// Where a setter starts writing a record again ([`Writer::resume`]), in serialization order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Component {
    /// The host and the port after it.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
}

/// Writes a [`Record`]. Components are written in order; a component's content is appended by
/// a closure given the output.
#[derive(Debug)]
pub(crate) struct Writer {
    record: Draft,
    /// Whether the scheme is written.
    has_scheme: bool,
}

impl Writer {
    /// An empty record with room for `capacity` bytes.
    pub(crate) fn with_capacity(capacity: usize) -> Writer {
        Writer::with_buffer(String::with_capacity(capacity))
    }

    /// An empty record written into `buffer` (emptied first), whose room it reuses.
    pub(crate) fn with_buffer(mut buffer: String) -> Writer {
        buffer.clear();
        Writer {
            record: Draft {
                serialization: buffer,
                ..Draft::default()
            },
            has_scheme: false,
        }
    }

    /// The end of what is written.
    fn at(&self) -> usize {
        self.record.serialization.len()
    }

    /// Where nothing is written after the scheme's ":": no authority, the path starts here.
    fn no_authority(&mut self) {
        let at = self.at();
        let r = &mut self.record;
        (r.username, r.password, r.host) = (at..at, at..at, at..at);
        r.host_kind = None;
        r.port = None;
        r.authority_end = at;
        r.path = at..at;
    }

    // ----- scheme ---------------------------------------------------------------------------

    /// Writes the scheme, ASCII-lowercased, and its ":"; what it is comes from `tables`, the
    /// scheme table of the grammar that read it.
    pub(crate) fn scheme(&mut self, scheme: &str, tables: &Tables) {
        self.scheme_of_kind(scheme, None, tables);
    }

    /// Writes a scheme whose kind is known (`kind`), or else read from `tables`.
    pub(crate) fn scheme_of_kind(
        &mut self,
        scheme: &str,
        kind: Option<SchemeKind>,
        tables: &Tables,
    ) {
        // A scheme the prose names, spelled in lowercase (most are), is known from its bytes
        // as they are: neither lowercased nor looked up by name.
        let mut name = SchemeName::of(scheme);
        let out = &mut self.record.serialization;
        let start = out.len();
        out.reserve(scheme.len() + 1);
        out.push_str(scheme);
        if name == SchemeName::Other {
            out[start..].make_ascii_lowercase();
            name = SchemeName::of(&out[start..]);
        }
        self.record.scheme_kind = match kind {
            Some(kind) => kind,
            None => tables.scheme_kind_of(name, &out[start..]),
        };
        self.record.scheme_end = out.len();
        out.push(':');
        self.has_scheme = true;
        self.no_authority();
    }

    /// Writes the base's scheme and its ":".
    pub(crate) fn copy_scheme(&mut self, base: &Record) {
        self.scheme_of_kind(base.scheme(), Some(base.scheme_kind()), &BUILTIN);
    }

    /// Whether a scheme is written (a grammar the builder does not know may lead it to the end
    /// without one).
    pub(crate) fn has_scheme(&self) -> bool {
        self.has_scheme
    }

    /// What the scheme written is.
    pub(crate) fn scheme_kind(&self) -> SchemeKind {
        self.record.scheme_kind
    }

    // ----- authority ------------------------------------------------------------------------

    /// Writes the base's credentials, host and port after the scheme (nothing when the base's
    /// host is null).
    pub(crate) fn copy_authority(&mut self, base: &Record) {
        let from = Record::at(base.scheme_end) + 1;
        let shift = |r: Range<usize>, to: usize| r.start - from + to..r.end - from + to;
        let to = self.at();
        self.record
            .serialization
            .push_str(&base.through_authority()[from..]);
        let r = &mut self.record;
        if base.host_kind.is_some() {
            r.username = shift(base.username_range(), to);
            r.password = shift(base.password_range(), to);
            r.host = shift(base.host_range(), to);
        }
        r.host_kind = base.host_kind;
        r.port = base.port;
        self.end_authority();
    }

    /// Starts an authority: writes "//"; credentials and the host follow.
    pub(crate) fn start_authority(&mut self) {
        self.record.serialization.push_str("//");
        self.no_authority();
    }

    /// Writes the username, appended by `content` (already percent-encoded).
    pub(crate) fn username(&mut self, content: impl FnOnce(&mut String)) {
        let start = self.at();
        content(&mut self.record.serialization);
        let end = self.at();
        self.record.username = start..end;
        self.record.password = end..end;
    }

    /// Writes the password, appended by `content`, after a ":" (none when it is empty).
    pub(crate) fn password(&mut self, content: impl FnOnce(&mut String)) {
        let colon = self.at();
        self.record.serialization.push(':');
        let start = self.at();
        content(&mut self.record.serialization);
        if self.at() == start {
            // The empty password: no ":".
            self.record.serialization.truncate(colon);
            self.record.password = colon..colon;
        } else {
            self.record.password = start..self.at();
        }
    }

    /// Writes the serialized host of `kind`, after the "@" that ends credentials, if any.
    pub(crate) fn host(&mut self, kind: HostKind, serialized: &str) {
        self.host_by(kind, |out| out.push_str(serialized));
    }

    /// Writes the host of `kind` whose serialization `write` appends, as [`Writer::host`].
    #[inline(always)]
    pub(crate) fn host_by(&mut self, kind: HostKind, write: impl FnOnce(&mut String)) {
        let r = &mut self.record;
        if r.username.is_empty() && r.password.is_empty() {
            let at = r.serialization.len();
            (r.username, r.password) = (at..at, at..at);
        } else {
            r.serialization.push('@');
        }
        let start = r.serialization.len();
        write(&mut r.serialization);
        r.host = start..r.serialization.len();
        r.host_kind = Some(kind);
        r.authority_end = r.serialization.len();
    }

    /// Writes ":" and the port (the caller has left out the scheme's default port).
    pub(crate) fn port(&mut self, port: u16) {
        self.record.port = Some(port);
        self.record.serialization.push(':');
        crate::percent::push_decimal(&mut self.record.serialization, u32::from(port));
    }

    /// Ends the authority (or its absence): the path starts here.
    pub(crate) fn end_authority(&mut self) {
        let at = self.at();
        self.record.authority_end = at;
        self.record.path = at..at;
    }

    // ----- path -----------------------------------------------------------------------------

    /// Appends a segment: "/" and the text `content` appends.
    // Inlined always: a wrapper of the closure each state passes.
    #[inline(always)]
    pub(crate) fn segment(&mut self, content: impl FnOnce(&mut String)) {
        self.record.serialization.push('/');
        content(&mut self.record.serialization);
    }

    /// Appends to the path what `content` appends: segments with their slashes, or the rest of
    /// the last segment.
    // Inlined always: a wrapper of the closure each state passes.
    #[inline(always)]
    pub(crate) fn extend_path(&mut self, content: impl FnOnce(&mut String)) {
        content(&mut self.record.serialization);
    }

    /// Writes an already serialized path (empty, or "/" and segments).
    pub(crate) fn serialized_path(&mut self, path: &str) {
        self.record.serialization.push_str(path);
    }

    /// Writes the base's path.
    pub(crate) fn copy_path(&mut self, base: &Record) {
        self.record.serialization.push_str(base.path_str());
        self.record.opaque_path = base.has_opaque_path();
    }

    /// Writes an [opaque path](https://url.spec.whatwg.org/#url-opaque-path), appended by
    /// `content`.
    // Inlined always: a wrapper of the closure each state passes.
    #[inline(always)]
    pub(crate) fn opaque_path(&mut self, content: impl FnOnce(&mut String)) {
        self.record.opaque_path = true;
        content(&mut self.record.serialization);
    }

    /// The path written so far.
    pub(crate) fn path_str(&self) -> &str {
        &self.record.serialization[self.record.path.start..]
    }

    /// Whether the path written so far is empty.
    pub(crate) fn path_is_empty(&self) -> bool {
        self.at() == self.record.path.start
    }

    /// [Shorten a URL's path](https://url.spec.whatwg.org/#shorten-a-urls-path): "Remove path's
    /// last item, if any." (The caller checks the file drive-letter exception.)
    pub(crate) fn remove_last_segment(&mut self) {
        // A byte search: the segment removed is usually short, and a search for a `char`
        // costs more to set up than such a segment takes to read.
        if let Some(last) = self.path_str().bytes().rposition(|b| b == b'/') {
            let end = self.record.path.start + last;
            self.record.serialization.truncate(end);
        }
    }

    /// Ends the path. The URL serializer's rule: "If url's host is null, url does not have an
    /// opaque path, url's path's size is greater than 1, and url's path\[0\] is the empty string,
    /// then append U+002F (/) followed by U+002E (.) to output." Whether path\[0\] is empty is
    /// known only now (dot segments may have removed what followed it), so the "/." goes in
    /// before the path here.
    pub(crate) fn end_path(&mut self) {
        let r = &mut self.record;
        let start = r.path.start;
        let end = r.serialization.len();
        if r.host_kind.is_none() && !r.opaque_path && r.serialization[start..].starts_with("//") {
            r.serialization.insert_str(start, "/.");
            r.path = start + 2..end + 2;
        } else {
            r.path = start..end;
        }
    }

    // ----- query and fragment ---------------------------------------------------------------

    /// Writes "?" and the query `content` appends.
    // Inlined always: a wrapper of the closure each state passes.
    #[inline(always)]
    pub(crate) fn query(&mut self, content: impl FnOnce(&mut String)) {
        self.record.serialization.push('?');
        let start = self.at();
        content(&mut self.record.serialization);
        self.record.query = Some(start..self.at());
    }

    /// Writes "#" and the fragment `content` appends.
    // Inlined always: a wrapper of the closure each state passes.
    #[inline(always)]
    pub(crate) fn fragment(&mut self, content: impl FnOnce(&mut String)) {
        self.record.serialization.push('#');
        let start = self.at();
        content(&mut self.record.serialization);
        self.record.fragment = Some(start..self.at());
    }

    // ----- a record written at once ---------------------------------------------------------

    /// Writes `text`, a URL already in its serialized form, with its components at `places`:
    /// a special URL with a host (see `builder::serialized`); an empty path, at the end of
    /// `text`, is written "/". In debug builds the places are checked as every record's are.
    // Inlined always (as `take_as_written`, its caller), so that the places stay in registers:
    // passed in memory, they were read back with loads wider than the stores that wrote them.
    #[inline(always)]
    pub(crate) fn as_written(&mut self, text: &str, places: AsWritten) {
        let r = &mut self.record;
        r.serialization.push_str(text);
        let host_start = places.host.start;
        r.scheme_kind = places.scheme_kind;
        r.scheme_end = places.scheme_end;
        (r.username, r.password) = match places.credentials {
            Some(credentials) => (credentials.username, credentials.password),
            None => (host_start..host_start, host_start..host_start),
        };
        r.host = places.host;
        r.host_kind = Some(places.host_kind);
        r.port = places.port;
        r.authority_end = places.path.start;
        r.path = places.path;
        if r.path.is_empty() {
            // The path start state's empty segment, at the end of the text.
            r.serialization.push('/');
            r.path.end += 1;
        }
        r.opaque_path = false;
        r.query = places.query;
        r.fragment = places.fragment;
        self.has_scheme = true;
    }

    // ----- setters: a record written again from one component on -------------------------

    /// Continues `record` where `from` starts, in `buffer` (emptied first), in place of what
    /// this writer held: everything before `from` is written as it was (one copy); the setter
    /// writes `from`, and [`Writer::copy_rest`] the components after it. For
    /// [`Component::Host`] the credentials stay and the host and port follow (a URL without a
    /// host gets its "//" here).
    pub(crate) fn resume(&mut self, old: &Record, from: Component, mut buffer: String) {
        // The old offsets, in the draft this writer continues (its serialization comes next).
        let r = &mut self.record;
        r.take_offsets(old);
        let credentials = !r.username.is_empty() || !r.password.is_empty();
        let cut = match from {
            Component::Host if r.host_kind.is_none() => r.scheme_end + 1,
            // Before the "@" that the host writes again.
            Component::Host if credentials => r.host.start - 1,
            Component::Host => r.host.start,
            Component::Port => r.host.end,
            Component::Path => r.authority_end,
            Component::Query => r.path.end,
            Component::Fragment => r.query.as_ref().map_or(r.path.end, |q| q.end),
        };
        buffer.clear();
        buffer.push_str(old.serialization().get(..cut).unwrap_or_default());
        r.serialization = buffer;
        r.fragment = None;
        if from <= Component::Query {
            r.query = None;
        }
        if from <= Component::Path {
            (r.path, r.opaque_path) = (cut..cut, false);
        }
        if from <= Component::Port {
            r.port = None;
            r.authority_end = cut;
        }
        let no_host = r.host_kind.is_none();
        if from == Component::Host {
            r.host_kind = None;
        }
        self.has_scheme = true;
        if from == Component::Host && no_host {
            self.start_authority();
        }
    }

    /// Writes the components of `record` from `from` on as they are (`from` is the path, the
    /// query or the fragment), after a setter wrote the ones before.
    pub(crate) fn copy_rest(&mut self, record: &Record, from: Component) {
        if from <= Component::Path {
            self.end_authority();
            self.copy_path(record);
            self.end_path();
        }
        // The query (from the path or the query on) and the fragment, with their "?" and "#",
        // as they are: one copy, their offsets moved by where it lands.
        let path_end = record.path_range().end;
        let tail = match from {
            Component::Fragment => record.query_range().map_or(path_end, |q| q.end),
            _ => path_end,
        };
        let at = self.at();
        let moved = |r: Range<usize>| r.start - tail + at..r.end - tail + at;
        self.record
            .serialization
            .push_str(record.serialization().get(tail..).unwrap_or_default());
        if from <= Component::Query {
            self.record.query = record.query_range().map(moved);
        }
        self.record.fragment = record.fragment_range().map(moved);
    }

    /// The host written, unless the URL has none.
    pub(crate) fn host_str(&self) -> Option<&str> {
        self.record.host_kind?;
        self.record.serialization.get(self.record.host.clone())
    }

    /// The buffer written, for reuse: the record is not wanted (a setter that failed leaves its
    /// record as it was; `can_parse` keeps no URL).
    pub(crate) fn into_buffer(self) -> String {
        self.record.serialization
    }

    /// Puts the record written in place of `record` (checked in debug builds, as
    /// [`Writer::finish`] does) and returns the serialization `record` had; or, when the record
    /// written is too long ([`Writer::finish`]), leaves `record` as it was and returns the
    /// serialization written as the error. The writer is left without its serialization (the
    /// record is written into `record` field by field, not moved as a whole). Inlined always:
    /// its one caller, the setters' `set`, is where the record's fields are (the compiler's own
    /// choice came and went with unrelated changes, 23 instructions a setter).
    #[inline(always)]
    pub(crate) fn replace(&mut self, record: &mut Record) -> Result<String, String> {
        #[cfg(debug_assertions)]
        invariants::check_invariants(&self.record);
        self.record.compact_into(record)
    }

    /// The record. In debug builds its offsets are checked against its serialization. A
    /// serialization longer than `u32::MAX` bytes is refused: the record's offsets are 32-bit
    /// (the error is the serialization, to reuse its buffer or drop it).
    #[inline]
    pub(crate) fn finish(&mut self) -> Result<Record, String> {
        #[cfg(debug_assertions)]
        invariants::check_invariants(&self.record);
        self.record.compact()
    }
}
