//! [`Host`]: a URL's [host](https://url.spec.whatwg.org/#concept-host), typed.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::error::ParseError;
use crate::record::HostKind;

use super::Url;

/// A URL's [host](https://url.spec.whatwg.org/#concept-host): a domain, an IPv4 or IPv6
/// address, an opaque host or the empty host. `S` is `&str` for a host borrowed from its URL
/// ([`Url::host`]) and `String` for one of its own ([`Host::to_owned`]).
///
/// The `url` crate's `Host` has three variants; pegurl keeps the spec's five. A `url` program's
/// `Host::Domain(d)` arm matches the domains of special URLs; the hosts of other URLs, which
/// `url` also calls `Domain`, are [`Host::Opaque`] here (the spec's
/// [opaque host](https://url.spec.whatwg.org/#opaque-host): not lowercased, not IDNA-processed),
/// and the empty host of `file:///` or `foo:///` is [`Host::Empty`]. The enum is
/// `#[non_exhaustive]`, so a `match` needs a `_` arm.
///
/// ```
/// use pegurl::{Host, Url};
/// let url = Url::parse("https://[::1]:8080/")?;
/// assert_eq!(url.host(), Some(Host::Ipv6("::1".parse().unwrap())));
/// assert_eq!(Url::parse("foo://Ex%41mple/")?.host(), Some(Host::Opaque("Ex%41mple")));
/// assert_eq!(Url::parse("file:///etc")?.host(), Some(Host::Empty));
/// assert_eq!(Url::parse("mailto:a@b")?.host(), None);
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Host<S = String> {
    /// A [domain](https://url.spec.whatwg.org/#concept-domain): ASCII, lowercase, IDNA-processed
    /// (only special URLs have one).
    Domain(S),
    /// An [IPv4 address](https://url.spec.whatwg.org/#concept-ipv4) (only special URLs have one).
    Ipv4(Ipv4Addr),
    /// An [IPv6 address](https://url.spec.whatwg.org/#concept-ipv6).
    Ipv6(Ipv6Addr),
    /// An [opaque host](https://url.spec.whatwg.org/#opaque-host) of a URL that is not special.
    Opaque(S),
    /// The [empty host](https://url.spec.whatwg.org/#empty-host).
    Empty,
}

impl Host<String> {
    /// The [host parser](https://url.spec.whatwg.org/#concept-host-parser) for a special URL:
    /// an IPv6 address in brackets, an IPv4 address, or a domain (IDNA-processed); the error
    /// the parser returns failure with otherwise. A delimiter ("/", ":", "?", "#", "@", "\\")
    /// is an error, as no host contains one.
    ///
    /// ```
    /// use pegurl::Host;
    /// assert_eq!(Host::parse("EXAMPLE.org"), Ok(Host::Domain("example.org".to_owned())));
    /// assert_eq!(Host::parse("0x7f.1"), Ok(Host::Ipv4([127, 0, 0, 1].into())));
    /// assert!(Host::parse("[::1").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Host<String>, ParseError> {
        Host::parse_with("http://h/", input)
    }

    /// The host parser for a URL that is not special: an IPv6 address in brackets, or an
    /// [opaque host](https://url.spec.whatwg.org/#concept-opaque-host-parser) (percent-encoded,
    /// not lowercased).
    ///
    /// ```
    /// use pegurl::Host;
    /// assert!(Host::parse_opaque("ex ample").is_err());
    /// assert_eq!(Host::parse_opaque("Exämple"), Ok(Host::Opaque("Ex%C3%A4mple".to_owned())));
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Host<String>, ParseError> {
        Host::parse_with("foo://h/", input)
    }

    /// Sets `input` as the host of `url` (a URL with a host) and returns what it became.
    fn parse_with(url: &str, input: &str) -> Result<Host<String>, ParseError> {
        let mut url = Url::parse(url)?;
        url.set_host(Some(input))?;
        match url.host() {
            Some(host) => Ok(host.to_owned()),
            None => Ok(Host::Empty),
        }
    }
}

impl Host<&str> {
    /// The same host, owning its text.
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(d) => Host::Domain(d.to_owned()),
            Host::Ipv4(a) => Host::Ipv4(a),
            Host::Ipv6(a) => Host::Ipv6(a),
            Host::Opaque(o) => Host::Opaque(o.to_owned()),
            Host::Empty => Host::Empty,
        }
    }
}

/// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer): an IPv6
/// address in brackets, the rest as they are.
impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(text) | Host::Opaque(text) => f.write_str(text.as_ref()),
            Host::Ipv4(address) => address.fmt(f),
            Host::Ipv6(address) => write!(f, "[{}]", compressed(address)),
            Host::Empty => Ok(()),
        }
    }
}

/// The [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer), the builder's:
/// the standard library writes the same text except for IPv4-mapped addresses
/// (`::ffff:1.2.3.4`), which the spec writes in hexadecimal.
fn compressed(address: &Ipv6Addr) -> String {
    let mut out = String::with_capacity(39);
    crate::builder::serialize_ipv6(address, &mut out);
    out
}

impl Url {
    /// The URL's host, typed; None when the host is null (`mailto:a@b`, `/.//p` paths).
    pub fn host(&self) -> Option<Host<&str>> {
        let r = &self.record;
        let text = r.host_str()?;
        let kind = r.host_kind()?;
        // The record keeps an address as the serializer wrote it; the writer checks in debug
        // builds that every one reads back.
        Some(match (kind, crate::record::read_address(kind, text)) {
            (_, Some(core::net::IpAddr::V4(address))) => Host::Ipv4(address),
            (_, Some(core::net::IpAddr::V6(address))) => Host::Ipv6(address),
            (HostKind::Domain, None) => Host::Domain(text),
            (HostKind::Empty, None) => Host::Empty,
            (_, None) => Host::Opaque(text),
        })
    }

    /// The serialized host (an IPv6 address in brackets); None when the host is null. The
    /// empty host is `Some("")`.
    pub fn host_str(&self) -> Option<&str> {
        self.record.host_str()
    }

    /// The host when it is a [domain](https://url.spec.whatwg.org/#concept-domain). An opaque
    /// host (of a URL that is not special) is not a domain in the spec's terms, so it gives None
    /// here, where the `url` crate gives it.
    pub fn domain(&self) -> Option<&str> {
        match self.host()? {
            Host::Domain(domain) => Some(domain),
            _ => None,
        }
    }

    /// Whether the host is not null.
    pub fn has_host(&self) -> bool {
        self.record.host_kind().is_some()
    }
}
