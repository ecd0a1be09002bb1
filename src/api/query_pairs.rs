//! A URL's query as application/x-www-form-urlencoded pairs: [`Url::query_pairs`] reads them,
//! [`Url::query_pairs_mut`] appends to them.

use alloc::string::String;

use super::form_urlencoded::{self, Parse, Serializer, Target};
use super::Url;
use crate::record::{OpenQuery, Writer};

impl Url {
    /// The query's name-value pairs, parsed as application/x-www-form-urlencoded (no pairs when
    /// there is no query).
    ///
    /// ```
    /// let url = pegurl::Url::parse("https://example.org/?a=1&b=x+y&a=2")?;
    /// let pairs: Vec<_> = url.query_pairs().into_owned().collect();
    /// assert_eq!(pairs[1], ("b".to_owned(), "x y".to_owned()));
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn query_pairs(&self) -> Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or("").as_bytes())
    }

    /// A serializer that appends pairs to the query (after "&" when it has pairs already); the
    /// URL takes the new query when the serializer is finished or dropped. A URL without a query
    /// gets one, empty if nothing is appended (unless the URL is at the 4 GiB a URL may hold:
    /// then it stays as it was).
    ///
    /// The pairs are written in place, at the end of the URL's serialization, the fragment
    /// being set apart until the serializer is finished or dropped (as the `url` crate does: a
    /// serializer forgotten with `mem::forget` leaves the URL with the pairs appended so far
    /// and without its fragment).
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("https://example.org/?a=1#top")?;
    /// url.query_pairs_mut().append_pair("q", "x & y").append_key_only("flag");
    /// assert_eq!(url.as_str(), "https://example.org/?a=1&q=x+%26+y&flag#top");
    /// url.query_pairs_mut().clear().append_pair("only", "1");
    /// assert_eq!(url.query(), Some("only=1"));
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn query_pairs_mut(&mut self) -> Serializer<'_, UrlQuery<'_>> {
        // Without room for a "?" in a record, the pairs are written apart (from 0), and the
        // URL, which cannot take them, stays as it was.
        let open = Writer::open_query(&mut self.record);
        let start = open.as_ref().map_or(0, OpenQuery::start);
        let target = UrlQuery {
            url: Some(self),
            open,
            apart: String::new(),
        };
        Serializer::for_suffix(target, start)
    }
}

/// The query of a URL being written by [`Url::query_pairs_mut`]; the URL takes it when this is
/// finished or dropped.
#[derive(Debug)]
pub struct UrlQuery<'a> {
    url: Option<&'a mut Url>,
    /// The URL's query, open for appending.
    open: Option<OpenQuery>,
    /// Where the pairs are written when the URL has no room for a query.
    apart: String,
}

impl UrlQuery<'_> {
    /// Closes the URL's query (once): the fragment set apart comes back after it. The text
    /// appended is application/x-www-form-urlencoded output, which the query state leaves as
    /// it is, so no parsing is needed.
    fn write_back(&mut self) {
        if let (Some(url), Some(open)) = (self.url.as_deref_mut(), self.open.take()) {
            Writer::close_query(&mut url.record, open);
        }
    }
}

impl Drop for UrlQuery<'_> {
    fn drop(&mut self) {
        self.write_back();
    }
}

impl<'a> Target for UrlQuery<'a> {
    type Finished = &'a mut Url;

    fn as_mut_string(&mut self) -> &mut String {
        match (self.url.as_deref_mut(), &mut self.open) {
            (Some(url), Some(open)) => Writer::query_to_append_to(&mut url.record, open),
            _ => &mut self.apart,
        }
    }

    fn finish(mut self) -> &'a mut Url {
        self.write_back();
        // `url` is Some from `query_pairs_mut` until this, which consumes the query, takes it.
        self.url
            .take()
            .expect("a UrlQuery holds its URL until it is finished")
    }
}
