//! [`Url`]: parsing entry points and the WHATWG getters (https://url.spec.whatwg.org/#url-class);
//! the setters and `searchParams` are in the submodules.

mod search;
mod setters;

pub use search::SearchParamsMut;
#[cfg(feature = "vm")]
pub(crate) use setters::SetterPlan;

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use encoding_rs::{Encoding, UTF_8};

use crate::builder;
use crate::error::{ParseError, ParseErrorKind, ValidationError};
use crate::generated::Generated;
use crate::grammar::{Compiled, Engine, Productions, Tree};
use crate::input::Input;
use crate::record::{HostKind, Record, SchemeName};

/// A parsed URL: the spec's URL record, with the getters of the `URL` class.
///
/// ```
/// let url = pegurl::Url::parse("HTTPS://例え.テスト:443/a/./b/../c?q=1#top", None)?;
/// assert_eq!(url.href(), "https://xn--r8jz45g.xn--zckzah/a/c?q=1#top");
/// assert_eq!(url.hostname(), "xn--r8jz45g.xn--zckzah");
/// assert_eq!(url.port(), "");
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    record: Record,
}

impl Url {
    /// Parses `input` against an optional `base`, as `new URL(input, base)` does: a base that
    /// fails to parse is an error ([`ParseErrorKind::InvalidBase`]).
    pub fn parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        let base = match base {
            Some(base) => Some(Url::parse(base, None).map_err(|e| ParseError {
                span: 0..0,
                kind: ParseErrorKind::InvalidBase(Box::new(e)),
            })?),
            None => None,
        };
        Url::parse_with_base(input, base.as_ref())
    }

    /// Parses `input` against an already parsed base URL.
    pub fn parse_with_base(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        Url::parse_with_encoding(input, base, UTF_8)
    }

    /// Parses `input` against `base` with a document's `encoding`: the query of a special URL
    /// (not ws/wss) is percent-encoded after encoding it in that encoding, as HTML does for
    /// documents in legacy encodings.
    ///
    /// ```
    /// use pegurl::encoding_rs::WINDOWS_1252;
    /// let url = pegurl::Url::parse_with_encoding("http://h/é?é", None, WINDOWS_1252)?;
    /// assert_eq!(url.href(), "http://h/%C3%A9?%E9");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_with_encoding(
        input: &str,
        base: Option<&Url>,
        encoding: &'static Encoding,
    ) -> Result<Url, ParseError> {
        let input = Input::new(input);
        let record = builder::parse(&Generated, &input, base.map(|b| &b.record), None, encoding)?;
        Ok(Url { record })
    }

    /// Parses `input` against `base`, collecting every validation error (with its span in
    /// `input`) into `errors`, whether or not the parse fails.
    pub fn parse_collecting(
        input: &str,
        base: Option<&Url>,
        errors: &mut Vec<ValidationError>,
    ) -> Result<Url, ParseError> {
        Url::parse_with_callback(input, base, |e| errors.push(e))
    }

    /// Parses `input` against `base`, handing each validation error to `on_error` as the parser
    /// meets it (for streaming users; nothing is collected).
    ///
    /// ```
    /// let mut codes = Vec::new();
    /// let url = pegurl::Url::parse_with_callback("http://a/b c", None, |e| codes.push(e.code));
    /// assert_eq!(url?.pathname(), "/b%20c");
    /// assert_eq!(codes, [pegurl::ErrorCode::InvalidUrlUnit]);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_with_callback(
        input: &str,
        base: Option<&Url>,
        mut on_error: impl FnMut(ValidationError),
    ) -> Result<Url, ParseError> {
        let input = Input::new(input);
        let sink: &mut dyn FnMut(ValidationError) = &mut on_error;
        let base = base.map(|b| &b.record);
        let record = builder::parse(&Generated, &input, base, Some(sink), UTF_8)?;
        Ok(Url { record })
    }

    /// [`Url::parse_traced`] with the productions of a chosen [`Engine`].
    ///
    /// ```
    /// use pegurl::Url;
    /// use pegurl::workbench::Engine;
    /// let generated = Url::parse_traced_with_engine("http://h/p", None, Engine::Generated);
    /// let derived = Url::parse_traced_with_engine("http://h/p", None, Engine::PestDerive);
    /// assert_eq!(generated.0?, derived.0?);
    /// assert_eq!(generated.1, derived.1);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_traced_with_engine(
        input: &str,
        base: Option<&Url>,
        engine: Engine,
    ) -> (Result<Url, ParseError>, Vec<Tree>) {
        let input = Input::new(input);
        match engine {
            Engine::Generated => Url::parse_traced_with_source(&Generated, &input, base),
            Engine::PestDerive => Url::parse_traced_with_source(&Compiled, &input, base),
        }
    }

    /// Parses a preprocessed input with any source of productions (the built-in grammar, or
    /// one loaded at run time), handing each validation error to `errors` if there is a sink.
    #[cfg(feature = "vm")]
    pub(crate) fn parse_with_source<S: Productions>(
        source: &S,
        input: &Input<'_>,
        base: Option<&Url>,
        errors: builder::Sink<'_>,
    ) -> Result<Url, ParseError> {
        let record = builder::parse(source, input, base.map(|b| &b.record), errors, UTF_8)?;
        Ok(Url { record })
    }

    /// Parses `input` against `base` and returns, with the result, the tree of every production
    /// the grammar matched: the `url` rule's, then any rule the builder ran again because the
    /// base called for another reading (see `grammar/url.pest`).
    ///
    /// ```
    /// let (url, trees) = pegurl::Url::parse_traced("http://h/p?q", None);
    /// assert_eq!(url?.href(), "http://h/p?q");
    /// assert_eq!(trees[0].rule, "url");
    /// assert_eq!(trees[0].children[0].rule, "special_url");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_traced(input: &str, base: Option<&Url>) -> (Result<Url, ParseError>, Vec<Tree>) {
        let input = Input::new(input);
        Url::parse_traced_with_source(&Generated, &input, base)
    }

    pub(crate) fn parse_traced_with_source<S: Productions>(
        source: &S,
        input: &Input<'_>,
        base: Option<&Url>,
    ) -> (Result<Url, ParseError>, Vec<Tree>) {
        let (record, trees) = builder::parse_traced(source, input, base.map(|b| &b.record));
        (record.map(|record| Url { record }), trees)
    }

    /// Parses `input` with this URL as its base.
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_with_base(input, Some(self))
    }

    /// The [href getter](https://url.spec.whatwg.org/#dom-url-href): the serialized URL.
    pub fn href(&self) -> &str {
        self.record.serialization()
    }

    /// The [origin getter](https://url.spec.whatwg.org/#dom-url-origin), serialized.
    pub fn origin(&self) -> String {
        let r = &self.record;
        let kind = r.scheme_kind();
        if kind.has_tuple_origin() {
            // A tuple origin: scheme, host, port.
            return format!("{}://{}", r.scheme(), self.host());
        }
        if !kind.is_special() && r.scheme() == "blob" {
            // "blob": "If pathURL's scheme is "http", "https", or "file", then return pathURL's
            // origin." Otherwise an opaque origin.
            if let Ok(inner) = Url::parse(r.path_str(), None) {
                let inner_kind = inner.record.scheme_kind();
                if matches!(
                    inner_kind.name(),
                    SchemeName::Http | SchemeName::Https | SchemeName::File
                ) {
                    return inner.origin();
                }
            }
        }
        // "file" and everything else: an opaque origin, serialized as "null".
        "null".to_owned()
    }

    /// The [protocol getter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and ":".
    pub fn protocol(&self) -> &str {
        self.record.protocol()
    }

    /// The [username getter](https://url.spec.whatwg.org/#dom-url-username).
    pub fn username(&self) -> &str {
        self.record.username()
    }

    /// The [password getter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn password(&self) -> &str {
        self.record.password()
    }

    /// The [host getter](https://url.spec.whatwg.org/#dom-url-host): host and, if any, ":" and
    /// port.
    pub fn host(&self) -> &str {
        self.record.host_and_port().unwrap_or("")
    }

    /// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname).
    pub fn hostname(&self) -> &str {
        self.record.host_str().unwrap_or("")
    }

    /// The [port getter](https://url.spec.whatwg.org/#dom-url-port).
    pub fn port(&self) -> &str {
        self.record.port_str()
    }

    /// The [pathname getter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn pathname(&self) -> &str {
        self.record.path_str()
    }

    /// The [search getter](https://url.spec.whatwg.org/#dom-url-search): "" or "?" and the query.
    pub fn search(&self) -> &str {
        self.record.search()
    }

    /// The [hash getter](https://url.spec.whatwg.org/#dom-url-hash): "" or "#" and the fragment.
    pub fn hash(&self) -> &str {
        self.record.hash()
    }

    /// The names of the WHATWG `URL` getters, in the order the `URL` class lists them.
    pub const COMPONENTS: [&'static str; 11] = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ];

    /// The value of the getter named `name` (one of [`Url::COMPONENTS`]).
    ///
    /// ```
    /// let url = pegurl::Url::parse("http://example.org:8080/", None)?;
    /// assert_eq!(url.component("port").as_deref(), Some("8080"));
    /// assert_eq!(url.component("nope"), None);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn component(&self, name: &str) -> Option<Cow<'_, str>> {
        let value = match name {
            "href" => self.href(),
            "origin" => return Some(Cow::Owned(self.origin())),
            "protocol" => self.protocol(),
            "username" => self.username(),
            "password" => self.password(),
            "host" => self.host(),
            "hostname" => self.hostname(),
            "port" => self.port(),
            "pathname" => self.pathname(),
            "search" => self.search(),
            "hash" => self.hash(),
            _ => return None,
        };
        Some(Cow::Borrowed(value))
    }

    /// The record's [scheme](https://url.spec.whatwg.org/#concept-url-scheme).
    pub fn scheme(&self) -> &str {
        self.record.scheme()
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub fn is_special(&self) -> bool {
        self.record.is_special()
    }

    /// The kind of the record's host, or `None` when the host is null.
    pub fn host_kind(&self) -> Option<HostKind> {
        self.record.host_kind()
    }

    /// The record's port, null when it is the scheme's default.
    pub fn port_number(&self) -> Option<u16> {
        self.record.port()
    }

    /// The record's path: its segments, or the opaque path as one item.
    pub fn path_segments(&self) -> Vec<&str> {
        self.record.path_segments()
    }

    /// Whether the URL [has an opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    pub fn has_opaque_path(&self) -> bool {
        self.record.has_opaque_path()
    }

    /// The record's query: null or a string (possibly empty).
    pub fn query(&self) -> Option<&str> {
        self.record.query()
    }

    /// The record's fragment: null or a string (possibly empty).
    pub fn fragment(&self) -> Option<&str> {
        self.record.fragment()
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.href()).finish()
    }
}

/// Parses an absolute URL (no base).
impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s, None)
    }
}

/// [URL equivalence](https://url.spec.whatwg.org/#concept-url-equals): equal serializations.
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.href() == other.href()
    }
}

impl Eq for Url {}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.href().hash(state);
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        self.href()
    }
}

/// A URL serializes as its href (feature `serde`).
#[cfg(feature = "serde")]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.href())
    }
}

/// A URL deserializes from a string that parses as an absolute URL (feature `serde`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Url::parse(&text, None).map_err(serde::de::Error::custom)
    }
}
