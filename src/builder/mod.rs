//! The builder: walks the productions the grammar matched and applies the spec's prose to make
//! the URL record (https://url.spec.whatwg.org/#concept-basic-url-parser).
//!
//! One function per production, named after it, in grammar order across `url.rs`,
//! `authority.rs`, `host.rs`, `ipv4.rs`, `ipv6.rs`, `path.rs` and `query.rs`. The builder is
//! generic over [`Productions`], the source of the tree, and matches on [`Production`]s only.
//! `serialized.rs` is the way for an input already written as the serializer writes it (most
//! real URLs): it reads the same tree and, where each of those functions would write its
//! component as it is, writes the input in one copy.
//! Every validation error goes through [`Builder::report`] or [`Builder::fail`], with a span
//! (`errors.rs`, the one place that raises them).

mod authority;
mod errors;
mod host;
mod host_serializer;
mod host_setters;
mod ipv4;
mod ipv6;
mod long_labels;
pub(crate) mod path;
mod punycode;
mod query;
pub(crate) mod serialized;
mod setters;
mod strict_domain;
mod tree_as_written;
mod url;
mod url_units;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use core::cell::Cell;
use core::ops::Range;

use encoding_rs::Encoding;

use crate::error::{ParseError, ParseErrorKind, ValidationError};
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::record::{HostKind, Record, Writer};
use crate::tables::{CodePointSet, Set};
use crate::tokens::{Matched, Node, Nodes};

pub(crate) use authority::port_number;
pub(crate) use host::{domain_byte_kinds, strict_ascii_ends_in_a_number};
pub(crate) use host_serializer::{serialize_ipv4, serialize_ipv6};
pub(crate) use host_setters::put_host_and_port;
#[cfg(all(test, feature = "std"))]
pub(crate) use setters::tests::outcome_of;
pub(crate) use setters::{rewrite, set, Setter};
pub(crate) use url::is_windows_drive_letter;

/// Where validation errors go, as they arise; None when nobody listens.
///
/// A thin pointer (to the listener's `&mut dyn FnMut`): the [`Request`] that carries it is
/// written a word at a time by its maker, and a fat pointer in it was read back with one
/// 16-byte load spanning two of those stores, which the processor cannot forward from the
/// store buffer (a stall of some dozen cycles a parse with a listener).
pub(crate) type Sink<'e> = Option<&'e mut Listener<'e>>;

/// The listener a [`Sink`] points to.
pub(crate) type Listener<'e> = &'e mut dyn FnMut(ValidationError);

/// What one parse is asked for, besides its input and its source of productions: every
/// option of [`crate::ParseOptions`] that reaches the builder, so that they all combine in one
/// parse.
pub(crate) struct Request<'r, 'e> {
    /// The base URL.
    pub(crate) base: Option<&'r Record>,
    /// Where validation errors go; None when nobody listens.
    pub(crate) errors: Sink<'e>,
    /// The query's encoding (the document's, for HTML; UTF-8 otherwise).
    pub(crate) encoding: &'static Encoding,
    /// Where the tree of every entry rule the builder runs goes (in order), if anywhere.
    pub(crate) trace: Option<&'r mut Vec<crate::grammar::Tree>>,
}

/// The capacity that holds `len` bytes and fills the allocation a 16-byte-granular allocator
/// with an 8-byte header makes for `len`: `len` rounded up to 8 modulo 16, at least 24.
fn allocation_size(len: usize) -> usize {
    (len.saturating_add(8).saturating_add(15) & !15)
        .saturating_sub(8)
        .max(24)
}

/// Parses `input` with the productions of `source` as `request` says: the basic URL parser,
/// and the one entry to it. The record is handed to `made`, which makes the caller's value of
/// it (a [`crate::Url`]) where the parse returns it: made after the return, it was a copy.
#[inline]
pub(crate) fn parse<S: Productions, U>(
    source: &S,
    original: &str,
    request: Request<'_, '_>,
    made: impl FnOnce(Record) -> U,
) -> Result<U, ParseError> {
    // The request is passed on a field at a time: a request in memory, written a word at a
    // time by its maker, was read back with loads that span two of those stores, which the
    // processor cannot forward from its store buffer (a stall of some dozen cycles a parse).
    let Request {
        base,
        errors,
        encoding,
        trace,
    } = request;
    parse_fields(source, original, base, errors, encoding, trace, made)
}

