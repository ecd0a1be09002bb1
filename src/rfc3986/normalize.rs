//! Normalization, https://www.rfc-editor.org/rfc/rfc3986#section-6.2: the syntax-based steps of
//! section 6.2.2 (case, percent-encoding, dot segments) and the scheme-based ones of 6.2.3 for
//! the schemes whose defaults are known here (http, https, ws, wss, ftp, file).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::resolve::removed;
use super::{Authority, Components, Host, Reference};

/// The schemes of section 6.2.3 this module knows: name, default port. For each, an empty path
/// with an authority is "/", and the default port (or an empty one) is left out.
const SCHEMES: &[(&str, Option<&str>)] = &[
    ("http", Some("80")),
    ("https", Some("443")),
    ("ws", Some("80")),
    ("wss", Some("443")),
    ("ftp", Some("21")),
    ("file", None),
];

/// The normal form of a reference (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2 and
/// 6.2.3):
///
/// - case: the scheme and the host in lowercase, percent-encodings in uppercase (6.2.2.1);
/// - percent-encoding: an encoded unreserved character is decoded (6.2.2.2);
/// - dot segments: removed from the path of a URI (6.2.2.3), as resolution would remove them
///   (section 5.2.2); a relative reference keeps them, since they mean something against a base;
/// - scheme-based: an empty port, or the scheme's default port, is left out, and an empty path
///   after an authority becomes "/" (6.2.3), for http, https, ws, wss, ftp and file.
///
/// ```
/// use pegurl::rfc3986::{normalize, parse};
///
/// let n = |s| normalize(&parse(s).unwrap()).to_string();
/// assert_eq!(n("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), "example://a/b/c/%7Bfoo%7D");
/// assert_eq!(n("HTTP://www.Example.com:80"), "http://www.example.com/");
/// ```
pub fn normalize<'a>(reference: &Reference<'a>) -> Reference<'a> {
    normalized(&reference.components()).recompose()
}

/// [`normalize`] on components.
pub(super) fn normalized<'a>(reference: &Components<'a>) -> Components<'a> {
    let scheme = reference.scheme.as_ref().map(|s| percent_case(s, true));
    let known = scheme
        .as_deref()
        .and_then(|s| SCHEMES.iter().find(|(name, _)| *name == s));
    let authority = reference.authority.as_ref().map(|a| Authority {
        userinfo: a.userinfo.as_ref().map(|u| percent_case(u, false)),
        host: match &a.host {
            Host::Ipv4(t) => Host::Ipv4(t.clone()),
            Host::Ipv6(t) => Host::Ipv6(percent_case(t, true)),
            Host::IpvFuture(t) => Host::IpvFuture(percent_case(t, true)),
            Host::RegName(t) => Host::RegName(percent_case(t, true)),
        },
        // "URI producers and normalizers should omit the port component and its ":" delimiter
        // if port is empty or if its value would be the same as that of the scheme's default."
        // (section 3.2.3)
        port: a.port.clone().filter(|port| {
            let default = known.and_then(|(_, default)| *default);
            !port.is_empty() && Some(port.trim_start_matches('0')) != default
        }),
    });
    let mut path = percent_case(&reference.path, false);
    if scheme.is_some() {
        path = removed(&path);
    }
    if authority.is_some() && path.is_empty() && known.is_some() {
        path = Cow::Borrowed("/");
    }
    Components {
        scheme,
        authority,
        path,
        query: reference.query.as_ref().map(|q| percent_case(q, false)),
        fragment: reference.fragment.as_ref().map(|f| percent_case(f, false)),
    }
}

/// A component with its percent-encodings normalized (encoded unreserved characters decoded, the
/// rest in uppercase hexadecimal) and, with `lower`, its other ASCII letters in lowercase.
/// Borrowed when nothing changes.
pub(super) fn percent_case<'a>(text: &Cow<'a, str>, lower: bool) -> Cow<'a, str> {
    let bytes = text.as_bytes();
    let changes = |b: &u8| *b == b'%' || (lower && b.is_ascii_uppercase());
    if !bytes.iter().any(changes) {
        return text.clone();
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let encoded = match (b, bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) => hex(h).zip(hex(l)).map(|(hv, lv)| ((hv << 4) | lv, h, l)),
            _ => None,
        };
        match encoded {
            Some((octet, _, _)) if is_unreserved(octet) => {
                out.push(if lower {
                    octet.to_ascii_lowercase()
                } else {
                    octet
                });
                i += 3;
            }
            Some((_, h, l)) => {
                out.extend([b'%', h.to_ascii_uppercase(), l.to_ascii_uppercase()]);
                i += 3;
            }
            None => {
                out.push(if lower { b.to_ascii_lowercase() } else { b });
                i += 1;
            }
        }
    }
    // Only ASCII bytes were replaced by ASCII bytes: still UTF-8.
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

/// The value of a hexadecimal digit.
fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
/// (https://www.rfc-editor.org/rfc/rfc3986#section-2.3).
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// The default port of a scheme this module knows (section 6.2.3), as a number.
pub(super) fn default_port(scheme: &str) -> Option<u16> {
    SCHEMES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
        .and_then(|(_, port)| port.and_then(|p| p.parse().ok()))
}
