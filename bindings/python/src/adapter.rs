//! Every call into pegurl's Rust API, in one place: the core API is being reworked (one parse
//! entry with options, typed `host()`/`port()`/`origin()`, the WHATWG string getters moving to
//! `pegurl::quirks`), and this module is what follows it. The rest of the binding sees only
//! [`Url`] (pegurl's, held as it is), [`Failure`], [`Issue`] and plain strings.

use std::borrow::Cow;

pub(crate) use pegurl::Url;
use pegurl::UrlSearchParams;

/// The names of the `URL` class's getters, in the spec's order.
pub(crate) const COMPONENTS: [&str; 11] = Url::COMPONENTS;

/// Why a parse failed: the message starts with the spec's code when the spec names one.
#[derive(Clone, Debug)]
pub(crate) struct Failure {
    /// The spec's code of the failure, when it names one (`host-invalid-code-point`).
    pub(crate) code: Option<&'static str>,
    /// Byte offsets in the input.
    pub(crate) span: (usize, usize),
    /// The whole message (`host-invalid-code-point at 7..8: ...`).
    pub(crate) message: String,
}

/// One validation error of a parse, as plain data.
#[derive(Clone, Debug)]
pub(crate) struct Issue {
    /// The spec's code, or `None` for a failure that the spec names no code for.
    pub(crate) code: Option<&'static str>,
    /// Byte offsets in the input.
    pub(crate) span: (usize, usize),
    /// What is wrong, in words (the spec's description).
    pub(crate) message: String,
    /// Whether the parser returned failure here.
    pub(crate) fatal: bool,
}

fn failure(e: &pegurl::ParseError) -> Failure {
    let code = e.code().map(|c| c.code());
    let message = match (&e.kind, code) {
        (pegurl::ParseErrorKind::Validation(_), _) | (_, None) => e.to_string(),
        (_, Some(code)) => format!("{code}: {e}"),
    };
    Failure {
        code,
        span: (e.span.start, e.span.end),
        message,
    }
}

/// Parses `input` against `base` (a string parsed on its own first), as `new URL(input, base)`.
pub(crate) fn parse(input: &str, base: Option<&str>) -> Result<Url, Failure> {
    pegurl::quirks::new_url(input, base).map_err(|e| failure(&e))
}

/// Parses `input` against `base` and returns every validation error, in the order the parser met
/// them; when the parse fails, one of them is fatal (the failure itself when no error names it).
pub(crate) fn check(input: &str, base: Option<&str>) -> Result<Vec<Issue>, Failure> {
    let base = base.map(|b| parse(b, None)).transpose()?;
    let mut errors = Vec::new();
    let url = Url::options()
        .base_url(base.as_ref())
        .validation_errors(&mut errors)
        .parse(input);
    let mut issues: Vec<Issue> = errors
        .iter()
        .map(|e| Issue {
            code: Some(e.code.code()),
            span: (e.span.start, e.span.end),
            message: e.code.description().to_owned(),
            fatal: e.fatal,
        })
        .collect();
    if let Err(e) = &url {
        if !issues.iter().any(|i| i.fatal) {
            // A failure that no error is marked fatal for (an empty domain, a forbidden domain
            // code point after ToASCII): the last error of its code is where the parse failed;
            // with none, the failure itself is the last issue.
            let f = failure(e);
            match issues
                .iter_mut()
                .rev()
                .find(|i| i.code.is_some() && i.code == f.code)
            {
                Some(issue) => issue.fatal = true,
                None => issues.push(Issue {
                    code: f.code,
                    span: f.span,
                    message: f.message,
                    fatal: true,
                }),
            }
        }
    }
    Ok(issues)
}

/// Whether `input` is a valid URL string against `base` (the standard's writing section).
pub(crate) fn is_valid(input: &str, base: Option<&str>) -> bool {
    pegurl::is_valid_url_string(input, base)
}

/// The getter named `name` (one of [`COMPONENTS`]).
pub(crate) fn get<'u>(url: &'u Url, name: &str) -> Option<Cow<'u, str>> {
    url.component(name)
}

/// The serialization (`href`).
pub(crate) fn href(url: &Url) -> &str {
    url.href()
}

/// Runs the setter named `name`, as `url[name] = value` does: `Err` only for an href that does
/// not parse (the `href` setter throws); every other setter ignores a value it cannot take.
pub(crate) fn set(url: &mut Url, name: &str, value: &str) -> Result<(), Failure> {
    if name == "href" {
        return pegurl::quirks::set_href(url, value).map_err(|e| failure(&e));
    }
    // The spec's setters return silently on a value they cannot take, as pegurl reports with a
    // SetterError: the URL is then unchanged.
    let _ignored = url.set_component(name, value);
    Ok(())
}

/// A `URLSearchParams` list. Its methods are the standard's (`append`, `delete`, `get`,
/// `get_all`, `has`, `set`, `sort`, `size`, `iter`, `to_string`); the binding calls them as they are.
pub(crate) type Params = UrlSearchParams;

/// A URL's query as a `URLSearchParams` list (`url.searchParams`).
pub(crate) fn query_params(url: &Url) -> Params {
    url.search_params()
}

/// Sets a URL's query from `params`, as the URLSearchParams update steps do (an empty list
/// removes the query).
pub(crate) fn set_query_params(url: &mut Url, params: &Params) {
    let mut live = url.search_params_mut();
    *live = params.clone();
}

/// Parses a query string (a leading "?" removed), as `new URLSearchParams(string)`.
pub(crate) fn parse_query(init: &str) -> Params {
    UrlSearchParams::parse(init)
}
