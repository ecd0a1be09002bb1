//! The `URL` class's setters (https://url.spec.whatwg.org/#urlutils-members): the basic URL
//! parser with a state override. Each setter runs its own entry rule of the grammar and the
//! builder's production functions on the value, and the one component changes in the record.
//! [`set`] runs every setter; the host, hostname and port setters' states are in
//! `host_setters.rs`, the others here.

use alloc::borrow::Cow;
use alloc::string::String;

use super::host_setters::Target;
use super::{span, Builder, Node, Sink};
use crate::error::{ParseError, SetterError};
use crate::grammar::{Production, Productions, SETTER_TOKENS};
use crate::input::Input;
use crate::record::{Component, HostKind, Record, Writer};
use crate::tokens::{Few, Matched};

/// A setter that parses its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Setter {
    Protocol,
    Host,
    Hostname,
    /// The hostname setter where the value must be a host and nothing else: the grammar's host
    /// must end where the value does (the `url` crate's `set_host`).
    WholeHostname,
    Port,
    Pathname,
    Search,
    Hash,
}

/// Runs `setter` with `value` on `record`, which it replaces when the setter writes (a host setter
/// may set the host and then fail at its port); whether the value was taken or why it was
/// ignored.
///
/// The component is written by the builder's production functions. The path of a URL with a
/// host, the query and the fragment are written alone ([`Writer::start_alone`]) and spliced
/// into the record ([`Writer::put_alone`]); the host and the port of a URL that has a host are
/// put in place ([`Writer::put_host_and_port`], [`Writer::put_port`]). Otherwise (the host or
/// the path of a URL without a host) the record is written again by a [`Writer`] resumed where
/// the component starts: what comes before it is copied once, and what follows it is copied
/// after.
///
/// The error is a [`SetterError`]. A caller that wants the [`ParseError`] at which a value failed
/// as a parse fails (the `url` crate's `set_host` reports it) gives `failed_as_a_parse`, where it
/// is kept; the error returned is then that one as a [`SetterError`]. (One function for both:
/// a generic error type made two copies of this one.)
pub(crate) fn set<'i, S: Productions>(
    source: &S,
    record: &mut Record,
    setter: Setter,
    input: &'i Input<'i>,
    errors: Sink<'_>,
    failed_as_a_parse: Option<&mut Option<ParseError>>,
) -> Result<(), SetterError> {
    // The grammar reads no input longer than a parse's (token offsets are 32-bit): such a
    // value is not one the setter could take, and the URL stays as it was.
    if input.text.len() > crate::MAX_INPUT_LEN {
        return Err(SetterError::TooLong);
    }
    let from = match setter {
        Setter::Protocol => {
            // The scheme is written in place; what follows it moves.
            let mut builder = Builder::new(source, input, None, errors);
            builder.preprocessing();
            return builder.set_protocol(record);
        }
        Setter::Host | Setter::Hostname | Setter::WholeHostname => Component::Host,
        Setter::Port => Component::Port,
        Setter::Pathname => Component::Path,
        Setter::Search => Component::Query,
        Setter::Hash => Component::Fragment,
    };
    // The record's state that the setter checks before it writes.
    let refused = match setter {
        Setter::Host | Setter::Hostname | Setter::WholeHostname | Setter::Pathname
            if record.has_opaque_path() =>
        {
            Some(SetterError::OpaquePath)
        }
        Setter::Port if record.cannot_have_credentials_or_port() => {
            Some(SetterError::CannotHaveCredentialsOrPort)
        }
        _ => None,
    };
    if let Some(e) = refused {
        return Err(e);
    }
    // The host and the port of a URL that has a host are put in place
    // ([`Writer::put_host_and_port`], [`Writer::put_port`]): nothing before or after them is
    // written by the builder. (A URL without a host gets "//" before the one set, and loses the
    // serializer's "/." before its path: it is written again from the host on.)
    let in_place =
        matches!(from, Component::Host | Component::Port) && record.host_kind().is_some();
    // The path of a URL with a host, the query and the fragment are written alone and spliced
    // into the record ([`Writer::put_alone`]): when the URL's buffer has room, in place, as the
    // `url` crate edits its string, what comes before them neither copied nor read. (Without a
    // host, the serializer's "/." before the path depends on the path written: the record is
    // written again from the path on, as it is from the host or the port on.)
    let alone = match from {
        Component::Path => record.host_kind().is_some(),
        Component::Query | Component::Fragment => true,
        Component::Host | Component::Port => false,
    };
    // The writer is made in the builder, empty, and then set up where it is (a writer made
    // apart was copied into the builder, some 160 bytes). For a change in place it holds
    // nothing (it gives the scheme and the host kind the states look at); otherwise it has room
    // for the whole URL, also when the component is written alone (when the URL's own buffer
    // has no room for the change, the URL is put together in this one).
    let mut builder = Builder::with_writer(source, input, None, errors, Writer::with_capacity(0));
    match in_place {
        true => builder.out.start_alone(record, String::new()),
        false => {
            let buffer = spare::take(record.serialization().len() + input.text.len() + 8);
            match alone {
                true => builder.out.start_alone(record, buffer),
                false => builder.out.resume(record, from, buffer),
            }
        }
    }
    // The basic URL parser's "If input contains any ASCII tab or newline, invalid-URL-unit
    // validation error." (a state override leaves leading and trailing spaces).
    builder.preprocessing();
    if in_place {
        let mut target = Target::InPlace(record);
        let result = match from {
            Component::Host => builder.set_host(&mut target, setter),
            _ => builder.set_port(&mut target),
        };
        return match result {
            Ok(()) => Ok(()),
            Err(Written::Host(e) | Written::Nothing(e)) => Err(e),
            Err(Written::Failed(e)) => Err(failed(e, failed_as_a_parse)),
        };
    }
    let old = &*record;
    let result = match from {
        Component::Host => builder.set_host(&mut Target::Resumed(old), setter),
        Component::Port => builder.set_port(&mut Target::Resumed(old)),
        Component::Path => builder.set_pathname(old),
        Component::Query => builder.set_search(),
        Component::Fragment => builder.set_hash(),
    };
    // What follows the component, when the record is written again.
    if result.is_ok() && !alone {
        match from {
            Component::Path => builder.out.copy_rest(old, Component::Query),
            Component::Query => builder.out.copy_rest(old, Component::Fragment),
            _ => {}
        }
    }
    let (written, result) = match result {
        Ok(()) => (true, Ok(())),
        Err(Written::Host(e)) => (true, Err(e)),
        Err(Written::Nothing(e)) => (false, Err(e)),
        Err(Written::Failed(e)) => (false, Err(failed(e, failed_as_a_parse))),
    };
    // The serialization not kept is the next setter's buffer.
    let (unused, result) = match written {
        true if alone => match builder.out.put_alone(record, from) {
            true => (builder.out.into_buffer(), result),
            // Too long for a record: the URL stays as it was.
            false => (builder.out.into_buffer(), Err(SetterError::TooLong)),
        },
        true => match builder.out.replace(record) {
            Ok(unused) => (unused, result),
            // Too long for a record: the URL stays as it was.
            Err(unused) => (unused, Err(SetterError::TooLong)),
        },
        false => (builder.out.into_buffer(), result),
    };
    spare::keep(unused);
    result
}