/// [`parse`] with the request's fields.
#[inline(never)]
fn parse_fields<S: Productions, U>(
    source: &S,
    original: &str,
    base: Option<&Record>,
    errors: Sink<'_>,
    encoding: &'static Encoding,
    trace: Option<&mut Vec<crate::grammar::Tree>>,
    made: impl FnOnce(Record) -> U,
) -> Result<U, ParseError> {
    let as_it_is = Input::as_it_is(original);
    let mut builder = Builder::new(source, &as_it_is, base, errors);
    builder.encoding = encoding;
    if trace.is_none() && builder.serialized_url_first() {
        return builder.finish().map(made);
    }
    let preprocessed = Input::new(original);
    builder.preprocess(&preprocessed);
    builder.build(trace)?;
    builder.finish().map(made)
}

/// Whether `input` parses with the productions of `source` as `request` says: [`parse`]
/// without keeping the record, whose buffer is this thread's spare one (no allocation). The
/// path, query and fragment, which never make a parse fail, are neither percent-encoded nor
/// written; `request` has no listener (errors would be missed there).
pub(crate) fn check<S: Productions>(
    source: &S,
    original: &str,
    request: Request<'_, '_>,
) -> Result<(), ParseError> {
    check_then(source, original, request, |_, _, _| ())
}

/// [`check`], then the host the parse found (None when the URL has none), serialized: borrowed
/// from the input when the input holds it as the URL serializes it.
pub(crate) fn check_host<'i, S: Productions>(
    source: &S,
    original: &'i str,
    request: Request<'_, '_>,
) -> Result<Option<Cow<'i, str>>, ParseError> {
    check_then(
        source,
        original,
        request,
        |input, as_written, out| match as_written {
            Some(at) => Some(input.slice(at)),
            None => out.host_str().map(|host| Cow::Owned(host.into())),
        },
    )
}

/// [`check`], then `read` of where the host is when the input was taken as written (a span of
/// the preprocessed input) and of what was written (the scheme and authority otherwise), unless
/// the parse failed.
fn check_then<'i, S: Productions, R>(
    source: &S,
    original: &'i str,
    request: Request<'_, '_>,
    read: impl FnOnce(&Input<'i>, Option<Range<usize>>, &Writer) -> R,
) -> Result<R, ParseError> {
    #[cfg(feature = "std")]
    let buffer = SPARE_TEXT.try_with(Cell::take).unwrap_or_default();
    // Without "std" there are no thread-locals to keep a buffer in: a new one each time.
    #[cfg(not(feature = "std"))]
    let buffer = String::new();
    let out = Writer::with_buffer(buffer);
    let as_it_is = Input::as_it_is(original);
    let mut builder = Builder::with_writer(source, &as_it_is, request.base, request.errors, out);
    builder.encoding = request.encoding;
    builder.outcome_only = true;
    let (result, out) = if request.trace.is_none() && builder.serialized_url_first() {
        let host = builder.host_as_written.take();
        (Ok(read(&as_it_is, host, &builder.out)), builder.out)
    } else {
        let input = Input::new(original);
        builder.preprocess(&input);
        let result = builder.build(request.trace);
        let result = result.map(|()| read(&input, builder.host_as_written.take(), &builder.out));
        (result, builder.out)
    };
    let buffer = out.into_buffer();
    #[cfg(feature = "std")]
    if buffer.capacity() <= SPARE_TEXT_LIMIT {
        // During a thread-local destructor the slot may be gone: then the buffer is freed.
        let _ = SPARE_TEXT.try_with(|spare| spare.set(buffer));
    }
    #[cfg(not(feature = "std"))]
    drop(buffer);
    result
}

/// The largest buffer [`check`] keeps for the next one.
#[cfg(feature = "std")]
const SPARE_TEXT_LIMIT: usize = 4096;

#[cfg(feature = "std")]
thread_local! {
    /// A serialization buffer [`check`] reuses.
    static SPARE_TEXT: Cell<String> = const { Cell::new(String::new()) };
}

