//! Setters: the `url` crate's (`set_scheme`, `set_host(Option<&str>)`, `set_port(Option<u16>)`,
//! ...), each run through the spec's setter of the `URL` class
//! (https://url.spec.whatwg.org/#urlutils-members) with the `url` crate's argument and result
//! types, and the setter machinery the WHATWG setters in [`crate::quirks`] share.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use core::net::IpAddr;

use crate::builder::{self, Setter};
use crate::error::{ErrorCode, ParseError, ParseErrorKind, SetterError};
use crate::generated::Generated;
use crate::grammar::Productions;
use crate::input::Input;
use crate::percent;
use crate::record::{Component, HostKind, Parts, Writer};
use crate::tables::{CodePointSet, Set, Tables, BUILTIN};

use super::{quirks, Url};

impl Url {
    /// Changes the scheme, as the [protocol setter](https://url.spec.whatwg.org/#dom-url-protocol)
    /// does; an error when `scheme` is not a scheme (it takes no ":"), or the spec does not allow
    /// the change (special to not special or back, to "file" with credentials or a port, from
    /// "file" with an empty host).
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("https://example.org/")?;
    /// assert!(url.set_scheme("http").is_ok());
    /// assert!(url.set_scheme("foo").is_err());
    /// assert_eq!(url.as_str(), "http://example.org/");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        // "A URL-scheme string must be one ASCII alpha, followed by zero or more of ASCII
        // alphanumeric, U+002B (+), U+002D (-), and U+002E (.)."
        let mut chars = scheme.chars();
        let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !valid {
            return Err(());
        }
        quirks::set_protocol(self, scheme).map_err(drop)?;
        // The protocol setter returns without a change where the spec says "return".
        match self.scheme().eq_ignore_ascii_case(scheme) {
            true => Ok(()),
            false => Err(()),
        }
    }

    /// Sets the [username](https://url.spec.whatwg.org/#dom-url-username), percent-encoded; an
    /// error when the URL [cannot have a username](https://url.spec.whatwg.org/#cannot-have-a-username-password-port)
    /// (no host, an empty host, or "file").
    #[allow(clippy::result_unit_err)]
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        quirks::set_username(self, username).map_err(drop)
    }

    /// Sets the [password](https://url.spec.whatwg.org/#dom-url-password) (None removes it),
    /// percent-encoded; an error when the URL cannot have one.
    #[allow(clippy::result_unit_err)]
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ()> {
        quirks::set_password(self, password.unwrap_or("")).map_err(drop)
    }

    /// Sets the host, as the [hostname setter](https://url.spec.whatwg.org/#dom-url-hostname)
    /// does, except that text after the host ("a:80", "a/b") is an error here rather than cut
    /// off. None removes the host of a URL that is not special (with its credentials and port;
    /// an empty path becomes "/", so that the href parses back to the same URL); a special URL
    /// (but "file") needs a host that is not empty.
    ///
    /// The error is the one a parse of the same host gives (its span in the value), or
    /// [`ParseErrorKind::EmptyHostWithCredentialsOrPort`] for the empty host where the URL
    /// includes credentials or has a port.
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("https://example.org/p")?;
    /// url.set_host(Some("EXAMPLE.com"))?;
    /// assert_eq!(url.as_str(), "https://example.com/p");
    /// assert!(url.set_host(None).is_err());
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        let whole = 0..host.map_or(0, str::len);
        let fail = |kind| ParseError {
            kind,
            span: whole.clone(),
        };
        if self.cannot_be_a_base() {
            return Err(fail(ParseErrorKind::Validation(ErrorCode::HostMissing)));
        }
        let special_not_file = self.is_special() && self.scheme() != "file";
        match host {
            None | Some("") if special_not_file => {
                Err(fail(ParseErrorKind::Validation(ErrorCode::HostMissing)))
            }
            None if self.scheme() != "file" => {
                let _ = self.change_parts(|parts| {
                    parts.host = None;
                    parts.username = "".into();
                    parts.password = "".into();
                    parts.port = None;
                    // Without a host an empty path would be written as nothing at all, and
                    // "foo:" parses to an opaque path: the path becomes "/", as the path
                    // start state makes it when the input has one.
                    if !parts.opaque_path && parts.path.is_empty() {
                        parts.path = "/".into();
                    }
                    Ok(())
                });
                Ok(())
            }
            None => self.set_host(Some("")),
            Some(host) => {
                let input = Input::for_setter(host);
                let setter = Setter::WholeHostname;
                let mut failed_as_a_parse = None;
                let slot = Some(&mut failed_as_a_parse);
                let result = builder::set(&Generated, &mut self.record, setter, &input, None, slot);
                match (result, failed_as_a_parse) {
                    (Ok(()), _) => Ok(()),
                    // Where the value failed as a parse of its host would.
                    (Err(_), Some(e)) => Err(e),
                    (Err(error), None) => Err(fail(match error {
                        SetterError::TooLong => ParseErrorKind::TooLong,
                        SetterError::Grammar(production) => ParseErrorKind::Grammar(production),
                        // The host state's "return failure" with no validation error: an
                        // empty host where the URL has credentials or a port (a port in the
                        // value fails the whole host first).
                        SetterError::Invalid(None) => {
                            ParseErrorKind::EmptyHostWithCredentialsOrPort
                        }
                        SetterError::Invalid(Some(code)) => ParseErrorKind::Validation(code),
                        // An opaque path is refused above; the host setters return neither of
                        // the others.
                        SetterError::OpaquePath
                        | SetterError::CannotHaveCredentialsOrPort
                        | SetterError::SchemeChange => {
                            ParseErrorKind::Validation(ErrorCode::HostMissing)
                        }
                    })),
                }
            }
        }
    }

    /// Sets the host to an IP address: what the hostname setter makes of its serialization (a
    /// URL that is not special keeps an IPv4 address as an opaque host, as the spec's parser
    /// does). An error when the URL has an opaque path.
    #[allow(clippy::result_unit_err)]
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        // A URL without a host gets one (and its "//") from the hostname setter.
        if self.record.host_kind().is_none() {
            let text = match address {
                IpAddr::V4(a) => a.to_string(),
                IpAddr::V6(a) => format!("[{a}]"),
            };
            return self.set_host(Some(&text)).map_err(drop);
        }
        // "If url is not special, then set url's host to the result of opaque-host parsing
        // input", which keeps an IPv4 address's dotted decimal as it is.
        let kind = match address {
            IpAddr::V4(_) if self.is_special() => HostKind::Ipv4,
            IpAddr::V4(_) => HostKind::Opaque,
            IpAddr::V6(_) => HostKind::Ipv6,
        };
        // The host serializer's output, written into the URL in place.
        let write = |out: &mut String| match address {
            IpAddr::V4(a) => builder::serialize_ipv4(a, out),
            IpAddr::V6(a) => {
                out.push('[');
                builder::serialize_ipv6(&a, out);
                out.push(']');
            }
        };
        // At most 41 bytes: "[", eight groups of four hex digits and seven ":", "]".
        let written = builder::put_host_and_port(&mut self.record, kind, write, 41, None);
        written.then_some(()).ok_or(())
    }

    /// Sets the [port](https://url.spec.whatwg.org/#concept-url-port); the scheme's default
    /// port, like None, removes it. An error when the URL cannot have a port.
    #[allow(clippy::result_unit_err)]
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        self.set_port_number(port).map_err(drop)
    }

    /// Sets the path, as the [pathname setter](https://url.spec.whatwg.org/#dom-url-pathname)
    /// does: segments percent-encoded, dot segments resolved, "?" and "#" encoded. A URL with
    /// an opaque path keeps it, as the spec's setter does (the `url` crate replaces it).
    pub fn set_path(&mut self, path: &str) {
        let _ = self.run_setter(Setter::Pathname, path);
    }

    /// Sets the query: None removes it; `Some("")` leaves an empty query ("?"). The value is
    /// percent-encoded as the query state does; a leading "?" is part of the query.
    ///
    /// A value longer than [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN), or one that would make the
    /// URL longer than 4 GiB, leaves the URL as it was (the `url` crate panics past 4 GiB).
    pub fn set_query(&mut self, query: Option<&str>) {
        match query {
            None => drop(self.clear_query()),
            Some(query) => {
                // The search setter removes the query when the value is the empty string.
                if self.run_setter(Setter::Search, query).is_ok() && self.query().is_none() {
                    let _ = self.set_serialized_query(Some(""));
                }
            }
        }
    }

    /// Sets the fragment: None removes it; `Some("")` leaves an empty fragment ("#"). The
    /// value is percent-encoded as the fragment state does; a leading "#" is part of it.
    ///
    /// A value longer than [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN), or one that would make the
    /// URL longer than 4 GiB, leaves the URL as it was (the `url` crate panics past 4 GiB).
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        match fragment {
            None => drop(self.clear_fragment()),
            Some(fragment) => {
                // The hash setter removes the fragment when the value is the empty string.
                if self.run_setter(Setter::Hash, fragment).is_ok() && self.fragment().is_none() {
                    let _ = self.empty_fragment();
                }
            }
        }
    }

    /// The names of the WHATWG `URL` setters, which [`Url::set_component`] takes: every getter
    /// of [`Url::COMPONENTS`] but "origin", in the same order.
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("http://a/")?;
    /// for name in pegurl::Url::SETTERS {
    ///     assert!(url.clone().set_component(name, "x").is_some(), "{name}");
    /// }
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub const SETTERS: [&'static str; 10] = [
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
        "search", "hash",
    ];

    /// Runs the WHATWG setter named `name` (one of [`Url::SETTERS`]), as
    /// `url[name] = value` does in JavaScript; None when there is no such setter. An href that
    /// fails to parse is reported as [`SetterError::Invalid`].
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("http://a/")?;
    /// assert_eq!(url.set_component("port", "8080"), Some(Ok(())));
    /// assert_eq!(url.set_component("origin", "x"), None);
    /// assert_eq!(url.as_str(), "http://a:8080/");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn set_component(&mut self, name: &str, value: &str) -> Option<Result<(), SetterError>> {
        Some(match self.plan_setter(name, value, &BUILTIN)? {
            SetterPlan::Done(result) => result,
            SetterPlan::Href(value) => quirks::set_href(self, &value).map_err(SetterError::from),
            SetterPlan::Parse(setter, value) => {
                let input = Input::for_setter(&value);
                self.apply_setter(&Generated, setter, &input)
            }
        })
    }

    /// What the setter named `name` does with `value`: done already (no parsing needed), an href
    /// to parse, or a value to run through a setter's entry rule. None for an unknown name.
    pub(crate) fn plan_setter(
        &mut self,
        name: &str,
        value: &str,
        tables: &Tables,
    ) -> Option<SetterPlan> {
        // The userinfo set of the grammar the setter runs with.
        let userinfo = tables.set(Set::Userinfo);
        let no_prefix = |prefix: char| value.strip_prefix(prefix).unwrap_or(value).to_owned();
        Some(match name {
            "href" => SetterPlan::Href(value.to_owned()),
            "protocol" => SetterPlan::Parse(Setter::Protocol, format!("{value}:")),
            "username" => {
                SetterPlan::Done(self.set_credential(value, userinfo, Credential::Username))
            }
            "password" => {
                SetterPlan::Done(self.set_credential(value, userinfo, Credential::Password))
            }
            "host" => SetterPlan::Parse(Setter::Host, value.to_owned()),
            "hostname" => SetterPlan::Parse(Setter::Hostname, value.to_owned()),
            "port" if value.is_empty() => SetterPlan::Done(quirks::set_port(self, value)),
            "port" => SetterPlan::Parse(Setter::Port, value.to_owned()),
            "pathname" => SetterPlan::Parse(Setter::Pathname, value.to_owned()),
            "search" if value.is_empty() => SetterPlan::Done(self.clear_query()),
            "search" => SetterPlan::Parse(Setter::Search, no_prefix('?')),
            "hash" if value.is_empty() => SetterPlan::Done(self.clear_fragment()),
            "hash" => SetterPlan::Parse(Setter::Hash, no_prefix('#')),
            _ => return None,
        })
    }

    /// Runs a setter's entry rule on a preprocessed value with any source of productions.
    pub(crate) fn apply_setter<S: Productions>(
        &mut self,
        source: &S,
        setter: Setter,
        input: &Input<'_>,
    ) -> Result<(), SetterError> {
        builder::set(source, &mut self.record, setter, input, None, None)
    }

    /// Runs a setter's entry rule on `value` with the built-in grammar.
    pub(crate) fn run_setter(&mut self, setter: Setter, value: &str) -> Result<(), SetterError> {
        let input = Input::for_setter(value);
        self.apply_setter(&Generated, setter, &input)
    }

    /// "If this's URL cannot have a username/password/port, then return." Then "set the
    /// username/password given this's URL and the given value": UTF-8 percent-encoded with the
    /// userinfo percent-encode set.
    pub(crate) fn set_credential(
        &mut self,
        value: &str,
        userinfo: &CodePointSet,
        credential: Credential,
    ) -> Result<(), SetterError> {
        if self.record.cannot_have_credentials_or_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let encoded = percent::encode(value, userinfo);
        let put = match credential {
            Credential::Username => Writer::put_username(&mut self.record, &encoded),
            Credential::Password => Writer::put_password(&mut self.record, &encoded),
        };
        written(put)
    }

    /// "If the given value is the empty string, then set url's query to null".
    pub(crate) fn clear_query(&mut self) -> Result<(), SetterError> {
        self.set_serialized_query(None)
    }

    /// Sets the query to `query` as it is (None removes it): text the query state leaves as it
    /// is (application/x-www-form-urlencoded output), which needs no parse.
    pub(crate) fn set_serialized_query(&mut self, query: Option<&str>) -> Result<(), SetterError> {
        written(Writer::put_query(&mut self.record, query))
    }

    /// "If the given value is the empty string, then set this's URL's fragment to null".
    pub(crate) fn clear_fragment(&mut self) -> Result<(), SetterError> {
        written(Writer::put_fragment(&mut self.record, None))
    }

    /// Sets the fragment to the empty string: "#" alone.
    pub(crate) fn empty_fragment(&mut self) -> Result<(), SetterError> {
        written(Writer::put_fragment(&mut self.record, Some("")))
    }

    /// Sets the path to `path`, already serialized ("/" and segments, percent-encoded) of a URL
    /// whose path is not opaque.
    pub(crate) fn set_serialized_path(&mut self, path: &str) -> Result<(), SetterError> {
        // With a host, the path is written in place; without one, the writer decides whether
        // the path needs the serializer's "/." before it.
        if self.record.host_kind().is_some() {
            return written(Writer::put_path(&mut self.record, path));
        }
        builder::rewrite(
            &mut self.record,
            Component::Path,
            path.len() + 2,
            |out, old| {
                out.serialized_path(path);
                out.end_path();
                out.copy_rest(old, Component::Query);
            },
        )
    }

    /// The port setter's steps with a port number (None for the empty value): "If this's URL
    /// cannot have a username/password/port, then return." Then the port, null when it is the
    /// scheme's default port.
    pub(crate) fn set_port_number(&mut self, port: Option<u16>) -> Result<(), SetterError> {
        if self.record.cannot_have_credentials_or_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let port = port.filter(|p| Some(*p) != self.record.scheme_kind().default_port());
        written(Writer::put_port(&mut self.record, port))
    }

    /// Changes the record's components with `change` and serializes them again; when `change`
    /// fails, the URL stays as it was.
    pub(crate) fn change_parts(
        &mut self,
        change: impl FnOnce(&mut Parts<'_>) -> Result<(), SetterError>,
    ) -> Result<(), SetterError> {
        let mut parts = self.record.parts();
        change(&mut parts)?;
        self.record = parts.assemble().ok_or(SetterError::TooLong)?;
        Ok(())
    }
}

/// What a setter needs done (see [`Url::plan_setter`]).
pub(crate) enum SetterPlan {
    Done(Result<(), SetterError>),
    Href(String),
    Parse(Setter, String),
}

/// Which of the credentials [`Url::set_credential`] sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Credential {
    Username,
    Password,
}

/// A change made in place, or [`SetterError::TooLong`] when the URL would have been too long
/// for a record (and was left as it was).
fn written(in_place: bool) -> Result<(), SetterError> {
    if in_place {
        Ok(())
    } else {
        Err(SetterError::TooLong)
    }
}
