//! An [Apache Arrow](https://arrow.apache.org) kernel for [pegurl]: a column of URL strings in, a
//! column of WHATWG URL components out, parsed exactly as the
//! [URL Standard](https://url.spec.whatwg.org/) says.
//!
//! - [`parse_urls`] returns a [`StructArray`] with one field per [`Component`]: `href`,
//!   `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`,
//!   `hash`, `origin` (the `URL` class's getters, Utf8), `valid` (Boolean: the input is a
//!   [valid URL string](https://url.spec.whatwg.org/#valid-url-string)), `errors` (List of
//!   Utf8: the spec codes of the validation errors, in the order the parser met them) and
//!   `failure` (Utf8: null when the row parsed, otherwise why not, starting with the spec code).
//! - [`parse_component`] builds the column of one component only.
//!
//! The input is Utf8, LargeUtf8 or Utf8View; the base ([`Base`]) is none, one string for every
//! row, or a column. Each row is parsed once. A null URL or a null base gives a null row (the
//! struct and each of its fields); a row that fails to parse gives null URL components,
//! `valid = false`, its `errors` and its `failure`, and never fails the batch. The output
//! strings are Utf8 whatever the input layout, or Utf8View when [`ParseOptions::with_layout`]
//! asks for [`StringLayout::Utf8View`] (the layout Polars and DataFusion keep strings in): a
//! host name of the hostname column that the input holds as written is then a view into the
//! input's buffers, not a copy. Each row is written into the output columns as
//! soon as it is parsed, and only the columns asked for are built: a column of host names costs
//! one parse and one getter per row, and validation errors are collected only for `valid` and
//! `errors`.
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{cast::AsArray, Array, ArrayRef, StringArray};
//! use pegurl_arrow::{parse_component, parse_urls, Base, Component, ParseOptions};
//!
//! let urls: ArrayRef = Arc::new(StringArray::from(vec![
//!     Some("HTTPS://EXAMPLE.com:443/a/../b?q#f"),
//!     None,
//!     Some("http://[::1/"),
//!     Some("../c"),
//! ]));
//! let options = ParseOptions::new().with_base(Base::Scalar(Some("http://h/x/y")));
//! let parsed = parse_urls(&urls, &options)?;
//! let href = parsed.column_by_name("href").unwrap().as_string::<i32>();
//! assert_eq!(href.value(0), "https://example.com/b?q#f");
//! assert!(href.is_null(1) && href.is_null(2));
//! assert_eq!(href.value(3), "http://h/c");
//! let failure = parsed.column_by_name("failure").unwrap().as_string::<i32>();
//! assert!(failure.value(2).starts_with("IPv6-unclosed"));
//!
//! let hosts = parse_component(&urls, Component::Hostname, &ParseOptions::new())?;
//! assert_eq!(hosts.as_string::<i32>().value(0), "example.com");
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
#![deny(unsafe_code)] // One exception: a view into the input, in text.rs.
#![warn(missing_docs)]
#![allow(rustdoc::bare_urls)]

mod adapter;
mod component;
mod input;
mod output;
mod text;

use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::{NullBuffer, NullBufferBuilder};
use arrow_schema::{ArrowError, DataType, Fields};

pub use component::{Component, StringLayout};

use adapter::{hostname, BaseUrl, Collect, Parser};
use input::{Bases, RowBase, Strings};
use output::Columns;
use text::{shared_buffers, TextColumn};

/// The base URL that relative inputs are resolved against.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default)]
pub enum Base<'a> {
    /// No base: a relative input fails, as `new URL(input)` does.
    #[default]
    None,
    /// One base for every row; `None` (a null scalar) makes every row null. A base that does not
    /// parse makes every row fail, as `new URL(input, base)` does.
    Scalar(Option<&'a str>),
    /// One base per row: a column of strings (Utf8, LargeUtf8 or Utf8View) as long as the URL
    /// column; a null base makes its row null.
    Column(&'a dyn Array),
}

/// How the kernel parses a column. Build one with [`ParseOptions::new`] and the `with_` methods.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions<'a> {
    /// The base URL of the rows.
    pub base: Base<'a>,
    /// The layout of the string columns.
    pub layout: StringLayout,
}

impl<'a> ParseOptions<'a> {
    /// No base.
    pub fn new() -> ParseOptions<'a> {
        ParseOptions::default()
    }

    /// The options with `base` as the base URL.
    pub fn with_base(self, base: Base<'a>) -> ParseOptions<'a> {
        ParseOptions { base, ..self }
    }

    /// The options with `layout` as the layout of the string columns.
    pub fn with_layout(self, layout: StringLayout) -> ParseOptions<'a> {
        ParseOptions { layout, ..self }
    }
}

