//! Changes the writer makes to a record in place, without writing it again: the scheme, the
//! username, the password, the host, the port, the path (of a URL with a host), the query and
//! the fragment, each given as it is serialized (text the caller has already encoded, a port
//! number, or a setter's path, query or fragment written alone by a writer of its own). The
//! serialization is spliced where the component lies and the offsets after it move by the
//! change in length, as the `url` crate's setters do; what comes before the component is
//! neither copied nor read. A query may also be opened for appending at the end of the
//! serialization. Debug builds check each change against the record the URL's parts assembled
//! whole would be.

use alloc::string::String;
use core::num::NonZeroU32;
use core::ops::Range;

use super::super::{Component, HostKind, Record, SchemeKind};
use super::Writer;

impl Writer {
    /// Makes this writer, fresh from [`Writer::with_capacity`], one of one component of
    /// `record` alone (its path, which follows a host, its query or its fragment), in `buffer`
    /// (emptied first), for [`Writer::put_alone`] to splice in: the serialization starts empty,
    /// where the component will, and the writer knows the record's scheme and host, which the
    /// path state and the serializer look at. Only those are set: every other part of the
    /// draft must be as a fresh writer has it.
    pub(crate) fn start_alone(&mut self, record: &Record, mut buffer: String) {
        debug_assert!(!self.has_scheme && self.record.serialization.is_empty());
        buffer.clear();
        self.record.serialization = buffer;
        self.record.scheme_kind = record.scheme_kind;
        self.record.host_kind = record.host_kind;
        self.has_scheme = true;
    }

    /// Puts the component written alone ([`Writer::start_alone`]: `component` is the path, the
    /// query or the fragment) in place of `record`'s own, and moves the offsets after it. When
    /// the URL's buffer has room (and is not far larger than the URL needs), what follows the
    /// component is appended to what was written, the serialization cut where the component
    /// starts, and the two joined; otherwise the URL is put together around what was written in
    /// the writer's buffer, which the URL takes. Either way the writer's buffer is left with
    /// what the caller may reuse. False, with the record as it was, when the record would be too
    /// long.
    pub(crate) fn put_alone(&mut self, record: &mut Record, component: Component) -> bool {
        let range = match component {
            Component::Path => record.path_range(),
            Component::Query => record.path_range().end..record.query_end(),
            Component::Fragment => record.query_end()..record.serialization.len(),
            // Written again from the component on, never alone (see `builder::set`).
            Component::Host | Component::Port => return false,
        };
        // The component's serialization, with the "?" or "#" that opens it.
        let written = &mut self.record.serialization;
        let len = written.len();
        let Ok(total) = u32::try_from(record.serialization.len() - range.len() + len) else {
            return false;
        };
        let total = total as usize;
        // A buffer far larger than the URL (a long value set before) is not kept, as a URL
        // written again does not keep it.
        let capacity = record.serialization.capacity();
        if fits(capacity, total) {
            written.push_str(&record.serialization[range.end..]);
            record.serialization.truncate(range.start);
            record.serialization.push_str(written);
        } else {
            // The URL's buffer has no room (a fresh copy's is exactly its length), and growing
            // it would copy it: the URL is put together around what was written, in the
            // writer's buffer, which the URL takes (its own becomes the writer's).
            written.insert_str(0, &record.serialization[..range.start]);
            written.push_str(&record.serialization[range.end..]);
            core::mem::swap(&mut record.serialization, written);
            // The writer's buffer was sized for the URL before the change.
            keep_no_far_larger_buffer(&mut record.serialization);
        }
        // Both fit in 32 bits, as the whole does.
        let (removed, added) = (range.len() as u32, len as u32);
        let shift = |offset: u32| offset - removed + added;
        // Where the component starts, after its "?" or "#", if one was written (never at 0).
        let opened =
            |is_written: bool| NonZeroU32::new(range.start as u32 + 1).filter(|_| is_written);
        match component {
            Component::Path => {
                record.query_start = record.query_start.map(|q| moved(q, &shift));
                record.fragment_start = record.fragment_start.map(|f| moved(f, &shift));
            }
            Component::Query => {
                record.query_start = opened(self.record.query.is_some());
                record.fragment_start = record.fragment_start.map(|f| moved(f, &shift));
            }
            _ => record.fragment_start = opened(self.record.fragment.is_some()),
        }
        checked(record)
    }

