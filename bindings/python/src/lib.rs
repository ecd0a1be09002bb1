//! The `pegurl` Python extension module (`pegurl._pegurl`): the `URL` and `URLSearchParams`
//! classes, `check`, `is_valid`, `URLError`, and the Arrow kernel (`pegurl.arrow` wraps it).
//! Every call into pegurl's Rust API is in [`adapter`].

mod adapter;
mod arrow;
mod errors;
mod search_params;
mod url;

use pyo3::prelude::*;

/// ``check(input, base=None)``: every validation error of ``input`` against ``base``, in the order
/// the parser met them (an empty list for a valid URL string). Raises :class:`URLError` when
/// ``base`` does not parse.
#[pyfunction]
#[pyo3(signature = (input, base=None))]
fn check(input: &str, base: Option<&str>) -> PyResult<Vec<errors::ValidationError>> {
    errors::check(input, base)
}

/// ``is_valid(input, base=None)``: whether ``input`` is a valid URL string against ``base``
/// (the standard's writing section: it parses with no validation error).
#[pyfunction]
#[pyo3(signature = (input, base=None))]
fn is_valid(input: &str, base: Option<&str>) -> bool {
    adapter::is_valid(input, base)
}

/// The names of the ``URL`` class's getters, in the standard's order.
#[pyfunction]
fn url_components() -> Vec<&'static str> {
    adapter::COMPONENTS.to_vec()
}

/// The extension module.
#[pymodule]
fn _pegurl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<url::PyUrl>()?;
    m.add_class::<search_params::PySearchParams>()?;
    m.add_class::<errors::ValidationError>()?;
    m.add("URLError", m.py().get_type::<errors::URLError>())?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(url_components, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::parse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::component, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::components, m)?)?;
    Ok(())
}
