//! Reading the kernel's inputs: a column of strings in any of Arrow's three string layouts, and
//! the base URL of each row (none, one for all, or one per row).

use arrow_array::{Array, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::Buffer;
use arrow_schema::{ArrowError, DataType};

use crate::adapter::BaseUrl;
use crate::Base;

/// A string column, whichever layout it has (Utf8, LargeUtf8, Utf8View), or a column of the
/// Null type (every row null).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Strings<'a> {
    /// 32-bit offsets.
    Utf8(&'a StringArray),
    /// 64-bit offsets.
    LargeUtf8(&'a LargeStringArray),
    /// Views: short strings inline, long ones in shared buffers.
    Utf8View(&'a StringViewArray),
    /// A column of nulls of this length.
    Null(usize),
}

impl<'a> Strings<'a> {
    /// Reads `array` as strings; any other type is an error that names it.
    pub(crate) fn new(array: &'a dyn Array, what: &str) -> Result<Strings<'a>, ArrowError> {
        let any = array.as_any();
        let strings = match array.data_type() {
            DataType::Utf8 => any.downcast_ref().map(Strings::Utf8),
            DataType::LargeUtf8 => any.downcast_ref().map(Strings::LargeUtf8),
            DataType::Utf8View => any.downcast_ref().map(Strings::Utf8View),
            DataType::Null => Some(Strings::Null(array.len())),
            _ => None,
        };
        strings.ok_or_else(|| {
            ArrowError::InvalidArgumentError(format!(
                "{what} must be a column of strings (Utf8, LargeUtf8 or Utf8View), not {}",
                array.data_type()
            ))
        })
    }

    /// The number of rows.
    pub(crate) fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::LargeUtf8(a) => a.len(),
            Strings::Utf8View(a) => a.len(),
            Strings::Null(len) => *len,
        }
    }

    /// How many bytes the rows' strings hold together (null rows hold none).
    pub(crate) fn value_bytes(&self) -> usize {
        match self {
            Strings::Utf8(a) => byte_span(a.value_offsets()),
            Strings::LargeUtf8(a) => byte_span(a.value_offsets()),
            Strings::Utf8View(a) => a.lengths().map(|n| n as usize).sum(),
            Strings::Null(_) => 0,
        }
    }

    /// Row `i`, or `None` when it is null (or past the end).
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        if i >= self.len() {
            return None;
        }
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Utf8View(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Null(_) => None,
        }
    }
}

impl<'a> Strings<'a> {
    /// The buffers that hold the rows' strings, when a Utf8View column can point into every one
    /// of them (each is less than 4 GiB long); `None` otherwise.
    pub(crate) fn buffers(&self) -> Option<Vec<Buffer>> {
        let buffers = match self {
            Strings::Utf8(a) => vec![a.values().clone()],
            Strings::LargeUtf8(a) => vec![a.values().clone()],
            Strings::Utf8View(a) => a.data_buffers().to_vec(),
            Strings::Null(_) => Vec::new(),
        };
        buffers
            .iter()
            .all(|b| u32::try_from(b.len()).is_ok_and(|len| len < u32::MAX))
            .then_some(buffers)
    }

    /// The index among [`Strings::buffers`] of the buffer that holds row `i`'s string, or `None`
    /// when no buffer does: the row is past the end, or a Utf8View string of 12 bytes or fewer
    /// (held in its view).
    #[inline(always)]
    pub(crate) fn buffer_of(&self, i: usize) -> Option<u32> {
        match self {
            Strings::Utf8(_) | Strings::LargeUtf8(_) => (i < self.len()).then_some(0),
            // Arrow's view layout: the length in the low 32 bits; for a string of more than 12
            // bytes, then its first four bytes, its buffer's index and its offset.
            Strings::Utf8View(a) => a
                .views()
                .get(i)
                .filter(|&&view| view as u32 > 12)
                .map(|view| (view >> 64) as u32),
            Strings::Null(_) => None,
        }
    }
}

/// The bytes between the first and the last of `offsets` (a column's values, sliced or not).
fn byte_span<O: TryInto<usize> + Copy>(offsets: &[O]) -> usize {
    let at = |o: Option<&O>| o.and_then(|&o| o.try_into().ok()).unwrap_or(0);
    at(offsets.last()).saturating_sub(at(offsets.first()))
}

/// The base URL of each row: parsed once for a scalar, and once per run of equal values for a
/// column (a column of bases usually repeats one value).
#[derive(Debug)]
pub(crate) enum Bases<'a> {
    /// No base: every row is parsed on its own.
    None,
    /// A null scalar base: every row is null.
    NullScalar,
    /// One base for every row.
    Scalar(BaseUrl),
    /// One base per row, with the last one parsed.
    Column {
        /// The bases.
        strings: Strings<'a>,
        /// The last base string parsed, and its parse.
        last: Option<(&'a str, BaseUrl)>,
    },
}

/// What a row is parsed against.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RowBase<'b> {
    /// The row is null (its base is null).
    Null,
    /// No base.
    None,
    /// This base.
    Url(&'b BaseUrl),
}

impl<'a> Bases<'a> {
    /// The bases of `rows` rows: a column of bases must have that many.
    pub(crate) fn new(base: &Base<'a>, rows: usize) -> Result<Bases<'a>, ArrowError> {
        Ok(match base {
            Base::None => Bases::None,
            Base::Scalar(None) => Bases::NullScalar,
            Base::Scalar(Some(base)) => Bases::Scalar(BaseUrl::parse(base)),
            Base::Column(array) => {
                let strings = Strings::new(*array, "the base")?;
                if strings.len() != rows {
                    return Err(ArrowError::InvalidArgumentError(format!(
                        "the base column has {} rows and the URL column {rows}",
                        strings.len()
                    )));
                }
                Bases::Column {
                    strings,
                    last: None,
                }
            }
        })
    }

    /// The base of row `i`.
    #[inline(always)]
    pub(crate) fn row(&mut self, i: usize) -> RowBase<'_> {
        match self {
            Bases::None => RowBase::None,
            Bases::NullScalar => RowBase::Null,
            Bases::Scalar(base) => RowBase::Url(base),
            Bases::Column { strings, last } => {
                let Some(text) = strings.get(i) else {
                    return RowBase::Null;
                };
                match last {
                    Some((seen, _)) if *seen == text => {}
                    _ => *last = Some((text, BaseUrl::parse(text))),
                }
                match last {
                    Some((_, base)) => RowBase::Url(base),
                    None => RowBase::Null,
                }
            }
        }
    }
}
