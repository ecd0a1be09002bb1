//! `query` and `fragment`: the [query state](https://url.spec.whatwg.org/#query-state) and the
//! [fragment state](https://url.spec.whatwg.org/#fragment-state).

use encoding_rs::UTF_8;

use super::errors::Appended;
use super::{span, Builder, Node};
use crate::error::ParseError;
use crate::grammar::Productions;
use crate::percent;
use crate::tables::Set;

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// `query`: "Let queryPercentEncodeSet be the special-query percent-encode set if url is
    /// special; otherwise the query percent-encode set. Percent-encode after encoding, with
    /// encoding, buffer, and queryPercentEncodeSet, and append the result to url's query."
    pub(super) fn query(&mut self, node: Node<'_>) {
        // No query makes a parse fail.
        if self.outcome_only {
            return;
        }
        // "If encoding is not UTF-8 and one of the following is true: url is not special; url's
        // scheme is "ws" or "wss", then set encoding to UTF-8."
        let kind = self.out.scheme_kind();
        let encoding = if !kind.is_special() || kind.is_websocket() {
            UTF_8
        } else {
            self.encoding
        };
        let set = if kind.is_special() {
            Set::SpecialQuery
        } else {
            Set::Query
        };
        // Each code point is checked for an invalid URL unit as it is appended to buffer: by
        // the UTF-8 percent-encode as it goes.
        let (text, start) = (node.as_str(), span(&node).start);
        if encoding != UTF_8 {
            self.url_units(text, start);
            let set = self.table(set);
            self.out
                .query(|out| percent::encode_after_encoding(out, encoding, text, set, false));
            return;
        }
        self.append_encoded(Appended::Query, text, start, set, true);
    }

    /// The base's query, copied as the relative and file states say.
    pub(super) fn copy_base_query(&mut self, query: &str) {
        self.out.query(|out| out.push_str(query));
    }

    /// `fragment`: "UTF-8 percent-encode c using the fragment percent-encode set and append the
    /// result to url's fragment."
    pub(super) fn fragment(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        if self.outcome_only {
            return Ok(());
        }
        // Each code point is checked as it is appended to buffer (see `query`).
        let (text, start) = (node.as_str(), span(&node).start);
        self.append_encoded(Appended::Fragment, text, start, Set::Fragment, true);
        Ok(())
    }
}
