//! [`Reference`]: a URI-reference as one text and where each component is in it, the way
//! parsers made for speed keep one (fluent-uri, `http::Uri`, and pegurl's own `Url`). Parsing
//! borrows the input and records the spans of the grammar's nodes: nothing is copied, and
//! nothing but the borrowed text is kept. [`Components`] is the same reference as five separate
//! strings, to build
//! one from or to take apart; [`Components::recompose`] is the one writer of a reference's text
//! (section 5.3).

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::Range;

use super::{Authority, Components, Host};

/// A component's place in a reference's text: a byte range, or [`At::NONE`] for a component that
/// is not defined. One 64-bit word (start, and end << 32), written and read whole: the parser's
/// places are copied into a reference right after they are written, and a copy that reads
/// across two narrower recent stores waits for both to be written back.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct At(u64);

impl At {
    /// An undefined component.
    pub(super) const NONE: At = At(u64::MAX);

    /// The component at `span`. Texts are parsed only up to [`crate::MAX_INPUT_LEN`]; in a
    /// longer one built from components, a place past `u32::MAX - 1` is clamped there (such a
    /// component then reads shortened or empty), never a panic, and never [`At::NONE`].
    #[inline(always)]
    pub(super) fn of(span: Range<usize>) -> At {
        const FARTHEST: u32 = u32::MAX - 1;
        let place =
            |at: usize| u64::from(u32::try_from(at).map_or(FARTHEST, |at| at.min(FARTHEST)));
        At(place(span.start) | place(span.end) << 32)
    }

    /// The component's byte range, if defined.
    #[inline(always)]
    pub(super) fn span(self) -> Option<Range<usize>> {
        self.is_some()
            .then_some(self.0 as u32 as usize..(self.0 >> 32) as usize)
    }

    /// An empty component at a parser's offset (at most [`crate::MAX_INPUT_LEN`], so never
    /// [`At::NONE`]), to be ended with [`At::ending_at`].
    #[inline(always)]
    pub(super) fn starting_at(start: u32) -> At {
        At(u64::from(start) | u64::from(start) << 32)
    }

    /// The component started here, ending at `end`.
    #[inline(always)]
    pub(super) fn ending_at(self, end: u32) -> At {
        At((self.0 & u64::from(u32::MAX)) | u64::from(end) << 32)
    }

    /// Whether the component is defined.
    #[inline(always)]
    pub(super) fn is_some(self) -> bool {
        self != At::NONE
    }
}

/// The production a host's node stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum HostKind {
    Ipv6,
    IpvFuture,
    Ipv4,
    RegName,
}

impl HostKind {
    /// The host of this kind with `text`.
    fn with(self, text: &str) -> Host<'_> {
        let text = Cow::Borrowed(text);
        match self {
            HostKind::Ipv6 => Host::Ipv6(text),
            HostKind::IpvFuture => Host::IpvFuture(text),
            HostKind::Ipv4 => Host::Ipv4(text),
            HostKind::RegName => Host::RegName(text),
        }
    }

    /// The kind of `host`.
    fn of(host: &Host<'_>) -> HostKind {
        match host {
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::IpvFuture(_) => HostKind::IpvFuture,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::RegName(_) => HostKind::RegName,
        }
    }
}

/// Where each component of a reference is in its text. The authority is defined when
/// `host_kind` is: its user information and port only then.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Layout {
    pub(super) scheme: At,
    pub(super) userinfo: At,
    /// Without the brackets of an IP-literal.
    pub(super) host: At,
    pub(super) host_kind: Option<HostKind>,
    pub(super) port: At,
    pub(super) path: At,
    pub(super) query: At,
    pub(super) fragment: At,
}

impl Default for Layout {
    /// An empty relative reference: an empty path, nothing else.
    fn default() -> Layout {
        Layout {
            scheme: At::NONE,
            userinfo: At::NONE,
            host: At::NONE,
            host_kind: None,
            port: At::NONE,
            path: At(0),
            query: At::NONE,
            fragment: At::NONE,
        }
    }
}

