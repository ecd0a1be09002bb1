//! [application/x-www-form-urlencoded](https://url.spec.whatwg.org/#application/x-www-form-urlencoded)
//! in the shape of the `form_urlencoded` crate (which the `url` crate re-exports): [`parse`]
//! reads pairs lazily, [`Serializer`] appends them to a string or a URL's query, and
//! [`byte_serialize`] encodes one name or value.
//!
//! ```
//! use pegurl::form_urlencoded;
//! let pairs: Vec<_> = form_urlencoded::parse(b"a=b+c&%C3%A9").into_owned().collect();
//! assert_eq!(pairs, [("a".to_owned(), "b c".to_owned()), ("é".to_owned(), "".to_owned())]);
//! let query = form_urlencoded::Serializer::new(String::new())
//!     .append_pair("q", "x & y")
//!     .append_key_only("flag")
//!     .finish();
//! assert_eq!(query, "q=x+%26+y&flag");
//! ```

use alloc::borrow::{Borrow, Cow};
use alloc::string::String;
use alloc::vec::Vec;
use core::marker::PhantomData;

use encoding_rs::{Encoding, UTF_8};

use crate::percent;
use crate::tables::{Set, BUILTIN};

/// The [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)
/// over `input`, one name-value pair at a time.
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { input }
}

/// The pairs of an application/x-www-form-urlencoded byte string (see [`parse`]).
#[derive(Clone, Copy, Debug)]
pub struct Parse<'a> {
    input: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.input.is_empty() {
                return None;
            }
            // "Let sequences be the result of splitting input on 0x26 (&)."
            let (bytes, rest) = match self.input.iter().position(|&b| b == b'&') {
                Some(at) => (&self.input[..at], &self.input[at + 1..]),
                None => (self.input, &[][..]),
            };
            self.input = rest;
            // "If bytes is the empty byte sequence, then continue."
            if bytes.is_empty() {
                continue;
            }
            // "If bytes contains a 0x3D (=), then let name be the bytes from the start of bytes
            // up to but excluding its first 0x3D (=), and let value be the bytes, if any, after
            // the first 0x3D (=) up to the end of bytes."
            let (name, value) = match bytes.iter().position(|&b| b == b'=') {
                Some(at) => (&bytes[..at], &bytes[at + 1..]),
                None => (bytes, &[][..]),
            };
            return Some((decode(name), decode(value)));
        }
    }
}

impl<'a> Parse<'a> {
    /// The same pairs as owned strings.
    pub fn into_owned(self) -> impl Iterator<Item = (String, String)> + 'a {
        self.map(|(name, value)| (name.into_owned(), value.into_owned()))
    }
}

/// "Replace any 0x2B (+) in name and value with 0x20 (SP)", then "UTF-8 decode without BOM" the
/// percent-decoding; borrowed when there is nothing to replace or decode.
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if !bytes.iter().any(|&b| b == b'+' || b == b'%') {
        return String::from_utf8_lossy(bytes);
    }
    let spaced: Vec<u8> = bytes
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    let decoded: Vec<u8> = percent_encoding::percent_decode(&spaced).collect();
    Cow::Owned(String::from_utf8_lossy(&decoded).into_owned())
}

/// "%00" to "%FF", three bytes each, for [`byte_serialize`] to hand out as slices.
const PERCENT_TABLE: [u8; 768] = {
    let hex = b"0123456789ABCDEF";
    let mut table = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        table[3 * i] = b'%';
        table[3 * i + 1] = hex[i >> 4];
        table[3 * i + 2] = hex[i & 15];
        i += 1;
    }
    table
};

/// The [`PERCENT_TABLE`] as text (it is ASCII).
const PERCENT_TEXT: &str = match core::str::from_utf8(&PERCENT_TABLE) {
    Ok(text) => text,
    Err(_) => "",
};

/// The [urlencoded byte serializer](https://url.spec.whatwg.org/#concept-urlencoded-byte-serializer)
/// of `input`: alphanumerics and `*-._` as they are, a space as "+", every other byte
/// percent-encoded; as pieces of text, to collect or write.
///
/// ```
/// let text: String = pegurl::form_urlencoded::byte_serialize("a b/é".as_bytes()).collect();
/// assert_eq!(text, "a+b%2F%C3%A9");
/// ```
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { bytes: input }
}

/// The pieces of [`byte_serialize`]'s output.
#[derive(Clone, Debug)]
pub struct ByteSerialize<'a> {
    bytes: &'a [u8],
}

