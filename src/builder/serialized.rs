//! A special URL already written as the [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)
//! writes it: most URLs met in practice (a lowercase special scheme, "//", a lowercase ASCII
//! domain or an IPv4 address in dotted decimal, or no host for "file", a port other than the
//! default, a path without dot segments, a query and a fragment with nothing to
//! percent-encode). For such an input every step of the prose leaves each component as the
//! grammar found it, so the record is the input and the places of the productions the grammar
//! matched: one copy instead of a walk that writes each component. The one change allowed is
//! the path start state's: an empty path at the end of the input becomes "/".
//!
//! The grammar still decides the structure: the tree is read, never the text searched. The
//! conditions below are each the case of a production function where it writes its input as it
//! is; anything else (credentials, an IPv6 address, an IPv4 address written otherwise, an upper
//! case letter, a byte to percent-encode, a base, a tree of another shape) goes to those
//! functions. The validation errors such an input can have are raised here as those functions
//! would. A parse that reports them reads the input with `serialized_url`'s twin
//! `serialized_url_of_url_units`, which takes the same inputs but reads each path, query and
//! fragment of URL units by a rule that takes no invalid URL unit: it looks for invalid URL
//! units only when a component was read otherwise. The tests hold the two ways to the same
//! records and the same validation errors on every WPT input and URL list line, and so does a
//! fuzz target.

use core::ops::Range;

use super::host::{kind_as_written_of_numbers, may_end_in_a_number, strict_to_ascii_fails};
use super::{Builder, Node};
use crate::error::ErrorCode;
use crate::grammar::{Production, Productions, SERIALIZED_TOKENS};
use crate::record::{AsWritten, HostKind, SchemeKind, SchemeName};
use crate::scan::any_byte_in;
use crate::tables::Set;
use crate::tokens::{Few, Token};

