//! `URLError`, and the validation errors that `check` returns.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::adapter::{self, Failure};

create_exception!(
    pegurl,
    URLError,
    PyValueError,
    "A URL (or its base) did not parse; the message starts with the spec's code when it names one."
);

/// The `URLError` for a failed parse.
pub(crate) fn url_error(failure: &Failure) -> PyErr {
    URLError::new_err(failure.message.clone())
}

/// A validation error of the URL Standard, as :func:`check` reports it.
///
/// ``code`` is the spec's name of the error (``"invalid-URL-unit"``), ``span`` the ``(start, end)``
/// of the input where it arises as ``str`` indices (``input[start:end]``; empty at an end of
/// input), ``message`` what is wrong in words, ``fatal`` whether the parser returned failure
/// there. ``code`` is ``None`` only for a failure the spec names no code for (an input longer than
/// pegurl parses).
#[pyclass(module = "pegurl", name = "ValidationError", frozen, eq, hash, get_all)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ValidationError {
    code: Option<&'static str>,
    span: (usize, usize),
    message: String,
    fatal: bool,
}

#[pymethods]
impl ValidationError {
    fn __repr__(&self) -> String {
        let code = self.code.map_or("None".to_owned(), |c| format!("{c:?}"));
        let fatal = if self.fatal { "True" } else { "False" };
        format!(
            "ValidationError(code={code}, span=({}, {}), message={:?}, fatal={fatal})",
            self.span.0, self.span.1, self.message
        )
    }
}

/// Every validation error of `input` against `base`, with spans in `str` indices.
pub(crate) fn check(input: &str, base: Option<&str>) -> PyResult<Vec<ValidationError>> {
    let issues = adapter::check(input, base).map_err(|f| url_error(&f))?;
    let indices = CharIndices::new(input, !issues.is_empty());
    Ok(issues
        .into_iter()
        .map(|issue| ValidationError {
            code: issue.code,
            span: (indices.of(issue.span.0), indices.of(issue.span.1)),
            message: issue.message,
            fatal: issue.fatal,
        })
        .collect())
}

/// Byte offsets of a string to `str` (code point) indices, worked out once per input.
struct CharIndices {
    /// The code point index of each byte offset (bytes inside a code point get its index).
    by_byte: Vec<usize>,
}

impl CharIndices {
    fn new(input: &str, needed: bool) -> CharIndices {
        let mut by_byte = Vec::new();
        if needed {
            by_byte.reserve(input.len() + 1);
            for (index, c) in input.chars().enumerate() {
                by_byte.extend(std::iter::repeat_n(index, c.len_utf8()));
            }
            by_byte.push(input.chars().count());
        }
        CharIndices { by_byte }
    }

    /// The index of byte offset `byte` (the end, past the last byte).
    fn of(&self, byte: usize) -> usize {
        match self.by_byte.get(byte) {
            Some(&index) => index,
            None => self.by_byte.last().copied().unwrap_or(0),
        }
    }
}
