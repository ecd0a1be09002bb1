//! Building the output columns of a batch while its rows are parsed: each row is parsed, its
//! values are written into the columns asked for, and it is dropped before the next row. Only
//! the asked-for columns have a builder, so a column of host names reads one getter per row.
//!
//! Each text column's value buffer is allocated once, before the first row, with room for as
//! many bytes as the batch's input strings hold: a component is a part of the href, and the href
//! is the input less what the parser drops, so the estimate holds for nearly every batch; when
//! percent-encoding or a base makes a column longer, its buffer grows (doubling).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, ListBuilder, StringBuilder};
use arrow_array::ArrayRef;
use arrow_schema::ArrowError;

use crate::adapter::Row;
use crate::Component;

/// The columns being built for a batch, one per asked-for component, in the order asked.
#[derive(Debug)]
pub(crate) struct Columns {
    /// Each component and its builder.
    builders: Vec<(Component, Builder)>,
}

/// The builder of one column.
#[derive(Debug)]
enum Builder {
    /// A Utf8 column (`href` to `origin`, `failure`).
    Text(StringBuilder),
    /// The `valid` column.
    Valid(BooleanBuilder),
    /// The `errors` column: a list of codes per row.
    Errors(ListBuilder<StringBuilder>),
}

/// Utf8 columns have 32-bit offsets: a batch whose values of one column exceed 2 GiB must be
/// split (Arrow's builders would panic).
const MAX_BYTES: usize = i32::MAX as usize;

impl Columns {
    /// Empty columns of `components` for `rows` rows whose input strings hold `input_bytes`.
    pub(crate) fn new(components: &[Component], rows: usize, input_bytes: usize) -> Columns {
        let bytes = input_bytes.min(MAX_BYTES);
        let builders = components
            .iter()
            .map(|&component| {
                let builder = match component {
                    Component::Valid => Builder::Valid(BooleanBuilder::with_capacity(rows)),
                    Component::Errors => Builder::Errors(
                        ListBuilder::with_capacity(StringBuilder::new(), rows)
                            .with_field(Component::errors_item()),
                    ),
                    // A row's failure message is its own text, not a part of the input; most
                    // rows have none.
                    Component::Failure => Builder::Text(StringBuilder::new()),
                    _ => Builder::Text(StringBuilder::with_capacity(rows, bytes)),
                };
                (component, builder)
            })
            .collect();
        Columns { builders }
    }

    /// Appends a null row (a null URL or a null base) to every column.
    pub(crate) fn append_null(&mut self) {
        for (_, builder) in &mut self.builders {
            match builder {
                Builder::Text(b) => b.append_null(),
                Builder::Valid(b) => b.append_null(),
                Builder::Errors(b) => b.append_null(),
            }
        }
    }

    /// Appends `row`'s value to every column; an error when a column would outgrow a Utf8
    /// column's 2 GiB.
    pub(crate) fn append(&mut self, row: &Row<'_>) -> Result<(), ArrowError> {
        for (component, builder) in &mut self.builders {
            match builder {
                Builder::Text(b) => match row.text(*component) {
                    Some(value) => {
                        check_fits(b.values_slice().len() + value.len(), *component)?;
                        b.append_value(value);
                    }
                    None => b.append_null(),
                },
                Builder::Valid(b) => b.append_value(row.valid()),
                Builder::Errors(b) => {
                    for code in row.error_codes() {
                        check_fits(b.values_ref().values_slice().len() + code.len(), *component)?;
                        b.values().append_value(code);
                    }
                    b.append(true);
                }
            }
        }
        Ok(())
    }

    /// The finished columns, in the order asked.
    pub(crate) fn finish(self) -> Vec<ArrayRef> {
        self.builders
            .into_iter()
            .map(|(_, builder)| match builder {
                Builder::Text(mut b) => Arc::new(b.finish()) as ArrayRef,
                Builder::Valid(mut b) => Arc::new(b.finish()),
                Builder::Errors(mut b) => Arc::new(b.finish()),
            })
            .collect()
    }
}

/// An error when a column's values would reach `bytes`, more than a Utf8 column holds.
fn check_fits(bytes: usize, component: Component) -> Result<(), ArrowError> {
    if bytes <= MAX_BYTES {
        return Ok(());
    }
    Err(ArrowError::ComputeError(format!(
        "the {} column of this batch would hold more than {MAX_BYTES} bytes, more than a Utf8 \
         column can; split the batch",
        component.name()
    )))
}
