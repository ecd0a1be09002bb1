//! Every call into pegurl's API, in one place: the core API is being reworked (one parse entry
//! with options, typed `host()`/`port()`/`origin()`, the WHATWG string getters moving to
//! `pegurl::quirks`), and this module is what follows it. The rest of the crate sees only
//! [`BaseUrl`], [`Parser`], [`Row`] and the `&str` values they hand out.

use std::borrow::Cow;

use pegurl::{quirks, ParseError, ParseErrorKind, Url, ValidationError};

use crate::Component;

/// A base URL, parsed once for every row that uses it.
#[derive(Clone, Debug)]
pub(crate) struct BaseUrl {
    /// The parsed base, or why it did not parse (then every row against it fails, as
    /// `new URL(input, base)` does).
    url: Result<Url, ParseError>,
}

impl BaseUrl {
    /// Parses `base` on its own (a base has no base).
    pub(crate) fn parse(base: &str) -> BaseUrl {
        BaseUrl {
            url: Url::parse(base),
        }
    }
}

/// One row's parse: the URL or the failure, the validation errors and the writing-section
/// validity. The errors are the [`Parser`]'s, lent for the row: the kernel writes the row's
/// values into its columns and drops the row before it parses the next.
#[derive(Debug)]
pub(crate) struct Row<'p> {
    /// The URL, or why parsing failed.
    url: Result<Url, ParseError>,
    /// The validation errors, in the order the parser met them (empty unless collected).
    errors: &'p [ValidationError],
    /// Whether the input is a valid URL string against the base.
    valid: bool,
}

/// What a row's parse must collect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Collect {
    /// The URL alone.
    UrlOnly,
    /// The URL, the validation errors and the validity.
    Errors,
}

impl Collect {
    /// What columns of `components` need: the errors only when `valid` or `errors` is one.
    pub(crate) fn for_components(components: &[Component]) -> Collect {
        let needs_errors = components
            .iter()
            .any(|c| matches!(c, Component::Valid | Component::Errors));
        if needs_errors {
            Collect::Errors
        } else {
            Collect::UrlOnly
        }
    }
}

/// Parses the rows of a batch one after the other, reusing one vector for their validation
/// errors (a row with errors then allocates nothing once the vector has grown).
#[derive(Debug)]
pub(crate) struct Parser {
    /// What each parse collects.
    collect: Collect,
    /// The last row's validation errors.
    errors: Vec<ValidationError>,
}

impl Parser {
    /// A parser that collects what `collect` says.
    pub(crate) fn new(collect: Collect) -> Parser {
        Parser {
            collect,
            errors: Vec::new(),
        }
    }

    /// Parses `input` against `base` (null: none): one parse of the input, whatever is
    /// collected.
    ///
    /// Validity is "the parse met no validation error", which the writing section of the
    /// standard makes equal to `pegurl::is_valid_url_string(input, base)` (the tests check that
    /// on every row of the URL lists and of WPT's urltestdata). The one case where the parse
    /// cannot tell is a base that does not parse: the writing section then counts the base as
    /// none, so the input is checked on its own.
    pub(crate) fn parse<'p>(&'p mut self, input: &'p str, base: Option<&BaseUrl>) -> Row<'p> {
        self.errors.clear();
        let collect = self.collect;
        let base = match base.map(|b| &b.url) {
            None => None,
            Some(Ok(url)) => Some(url),
            Some(Err(e)) => {
                let failure = ParseError {
                    kind: ParseErrorKind::InvalidBase(Box::new(e.clone())),
                    span: 0..0,
                };
                let valid = collect == Collect::Errors && pegurl::is_valid_url_string(input, None);
                return Row {
                    url: Err(failure),
                    errors: &[],
                    valid,
                };
            }
        };
        let url = match collect {
            Collect::UrlOnly => Url::options().base_url(base).parse(input),
            Collect::Errors => Url::options()
                .base_url(base)
                .validation_errors(&mut self.errors)
                .parse(input),
        };
        let valid = url.is_ok() && self.errors.is_empty();
        Row {
            url,
            errors: &self.errors,
            valid,
        }
    }
}

/// The hostname getter's value for `input` against `base` (null: none), or `None` when the parse
/// fails: a parse that keeps no URL and writes no path (`ParseOptions::hostname`), borrowed from
/// the input when it holds the host name as written. A base that does not parse fails the row, as
/// `new URL(input, base)` does.
pub(crate) fn hostname<'i>(input: &'i str, base: Option<&BaseUrl>) -> Option<Cow<'i, str>> {
    let base = match base.map(|b| &b.url) {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(_)) => return None,
    };
    Url::options().base_url(base).hostname(input).ok()
}

impl Row<'_> {
    /// The value of a string component (`href` to `origin`, and `failure`), or `None` when it is
    /// null: a URL component of a row that failed, the failure of a row that parsed. Every URL
    /// component but `origin` is a slice of the URL's serialization.
    #[inline(always)]
    pub(crate) fn text(&self, component: Component) -> Option<Cow<'_, str>> {
        if component == Component::Failure {
            return self.failure().map(Cow::Owned);
        }
        let url = self.url.as_ref().ok()?;
        let value = match component {
            Component::Href => url.href(),
            Component::Protocol => url.protocol(),
            Component::Username => quirks::username(url),
            Component::Password => quirks::password(url),
            Component::Host => quirks::host(url),
            Component::Hostname => url.hostname(),
            Component::Port => quirks::port(url),
            Component::Pathname => url.pathname(),
            Component::Search => url.search(),
            Component::Hash => url.hash(),
            Component::Origin => return Some(Cow::Owned(quirks::origin(url))),
            Component::Failure | Component::Valid | Component::Errors => return None,
        };
        Some(Cow::Borrowed(value))
    }

    /// Whether the input is a valid URL string against the base (writing section).
    pub(crate) fn valid(&self) -> bool {
        self.valid
    }

    /// The spec codes of the validation errors, in the order the parser met them.
    pub(crate) fn error_codes(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.errors.iter().map(|e| e.code.code())
    }

    /// `None` when the row parsed; otherwise why not, starting with the spec's code when the
    /// spec names one (`host-invalid-code-point at 7..8: ...`).
    pub(crate) fn failure(&self) -> Option<String> {
        let e = self.url.as_ref().err()?;
        Some(match (&e.kind, e.code()) {
            // The message of a validation failure already starts with its code.
            (ParseErrorKind::Validation(_), _) | (_, None) => e.to_string(),
            (_, Some(code)) => format!("{code}: {e}"),
        })
    }
}
