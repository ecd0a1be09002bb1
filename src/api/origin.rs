//! [`Origin`]: a URL's [origin](https://url.spec.whatwg.org/#concept-url-origin)
//! (https://html.spec.whatwg.org/multipage/browsers.html#origin).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use core::sync::atomic::{AtomicUsize, Ordering};

use crate::record::SchemeName;
use crate::tables::BUILTIN;

use super::host::Host;
use super::Url;

/// An [origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin): a tuple of
/// scheme, host and port, or an opaque origin, which is equal only to itself.
///
/// ```
/// use pegurl::{Origin, Url};
/// let a = Url::parse("https://example.org:443/a")?.origin();
/// assert_eq!(a, Url::parse("https://example.org/b")?.origin());
/// assert_eq!(a.ascii_serialization(), "https://example.org");
/// let data = Url::parse("data:,x")?;
/// assert!(!data.origin().is_tuple());
/// assert_ne!(data.origin(), data.origin(), "each opaque origin is new");
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An [opaque origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-opaque).
    Opaque(OpaqueOrigin),
    /// A [tuple origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-tuple):
    /// scheme, host, and the port or, when the URL has none, the scheme's default port (as the
    /// `url` crate keeps it).
    Tuple(String, Host<String>, u16),
}

/// An opaque origin's identity: every [`Origin::new_opaque`] is a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(usize);

impl Origin {
    /// A new opaque origin, equal to no other.
    pub fn new_opaque() -> Origin {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        Origin::Opaque(OpaqueOrigin(COUNTER.fetch_add(1, Ordering::Relaxed)))
    }

    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The [ASCII serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
    /// "null" for an opaque origin; otherwise scheme, "://", host and, unless it is the scheme's
    /// default, ":" and port.
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_owned(),
            Origin::Tuple(scheme, host, port) => serialize(scheme, &host.to_string(), *port),
        }
    }

    /// The ASCII serialization with the domain's labels in Unicode (IDNA's ToUnicode).
    ///
    /// ```
    /// let url = pegurl::Url::parse("https://xn--r8jz45g.xn--zckzah/")?;
    /// assert_eq!(url.origin().unicode_serialization(), "https://例え.テスト");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Tuple(scheme, Host::Domain(domain), port) => {
                let (unicode, _) = idna::domain_to_unicode(domain);
                serialize(scheme, &unicode, *port)
            }
            _ => self.ascii_serialization(),
        }
    }
}

fn serialize(scheme: &str, host: &str, port: u16) -> String {
    match BUILTIN.scheme_kind(scheme).default_port() {
        Some(default) if default == port => format!("{scheme}://{host}"),
        _ => format!("{scheme}://{host}:{port}"),
    }
}

impl Url {
    /// The serialization of the URL's origin as the `origin` getter gives it: for a tuple
    /// origin, scheme, "://", host and the URL's own port (null when it is the default port of
    /// the scheme in the scheme table the URL was parsed with); "null" for an opaque origin.
    pub(crate) fn origin_serialization(&self) -> String {
        match self.origin() {
            Origin::Opaque(_) => "null".to_owned(),
            Origin::Tuple(..) if self.scheme() == "blob" => match Url::parse(self.path()) {
                Ok(inner) => inner.origin_serialization(),
                Err(_) => "null".to_owned(),
            },
            Origin::Tuple(..) => {
                let host_and_port = self.record.host_and_port().unwrap_or_default();
                format!("{}://{host_and_port}", self.scheme())
            }
        }
    }

    /// The URL's [origin](https://url.spec.whatwg.org/#concept-url-origin): a tuple for http,
    /// https, ws, wss and ftp; for blob, the origin of the URL in its path when that is http,
    /// https or file; otherwise a new opaque origin (file URLs included, as the spec leaves them
    /// to the implementation and browsers make them opaque).
    pub fn origin(&self) -> Origin {
        let kind = self.record.scheme_kind();
        if kind.has_tuple_origin() {
            return match (self.host(), self.port_or_known_default()) {
                (Some(host), Some(port)) => {
                    Origin::Tuple(self.scheme().to_owned(), host.to_owned(), port)
                }
                _ => Origin::new_opaque(),
            };
        }
        if self.scheme() == "blob" {
            // "If pathURL's scheme is "http", "https", or "file", then return pathURL's origin."
            if let Ok(inner) = Url::parse(self.path()) {
                let inner_name = inner.record.scheme_kind().name();
                if matches!(
                    inner_name,
                    SchemeName::Http | SchemeName::Https | SchemeName::File
                ) {
                    return inner.origin();
                }
            }
        }
        Origin::new_opaque()
    }
}