/// A URI-reference (https://www.rfc-editor.org/rfc/rfc3986#section-4.1): its text and its five
/// components (section 3), each optional one `None` when undefined and `Some("")` when present
/// but empty ("http://h?" has an empty query, "http://h" none).
///
/// [`parse`](fn@super::parse) borrows the input as the text, so a parsed reference's text is the
/// input; [`resolve`](fn@super::resolve), [`normalize`](fn@super::normalize) and
/// [`Components::recompose`] write a new one (section 5.3).
///
/// ```
/// use pegurl::rfc3986::{self, Host};
///
/// let r = rfc3986::parse("foo://user@[::1]:8042/over/there?name=ferret").unwrap();
/// assert_eq!(r.scheme(), Some("foo"));
/// assert_eq!(r.userinfo(), Some("user"));
/// assert_eq!(r.host(), Some(Host::Ipv6("::1".into())));
/// assert_eq!((r.port(), r.path(), r.query(), r.fragment()), (Some("8042"), "/over/there", Some("name=ferret"), None));
/// assert_eq!(r.as_str(), "foo://user@[::1]:8042/over/there?name=ferret");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Reference<'a> {
    text: Cow<'a, str>,
    layout: Layout,
}

impl Default for Reference<'_> {
    /// The empty relative reference "".
    fn default() -> Self {
        Reference {
            text: Cow::Borrowed(""),
            layout: Layout::default(),
        }
    }
}

impl<'a> Reference<'a> {
    /// The reference whose text is `text` and whose components are at `layout` (the parser
    /// found them there).
    #[inline(always)]
    pub(super) fn borrowed(text: &'a str, layout: Layout) -> Reference<'a> {
        Reference {
            text: Cow::Borrowed(text),
            layout,
        }
    }

    /// The reference with its text owned, free of the input's lifetime.
    pub fn into_owned(self) -> Reference<'static> {
        Reference {
            text: Cow::Owned(self.text.into_owned()),
            layout: self.layout,
        }
    }
}

impl Reference<'_> {
    /// The text at `at`, if defined (a place the parser or the writer recorded, so within the
    /// text; an empty text otherwise, never a panic).
    #[inline(always)]
    fn text_at(&self, at: At) -> Option<&str> {
        at.span()
            .map(|span| self.text.get(span).unwrap_or_default())
    }

    /// The whole reference, as parsed or as written by section 5.3.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `scheme`, as written (its case is kept; [`normalize`](fn@super::normalize) lowers it). None
    /// for a relative reference.
    pub fn scheme(&self) -> Option<&str> {
        self.text_at(self.layout.scheme)
    }

    /// `authority`, after "//".
    pub fn authority(&self) -> Option<Authority<'_>> {
        Some(Authority {
            userinfo: self.userinfo().map(Cow::Borrowed),
            host: self.host()?,
            port: self.port().map(Cow::Borrowed),
        })
    }

    /// `userinfo`, before "@" in the authority.
    pub fn userinfo(&self) -> Option<&str> {
        self.text_at(self.layout.userinfo)
    }

    /// `host`, when there is an authority (an IP-literal's without brackets).
    pub fn host(&self) -> Option<Host<'_>> {
        let kind = self.layout.host_kind?;
        Some(kind.with(self.text_at(self.layout.host).unwrap_or_default()))
    }

    /// `port`, after ":" in the authority (digits, perhaps none: "http://h:/" has an empty
    /// port).
    pub fn port(&self) -> Option<&str> {
        self.text_at(self.layout.port)
    }

    /// The path, always defined, perhaps empty.
    pub fn path(&self) -> &str {
        self.text_at(self.layout.path).unwrap_or_default()
    }

    /// `query`, after "?".
    pub fn query(&self) -> Option<&str> {
        self.text_at(self.layout.query)
    }

    /// `fragment`, after "#".
    pub fn fragment(&self) -> Option<&str> {
        self.text_at(self.layout.fragment)
    }

    /// Whether the reference is a URI (it has a scheme), not a relative reference.
    pub fn is_absolute(&self) -> bool {
        self.layout.scheme.is_some()
    }

    /// The five components, borrowed.
    pub fn components(&self) -> Components<'_> {
        Components {
            scheme: self.scheme().map(Cow::Borrowed),
            authority: self.authority(),
            path: Cow::Borrowed(self.path()),
            query: self.query().map(Cow::Borrowed),
            fragment: self.fragment().map(Cow::Borrowed),
        }
    }
}

impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.components();
        f.debug_struct("Reference")
            .field("text", &self.as_str())
            .field("scheme", &c.scheme)
            .field("authority", &c.authority)
            .field("path", &c.path)
            .field("query", &c.query)
            .field("fragment", &c.fragment)
            .finish()
    }
}

