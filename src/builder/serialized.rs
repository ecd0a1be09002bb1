//! A special URL already written as the [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)
//! writes it: most URLs met in practice (a lowercase special scheme, "//", maybe credentials
//! with nothing to percent-encode, a lowercase ASCII domain, or none for "file", a port other
//! than the default, a path without dot segments, a query and a fragment with nothing to
//! percent-encode). For such an input every step of the
//! prose leaves each component as the grammar found it, so the record is the input and the
//! places of the productions the grammar matched: one copy instead of a walk that writes each
//! component. The one change allowed is the path start state's: an empty path at the end of the
//! input becomes "/".
//!
//! The grammar still decides the structure: the tree is read, never the text searched. The
//! conditions below are each the case of a production function where it writes its input as it
//! is; anything else (an IP address, an upper case letter, a byte to percent-encode, a base, a
//! tree of another shape) goes to those functions. The validation errors such an input
//! can have are raised here as those functions would. The tests hold the two ways to the same
//! records and the same validation errors on every WPT input and URL list line, and so does a
//! fuzz target.

use core::ops::Range;

use super::host::{byte_kinds, ends_in_a_number, strict_to_ascii_fails};
use super::path::{is_double_dot_segment, is_single_dot_segment, may_be_dot_segment};
use super::url::is_windows_drive_letter;
use super::{Builder, Node};
use crate::error::ErrorCode;
use crate::grammar::{Production, Productions, SERIALIZED_TOKENS, SERIALIZED_TOKENS_MOST};
use crate::record::{AsWritten, Credentials, HostKind, SchemeKind, SchemeName};
use crate::scan::any_byte_in;
use crate::tables::Set;
use crate::tokens::{Few, Token};

/// The productions only `serialized_url`'s way reads, which the built-in grammar's parser alone
/// takes: a grammar loaded at run time does not need them.
#[cfg(feature = "vm")]
pub(crate) const BUILT_IN_ONLY: [Production; 12] = [
    Production::SerializedUrl,
    Production::SerializedUrlHead,
    Production::SerializedCredentials,
    Production::SerializedUsername,
    Production::SerializedPassword,
    Production::SerializedDomain,
    Production::SerializedPort,
    Production::SerializedPath,
    Production::SerializedFileHost,
    Production::SerializedFilePath,
    Production::SerializedQuery,
    Production::SerializedFragment,
];

