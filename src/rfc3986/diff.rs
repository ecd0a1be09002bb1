//! One input read by RFC 3986 and by the URL Standard, and where the two readings disagree in
//! ways that matter for security: the parser-differential behind request smuggling and SSRF
//! filter bypasses (a proxy that reads RFC 3986 checks one host, a browser or a WHATWG library
//! behind it connects to another).

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;
use core::net::Ipv6Addr;

use super::normalize::{default_port, normalize, percent_case};
use super::resolve::{merge, remove_dot_segments_counting, resolve};
use super::whatwg::{self, Whatwg, WhatwgHost};
use super::{parse, Host, Reference};

/// The two standards compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Standard {
    /// RFC 3986, resolved (section 5.2) against the base when there is one.
    Rfc3986,
    /// The WHATWG URL Standard.
    Whatwg,
}

impl Standard {
    /// Its name in output: "rfc3986" or "whatwg".
    pub fn name(self) -> &'static str {
        match self {
            Standard::Rfc3986 => "rfc3986",
            Standard::Whatwg => "whatwg",
        }
    }
}

/// One standard's reading of an input: the URL it names and its components, as that standard
/// writes them (None when a component is undefined or, for the URL Standard, null).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The URL, recomposed (RFC 3986 section 5.3) or serialized (the URL Standard's href).
    pub href: String,
    /// The scheme.
    pub scheme: Option<String>,
    /// The user information ("user:password"), when there is any.
    pub userinfo: Option<String>,
    /// The host, IP literals in brackets.
    pub host: Option<String>,
    /// The port, when written (RFC 3986) or not the scheme's default (URL Standard).
    pub port: Option<String>,
    /// The path.
    pub path: String,
    /// The query.
    pub query: Option<String>,
    /// The fragment.
    pub fragment: Option<String>,
}

/// A disagreement that matters for security. Components are compared as a server would use
/// them: schemes and hosts without case, percent-encodings decoded, IPv6 addresses as numbers,
/// ports with the scheme's default filled in, paths after RFC 3986 normalization (section 6.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Disagreement {
    /// One standard reads the input as a URL, the other rejects it.
    Acceptance {
        /// The standard that reads it.
        accepted_by: Standard,
        /// Why the other rejects it.
        reason: String,
    },
    /// The schemes differ.
    Scheme {
        /// RFC 3986's (lowercase).
        rfc3986: Option<String>,
        /// The URL Standard's.
        whatwg: Option<String>,
    },
    /// The hosts differ (or one reading has none): the two would connect to different places.
    Host {
        /// RFC 3986's, normalized.
        rfc3986: Option<String>,
        /// The URL Standard's.
        whatwg: Option<String>,
    },
    /// The ports differ, the scheme's default port filled in where none is written.
    Port {
        /// RFC 3986's.
        rfc3986: Option<String>,
        /// The URL Standard's.
        whatwg: Option<String>,
    },
    /// The user name or password differ (or only one reading has credentials).
    Credentials {
        /// RFC 3986's user information.
        rfc3986: Option<String>,
        /// The URL Standard's "username:password".
        whatwg: Option<String>,
    },
    /// The paths differ after normalization.
    Path {
        /// RFC 3986's, normalized (section 6).
        rfc3986: String,
        /// The URL Standard's.
        whatwg: String,
    },
    /// A ".." segment (written as such or percent-encoded, as the URL Standard and RFC 3986
    /// normalization read "%2e%2e") has no segment left to remove: the path tries to climb
    /// above its root, which both standards stop at "/" and a file system or an upstream server
    /// may not.
    PathLeavesRoot {
        /// The path as the reference writes it.
        path: String,
        /// The path once normalized.
        normalized: String,
    },
}

impl Disagreement {
    /// A short name of the kind: "acceptance", "scheme", "host", "port", "credentials", "path"
    /// or "path-leaves-root".
    pub fn kind(&self) -> &'static str {
        match self {
            Disagreement::Acceptance { .. } => "acceptance",
            Disagreement::Scheme { .. } => "scheme",
            Disagreement::Host { .. } => "host",
            Disagreement::Port { .. } => "port",
            Disagreement::Credentials { .. } => "credentials",
            Disagreement::Path { .. } => "path",
            Disagreement::PathLeavesRoot { .. } => "path-leaves-root",
        }
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| v.as_ref().map_or("none".to_owned(), |s| format!("{s:?}"));
        match self {
            Disagreement::Acceptance {
                accepted_by,
                reason,
            } => {
                let other = match accepted_by {
                    Standard::Rfc3986 => "the URL Standard",
                    Standard::Whatwg => "RFC 3986",
                };
                write!(
                    f,
                    "only {} accepts it; {other}: {reason}",
                    accepted_by.name()
                )
            }
            Disagreement::Scheme { rfc3986, whatwg }
            | Disagreement::Host { rfc3986, whatwg }
            | Disagreement::Port { rfc3986, whatwg }
            | Disagreement::Credentials { rfc3986, whatwg } => write!(
                f,
                "{}: rfc3986 {}, whatwg {}",
                self.kind(),
                show(rfc3986),
                show(whatwg)
            ),
            Disagreement::Path { rfc3986, whatwg } => {
                write!(f, "path: rfc3986 {rfc3986:?}, whatwg {whatwg:?}")
            }
            Disagreement::PathLeavesRoot { path, normalized } => write!(
                f,
                "path leaves its root: {path:?} climbs above \"/\" (normalized {normalized:?})"
            ),
        }
    }
}

