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
    /// The input's buffers, which a value that lies in one of them points into (empty when the
    /// column's values are never parts of the input).
    input: Vec<Buffer>,
    /// The index of `input`'s first buffer among the builder's, once a value pointed into it.
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
    /// are messages of their own that most rows do not have). `shared`: the input's buffers,
    /// which a Utf8View column points into for a value that lies in one of them (see
    /// [`shared_buffers`]; empty for a column whose values are never parts of the input).
    pub(crate) fn new(
        component: Component,
        layout: StringLayout,
        rows: usize,
        input_bytes: usize,
        shared: Vec<Buffer>,
    ) -> TextColumn {
        let builder = match layout {
            StringLayout::Utf8View => Layout::Views(Views {
                builder: StringViewBuilder::with_capacity(rows),
                input: shared,
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

    /// Appends `value`, or a null row for `None`. `buffer` is the index among the input's
    /// buffers of the one that holds the row's input ([`Strings::buffer_of`]). An error when a
    /// Utf8 column would outgrow its 2 GiB.
    #[inline]
    pub(crate) fn append(
        &mut self,
        value: Option<Cow<'_, str>>,
        buffer: Option<u32>,
    ) -> Result<(), ArrowError> {
        match (&mut self.builder, value) {
            (Layout::Utf8(b), Some(value)) => {
                check_fits(b.values_slice().len() + value.len(), self.component)?;
                b.append_value(value);
            }
            (Layout::Views(v), Some(value)) => v.append(value, buffer),
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
    /// Appends `value`: a view into the input when it lies in `self.input[buffer]` and is
    /// longer than a view holds; otherwise a copy.
    fn append(&mut self, value: Cow<'_, str>, buffer: Option<u32>) {
        if let (Cow::Borrowed(part), Some(index)) = (&value, buffer) {
            let within = self.input.get(index as usize).filter(|_| part.len() > 12);
            if let Some(offset) = within.and_then(|b| offset_within(part.as_bytes(), b)) {
                self.append_view(part, index, offset);
                return;
            }
        }
        self.builder.append_value(value);
    }

    /// Appends a view of `part`, which lies at `offset` in `self.input[index]`, adding the
    /// input's buffers to the builder's on the first such view.
    #[allow(unsafe_code)] // One call, whose conditions are checked just before it.
    fn append_view(&mut self, part: &str, index: u32, offset: u32) {
        let first = match self.input_at {
            Some(first) => first,
            None => {
                let mut first = None;
                for buffer in &self.input {
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
        // SAFETY: the builder's block `block` is `self.input[index]`, added by `append_block`
        // above (`self.input`, which never changes, was added in order, the first at `first`;
        // `append_block` flushes the builder's own in-progress buffer first, at an index below). `offset_within` found
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