impl<S: Productions> Builder<'_, '_, '_, S> {
    /// Whether this parse may take the input as it is written: no base (the input's reading
    /// would depend on it) and UTF-8 queries.
    pub(super) fn may_take_as_written(&self) -> bool {
        self.base.is_none() && self.encoding == encoding_rs::UTF_8
    }

    /// Whether this parse may read its input with `serialized_url` first: as
    /// [`Builder::may_take_as_written`], with a source that offers the rule, and no trace asked
    /// for (the trace shows the tree of `url`).
    #[inline]
    pub(super) fn may_read_serialized(&self) -> bool {
        self.may_take_as_written() && self.trace.is_none() && self.source.reads_serialized_urls()
    }

    /// [`Builder::serialized_url`] on the input as it is, before preprocessing, when this parse
    /// may read serialized URLs: true when it took it. No input `serialized_url` takes needs
    /// preprocessing: each of its rules stops at a C0 control or space (the path, query and
    /// fragment percent-encode sets and the forbidden domain code points hold them), so the
    /// input starts with its scheme, ends in a component, and has no tab or newline (the tests
    /// check it on every input taken). When it does not take the input, the builder goes on
    /// with the preprocessed input ([`Builder::preprocessed`]), and tries again only if
    /// preprocessing changed it.
    pub(super) fn serialized_url_first(&mut self) -> bool {
        if !self.may_read_serialized() {
            return false;
        }
        self.serialized_tried = true;
        self.serialized_url()
    }

    /// The input read with `serialized_url`, the grammar's reading of a URL as the URL
    /// serializer writes it: when it matches and the checks it leaves to the builder pass, the
    /// validation errors the production functions raise on it, the record written in one copy
    /// (unless only the outcome is asked for), and true; false (nothing raised or written)
    /// otherwise.
    pub(super) fn serialized_url(&mut self) -> bool {
        // When only the outcome is asked for, the head is all that is read (see
        // `url_as_written`).
        let entry = match self.outcome_only {
            true => Production::SerializedUrlHead,
            false => Production::SerializedUrl,
        };
        let mut tokens = Few::<SERIALIZED_TOKENS>::new();
        if !self.source.parse_serialized(entry, self.text, &mut tokens) {
            return false;
        }
        let places = match tokens.tokens() {
            Some(tokens) => self.serialized_places(tokens),
            None => self.serialized_places_of_many(entry),
        };
        let Some(places) = places else {
            return false;
        };
        self.take_as_written(places)
    }

    /// [`Builder::serialized_places`] of a tree with more tokens than the usual (credentials
    /// and most components), read again into a sink that holds the most.
    #[cold]
    #[inline(never)]
    fn serialized_places_of_many(&self, entry: Production) -> Option<AsWritten> {
        let mut tokens = Few::<SERIALIZED_TOKENS_MOST>::new();
        if !self.source.parse_serialized(entry, self.text, &mut tokens) {
            return None;
        }
        self.serialized_places(tokens.tokens()?)
    }

    /// The places of the components of a `serialized_url` (or `serialized_url_head`) tree, its
    /// tokens in pre-order, when the checks the grammar leaves to the builder pass: a lowercase
    /// scheme (its name known from its bytes), a domain that does not end in a number (the host
    /// parser would read an IPv4 address), and a port that fits in 16 bits and is not the
    /// scheme's default. A head has no path: its place is left empty after the host, and never
    /// read.
    fn serialized_places(&self, tokens: &[Token]) -> Option<AsWritten> {
        let span = |t: &Token| t.start as usize..t.end as usize;
        let is = |token: Option<&Token>, production: Production| {
            token.is_some_and(|t| t.production == Some(production))
        };
        // After the root, its children in the rule's order: all leaves but the credentials,
        // whose username and password follow them.
        let mut tokens = tokens.iter().skip(1);
        let scheme = tokens.next()?;
        let scheme_kind = self.scheme_at_as_written(span(scheme))?;
        // The scheme's production says which of the grammar's two readings was taken.
        if scheme_kind.is_file() != (scheme.production? == Production::FileScheme) {
            return None;
        }
        let mut host = tokens.next();
        let mut credentials = None;
        if is(host, Production::SerializedCredentials) {
            // The serializer's empty username and password where one is absent, at its place.
            let whole = span(host?);
            let mut next = tokens.next();
            let mut username = whole.start..whole.start;
            if is(next, Production::SerializedUsername) {
                username = span(next?);
                next = tokens.next();
            }
            let mut password = username.end..username.end;
            if is(next, Production::SerializedPassword) {
                password = span(next?);
                next = tokens.next();
            }
            credentials = Some(Credentials {
                username,
                password,
                whole,
            });
            host = next;
        }
        let host = span(host?);
        let host_kind = if host.is_empty() {
            HostKind::Empty
        } else if ends_in_a_number(self.text.get(host.clone())?) {
            return None;
        } else {
            HostKind::Domain
        };
        let mut places = AsWritten {
            scheme_kind,
            scheme_end: scheme.end as usize,
            credentials,
            host: host.clone(),
            host_kind,
            port: None,
            path: host.end..host.end,
            query: None,
            fragment: None,
        };
        // The rest in the rule's order, each maybe absent: tested one after the other, not
        // matched (a jump on the production, whose target changes from one URL to the next,
        // which the processor mispredicts).
        let mut child = tokens.next();
        if is(child, Production::SerializedPort) {
            let digits = self.text.get(span(child?))?;
            let default = scheme_kind.default_port();
            places.port = Some(port_as_written(digits, default)?);
            child = tokens.next();
        }
        if is(child, Production::SerializedPath) || is(child, Production::SerializedFilePath) {
            places.path = span(child?);
            child = tokens.next();
        }
        if is(child, Production::SerializedQuery) {
            places.query = Some(span(child?));
            child = tokens.next();
        }
        if is(child, Production::SerializedFragment) {
            places.fragment = Some(span(child?));
        }
        // What follows is EOI's token.
        Some(places)
    }

    /// `url` when its input is written as the serializer writes it: the validation errors the
    /// production functions raise on it, the record written in one copy (unless only the
    /// outcome is asked for), and true; false (nothing raised or written) for any other input.
    pub(super) fn url_as_written(&mut self, url: &Node<'_>) -> bool {
        let Some(places) = self.places_as_written(url) else {
            return false;
        };
        self.take_as_written(places)
    }

    /// Takes an input as written, its components at `places`: raises the validation errors
    /// the production functions raise on it and writes the record in one copy (or keeps the
    /// host, when only the outcome is asked for); false (nothing raised or written) when the
    /// errors cannot be raised this way.
    #[inline]
    fn take_as_written(&mut self, places: AsWritten) -> bool {
        if self.wants_errors() {
            // The path's units are checked as one text (see `errors_as_written`), which needs
            // "/" among the URL code points: a grammar loaded at run time may leave it out.
            if !self.table(Set::UrlCodePoint).contains('/') {
                return false;
            }
            self.errors_as_written(&places);
        }
        if self.outcome_only {
            self.host_as_written = Some(places.host);
        } else {
            self.out.as_written(self.text, places);
        }
        true
    }

    /// The validation errors of an input as written, in the order the production functions
    /// raise them. Such an input has no slashes but "//", no "\", no address and no "%" in its
    /// host: what is left is the authority state's invalid-credentials error at the "@" of
    /// credentials, the domain parser's domain-to-ASCII error (a domain that strict ToASCII
    /// refuses, such as one with "_"), then the invalid-URL-units of the path, the query and the
    /// fragment states (the authority state raises none for the credentials' code points).
    fn errors_as_written(&mut self, places: &AsWritten) {
        // authority state: "If c is U+0040 (@), then: Invalid-credentials validation error."
        // The one "@" is the one that ends the credentials.
        if let Some(credentials) = &places.credentials {
            let last_at = credentials.whole.end - 1;
            self.report(ErrorCode::InvalidCredentials, last_at..last_at + 1);
        }
        if places.host_kind == HostKind::Domain {
            let host = &self.text[places.host.clone()];
            // Its bytes are of no kind (`domain_as_written`): ASCII.
            if strict_to_ascii_fails(host, 0) {
                self.report(ErrorCode::DomainToAscii, places.host.clone());
            }
        }
        // Only the outcome asked for: the path, query and fragment states are not run.
        if self.outcome_only {
            return;
        }
        // The usual input has no byte in its path, query and fragment that may be an invalid
        // URL unit (no suspect): two looks say so, one from the path's start to the end of the
        // query (or of the path), over the "?" between them (a URL code point), and one at the
        // fragment. Any suspect sends each component to the checks below.
        let text = self.text;
        let suspects = &self.source.tables().url_unit_suspects;
        let bytes = text.as_bytes();
        let before_fragment = places.query.as_ref().unwrap_or(&places.path).end;
        let none_invalid = !any_byte_in(&bytes[places.path.start..before_fragment], suspects)
            && places
                .fragment
                .as_ref()
                .is_none_or(|f| !any_byte_in(&bytes[f.clone()], suspects));
        if none_invalid {
            return;
        }
        // The path state checks each segment's buffer; "/" is a URL code point (checked in
        // `url_as_written`) and no hex digit, so the path checked as one text gets the same
        // errors.
        for at in [
            Some(places.path.clone()),
            places.query.clone(),
            places.fragment.clone(),
        ]
        .into_iter()
        .flatten()
        {
            self.url_units(&text[at.clone()], at.start);
        }
    }

    /// The places of the components of `url`, when the production functions would write each
    /// as the input has it.
    fn places_as_written(&self, url: &Node<'_>) -> Option<AsWritten> {
        let mut children = url
            .children()
            .filter(|n| n.production() != Some(Production::Eoi));
        let body = children.next()?;
        let mut places = match body.production()? {
            Production::SpecialUrl => self.special_url_as_written(&body)?,
            Production::FileUrl => self.file_url_as_written(&body)?,
            _ => return None,
        };
        let mut end = places.path.end;
        for child in children {
            let (p, at) = (child.production()?, child.span());
            match p {
                // The query state percent-encodes with the special-query percent-encode set.
                Production::Query if places.query.is_none() && places.fragment.is_none() => {
                    self.follows(end, b'?', &at)?;
                    self.none_encoded_if_written(Set::SpecialQuery, at.clone())?;
                    places.query = Some(at.clone());
                }
                // The fragment state percent-encodes with the fragment percent-encode set.
                Production::Fragment if places.fragment.is_none() => {
                    self.follows(end, b'#', &at)?;
                    self.none_encoded_if_written(Set::Fragment, at.clone())?;
                    places.fragment = Some(at.clone());
                }
                _ => return None,
            }
            end = at.end;
        }
        // The components cover the input.
        (end == self.text.len()).then_some(places)
    }

    /// `special_url` as written: a scheme the scheme state keeps as it is (lowercase, special,
    /// not "file"), exactly "//" (the special authority slashes state writes no other), an
    /// authority of a host and maybe a port, and a path.
    fn special_url_as_written(&self, node: &Node<'_>) -> Option<AsWritten> {
        use Production::{Authority, SpecialPath, SpecialScheme, SpecialSlashes};
        let [scheme, slashes, authority, path] = children_of(
            node,
            [SpecialScheme, SpecialSlashes, Authority, SpecialPath],
        )?;
        if slashes.as_str() != "//" {
            return None;
        }
        let kind = self.scheme_as_written(&scheme)?;
        if kind.is_file() {
            return None;
        }
        self.follows(scheme.span().end, b':', &slashes.span())?;
        let (credentials, host, port) =
            self.authority_as_written(&authority, kind.default_port())?;
        let path = self.special_path_as_written(&path, false)?;
        // One component after the other, with nothing between them the grammar did not match.
        let authority_end = authority.span().end;
        if authority.span().start != slashes.span().end || path.start != authority_end {
            return None;
        }
        Some(AsWritten {
            scheme_kind: kind,
            scheme_end: scheme.span().end,
            credentials,
            host,
            host_kind: HostKind::Domain,
            port,
            path,
            query: None,
            fragment: None,
        })
    }

    /// `file_url` as written: "file", then `file_hier_part`'s reading with "//", a host (empty,
    /// or a domain as written that is neither "localhost" nor a Windows drive letter, which
    /// the file host state writes otherwise), and a path whose first segment is not a Windows
    /// drive letter (the path state may move the host or rewrite the letter there).
    fn file_url_as_written(&self, node: &Node<'_>) -> Option<AsWritten> {
        use Production::{FileHierPart, FileHost, FileScheme, FileSlashes, SpecialPath};
        let [scheme, hier] = children_of(node, [FileScheme, FileHierPart])?;
        let kind = self.scheme_as_written(&scheme)?;
        if !kind.is_file() {
            return None;
        }
        self.follows(scheme.span().end, b':', &hier.span())?;
        let [slashes, host, path] = children_of(&hier, [FileSlashes, FileHost, SpecialPath])?;
        if slashes.as_str() != "//" {
            return None;
        }
        let host_kind = if host.span().is_empty() {
            HostKind::Empty
        } else {
            let text = host.as_str();
            if text == "localhost" || is_windows_drive_letter(text) {
                return None;
            }
            self.domain_as_written(text)?;
            HostKind::Domain
        };
        let path = self.special_path_as_written(&path, true)?;
        // One component after the other, with nothing between them the grammar did not match.
        let contiguous = hier.span().start == slashes.span().start
            && slashes.span().end == host.span().start
            && host.span().end == path.start;
        if !contiguous {
            return None;
        }
        Some(AsWritten {
            scheme_kind: kind,
            scheme_end: scheme.span().end,
            credentials: None,
            host: host.span(),
            host_kind,
            port: None,
            path,
            query: None,
            fragment: None,
        })
    }

    /// A scheme the scheme state writes as it is: lowercase (so that its name is known from
    /// its bytes), and special in the grammar's scheme table; at the start of the input.
    fn scheme_as_written(&self, scheme: &Node<'_>) -> Option<SchemeKind> {
        self.scheme_at_as_written(scheme.span())
    }

    /// [`Builder::scheme_as_written`] of the scheme at `at`.
    #[inline]
    fn scheme_at_as_written(&self, at: Range<usize>) -> Option<SchemeKind> {
        if at.start != 0 {
            return None;
        }
        let text = self.text.get(at)?;
        let name = SchemeName::of(text);
        let kind = self.source.tables().scheme_kind_of(name, text);
        (name != SchemeName::Other && kind.is_special()).then_some(kind)
    }

    /// `authority` as written: maybe credentials, a host, then maybe a port.
    fn authority_as_written(
        &self,
        node: &Node<'_>,
        default_port: Option<u16>,
    ) -> Option<(Option<Credentials>, Range<usize>, Option<u16>)> {
        let mut children = node.children().peekable();
        let credentials = match children.peek()?.production()? {
            Production::Credentials => Some(self.credentials_as_written(&children.next()?)?),
            _ => None,
        };
        let host = children.next()?;
        let port = children.next();
        if children.next().is_some() || host.production()? != Production::Host {
            return None;
        }
        let at = host.span();
        let port = match port {
            None if at.end == node.span().end => None,
            Some(port) if port.production()? == Production::Port => {
                self.follows(at.end, b':', &port.span())?;
                if port.span().end != node.span().end {
                    return None;
                }
                Some(port_as_written(port.as_str(), default_port)?)
            }
            _ => return None,
        };
        let host_start = credentials
            .as_ref()
            .map_or(node.span().start, |c| c.whole.end);
        if at.start != host_start {
            return None;
        }
        self.domain_as_written(host.as_str())?;
        Some((credentials, at, port))
    }

    /// `credentials` as the serializer writes them: a username, a password after ":", or both,
    /// none empty where written (the serializer writes no empty password, and no "@" without
    /// credentials), with nothing for the userinfo percent-encode set to encode (which holds
    /// "@", so that the "@" that ends them is the authority's only one).
    fn credentials_as_written(&self, node: &Node<'_>) -> Option<Credentials> {
        let whole = node.span();
        let mut children = node.children();
        let username = children.next()?;
        let password = children.next();
        if children.next().is_some() || username.production()? != Production::Username {
            return None;
        }
        let username = username.span();
        self.none_encoded(Set::Userinfo, username.clone())?;
        let password = match password {
            None => username.end..username.end,
            Some(password) if password.production()? == Production::Password => {
                self.follows(username.end, b':', &password.span())?;
                let password = password.span();
                if password.is_empty() {
                    return None;
                }
                self.none_encoded(Set::Userinfo, password.clone())?;
                password
            }
            Some(_) => return None,
        };
        // Something written, from the start, and the "@" right after it.
        if (username.is_empty() && password.is_empty()) || username.start != whole.start {
            return None;
        }
        self.follows(password.end, b'@', &(whole.end..whole.end))?;
        Some(Credentials {
            username,
            password,
            whole,
        })
    }

    /// A host the host parser returns as it is: not "[" (an IPv6 address), a domain of ASCII
    /// bytes with no upper case letter, "%" or forbidden domain code point (the domain parser
    /// returns such a domain as it is, and it cannot fail), not empty, and not ending in a
    /// number (IPv4 parsing would write it again).
    fn domain_as_written(&self, host: &str) -> Option<()> {
        let as_it_is = !host.is_empty()
            && !host.starts_with('[')
            && byte_kinds(host, &self.source.tables().domain_bytes) == 0
            && !ends_in_a_number(host);
        as_it_is.then_some(())
    }

    /// `special_path` as written: segments opened by "/" (not "\"), none a single-dot or
    /// double-dot segment, none with a code point of the path percent-encode set, and for a
    /// `file` URL a first segment that is not a Windows drive letter. Its span: empty when it
    /// has no segment, which the path start state writes as "/".
    fn special_path_as_written(&self, node: &Node<'_>, file: bool) -> Option<Range<usize>> {
        let whole = node.span();
        // When only the outcome is asked for, nothing is written: no path makes a parse fail.
        if self.outcome_only {
            return Some(whole);
        }
        self.none_encoded(Set::Path, whole.clone())?;
        // The segments cover the path: the last one ends where it does.
        let end = match self.path_steps(node) {
            None => {
                let children = node.children().map(|n| (n.production(), n.span()));
                self.segments_as_written(whole.start, file, children)?
            }
            Some(mut steps) => {
                let children = steps.by_ref().map(|(p, at)| (Some(p), at));
                let end = self.segments_as_written(whole.start, file, children)?;
                (steps.end() == Some(end)).then_some(end)?
            }
        };
        if end != whole.end || (whole.is_empty() && whole.end != self.text.len()) {
            return None;
        }
        Some(whole)
    }

    /// The segments of a special path as written (see [`Builder::special_path_as_written`]),
    /// each a production and its span, from `start` on: where the last one ends, if they are.
    #[inline(always)]
    fn segments_as_written(
        &self,
        start: usize,
        file: bool,
        segments: impl Iterator<Item = (Option<Production>, Range<usize>)>,
    ) -> Option<usize> {
        let bytes = self.text.as_bytes();
        // Where the next segment starts.
        let mut next = start;
        for (production, at) in segments {
            if production? != Production::SpecialPathSegment {
                return None;
            }
            if at.start != next || bytes.get(at.start) != Some(&b'/') {
                return None;
            }
            let first = next == start;
            next = at.end;
            // The content after the "/" (a grammar loaded at run time may match an empty
            // segment: then there is none, and the production functions refuse the tree).
            let content = self.text.get(at.start + 1..at.end)?;
            // Only a segment that starts with "." or "%" may be a dot segment, and only one of
            // two bytes a drive letter.
            let dot = may_be_dot_segment(content)
                && (is_single_dot_segment(content) || is_double_dot_segment(content));
            let drive = file && first && is_windows_drive_letter(content);
            if dot || drive {
                return None;
            }
        }
        Some(next)
    }

    /// Whether `at` starts right after `delimiter`, which is at `end`.
    fn follows(&self, end: usize, delimiter: u8, at: &Range<usize>) -> Option<()> {
        let right_after = at.start == end + 1 && self.text.as_bytes().get(end) == Some(&delimiter);
        right_after.then_some(())
    }

    /// [`Builder::none_encoded`] when the record is written; when only the outcome is asked for,
    /// nothing is written, and no query or fragment makes a parse fail.
    fn none_encoded_if_written(&self, set: Set, at: Range<usize>) -> Option<()> {
        if self.outcome_only {
            return Some(());
        }
        self.none_encoded(set, at)
    }

    /// Whether percent-encoding the text at `at` with `set` leaves it as it is: no byte that
    /// may be part of a code point of the set (every byte beyond ASCII is, in these sets).
    fn none_encoded(&self, set: Set, at: Range<usize>) -> Option<()> {
        let bytes = self.text.as_bytes().get(at)?;
        (self.table(set).first_byte_it_may_hold(bytes) == bytes.len()).then_some(())
    }
}

/// The children of `node`, when they are exactly `productions`, in order (inlined: the loop
/// unrolls for the few children of each call).
#[inline(always)]
fn children_of<'t, const N: usize>(
    node: &Node<'t>,
    productions: [Production; N],
) -> Option<[Node<'t>; N]> {
    let mut children = node.children();
    let mut nodes = [*node; N];
    for (slot, production) in nodes.iter_mut().zip(productions) {
        let child = children.next()?;
        if child.production()? != production {
            return None;
        }
        *slot = child;
    }
    children.next().is_none().then_some(nodes)
}

/// A port the port state writes as it is: ASCII digits, a 16-bit number, not the scheme's
/// default port (which becomes null), without a leading zero (the number is written in
/// decimal). `port_number` refuses any byte that is not a digit.
fn port_as_written(digits: &str, default_port: Option<u16>) -> Option<u16> {
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    let port = super::port_number(digits)?;
    (Some(port) != default_port).then_some(port)
}

#[cfg(test)]
#[path = "serialized_tests.rs"]
mod tests;
