//! The getters and setters of the WHATWG `URL` class (https://url.spec.whatwg.org/#url-class)
//! whose names clash with the `url` crate's methods on [`Url`] (`host`, `port`, `password`,
//! `origin`, and the setters that take strings), as functions over a URL, the way the `url`
//! crate's own `quirks` module has them; the rest are here too, so that code written against
//! the JavaScript API reads the same. `href`, `protocol`, `hostname`, `pathname`, `search` and
//! `hash`, which clash with nothing, are also methods of [`Url`].
//!
//! ```
//! use pegurl::{quirks, Url};
//! let mut url = Url::parse("https://example.org/")?;
//! quirks::set_host(&mut url, "example.com:8080").unwrap();
//! assert_eq!(quirks::host(&url), "example.com:8080");
//! assert_eq!(quirks::port(&url), "8080");
//! assert!(quirks::set_port(&mut url, "nope").is_err());
//! assert_eq!(quirks::origin(&url), "https://example.com:8080");
//! # Ok::<(), pegurl::ParseError>(())
//! ```
//!
//! Every setter returns why it left the URL unchanged ([`SetterError`]), where the spec's
//! setters return silently (and the `url` crate's return `Err(())` or nothing).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;

use crate::builder::Setter;
use crate::error::{ParseError, ParseErrorKind, SetterError};

use crate::tables::{Set, BUILTIN};

use super::setters::Credential;
use super::Url;

/// The [`URL` constructor](https://url.spec.whatwg.org/#dom-url-url), `new URL(input, base)`:
/// a base that fails to parse is an error ([`ParseErrorKind::InvalidBase`]).
///
/// ```
/// let url = pegurl::quirks::new_url("../d", Some("http://example.com/a/b/c"))?;
/// assert_eq!(url.href(), "http://example.com/a/d");
/// let e = pegurl::quirks::new_url("x", Some("not a url")).unwrap_err();
/// assert!(matches!(e.kind, pegurl::ParseErrorKind::InvalidBase(_)));
/// # Ok::<(), pegurl::ParseError>(())
/// ```
pub fn new_url(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
    let base = match base.map(Url::parse).transpose() {
        Ok(base) => base,
        Err(e) => {
            let kind = ParseErrorKind::InvalidBase(Box::new(e));
            return Err(ParseError { kind, span: 0..0 });
        }
    };
    Url::options().base_url(base.as_ref()).parse(input)
}

/// The [href getter](https://url.spec.whatwg.org/#dom-url-href): the serialization.
pub fn href(url: &Url) -> &str {
    url.as_str()
}

/// The [href setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` (no base); on
/// failure the URL is unchanged and the error returned.
pub fn set_href(url: &mut Url, value: &str) -> Result<(), ParseError> {
    *url = Url::parse(value)?;
    Ok(())
}

/// The [origin getter](https://url.spec.whatwg.org/#dom-url-origin): the
/// [ASCII serialization](crate::Origin::ascii_serialization) of the URL's origin ("null" for an
/// opaque one).
pub fn origin(url: &Url) -> String {
    url.origin_serialization()
}

/// The [protocol getter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and ":".
pub fn protocol(url: &Url) -> &str {
    url.protocol()
}

/// The [protocol setter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme of `value`
/// (up to a ":"), when the scheme state allows the change.
pub fn set_protocol(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.run_setter(Setter::Protocol, &format!("{value}:"))
}

/// The [username getter](https://url.spec.whatwg.org/#dom-url-username).
pub fn username(url: &Url) -> &str {
    url.username()
}

/// The [username setter](https://url.spec.whatwg.org/#dom-url-username).
pub fn set_username(url: &mut Url, value: &str) -> Result<(), SetterError> {
    let userinfo = BUILTIN.set(Set::Userinfo);
    url.set_credential(value, userinfo, Credential::Username)
}

/// The [password getter](https://url.spec.whatwg.org/#dom-url-password): "" when there is none.
pub fn password(url: &Url) -> &str {
    url.password().unwrap_or("")
}

/// The [password setter](https://url.spec.whatwg.org/#dom-url-password).
pub fn set_password(url: &mut Url, value: &str) -> Result<(), SetterError> {
    let userinfo = BUILTIN.set(Set::Userinfo);
    url.set_credential(value, userinfo, Credential::Password)
}

/// The [host getter](https://url.spec.whatwg.org/#dom-url-host): host and, if any, ":" and port.
pub fn host(url: &Url) -> &str {
    url.record.host_and_port().unwrap_or("")
}

/// The [host setter](https://url.spec.whatwg.org/#dom-url-host): host and optional port.
pub fn set_host(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.run_setter(Setter::Host, value)
}

/// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname).
pub fn hostname(url: &Url) -> &str {
    url.hostname()
}

/// The [hostname setter](https://url.spec.whatwg.org/#dom-url-hostname): host only.
pub fn set_hostname(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.run_setter(Setter::Hostname, value)
}

/// The [port getter](https://url.spec.whatwg.org/#dom-url-port): "" or the port's digits.
pub fn port(url: &Url) -> &str {
    url.record.port_str()
}

/// The [port setter](https://url.spec.whatwg.org/#dom-url-port); "" removes the port.
pub fn set_port(url: &mut Url, value: &str) -> Result<(), SetterError> {
    // "If this's URL cannot have a username/password/port, then return." "If the given value
    // is the empty string, then set this's URL's port to null."
    if value.is_empty() {
        return url.set_port_number(None);
    }
    url.run_setter(Setter::Port, value)
}

/// The [pathname getter](https://url.spec.whatwg.org/#dom-url-pathname).
pub fn pathname(url: &Url) -> &str {
    url.pathname()
}

/// The [pathname setter](https://url.spec.whatwg.org/#dom-url-pathname).
pub fn set_pathname(url: &mut Url, value: &str) -> Result<(), SetterError> {
    url.run_setter(Setter::Pathname, value)
}

/// The [search getter](https://url.spec.whatwg.org/#dom-url-search): "" or "?" and the query.
pub fn search(url: &Url) -> &str {
    url.search()
}

/// The [search setter](https://url.spec.whatwg.org/#dom-url-search); "" removes the query.
pub fn set_search(url: &mut Url, value: &str) -> Result<(), SetterError> {
    if value.is_empty() {
        return url.clear_query();
    }
    // "Let input be the given value with a single leading U+003F (?) removed, if any."
    url.run_setter(Setter::Search, value.strip_prefix('?').unwrap_or(value))
}

/// The [hash getter](https://url.spec.whatwg.org/#dom-url-hash): "" or "#" and the fragment.
pub fn hash(url: &Url) -> &str {
    url.hash()
}

/// The [hash setter](https://url.spec.whatwg.org/#dom-url-hash); "" removes the fragment.
pub fn set_hash(url: &mut Url, value: &str) -> Result<(), SetterError> {
    if value.is_empty() {
        return url.clear_fragment();
    }
    url.run_setter(Setter::Hash, value.strip_prefix('#').unwrap_or(value))
}
