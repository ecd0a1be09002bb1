//! Making a URL: [`Url::parse`], [`Url::options`] for everything beyond the input, and
//! [`Url::join`].

use crate::builder;
use crate::error::ParseError;
use crate::generated::Generated;
use crate::grammar::Productions;

use super::{ParseOptions, Url};

impl Url {
    /// Parses an absolute URL with the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)
    /// (no base). [`Url::options`] takes a base, an encoding and listeners for validation errors.
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        // The default options, without looking at which grammar they name.
        ParseOptions::new().run(&Generated, input, Url::parse_with)
    }

    /// The builder's parse, making the URL where it returns it.
    #[inline]
    pub(crate) fn parse_with<S: Productions>(
        source: &S,
        input: &str,
        request: builder::Request<'_, '_>,
    ) -> Result<Url, ParseError> {
        builder::parse(source, input, request, |record| Url { record })
    }

    /// Whether `input` parses as an absolute URL: `Url::parse(input).is_ok()`, as the spec's
    /// [`URL.canParse()`](https://url.spec.whatwg.org/#dom-url-canparse), for less work (no
    /// URL is kept, and the path, query and fragment, which never make a parse fail, are not
    /// written). [`ParseOptions::can_parse`] takes a base.
    ///
    /// ```
    /// assert!(pegurl::Url::can_parse("https://example.org/a b?q#f"));
    /// assert!(!pegurl::Url::can_parse("https://exa mple.org/"));
    /// assert!(!pegurl::Url::can_parse("/relative"));
    /// ```
    pub fn can_parse(input: &str) -> bool {
        ParseOptions::new()
            .run(&Generated, input, builder::check)
            .is_ok()
    }

    /// Parses an absolute URL, then appends `pairs` to its query as
    /// application/x-www-form-urlencoded ([`Url::query_pairs_mut`]).
    ///
    /// ```
    /// let url = pegurl::Url::parse_with_params("https://example.org/?a=1", &[("b", "x y")])?;
    /// assert_eq!(url.as_str(), "https://example.org/?a=1&b=x+y");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_with_params<I, K, V>(input: &str, pairs: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: alloc::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(pairs);
        Ok(url)
    }

    /// Parses `input` with this URL as its base.
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::options().base_url(Some(self)).parse(input)
    }

    /// Options for parsing: a base URL, an encoding, a validation-error callback and more (see
    /// [`ParseOptions`]).
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::new()
    }
}
