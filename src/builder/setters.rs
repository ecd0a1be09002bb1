//! The `URL` class's setters (https://url.spec.whatwg.org/#urlutils-members): the basic URL
//! parser with a state override. Each setter runs its own entry rule of the grammar and the
//! builder's production functions on the value, then the record is assembled again with the one
//! component changed.

use super::{span, Builder, Sink};
use crate::error::{ErrorCode, SetterError};
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::record::{HostKind, Parts, Record};

/// A setter that parses its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Setter {
    Protocol,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

/// Runs `setter` with `value` on `record`: the new record, if any (a host setter may set the host
/// and then fail at its port), and whether the value was taken or why it was ignored.
pub(crate) fn set<'i, S: Productions>(
    source: &S,
    record: &Record,
    setter: Setter,
    input: &'i Input<'i>,
    errors: Sink<'_>,
) -> (Option<Record>, Result<(), SetterError>) {
    match run(source, record, setter, input, errors) {
        Ok(record) => (Some(record), Ok(())),
        Err((e, changed)) => (changed.map(|parts| parts.assemble()), Err(e)),
    }
}

/// The setter's steps on the record's parts; on failure, the parts to keep if they changed.
fn run<'i, 'r, S: Productions>(
    source: &S,
    record: &'r Record,
    setter: Setter,
    input: &'i Input<'i>,
    errors: Sink<'_>,
) -> Result<Record, (SetterError, Option<Box<Parts<'r>>>)> {
    let mut builder = Builder::new(source, input, None, errors);
    // The URL's scheme, so that the builder knows whether it is special or "file"; a pathname
    // is written after it.
    builder
        .out
        .scheme_of_kind(record.scheme(), Some(record.scheme_kind()), source.tables());
    let mut parts = record.parts();
    let no_change = |e: SetterError| (e, None);
    match setter {
        Setter::Protocol => builder.set_protocol(&mut parts).map_err(no_change)?,
        Setter::Host | Setter::Hostname => {
            if record.has_opaque_path() {
                return Err(no_change(SetterError::OpaquePath));
            }
            if let Err(e) = builder.set_host(&mut parts, setter == Setter::Hostname) {
                // The host may be set already (a port after it failed).
                let changed = parts.host != record.parts().host;
                return Err((e, changed.then(|| Box::new(parts))));
            }
        }
        Setter::Port => {
            if parts.cannot_have_credentials_or_port() {
                return Err(no_change(SetterError::CannotHaveCredentialsOrPort));
            }
            builder.set_port(&mut parts).map_err(no_change)?;
        }
        Setter::Pathname => {
            if record.has_opaque_path() {
                return Err(no_change(SetterError::OpaquePath));
            }
            builder.set_pathname(&mut parts).map_err(no_change)?;
        }
        Setter::Search => {
            let tree = builder
                .run(Production::SetSearch)
                .map_err(|e| no_change(e.into()))?;
            let node = tree.root();
            builder.query(node);
            parts.query = builder.out.query_str().map(|q| q.to_owned().into());
        }
        Setter::Hash => {
            let tree = builder
                .run(Production::SetHash)
                .map_err(|e| no_change(e.into()))?;
            let node = tree.root();
            for child in builder.children(node) {
                let (_, fragment) = child.map_err(|e| no_change(e.into()))?;
                builder
                    .fragment(fragment)
                    .map_err(|e| no_change(e.into()))?;
            }
            parts.fragment = builder.out.fragment_str().map(|f| f.to_owned().into());
        }
    }
    Ok(parts.assemble())
}

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// The [scheme state](https://url.spec.whatwg.org/#scheme-state) with a state override.
    fn set_protocol(&mut self, parts: &mut Parts) -> Result<(), SetterError> {
        // "Otherwise, return failure." (scheme start state and scheme state)
        let tree = self
            .run(Production::SetProtocol)
            .map_err(|_| SetterError::Invalid(None))?;
        let node = tree.root();
        let mut scheme = None;
        for child in self.children(node) {
            if let (Production::Scheme, s) = child? {
                scheme = Some(s.as_str().to_ascii_lowercase());
            }
        }
        let scheme = scheme.ok_or(SetterError::Invalid(None))?;
        let (was, is) = (parts.scheme_kind, self.source.tables().scheme_kind(&scheme));
        // "If url's scheme is a special scheme and buffer is not a special scheme, then return."
        // "If url's scheme is not a special scheme and buffer is a special scheme, then return."
        // "If url includes credentials or has a non-null port, and buffer is "file", then
        // return." "If url's scheme is "file" and its host is an empty host, then return."
        if was.is_special() != is.is_special()
            || ((parts.includes_credentials() || parts.port.is_some()) && is.is_file())
            || (was.is_file() && matches!(parts.host, Some((HostKind::Empty, _))))
        {
            return Err(SetterError::SchemeChange);
        }
        // "If url's port is url's scheme's default port, then set url's port to null."
        if parts.port.is_some() && parts.port == is.default_port() {
            parts.port = None;
        }
        parts.scheme = scheme.into();
        parts.scheme_kind = is;
        Ok(())
    }

    /// The [host state](https://url.spec.whatwg.org/#host-state) (or hostname state, or file
    /// host state) with a state override.
    fn set_host(&mut self, parts: &mut Parts, hostname: bool) -> Result<(), SetterError> {
        if self.file() {
            // "If state override is given and url's scheme is "file", then decrease pointer by 1
            // and set state to file host state."
            let tree = self.run(Production::SetFileHost)?;
            let node = tree.root();
            for child in self.children(node) {
                let (_, host) = child?;
                let text = host.as_str();
                // "Otherwise, if buffer is the empty string, then: Set url's host to the empty
                // string."
                parts.host = Some(if text.is_empty() {
                    (HostKind::Empty, "".into())
                } else {
                    let (kind, serialized) = self.host_parser(text, span(&host), false)?;
                    // "If host is "localhost", then set host to the empty string."
                    if kind == HostKind::Domain && serialized == "localhost" {
                        (HostKind::Empty, "".into())
                    } else {
                        (kind, serialized.into_owned().into())
                    }
                });
            }
            return Ok(());
        }
        let entry = if self.special() {
            Production::SetHost
        } else {
            Production::SetOpaqueHost
        };
        let tree = self.run(entry)?;
        let node = tree.root();
        let mut host = None;
        let mut port = None;
        for child in self.children(node) {
            match child? {
                (Production::SetterHost | Production::SetterOpaqueHost, h) => host = Some(h),
                (Production::SetterPort, p) => port = Some(p),
                (_, other) => return Err(self.unexpected(entry, Some(&other)).into()),
            }
        }
        let host = host.ok_or_else(|| SetterError::from(self.unexpected(entry, None)))?;
        let text = host.as_str();
        let at = span(&host);
        if port.is_some() {
            // "If c is U+003A (:) and insideBrackets is false: If buffer is the empty string,
            // host-missing validation error, return failure. If state override is given and state
            // override is hostname state, then return failure."
            if text.is_empty() {
                return Err(self.fail(ErrorCode::HostMissing, at).into());
            }
            if hostname {
                return Err(SetterError::Invalid(None));
            }
        } else {
            // "If url is special and buffer is the empty string, host-missing validation error,
            // return failure." "Otherwise, if state override is given, buffer is the empty
            // string, and either url includes credentials or url's port is non-null, then return
            // failure."
            if text.is_empty() && self.special() {
                return Err(self.fail(ErrorCode::HostMissing, at).into());
            }
            if text.is_empty() && (parts.includes_credentials() || parts.port.is_some()) {
                return Err(SetterError::Invalid(None));
            }
        }
        let (kind, serialized) = self.host_parser(text, at, !self.special())?;
        parts.host = Some((kind, serialized.into_owned().into()));
        match port {
            // The port state with a state override, after the host is set.
            Some(port) => self.setter_port(port, parts),
            None => Ok(()),
        }
    }

    /// The [port state](https://url.spec.whatwg.org/#port-state) with a state override.
    /// (The API checks "If the given value is the empty string" before this runs.)
    fn set_port(&mut self, parts: &mut Parts) -> Result<(), SetterError> {
        let tree = self.run(Production::SetPort)?;
        let node = tree.root();
        for child in self.children(node) {
            let (_, port) = child?;
            self.setter_port(port, parts)?;
        }
        Ok(())
    }

    /// `setter_port`: "If buffer is not the empty string: [...] If port is not a 16-bit unsigned
    /// integer, port-out-of-range validation error, return failure. Set url's port to null, if
    /// port is url's scheme's default port; otherwise to port." "If state override is given,
    /// then return failure."
    fn setter_port(&mut self, port: super::Node<'_>, parts: &mut Parts) -> Result<(), SetterError> {
        let text = port.as_str();
        // "If state override is given, then return failure." (No validation error is named.)
        if text.is_empty() {
            return Err(SetterError::Invalid(None));
        }
        let value = super::authority::port_number(text);
        let Some(value) = value else {
            return Err(self.fail(ErrorCode::PortOutOfRange, span(&port)).into());
        };
        parts.port = (parts.scheme_kind().default_port() != Some(value)).then_some(value);
        Ok(())
    }

    /// The [path start state](https://url.spec.whatwg.org/#path-start-state) with a state
    /// override, after "Empty this's URL's path."
    fn set_pathname(&mut self, parts: &mut Parts) -> Result<(), SetterError> {
        if !self.special() && self.text.is_empty() {
            // "Otherwise, if state override is given and url's host is null, append the empty
            // string to url's path."
            parts.path = if parts.host.is_none() {
                "/".into()
            } else {
                "".into()
            };
            return Ok(());
        }
        let entry = if self.special() {
            Production::SetSpecialPathname
        } else {
            Production::SetPathname
        };
        let tree = self.run(entry)?;
        let node = tree.root();
        self.path(node)?;
        parts.path = self.out.path_str().to_owned().into();
        Ok(())
    }
}
