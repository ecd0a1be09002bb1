//! The accessors: the `url` crate's, in the spec's terms, and the WHATWG getters that clash
//! with none of them.

use alloc::borrow::Cow;
use alloc::string::String;

use super::{quirks, Url};

impl Url {
    /// The [serialization](https://url.spec.whatwg.org/#concept-url-serializer) of the URL.
    pub fn as_str(&self) -> &str {
        self.record.serialization()
    }

    /// The serialization, owned.
    pub fn into_string(self) -> String {
        self.record.into_serialization()
    }

    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme), lowercase, without ":".
    pub fn scheme(&self) -> &str {
        self.record.scheme()
    }

    /// Whether the scheme is [special](https://url.spec.whatwg.org/#is-special).
    pub fn is_special(&self) -> bool {
        self.record.is_special()
    }

    /// Whether the serialization has an authority ("//" after the scheme): whether the host is
    /// not null.
    pub fn has_authority(&self) -> bool {
        self.has_host()
    }

    /// The authority: credentials, "@", host and port, as serialized; "" without a host.
    pub fn authority(&self) -> &str {
        self.record.authority()
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path)
    /// (`mailto:x`, `data:,x`): it cannot be the base of a relative URL.
    pub fn cannot_be_a_base(&self) -> bool {
        self.record.has_opaque_path()
    }

    /// The [username](https://url.spec.whatwg.org/#concept-url-username), percent-encoded.
    pub fn username(&self) -> &str {
        self.record.username()
    }

    /// The [password](https://url.spec.whatwg.org/#concept-url-password), percent-encoded;
    /// None when it is empty (the serialization has no password then).
    pub fn password(&self) -> Option<&str> {
        Some(self.record.password()).filter(|p| !p.is_empty())
    }

    /// The [port](https://url.spec.whatwg.org/#concept-url-port); None when the URL has none,
    /// or had the scheme's default port, which the parser removes.
    pub fn port(&self) -> Option<u16> {
        self.record.port()
    }

    /// The port, or the scheme's [default port](https://url.spec.whatwg.org/#default-port)
    /// (80 for http and ws, 443 for https and wss, 21 for ftp).
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port()
            .or_else(|| self.record.scheme_kind().default_port())
    }

    /// The serialized [path](https://url.spec.whatwg.org/#url-path-serializer): an opaque path
    /// as it is, or "/" and the segments.
    pub fn path(&self) -> &str {
        self.record.path_str()
    }

    /// The path's segments (percent-encoded); None when the path is opaque or empty.
    ///
    /// ```
    /// let url = pegurl::Url::parse("https://example.org/a/b%20c/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// assert!(pegurl::Url::parse("mailto:a@b")?.path_segments().is_none());
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<core::str::Split<'_, char>> {
        if self.record.has_opaque_path() {
            return None;
        }
        self.path().strip_prefix('/').map(|rest| rest.split('/'))
    }

    /// The [query](https://url.spec.whatwg.org/#concept-url-query): None, or the text after
    /// "?" (possibly empty).
    pub fn query(&self) -> Option<&str> {
        self.record.query()
    }

    /// The [fragment](https://url.spec.whatwg.org/#concept-url-fragment): None, or the text
    /// after "#" (possibly empty).
    pub fn fragment(&self) -> Option<&str> {
        self.record.fragment()
    }

    /// The [href getter](https://url.spec.whatwg.org/#dom-url-href): the serialization.
    pub fn href(&self) -> &str {
        self.as_str()
    }

    /// The [protocol getter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and ":".
    pub fn protocol(&self) -> &str {
        self.record.protocol()
    }

    /// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname): the serialized
    /// host, or "".
    pub fn hostname(&self) -> &str {
        self.host_str().unwrap_or("")
    }

    /// The [pathname getter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn pathname(&self) -> &str {
        self.path()
    }

    /// The [search getter](https://url.spec.whatwg.org/#dom-url-search): "" or "?" and the query.
    pub fn search(&self) -> &str {
        self.record.search()
    }

    /// The [hash getter](https://url.spec.whatwg.org/#dom-url-hash): "" or "#" and the fragment.
    pub fn hash(&self) -> &str {
        self.record.hash()
    }

    /// The names of the WHATWG `URL` getters, in the order the `URL` class lists them.
    pub const COMPONENTS: [&'static str; 11] = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ];

    /// The value of the WHATWG getter named `name` (one of [`Url::COMPONENTS`]), as
    /// `url[name]` gives it in JavaScript.
    ///
    /// ```
    /// let url = pegurl::Url::parse("http://example.org:8080/")?;
    /// assert_eq!(url.component("port").as_deref(), Some("8080"));
    /// assert_eq!(url.component("nope"), None);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn component(&self, name: &str) -> Option<Cow<'_, str>> {
        let value = match name {
            "href" => quirks::href(self),
            "origin" => return Some(Cow::Owned(quirks::origin(self))),
            "protocol" => quirks::protocol(self),
            "username" => quirks::username(self),
            "password" => quirks::password(self),
            "host" => quirks::host(self),
            "hostname" => quirks::hostname(self),
            "port" => quirks::port(self),
            "pathname" => quirks::pathname(self),
            "search" => quirks::search(self),
            "hash" => quirks::hash(self),
            _ => return None,
        };
        Some(Cow::Borrowed(value))
    }
}