    /// Sets `record`'s port (None: no port), the caller having checked that the URL can have
    /// one and that it is not the scheme's default: ":" and the digits between the host and
    /// the path. False, with the record as it was, when the record would be too long.
    pub(crate) fn put_port(record: &mut Record, port: Option<u16>) -> bool {
        // ":" and the digits, one text: what follows moves once.
        let mut digits = [0u8; 10];
        let text = [port_text(port, &mut digits)];
        let range = Record::at(record.host_end)..Record::at(record.authority_end);
        let Some(shift) = splice(record, range, text) else {
            return false;
        };
        record.shift_port_on(&shift);
        record.port = port;
        checked(record)
    }

    /// Sets `record`'s query to `query` as it is (None: no query): the query state's output,
    /// which "?" opens. False, with the record as it was, when the record would be too long.
    pub(crate) fn put_query(record: &mut Record, query: Option<&str>) -> bool {
        let (start, end) = (record.path_range().end, record.query_end());
        let text = match query {
            Some(query) => ["?", query],
            None => ["", ""],
        };
        let Some(shift) = splice(record, start..end, text) else {
            return false;
        };
        // The query starts after its "?", which is never at 0.
        record.query_start = query.and_then(|_| u32::try_from(start + 1).ok()?.try_into().ok());
        record.fragment_start = record.fragment_start.map(|f| moved(f, &shift));
        checked(record)
    }

    /// Sets `record`'s fragment to `fragment` as it is (None: no fragment): the fragment
    /// state's output, which "#" opens. False, with the record as it was, when the record would
    /// be too long.
    pub(crate) fn put_fragment(record: &mut Record, fragment: Option<&str>) -> bool {
        let start = record.query_end();
        let end = record.serialization.len();
        let text = match fragment {
            Some(fragment) => ["#", fragment],
            None => ["", ""],
        };
        if splice(record, start..end, text).is_none() {
            return false;
        }
        record.fragment_start =
            fragment.and_then(|_| u32::try_from(start + 1).ok()?.try_into().ok());
        checked(record)
    }

    /// Opens `record`'s query for appending in place, as the `url` crate's `query_pairs_mut`
    /// does: the fragment is taken out, and a URL without a query gets the empty one ("?"),
    /// so that the query ends the serialization, and the record stays whole while
    /// [`Writer::query_to_append_to`] is appended to. None, with the record as it was, when
    /// there is no room for the "?".
    pub(crate) fn open_query(record: &mut Record) -> Option<OpenQuery> {
        let end = record.query_end();
        let had_query = record.query_start.is_some();
        let start = match record.query_start {
            Some(start) => start,
            None => NonZeroU32::new(u32::try_from(end + 1).ok()?)?,
        };
        let fragment = record.fragment_start.map(|f| {
            let fragment = record.serialization.get(Record::at(f.get())..);
            String::from(fragment.unwrap_or_default())
        });
        record.serialization.truncate(end);
        record.fragment_start = None;
        if !had_query {
            record.serialization.push('?');
            record.query_start = Some(start);
        }
        checked(record);
        Some(OpenQuery {
            fragment,
            end,
            start: Record::at(start.get()),
            had_query,
            shortest: end,
        })
    }

