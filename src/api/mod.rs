//! [`Url`]: parsing, the `url` crate's accessors in the spec's terms, and the trait impls. The
//! setters, the typed host, the origin, slicing, the query's pairs, path segments and file
//! paths are in the submodules; the WHATWG getters and setters whose names clash with those are
//! in [`crate::quirks`].

pub mod form_urlencoded;
mod host;
mod options;
mod origin;
mod path_segments;
mod position;
mod query_pairs;
pub mod quirks;
mod relative;
mod search;
mod setters;

#[cfg(unix)]
mod file_path;

pub use host::Host;
pub use options::{ParseOptions, SyntaxViolation};
pub use origin::{OpaqueOrigin, Origin};
pub use path_segments::PathSegmentsMut;
pub use position::Position;
pub use query_pairs::UrlQuery;
pub use search::SearchParamsMut;
#[cfg(feature = "vm")]
pub(crate) use setters::SetterPlan;

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::error::ParseError;
use crate::record::{default_port, Record};

/// A parsed URL: the spec's [URL record](https://url.spec.whatwg.org/#concept-url), held as its
/// serialization, with the `url` crate's accessors and the getters of the WHATWG `URL` class.
///
/// ```
/// use pegurl::Url;
/// let url = Url::parse("HTTPS://例え.テスト:443/a/./b/../c?q=1#top")?;
/// assert_eq!(url.as_str(), "https://xn--r8jz45g.xn--zckzah/a/c?q=1#top");
/// assert_eq!(url.host_str(), Some("xn--r8jz45g.xn--zckzah"));
/// assert_eq!(url.port(), None);
/// assert_eq!(url.path_segments().map(|s| s.collect::<Vec<_>>()), Some(vec!["a", "c"]));
/// assert_eq!(url.join("../d")?.as_str(), "https://xn--r8jz45g.xn--zckzah/d");
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    record: Record,
}

impl Url {
    /// Parses an absolute URL with the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)
    /// (no base). [`Url::options`] takes a base, an encoding and listeners for validation errors.
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        Url::options().parse(input)
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
        I::Item: std::borrow::Borrow<(K, V)>,
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

    /// The [serialization](https://url.spec.whatwg.org/#concept-url-serializer) of the URL.
    pub fn as_str(&self) -> &str {
        &self.record.serialization
    }

