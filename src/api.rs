//! [`Url`]: parsing entry points and the WHATWG getters (https://url.spec.whatwg.org/#url-class).

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use std::ops::{Deref, DerefMut};

use encoding_rs::{Encoding, UTF_8};

use crate::build::{self, Setter};
use crate::error::{ParseError, ParseErrorKind, SetterError, ValidationError};
use crate::form::UrlSearchParams;
use crate::grammar::{Compiled, Productions, Tree};
use crate::input::Input;
use crate::percent;
use crate::record::Parts;
use crate::record::{HostKind, Record};

/// A parsed URL: the spec's URL record, with the getters of the `URL` class.
///
/// ```
/// let url = pegurl::Url::parse("HTTPS://例え.テスト:443/a/./b/../c?q=1#top", None)?;
/// assert_eq!(url.href(), "https://xn--r8jz45g.xn--zckzah/a/c?q=1#top");
/// assert_eq!(url.hostname(), "xn--r8jz45g.xn--zckzah");
/// assert_eq!(url.port(), "");
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    record: Record,
}

impl Url {
    /// Parses `input` against an optional `base`, as `new URL(input, base)` does: a base that
    /// fails to parse is an error ([`ParseErrorKind::InvalidBase`]).
    pub fn parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        let base = match base {
            Some(base) => Some(Url::parse(base, None).map_err(|e| ParseError {
                span: 0..0,
                kind: ParseErrorKind::InvalidBase(Box::new(e)),
            })?),
            None => None,
        };
        Url::parse_with_base(input, base.as_ref())
    }

    /// Parses `input` against an already parsed base URL.
    pub fn parse_with_base(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        Url::parse_with_encoding(input, base, UTF_8)
    }

    /// Parses `input` against `base` with a document's `encoding`: the query of a special URL
    /// (not ws/wss) is percent-encoded after encoding it in that encoding, as HTML does for
    /// documents in legacy encodings.
    ///
    /// ```
    /// use pegurl::encoding_rs::WINDOWS_1252;
    /// let url = pegurl::Url::parse_with_encoding("http://h/é?é", None, WINDOWS_1252)?;
    /// assert_eq!(url.href(), "http://h/%C3%A9?%E9");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_with_encoding(
        input: &str,
        base: Option<&Url>,
        encoding: &'static Encoding,
    ) -> Result<Url, ParseError> {
        let input = Input::new(input);
        let record = build::parse(&Compiled, &input, base.map(|b| &b.record), None, encoding)?;
        Ok(Url { record })
    }

    /// Parses `input` against `base`, collecting every validation error (with its span in
    /// `input`) into `errors`, whether or not the parse fails.
    pub fn parse_collecting(
        input: &str,
        base: Option<&Url>,
        errors: &mut Vec<ValidationError>,
    ) -> Result<Url, ParseError> {
        Url::parse_with_callback(input, base, |e| errors.push(e))
    }

    /// Parses `input` against `base`, handing each validation error to `on_error` as the parser
    /// meets it (for streaming users; nothing is collected).
    ///
    /// ```
    /// let mut codes = Vec::new();
    /// let url = pegurl::Url::parse_with_callback("http://a/b c", None, |e| codes.push(e.code));
    /// assert_eq!(url?.pathname(), "/b%20c");
    /// assert_eq!(codes, [pegurl::ErrorCode::InvalidUrlUnit]);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_with_callback(
        input: &str,
        base: Option<&Url>,
        mut on_error: impl FnMut(ValidationError),
    ) -> Result<Url, ParseError> {
        let input = Input::new(input);
        let sink: &mut dyn FnMut(ValidationError) = &mut on_error;
        let base = base.map(|b| &b.record);
        let record = build::parse(&Compiled, &input, base, Some(sink), UTF_8)?;
        Ok(Url { record })
    }

    /// Parses a preprocessed input with any source of productions (the built-in grammar, or
    /// one loaded at run time).
    #[cfg(feature = "vm")]
    pub(crate) fn parse_with_source<'i, S: Productions<'i>>(
        source: &S,
        input: &'i Input<'_>,
        base: Option<&Url>,
    ) -> Result<Url, ParseError> {
        let record = build::parse(source, input, base.map(|b| &b.record), None, UTF_8)?;
        Ok(Url { record })
    }

    /// Parses `input` against `base` and returns, with the result, the tree of every production
    /// the grammar matched: the `url` rule's, then any rule the builder ran again because the
    /// base called for another reading (see `grammar/url.pest`).
    ///
    /// ```
    /// let (url, trees) = pegurl::Url::parse_traced("http://h/p?q", None);
    /// assert_eq!(url?.href(), "http://h/p?q");
    /// assert_eq!(trees[0].rule, "url");
    /// assert_eq!(trees[0].children[0].rule, "special_url");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn parse_traced(input: &str, base: Option<&Url>) -> (Result<Url, ParseError>, Vec<Tree>) {
        let input = Input::new(input);
        Url::parse_traced_with_source(&Compiled, &input, base)
    }

    pub(crate) fn parse_traced_with_source<'i, S: Productions<'i>>(
        source: &S,
        input: &'i Input<'_>,
        base: Option<&Url>,
    ) -> (Result<Url, ParseError>, Vec<Tree>) {
        let (record, trees) = build::parse_traced(source, input, base.map(|b| &b.record));
        (record.map(|record| Url { record }), trees)
    }

    /// Parses `input` with this URL as its base.
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_with_base(input, Some(self))
    }

    /// The [href getter](https://url.spec.whatwg.org/#dom-url-href): the serialized URL.
    pub fn href(&self) -> &str {
        &self.record.serialization
    }

    /// The [origin getter](https://url.spec.whatwg.org/#dom-url-origin), serialized.
    pub fn origin(&self) -> String {
        let r = &self.record;
        match r.scheme() {
            // "blob": "If pathURL's scheme is "http", "https", or "file", then return pathURL's
            // origin." Otherwise an opaque origin.
            "blob" => match Url::parse(r.path_str(), None) {
                Ok(inner) if matches!(inner.record.scheme(), "http" | "https" | "file") => {
                    inner.origin()
                }
                _ => "null".to_owned(),
            },
            // A tuple origin: scheme, host, port.
            "ftp" | "http" | "https" | "ws" | "wss" => {
                format!("{}://{}", r.scheme(), self.host())
            }
            // "file" and everything else: an opaque origin, serialized as "null".
            _ => "null".to_owned(),
        }
    }

    /// The [protocol getter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and ":".
    pub fn protocol(&self) -> &str {
        &self.record.serialization[..self.record.scheme_end + 1]
    }

    /// The [username getter](https://url.spec.whatwg.org/#dom-url-username).
    pub fn username(&self) -> &str {
        self.record.slice(&self.record.username)
    }

    /// The [password getter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn password(&self) -> &str {
        self.record.slice(&self.record.password)
    }

    /// The [host getter](https://url.spec.whatwg.org/#dom-url-host): host and, if any, ":" and
    /// port.
    pub fn host(&self) -> &str {
        let r = &self.record;
        match r.host_kind {
            None => "",
            Some(_) => &r.serialization[r.host.start..r.authority_end],
        }
    }

    /// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname).
    pub fn hostname(&self) -> &str {
        self.record.host_str().unwrap_or("")
    }

    /// The [port getter](https://url.spec.whatwg.org/#dom-url-port).
    pub fn port(&self) -> &str {
        let r = &self.record;
        match r.port {
            None => "",
            Some(_) => &r.serialization[r.host.end + 1..r.authority_end],
        }
    }

    /// The [pathname getter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn pathname(&self) -> &str {
        self.record.path_str()
    }

    /// The [search getter](https://url.spec.whatwg.org/#dom-url-search): "" or "?" and the query.
    pub fn search(&self) -> &str {
        match &self.record.query {
            Some(q) if !q.is_empty() => &self.record.serialization[q.start - 1..q.end],
            _ => "",
        }
    }

    /// The [hash getter](https://url.spec.whatwg.org/#dom-url-hash): "" or "#" and the fragment.
    pub fn hash(&self) -> &str {
        match &self.record.fragment {
            Some(f) if !f.is_empty() => &self.record.serialization[f.start - 1..f.end],
            _ => "",
        }
    }

    /// The names of the WHATWG `URL` getters, in the order the `URL` class lists them.
    pub const COMPONENTS: [&'static str; 11] = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ];

    /// The value of the getter named `name` (one of [`Url::COMPONENTS`]).
    ///
    /// ```
    /// let url = pegurl::Url::parse("http://example.org:8080/", None)?;
    /// assert_eq!(url.component("port").as_deref(), Some("8080"));
    /// assert_eq!(url.component("nope"), None);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn component(&self, name: &str) -> Option<Cow<'_, str>> {
        let value = match name {
            "href" => self.href(),
            "origin" => return Some(Cow::Owned(self.origin())),
            "protocol" => self.protocol(),
            "username" => self.username(),
            "password" => self.password(),
            "host" => self.host(),
            "hostname" => self.hostname(),
            "port" => self.port(),
            "pathname" => self.pathname(),
            "search" => self.search(),
            "hash" => self.hash(),
            _ => return None,
        };
        Some(Cow::Borrowed(value))
    }

    // ----- setters -----------------------------------------------------------------------

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
        Some(match self.plan_setter(name, value)? {
            SetterPlan::Done(result) => result,
            SetterPlan::Href(value) => self.set_href(&value).map_err(SetterError::from),
            SetterPlan::Parse(setter, value) => {
                let input = Input::for_setter(&value);
                self.apply_setter(&Compiled, setter, &input)
            }
        })
    }

    /// What the setter named `name` does with `value`: done already (no parsing needed), an href
    /// to parse, or a value to run through a setter's entry rule. None for an unknown name.
    pub(crate) fn plan_setter(&mut self, name: &str, value: &str) -> Option<SetterPlan> {
        let no_prefix = |prefix: char| value.strip_prefix(prefix).unwrap_or(value).to_owned();
        Some(match name {
            "href" => SetterPlan::Href(value.to_owned()),
            "protocol" => SetterPlan::Parse(Setter::Protocol, format!("{value}:")),
            "username" => SetterPlan::Done(self.set_username(value)),
            "password" => SetterPlan::Done(self.set_password(value)),
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
    pub(crate) fn apply_setter<'i, S: Productions<'i>>(
        &mut self,
        source: &S,
        setter: Setter,
        input: &'i Input<'_>,
    ) -> Result<(), SetterError> {
        let (record, result) = build::set(source, &self.record, setter, input, None);
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
        self.set_credential(value, |parts, encoded| parts.username = encoded)
    }

    /// The [password setter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_credential(value, |parts, encoded| parts.password = encoded)
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
            let mut parts = self.record.parts();
            if parts.cannot_have_credentials_or_port() {
                return Err(SetterError::CannotHaveCredentialsOrPort);
            }
            parts.port = None;
            self.record = parts.assemble();
            return Ok(());
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
            let mut parts = self.record.parts();
            parts.query = None;
            self.record = parts.assemble();
            return Ok(());
        }
        // "Let input be the given value with a single leading U+003F (?) removed, if any."
        self.run_setter(Setter::Search, value.strip_prefix('?').unwrap_or(value))
    }

    /// The [hash setter](https://url.spec.whatwg.org/#dom-url-hash); "" removes the fragment.
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        // "If the given value is the empty string, then set this's URL's fragment to null".
        if value.is_empty() {
            let mut parts = self.record.parts();
            parts.fragment = None;
            self.record = parts.assemble();
            return Ok(());
        }
        self.run_setter(Setter::Hash, value.strip_prefix('#').unwrap_or(value))
    }

    /// The query as [`UrlSearchParams`] (a copy; see [`Url::search_params_mut`]).
    pub fn search_params(&self) -> UrlSearchParams {
        UrlSearchParams::from_query(self.query().unwrap_or(""))
    }

    /// The query as [`UrlSearchParams`] that update this URL when dropped, as `url.searchParams`
    /// does.
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("https://example.org/?b=2&a=1", None)?;
    /// {
    ///     let mut params = url.search_params_mut();
    ///     params.sort();
    ///     params.append("c", "x y");
    /// }
    /// assert_eq!(url.search(), "?a=1&b=2&c=x+y");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        let params = self.search_params();
        SearchParamsMut {
            url: self,
            params,
            changed: false,
        }
    }

    fn run_setter(&mut self, setter: Setter, value: &str) -> Result<(), SetterError> {
        let input = Input::for_setter(value);
        self.apply_setter(&Compiled, setter, &input)
    }

    /// "If this's URL cannot have a username/password/port, then return." Then "set the
    /// username/password given this's URL and the given value": UTF-8 percent-encoded with the
    /// userinfo percent-encode set.
    fn set_credential(
        &mut self,
        value: &str,
        set: impl FnOnce(&mut Parts, String),
    ) -> Result<(), SetterError> {
        let mut parts = self.record.parts();
        if parts.cannot_have_credentials_or_port() {
            return Err(SetterError::CannotHaveCredentialsOrPort);
        }
        let mut encoded = String::with_capacity(value.len());
        percent::encode_into(&mut encoded, value, percent::USERINFO);
        set(&mut parts, encoded);
        self.record = parts.assemble();
        Ok(())
    }

    /// The record's [scheme](https://url.spec.whatwg.org/#concept-url-scheme).
    pub fn scheme(&self) -> &str {
        self.record.scheme()
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub fn is_special(&self) -> bool {
        self.record.is_special()
    }

    /// The kind of the record's host, or `None` when the host is null.
    pub fn host_kind(&self) -> Option<HostKind> {
        self.record.host_kind
    }

    /// The record's port, null when it is the scheme's default.
    pub fn port_number(&self) -> Option<u16> {
        self.record.port
    }

    /// The record's path: its segments, or the opaque path as one item.
    pub fn path_segments(&self) -> Vec<&str> {
        self.record.path_segments()
    }

    /// Whether the URL [has an opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    pub fn has_opaque_path(&self) -> bool {
        self.record.opaque_path
    }

    /// The record's query: null or a string (possibly empty).
    pub fn query(&self) -> Option<&str> {
        self.record.query.as_ref().map(|q| self.record.slice(q))
    }

    /// The record's fragment: null or a string (possibly empty).
    pub fn fragment(&self) -> Option<&str> {
        self.record.fragment.as_ref().map(|f| self.record.slice(f))
    }
}