/// A value that failed as a parse fails: `e` kept in `slot` when the caller asked for it, and
/// the [`SetterError`] it is.
#[cold]
fn failed(e: ParseError, slot: Option<&mut Option<ParseError>>) -> SetterError {
    match slot {
        Some(slot) => SetterError::from(slot.insert(e).clone()),
        None => SetterError::from(e),
    }
}

/// Writes `record` again from `from` on, for a change that reads no value (a port number, a
/// component removed, a query or path already serialized): what comes before `from` is copied
/// once, as [`set`] does, and `write` writes the rest, with [`Writer::copy_rest`] for what it
/// leaves as it was. `room` is about how many more bytes the record may need.
pub(crate) fn rewrite(
    record: &mut Record,
    from: Component,
    room: usize,
    write: impl FnOnce(&mut Writer, &Record),
) -> Result<(), SetterError> {
    let buffer = spare::take(record.serialization().len() + room + 8);
    let mut out = Writer::with_capacity(0);
    out.resume(record, from, buffer);
    write(&mut out, record);
    let (unused, result) = match out.replace(record) {
        Ok(unused) => (unused, Ok(())),
        Err(unused) => (unused, Err(SetterError::TooLong)),
    };
    spare::keep(unused);
    result
}

/// One spare serialization per thread: the one a setter replaced, which the next setter on the
/// thread writes into, so that a run of setters seldom allocates. Without "std" there are no
/// thread-locals to keep it in: each setter allocates its own buffer.
pub(super) mod spare {
    use alloc::string::String;
    #[cfg(feature = "std")]
    use core::cell::Cell;