/// The state of one parse: the record being written, and what the spec's state machine knows.
pub(crate) struct Builder<'i, 's, 'e, S: Productions> {
    source: &'s S,
    /// The preprocessed input the grammar runs on.
    text: &'i str,
    input: &'i Input<'i>,
    base: Option<&'s Record>,
    errors: Sink<'e>,
    /// The record being written.
    out: Writer,
    /// The base's query, when the spec copies it and no "?" replaces it.
    base_query: Option<&'s str>,
    /// The query's encoding (the document's, for HTML; UTF-8 otherwise).
    encoding: &'static Encoding,
    /// The trees of the entry rules run, when someone asked for them.
    trace: Option<Vec<crate::grammar::Tree>>,
    /// Whether only the outcome is asked for (a check: [`check_then`]).
    outcome_only: bool,
    /// In check mode, the host's span when the input was taken as written (nothing is written
    /// then).
    host_as_written: Option<Range<usize>>,
    /// Whether the tree being read was asked for as an outline: a source that makes one leaves
    /// the path productions empty, and their segments are matched one at a time when read
    /// ([`Builder::path_steps`]); a source that makes none gave the whole tree.
    outline_asked: bool,
    /// Whether `serialized_url` already failed on this text ([`Builder::serialized_url_first`]).
    serialized_tried: bool,
}

impl<'i, 's, 'e, S: Productions> Builder<'i, 's, 'e, S> {
    /// A builder with an empty record.
    fn new(
        source: &'s S,
        input: &'i Input<'i>,
        base: Option<&'s Record>,
        errors: Sink<'e>,
    ) -> Self {
        // Room for the input and, for a relative URL, the base: one allocation, usually. Rounded
        // up to the room a 16-byte-granular allocator (glibc's malloc: an 8-byte header, chunks
        // of 16) hands out for it anyway, so that a serialization a few bytes longer than its
        // input (a "/" added, a code point percent-encoded) seldom needs a second allocation.
        let base_len = base.map_or(0, |b| b.serialization().len());
        let out = Writer::with_capacity(allocation_size(input.text.len() + base_len));
        Builder::with_writer(source, input, base, errors, out)
    }

    /// A builder that writes with `out`.
    #[inline(always)]
    pub(super) fn with_writer(
        source: &'s S,
        input: &'i Input<'i>,
        base: Option<&'s Record>,
        errors: Sink<'e>,
        out: Writer,
    ) -> Self {
        Builder {
            source,
            text: &input.text,
            input,
            base,
            errors,
            out,
            base_query: None,
            encoding: encoding_rs::UTF_8,
            trace: None,
            outcome_only: false,
            host_as_written: None,
            outline_asked: false,
            serialized_tried: false,
        }
    }

    /// Turns this builder to `input`, the preprocessing of the input it was made for as it is
    /// (see [`Builder::serialized_url_first`]): its record so far, sink and settings kept (in
    /// place: a new builder would be a copy of some 300 bytes).
    fn preprocess(&mut self, input: &'i Input<'i>) {
        self.serialized_tried = self.serialized_tried && input.text.len() == self.text.len();
        self.text = &input.text;
        self.input = input;
    }

    /// The record written, or the failure of a serialization too long for its offsets. It
    /// borrows the builder: taking it (some 300 bytes) would copy it.
    #[inline]
    fn finish(&mut self) -> Result<Record, ParseError> {
        let (input, len) = (self.input, self.text.len());
        self.out.finish().map_err(|_| ParseError {
            kind: ParseErrorKind::TooLong,
            span: input.original_span(0..len),
        })
    }

    /// Runs the basic URL parser, and hands the trees of the entry rules run to `trace`, if
    /// someone asked for them.
    #[inline(always)]
    fn build(&mut self, trace: Option<&mut Vec<crate::grammar::Tree>>) -> Result<(), ParseError> {
        self.trace = trace.as_ref().map(|_| Vec::new());
        let result = self.basic_url_parser();
        if let (Some(into), Some(trees)) = (trace, self.trace.take()) {
            into.extend(trees);
        }
        result
    }