    /// The serialization, owned.
    pub fn into_string(self) -> String {
        self.record.serialization
    }

    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme), lowercase, without ":".
    pub fn scheme(&self) -> &str {
        self.record.scheme()
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub fn is_special(&self) -> bool {
        self.record.is_special()
    }

    /// Whether the serialization has an authority ("//" after the scheme): whether the host is
    /// not null.
    pub fn has_authority(&self) -> bool {
        self.has_host()
    }

    /// The authority: credentials, "@", host and port, as serialized; "" without a host.
    pub fn authority(&self) -> &str {
        let r = &self.record;
        match r.host_kind {
            Some(_) => r
                .serialization
                .get(r.scheme_end + 3..r.authority_end)
                .unwrap_or(""),
            None => "",
        }
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path)
    /// (`mailto:x`, `data:,x`): it cannot be the base of a relative URL.
    pub fn cannot_be_a_base(&self) -> bool {
        self.record.opaque_path
    }

    /// The [username](https://url.spec.whatwg.org/#concept-url-username), percent-encoded.
    pub fn username(&self) -> &str {
        self.record.slice(&self.record.username)
    }

    /// The [password](https://url.spec.whatwg.org/#concept-url-password), percent-encoded;
    /// None when it is empty (the serialization has no password then).
    pub fn password(&self) -> Option<&str> {
        Some(self.record.slice(&self.record.password)).filter(|p| !p.is_empty())
    }

    /// The [port](https://url.spec.whatwg.org/#concept-url-port); None when the URL has none,
    /// or had the scheme's default port, which the parser removes.
    pub fn port(&self) -> Option<u16> {
        self.record.port
    }

    /// The port, or the scheme's [default port](https://url.spec.whatwg.org/#default-port)
    /// (80 for http and ws, 443 for https and wss, 21 for ftp).
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port().or_else(|| default_port(self.scheme()))
    }

    /// The serialized [path](https://url.spec.whatwg.org/#url-path-serializer): an opaque path
    /// as it is, or "/" and the segments.
    pub fn path(&self) -> &str {
        self.record.path_str()
    }

    /// The path's segments (percent-encoded); None when the path is opaque or empty.
    ///
    /// ```
    /// let url = pegurl::Url::parse("https://example.org/a/b%20c/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// assert!(pegurl::Url::parse("mailto:a@b")?.path_segments().is_none());
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<std::str::Split<'_, char>> {
        if self.record.opaque_path {
            return None;
        }
        self.path().strip_prefix('/').map(|rest| rest.split('/'))
    }

    /// The [query](https://url.spec.whatwg.org/#concept-url-query): None, or the text after
    /// "?" (possibly empty).
    pub fn query(&self) -> Option<&str> {
        self.record.query.as_ref().map(|q| self.record.slice(q))
    }

    /// The [fragment](https://url.spec.whatwg.org/#concept-url-fragment): None, or the text
    /// after "#" (possibly empty).
    pub fn fragment(&self) -> Option<&str> {
        self.record.fragment.as_ref().map(|f| self.record.slice(f))
    }

    /// The [href getter](https://url.spec.whatwg.org/#dom-url-href): the serialization.
    pub fn href(&self) -> &str {
        self.as_str()
    }

    /// The [protocol getter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and ":".
    pub fn protocol(&self) -> &str {
        &self.record.serialization[..self.record.scheme_end + 1]
    }

    /// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname): the serialized
    /// host, or "".
    pub fn hostname(&self) -> &str {
        self.host_str().unwrap_or("")
    }

    /// The [pathname getter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn pathname(&self) -> &str {
        self.path()
    }

    /// The [search getter](https://url.spec.whatwg.org/#dom-url-search): "" or "?" and the query.
    pub fn search(&self) -> &str {
        match &self.record.query {
            Some(q) if !q.is_empty() => &self.record.serialization[q.start - 1..q.end],
            _ => "",
        }
    }

    /// The [hash getter](https://url.spec.whatwg.org/#dom-url-hash): "" or "#" and the fragment.
    pub fn hash(&self) -> &str {
        match &self.record.fragment {
            Some(f) if !f.is_empty() => &self.record.serialization[f.start - 1..f.end],
            _ => "",
        }
    }

    /// The names of the WHATWG `URL` getters, in the order the `URL` class lists them.
    pub const COMPONENTS: [&'static str; 11] = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ];

    /// The value of the WHATWG getter named `name` (one of [`Url::COMPONENTS`]), as
    /// `url[name]` gives it in JavaScript.
    ///
    /// ```
    /// let url = pegurl::Url::parse("http://example.org:8080/")?;
    /// assert_eq!(url.component("port").as_deref(), Some("8080"));
    /// assert_eq!(url.component("nope"), None);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn component(&self, name: &str) -> Option<Cow<'_, str>> {
        let value = match name {
            "href" => quirks::href(self),
            "origin" => return Some(Cow::Owned(quirks::origin(self))),
            "protocol" => quirks::protocol(self),
            "username" => quirks::username(self),
            "password" => quirks::password(self),
            "host" => quirks::host(self),
            "hostname" => quirks::hostname(self),
            "port" => quirks::port(self),
            "pathname" => quirks::pathname(self),
            "search" => quirks::search(self),
            "hash" => quirks::hash(self),
            _ => return None,
        };
        Some(Cow::Borrowed(value))
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.as_str()).finish()
    }
}

/// Parses an absolute URL (no base).
impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

/// Parses an absolute URL (no base).
impl TryFrom<&str> for Url {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

/// The serialization.
impl From<Url> for String {
    fn from(url: Url) -> String {
        url.into_string()
    }
}

/// [URL equivalence](https://url.spec.whatwg.org/#concept-url-equals): equal serializations.
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Url {}

/// Ordered by serialization.
impl Ord for Url {
    fn cmp(&self, other: &Url) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// Ordered by serialization.
impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Hashes the serialization.
impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// The serialization.
impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// A URL serializes as its serialization (a string).
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A URL deserializes from a string that parses as an absolute URL.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        let text = <Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Url::parse(&text).map_err(serde::de::Error::custom)
    }
}
