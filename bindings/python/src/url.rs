//! The `URL` class: the WHATWG getters and setters as properties, parsing, comparison, hashing and
//! pickling.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::adapter::{self, Url};
use crate::errors::url_error;
use crate::search_params::PySearchParams;

/// A URL parsed as the WHATWG URL Standard says (``new URL(input, base)`` in a browser).
///
/// ``URL(input, base=None)`` raises :class:`URLError` (a ``ValueError``) when ``input`` does not
/// parse against ``base``, or ``base`` does not parse. The getters (``href``, ``origin``,
/// ``protocol``, ``username``, ``password``, ``host``, ``hostname``, ``port``, ``pathname``,
/// ``search``, ``hash``) are properties; so are the setters, which, as in the standard, ignore a
/// value they cannot take (but ``href``, which raises :class:`URLError`).
#[pyclass(module = "pegurl", name = "URL")]
#[derive(Clone)]
pub(crate) struct PyUrl {
    pub(crate) url: Url,
}

impl PyUrl {
    fn component(&self, name: &str) -> String {
        adapter::get(&self.url, name)
            .map(|v| v.into_owned())
            .unwrap_or_default()
    }

    fn set(&mut self, name: &str, value: &str) -> PyResult<()> {
        adapter::set(&mut self.url, name, value).map_err(|f| url_error(&f))
    }
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (input, base=None))]
    fn new(input: &str, base: Option<&str>) -> PyResult<PyUrl> {
        adapter::parse(input, base)
            .map(|url| PyUrl { url })
            .map_err(|f| url_error(&f))
    }

    /// ``URL.parse(input, base=None)``: the URL, or ``None`` when it does not parse.
    #[staticmethod]
    #[pyo3(signature = (input, base=None))]
    fn parse(input: &str, base: Option<&str>) -> Option<PyUrl> {
        adapter::parse(input, base).ok().map(|url| PyUrl { url })
    }

    /// ``URL.can_parse(input, base=None)``: whether ``input`` parses against ``base``.
    #[staticmethod]
    #[pyo3(signature = (input, base=None))]
    fn can_parse(input: &str, base: Option<&str>) -> bool {
        adapter::parse(input, base).is_ok()
    }

    /// The serialized URL.
    #[getter]
    fn href(&self) -> String {
        adapter::href(&self.url).to_owned()
    }

    #[setter]
    fn set_href(&mut self, value: &str) -> PyResult<()> {
        self.set("href", value)
    }

    /// The serialized origin (``"null"`` for an opaque origin); read-only.
    #[getter]
    fn origin(&self) -> String {
        self.component("origin")
    }

    /// The scheme and ``":"``.
    #[getter]
    fn protocol(&self) -> String {
        self.component("protocol")
    }

    #[setter]
    fn set_protocol(&mut self, value: &str) -> PyResult<()> {
        self.set("protocol", value)
    }

    /// The username, percent-encoded.
    #[getter]
    fn username(&self) -> String {
        self.component("username")
    }

    #[setter]
    fn set_username(&mut self, value: &str) -> PyResult<()> {
        self.set("username", value)
    }

    /// The password, percent-encoded.
    #[getter]
    fn password(&self) -> String {
        self.component("password")
    }

    #[setter]
    fn set_password(&mut self, value: &str) -> PyResult<()> {
        self.set("password", value)
    }

    /// The host and, when there is one, ``":"`` and the port.
    #[getter]
    fn host(&self) -> String {
        self.component("host")
    }

    #[setter]
    fn set_host(&mut self, value: &str) -> PyResult<()> {
        self.set("host", value)
    }

    /// The serialized host (IPv6 addresses in brackets).
    #[getter]
    fn hostname(&self) -> String {
        self.component("hostname")
    }

    #[setter]
    fn set_hostname(&mut self, value: &str) -> PyResult<()> {
        self.set("hostname", value)
    }

    /// The port, or ``""`` when there is none (a scheme's default port is none).
    #[getter]
    fn port(&self) -> String {
        self.component("port")
    }

    #[setter]
    fn set_port(&mut self, value: &str) -> PyResult<()> {
        self.set("port", value)
    }

    /// The path, serialized.
    #[getter]
    fn pathname(&self) -> String {
        self.component("pathname")
    }

    #[setter]
    fn set_pathname(&mut self, value: &str) -> PyResult<()> {
        self.set("pathname", value)
    }

    /// ``""``, or ``"?"`` and the query.
    #[getter]
    fn search(&self) -> String {
        self.component("search")
    }

    #[setter]
    fn set_search(&mut self, value: &str) -> PyResult<()> {
        self.set("search", value)
    }

    /// ``""``, or ``"#"`` and the fragment.
    #[getter]
    fn hash(&self) -> String {
        self.component("hash")
    }

    #[setter]
    fn set_hash(&mut self, value: &str) -> PyResult<()> {
        self.set("hash", value)
    }

    /// The query as a live :class:`URLSearchParams`: changing it changes this URL, and changes to
    /// this URL's search show in it.
    #[getter]
    fn search_params(slf: Bound<'_, PyUrl>) -> PySearchParams {
        PySearchParams::of_url(slf.unbind())
    }

    /// ``url.toJSON()``: the href.
    fn to_json(&self) -> String {
        self.href()
    }

    fn __str__(&self) -> String {
        self.href()
    }

    fn __repr__(&self) -> String {
        format!("URL({:?})", adapter::href(&self.url))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyUrl>()
            .is_ok_and(|o| adapter::href(&o.borrow().url) == adapter::href(&self.url))
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        adapter::href(&self.url).hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, PyUrl>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let args = PyTuple::new(py, [adapter::href(&slf.borrow().url)])?;
        Ok((py.get_type::<PyUrl>().into_any(), args))
    }

    fn __copy__(&self) -> PyUrl {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyUrl {
        self.clone()
    }
}
