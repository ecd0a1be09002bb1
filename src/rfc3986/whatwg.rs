//! The one place where `pegurl::rfc3986` calls pegurl's URL Standard parser: the WHATWG reading
//! of an input, as the comparison needs it. (pegurl's URL API is being reworked; only this file
//! follows it.)

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::HostKind;

/// What the URL Standard makes of an input.
pub(super) struct Whatwg {
    /// The href (the URL serializer's output).
    pub(super) href: String,
    /// The scheme, without ":".
    pub(super) scheme: String,
    /// The username and password, percent-encoded as the URL keeps them (empty when none).
    pub(super) credentials: (String, String),
    /// The host, when the URL has one.
    pub(super) host: Option<WhatwgHost>,
    /// The port; None when there is none or it is the scheme's default.
    pub(super) port: Option<u16>,
    /// The path as the pathname getter serializes it.
    pub(super) path: String,
    /// The query, without "?".
    pub(super) query: Option<String>,
    /// The fragment, without "#".
    pub(super) fragment: Option<String>,
    /// Whether parsing met no validation error.
    pub(super) valid: bool,
}

/// A host of the URL Standard.
pub(super) enum WhatwgHost {
    /// A domain, an opaque host or the empty host, serialized.
    Name(String),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
}

/// Parses `input` against `base` by the URL Standard; the failure's message otherwise.
pub(super) fn parse(input: &str, base: Option<&str>) -> Result<Whatwg, String> {
    let parsed = crate::parse_with_errors(input, base);
    let url = parsed.url.map_err(|e| e.to_string())?;
    let host = match url.host_kind() {
        None => None,
        Some(HostKind::Ipv4(address)) => Some(WhatwgHost::Ipv4(address)),
        Some(HostKind::Ipv6(address)) => Some(WhatwgHost::Ipv6(address)),
        Some(_) => Some(WhatwgHost::Name(url.hostname().to_owned())),
    };
    Ok(Whatwg {
        href: url.href().to_owned(),
        scheme: url.scheme().to_owned(),
        credentials: (url.username().to_owned(), url.password().to_owned()),
        host,
        port: url.port_number(),
        path: url.pathname().to_owned(),
        query: url.query().map(str::to_owned),
        fragment: url.fragment().map(str::to_owned),
        valid: parsed.errors.is_empty(),
    })
}
