//! One string column being built, in either layout ([`StringLayout`]): Utf8, whose values are
//! copied one after the other, or Utf8View, where a value that is a part of the row's input
//! becomes a view into the input's buffer, which the column then shares (added to its buffers
//! on the first such value); any other value of more than 12 bytes is copied into the column's
//! own buffers.
//!
//! A Utf8 column's value buffer is allocated once, before the first row, with room for as many
//! bytes as the batch's input strings hold: a component is a part of the href, and the href is
//! the input less what the parser drops, so the estimate holds for nearly every batch; when
//! percent-encoding or a base makes a column longer, its buffer grows (doubling).

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::{StringBuilder, StringViewBuilder};
use arrow_array::ArrayRef;
use arrow_buffer::Buffer;
use arrow_schema::ArrowError;

use crate::input::Strings;
use crate::{Component, StringLayout};

/// Utf8 columns have 32-bit offsets: a batch whose values of one column exceed 2 GiB must be
/// split (Arrow's builders would panic).
pub(crate) const MAX_BYTES: usize = i32::MAX as usize;

/// A string column being built: the values of one component.
#[derive(Debug)]
pub(crate) struct TextColumn {
    /// The component (named in the error of a column too long).
    component: Component,
    /// The builder, in the column's layout.
    builder: Layout,
}

/// A string column's builder.
#[derive(Debug)]
enum Layout {
    /// Utf8: the values copied one after the other.
    Utf8(StringBuilder),
    /// Utf8View.
    Views(Views),
}

/// A Utf8View column being built.
#[derive(Debug)]
struct Views {
    /// The views and the column's own buffers.
    builder: StringViewBuilder,
    /// The index of the input's first buffer among the builder's, once a value pointed into it.
    input_at: Option<u32>,
}

/// The buffers of `strings` that a column in `layout` may point into: the input's, for a Utf8View
/// column that can point into every one of them ([`Strings::buffers`]); none otherwise.
pub(crate) fn shared_buffers(layout: StringLayout, strings: &Strings) -> Vec<Buffer> {
    match layout {
        StringLayout::Utf8View => strings.buffers().unwrap_or_default(),
        StringLayout::Utf8 => Vec::new(),
    }
}

impl TextColumn {
    /// An empty column of `component` in `layout`, for `rows` rows whose input strings hold
    /// `input_bytes` (a Utf8 column reserves that many bytes, but for `failure`, whose values
    /// are messages of their own that most rows do not have).
    pub(crate) fn new(
        component: Component,
        layout: StringLayout,
        rows: usize,
        input_bytes: usize,
    ) -> TextColumn {
        let builder = match layout {
            StringLayout::Utf8View => Layout::Views(Views {
                builder: StringViewBuilder::with_capacity(rows),
                input_at: None,
            }),
            _ if component == Component::Failure => Layout::Utf8(StringBuilder::new()),
            _ => Layout::Utf8(StringBuilder::with_capacity(
                rows,
                input_bytes.min(MAX_BYTES),
            )),
        };
        TextColumn { component, builder }
    }

    /// Appends `value`, or a null row for `None`. `buffer` is the index among `input` (the
    /// input's buffers, when a Utf8View column may point into them; empty otherwise) of the
    /// buffer that holds the row's input. An error when a Utf8 column would outgrow its 2 GiB.
    #[inline]
    pub(crate) fn append(
        &mut self,
        value: Option<Cow<'_, str>>,
        buffer: Option<u32>,
        input: &[Buffer],
    ) -> Result<(), ArrowError> {
        match (&mut self.builder, value) {
            (Layout::Utf8(b), Some(value)) => {
                check_fits(b.values_slice().len() + value.len(), self.component)?;
                b.append_value(value);
            }
            (Layout::Views(v), Some(value)) => v.append(value, buffer, input),
            (_, None) => self.append_null(),
        }
        Ok(())
    }

    /// Appends a null row.
    pub(crate) fn append_null(&mut self) {
        match &mut self.builder {
            Layout::Utf8(b) => b.append_null(),
            Layout::Views(v) => v.builder.append_null(),
        }
    }

    /// The finished column.
    pub(crate) fn finish(self) -> ArrayRef {
        match self.builder {
            Layout::Utf8(mut b) => Arc::new(b.finish()),
            Layout::Views(mut v) => Arc::new(v.builder.finish()),
        }
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
pub(crate) fn check_fits(bytes: usize, component: Component) -> Result<(), ArrowError> {
    if bytes <= MAX_BYTES {
        return Ok(());
    }
    Err(ArrowError::ComputeError(format!(
        "the {} column of this batch would hold more than {MAX_BYTES} bytes, more than a Utf8 \
         column can; split the batch",
        component.name()
    )))
}
