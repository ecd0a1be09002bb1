//! Building the output columns of a batch while its rows are parsed: each row is parsed, its
//! values are written into the columns asked for, and it is dropped before the next row. Only
//! the asked-for columns have a builder, so a column of host names reads one getter per row.
//!
//! Each text column's value buffer is allocated once, before the first row, with room for as
//! many bytes as the batch's input strings hold: a component is a part of the href, and the href
//! is the input less what the parser drops, so the estimate holds for nearly every batch; when
//! percent-encoding or a base makes a column longer, its buffer grows (doubling).
//!
//! A Utf8View column ([`StringLayout::Utf8View`]) writes a value that is a part of the row's input
//! as a view into the input's buffer, which the column then shares (added to its buffers on the
//! first such value); any other value of more than 12 bytes is copied into the column's own
//! buffers.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, ListBuilder, StringBuilder, StringViewBuilder};
use arrow_array::ArrayRef;
use arrow_buffer::Buffer;
use arrow_schema::ArrowError;

use crate::adapter::Row;
use crate::input::Strings;
use crate::{Component, StringLayout};

/// The columns being built for a batch, one per asked-for component, in the order asked.
#[derive(Debug)]
pub(crate) struct Columns {
    /// Each component and its builder.
    builders: Vec<(Component, Builder)>,
    /// The input's buffers, when a Utf8View column may point into them (see
    /// [`Strings::buffers`]); empty otherwise.
    input: Vec<Buffer>,
}

/// The builder of one column.
#[derive(Debug)]
enum Builder {
    /// A Utf8 column (`href` to `origin`, `failure`).
    Text(StringBuilder),
    /// A Utf8View column (`href` to `origin`, `failure`).
    Views(Views),
    /// The `valid` column.
    Valid(BooleanBuilder),
    /// The `errors` column: a list of codes per row.
    Errors(ListBuilder<StringBuilder>),
    /// The `errors` column with Utf8View codes.
    ErrorViews(ListBuilder<StringViewBuilder>),
}

/// A Utf8View column being built.
#[derive(Debug)]
struct Views {
    /// The views and the column's own buffers.
    builder: StringViewBuilder,
    /// The index of the input's first buffer among the builder's, once a value pointed into it.
    input_at: Option<u32>,
}

/// Utf8 columns have 32-bit offsets: a batch whose values of one column exceed 2 GiB must be
/// split (Arrow's builders would panic).
const MAX_BYTES: usize = i32::MAX as usize;

impl Columns {
    /// Empty columns of `components`, with strings in `layout`, for the rows of `input`.
    pub(crate) fn new(components: &[Component], layout: StringLayout, input: &Strings) -> Columns {
        let rows = input.len();
        let bytes = input.value_bytes().min(MAX_BYTES);
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
                    (_, StringLayout::Utf8View) => Builder::Views(Views {
                        builder: StringViewBuilder::with_capacity(rows),
                        input_at: None,
                    }),
                    // A row's failure message is its own text, not a part of the input; most
                    // rows have none.
                    (Component::Failure, _) => Builder::Text(StringBuilder::new()),
                    _ => Builder::Text(StringBuilder::with_capacity(rows, bytes)),
                };
                (component, builder)
            })
            .collect();
        let input = match layout {
            StringLayout::Utf8View => input.buffers().unwrap_or_default(),
            StringLayout::Utf8 => Vec::new(),
        };
        Columns { builders, input }
    }

    /// Appends a null row (a null URL or a null base) to every column.
    pub(crate) fn append_null(&mut self) {
        for (_, builder) in &mut self.builders {
            match builder {
                Builder::Text(b) => b.append_null(),
                Builder::Views(v) => v.builder.append_null(),
                Builder::Valid(b) => b.append_null(),
                Builder::Errors(b) => b.append_null(),
                Builder::ErrorViews(b) => b.append_null(),
            }
        }
    }

    /// Appends `row`'s value to every column; `buffer` is the index of the input's buffer that
    /// holds the row's input (see [`Strings::buffer_of`]). An error when a Utf8 column would
    /// outgrow its 2 GiB.
    pub(crate) fn append(&mut self, row: &Row<'_>, buffer: Option<u32>) -> Result<(), ArrowError> {
        for (component, builder) in &mut self.builders {
            match builder {
                Builder::Text(b) => match row.text(*component) {
                    Some(value) => {
                        check_fits(b.values_slice().len() + value.len(), *component)?;
                        b.append_value(value);
                    }
                    None => b.append_null(),
                },
                Builder::Views(v) => match row.text(*component) {
                    Some(value) => v.append(value, buffer, &self.input),
                    None => v.builder.append_null(),
                },
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
                Builder::Text(mut b) => Arc::new(b.finish()) as ArrayRef,
                Builder::Views(mut v) => Arc::new(v.builder.finish()),
                Builder::Valid(mut b) => Arc::new(b.finish()),
                Builder::Errors(mut b) => Arc::new(b.finish()),
                Builder::ErrorViews(mut b) => Arc::new(b.finish()),
            })
            .collect()
    }
}

impl Views {
    /// Appends `value`: a view into `buffers` (the input's) when it lies in `buffers[buffer]` and
    /// is longer than a view holds; otherwise a copy.
    fn append(&mut self, value: Cow<'_, str>, buffer: Option<u32>, buffers: &[Buffer]) {
        if let (Cow::Borrowed(part), Some(index)) = (&value, buffer) {
            if let Some(buffer) = buffers.get(index as usize).filter(|_| part.len() > 12) {
                if let Some(offset) = offset_within(part.as_bytes(), buffer.as_slice()) {
                    self.append_view(part, index, offset, buffers);
                    return;
                }
            }
        }
        self.builder.append_value(value);
    }

    /// Appends a view of `part`, which lies at `offset` in `buffers[index]`, adding the input's
    /// buffers to the builder's on the first such view.
    #[allow(unsafe_code)] // One call, whose conditions are checked just before it.
    fn append_view(&mut self, part: &str, index: u32, offset: u32, buffers: &[Buffer]) {
        let first = match self.input_at {
            Some(first) => first,
            None => {
                let mut first = None;
                for buffer in buffers {
                    let at = self.builder.append_block(buffer.clone());
                    first.get_or_insert(at);
                }
                *self.input_at.insert(first.unwrap_or_default())
            }
        };
        let (Some(block), Ok(len)) = (first.checked_add(index), u32::try_from(part.len())) else {
            self.builder.append_value(part);
            return;
        };
        // SAFETY: the builder's block `block` is `buffers[index]`, added by `append_block` above
        // (the input's buffers were added in order, the first at `first`). `offset_within` found
        // `part`'s bytes at `offset..offset + len` of that buffer, by address: the range is in
        // bounds, and its bytes are `part`'s, a `&str`, so valid UTF-8. That is what
        // `append_view_unchecked` asks. (`try_append_view` would check the UTF-8 again: some 120
        // instructions a host name, 5% of the row.)
        unsafe { self.builder.append_view_unchecked(block, offset, len) };
    }
}

/// Where `part` starts in `whole`, when `part` lies in `whole` (compared by address: a value
/// borrowed from the input, not an equal string elsewhere), and the offset fits 32 bits.
fn offset_within(part: &[u8], whole: &[u8]) -> Option<u32> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    let end = start.checked_add(part.len())?;
    (end <= whole.len()).then_some(())?;
    u32::try_from(start).ok()
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