    #[cfg(feature = "std")]
    thread_local! {
        static SPARE: Cell<String> = const { Cell::new(String::new()) };
    }

    /// A buffer with room for `len` bytes: the spare when it is big enough and not much bigger
    /// (a URL keeps its buffer), or a new one, its size rounded up so that it serves again.
    pub(in crate::builder) fn take(len: usize) -> String {
        // A thread being torn down has no spare: a new buffer then.
        #[cfg(feature = "std")]
        let spare = SPARE.try_with(Cell::take).unwrap_or_default();
        #[cfg(not(feature = "std"))]
        let spare = String::new();
        if crate::record::fits(spare.capacity(), len) {
            spare
        } else {
            String::with_capacity((2 * len).next_multiple_of(64))
        }
    }

    /// Keeps `buffer` as the spare.
    #[cfg(feature = "std")]
    pub(in crate::builder) fn keep(buffer: String) {
        let _ = SPARE.try_with(|spare| spare.set(buffer));
    }

    /// Frees `buffer`.
    #[cfg(not(feature = "std"))]
    pub(in crate::builder) fn keep(buffer: String) {
        drop(buffer);
    }
}

/// How a setter failed: before it wrote anything (the URL stays as it was), as a parse fails or
/// otherwise, or after it set the host (its port failed: the record with the new host and the
/// old port is kept).
pub(super) enum Written {
    Nothing(SetterError),
    Failed(ParseError),
    Host(SetterError),
}

impl From<SetterError> for Written {
    fn from(e: SetterError) -> Written {
        Written::Nothing(e)
    }
}

