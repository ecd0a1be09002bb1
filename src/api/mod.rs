//! [`Url`] and its trait impls. Parsing, the accessors, the setters, the typed host, the
//! origin, slicing, the query's pairs, path segments and file paths are in the submodules; the
//! WHATWG getters and setters whose names clash with the `url` crate's are in
//! [`crate::quirks`].

// rustdoc lists `Url`'s impl blocks in the order of these declarations, which rustfmt sorts by
// name: `constructors` (parsing) comes first.
mod constructors;
#[cfg(all(unix, feature = "std"))]
mod file_path;
pub mod form_urlencoded;
mod getters;
mod host;
mod options;
mod origin;
mod path_segments;
mod position;
mod query_pairs;
pub mod quirks;
mod relative;
#[cfg(all(test, feature = "std"))]
mod rewrite_tests;
mod search;
mod setters;

pub use host::Host;
pub use options::{ParseOptions, SyntaxViolation};
pub use origin::{OpaqueOrigin, Origin};
pub use path_segments::PathSegmentsMut;
pub use position::Position;
pub use query_pairs::UrlQuery;
pub use search::SearchParamsMut;
#[cfg(feature = "vm")]
pub(crate) use setters::SetterPlan;

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::error::ParseError;
use crate::record::Record;

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
        let text = <alloc::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Url::parse(&text).map_err(serde::de::Error::custom)
    }
}
