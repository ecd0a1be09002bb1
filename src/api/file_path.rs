//! File paths and `file:` URLs (Unix and other platforms with Unix paths, with the "std"
//! feature), as the `url` crate converts them.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use crate::percent;
use crate::tables::{Set, BUILTIN};

use super::host::Host;
use super::Url;

/// The path percent-encode set, plus "/", "%" and "\" (a segment separator in file URLs): what
/// a file name's bytes need so that the URL's path has the same segments.
const FILE_SEGMENT: &[u8] = b"/%\\";

impl Url {
    /// The `file:` URL of an absolute path: each component percent-encoded (its bytes, which
    /// need not be UTF-8), "." and ".." resolved as the URL parser resolves them. An error for
    /// a relative path.
    ///
    /// ```
    /// let url = pegurl::Url::from_file_path("/tmp/a b/c#d").unwrap();
    /// assert_eq!(url.as_str(), "file:///tmp/a%20b/c%23d");
    /// assert!(pegurl::Url::from_file_path("relative/path").is_err());
    /// ```
    #[cfg_attr(docsrs, doc(cfg(all(unix, feature = "std"))))]
    #[allow(clippy::result_unit_err)]
    pub fn from_file_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let path = path.as_ref();
        if !path.is_absolute() {
            return Err(());
        }
        let mut text = String::from("file://");
        for component in path.components() {
            if let Component::Normal(name) = component {
                text.push('/');
                percent::encode_bytes_into(
                    &mut text,
                    name.as_bytes(),
                    BUILTIN.set(Set::Path),
                    FILE_SEGMENT,
                );
            }
        }
        if text.len() == "file://".len() {
            text.push('/');
        }
        Url::parse(&text).map_err(drop)
    }

    /// [`Url::from_file_path`] with a final "/", as the URL of a directory.
    ///
    /// ```
    /// let url = pegurl::Url::from_directory_path("/tmp/dir").unwrap();
    /// assert_eq!(url.as_str(), "file:///tmp/dir/");
    /// ```
    #[cfg_attr(docsrs, doc(cfg(all(unix, feature = "std"))))]
    #[allow(clippy::result_unit_err)]
    pub fn from_directory_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let mut url = Url::from_file_path(path)?;
        if !url.path().ends_with('/') {
            url.path_segments_mut()?.push("");
        }
        Ok(url)
    }

    /// The path of a `file:` URL whose host is empty or "localhost" (which the parser makes
    /// empty): the segments percent-decoded to bytes. An error for another scheme or host.
    ///
    /// ```
    /// let url = pegurl::Url::parse("file:///tmp/a%20b")?;
    /// assert_eq!(url.to_file_path(), Ok(std::path::PathBuf::from("/tmp/a b")));
    /// assert!(pegurl::Url::parse("file://server/x")?.to_file_path().is_err());
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(all(unix, feature = "std"))))]
    #[allow(clippy::result_unit_err)]
    pub fn to_file_path(&self) -> Result<PathBuf, ()> {
        if self.scheme() != "file" || !matches!(self.host(), None | Some(Host::Empty)) {
            return Err(());
        }
        let segments = self.path_segments().ok_or(())?;
        let mut bytes = Vec::new();
        for segment in segments {
            bytes.push(b'/');
            bytes.extend(percent_encoding::percent_decode(segment.as_bytes()));
        }
        if bytes.is_empty() {
            bytes.push(b'/');
        }
        Ok(PathBuf::from(OsStr::from_bytes(&bytes)))
    }
}
