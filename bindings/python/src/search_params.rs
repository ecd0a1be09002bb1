//! `URLSearchParams`: a list of name-value pairs, standalone or the live query of a `URL`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::adapter::{self, Params};
use crate::url::PyUrl;

/// Where the pairs live.
enum Home {
    /// A list of its own.
    Own(Params),
    /// The query of this URL (``url.search_params``): read from it and written back on change.
    Url(Py<PyUrl>),
}

/// The standard's ``URLSearchParams``: an ordered list of name-value pairs, serialized as
/// application/x-www-form-urlencoded by ``str()``.
///
/// ``URLSearchParams(init="")`` takes a query string (a leading ``"?"`` is dropped), a mapping,
/// or an iterable of name-value pairs. ``URL.search_params`` gives one that is the URL's query.
#[pyclass(module = "pegurl", name = "URLSearchParams")]
pub(crate) struct PySearchParams {
    home: Home,
}

impl PySearchParams {
    /// The live query of `url`.
    pub(crate) fn of_url(url: Py<PyUrl>) -> PySearchParams {
        PySearchParams {
            home: Home::Url(url),
        }
    }

    /// The pairs as they are now.
    fn read(&self, py: Python<'_>) -> Params {
        match &self.home {
            Home::Own(params) => params.clone(),
            Home::Url(url) => adapter::query_params(&url.borrow(py).url),
        }
    }

    /// Changes the pairs with `change`, and the URL's query when they are one.
    fn update<T>(&mut self, py: Python<'_>, change: impl FnOnce(&mut Params) -> T) -> T {
        match &mut self.home {
            Home::Own(params) => change(params),
            Home::Url(url) => {
                let mut url = url.borrow_mut(py);
                let mut params = adapter::query_params(&url.url);
                let result = change(&mut params);
                adapter::set_query_params(&mut url.url, &params);
                result
            }
        }
    }
}

#[pymethods]
impl PySearchParams {
    #[new]
    #[pyo3(signature = (init=None))]
    fn new(init: Option<&Bound<'_, PyAny>>) -> PyResult<PySearchParams> {
        let params = match init {
            None => Params::new(),
            Some(init) if init.is_instance_of::<PyString>() => {
                adapter::parse_query(&init.extract::<String>()?)
            }
            Some(init) if init.is_instance_of::<PySearchParams>() => {
                init.cast::<PySearchParams>()?.borrow().read(init.py())
            }
            Some(init) => {
                let items = match init.cast::<PyDict>() {
                    Ok(dict) => dict.items().into_any(),
                    Err(_) => init.clone(),
                };
                let mut params = Params::new();
                for pair in items.try_iter()? {
                    let (name, value): (String, String) = pair?.extract().map_err(|_| {
                        PyTypeError::new_err("URLSearchParams: each pair must be two strings")
                    })?;
                    params.append(&name, &value);
                }
                params
            }
        };
        Ok(PySearchParams {
            home: Home::Own(params),
        })
    }

    /// The number of pairs.
    #[getter]
    fn size(&self, py: Python<'_>) -> usize {
        self.read(py).size()
    }

    /// Appends a pair.
    fn append(&mut self, py: Python<'_>, name: &str, value: &str) {
        self.update(py, |p| p.append(name, value));
    }

    /// Removes every pair named ``name`` (and with ``value``, when given).
    #[pyo3(signature = (name, value=None))]
    fn delete(&mut self, py: Python<'_>, name: &str, value: Option<&str>) {
        self.update(py, |p| p.delete(name, value));
    }

    /// The value of the first pair named ``name``, or ``None``.
    fn get(&self, py: Python<'_>, name: &str) -> Option<String> {
        self.read(py).get(name).map(str::to_owned)
    }

    /// The values of every pair named ``name``.
    fn get_all(&self, py: Python<'_>, name: &str) -> Vec<String> {
        let params = self.read(py);
        params
            .get_all(name)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    /// Whether a pair named ``name`` (and with ``value``, when given) exists.
    #[pyo3(signature = (name, value=None))]
    fn has(&self, py: Python<'_>, name: &str, value: Option<&str>) -> bool {
        self.read(py).has(name, value)
    }

    /// Sets the first pair named ``name`` to ``value`` and removes the others (or appends).
    fn set(&mut self, py: Python<'_>, name: &str, value: &str) {
        self.update(py, |p| p.set(name, value));
    }

    /// Sorts the pairs by name (by UTF-16 code units, as the standard says), stably.
    fn sort(&mut self, py: Python<'_>) {
        self.update(py, |p| p.sort());
    }

    /// The pairs, as a list of ``(name, value)``.
    fn items(&self, py: Python<'_>) -> Vec<(String, String)> {
        let params = self.read(py);
        params
            .iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let items = self.items(py).into_pyobject(py)?;
        Ok(items.try_iter()?.into_any().unbind())
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.size(py)
    }

    fn __contains__(&self, py: Python<'_>, name: &str) -> bool {
        self.has(py, name, None)
    }

    fn __str__(&self, py: Python<'_>) -> String {
        self.read(py).to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("URLSearchParams({:?})", self.read(py).to_string())
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PySearchParams>()
            .is_ok_and(|o| o.borrow().read(py) == self.read(py))
    }
}