/// Both readings of an input and their disagreements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// RFC 3986's reading (the reference resolved against the base), or why there is none.
    pub rfc3986: Result<Reading, String>,
    /// RFC 3986's reading normalized (section 6.2), recomposed.
    pub rfc3986_normalized: Option<String>,
    /// The URL Standard's reading, or why it fails.
    pub whatwg: Result<Reading, String>,
    /// Whether the URL Standard met no validation error (the input is then a valid URL string).
    pub whatwg_valid: bool,
    /// The disagreements, in the order of the variants of [`Disagreement`].
    pub disagreements: Vec<Disagreement>,
}

/// Reads `input` (against `base`, when given) by RFC 3986 and by the URL Standard, and lists the
/// disagreements that matter for security.
///
/// ```
/// use pegurl::rfc3986::{compare, Disagreement};
///
/// // RFC 3986 reads a reg-name; the URL Standard reads an IPv4 address in hexadecimal.
/// let c = compare("http://0x7f.1/", None);
/// assert_eq!(c.disagreements, [Disagreement::Host {
///     rfc3986: Some("0x7f.1".into()),
///     whatwg: Some("127.0.0.1".into()),
/// }]);
/// // The same URL for both.
/// assert!(compare("https://example.org/a?b#c", None).disagreements.is_empty());
/// ```
pub fn compare(input: &str, base: Option<&str>) -> Comparison {
    let rfc = rfc3986_reading(input, base);
    let whatwg = whatwg::parse(input, base);
    let mut disagreements = Vec::new();
    match (&rfc, &whatwg) {
        (Ok(rfc), Ok(whatwg)) => agree(rfc, whatwg, &mut disagreements),
        (Ok(_), Err(reason)) => disagreements.push(Disagreement::Acceptance {
            accepted_by: Standard::Rfc3986,
            reason: reason.clone(),
        }),
        (Err(reason), Ok(_)) => disagreements.push(Disagreement::Acceptance {
            accepted_by: Standard::Whatwg,
            reason: reason.clone(),
        }),
        (Err(_), Err(_)) => {}
    }
    if let Ok(rfc) = &rfc {
        if rfc.leaves_root {
            disagreements.push(Disagreement::PathLeavesRoot {
                path: rfc.written_path.clone(),
                normalized: rfc.normalized.path().to_owned(),
            });
        }
    }
    Comparison {
        rfc3986_normalized: rfc.as_ref().ok().map(|r| r.normalized.to_string()),
        rfc3986: rfc
            .as_ref()
            .map(|r| rfc3986_public(&r.resolved))
            .map_err(Clone::clone),
        whatwg_valid: whatwg.as_ref().is_ok_and(|w| w.valid),
        whatwg: whatwg.as_ref().map(whatwg_public).map_err(Clone::clone),
        disagreements,
    }
}

/// RFC 3986's reading, with what the comparison needs.
struct Rfc<'a> {
    resolved: Reference<'a>,
    normalized: Reference<'a>,
    /// The reference's own path.
    written_path: String,
    /// Whether normalizing the path met a ".." with nothing to remove.
    leaves_root: bool,
}

