//! RFC 3986, [Uniform Resource Identifier (URI): Generic Syntax](https://www.rfc-editor.org/rfc/rfc3986),
//! beside the URL Standard: the grammar of its Appendix A (`grammar/rfc3986.pest`, compiled by
//! build.rs like the URL grammar), and the algorithms of its sections 5 and 6.
//!
//! - [`parse`](fn@parse) reads a URI-reference: its text and where its components are
//!   ([`Reference`]; [`Components`] holds them apart), or says where the input stops being one
//!   ([`SyntaxError`]); [`Options::iri`] reads RFC 3987 IRIs instead.
//! - [`resolve`](fn@resolve) is section 5.2 (strict), with [`remove_dot_segments`] (section 5.2.4).
//! - [`normalize`](fn@normalize) is section 6.2.2 (case, percent-encoding, dot segments) and
//!   6.2.3 (scheme-based).
//! - [`compare`] reads one input by RFC 3986 and by the URL Standard and lists the disagreements
//!   that matter for security ([`Disagreement`]).
//!
//! ```
//! use pegurl::rfc3986::{self, Host};
//!
//! let r = rfc3986::parse("foo://user@example.com:8042/over/there?name=ferret#nose").unwrap();
//! assert_eq!(r.scheme(), Some("foo"));
//! let authority = r.authority().unwrap();
//! assert_eq!(authority.userinfo.as_deref(), Some("user"));
//! assert_eq!(authority.host, Host::RegName("example.com".into()));
//! assert_eq!(authority.port.as_deref(), Some("8042"));
//! assert_eq!((r.path(), r.query()), ("/over/there", Some("name=ferret")));
//!
//! let base = rfc3986::parse("http://a/b/c/d;p?q").unwrap();
//! let target = rfc3986::resolve(&base, &rfc3986::parse("../g").unwrap()).unwrap();
//! assert_eq!(target.to_string(), "http://a/b/g");
//! ```

use alloc::borrow::Cow;
use core::fmt;

mod diff;
mod normalize;
mod parse;
mod places;
mod reference;
mod resolve;
mod whatwg;

pub use diff::{compare, Comparison, Disagreement, Reading, Standard};
pub use normalize::normalize;
pub use parse::{parse, Options, SyntaxError};
pub use reference::Reference;
pub use resolve::{remove_dot_segments, resolve, ResolveError};

/// A URI-reference's five components (https://www.rfc-editor.org/rfc/rfc3986#section-3), each a
/// string of its own: each optional one is `None` when undefined and `Some("")` when present but
/// empty. [`Reference::components`] takes a reference apart into them; [`Components::recompose`]
/// makes a reference of them (section 5.3).
///
/// ```
/// use pegurl::rfc3986::{self, Components};
///
/// let mut c = rfc3986::parse("http://example.com/a?q").unwrap().components().into_owned();
/// c.query = None;
/// c.fragment = Some("top".into());
/// assert_eq!(c.recompose().as_str(), "http://example.com/a#top");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components<'a> {
    /// `scheme`, as written (its case is kept; [`normalize`](fn@normalize) lowers it). None for a
    /// relative reference.
    pub scheme: Option<Cow<'a, str>>,
    /// `authority`, after "//".
    pub authority: Option<Authority<'a>>,
    /// The path, always defined, perhaps empty.
    pub path: Cow<'a, str>,
    /// `query`, after "?".
    pub query: Option<Cow<'a, str>>,
    /// `fragment`, after "#".
    pub fragment: Option<Cow<'a, str>>,
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
/// (https://www.rfc-editor.org/rfc/rfc3986#section-3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Authority<'a> {
    /// `userinfo`, before "@".
    pub userinfo: Option<Cow<'a, str>>,
    /// `host`: always there, perhaps an empty reg-name.
    pub host: Host<'a>,
    /// `port`, after ":" (digits, perhaps none: "http://h:/" has an empty port).
    pub port: Option<Cow<'a, str>>,
}

/// The kinds of `host` (https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2), each holding its
/// text as written, without the brackets of an IP-literal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Host<'a> {
    /// An IP-literal holding an `IPv6address`: `::1` from `[::1]`.
    Ipv6(Cow<'a, str>),
    /// An IP-literal holding an `IPvFuture`: "v1.x" from "[v1.x]".
    IpvFuture(Cow<'a, str>),
    /// An `IPv4address` (dotted decimal, four octets, no leading zeros).
    Ipv4(Cow<'a, str>),
    /// A `reg-name` (an `ireg-name` when reading IRIs), perhaps empty.
    RegName(Cow<'a, str>),
}

impl Host<'_> {
    /// The host's text without brackets.
    pub fn text(&self) -> &str {
        match self {
            Host::Ipv6(t) | Host::IpvFuture(t) | Host::Ipv4(t) | Host::RegName(t) => t,
        }
    }

    /// Whether the host is an IP-literal (written in brackets).
    pub fn is_ip_literal(&self) -> bool {
        matches!(self, Host::Ipv6(_) | Host::IpvFuture(_))
    }

    /// The production's name in RFC 3986.
    pub fn production(&self) -> &'static str {
        match self {
            Host::Ipv6(_) => "IPv6address",
            Host::IpvFuture(_) => "IPvFuture",
            Host::Ipv4(_) => "IPv4address",
            Host::RegName(_) => "reg-name",
        }
    }
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_ip_literal() {
            write!(f, "[{}]", self.text())
        } else {
            f.write_str(self.text())
        }
    }
}

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(userinfo) = &self.userinfo {
            write!(f, "{userinfo}@")?;
        }
        write!(f, "{}", self.host)?;
        if let Some(port) = &self.port {
            write!(f, ":{port}")?;
        }
        Ok(())
    }
}

impl Components<'_> {
    /// Whether the reference is a URI (it has a scheme), not a relative reference.
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }

    /// The reference with every component owned, free of the input's lifetime.
    pub fn into_owned(self) -> Components<'static> {
        let own = |c: Cow<'_, str>| Cow::Owned(c.into_owned());
        Components {
            scheme: self.scheme.map(own),
            authority: self.authority.map(|a| Authority {
                userinfo: a.userinfo.map(own),
                host: match a.host {
                    Host::Ipv6(t) => Host::Ipv6(own(t)),
                    Host::IpvFuture(t) => Host::IpvFuture(own(t)),
                    Host::Ipv4(t) => Host::Ipv4(own(t)),
                    Host::RegName(t) => Host::RegName(own(t)),
                },
                port: a.port.map(own),
            }),
            path: own(self.path),
            query: self.query.map(own),
            fragment: self.fragment.map(own),
        }
    }
}

/// The reference's text, as [`Components::recompose`] writes it.
impl fmt::Display for Components<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.recompose().as_str())
    }
}
