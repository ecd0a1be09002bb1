//! [`PathSegmentsMut`]: editing a URL's path a segment at a time, as the `url` crate's
//! `path_segments_mut` does.

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::string::String;

use crate::percent;
use crate::tables::{Set, BUILTIN};

use super::Url;

/// The path percent-encode set, plus "/" and "%", so that a pushed segment stays one segment
/// and means what it says.
const SEGMENT: &[u8] = b"/%";
/// [`SEGMENT`], plus "\", a segment separator in special URLs.
const SPECIAL_SEGMENT: &[u8] = b"/%\\";

/// The path of a URL, being edited: the URL takes the new path when this is dropped. Made by
/// [`Url::path_segments_mut`].
///
/// ```
/// let mut url = pegurl::Url::parse("https://example.org/a/b/?q")?;
/// url.path_segments_mut().unwrap().pop_if_empty().push("c d").extend(["e/f", ".."]);
/// assert_eq!(url.as_str(), "https://example.org/a/b/c%20d/e%2Ff?q");
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The serialized path: "/" and the segments.
    path: String,
}

impl Url {
    /// The path's segments for editing; an error when the path is opaque
    /// ([`Url::cannot_be_a_base`]).
    #[allow(clippy::result_unit_err)]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        let path = self.path().to_owned();
        Ok(PathSegmentsMut { url: self, path })
    }
}

impl PathSegmentsMut<'_> {
    /// Removes every segment: the path becomes "/".
    pub fn clear(&mut self) -> &mut Self {
        self.path.truncate(1);
        self
    }

    /// Removes the last segment if it is empty (a trailing "/"), unless it is the only one.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.path.len() > 1 && self.path.ends_with('/') {
            self.path.pop();
        }
        self
    }

    /// Removes the last segment, if any.
    pub fn pop(&mut self) -> &mut Self {
        if self.path.len() > 1 {
            let last_slash = self.path.rfind('/').unwrap_or(0);
            self.path.truncate(last_slash.max(1));
        }
        self
    }

    /// Appends a segment, percent-encoded ("/" as "%2F"); "." and ".." are left out, also when
    /// spelled with tabs or newlines (which are dropped). A file URL's first segment "c|" is
    /// written "c:", as the parser reads a Windows drive letter.
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends each segment, as [`PathSegmentsMut::push`] does.
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let set = if self.url.is_special() {
            SPECIAL_SEGMENT
        } else {
            SEGMENT
        };
        for segment in segments {
            let segment = segment.as_ref();
            // Tabs and newlines are dropped, as the parser drops them (a segment seldom has
            // one: then it is taken as it is).
            let tab_or_newline = |c| matches!(c, '\t' | '\n' | '\r');
            let kept: Cow<'_, str> = match segment.contains(tab_or_newline) {
                true => segment.chars().filter(|&c| !tab_or_newline(c)).collect(),
                false => Cow::Borrowed(segment),
            };
            // "." and ".." are not appended: a path segment never is one (the path state reads
            // them as dot segments). Neither is one spelled with a tab or newline, which would
            // be one once they are dropped (`url` reads that as a path: "\t.." removes the last
            // segment).
            if matches!(&*kept, "." | "..") {
                continue;
            }
            // After "/" alone, the first segment takes its place; otherwise a "/" goes first.
            let first = self.path.len() == 1;
            if !first {
                self.path.push('/');
            }
            // "If url's scheme is "file", url's path is empty, and buffer is a Windows drive
            // letter, then replace the second code point in buffer with U+003A (:)." (path
            // state): a first segment "c|" is written "c:", as the parser would read it back
            // (and as `url` writes it).
            let file = self.url.record.scheme_kind().is_file();
            if first && file && crate::builder::is_windows_drive_letter(&kept) {
                self.path.push_str(&kept[..1]);
                self.path.push(':');
                continue;
            }
            percent::encode_bytes_into(
                &mut self.path,
                kept.as_bytes(),
                BUILTIN.set(Set::Path),
                set,
            );
        }
        self
    }
}

impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        let path = core::mem::take(&mut self.path);
        // Setting the path of a URL whose path is not opaque fails only when the URL would be
        // longer than a record holds (4 GiB): the URL then keeps its path.
        let _ = self.url.set_serialized_path(&path);
    }
}
