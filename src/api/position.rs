//! [`Position`]: slicing a URL's serialization between components, as the `url` crate does
//! (`&url[Position::BeforeHost..Position::AfterPort]`).

use std::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use super::Url;

/// A place in a URL's serialization, before or after a component; index a [`Url`] with a range
/// of them to slice it. A component that is absent is empty at the place it would be.
///
/// ```
/// use pegurl::{Position, Url};
/// let url = Url::parse("https://user:pw@example.org:8080/a/b?q=1#top")?;
/// assert_eq!(&url[..Position::AfterPath], "https://user:pw@example.org:8080/a/b");
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.org:8080");
/// assert_eq!(&url[Position::BeforeQuery..], "q=1#top");
/// # Ok::<(), pegurl::ParseError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// The start of the serialization.
    BeforeScheme,
    /// After the scheme, before its ":".
    AfterScheme,
    /// After "scheme:" and, when there is a host, "//".
    BeforeUsername,
    /// After the username.
    AfterUsername,
    /// After the username and the ":" of a password, if any.
    BeforePassword,
    /// After the password, before the "@" (after the username when there is no password).
    AfterPassword,
    /// Where the host starts (after any "@").
    BeforeHost,
    /// Where the host ends.
    AfterHost,
    /// After the host and the ":" of a port, if any.
    BeforePort,
    /// After the port, if any; otherwise after the host.
    AfterPort,
    /// Where the path starts.
    BeforePath,
    /// Where the path ends.
    AfterPath,
    /// After the path and the "?" of a query, if any.
    BeforeQuery,
    /// After the query, if any; otherwise after the path.
    AfterQuery,
    /// After the "#" of a fragment, if any; otherwise the end.
    BeforeFragment,
    /// The end of the serialization.
    AfterFragment,
}

impl Url {
    /// The byte offset of `position` in the serialization.
    fn offset(&self, position: Position) -> usize {
        let r = &self.record;
        let end = r.serialization.len();
        let has_host = r.host_kind.is_some();
        // Without a host, every authority position is right after "scheme:".
        let authority_start = r.scheme_end + if has_host { 3 } else { 1 };
        let (host_start, host_end) = if has_host {
            (r.host.start, r.host.end)
        } else {
            (authority_start, authority_start)
        };
        // "user:password@" lies between "//" and the host; its ":" is the first one, as the
        // userinfo percent-encode set encodes ":" in the username.
        let userinfo = authority_start..host_start.saturating_sub(1).max(authority_start);
        let colon = r
            .serialization
            .get(userinfo.clone())
            .and_then(|u| u.find(':'));
        let username_end = colon.map_or(userinfo.end, |c| userinfo.start + c);
        let query_end = r.fragment.as_ref().map_or(end, |f| f.start - 1);
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => r.scheme_end,
            Position::BeforeUsername => authority_start,
            Position::AfterUsername => username_end,
            Position::BeforePassword => colon.map_or(username_end, |_| username_end + 1),
            Position::AfterPassword => colon.map_or(username_end, |_| userinfo.end),
            Position::BeforeHost => host_start,
            Position::AfterHost => host_end,
            Position::BeforePort => host_end + usize::from(r.port.is_some()),
            Position::AfterPort if r.port.is_some() => r.authority_end,
            Position::AfterPort => host_end,
            Position::BeforePath => r.path.start,
            Position::AfterPath => r.path.end,
            Position::BeforeQuery => r.query.as_ref().map_or(r.path.end, |q| q.start),
            Position::AfterQuery => r.query.as_ref().map_or(r.path.end, |_| query_end),
            Position::BeforeFragment => r.fragment.as_ref().map_or(end, |f| f.start),
            Position::AfterFragment => end,
        }
    }

    /// The slice between two offsets; empty should they cross.
    fn between(&self, start: usize, end: usize) -> &str {
        self.record.serialization.get(start..end).unwrap_or("")
    }
}

/// The whole serialization.
impl Index<RangeFull> for Url {
    type Output = str;

    fn index(&self, _: RangeFull) -> &str {
        self.as_str()
    }
}

/// From a position to the end.
impl Index<RangeFrom<Position>> for Url {
    type Output = str;

    fn index(&self, range: RangeFrom<Position>) -> &str {
        self.between(self.offset(range.start), self.record.serialization.len())
    }
}

/// From the start to a position.
impl Index<RangeTo<Position>> for Url {
    type Output = str;

    fn index(&self, range: RangeTo<Position>) -> &str {
        self.between(0, self.offset(range.end))
    }
}

/// Between two positions.
impl Index<Range<Position>> for Url {
    type Output = str;

    fn index(&self, range: Range<Position>) -> &str {
        self.between(self.offset(range.start), self.offset(range.end))
    }
}