    /// The serialization of a record whose query is `open` ([`Writer::open_query`]), for
    /// application/x-www-form-urlencoded output to be appended to, or cut back to the query's
    /// start ([`OpenQuery::start`]): text the query state leaves as it is, which keeps the
    /// record whole.
    pub(crate) fn query_to_append_to<'r>(
        record: &'r mut Record,
        open: &mut OpenQuery,
    ) -> &'r mut String {
        open.shortest = open.shortest.min(record.serialization.len());
        &mut record.serialization
    }

    /// Closes a query opened by [`Writer::open_query`]: the fragment is put back after it.
    /// When the record would be longer than its offsets reach, what was appended is taken
    /// away: the query is as it was when it was opened, or empty if the pairs were cleared.
    pub(crate) fn close_query(record: &mut Record, open: OpenQuery) {
        let fragment_len = open.fragment.as_ref().map_or(0, |f| f.len() + 1);
        if u32::try_from(record.serialization.len() + fragment_len).is_err() {
            if open.had_query {
                let kept = open.shortest.min(record.serialization.len());
                record.serialization.truncate(kept);
            } else {
                record.serialization.truncate(open.end);
                record.query_start = None;
            }
            // The gigabytes appended are not kept.
            record.serialization.shrink_to_fit();
        }
        if let Some(fragment) = open.fragment {
            record.serialization.push('#');
            // After the "#", never at 0, and within 32 bits (checked above).
            let start = u32::try_from(record.serialization.len()).ok();
            record.fragment_start = start.and_then(NonZeroU32::new);
            record.serialization.push_str(&fragment);
        }
        checked(record);
    }

    /// Sets `record`'s username to `username`, percent-encoded, the caller having checked that
    /// the URL can have one: the "@" before the host comes or goes with the credentials. False,
    /// with the record as it was, when the record would be too long.
    pub(crate) fn put_username(record: &mut Record, username: &str) -> bool {
        if record.serialization.get(record.username_range()) == Some(username) {
            return true;
        }
        let start = record.username_range().start;
        let no_password = record.password_end == record.username_end;
        // Without a password the "@" follows the username, and is written with it.
        let (end, texts) = if no_password {
            let at = if username.is_empty() { "" } else { "@" };
            (Record::at(record.host_start), [username, at])
        } else {
            (Record::at(record.username_end), [username, ""])
        };
        let Some(shift) = splice(record, start..end, texts) else {
            return false;
        };
        // Within the new serialization, whose length was checked.
        let username_end = (start + username.len()) as u32;
        record.password_end = if no_password {
            username_end
        } else {
            shift(record.password_end)
        };
        record.username_end = username_end;
        record.shift_host_on(&shift);
        checked(record)
    }

    /// Sets `record`'s password to `password`, percent-encoded, the caller having checked that
    /// the URL can have one: the ":" before it comes or goes with it, and the "@" before the
    /// host with the credentials. False, with the record as it was, when the record would be
    /// too long.
    pub(crate) fn put_password(record: &mut Record, password: &str) -> bool {
        if record.serialization.get(record.password_range()) == Some(password) {
            return true;
        }
        let start = Record::at(record.username_end);
        let has_username = record.username_range().start < start;
        let colon = if password.is_empty() { "" } else { ":" };
        let at = if has_username || !password.is_empty() {
            "@"
        } else {
            ""
        };
        let end = Record::at(record.host_start);
        let Some(shift) = splice(record, start..end, [colon, password, at]) else {
            return false;
        };
        // Within the new serialization, whose length was checked.
        record.password_end = (start + colon.len() + password.len()) as u32;
        record.shift_host_on(&shift);
        checked(record)
    }

    /// Sets `record`'s scheme to `scheme`, ASCII lowercase, of `kind`, the caller having
    /// checked that the protocol setter allows the change (from special to special, or from
    /// not special to not special: no other component changes). False, with the record as it
    /// was, when the record would be too long.
    pub(crate) fn put_scheme(record: &mut Record, scheme: &str, kind: SchemeKind) -> bool {
        let Some(shift) = splice(record, 0..Record::at(record.scheme_end), [scheme]) else {
            return false;
        };
        record.scheme_end = scheme.len() as u32;
        record.username_end = shift(record.username_end);
        record.password_end = shift(record.password_end);
        record.shift_host_on(&shift);
        record.scheme_kind = kind;
        checked(record)
    }

    /// Sets `record`'s host, which is not null, to the host of `kind` whose serialization
    /// `write_host` appends (the host serializer writes it into the URL, with no text of its
    /// own), and its port to `port` when one is given (None in it: no port; the caller has left
    /// out the scheme's default), by writing the URL again into `buffer` around them: what comes
    /// before the host, the host, the port, and what follows the port, each written once. The
    /// record takes the buffer; the serialization it had is returned for reuse. When the record
    /// would be too long (known once the host is written), it stays as it was and the buffer is
    /// returned, holding what was written (its next user clears it).
    pub(crate) fn put_host_and_port(
        record: &mut Record,
        kind: HostKind,
        write_host: impl FnOnce(&mut String),
        port: Option<Option<u16>>,
        mut buffer: String,
    ) -> Result<String, String> {
        let range = Record::at(record.host_start)..Record::at(record.authority_end);
        let mut digits = [0u8; 10];
        let port_text = match port {
            None => &record.serialization[Record::at(record.host_end)..range.end],
            Some(port) => port_text(port, &mut digits),
        };
        buffer.clear();
        buffer.push_str(&record.serialization[..range.start]);
        write_host(&mut buffer);
        let host_len = buffer.len() - range.start;
        let added = host_len + port_text.len();
        if u32::try_from(record.serialization.len() - range.len() + added).is_err() {
            return Err(buffer);
        }
        buffer.push_str(port_text);
        buffer.push_str(&record.serialization[range.end..]);
        let port = port.unwrap_or(record.port);
        core::mem::swap(&mut record.serialization, &mut buffer);
        // The buffer was sized for the URL before the change (a long host replaced by a short
        // one).
        keep_no_far_larger_buffer(&mut record.serialization);
        // Both fit in 32 bits, as the whole does.
        let (removed, added) = (range.len() as u32, added as u32);
        record.shift_port_on(&|offset: u32| offset - removed + added);
        record.host_end = record.host_start + host_len as u32;
        record.host_kind = Some(kind);
        record.port = port;
        checked(record);
        Ok(buffer)
    }

    /// Sets the path of `record`, which has a host and a path that is not opaque, to `path` as
    /// it is serialized ("/" and segments, or nothing): with a host, the serializer never adds
    /// "/." before it. False, with the record as it was, when the record would be too long.
    pub(crate) fn put_path(record: &mut Record, path: &str) -> bool {
        let range = record.path_range();
        let Some(shift) = splice(record, range, [path]) else {
            return false;
        };
        record.query_start = record.query_start.map(|q| moved(q, &shift));
        record.fragment_start = record.fragment_start.map(|f| moved(f, &shift));
        checked(record)
    }
}