/// The fields of [`parse_urls`]'s struct: one per [`Component`], in [`Component::ALL`]'s order,
/// with Utf8 strings.
pub fn url_fields() -> Fields {
    url_fields_in(StringLayout::Utf8)
}

/// The fields of [`parse_urls`]'s struct when its strings have `layout`.
pub fn url_fields_in(layout: StringLayout) -> Fields {
    Component::ALL.iter().map(|c| c.field_in(layout)).collect()
}

/// The data type of [`parse_urls`]'s result: a struct of [`url_fields`].
pub fn url_struct_type() -> DataType {
    url_struct_type_in(StringLayout::Utf8)
}

/// The data type of [`parse_urls`]'s result when its strings have `layout`.
pub fn url_struct_type_in(layout: StringLayout) -> DataType {
    DataType::Struct(url_fields_in(layout))
}

/// Parses every row of `urls` (Utf8, LargeUtf8 or Utf8View) and returns a struct of all the
/// components (see the crate docs for its fields and nulls).
///
/// An error only for what no row can fix: `urls` or a base column that is not a string column,
/// a base column of another length, or a batch whose values of one output column exceed the
/// 2 GiB a Utf8 column holds (split it).
pub fn parse_urls(urls: &dyn Array, options: &ParseOptions<'_>) -> Result<StructArray, ArrowError> {
    let (columns, nulls) = parse_columns(urls, options, &Component::ALL)?;
    StructArray::try_new(url_fields_in(options.layout), columns, nulls)
}

/// Parses every row of `urls` and returns the column of `component` alone (its type is
/// [`Component::data_type_in`] the options' layout): each row's parse collects validation errors only when the
/// component needs them (`valid`, `errors`), and reads only that component.
pub fn parse_component(
    urls: &dyn Array,
    component: Component,
    options: &ParseOptions<'_>,
) -> Result<ArrayRef, ArrowError> {
    if component == Component::Hostname {
        return hostname_column(urls, options);
    }
    let (columns, _) = parse_columns(urls, options, &[component])?;
    columns.into_iter().next().ok_or_else(|| {
        ArrowError::ComputeError(format!("no {} column was built", component.name()))
    })
}

/// Parses each row once against its base, writing the values of `components` as it goes;
/// returns their columns and the rows' nulls (`None` when no row is null).
fn parse_columns(
    urls: &dyn Array,
    options: &ParseOptions<'_>,
    components: &[Component],
) -> Result<(Vec<ArrayRef>, Option<NullBuffer>), ArrowError> {
    let strings = Strings::new(urls, "the URL column")?;
    let mut bases = Bases::new(&options.base, strings.len())?;
    let mut columns = Columns::new(components, options.layout, &strings);
    let mut parser = Parser::new(Collect::for_components(components));
    let mut nulls = NullBufferBuilder::new(strings.len());
    for i in 0..strings.len() {
        match row_of(&strings, &mut bases, i) {
            Some((input, base)) => {
                let row = parser.parse(input, base);
                columns.append(&row)?;
                nulls.append_non_null();
            }
            None => {
                columns.append_null();
                nulls.append_null();
            }
        }
    }
    Ok((columns.finish(), nulls.finish()))
}

/// The hostname column alone: the one getter that has a parse of its own, which keeps no URL and
/// writes no path (`ParseOptions::hostname`), and whose value is most often the input's own text
/// (in the Utf8View layout, a view into the input's buffer).
fn hostname_column(urls: &dyn Array, options: &ParseOptions<'_>) -> Result<ArrayRef, ArrowError> {
    let strings = Strings::new(urls, "the URL column")?;
    let mut bases = Bases::new(&options.base, strings.len())?;
    let mut column = TextColumn::new(
        Component::Hostname,
        options.layout,
        strings.len(),
        strings.value_bytes(),
        shared_buffers(options.layout, &strings),
    );
    for i in 0..strings.len() {
        let value = row_of(&strings, &mut bases, i).and_then(|(url, base)| hostname(url, base));
        column.append(value, strings.buffer_of(i))?;
    }
    Ok(column.finish())
}

/// Row `i`'s URL and base, or `None` when the row is null (a null URL or a null base).
#[inline(always)]
fn row_of<'s, 'b>(
    strings: &Strings<'s>,
    bases: &'b mut Bases<'_>,
    i: usize,
) -> Option<(&'s str, Option<&'b BaseUrl>)> {
    match (strings.get(i), bases.row(i)) {
        (None, _) | (_, RowBase::Null) => None,
        (Some(input), RowBase::None) => Some((input, None)),
        (Some(input), RowBase::Url(base)) => Some((input, Some(base))),
    }
}
