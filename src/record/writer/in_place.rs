//! Changes the writer makes to a record in place, without writing it again: the port, the
//! query and the fragment, each given as it is serialized (a port number, text the query or
//! fragment state leaves as it is). The serialization is spliced where the component lies and
//! the offsets after it move by the change in length, as the `url` crate's setters do; what
//! comes before the component is neither copied nor read.

use core::num::NonZeroU32;
use core::ops::Range;

use super::super::Record;
use super::Writer;

impl Writer {
    /// Sets `record`'s port (None: no port), the caller having checked that the URL can have
    /// one and that it is not the scheme's default: ":" and the digits between the host and
    /// the path. False, with the record as it was, when the record would be too long.
    pub(crate) fn put_port(record: &mut Record, port: Option<u16>) -> bool {
        let mut digits = [0u8; 10];
        let text = match port {
            // ASCII digits.
            Some(port) => [
                ":",
                core::str::from_utf8(crate::percent::decimal(u32::from(port), &mut digits))
                    .unwrap_or_default(),
            ],
            None => ["", ""],
        };
        let range = Record::at(record.host_end)..Record::at(record.authority_end);
        let Some(shift) = splice(record, range, text) else {
            return false;
        };
        record.authority_end = shift(record.authority_end);
        record.path_start = shift(record.path_start);
        record.query_start = record.query_start.map(|q| moved(q, &shift));
        record.fragment_start = record.fragment_start.map(|f| moved(f, &shift));
        record.port = port;
        true
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
        true
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
        true
    }
}

impl Record {
    /// Where the query ends (or would end): at the fragment's "#", or at the end.
    fn query_end(&self) -> usize {
        self.fragment_start
            .map_or(self.serialization.len(), |f| Record::at(f.get()) - 1)
    }
}

/// Puts the two `texts`, one after the other, in place of `range` of `record`'s serialization;
/// how an offset after the range moves. None, with the record as it was, when the
/// serialization would be longer than a record's 32-bit offsets reach.
fn splice(
    record: &mut Record,
    range: Range<usize>,
    texts: [&str; 2],
) -> Option<impl Fn(u32) -> u32> {
    let added = texts[0].len() + texts[1].len();
    let len = record.serialization.len() - range.len() + added;
    u32::try_from(len).ok()?;
    // Both fit in 32 bits: the range is in the serialization, and the added text in the new
    // one.
    let (removed, added) = (range.len() as u32, added as u32);
    let s = &mut record.serialization;
    if range.end == s.len() {
        // The last component: cut, then written.
        s.truncate(range.start);
        s.push_str(texts[0]);
        s.push_str(texts[1]);
    } else {
        // What follows moves once for what is removed and once a text.
        let mut at = range.start;
        if !range.is_empty() {
            s.drain(range);
        }
        for text in texts.into_iter().filter(|t| !t.is_empty()) {
            s.insert_str(at, text);
            at += text.len();
        }
    }
    // An offset after the range is at least its end, so at least `removed`.
    Some(move |offset: u32| offset - removed + added)
}

/// A component's start, moved (never to 0: a delimiter comes before it).
fn moved(start: NonZeroU32, shift: &impl Fn(u32) -> u32) -> NonZeroU32 {
    NonZeroU32::new(shift(start.get())).unwrap_or(start)
}