/// What a setter needs done (see [`Url::plan_setter`]).
pub(crate) enum SetterPlan {
    Done(Result<(), SetterError>),
    Href(String),
    Parse(Setter, String),
}

/// [`UrlSearchParams`] tied to a [`Url`]: after any mutable use (append, delete, set, sort), the
/// spec's [update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update) rewrite the
/// URL's query when this is dropped. Reading alone leaves the URL as it was.
pub struct SearchParamsMut<'a> {
    url: &'a mut Url,
    params: UrlSearchParams,
    changed: bool,
}

impl Deref for SearchParamsMut<'_> {
    type Target = UrlSearchParams;

    fn deref(&self) -> &UrlSearchParams {
        &self.params
    }
}

impl DerefMut for SearchParamsMut<'_> {
    fn deref_mut(&mut self) -> &mut UrlSearchParams {
        self.changed = true;
        &mut self.params
    }
}

impl Drop for SearchParamsMut<'_> {
    fn drop(&mut self) {
        if !self.changed {
            return;
        }
        // "Let serializedQuery be the serialization of query's list. If serializedQuery is the
        // empty string, then set serializedQuery to null. Set query's URL object's URL's query
        // to serializedQuery."
        let serialized = self.params.to_string();
        let mut parts = self.url.record.parts();
        parts.query = (!serialized.is_empty()).then_some(serialized);
        self.url.record = parts.assemble();
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.href()).finish()
    }
}

/// Parses an absolute URL (no base).
impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s, None)
    }
}

/// [URL equivalence](https://url.spec.whatwg.org/#concept-url-equals): equal serializations.
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.href() == other.href()
    }
}

impl Eq for Url {}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.href().hash(state);
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        self.href()
    }
}

/// A URL serializes as its href (feature `serde`).
#[cfg(feature = "serde")]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.href())
    }
}

/// A URL deserializes from a string that parses as an absolute URL (feature `serde`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Url::parse(&text, None).map_err(serde::de::Error::custom)
    }
}