/// The reference resolved against the base (a base is read as a URI-reference with a scheme; its
/// fragment is not used, section 5.1).
fn rfc3986_reading<'a>(input: &'a str, base: Option<&'a str>) -> Result<Rfc<'a>, String> {
    let reference = parse(input).map_err(|e| e.to_string())?;
    let base = match base {
        Some(base) => Some(parse(base).map_err(|e| format!("the base: {e}"))?),
        None if reference.is_absolute() => None,
        None => return Err("a relative reference, and no base URI to resolve it".to_owned()),
    };
    let resolved = match &base {
        Some(base) => resolve(base, &reference).map_err(|e| e.to_string())?,
        None => resolve(&reference, &reference).map_err(|e| e.to_string())?,
    };
    // The path that normalization would walk: the reference's, merged with the base's when it
    // is relative (section 5.2.2), with percent-encoded dots decoded (section 6.2.2.2).
    let path = reference.path();
    let walked = match &base {
        Some(base) if !reference.is_absolute() && reference.host().is_none() => {
            if path.is_empty() {
                Cow::Borrowed(base.path())
            } else if path.starts_with('/') {
                Cow::Borrowed(path)
            } else {
                Cow::Owned(merge(&base.components(), path))
            }
        }
        _ => Cow::Borrowed(path),
    };
    let (_, leaves_root) = remove_dot_segments_counting(&percent_case(&walked, false));
    Ok(Rfc {
        normalized: normalize(&resolved),
        resolved,
        written_path: path.to_owned(),
        leaves_root,
    })
}

/// Compares two readings that both name a URL.
fn agree(rfc: &Rfc<'_>, whatwg: &Whatwg, out: &mut Vec<Disagreement>) {
    let n = &rfc.normalized.components();
    let rfc_scheme = n.scheme.as_deref().unwrap_or_default();
    if !rfc_scheme.eq_ignore_ascii_case(&whatwg.scheme) {
        out.push(Disagreement::Scheme {
            rfc3986: Some(rfc_scheme.to_owned()),
            whatwg: Some(whatwg.scheme.clone()),
        });
    }
    let authority = n.authority.as_ref();
    let rfc_host = authority.map(|a| host_key(&a.host));
    let whatwg_host = whatwg.host.as_ref().map(whatwg_host_key);
    if rfc_host != whatwg_host {
        out.push(Disagreement::Host {
            rfc3986: authority.map(|a| a.host.to_string()),
            whatwg: whatwg.host.as_ref().map(whatwg_host_text),
        });
    }
    // Ports: as written, else the scheme's default; compared as numbers without leading zeros.
    let rfc_port = authority
        .and_then(|a| a.port.as_deref())
        .filter(|p| !p.is_empty())
        .map(|p| p.trim_start_matches('0').to_owned())
        .map(|p| if p.is_empty() { "0".to_owned() } else { p })
        .or_else(|| default_port(rfc_scheme).map(|p| p.to_string()));
    let whatwg_port = whatwg
        .port
        .or_else(|| default_port(&whatwg.scheme))
        .map(|p| p.to_string());
    if authority.is_some() && whatwg.host.is_some() && rfc_port != whatwg_port {
        out.push(Disagreement::Port {
            rfc3986: rfc_port,
            whatwg: whatwg_port,
        });
    }
    let rfc_userinfo = authority.and_then(|a| a.userinfo.as_deref());
    let rfc_credentials = match rfc_userinfo.map(|u| u.split_once(':').unwrap_or((u, ""))) {
        Some((user, password)) => (decode(user), decode(password)),
        None => (Vec::new(), Vec::new()),
    };
    let (user, password) = &whatwg.credentials;
    if rfc_credentials != (decode(user), decode(password)) {
        out.push(Disagreement::Credentials {
            rfc3986: rfc_userinfo.map(str::to_owned),
            whatwg: whatwg_userinfo(whatwg),
        });
    }
    if decode(&n.path) != decode(&whatwg.path) {
        out.push(Disagreement::Path {
            rfc3986: n.path.to_string(),
            whatwg: whatwg.path.clone(),
        });
    }
}

/// A host as a server uses it.
#[derive(PartialEq, Eq)]
enum HostKey {
    Ipv6(Ipv6Addr),
    /// A name or an IPv4 address: percent-decoded, ASCII lowercase (through IDNA's ToASCII when
    /// the decoded name is not ASCII).
    Name(Vec<u8>),
}

/// RFC 3986's host as a server uses it.
fn host_key(host: &Host<'_>) -> HostKey {
    match host {
        Host::Ipv6(text) => match text.parse() {
            Ok(address) => HostKey::Ipv6(address),
            Err(_) => HostKey::Name(text.to_ascii_lowercase().into_bytes()),
        },
        other => name_key(other.text()),
    }
}

/// A name, decoded and lowercased.
fn name_key(text: &str) -> HostKey {
    let decoded = decode(text);
    match core::str::from_utf8(&decoded) {
        Ok(name) if !name.is_ascii() => match idna::domain_to_ascii(name) {
            Ok(ascii) => HostKey::Name(ascii.into_bytes()),
            Err(_) => HostKey::Name(name.to_lowercase().into_bytes()),
        },
        _ => HostKey::Name(decoded.to_ascii_lowercase()),
    }
}

