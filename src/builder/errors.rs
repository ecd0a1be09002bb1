//! Where validation errors are raised: every one goes through [`Builder::report`] or
//! [`Builder::fail`] with a span of the preprocessed input (or, for the invalid URL units a
//! percent-encode finds as it writes, [`UnitsFound::found`]), and reaches the sink through
//! `hand_to` with the span of the input as given; a tree the builder does not know is
//! [`Builder::unexpected`]. Also the basic URL parser's preprocessing errors and the
//! invalid-URL-unit checks of the states that make them.

use core::ops::Range;

use super::url_units::{InvalidUrlUnits, UnitChecks};
use super::{Builder, Sink};
use crate::error::{ErrorCode, ParseError, ParseErrorKind, ValidationError};
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::percent;
use crate::record::Writer;
use crate::scan::first_byte_in;
use crate::tables::Set;

impl<'i, 's, 'e, S: Productions> Builder<'i, 's, 'e, S> {
    /// Raises a validation error at `span` of the preprocessed input.
    #[inline]
    pub(super) fn raise(&mut self, code: ErrorCode, span: Range<usize>, fatal: bool) {
        if self.wants_errors() {
            let span = self.input.original_span(span);
            self.raise_at_original(code, span, fatal);
        }
    }

    /// Raises a validation error at `span` of the input as given (before preprocessing).
    #[inline]
    pub(super) fn raise_at_original(&mut self, code: ErrorCode, span: Range<usize>, fatal: bool) {
        hand_to(&mut self.errors, ValidationError { code, span, fatal });
    }

    /// A validation error that does not stop parsing.
    #[inline]
    pub(super) fn report(&mut self, code: ErrorCode, span: Range<usize>) {
        self.raise(code, span, false);
    }

    /// The [invalid-URL-unit](https://url.spec.whatwg.org/#invalid-url-unit) checks of the
    /// path, opaque path, query, fragment and opaque-host states, over `text` at byte `start`:
    /// "If c is not a URL code point and not U+0025 (%), invalid-URL-unit validation error. If c
    /// is U+0025 (%) and remaining does not start with two ASCII hex digits, invalid-URL-unit
    /// validation error."
    #[inline]
    pub(super) fn url_units(&mut self, text: &str, start: usize) {
        if self.wants_errors() {
            self.report_url_units(text, start);
        }
    }