    /// The basic URL parser: preprocessing, then the `url` production and whatever it leads to.
    fn basic_url_parser(&mut self) -> Result<(), ParseError> {
        self.preprocessing();
        // The reading of an input without a scheme depends on the base's kind, known before
        // parsing: the entry rule is chosen by it.
        let entry = match self.base.map(Record::scheme_kind) {
            Some(kind) if kind.is_file() => Production::UrlAgainstFileBase,
            Some(kind) if !kind.is_special() => Production::UrlAgainstNonSpecialBase,
            _ => Production::Url,
        };
        // An input as the URL serializer writes it is read by `serialized_url`, when the source
        // offers it. Any other input is read by `url`; the way for inputs as written on its
        // tree serves the sources without the rule (it takes the same inputs, and credentials
        // as written too, see `serialized_tests.rs`).
        let serialized = entry == Production::Url && self.may_read_serialized();
        if serialized && !self.serialized_tried && self.serialized_url() {
            return Ok(());
        }
        let tree = self.run(entry)?;
        if !serialized && self.may_take_as_written() && self.url_as_written(&tree.root()) {
            return Ok(());
        }
        self.url(tree.root())?;
        if !self.out.has_scheme() {
            return Err(self.unexpected(Production::Url, span(&tree.root())));
        }
        Ok(())
    }

    /// One of the code point sets of the grammar being run.
    #[inline]
    fn table(&self, set: Set) -> &'s CodePointSet {
        self.source.tables().set(set)
    }

    /// Whether anyone listens for validation errors (work done only to report them is skipped
    /// otherwise).
    #[inline]
    fn wants_errors(&self) -> bool {
        self.errors.is_some()
    }

    /// The production a node stands for.
    fn production(&self, node: &Node<'_>) -> Option<Production> {
        node.production()
    }

    /// Runs `entry` on the whole preprocessed input and returns its tree. Inlined always: a
    /// tree returned in memory was read back with loads wider than the stores that wrote it,
    /// which the processor cannot forward (the failures and the trace are out of line).
    #[inline(always)]
    fn run(&mut self, entry: Production) -> Result<Matched<'i>, ParseError> {
        if self.text.len() > crate::MAX_INPUT_LEN {
            return Err(self.too_long_to_run());
        }
        // When only the outcome is asked for, no path segment is read: the tree's outline will
        // do. A long input's path is read from an outline too, a segment at a time, so that its
        // tree does not hold a token per segment leaf (unless the tree is traced).
        let outline = self.trace.is_none() && (self.outcome_only || path::steps_paths(self.text));
        self.outline_asked = outline;
        let Some(tree) = self.source.parse(entry, self.text, outline) else {
            return Err(self.not_matched(entry));
        };
        if self.trace.is_some() {
            self.trace_tree(&tree);
        }
        Ok(tree)
    }

    /// [`Builder::run`]'s failure for an input longer than a tree's offsets reach.
    #[cold]
    #[inline(never)]
    fn too_long_to_run(&mut self) -> ParseError {
        let all = 0..self.text.len();
        self.fail_silently(ParseErrorKind::TooLong, all)
    }

    /// [`Builder::run`]'s failure when `entry` does not match the input.
    #[cold]
    #[inline(never)]
    fn not_matched(&mut self, entry: Production) -> ParseError {
        self.unexpected(entry, self.unmatched(entry))
    }

    /// Keeps `tree` in the trace.
    #[cold]
    #[inline(never)]
    fn trace_tree(&mut self, tree: &Matched<'_>) {
        let source = self.source;
        let input = self.input;
        if let Some(trace) = self.trace.as_mut() {
            let name = |rule| source.rule_name(rule);
            let span = |s| input.original_span(s);
            trace.push(crate::grammar::Tree::of(tree.root(), &name, &span, 0));
        }
    }

    /// Where `entry` failed on the whole input: the code point at the farthest position the
    /// source can name, else the whole input (the text the production could not read).
    #[cold]
    fn unmatched(&self, entry: Production) -> Range<usize> {
        let text = self.text;
        match self.source.failed_at(entry, text) {
            Some(at) => {
                let width = text.get(at..).and_then(|rest| rest.chars().next());
                at..at + width.map_or(0, char::len_utf8)
            }
            None => 0..text.len(),
        }
    }

    /// Runs `entry` on the input and checks that it reads exactly `like`'s span.
    fn reread(&mut self, entry: Production, like: &Node<'_>) -> Result<Matched<'i>, ParseError> {
        let tree = self.run(entry)?;
        if tree.root().span() != like.span() {
            return Err(self.unexpected(entry, span(&tree.root())));
        }
        Ok(tree)
    }

    /// The children of a node, each with its production; an unnamed rule is an error.
    fn children<'t>(&self, node: Node<'t>) -> Children<'t, 'i> {
        Children {
            input: self.input,
            within: node.production().unwrap_or(Production::Url),
            inner: node.children(),
        }
    }

    // ----- what the record written so far says ------------------------------------------------

    /// Whether the URL being built is special.
    fn special(&self) -> bool {
        self.out.scheme_kind().is_special()
    }

    /// Whether the URL being built is a file URL.
    fn file(&self) -> bool {
        self.out.scheme_kind().is_file()
    }

    /// Copies the base's scheme and, with `authority`, its username, password, host and port.
    fn copy_base(&mut self, base: &Record, authority: bool) {
        self.out.copy_scheme(base);
        if authority {
            self.out.copy_authority(base);
        }
    }

    /// Writes an empty host ("//" and nothing).
    fn write_empty_host(&mut self) {
        self.out.start_authority();
        self.out.host(HostKind::Empty, "");
        self.out.end_authority();
    }
}