/// The URL Standard's host as a server uses it.
fn whatwg_host_key(host: &WhatwgHost) -> HostKey {
    match host {
        WhatwgHost::Ipv6(address) => HostKey::Ipv6(*address),
        WhatwgHost::Ipv4(address) => HostKey::Name(address.to_string().into_bytes()),
        WhatwgHost::Name(name) => name_key(name),
    }
}

/// The URL Standard's host as it serializes it.
fn whatwg_host_text(host: &WhatwgHost) -> String {
    match host {
        WhatwgHost::Ipv6(address) => format!("[{address}]"),
        WhatwgHost::Ipv4(address) => address.to_string(),
        WhatwgHost::Name(name) => name.clone(),
    }
}

/// "username:password", "username", or None when both are empty.
fn whatwg_userinfo(whatwg: &Whatwg) -> Option<String> {
    match &whatwg.credentials {
        (user, password) if user.is_empty() && password.is_empty() => None,
        (user, password) if password.is_empty() => Some(user.clone()),
        (user, password) => Some(format!("{user}:{password}")),
    }
}

/// Percent-decoded bytes ("%" not followed by two hexadecimal digits stays as it is).
fn decode(text: &str) -> Vec<u8> {
    percent_encoding::percent_decode_str(text).collect()
}

/// RFC 3986's reading as data.
fn rfc3986_public(r: &Reference<'_>) -> Reading {
    let r = &r.components();
    let authority = r.authority.as_ref();
    Reading {
        href: r.to_string(),
        scheme: r.scheme.as_deref().map(str::to_owned),
        userinfo: authority.and_then(|a| a.userinfo.as_deref().map(str::to_owned)),
        host: authority.map(|a| a.host.to_string()),
        port: authority.and_then(|a| a.port.as_deref().map(str::to_owned)),
        path: r.path.to_string(),
        query: r.query.as_deref().map(str::to_owned),
        fragment: r.fragment.as_deref().map(str::to_owned),
    }
}

/// The URL Standard's reading as data.
fn whatwg_public(w: &Whatwg) -> Reading {
    Reading {
        href: w.href.clone(),
        scheme: Some(w.scheme.clone()),
        userinfo: whatwg_userinfo(w),
        host: w.host.as_ref().map(whatwg_host_text),
        port: w.port.map(|p| p.to_string()),
        path: w.path.clone(),
        query: w.query.clone(),
        fragment: w.fragment.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(input: &str, base: Option<&str>) -> Vec<&'static str> {
        compare(input, base)
            .disagreements
            .iter()
            .map(Disagreement::kind)
            .collect()
    }

    #[test]
    fn each_kind_of_disagreement_is_found() {
        // The URL Standard reads "\" as "/" in special URLs; RFC 3986 rejects it.
        assert_eq!(kinds("http://evil.com\\@good.com/", None), ["acceptance"]);
        // RFC 3986 takes "a" as the host and "b@c" as the rest fails... the userinfo ends at the
        // first "@", so "a@b@c" is not a URI; the URL Standard takes the last "@".
        assert_eq!(kinds("http://a@b@c/", None), ["acceptance"]);
        // A scheme given again in the reference: strict RFC 3986 keeps "http:g" (no host).
        assert_eq!(
            kinds("http:g", Some("http://a/b/c/d;p?q")),
            ["host", "path"]
        );
        // Three slashes: RFC 3986 has an empty host, the URL Standard the next segment.
        assert_eq!(kinds("http:///evil.com/x", None), ["host", "path"]);
        // An IPv4 address in hexadecimal.
        assert_eq!(kinds("http://0x7f.1/", None), ["host"]);
        // A port with leading zeros is the same port.
        assert!(kinds("http://h:0080/", None).is_empty());
        // An IPv6 address written two ways is one address.
        assert!(kinds("http://[0:0::1]/", None).is_empty());
        // Percent-encoded dot segments climb above the root.
        assert_eq!(
            kinds("http://h/a/%2e%2e/%2E%2e/etc/passwd", None),
            ["path-leaves-root"]
        );
        assert!(kinds("http://h/a/%2e%2e/b", None).is_empty());
        assert_eq!(kinds("../../x", Some("http://h/a/")), ["path-leaves-root"]);
        // A relative reference without a base: neither reads a URL.
        assert!(kinds("a/b", None).is_empty());
        // Credentials: the URL Standard percent-encodes what RFC 3986 does not allow, so they
        // are compared decoded.
        assert!(kinds("http://us%65r:pa%73s@h/", None).is_empty());
    }
}