/// Whether the urlencoded serializer leaves `byte` as it is.
fn unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'*' | b'-' | b'.' | b'_')
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.bytes.split_first()?;
        if unreserved(first) {
            let run = self
                .bytes
                .iter()
                .position(|&b| !unreserved(b))
                .unwrap_or(self.bytes.len());
            let (plain, rest) = self.bytes.split_at(run);
            self.bytes = rest;
            return core::str::from_utf8(plain).ok();
        }
        self.bytes = rest;
        if first == b' ' {
            return Some("+");
        }
        let at = 3 * usize::from(first);
        PERCENT_TEXT.get(at..at + 3)
    }
}

/// Where a [`Serializer`] writes: a `String`, a `&mut String`, or a URL's query
/// ([`crate::Url::query_pairs_mut`]).
pub trait Target {
    /// What [`Serializer::finish`] returns.
    type Finished;

    /// The string the pairs are appended to.
    fn as_mut_string(&mut self) -> &mut String;

    /// Ends the writing.
    fn finish(self) -> Self::Finished;
}

impl Target for String {
    type Finished = String;

    fn as_mut_string(&mut self) -> &mut String {
        self
    }

    fn finish(self) -> String {
        self
    }
}

impl<'a> Target for &'a mut String {
    type Finished = &'a mut String;

    fn as_mut_string(&mut self) -> &mut String {
        self
    }

    fn finish(self) -> &'a mut String {
        self
    }
}

/// The [application/x-www-form-urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer),
/// appending pairs to a [`Target`] ("&" between them, after any text past `start_position`).
#[derive(Debug)]
pub struct Serializer<'a, T: Target> {
    target: Option<T>,
    start_position: usize,
    encoding: &'static Encoding,
    lifetime: PhantomData<&'a ()>,
}

impl<'a, T: Target> Serializer<'a, T> {
    /// A serializer appending to `target` ("&" first, unless `target` is empty).
    pub fn new(target: T) -> Self {
        Serializer::for_suffix(target, 0)
    }

    /// A serializer appending to `target`, whose text from `start_position` on is the
    /// application/x-www-form-urlencoded part (before it, a prefix left alone).
    pub fn for_suffix(mut target: T, start_position: usize) -> Self {
        let len = target.as_mut_string().len();
        Serializer {
            target: Some(target),
            start_position: start_position.min(len),
            encoding: UTF_8,
            lifetime: PhantomData,
        }
    }

    /// Encodes names and values in `encoding` before percent-encoding (None: UTF-8), as the
    /// spec's serializer does with an encoding.
    pub fn encoding_override(&mut self, encoding: Option<&'static Encoding>) -> &mut Self {
        self.encoding = encoding.unwrap_or(UTF_8);
        self
    }

    /// Removes every pair (the text after `start_position`).
    pub fn clear(&mut self) -> &mut Self {
        let start = self.start_position;
        if let Some(string) = self.string() {
            string.truncate(start);
        }
        self
    }

    /// Appends "name=value".
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.append(name, Some(value));
        self
    }

    /// Appends "name" with no "=".
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.append(name, None);
        self
    }

    /// Appends each pair.
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (name, value) = pair.borrow();
            self.append(name.as_ref(), Some(value.as_ref()));
        }
        self
    }

    /// Appends each name with no "=".
    pub fn extend_keys<I, K>(&mut self, names: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<K>,
        K: AsRef<str>,
    {
        for name in names {
            self.append(name.borrow().as_ref(), None);
        }
        self
    }

    /// Appends each name with no "=": [`Serializer::extend_keys`] by the name the `url` crate's
    /// `form_urlencoded` gives it.
    pub fn extend_keys_only<I, K>(&mut self, names: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<K>,
        K: AsRef<str>,
    {
        self.extend_keys(names)
    }

    /// Ends the writing and returns the target's result; later appends do nothing.
    ///
    /// # Panics
    ///
    /// When called a second time (there is no target left to finish), as the
    /// `form_urlencoded` crate's does: a mistake in the calling code, never in its input.
    pub fn finish(&mut self) -> T::Finished {
        match self.target.take() {
            Some(target) => target.finish(),
            None => panic!("form_urlencoded::Serializer finished twice"),
        }
    }

    fn string(&mut self) -> Option<&mut String> {
        self.target.as_mut().map(Target::as_mut_string)
    }

    fn append(&mut self, name: &str, value: Option<&str>) {
        let (start, encoding) = (self.start_position, self.encoding);
        let Some(string) = self.string() else {
            return;
        };
        // "If output is not the empty string, then append U+0026 (&) to output."
        if string.len() > start {
            string.push('&');
        }
        percent::encode_after_encoding(string, encoding, name, BUILTIN.set(Set::Form), true);
        if let Some(value) = value {
            string.push('=');
            percent::encode_after_encoding(string, encoding, value, BUILTIN.set(Set::Form), true);
        }
    }
}
