//! The scalar functions: one type, [`UrlFunction`], whose value says what it returns (the whole
//! struct or one component) and in which order it takes the URL and the base.
//!
//! Their strings take the URL argument's string type, as DataFusion's own string functions do:
//! Utf8View for a Utf8View URL ([`layout_of`]), Utf8 for Utf8 and LargeUtf8. The signature
//! (`TypeSignature::String`) first gives both arguments of a two-argument call one common type,
//! Utf8View when either is Utf8View: `url_parse(url, base)` with one Utf8View argument returns
//! Utf8View.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use pegurl_arrow::{
    parse_component, parse_urls, url_struct_type_in, Base, Component, ParseOptions, StringLayout,
};

/// What a function returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Output {
    /// The struct of every component (`url_parse`).
    Struct,
    /// One component's column (`url_host`, `url_valid`, ...).
    Component(Component),
}

/// Where the URL and the base are among the arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Arguments {
    /// `(url)` or `(url, base)`.
    UrlThenBase,
    /// `(base, url)`, both required: `url_join`.
    BaseThenUrl,
}

/// A scalar function over the kernel: it parses each row once and builds only its output.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlFunction {
    /// The SQL name.
    name: String,
    /// What it returns.
    output: Output,
    /// The order of its arguments.
    arguments: Arguments,
    /// The string arguments it takes.
    signature: Signature,
}

impl UrlFunction {
    /// `url_parse(url [, base])`: the struct of every component.
    pub(crate) fn parse() -> UrlFunction {
        UrlFunction::new(
            "url_parse".to_owned(),
            Output::Struct,
            Arguments::UrlThenBase,
        )
    }

    /// `url_<component>(url [, base])`: one component.
    pub(crate) fn component(component: Component) -> UrlFunction {
        let name = format!("url_{}", component.name());
        UrlFunction::new(name, Output::Component(component), Arguments::UrlThenBase)
    }

    /// `url_join(base, url)`: the href of `url` resolved against `base`.
    pub(crate) fn join() -> UrlFunction {
        let output = Output::Component(Component::Href);
        UrlFunction::new("url_join".to_owned(), output, Arguments::BaseThenUrl)
    }

    fn new(name: String, output: Output, arguments: Arguments) -> UrlFunction {
        let counts = match arguments {
            Arguments::UrlThenBase => vec![TypeSignature::String(1), TypeSignature::String(2)],
            Arguments::BaseThenUrl => vec![TypeSignature::String(2)],
        };
        UrlFunction {
            name,
            output,
            arguments,
            signature: Signature::one_of(counts, Volatility::Immutable),
        }
    }

    /// The position of the URL among the arguments.
    fn url_position(&self) -> usize {
        match self.arguments {
            Arguments::UrlThenBase => 0,
            Arguments::BaseThenUrl => 1,
        }
    }

    /// The layout of the strings returned for arguments of `types` (after coercion): the URL
    /// argument's, by [`layout_of`]; Utf8 when there is no such argument.
    fn layout<'t>(&self, mut types: impl Iterator<Item = &'t DataType>) -> StringLayout {
        types
            .nth(self.url_position())
            .map_or(StringLayout::Utf8, layout_of)
    }

    /// Runs the kernel over `urls` against `base`, returning strings in `layout`.
    fn run(&self, urls: &dyn Array, base: Base<'_>, layout: StringLayout) -> Result<ArrayRef> {
        let options = ParseOptions::new().with_base(base).with_layout(layout);
        Ok(match self.output {
            Output::Struct => Arc::new(parse_urls(urls, &options)?),
            Output::Component(component) => parse_component(urls, component, &options)?,
        })
    }
}

impl ScalarUDFImpl for UrlFunction {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let layout = self.layout(arg_types.iter());
        Ok(match self.output {
            Output::Struct => url_struct_type_in(layout),
            Output::Component(component) => component.data_type_in(layout),
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let (url, base) = match (self.arguments, args.args.as_slice()) {
            (Arguments::UrlThenBase, [url]) => (url, None),
            (Arguments::UrlThenBase, [url, base]) | (Arguments::BaseThenUrl, [base, url]) => {
                (url, Some(base))
            }
            (_, other) => {
                return exec_err!("{} takes 1 or 2 arguments, not {}", self.name, other.len())
            }
        };
        // All scalars (a constant expression): one row in, one scalar out.
        let all_scalars = args
            .args
            .iter()
            .all(|a| matches!(a, ColumnarValue::Scalar(_)));
        let rows = if all_scalars { 1 } else { args.number_rows };
        let urls = url.to_array(rows)?;
        // From the fields return_type's argument types came from: the result has the declared type.
        let layout = self.layout(args.arg_fields.iter().map(|f| f.data_type()));
        let base = match base {
            None => Base::None,
            Some(ColumnarValue::Scalar(base)) => Base::Scalar(scalar_str(&self.name, base)?),
            Some(ColumnarValue::Array(bases)) => Base::Column(bases.as_ref()),
        };
        let result = self.run(&urls, base, layout)?;
        Ok(if all_scalars {
            ColumnarValue::Scalar(ScalarValue::try_from_array(&result, 0)?)
        } else {
            ColumnarValue::Array(result)
        })
    }
}

/// The layout of the strings a function returns for a URL argument of type `url`: Utf8View for
/// Utf8View, Utf8 for any other (Utf8, LargeUtf8, or the Utf8 a null literal is coerced to).
fn layout_of(url: &DataType) -> StringLayout {
    match url {
        DataType::Utf8View => StringLayout::Utf8View,
        _ => StringLayout::Utf8,
    }
}

/// The string of a scalar argument (`None` when it is null).
fn scalar_str<'a>(function: &str, value: &'a ScalarValue) -> Result<Option<&'a str>> {
    match value.try_as_str() {
        Some(text) => Ok(text),
        None if value.is_null() => Ok(None),
        None => exec_err!(
            "{function}: the base must be a string, not {}",
            value.data_type()
        ),
    }
}