impl Components<'_> {
    /// https://www.rfc-editor.org/rfc/rfc3986#section-5.3, "Component Recomposition": the
    /// reference these components make. One step is added: a path that starts with "//" without
    /// an authority (which resolution and normalization can make, as from "foo:/.//x") is
    /// written after "/." so that it is not read back as an authority, the way fluent-uri and
    /// the URL Standard do it.
    pub fn recompose(&self) -> Reference<'static> {
        let mut text = String::new();
        let mut layout = Layout::default();
        let put = |text: &mut String, part: &str| {
            let start = text.len();
            text.push_str(part);
            At::of(start..text.len())
        };
        // if defined(scheme) then append scheme to result; append ":" to result;
        if let Some(scheme) = &self.scheme {
            layout.scheme = put(&mut text, scheme);
            text.push(':');
        }
        // if defined(authority) then append "//" to result; append authority to result;
        if let Some(authority) = &self.authority {
            text.push_str("//");
            if let Some(userinfo) = &authority.userinfo {
                layout.userinfo = put(&mut text, userinfo);
                text.push('@');
            }
            let literal = authority.host.is_ip_literal();
            if literal {
                text.push('[');
            }
            layout.host = put(&mut text, authority.host.text());
            layout.host_kind = Some(HostKind::of(&authority.host));
            if literal {
                text.push(']');
            }
            if let Some(port) = &authority.port {
                text.push(':');
                layout.port = put(&mut text, port);
            }
        } else if self.path.starts_with("//") {
            text.push_str("/.");
        }
        // append path to result;
        layout.path = put(&mut text, &self.path);
        // if defined(query) then append "?" to result; append query to result;
        if let Some(query) = &self.query {
            text.push('?');
            layout.query = put(&mut text, query);
        }
        // if defined(fragment) then append "#" to result; append fragment to result;
        if let Some(fragment) = &self.fragment {
            text.push('#');
            layout.fragment = put(&mut text, fragment);
        }
        Reference {
            text: Cow::Owned(text),
            layout,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986::{parse, Options};

    /// A parsed reference and the one its components recompose to are equal (same text, same
    /// places), for every WPT input RFC 3986 or RFC 3987 reads, and their accessors agree.
    #[test]
    fn a_parsed_reference_is_the_recomposition_of_its_components() {
        let mut read = 0;
        for input in crate::workbench::wpt::urltestdata_inputs() {
            let input = input.as_str();
            for options in [Options::new(), Options::new().iri(true)] {
                let Ok(r) = options.parse(input) else {
                    continue;
                };
                read += 1;
                let again = r.components().recompose();
                assert_eq!(again, r, "{input:?}");
                assert_eq!(again.as_str(), input);
                assert_eq!(
                    (again.scheme(), again.userinfo(), again.host(), again.port()),
                    (r.scheme(), r.userinfo(), r.host(), r.port()),
                    "{input:?}"
                );
                assert_eq!(
                    (again.path(), again.query(), again.fragment()),
                    (r.path(), r.query(), r.fragment()),
                    "{input:?}"
                );
            }
        }
        assert!(read > 500, "{read}");
    }

    /// Recomposition writes an IP-literal in brackets, and a path that starts with "//" without
    /// an authority after "/.", its places still the components'.
    #[test]
    fn recomposition_records_where_it_wrote_each_component() {
        let c = Components {
            scheme: Some("foo".into()),
            authority: None,
            path: "//x".into(),
            query: Some(String::new().into()),
            fragment: None,
        };
        let r = c.recompose();
        assert_eq!(r.as_str(), "foo:/.//x?");
        assert_eq!((r.path(), r.query(), r.host()), ("//x", Some(""), None));
        assert_eq!(parse(r.as_str()).unwrap().path(), "/.//x");
        let c = Components {
            scheme: None,
            authority: Some(Authority {
                userinfo: Some("u".into()),
                host: Host::Ipv6("::1".into()),
                port: Some(String::new().into()),
            }),
            path: "".into(),
            query: None,
            fragment: Some("f".into()),
        };
        let r = c.recompose();
        assert_eq!(r.as_str(), "//u@[::1]:#f");
        assert_eq!(r, parse("//u@[::1]:#f").unwrap());
        assert_eq!(r.authority(), c.authority);
        assert_eq!(Reference::default(), parse("").unwrap());
    }
}
