//! The one place where `pegurl::rfc3986` calls pegurl's URL Standard parser: the WHATWG reading
//! of an input, as the comparison needs it. (pegurl's URL API is being reworked; only this file
//! follows it.)

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::{Host, ParseError, ParseErrorKind, Url};

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
    let base = match base.map(Url::parse).transpose() {
        Ok(base) => base,
        Err(e) => {
            let kind = ParseErrorKind::InvalidBase(Box::new(e));
            return Err(ParseError { kind, span: 0..0 }.to_string());
        }
    };
    let mut errors = Vec::new();
    let url = Url::options()
        .base_url(base.as_ref())
        .validation_errors(&mut errors)
        .parse(input)
        .map_err(|e| e.to_string())?;
    let host = match url.host() {
        None => None,
        Some(Host::Ipv4(address)) => Some(WhatwgHost::Ipv4(address)),
        Some(Host::Ipv6(address)) => Some(WhatwgHost::Ipv6(address)),
        Some(_) => Some(WhatwgHost::Name(url.hostname().to_owned())),
    };
    Ok(Whatwg {
        href: url.href().to_owned(),
        scheme: url.scheme().to_owned(),
        credentials: (
            url.username().to_owned(),
            url.password().unwrap_or_default().to_owned(),
        ),
        host,
        port: url.port(),
        path: url.pathname().to_owned(),
        query: url.query().map(str::to_owned),
        fragment: url.fragment().map(str::to_owned),
        valid: errors.is_empty(),
    })
}