/// A record's query open for appending ([`Writer::open_query`]): what
/// [`Writer::close_query`] needs to put the record back together.
#[derive(Debug)]
pub(crate) struct OpenQuery {
    /// The fragment taken out, without its "#".
    fragment: Option<String>,
    /// Where the query ended when it was opened (where the path ends, when there was none).
    end: usize,
    /// Where the query starts, after its "?".
    start: usize,
    /// Whether the URL had a query.
    had_query: bool,
    /// The shortest the serialization was seen while the query was open: below `end` when
    /// the pairs were cleared.
    shortest: usize,
}

impl OpenQuery {
    /// Where the query starts, after its "?": where the application/x-www-form-urlencoded
    /// output appended to it starts.
    pub(crate) fn start(&self) -> usize {
        self.start
    }
}

impl Record {
    /// Moves the host's offsets, and every one after them, by `shift`.
    fn shift_host_on(&mut self, shift: &impl Fn(u32) -> u32) {
        self.host_start = shift(self.host_start);
        self.host_end = shift(self.host_end);
        self.shift_port_on(shift);
    }

    /// Moves the port's end (the authority's), and every offset after it, by `shift`.
    fn shift_port_on(&mut self, shift: &impl Fn(u32) -> u32) {
        self.authority_end = shift(self.authority_end);
        self.path_start = shift(self.path_start);
        self.query_start = self.query_start.map(|q| moved(q, shift));
        self.fragment_start = self.fragment_start.map(|f| moved(f, shift));
    }

