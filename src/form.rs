//! [application/x-www-form-urlencoded](https://url.spec.whatwg.org/#application/x-www-form-urlencoded)
//! parsing and serializing, and [`UrlSearchParams`].

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use encoding_rs::{Encoding, UTF_8};

use crate::percent;
use crate::tables::{Set, BUILTIN};

/// The [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser):
/// name-value pairs from a byte sequence.
///
/// ```
/// let pairs = pegurl::form_urlencoded_parse(b"a=b+c&%C3%A9=&&d");
/// assert_eq!(pairs, [("a".into(), "b c".into()), ("é".into(), "".into()), ("d".into(), "".into())]);
/// ```
pub fn form_urlencoded_parse(input: &[u8]) -> Vec<(String, String)> {
    // One parser serves both APIs: `form_urlencoded::parse` yields the pairs lazily.
    crate::form_urlencoded::parse(input).into_owned().collect()
}

/// The [application/x-www-form-urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer),
/// with an optional encoding (default UTF-8).
///
/// ```
/// let pairs = [("a b", "c&d"), ("é", "~")];
/// assert_eq!(pegurl::form_urlencoded_serialize(pairs, None), "a+b=c%26d&%C3%A9=%7E");
/// let latin1 = encoding_rs::WINDOWS_1252;
/// assert_eq!(pegurl::form_urlencoded_serialize([("é", "€")], Some(latin1)), "%E9=%80");
/// ```
pub fn form_urlencoded_serialize<N, V>(
    tuples: impl IntoIterator<Item = (N, V)>,
    encoding: Option<&'static Encoding>,
) -> String
where
    N: AsRef<str>,
    V: AsRef<str>,
{
    let encoding = encoding.unwrap_or(UTF_8);
    let mut output = String::new();
    for (name, value) in tuples {
        // "If output is not the empty string, then append U+0026 (&) to output."
        if !output.is_empty() {
            output.push('&');
        }
        percent::encode_after_encoding(
            &mut output,
            encoding,
            name.as_ref(),
            BUILTIN.set(Set::Form),
            true,
        );
        output.push('=');
        percent::encode_after_encoding(
            &mut output,
            encoding,
            value.as_ref(),
            BUILTIN.set(Set::Form),
            true,
        );
    }
    output
}

/// The [`URLSearchParams`](https://url.spec.whatwg.org/#interface-urlsearchparams) class: an
/// ordered list of name-value pairs. [`crate::Url::search_params_mut`] gives one that updates
/// its URL's query, as `url.searchParams` does.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlSearchParams {
    list: Vec<(String, String)>,
}

impl UrlSearchParams {
    /// An empty list.
    pub fn new() -> UrlSearchParams {
        UrlSearchParams::default()
    }

    /// Parses a query string, as `new URLSearchParams(string)`: "If init is a string and starts
    /// with U+003F (?), then remove the first code point from init."
    pub fn parse(init: &str) -> UrlSearchParams {
        let init = init.strip_prefix('?').unwrap_or(init);
        UrlSearchParams {
            list: form_urlencoded_parse(init.as_bytes()),
        }
    }

    /// A URL's query object: "the result of parsing query" (no "?" is removed here).
    pub(crate) fn from_query(query: &str) -> UrlSearchParams {
        UrlSearchParams {
            list: form_urlencoded_parse(query.as_bytes()),
        }
    }

    /// [size](https://url.spec.whatwg.org/#dom-urlsearchparams-size): the number of pairs.
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// [append](https://url.spec.whatwg.org/#dom-urlsearchparams-append).
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// [delete](https://url.spec.whatwg.org/#dom-urlsearchparams-delete): every pair named
    /// `name`, or only those whose value is `value` when given.
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.list
            .retain(|(n, v)| !(n == name && value.is_none_or(|value| v == value)));
    }

    /// [get](https://url.spec.whatwg.org/#dom-urlsearchparams-get): the first value named `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// [getAll](https://url.spec.whatwg.org/#dom-urlsearchparams-getall): every value named
    /// `name`, in order.
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// [has](https://url.spec.whatwg.org/#dom-urlsearchparams-has): whether a pair is named
    /// `name` (and has value `value`, when given).
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// [set](https://url.spec.whatwg.org/#dom-urlsearchparams-set): "If this's list contains any
    /// tuples whose name is name, then set the value of the first such tuple to value and remove
    /// the others. Otherwise, append (name, value)."
    pub fn set(&mut self, name: &str, value: &str) {
        let mut seen = false;
        self.list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if seen {
                return false;
            }
            seen = true;
            *v = value.to_owned();
            true
        });
        if !seen {
            self.append(name, value);
        }
    }

    /// [sort](https://url.spec.whatwg.org/#dom-urlsearchparams-sort): a stable sort by name,
    /// comparing code units (UTF-16, as JavaScript strings do).
    pub fn sort(&mut self) {
        self.list
            .sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }

    /// The pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The [serialization](https://url.spec.whatwg.org/#concept-urlencoded-serializer) with an
    /// encoding other than UTF-8.
    pub fn to_string_with_encoding(&self, encoding: &'static Encoding) -> String {
        form_urlencoded_serialize(self.iter(), Some(encoding))
    }
}

/// The [stringifier](https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior).
impl fmt::Display for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&form_urlencoded_serialize(self.iter(), None))
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for UrlSearchParams {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> UrlSearchParams {
        UrlSearchParams {
            list: pairs
                .into_iter()
                .map(|(n, v)| (n.as_ref().to_owned(), v.as_ref().to_owned()))
                .collect(),
        }
    }
}

impl<'a> IntoIterator for &'a UrlSearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Box<dyn Iterator<Item = (&'a str, &'a str)> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}
