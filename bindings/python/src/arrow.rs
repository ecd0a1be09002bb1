//! The Arrow kernel over the Arrow PyCapsule interface: any Arrow array (`__arrow_c_array__`) or
//! stream of arrays (`__arrow_c_stream__`: a pyarrow ChunkedArray, a Polars Series, ...) comes
//! in without a copy; the kernel's columns go out the same way, one chunk per input chunk.

use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, Field};
use pegurl_arrow::{
    parse_component, parse_urls, url_struct_type_in, Base, Component, ParseOptions, StringLayout,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

/// The base argument of the arrow functions: none, one string, or a column.
#[derive(FromPyObject)]
pub(crate) enum BaseArg {
    /// One base for every row.
    Scalar(String),
    /// One base per row.
    Column(AnyArray),
}

/// The base column as one array (its chunks joined), or the scalar.
enum BaseValue {
    None,
    Scalar(String),
    Column(ArrayRef),
}

impl BaseValue {
    fn new(base: Option<BaseArg>) -> PyResult<BaseValue> {
        Ok(match base {
            None => BaseValue::None,
            Some(BaseArg::Scalar(s)) => BaseValue::Scalar(s),
            Some(BaseArg::Column(column)) => {
                let chunks = column.into_chunked_array()?.into_inner().0;
                let joined = match chunks.as_slice() {
                    [one] => one.clone(),
                    _ => {
                        let refs: Vec<&dyn Array> = chunks.iter().map(|c| c.as_ref()).collect();
                        arrow_select::concat::concat(&refs).map_err(value_error)?
                    }
                };
                BaseValue::Column(joined)
            }
        })
    }

    /// The base of the rows `offset..offset + len`.
    fn slice(&self, offset: usize, len: usize) -> PyResult<Option<ArrayRef>> {
        match self {
            BaseValue::Column(column) if offset + len <= column.len() => {
                Ok(Some(column.slice(offset, len)))
            }
            BaseValue::Column(column) => Err(PyValueError::new_err(format!(
                "the base column has {} rows, fewer than the URL column",
                column.len()
            ))),
            _ => Ok(None),
        }
    }
}

fn value_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The layout of the kernel's string columns: Utf8, or Utf8View when `string_view` is set.
fn layout(string_view: bool) -> StringLayout {
    match string_view {
        true => StringLayout::Utf8View,
        false => StringLayout::Utf8,
    }
}

/// Runs `kernel` on each chunk of `urls` with its base, without the GIL, its strings in `layout`;
/// a single array gives an array back, a stream a chunked array.
fn run(
    py: Python<'_>,
    urls: AnyArray,
    base: Option<BaseArg>,
    layout: StringLayout,
    field: Field,
    kernel: impl Fn(&dyn Array, &ParseOptions<'_>) -> Result<ArrayRef, ArrowError> + Send + Sync,
) -> PyResult<Py<PyAny>> {
    let base = BaseValue::new(base)?;
    let (chunks, single) = match urls {
        AnyArray::Array(array) => (vec![array.into_inner().0], true),
        AnyArray::Stream(stream) => (stream.into_chunked_array()?.into_inner().0, false),
    };
    let whole: usize = chunks.iter().map(|c| c.len()).sum();
    if let BaseValue::Column(column) = &base {
        if column.len() != whole {
            return Err(PyValueError::new_err(format!(
                "the base column has {} rows and the URL column {whole}",
                column.len()
            )));
        }
    }
    let out = py.detach(|| {
        let mut offset = 0;
        let mut out = Vec::with_capacity(chunks.len());
        for chunk in &chunks {
            let column = base.slice(offset, chunk.len())?;
            let base = match (&base, &column) {
                (BaseValue::Scalar(s), _) => Base::Scalar(Some(s.as_str())),
                (_, Some(column)) => Base::Column(column.as_ref()),
                _ => Base::None,
            };
            let options = ParseOptions::new().with_base(base).with_layout(layout);
            out.push(kernel(chunk.as_ref(), &options).map_err(value_error)?);
            offset += chunk.len();
        }
        PyResult::Ok(out)
    })?;
    let field = field.into();
    if single {
        let array = out
            .into_iter()
            .next()
            .ok_or_else(|| PyValueError::new_err("the kernel returned no column for one array"))?;
        let array = PyArray::try_new(array, field).map_err(value_error)?;
        Ok(array.into_pyobject(py)?.into_any().unbind())
    } else {
        let chunked = PyChunkedArray::try_new(out, field)?;
        Ok(chunked.into_pyobject(py)?.into_any().unbind())
    }
}

/// ``parse(urls, base=None, string_view=False)``: the kernel's struct column for an Arrow array
/// or stream, its strings utf8 or (``string_view``) utf8_view.
#[pyfunction]
#[pyo3(name = "arrow_parse", signature = (urls, base=None, string_view=false))]
pub(crate) fn parse(
    py: Python<'_>,
    urls: AnyArray,
    base: Option<BaseArg>,
    string_view: bool,
) -> PyResult<Py<PyAny>> {
    let layout = layout(string_view);
    let field = Field::new("url", url_struct_type_in(layout), true);
    run(py, urls, base, layout, field, |array, options| {
        parse_urls(array, options).map(|s| std::sync::Arc::new(s) as ArrayRef)
    })
}

/// ``component(urls, name, base=None, string_view=False)``: one of the kernel's columns, by name.
#[pyfunction]
#[pyo3(name = "arrow_component", signature = (urls, name, base=None, string_view=false))]
pub(crate) fn component(
    py: Python<'_>,
    urls: AnyArray,
    name: &str,
    base: Option<BaseArg>,
    string_view: bool,
) -> PyResult<Py<PyAny>> {
    let component = Component::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        PyValueError::new_err(format!(
            "no URL component {name:?}; the components are {}",
            names.join(", ")
        ))
    })?;
    let layout = layout(string_view);
    run(
        py,
        urls,
        base,
        layout,
        component.field_in(layout),
        move |array, options| parse_component(array, component, options),
    )
}

/// The names of the kernel's columns, in the struct's order.
#[pyfunction]
#[pyo3(name = "arrow_components")]
pub(crate) fn components() -> Vec<&'static str> {
    Component::ALL.iter().map(|c| c.name()).collect()
}
