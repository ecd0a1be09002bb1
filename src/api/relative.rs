//! [`Url::make_relative`] and [`Url::socket_addrs`]: a URL seen from another, and the socket
//! addresses of its host.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use std::io;
#[cfg(feature = "std")]
use std::net::{SocketAddr, ToSocketAddrs};

#[cfg(feature = "std")]
use super::host::Host;
use super::Url;

impl Url {
    /// A relative-URL string that [`join`](Url::join)s with this URL to make `url`; None when
    /// there is none this way (an opaque path on either side, or another scheme, credentials,
    /// host or port).
    ///
    /// The answer is checked: this URL joined with it gives `url` exactly, or the answer is
    /// None. The `url` crate's answer can join to another URL (it answers "/" for a directory
    /// of the base, which joins to the root, and "" for `url` without the base's query, which
    /// joins to the base's query).
    ///
    /// ```
    /// use pegurl::Url;
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// let rel = |s| base.make_relative(&Url::parse(s).unwrap());
    /// assert_eq!(rel("https://example.net/a/c.png").as_deref(), Some("c.png"));
    /// assert_eq!(rel("https://example.net/d/c.png").as_deref(), Some("../d/c.png"));
    /// assert_eq!(rel("https://example.net/a/b.html?e=f").as_deref(), Some("?e=f"));
    /// assert_eq!(rel("https://example.net/a/").as_deref(), Some("./"));
    /// assert_eq!(rel("http://example.net/a/"), None);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.cannot_be_a_base() || url.cannot_be_a_base() {
            return None;
        }
        let same_authority = self.scheme() == url.scheme()
            && self.authority() == url.authority()
            && self.has_host() == url.has_host();
        if !same_authority {
            return None;
        }
        let relative = relative_reference(self, url);
        // The answer must hold: joined with this URL it gives `url`.
        match self.join(&relative) {
            Ok(joined) if joined == *url => Some(relative),
            _ => None,
        }
    }

    /// The socket addresses of the host and port (or the scheme's default port, or else
    /// `default_port_number()`): an IP address as it is, a domain through the system's resolver.
    ///
    /// ```
    /// let url = pegurl::Url::parse("https://127.0.0.1/")?;
    /// let addrs = url.socket_addrs(|| None).unwrap();
    /// assert_eq!(addrs, ["127.0.0.1:443".parse().unwrap()]);
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> io::Result<Vec<SocketAddr>> {
        let error = |message| io::Error::new(io::ErrorKind::InvalidData, message);
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| error("the URL has no port and its scheme no default port"))?;
        match self.host() {
            Some(Host::Ipv4(address)) => Ok(vec![SocketAddr::from((address, port))]),
            Some(Host::Ipv6(address)) => Ok(vec![SocketAddr::from((address, port))]),
            Some(Host::Domain(domain)) | Some(Host::Opaque(domain)) => {
                Ok((domain, port).to_socket_addrs()?.collect())
            }
            _ => Err(error("the URL has no host")),
        }
    }
}

/// The path (and query and fragment) of `url` relative to `base`, which have the same scheme
/// and authority and paths that are not opaque.
fn relative_reference(base: &Url, url: &Url) -> String {
    // The directory of each path (up to its last "/") and what follows it.
    let split = |path: &str| -> (Vec<String>, String) {
        let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
        let dirs = dir.split('/').skip(1).map(str::to_owned).collect();
        (dirs, name.to_owned())
    };
    let (base_dirs, _) = split(base.path());
    let (url_dirs, url_name) = split(url.path());
    let common = base_dirs
        .iter()
        .zip(&url_dirs)
        .take_while(|(a, b)| a == b)
        .count();
    let mut path = String::new();
    for _ in common..base_dirs.len() {
        path.push_str("../");
    }
    for dir in &url_dirs[common..] {
        path.push_str(dir);
        path.push('/');
    }
    path.push_str(&url_name);
    // The empty path keeps the base's path and query: right when `url` has the same path and
    // a query of its own, or neither has one.
    let keep_path = base.path() == url.path() && (url.query().is_some() || base.query().is_none());
    if keep_path {
        path.clear();
    } else if path.is_empty()
        || path.starts_with('/')
        || path.split('/').next().is_some_and(|s| s.contains(':'))
    {
        // "./" for the base's directory itself, and before a first segment that would read as
        // an absolute path or a scheme.
        path.insert_str(0, "./");
    }
    let mut relative = path;
    if let Some(query) = url.query() {
        relative.push('?');
        relative.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        relative.push('#');
        relative.push_str(fragment);
    }
    relative
}