    /// What a percent-encode with `set` needs to look for invalid URL units as it goes (see
    /// [`UnitChecks`]), when someone listens.
    #[inline]
    pub(super) fn unit_checks(&self, set: Set) -> Option<UnitChecks<'s>> {
        if !self.wants_errors() {
            return None;
        }
        let tables = self.source.tables();
        Some(UnitChecks {
            stops: tables.encoding_and_suspect_stops(set),
            suspects: &tables.url_unit_suspects,
            url_code_points: self.table(Set::UrlCodePoint),
        })
    }

    /// The writer, and where the invalid URL units a percent-encode finds as it writes a text
    /// that starts at byte `start` go (see [`UnitChecks`]): the writer and the sink apart, so
    /// that the encode may report as it writes.
    #[inline]
    pub(super) fn out_and_units_found(
        &mut self,
        start: usize,
    ) -> (&mut Writer, UnitsFound<'_, 'e>) {
        let found = UnitsFound {
            errors: &mut self.errors,
            input: self.input,
            start,
        };
        (&mut self.out, found)
    }

    /// Appends `text` (at byte `start`) to the component `to`, UTF-8 percent-encoded with `set`,
    /// as the path, opaque path, query and fragment states append each code point; when
    /// someone listens (and `check`), each invalid URL unit is reported as the encode meets it,
    /// "as it is appended to buffer" (see [`UnitChecks`]). Without a listener, the encode alone.
    // Inlined always: `to` is known at each call, and the encode without a listener stays as it
    // was at each call site.
    #[inline(always)]
    pub(super) fn append_encoded(
        &mut self,
        to: Appended,
        text: &str,
        start: usize,
        set: Set,
        check: bool,
    ) {
        let table = self.table(set);
        match self.unit_checks(set).filter(|_| check) {
            None => to.write(&mut self.out, |out| percent::encode_into(out, text, table)),
            Some(units) => {
                let (out, mut found) = self.out_and_units_found(start);
                to.write(out, |out| {
                    units.encode_into(out, text, table, |u| found.found(u));
                });
            }
        }
    }

    /// [`Builder::url_units`] when someone listens.
    #[inline(never)]
    pub(super) fn report_url_units(&mut self, text: &str, start: usize) {
        // The usual text has no byte worth a closer look.
        let units = self.invalid_url_units(text);
        if units.at == text.len() {
            return;
        }
        for (at, _, width) in units {
            self.report(ErrorCode::InvalidUrlUnit, start + at..start + at + width);
        }
    }

    /// The invalid URL units of `text` (see [`InvalidUrlUnits`]) by this grammar's sets.
    #[inline]
    pub(super) fn invalid_url_units<'t>(&self, text: &'t str) -> InvalidUrlUnits<'t, 's> {
        let suspects = &self.source.tables().url_unit_suspects;
        InvalidUrlUnits {
            text,
            at: first_byte_in(text.as_bytes(), suspects),
            suspects,
            url_code_points: self.table(Set::UrlCodePoint),
        }
    }

    /// A validation error at which the parser returns failure.
    pub(super) fn fail(&mut self, code: ErrorCode, span: Range<usize>) -> ParseError {
        self.raise(code, span.clone(), true);
        ParseError {
            kind: ParseErrorKind::Validation(code),
            span: self.input.original_span(span),
        }
    }

    /// A failure the spec names no validation error for.
    pub(super) fn fail_silently(&self, kind: ParseErrorKind, span: Range<usize>) -> ParseError {
        ParseError {
            kind,
            span: self.input.original_span(span),
        }
    }

    /// The error for a tree the builder does not know, naming the production and the span of
    /// the node that has the unexpected shape (or lacks a part the production needs).
    pub(super) fn unexpected(&self, within: Production, at: Range<usize>) -> ParseError {
        self.fail_silently(ParseErrorKind::Grammar(within.name()), at)
    }

    /// Steps 1.2–1.3 and 2 of the basic URL parser: the validation errors of preprocessing.
    pub(super) fn preprocessing(&mut self) {
        if !self.wants_errors() {
            return;
        }
        let input = self.input;
        // "If input contains any leading or trailing C0 control or space, invalid-URL-unit
        // validation error." One error, at the first such run.
        let trimmed = input.trimmed_lead().or(input.trimmed_trail());
        // "If input contains any ASCII tab or newline, invalid-URL-unit validation error." One
        // error, at the first one.
        let removed = input.removed().next().map(|at| at..at + 1);
        // Both spans are of the input as given: preprocessing is what they are about.
        for span in [trimmed, removed].into_iter().flatten() {
            self.raise_at_original(ErrorCode::InvalidUrlUnit, span, false);
        }
    }
}

/// The components [`Builder::append_encoded`] appends to, each by its [`Writer`] method.
#[derive(Clone, Copy)]
pub(super) enum Appended {
    /// A path segment, "/" first ([`Writer::segment`]).
    Segment,
    /// The path as it is: segments with their slashes ([`Writer::extend_path`]).
    Path,
    /// An opaque path ([`Writer::opaque_path`]).
    OpaquePath,
    /// The query, "?" first ([`Writer::query`]).
    Query,
    /// The fragment, "#" first ([`Writer::fragment`]).
    Fragment,
}

impl Appended {
    /// Appends to this component of `out` what `content` appends.
    #[inline(always)]
    fn write(self, out: &mut Writer, content: impl FnOnce(&mut alloc::string::String)) {
        match self {
            Appended::Segment => out.segment(content),
            Appended::Path => out.extend_path(content),
            Appended::OpaquePath => out.opaque_path(content),
            Appended::Query => out.query(content),
            Appended::Fragment => out.fragment(content),
        }
    }
}

/// Hands a validation error to the sink: the one place that does.
#[inline]
fn hand_to(errors: &mut Sink<'_>, error: ValidationError) {
    if let Some(errors) = errors.as_deref_mut() {
        errors(error);
    }
}

/// Where the invalid URL units a percent-encode finds as it writes go ([`Builder::out_and_units_found`]).
pub(super) struct UnitsFound<'b, 'e> {
    errors: &'b mut Sink<'e>,
    input: &'b Input<'b>,
    /// Where the encoded text starts in the preprocessed input.
    start: usize,
}

impl UnitsFound<'_, '_> {
    /// An invalid-URL-unit validation error at `unit`, bytes of the encoded text.
    #[inline]
    pub(super) fn found(&mut self, unit: Range<usize>) {
        let span = self.start + unit.start..self.start + unit.end;
        let span = self.input.original_span(span);
        hand_to(
            self.errors,
            ValidationError {
                code: ErrorCode::InvalidUrlUnit,
                span,
                fatal: false,
            },
        );
    }
}
