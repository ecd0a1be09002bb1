//! The host, hostname and port setters (https://url.spec.whatwg.org/#urlutils-members): the
//! host state, hostname state, file host state and port state with a state override, and the
//! host and port they set, put in place in a URL that has a host.

use alloc::borrow::Cow;
use alloc::string::String;

use super::host_serializer::SerializedHost;
use super::setters::{spare, Setter, Written};
use super::{span, Builder};
use crate::error::{ErrorCode, SetterError};
use crate::grammar::{Production, Productions};
use crate::record::{Component, HostKind, Record, Writer};
use crate::tokens::Few;

/// [`Writer::put_host_and_port`] with this thread's spare buffer, which the record takes (its
/// own becomes the spare): `record`'s host, which is not null, set to the host of `kind` whose
/// serialization `write_host` appends (about `host_len` bytes), and its port to `port` when one
/// is given. The API's `set_ip_host` puts an address this way. False, with the record as it
/// was, when it would be too long.
#[inline]
pub(crate) fn put_host_and_port(
    record: &mut Record,
    kind: HostKind,
    write_host: impl FnOnce(&mut String),
    host_len: usize,
    port: Option<Option<u16>>,
) -> bool {
    let buffer = spare::take(record.serialization().len() + host_len + 6);
    let written = Writer::put_host_and_port(record, kind, write_host, port, buffer);
    let put = written.is_ok();
    let (Ok(unused) | Err(unused)) = written;
    spare::keep(unused);
    put
}

/// The empty host's serialization: the empty string.
const EMPTY_HOST: SerializedHost<'static> = SerializedHost::Text(Cow::Borrowed(""));

