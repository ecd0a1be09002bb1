//! The `URL` class's setters (https://url.spec.whatwg.org/#urlutils-members).

use crate::builder::{self, Setter};
use crate::error::{ParseError, SetterError};
use crate::generated::Generated;
use crate::grammar::Productions;
use crate::input::Input;
use crate::percent;
use crate::record::Parts;
use crate::tables::{CodePointSet, Set, Tables, BUILTIN};

use super::Url;

impl Url {
    /// Runs the setter named `name` (one of [`Url::COMPONENTS`] but "origin"), as `url[name] =
    /// value` does in JavaScript; None when there is no such setter. An href that fails to parse
    /// is reported as [`SetterError::Invalid`].
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("http://a/", None)?;
    /// assert_eq!(url.set_component("port", "8080"), Some(Ok(())));
    /// assert_eq!(url.set_component("origin", "x"), None);
    /// assert_eq!(url.href(), "http://a:8080/");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn set_component(&mut self, name: &str, value: &str) -> Option<Result<(), SetterError>> {
        Some(match self.plan_setter(name, value, &BUILTIN)? {
            SetterPlan::Done(result) => result,
            SetterPlan::Href(value) => self.set_href(&value).map_err(SetterError::from),
            SetterPlan::Parse(setter, value) => {
                let input = Input::for_setter(&value);
                self.apply_setter(&Generated, setter, &input)
            }
        })
    }

    /// What the setter named `name` does with `value`: done already (no parsing needed), an href
    /// to parse, or a value to run through a setter's entry rule. None for an unknown name.
    /// `tables` are the sets of the grammar that runs the setter (the username and password
    /// setters encode with its userinfo percent-encode set).
    pub(crate) fn plan_setter(
        &mut self,
        name: &str,
        value: &str,
        tables: &Tables,
    ) -> Option<SetterPlan> {
        let userinfo = tables.set(Set::Userinfo);
        let no_prefix = |prefix: char| value.strip_prefix(prefix).unwrap_or(value).to_owned();
        Some(match name {
            "href" => SetterPlan::Href(value.to_owned()),
            "protocol" => SetterPlan::Parse(Setter::Protocol, format!("{value}:")),
            "username" => SetterPlan::Done(
                self.set_credential(value, userinfo, |parts, e| parts.username = e.into()),
            ),
            "password" => SetterPlan::Done(
                self.set_credential(value, userinfo, |parts, e| parts.password = e.into()),
            ),
            "host" => SetterPlan::Parse(Setter::Host, value.to_owned()),
            "hostname" => SetterPlan::Parse(Setter::Hostname, value.to_owned()),
            "port" if value.is_empty() => SetterPlan::Done(self.set_port(value)),
            "port" => SetterPlan::Parse(Setter::Port, value.to_owned()),
            "pathname" => SetterPlan::Parse(Setter::Pathname, value.to_owned()),
            "search" if value.is_empty() => SetterPlan::Done(self.set_search(value)),
            "search" => SetterPlan::Parse(Setter::Search, no_prefix('?')),
            "hash" if value.is_empty() => SetterPlan::Done(self.set_hash(value)),
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
        let (record, result) = builder::set(source, &self.record, setter, input, None);
        if let Some(record) = record {
            self.record = record;
        }
        result
    }

    /// The [href setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` (no base);
    /// on failure the URL is unchanged and the error returned.
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value, None)?;
        Ok(())
    }

    /// The [protocol setter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme of
    /// `value` (up to a ":"), when the scheme state allows the change.
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        self.run_setter(Setter::Protocol, &format!("{value}:"))
    }

    /// The [username setter](https://url.spec.whatwg.org/#dom-url-username).
    pub fn set_username(&mut self, value: &str) -> Result<(), SetterError> {
        let userinfo = BUILTIN.set(Set::Userinfo);
        self.set_credential(value, userinfo, |parts, encoded| {
            parts.username = encoded.into()
        })
    }

    /// The [password setter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
        let userinfo = BUILTIN.set(Set::Userinfo);
        self.set_credential(value, userinfo, |parts, encoded| {
            parts.password = encoded.into()
        })
    }

    /// The [host setter](https://url.spec.whatwg.org/#dom-url-host): host and optional port.
    pub fn set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.run_setter(Setter::Host, value)
    }

    /// The [hostname setter](https://url.spec.whatwg.org/#dom-url-hostname): host only.
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.run_setter(Setter::Hostname, value)
    }

    /// The [port setter](https://url.spec.whatwg.org/#dom-url-port); "" removes the port.
    pub fn set_port(&mut self, value: &str) -> Result<(), SetterError> {
        // "If this's URL cannot have a username/password/port, then return." "If the given value
        // is the empty string, then set this's URL's port to null."
        if value.is_empty() {
            return self.change_parts(|parts| {
                if parts.cannot_have_credentials_or_port() {
                    return Err(SetterError::CannotHaveCredentialsOrPort);
                }
                parts.port = None;
                Ok(())
            });
        }
        self.run_setter(Setter::Port, value)
    }

    /// The [pathname setter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        self.run_setter(Setter::Pathname, value)
    }

    /// The [search setter](https://url.spec.whatwg.org/#dom-url-search); "" removes the query.
    pub fn set_search(&mut self, value: &str) -> Result<(), SetterError> {
        // "If the given value is the empty string, then set url's query to null".
        if value.is_empty() {
            return self.change_parts(|parts| {
                parts.query = None;
                Ok(())
            });
        }
        // "Let input be the given value with a single leading U+003F (?) removed, if any."
        self.run_setter(Setter::Search, value.strip_prefix('?').unwrap_or(value))
    }

    /// The [hash setter](https://url.spec.whatwg.org/#dom-url-hash); "" removes the fragment.
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        // "If the given value is the empty string, then set this's URL's fragment to null".
        if value.is_empty() {
            return self.change_parts(|parts| {
                parts.fragment = None;
                Ok(())
            });
        }
        self.run_setter(Setter::Hash, value.strip_prefix('#').unwrap_or(value))
    }

    fn run_setter(&mut self, setter: Setter, value: &str) -> Result<(), SetterError> {
        let input = Input::for_setter(value);
        self.apply_setter(&Generated, setter, &input)
    }

    /// "If this's URL cannot have a username/password/port, then return." Then "set the
    /// username/password given this's URL and the given value": UTF-8 percent-encoded with the
    /// userinfo percent-encode set (`userinfo`).
    fn set_credential(
        &mut self,
        value: &str,
        userinfo: &CodePointSet,
        set: impl FnOnce(&mut Parts, String),
    ) -> Result<(), SetterError> {
        self.change_parts(|parts| {
            if parts.cannot_have_credentials_or_port() {
                return Err(SetterError::CannotHaveCredentialsOrPort);
            }
            let mut encoded = String::with_capacity(value.len());
            percent::encode_into(&mut encoded, value, userinfo);
            set(parts, encoded);
            Ok(())
        })
    }

    /// Changes the record's components with `change` and serializes them again; when `change`
    /// fails, the URL stays as it was.
    pub(crate) fn change_parts(
        &mut self,
        change: impl FnOnce(&mut Parts<'_>) -> Result<(), SetterError>,
    ) -> Result<(), SetterError> {
        let mut parts = self.record.parts();
        change(&mut parts)?;
        self.record = parts.assemble();
        Ok(())
    }
}

/// What a setter needs done (see [`Url::plan_setter`]).
pub(crate) enum SetterPlan {
    Done(Result<(), SetterError>),
    Href(String),
    Parse(Setter, String),
}
