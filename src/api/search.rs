//! `url.searchParams`: the URL's query as [`UrlSearchParams`]
//! (https://url.spec.whatwg.org/#dom-url-searchparams).

use alloc::string::ToString;
use core::ops::{Deref, DerefMut};

use crate::form::UrlSearchParams;

use super::Url;

impl Url {
    /// The query as [`UrlSearchParams`] (a copy; see [`Url::search_params_mut`]).
    pub fn search_params(&self) -> UrlSearchParams {
        UrlSearchParams::from_query(self.query().unwrap_or(""))
    }

    /// The query as [`UrlSearchParams`] that update this URL when dropped, as `url.searchParams`
    /// does.
    ///
    /// ```
    /// let mut url = pegurl::Url::parse("https://example.org/?b=2&a=1")?;
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
        // Setting the query fails only when the URL would be longer than a record holds (4 GiB):
        // the URL then keeps its query.
        let _ = self
            .url
            .set_serialized_query((!serialized.is_empty()).then_some(serialized.as_str()));
    }
}