/// Where a host or port setter writes: in place in the record, which has a host (the URL written
/// once around the new host and port, [`Writer::put_host_and_port`], or the port spliced in,
/// [`Writer::put_port`]); or by the builder's writer, resumed at the component, the record read
/// for what follows.
pub(super) enum Target<'r> {
    InPlace(&'r mut Record),
    Resumed(&'r Record),
}

impl Target<'_> {
    /// The record as it is before the setter writes.
    fn record(&self) -> &Record {
        match self {
            Target::InPlace(record) => record,
            Target::Resumed(record) => record,
        }
    }
}

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// The [host state](https://url.spec.whatwg.org/#host-state) (or hostname state, or file
    /// host state) with a state override.
    pub(super) fn set_host(
        &mut self,
        target: &mut Target<'_>,
        setter: Setter,
    ) -> Result<(), Written> {
        if self.file() {
            // "If state override is given and url's scheme is "file", then decrease pointer by 1
            // and set state to file host state."
            let mut few = Few::new();
            let mut whole = None;
            let node = self.run_setter(Production::SetFileHost, &mut few, &mut whole)?;
            // One `file_host`, read whole before anything is written: any other tree is a
            // grammar the builder does not know, and leaves the URL as it was.
            let mut host = None;
            for child in self.children(node) {
                match (child?, &host) {
                    ((Production::FileHost, h), None) => host = Some(h),
                    ((_, other), _) => {
                        let at = span(&other);
                        return Err(self.unexpected(Production::SetFileHost, at).into());
                    }
                }
            }
            let host = host.ok_or_else(|| self.unexpected(Production::SetFileHost, span(&node)))?;
            self.whole_host(&host, setter)?;
            let text = host.as_str();
            // "Otherwise, if buffer is the empty string, then: Set url's host to the empty
            // string."
            if text.is_empty() {
                return self.write_host(target, HostKind::Empty, &EMPTY_HOST, None);
            }
            let (kind, serialized) = self.host_parser(text, span(&host), false)?;
            // "If host is "localhost", then set host to the empty string."
            if kind == HostKind::Domain && serialized.is_localhost() {
                return self.write_host(target, HostKind::Empty, &EMPTY_HOST, None);
            }
            return self.write_host(target, kind, &serialized, None);
        }
        let entry = if self.special() {
            Production::SetHost
        } else {
            Production::SetOpaqueHost
        };
        let mut few = Few::new();
        let mut whole = None;
        let node = self.run_setter(entry, &mut few, &mut whole)?;
        let mut host = None;
        let mut port = None;
        // One host and at most one port: any other tree is a grammar the builder does not know.
        for child in self.children(node) {
            match (child?, &host, &port) {
                ((Production::SetterHost | Production::SetterOpaqueHost, h), None, _) => {
                    host = Some(h);
                }
                ((Production::SetterPort, p), _, None) => port = Some(p),
                ((_, other), _, _) => return Err(self.unexpected(entry, span(&other)).into()),
            }
        }
        let host = host.ok_or_else(|| self.unexpected(entry, span(&node)))?;
        self.whole_host(&host, setter)?;
        let text = host.as_str();
        let at = span(&host);
        let record = target.record();
        let includes_credentials = !record.username().is_empty() || !record.password().is_empty();
        if port.is_some() {
            // "If c is U+003A (:) and insideBrackets is false: If buffer is the empty string,
            // host-missing validation error, return failure. If state override is given and state
            // override is hostname state, then return failure."
            if text.is_empty() {
                return Err(self.fail(ErrorCode::HostMissing, at).into());
            }
            if setter != Setter::Host {
                return Err(SetterError::Invalid(None).into());
            }
        } else {
            // "If url is special and buffer is the empty string, host-missing validation error,
            // return failure." "Otherwise, if state override is given, buffer is the empty
            // string, and either url includes credentials or url's port is non-null, then return
            // failure."
            if text.is_empty() && self.special() {
                return Err(self.fail(ErrorCode::HostMissing, at).into());
            }
            if text.is_empty() && (includes_credentials || record.port().is_some()) {
                return Err(SetterError::Invalid(None).into());
            }
        }
        let (kind, serialized) = self.host_parser(text, at, !self.special())?;
        // The port state with a state override, after the host is set; when it fails, the
        // URL keeps the new host and its old port.
        let port = port.map(|port| self.setter_port(port));
        let new_port = match port {
            Some(Ok(port)) => Some(port),
            _ => None,
        };
        self.write_host(target, kind, &serialized, new_port)?;
        match port {
            Some(Err(e)) => Err(Written::Host(e)),
            _ => Ok(()),
        }
    }

    /// Sets the host to `host`, of `kind`, and the port to `port` when it is given (else the
    /// URL keeps its own): in place, or written by the builder's writer with what follows
    /// copied. The host serializer writes `host` into the URL. The URL stays as it was when it
    /// would be too long.
    fn write_host(
        &mut self,
        target: &mut Target<'_>,
        kind: HostKind,
        host: &SerializedHost<'_>,
        port: Option<Option<u16>>,
    ) -> Result<(), Written> {
        match target {
            Target::InPlace(record) => {
                let write = |out: &mut String| host.write_to(out);
                if !put_host_and_port(record, kind, write, self.text.len(), port) {
                    return Err(Written::Nothing(SetterError::TooLong));
                }
            }
            Target::Resumed(record) => {
                self.out.host_by(kind, |out| host.write_to(out));
                if let Some(port) = port.unwrap_or(record.port()) {
                    self.out.port(port);
                }
                self.out.copy_rest(record, Component::Path);
            }
        }
        Ok(())
    }

    /// For [`Setter::WholeHostname`]: the host the grammar read must be the whole value; where
    /// it stops, the value holds a code point that is not the host's.
    fn whole_host(&mut self, host: &super::Node<'_>, setter: Setter) -> Result<(), Written> {
        let end = span(host).end;
        if setter != Setter::WholeHostname || end == self.text.len() {
            return Ok(());
        }
        let width = self.text[end..].chars().next().map_or(1, char::len_utf8);
        Err(self
            .fail(ErrorCode::HostInvalidCodePoint, end..end + width)
            .into())
    }

    /// The [port state](https://url.spec.whatwg.org/#port-state) with a state override.
    /// (The API checks "If the given value is the empty string" before this runs.)
    pub(super) fn set_port(&mut self, target: &mut Target<'_>) -> Result<(), Written> {
        let mut few = Few::new();
        let mut whole = None;
        let node = self.run_setter(Production::SetPort, &mut few, &mut whole)?;
        let mut port = target.record().port();
        for child in self.children(node) {
            let (_, digits) = child?;
            port = self.setter_port(digits)?;
        }
        match target {
            Target::InPlace(record) => {
                if !Writer::put_port(record, port) {
                    return Err(Written::Nothing(SetterError::TooLong));
                }
            }
            Target::Resumed(record) => {
                if let Some(port) = port {
                    self.out.port(port);
                }
                self.out.copy_rest(record, Component::Path);
            }
        }
        Ok(())
    }

    /// `setter_port`: "If buffer is not the empty string: [...] If port is not a 16-bit unsigned
    /// integer, port-out-of-range validation error, return failure. Set url's port to null, if
    /// port is url's scheme's default port; otherwise to port." "If state override is given,
    /// then return failure."
    fn setter_port(&mut self, port: super::Node<'_>) -> Result<Option<u16>, SetterError> {
        let text = port.as_str();
        // "If state override is given, then return failure." (No validation error is named.)
        if text.is_empty() {
            return Err(SetterError::Invalid(None));
        }
        let value = super::authority::port_number(text);
        let Some(value) = value else {
            return Err(self.fail(ErrorCode::PortOutOfRange, span(&port)).into());
        };
        Ok((self.out.scheme_kind().default_port() != Some(value)).then_some(value))
    }
}