impl From<ParseError> for Written {
    fn from(e: ParseError) -> Written {
        Written::Failed(e)
    }
}

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// The [scheme state](https://url.spec.whatwg.org/#scheme-state) with a state override.
    fn set_protocol(&mut self, record: &mut Record) -> Result<(), SetterError> {
        // "Otherwise, return failure." (scheme start state and scheme state)
        let tree = self
            .run(Production::SetProtocol)
            .map_err(|_| SetterError::Invalid(None))?;
        let node = tree.root();
        let mut scheme = None;
        for child in self.children(node) {
            if let (Production::Scheme, s) = child? {
                // "Append c, lowercased, to buffer." (Usually it is lowercase already.)
                scheme = Some(match s.as_str() {
                    lower if !lower.bytes().any(|b| b.is_ascii_uppercase()) => Cow::Borrowed(lower),
                    other => Cow::Owned(other.to_ascii_lowercase()),
                });
            }
        }
        // A tree without the scheme is a grammar the builder does not know.
        let Some(scheme) = scheme else {
            return Err(self.unexpected(Production::SetProtocol, span(&node)).into());
        };
        let (was, is) = (
            record.scheme_kind(),
            self.source.tables().scheme_kind(&scheme),
        );
        let includes_credentials = !record.username().is_empty() || !record.password().is_empty();
        // "If url's scheme is a special scheme and buffer is not a special scheme, then return."
        // "If url's scheme is not a special scheme and buffer is a special scheme, then return."
        // "If url includes credentials or has a non-null port, and buffer is "file", then
        // return." "If url's scheme is "file" and its host is an empty host, then return."
        if was.is_special() != is.is_special()
            || ((includes_credentials || record.port().is_some()) && is.is_file())
            || (was.is_file() && record.host_kind() == Some(HostKind::Empty))
        {
            return Err(SetterError::SchemeChange);
        }
        // "Set url's scheme to buffer." "If url's port is url's scheme's default port, then set
        // url's port to null." (The port goes first, so that no record holds the new scheme's
        // default port between the two. Removing it cannot fail, as the record only gets
        // shorter; nor can the scheme after it: a port is removed only when the new scheme is
        // special, at most three bytes longer than the old special one, and the port at least
        // three bytes, ":21".)
        if record.port().is_some() && record.port() == is.default_port() {
            Writer::put_port(record, None);
        }
        if !Writer::put_scheme(record, &scheme, is) {
            return Err(SetterError::TooLong);
        }
        Ok(())
    }

    /// The [path start state](https://url.spec.whatwg.org/#path-start-state) with a state
    /// override, after "Empty this's URL's path."
    fn set_pathname(&mut self, record: &Record) -> Result<(), Written> {
        if !self.special() && self.text.is_empty() {
            // "Otherwise, if state override is given and url's host is null, append the empty
            // string to url's path."
            if record.host_kind().is_none() {
                self.out.serialized_path("/");
            }
        } else {
            let entry = if self.special() {
                Production::SetSpecialPathname
            } else {
                Production::SetPathname
            };
            let mut few = Few::new();
            let mut whole = None;
            let root = self.run_setter(entry, &mut few, &mut whole)?;
            self.path(root)?;
        }
        self.out.end_path();
        Ok(())
    }

    /// Runs the setter entry `entry` on the value: the root of its tree, kept in `few` when it
    /// is small (the usual value's: [`Productions::parse_setter`]), else in `whole`
    /// ([`Builder::run`], also when the tree is traced or the source has no such way).
    /// Inlined: a root returned in memory was read back with loads wider than the stores that
    /// wrote it, which the processor cannot forward.
    #[inline(always)]
    pub(super) fn run_setter<'t>(
        &mut self,
        entry: Production,
        few: &'t mut Few<SETTER_TOKENS>,
        whole: &'t mut Option<Matched<'i>>,
    ) -> Result<Node<'t>, ParseError>
    where
        'i: 't,
    {
        let text = self.text;
        if self.trace.is_none() && self.source.parse_setter(entry, text, few) {
            if let Some(root) = few.tokens().and_then(|tokens| Node::root_of(text, tokens)) {
                // The tree is whole: no path is read from an outline.
                self.outline_asked = false;
                return Ok(root);
            }
        }
        Ok(whole.insert(self.run(entry)?).root())
    }

    /// The [query state](https://url.spec.whatwg.org/#query-state) with a state override.
    fn set_search(&mut self) -> Result<(), Written> {
        let mut few = Few::new();
        let mut whole = None;
        let root = self.run_setter(Production::SetSearch, &mut few, &mut whole)?;
        self.query(root);
        Ok(())
    }

    /// The [fragment state](https://url.spec.whatwg.org/#fragment-state) with a state override.
    fn set_hash(&mut self) -> Result<(), Written> {
        let mut few = Few::new();
        let mut whole = None;
        let root = self.run_setter(Production::SetHash, &mut few, &mut whole)?;
        for child in self.children(root) {
            let (_, fragment) = child?;
            self.fragment(fragment)?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "setters_tests.rs"]
pub(crate) mod tests;
