//! [`Position`]: slicing a URL's serialization between components, as the `url` crate does
//! (`&url[Position::BeforeHost..Position::AfterPort]`).

use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

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
    /// The byte offset of `position` in the serialization, from the record's layout.
    fn offset(&self, position: Position) -> usize {
        let r = self.record.layout();
        // Without a host, every authority position is right after "scheme:", where the layout
        // puts the empty credentials and host.
        let password = (!r.password.is_empty()).then_some(&r.password);
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => r.scheme_end,
            Position::BeforeUsername => r.username.start,
            Position::AfterUsername => r.username.end,
            Position::BeforePassword => password.map_or(r.username.end, |p| p.start),
            Position::AfterPassword => password.map_or(r.username.end, |p| p.end),
            Position::BeforeHost => r.host.start,
            Position::AfterHost => r.host.end,
            Position::BeforePort => r.host.end + usize::from(r.has_port),
            Position::AfterPort if r.has_port => r.authority_end,
            Position::AfterPort => r.host.end,
            Position::BeforePath => r.path.start,
            Position::AfterPath => r.path.end,
            Position::BeforeQuery => r.query.as_ref().map_or(r.path.end, |q| q.start),
            Position::AfterQuery => r.query.as_ref().map_or(r.path.end, |q| q.end),
            Position::BeforeFragment => r.fragment.as_ref().map_or(r.len, |f| f.start),
            Position::AfterFragment => r.len,
        }
    }

    /// The slice between two offsets; empty should they cross.
    fn between(&self, start: usize, end: usize) -> &str {
        self.record.serialization().get(start..end).unwrap_or("")
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
        self.between(self.offset(range.start), self.record.serialization().len())
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
