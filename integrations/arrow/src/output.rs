//! Building the output columns from a batch's parsed rows. Each column's buffers are sized
//! exactly, once, from the rows before a value is written: no builder ever grows.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, ListBuilder, StringBuilder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{ArrowError, Fields};

use crate::adapter::Row;
use crate::Component;

/// A batch's rows: `None` where the row is null (a null URL or a null base).
pub(crate) type Rows = [Option<Row>];

/// The column of `component` for `rows`.
pub(crate) fn column(rows: &Rows, component: Component) -> Result<ArrayRef, ArrowError> {
    match component {
        Component::Valid => Ok(valid_column(rows)),
        Component::Errors => errors_column(rows),
        _ => text_column(rows, component),
    }
}

/// The struct of every component for `rows`, null where the row is null. The ten components
/// that are slices of the serialization are counted in one read of the rows and written in
/// another, each row's record read once per read.
pub(crate) fn struct_column(rows: &Rows, fields: Fields) -> Result<StructArray, ArrowError> {
    let slices = &Component::ALL[..SLICES];
    let mut bytes = [0; SLICES];
    for row in rows.iter().flatten() {
        for (total, &component) in bytes.iter_mut().zip(slices) {
            *total += row.text(component).map_or(0, |value| value.len());
        }
    }
    let mut builders = Vec::with_capacity(SLICES);
    for (&component, total) in slices.iter().zip(bytes) {
        check_fits(total, component)?;
        builders.push(StringBuilder::with_capacity(rows.len(), total));
    }
    for row in rows {
        for (builder, &component) in builders.iter_mut().zip(slices) {
            builder.append_option(text(row, component));
        }
    }
    let mut columns: Vec<ArrayRef> = builders
        .into_iter()
        .map(|mut builder| Arc::new(builder.finish()) as ArrayRef)
        .collect();
    for &component in &Component::ALL[SLICES..] {
        columns.push(column(rows, component)?);
    }
    let nulls = rows
        .iter()
        .any(Option::is_none)
        .then(|| NullBuffer::from_iter(rows.iter().map(Option::is_some)));
    StructArray::try_new(fields, columns, nulls)
}

/// How many of [`Component::ALL`], from the first, are slices of the URL's serialization (href
/// to hash).
const SLICES: usize = 10;

/// A column of strings; its value bytes are counted first, so that the buffers are allocated
/// once and no offset can overflow. Slices of the serialization are read twice (to count, then
/// to copy); values made per row (`origin`, `failure`) are made once and kept for the copy.
fn text_column(rows: &Rows, component: Component) -> Result<ArrayRef, ArrowError> {
    if matches!(component, Component::Origin | Component::Failure) {
        let made: Vec<Option<Cow<'_, str>>> = rows.iter().map(|row| text(row, component)).collect();
        strings(component, || made.iter().map(|v| v.as_deref()))
    } else {
        strings(component, || rows.iter().map(|row| text(row, component)))
    }
}

/// The value of `component` in `row` (null for a null row).
fn text(row: &Option<Row>, component: Component) -> Option<Cow<'_, str>> {
    row.as_ref().and_then(|row| row.text(component))
}

/// A Utf8 array of the values `values()` yields (called twice: to size, then to fill).
fn strings<I, S>(component: Component, values: impl Fn() -> I) -> Result<ArrayRef, ArrowError>
where
    I: ExactSizeIterator<Item = Option<S>>,
    S: AsRef<str>,
{
    let bytes = values().flatten().map(|v| v.as_ref().len()).sum();
    check_fits(bytes, component)?;
    let mut builder = StringBuilder::with_capacity(values().len(), bytes);
    for value in values() {
        builder.append_option(value);
    }
    Ok(Arc::new(builder.finish()))
}

/// The `valid` column: null where the row is null, false where it failed.
fn valid_column(rows: &Rows) -> ArrayRef {
    let mut builder = BooleanBuilder::with_capacity(rows.len());
    for row in rows {
        builder.append_option(row.as_ref().map(Row::valid));
    }
    Arc::new(builder.finish())
}

/// The `errors` column: the spec codes of each row's validation errors (an empty list when
/// there are none), null where the row is null.
fn errors_column(rows: &Rows) -> Result<ArrayRef, ArrowError> {
    let live = || rows.iter().flatten();
    let codes = live().map(|row| row.error_codes().count()).sum();
    let bytes = live()
        .flat_map(Row::error_codes)
        .map(str::len)
        .sum::<usize>();
    check_fits(bytes, Component::Errors)?;
    let values = StringBuilder::with_capacity(codes, bytes);
    let mut builder =
        ListBuilder::with_capacity(values, rows.len()).with_field(Component::errors_item());
    for row in rows {
        match row {
            Some(row) => {
                for code in row.error_codes() {
                    builder.values().append_value(code);
                }
                builder.append(true);
            }
            None => builder.append_null(),
        }
    }
    Ok(Arc::new(builder.finish()))
}

/// Utf8 columns have 32-bit offsets: a batch whose values of one column exceed 2 GiB must be
/// split (Arrow's builders would panic).
fn check_fits(bytes: usize, component: Component) -> Result<(), ArrowError> {
    if i32::try_from(bytes).is_ok() {
        return Ok(());
    }
    Err(ArrowError::ComputeError(format!(
        "the {} column of this batch would hold {bytes} bytes, more than a Utf8 column can; \
         split the batch",
        component.name()
    )))
}