    /// Where the query ends (or would end): at the fragment's "#", or at the end.
    fn query_end(&self) -> usize {
        self.fragment_start
            .map_or(self.serialization.len(), |f| Record::at(f.get()) - 1)
    }
}

/// Puts `texts`, one after another, in place of `range` of `record`'s serialization;
/// how an offset after the range moves. None, with the record as it was, when the
/// serialization would be longer than a record's 32-bit offsets reach.
fn splice<const N: usize>(
    record: &mut Record,
    range: Range<usize>,
    texts: [&str; N],
) -> Option<impl Fn(u32) -> u32> {
    let added: usize = texts.iter().map(|t| t.len()).sum();
    let len = record.serialization.len() - range.len() + added;
    u32::try_from(len).ok()?;
    // Both fit in 32 bits: the range is in the serialization, and the added text in the new
    // one.
    let (removed, added) = (range.len() as u32, added as u32);
    let s = &mut record.serialization;
    if range.end == s.len() {
        // The last component: cut, then written.
        s.truncate(range.start);
        for text in texts {
            s.push_str(text);
        }
    } else {
        // What follows moves once for what is removed and once a text.
        let mut at = range.start;
        if !range.is_empty() {
            s.drain(range);
        }
        for text in texts.iter().filter(|t| !t.is_empty()) {
            s.insert_str(at, text);
            at += text.len();
        }
    }
    // An offset after the range is at least its end, so at least `removed`.
    Some(move |offset: u32| offset - removed + added)
}

/// Whether a buffer of `capacity` bytes serves a URL of `len`: it has room, and is not far
/// larger (a buffer a long value once needed is not kept for a short URL).
pub(crate) fn fits(capacity: usize, len: usize) -> bool {
    capacity >= len && capacity <= most_kept(len)
}

/// The largest buffer kept for a URL of `len` bytes.
fn most_kept(len: usize) -> usize {
    4 * len + 128
}

/// Shrinks `serialization`'s buffer to its length when it is far larger (see [`fits`]): a
/// buffer sized for the URL before a change is not kept, as a URL written again does not keep
/// one.
fn keep_no_far_larger_buffer(serialization: &mut String) {
    let len = serialization.len();
    if serialization.capacity() > most_kept(len) {
        serialization.shrink_to(len);
    }
}

/// A port's serialization, ":" and its digits (nothing for None), written at the end of
/// `digits`.
fn port_text(port: Option<u16>, digits: &mut [u8; 10]) -> &str {
    let Some(port) = port else {
        return "";
    };
    // A 16-bit number has at most five digits: the ":" goes before them.
    let start = digits.len() - crate::percent::decimal(u32::from(port), digits).len() - 1;
    digits[start] = b':';
    // ASCII.
    core::str::from_utf8(&digits[start..]).unwrap_or_default()
}

/// True, after checking in debug builds that `record`, changed in place, is the record its
/// components assembled whole would be (serialization, offsets and kinds).
fn checked(record: &Record) -> bool {
    #[cfg(debug_assertions)]
    {
        let assembled = record.parts().assemble();
        let same =
            assembled.is_some_and(|a| alloc::format!("{a:?}") == alloc::format!("{record:?}"));
        assert!(
            same,
            "a record changed in place is not its parts assembled: {record:?}"
        );
    }
    #[cfg(not(debug_assertions))]
    let _ = record;
    true
}

/// A component's start, moved (never to 0: a delimiter comes before it).
fn moved(start: NonZeroU32, shift: &impl Fn(u32) -> u32) -> NonZeroU32 {
    let at = NonZeroU32::new(shift(start.get()));
    debug_assert!(
        at.is_some(),
        "a component moved to the start of the serialization"
    );
    at.unwrap_or(start)
}
