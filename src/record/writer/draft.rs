//! [`Draft`]: the record a [`super::Writer`] writes, with every offset in full, and how it is
//! kept as a [`Record`] when the writing ends.

use alloc::string::String;
use core::num::NonZeroU32;
use core::ops::Range;

use super::super::{HostKind, Record, SchemeKind};

/// A record while it is written: the offsets of [`Record`] in full, as ranges of `usize`.
/// [`super::Writer::finish`] keeps what the serialization does not imply, in 32 bits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Draft {
    pub(super) serialization: String,
    pub(super) scheme_kind: SchemeKind,
    pub(super) scheme_end: usize,
    pub(super) username: Range<usize>,
    pub(super) password: Range<usize>,
    pub(super) host: Range<usize>,
    pub(super) host_kind: Option<HostKind>,
    pub(super) port: Option<u16>,
    pub(super) authority_end: usize,
    pub(super) path: Range<usize>,
    pub(super) opaque_path: bool,
    pub(super) query: Option<Range<usize>>,
    pub(super) fragment: Option<Range<usize>>,
}

impl Draft {
    /// Takes every offset of `record` (the serialization stays as it is): field by field, in
    /// place, without a draft moved as a whole.
    pub(super) fn take_offsets(&mut self, record: &Record) {
        self.scheme_kind = record.scheme_kind;
        self.scheme_end = Record::at(record.scheme_end);
        self.username = record.username_range();
        self.password = record.password_range();
        self.host = record.host_range();
        self.host_kind = record.host_kind;
        self.port = record.port;
        self.authority_end = Record::at(record.authority_end);
        self.path = record.path_range();
        self.opaque_path = record.opaque_path;
        self.query = record.query_range();
        self.fragment = record.fragment_range();
    }

    /// The username's, password's and host's ranges as a record keeps them: as written, or,
    /// without a host, empty right after "scheme:".
    #[inline(always)]
    pub(super) fn kept_ranges(&self) -> [Range<usize>; 3] {
        match self.host_kind {
            Some(_) => [
                self.username.clone(),
                self.password.clone(),
                self.host.clone(),
            ],
            None => [(); 3].map(|()| self.scheme_end + 1..self.scheme_end + 1),
        }
    }

    /// The serialization, taken out of the draft; back as the error when it is longer than a
    /// record's 32-bit offsets reach.
    #[inline(always)]
    fn take_serialization(&mut self) -> Result<String, String> {
        let serialization = core::mem::take(&mut self.serialization);
        if u32::try_from(serialization.len()).is_err() {
            return Err(serialization);
        }
        Ok(serialization)
    }

    /// The record: the offsets it keeps, in 32 bits; the serialization back as the error when
    /// it is longer than 32-bit offsets reach. (Its ranges are chosen here as
    /// [`Draft::kept_ranges`] does, written out: through that function a parse took 15
    /// instructions a URL more.)
    pub(super) fn compact(&mut self) -> Result<Record, String> {
        let serialization = self.take_serialization()?;
        // Without a host, the credential and host ranges are empty right after "scheme:".
        let empty = self.scheme_end + 1..self.scheme_end + 1;
        let (username, password, host) = match self.host_kind {
            Some(_) => (&self.username, &self.password, &self.host),
            None => (&empty, &empty, &empty),
        };
        let record = Record {
            scheme_end: at32(self.scheme_end),
            username_end: at32(username.end),
            password_end: at32(password.end),
            host_start: at32(host.start),
            host_end: at32(host.end),
            authority_end: at32(self.authority_end),
            path_start: at32(self.path.start),
            query_start: start32(&self.query),
            fragment_start: start32(&self.fragment),
            scheme_kind: self.scheme_kind,
            port: self.port,
            host_kind: self.host_kind,
            opaque_path: self.opaque_path,
            serialization,
        };
        #[cfg(debug_assertions)]
        self.check_compact(&record);
        Ok(record)
    }

    /// [`Draft::compact`] written into `record` field by field, not made apart and moved there
    /// (a setter's record: no wide copy of fields just stored one by one, 42 instructions fewer a
    /// chain of three setters); the serialization `record` had, or this one back as the error,
    /// `record` then as it was.
    #[inline(always)]
    pub(super) fn compact_into(&mut self, record: &mut Record) -> Result<String, String> {
        let serialization = self.take_serialization()?;
        let [username, password, host] = self.kept_ranges();
        record.scheme_end = at32(self.scheme_end);
        record.username_end = at32(username.end);
        record.password_end = at32(password.end);
        record.host_start = at32(host.start);
        record.host_end = at32(host.end);
        record.authority_end = at32(self.authority_end);
        record.path_start = at32(self.path.start);
        record.query_start = start32(&self.query);
        record.fragment_start = start32(&self.fragment);
        record.scheme_kind = self.scheme_kind;
        record.port = self.port;
        record.host_kind = self.host_kind;
        record.opaque_path = self.opaque_path;
        let old = core::mem::replace(&mut record.serialization, serialization);
        #[cfg(debug_assertions)]
        self.check_compact(record);
        Ok(old)
    }
}

/// An offset of a serialization a record keeps, in 32 bits (the length was checked, and every
/// offset is at most the length, so none is cut).
#[inline(always)]
fn at32(offset: usize) -> u32 {
    offset as u32
}

/// Where a component that may be null starts, in 32 bits (never 0: a delimiter precedes it).
#[inline(always)]
fn start32(range: &Option<Range<usize>>) -> Option<NonZeroU32> {
    range.as_ref().and_then(|r| NonZeroU32::new(at32(r.start)))
}