/// The children of a node, lazily: (production, node), end of input left out, an unnamed rule
/// an error naming the production it is in.
pub(crate) struct Children<'t, 'i> {
    input: &'i Input<'i>,
    within: Production,
    inner: Nodes<'t>,
}

impl<'t> Iterator for Children<'t, '_> {
    type Item = Result<(Production, Node<'t>), ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let child = self.inner.next()?;
            return Some(match child.production() {
                Some(Production::Eoi) => continue,
                Some(p) => Ok((p, child)),
                None => Err(ParseError {
                    kind: ParseErrorKind::Grammar(self.within.name()),
                    span: self.input.original_span(child.span()),
                }),
            });
        }
    }
}

/// The span of a node in the preprocessed input.
fn span(node: &Node<'_>) -> Range<usize> {
    node.span()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::Generated;
    use crate::tokens::Token;

    #[test]
    fn a_serialization_buffer_fills_its_allocation() {
        // 8 bytes of header and chunks of 16: 24, 40, 56, ... bytes fill a chunk.
        let sizes: Vec<usize> = [0, 1, 24, 25, 40, 41, 100].map(allocation_size).into();
        assert_eq!(sizes, [24, 24, 24, 40, 40, 56, 104]);
        // No overflow near the top: it saturates.
        assert_eq!(allocation_size(usize::MAX), usize::MAX - 23);
    }

    /// The built-in grammar with its productions renamed wrongly, as a modified grammar might.
    struct Miswired(fn(Production) -> Option<Production>);

    impl Productions for Miswired {
        fn parse_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool {
            if !Generated.parse_into(entry, input, tokens) {
                return false;
            }
            for token in tokens.iter_mut() {
                token.production = token.production.and_then(self.0);
            }
            true
        }

        fn rule_name(&self, rule: u16) -> String {
            Generated.rule_name(rule)
        }
    }

    fn build(source: &Miswired, input: &str) -> Result<String, ParseError> {
        let request = Request {
            base: None,
            errors: None,
            encoding: encoding_rs::UTF_8,
            trace: None,
        };
        parse(source, input, request, |r| r.serialization().to_owned())
    }

    #[test]
    fn an_unexpected_tree_is_an_error_naming_the_production() {
        let unnamed_query = Miswired(|p| (p != Production::Query).then_some(p));
        let e = build(&unnamed_query, "http://a/?q").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::Grammar("url"));

        let swapped = Miswired(|p| match p {
            Production::Host => Some(Production::Port),
            Production::Port => Some(Production::Host),
            Production::SpecialPathSegment => Some(Production::Query),
            Production::Ipv4Decimal => Some(Production::Fragment),
            other => Some(other),
        });
        for input in [
            "http://a:1/b",
            "http://1.2.3.4/",
            "http://a/b/c",
            "file:///x",
            "x:y",
        ] {
            // Whatever it returns, it returns.
            let _ = build(&swapped, input);
        }
        let e = build(&swapped, "http://1.2.3.4/").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Grammar(_)), "{e}");
    }
}
