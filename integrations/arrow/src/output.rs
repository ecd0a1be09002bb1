//! Building the output columns of a batch while its rows are parsed: each row is parsed, its
//! values are written into the columns asked for, and it is dropped before the next row. Only
//! the asked-for columns have a builder (string columns: [`TextColumn`]).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, ListBuilder, StringBuilder, StringViewBuilder};
use arrow_array::ArrayRef;
use arrow_schema::ArrowError;

use crate::adapter::Row;
use crate::input::Strings;
use crate::text::{check_fits, TextColumn};
use crate::{Component, StringLayout};

/// The columns being built for a batch, one per asked-for component, in the order asked.
#[derive(Debug)]
pub(crate) struct Columns {
    /// Each component and its builder.
    builders: Vec<(Component, Builder)>,
}

/// The builder of one column.
#[derive(Debug)]
enum Builder {
    /// A string column (`href` to `origin`, `failure`).
    Text(TextColumn),
    /// The `valid` column.
    Valid(BooleanBuilder),
    /// The `errors` column: a list of codes per row.
    Errors(ListBuilder<StringBuilder>),
    /// The `errors` column with Utf8View codes.
    ErrorViews(ListBuilder<StringViewBuilder>),
}

impl Columns {
    /// Empty columns of `components`, with strings in `layout`, for the rows of `input`.
    pub(crate) fn new(components: &[Component], layout: StringLayout, input: &Strings) -> Columns {
        let rows = input.len();
        let bytes = input.value_bytes();
        let item = Component::errors_item(layout);
        let builders = components
            .iter()
            .map(|&component| {
                let builder = match (component, layout) {
                    (Component::Valid, _) => Builder::Valid(BooleanBuilder::with_capacity(rows)),
                    (Component::Errors, StringLayout::Utf8View) => Builder::ErrorViews(
                        ListBuilder::with_capacity(StringViewBuilder::new(), rows)
                            .with_field(item.clone()),
                    ),
                    (Component::Errors, _) => Builder::Errors(
                        ListBuilder::with_capacity(StringBuilder::new(), rows)
                            .with_field(item.clone()),
                    ),
                    // A struct's values are slices of the parsed URL (or messages), never of
                    // the input: no view into it.
                    _ => Builder::Text(TextColumn::new(component, layout, rows, bytes, Vec::new())),
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
                Builder::ErrorViews(b) => b.append_null(),
            }
        }
    }

    /// Appends `row`'s value to every column; an error when a Utf8 column would outgrow its
    /// 2 GiB.
    pub(crate) fn append(&mut self, row: &Row<'_>) -> Result<(), ArrowError> {
        for (component, builder) in &mut self.builders {
            match builder {
                Builder::Text(b) => b.append(row.text(*component), None)?,
                Builder::Valid(b) => b.append_value(row.valid()),
                Builder::Errors(b) => {
                    for code in row.error_codes() {
                        check_fits(b.values_ref().values_slice().len() + code.len(), *component)?;
                        b.values().append_value(code);
                    }
                    b.append(true);
                }
                Builder::ErrorViews(b) => {
                    for code in row.error_codes() {
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
                Builder::Text(b) => b.finish(),
                Builder::Valid(mut b) => Arc::new(b.finish()) as ArrayRef,
                Builder::Errors(mut b) => Arc::new(b.finish()),
                Builder::ErrorViews(mut b) => Arc::new(b.finish()),
            })
            .collect()
    }
}