/// The productions only `serialized_url`'s way reads, which the built-in grammar's parser alone
/// takes: a grammar loaded at run time does not need them.
#[cfg(feature = "vm")]
pub(crate) const BUILT_IN_ONLY: [Production; 14] = [
    Production::SerializedUrl,
    Production::SerializedUrlOfUrlUnits,
    Production::SerializedPathOfUrlUnits,
    Production::SerializedFilePathOfUrlUnits,
    Production::SerializedQueryOfUrlUnits,
    Production::SerializedFragmentOfUrlUnits,
    Production::SerializedUrlHead,
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
    /// with the preprocessed input ([`Builder::preprocess`]), and tries again only if
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
        // A parse that reports validation errors reads the input with the twin rule that tells
        // the components of URL units from the others: it need not look for invalid URL units
        // in those.
        if !self.outcome_only && self.wants_errors() {
            return self.serialized_url_of_url_units();
        }
        // When only the outcome is asked for, the head is all that is read (see
        // `url_as_written`).
        let entry = match self.outcome_only {
            true => Production::SerializedUrlHead,
            false => Production::SerializedUrl,
        };
        let mut tokens = Few::new();
        if !self.source.parse_serialized(entry, self.text, &mut tokens) {
            return false;
        }
        self.take_serialized(&tokens, Family::Plain)
    }

    /// [`Builder::serialized_url`] by `serialized_url_of_url_units`. Not inlined: only a parse
    /// that reports validation errors runs it, and a parse without keeps its code small.
    #[inline(never)]
    pub(super) fn serialized_url_of_url_units(&mut self) -> bool {
        let mut tokens = Few::new();
        if !self
            .source
            .parse_serialized_of_url_units(self.text, &mut tokens)
        {
            return false;
        }
        self.take_serialized(&tokens, Family::OfUrlUnits)
    }

    /// Takes the input a rule of `family` matched (its tree in `tokens`) when the checks the
    /// rule leaves to the builder pass.
    #[inline(always)]
    fn take_serialized(&mut self, tokens: &Few<SERIALIZED_TOKENS>, family: Family) -> bool {
        let Some(tokens) = tokens.tokens() else {
            return false;
        };
        let Some((places, units)) = self.serialized_places(tokens, family) else {
            return false;
        };
        self.take_as_written(places, units)
    }

    /// The places of the components of a `serialized_url` (or `serialized_url_head`) tree, or of
    /// a `serialized_url_of_url_units` one (`family` says which), its tokens in pre-order, and
    /// what is known of their invalid URL units, when the checks the grammar leaves to the
    /// builder pass: a lowercase scheme (its name known from its bytes), a domain that does not
    /// end in a number or is an IPv4 address as the IPv4 serializer writes it (the host parser
    /// would write any other domain that ends in a number again), and a port that fits in 16
    /// bits and is not the scheme's default. A head has no path: its place is left empty after
    /// the host, and never read. Inlined always: each caller names its `family`, and the tests
    /// of the other family's productions fold away (a plain parse tests only its own).
    #[inline(always)]
    fn serialized_places(&self, tokens: &[Token], family: Family) -> Option<(AsWritten, Units)> {
        let span = |t: &Token| t.start as usize..t.end as usize;
        // The root's children, each after the subtree of the one before.
        let mut at = 1;
        let mut children = core::iter::from_fn(|| {
            let child = tokens.get(at)?;
            at = (child.next as usize).max(at + 1);
            Some(child)
        });
        let scheme = children.next()?;
        let scheme_kind = self.scheme_at_as_written(span(scheme))?;
        // The scheme's production says which of the grammar's two readings was taken.
        if scheme_kind.is_file() != (scheme.production? == Production::FileScheme) {
            return None;
        }
        let host = span(children.next()?);
        // A domain that may end in a number is looked at last, when everything else is as
        // written (the `ipv4` rule runs on it).
        let host_kind = match host.is_empty() {
            true => HostKind::Empty,
            false => HostKind::Domain,
        };
        let mut places = AsWritten {
            scheme_kind,
            scheme_end: scheme.end as usize,
            credentials: None,
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
        let is = |child: Option<&Token>, production: Production| {
            child.is_some_and(|c| c.production == Some(production))
        };
        let mut child = children.next();
        if is(child, Production::SerializedPort) {
            let digits = self.text.get(span(child?))?;
            let default = scheme_kind.default_port();
            places.port = Some(port_as_written(digits, default)?);
            child = children.next();
        }
        // Each component by `serialized_url`'s rule, which may hold invalid URL units, or (in
        // `serialized_url_of_url_units`) by its twin of URL units.
        let mut units = match family {
            Family::Plain => Units::Unchecked,
            Family::OfUrlUnits => Units::NoneInvalid,
        };
        // Whether `child` is a component of the production `plain` or `plain_too` (the
        // file path's), or, in `serialized_url_of_url_units`, of their twins of URL units.
        let mut by = |child: Option<&Token>,
                      [plain, plain_too]: [Production; 2],
                      [of_url_units, of_url_units_too]: [Production; 2]| {
            if is(child, plain) || is(child, plain_too) {
                units = Units::Unchecked;
                return true;
            }
            family == Family::OfUrlUnits && (is(child, of_url_units) || is(child, of_url_units_too))
        };
        let path = [Production::SerializedPath, Production::SerializedFilePath];
        let path_of_url_units = [
            Production::SerializedPathOfUrlUnits,
            Production::SerializedFilePathOfUrlUnits,
        ];
        if by(child, path, path_of_url_units) {
            places.path = span(child?);
            child = children.next();
        }
        let query = [Production::SerializedQuery; 2];
        if by(child, query, [Production::SerializedQueryOfUrlUnits; 2]) {
            places.query = Some(span(child?));
            child = children.next();
        }
        let fragment = [Production::SerializedFragment; 2];
        if by(
            child,
            fragment,
            [Production::SerializedFragmentOfUrlUnits; 2],
        ) {
            places.fragment = Some(span(child?));
        }
        let host = &places.host;
        if host_kind == HostKind::Domain
            && may_end_in_a_number(self.text.as_bytes().get(host.clone())?)
        {
            // The domain's text is taken only for the few that may end in a number (`str::get`
            // costs its checks of character boundaries, out of line): an IPv4 address the IPv4
            // serializer writes as it is, or a domain that does not end in a number after all.
            places.host_kind =
                kind_as_written_of_numbers(self.source, self.text.get(host.clone())?)?;
        }
        // What follows is EOI's token.
        Some((places, units))
    }

    /// `url` when its input is written as the serializer writes it: the validation errors the
    /// production functions raise on it, the record written in one copy (unless only the
    /// outcome is asked for), and true; false (nothing raised or written) for any other input.
    pub(super) fn url_as_written(&mut self, url: &Node<'_>) -> bool {
        let Some(places) = self.places_as_written(url) else {
            return false;
        };
        self.take_as_written(places, Units::Unchecked)
    }

    /// Takes an input as written, its components at `places`: raises the validation errors
    /// the production functions raise on it and writes the record in one copy (or keeps the
    /// host, when only the outcome is asked for); false (nothing raised or written) when the
    /// errors cannot be raised this way.
    // Inlined always: see `Writer::as_written`.
    #[inline(always)]
    fn take_as_written(&mut self, places: AsWritten, units: Units) -> bool {
        if self.wants_errors() {
            // The path's units are checked as one text (see `errors_as_written`), which needs
            // "/" among the URL code points: a grammar loaded at run time may leave it out.
            if units == Units::Unchecked && !self.table(Set::UrlCodePoint).contains('/') {
                return false;
            }
            self.errors_as_written(&places, units);
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
    /// credentials (which only the way on `url`'s tree takes), the domain parser's
    /// domain-to-ASCII error (a domain that strict ToASCII refuses, such as one with "_"), then
    /// the invalid-URL-units of the path, the query and the fragment states (the authority
    /// state raises none for the credentials' code points). Inlined always (into
    /// `take_as_written`): the places stay in registers, and the call's saves and restores go.
    #[inline(always)]
    fn errors_as_written(&mut self, places: &AsWritten, units: Units) {
        // authority state: "If c is U+0040 (@), then: Invalid-credentials validation error."
        // Credentials as written have one "@", the one that ends them.
        if let Some(credentials) = &places.credentials {
            let last_at = credentials.whole.end - 1;
            self.report(ErrorCode::InvalidCredentials, last_at..last_at + 1);
        }
        if places.host_kind == HostKind::Domain {
            // Its bytes are of no kind (`domain_as_written`): ASCII.
            if strict_to_ascii_fails(self.text, places.host.clone()) {
                self.report(ErrorCode::DomainToAscii, places.host.clone());
            }
        }
        // Only the outcome asked for: the path, query and fragment states are not run.
        if self.outcome_only {
            return;
        }
        // Read by `serialized_url_of_url_units`, whose path, query and fragment are URL code
        // points and percent-encoded bytes: none of them is an invalid URL unit.
        if units == Units::NoneInvalid {
            #[cfg(debug_assertions)]
            for at in [
                Some(&places.path),
                places.query.as_ref(),
                places.fragment.as_ref(),
            ] {
                let text = at.map_or("", |at| &self.text[at.clone()]);
                assert_eq!(self.invalid_url_units(text).next(), None, "{:?}", self.text);
            }
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

    /// [`Builder::scheme_as_written`] of the scheme at `at`.
    #[inline]
    pub(super) fn scheme_at_as_written(&self, at: Range<usize>) -> Option<SchemeKind> {
        if at.start != 0 {
            return None;
        }
        let text = self.text.get(at)?;
        let name = SchemeName::of(text);
        let kind = self.source.tables().scheme_kind_of(name, text);
        (name != SchemeName::Other && kind.is_special()).then_some(kind)
    }
}

/// The rule that read an input as written: `serialized_url` (or its head), or its twin
/// `serialized_url_of_url_units`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    /// `serialized_url`, or `serialized_url_head`.
    Plain,
    /// `serialized_url_of_url_units`.
    OfUrlUnits,
}

/// What is known of the invalid URL units of an input taken as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Units {
    /// It has none: `serialized_url_of_url_units` read each component by its rule of URL units.
    NoneInvalid,
    /// They are to be looked for (an input `serialized_url` or `url` read, or a component
    /// read by `serialized_url`'s rule).
    Unchecked,
}

/// A port the port state writes as it is: ASCII digits, a 16-bit number, not the scheme's
/// default port (which becomes null), without a leading zero (the number is written in
/// decimal). `port_number` refuses any byte that is not a digit.
pub(super) fn port_as_written(digits: &str, default_port: Option<u16>) -> Option<u16> {
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    let port = super::port_number(digits)?;
    (Some(port) != default_port).then_some(port)
}

#[cfg(test)]
#[path = "serialized_tests.rs"]
mod tests;
