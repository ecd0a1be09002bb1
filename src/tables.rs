//! The spec's code point sets and its table of special schemes, as the builder uses them. They
//! are rules of the grammar (`grammar/url.pest`, see `codegen/sets.rs` for how a rule is read):
//! build.rs compiles the built-in grammar's into [`BUILTIN`], and a grammar loaded at run time
//! derives its own with the same reader, so no set is written down twice.

use alloc::borrow::Cow;

use crate::record::{SchemeKind, SchemeName};
use crate::scan::{leading, Stops};

/// A set of code points: ASCII as a byte table, the rest as sorted ranges.
#[derive(Clone, Debug)]
pub(crate) struct CodePointSet {
    /// For an ASCII byte, whether the set holds it; for a byte above 0x7F (part of a non-ASCII
    /// code point), whether the set holds any non-ASCII code point.
    bytes: [bool; 256],
    /// `bytes` as the stops of a scan up to the first of them (percent-encoding's plain runs).
    stops: Stops,
    /// The code points, as sorted, disjoint inclusive ranges (looked up for non-ASCII ones).
    non_ascii: Cow<'static, [(u32, u32)]>,
}

impl CodePointSet {
    /// The set of `ranges` (sorted, disjoint, both ends included): the built-in grammar's.
    pub(crate) const fn of_static(ranges: &'static [(u32, u32)]) -> CodePointSet {
        let bytes = byte_table(ranges);
        CodePointSet {
            bytes,
            stops: Stops::of(&bytes, false),
            non_ascii: Cow::Borrowed(ranges),
        }
    }

    /// The set of `ranges` (sorted, disjoint, both ends included): a run-time grammar's.
    #[cfg(feature = "vm")]
    pub(crate) fn of_ranges(ranges: Vec<(u32, u32)>) -> CodePointSet {
        let bytes = byte_table(&ranges);
        CodePointSet {
            bytes,
            stops: Stops::of(&bytes, false),
            non_ascii: Cow::Owned(ranges),
        }
    }

    /// Whether the set holds `c`.
    #[inline]
    pub(crate) fn contains(&self, c: char) -> bool {
        let n = u32::from(c);
        if n < 0x80 {
            return self.bytes[n as usize];
        }
        self.non_ascii
            .binary_search_by(|&(a, b)| {
                if b < n {
                    core::cmp::Ordering::Less
                } else if a > n {
                    core::cmp::Ordering::Greater
                } else {
                    core::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    /// For an ASCII byte, whether the set holds it; for any other, whether the set holds any
    /// non-ASCII code point (so a text of bytes this is false for is outside the set).
    #[inline]
    pub(crate) fn may_hold_byte(&self, b: u8) -> bool {
        self.bytes[usize::from(b)]
    }

    /// The offset of the first byte of `bytes` that [`CodePointSet::may_hold_byte`], or the
    /// length.
    #[inline]
    pub(crate) fn first_byte_it_may_hold(&self, bytes: &[u8]) -> usize {
        leading(bytes, 0, &self.stops)
    }

    /// For each byte, whether it may start a code point that is not in the set, or is "%": the
    /// bytes worth a closer look when checking for
    /// [invalid-URL-unit](https://url.spec.whatwg.org/#invalid-url-unit)s (with the URL code
    /// points as the set).
    const fn outside_or_percent(&self) -> [bool; 256] {
        let mut table = [true; 256];
        let mut b = 0;
        while b < 0x80 {
            table[b] = !self.bytes[b] || b == b'%' as usize;
            b += 1;
        }
        // A continuation byte never starts a code point, and a lead byte needs no look when the
        // set holds every code point it may start (U+00C0 to U+00FF for 0xC3, say): the scan
        // passes over such a code point whole, and stops only at a lead byte worth a look.
        while b < 0xC0 {
            table[b] = false;
            b += 1;
        }
        while b < 0xF5 {
            let lead = b as u32;
            // The code points UTF-8 lets the lead byte start (no overlong form, none past
            // U+10FFFF; 0xC0 and 0xC1 start none and stay suspects).
            let (first, last) = match lead {
                0xC0..=0xDF => ((lead & 0x1F) << 6, ((lead & 0x1F) << 6) | 0x3F),
                0xE0..=0xEF => ((lead & 0x0F) << 12, ((lead & 0x0F) << 12) | 0xFFF),
                _ => ((lead & 0x07) << 18, ((lead & 0x07) << 18) | 0x3_FFFF),
            };
            let (first, last) = match lead {
                0xC0 | 0xC1 => (u32::MAX, u32::MAX),
                0xE0 => (0x800, last),
                0xF0 => (0x1_0000, last),
                0xF4 => (first, 0x10_FFFF),
                _ => (first, last),
            };
            table[b] = !self.holds_all(first, last);
            b += 1;
        }
        table
    }

    /// The stops of a scan up to the first byte the set may hold or `also` holds.
    const fn or_bytes(&self, also: &[bool; 256]) -> Stops {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = self.bytes[b] || also[b];
            b += 1;
        }
        Stops::of(&table, false)
    }

    /// Whether one of the set's ranges holds every code point from `first` to `last` (a range
    /// split over two adjacent ranges counts as not held: the answer errs on "no").
    const fn holds_all(&self, first: u32, last: u32) -> bool {
        let ranges: &[(u32, u32)] = match &self.non_ascii {
            Cow::Borrowed(ranges) => ranges,
            Cow::Owned(ranges) => ranges.as_slice(),
        };
        let mut i = 0;
        while i < ranges.len() {
            if ranges[i].0 <= first && last <= ranges[i].1 {
                return true;
            }
            i += 1;
        }
        false
    }
}

/// The schemes [`SchemeName`] names, in its variants' order.
const NAMED: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// Whether two byte strings are equal (in a `const fn`).
const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// [`CodePointSet::bytes`] of `ranges`.
const fn byte_table(ranges: &[(u32, u32)]) -> [bool; 256] {
    let mut bytes = [false; 256];
    let mut i = 0;
    while i < ranges.len() {
        let (mut c, end) = ranges[i];
        while c <= end && c < 0x80 {
            bytes[c as usize] = true;
            c += 1;
        }
        if end >= 0x80 {
            let mut b = 0x80;
            while b < 256 {
                bytes[b] = true;
                b += 1;
            }
        }
        i += 1;
    }
    bytes
}

/// The sets, named after the spec's terms; [`Tables::set`] gives one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Set {
    /// https://url.spec.whatwg.org/#c0-control-percent-encode-set
    C0Control,
    /// https://url.spec.whatwg.org/#fragment-percent-encode-set
    Fragment,
    /// https://url.spec.whatwg.org/#query-percent-encode-set
    Query,
    /// https://url.spec.whatwg.org/#special-query-percent-encode-set
    SpecialQuery,
    /// https://url.spec.whatwg.org/#path-percent-encode-set
    Path,
    /// https://url.spec.whatwg.org/#userinfo-percent-encode-set
    Userinfo,
    /// https://url.spec.whatwg.org/#component-percent-encode-set (no step of URL parsing uses
    /// it; the form set builds on it in the grammar).
    #[allow(dead_code)]
    Component,
    /// https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
    Form,
    /// https://url.spec.whatwg.org/#forbidden-host-code-point
    ForbiddenHost,
    /// https://url.spec.whatwg.org/#forbidden-domain-code-point
    ForbiddenDomain,
    /// https://url.spec.whatwg.org/#url-code-points
    UrlCodePoint,
}

/// How many sets there are.
pub(crate) const SETS: usize = 11;

/// How many sets, the first of [`Set`]'s order, percent-encode a component whose code points the
/// invalid-URL-unit checks look at: the C0 control (the opaque path's), fragment, query,
/// special-query and path percent-encode sets. Their encodings may look for invalid URL units
/// in the same scan ([`Tables::encoding_and_suspect_stops`]).
const ENCODED_AND_CHECKED: usize = 5;

/// A [special scheme](https://url.spec.whatwg.org/#special-scheme) and its
/// [default port](https://url.spec.whatwg.org/#default-port).
#[derive(Clone, Debug)]
pub(crate) struct SpecialScheme {
    /// The scheme, ASCII lowercase.
    pub(crate) name: Cow<'static, str>,
    /// Its default port, if it has one.
    pub(crate) default_port: Option<u16>,
}

/// Every set, in [`Set`]'s order, and the special schemes.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    sets: [CodePointSet; SETS],
    special_schemes: Cow<'static, [SpecialScheme]>,
    /// What `special_schemes` says of each scheme the builder names, by [`SchemeName`]: None
    /// when it is not special, else its default port; read when the scheme is written.
    by_name: [Option<Option<u16>>; NAMED.len()],
    /// Whether `special_schemes` holds a scheme the builder does not name.
    has_others: bool,
    /// The kinds of each byte for the domain parser, with the forbidden domain code points.
    pub(crate) domain_bytes: [u8; 256],
    /// The bytes that may begin an invalid URL unit (an ASCII byte outside the URL code points,
    /// "%", a lead byte of a code point that may be outside them): text without them has none.
    pub(crate) url_unit_suspects: Stops,
    /// For each of the first [`ENCODED_AND_CHECKED`] sets, the stops of a scan that both
    /// percent-encodes with it and looks for invalid URL units: the bytes the set may hold and
    /// the `url_unit_suspects`.
    encoding_and_suspects: [Stops; ENCODED_AND_CHECKED],
}

// `BUILTIN`: the tables of `grammar/url.pest`, written by build.rs (codegen::tables).
include!(concat!(env!("OUT_DIR"), "/tables.rs"));

impl Tables {
    /// The tables of `sets` (in [`Set`]'s order) and `special_schemes`.
    pub(crate) const fn new(
        sets: [CodePointSet; SETS],
        special_schemes: Cow<'static, [SpecialScheme]>,
    ) -> Tables {
        let suspects = sets[Set::UrlCodePoint as usize].outside_or_percent();
        let url_unit_suspects = Stops::of(&suspects, false);
        // In `Set`'s order: `encoding_and_suspect_stops` reads them by the set's place.
        let encoding_and_suspects = [
            sets[Set::C0Control as usize].or_bytes(&suspects),
            sets[Set::Fragment as usize].or_bytes(&suspects),
            sets[Set::Query as usize].or_bytes(&suspects),
            sets[Set::SpecialQuery as usize].or_bytes(&suspects),
            sets[Set::Path as usize].or_bytes(&suspects),
        ];
        let domain_bytes =
            crate::builder::domain_byte_kinds(&sets[Set::ForbiddenDomain as usize].bytes);
        let schemes: &[SpecialScheme] = match &special_schemes {
            Cow::Borrowed(schemes) => schemes,
            Cow::Owned(schemes) => schemes.as_slice(),
        };
        let mut by_name = [None; NAMED.len()];
        let mut has_others = false;
        let mut i = 0;
        while i < schemes.len() {
            let name = match &schemes[i].name {
                Cow::Borrowed(name) => name.as_bytes(),
                Cow::Owned(name) => name.as_str().as_bytes(),
            };
            let mut named = 0;
            while named < NAMED.len() && !same_bytes(NAMED[named].as_bytes(), name) {
                named += 1;
            }
            if named == NAMED.len() {
                has_others = true;
            } else if by_name[named].is_none() {
                by_name[named] = Some(schemes[i].default_port);
            }
            i += 1;
        }
        Tables {
            sets,
            special_schemes,
            by_name,
            has_others,
            url_unit_suspects,
            encoding_and_suspects,
            domain_bytes,
        }
    }

    /// The stops of a scan that both percent-encodes with `set` and looks for invalid URL units:
    /// the bytes `set` may hold and the `url_unit_suspects` for the sets that encode a component
    /// the checks look at; every byte for any other (a scan that is right, a byte at a time).
    #[inline]
    pub(crate) fn encoding_and_suspect_stops(&self, set: Set) -> &Stops {
        /// A scan that stops at every byte.
        static EVERY_BYTE: Stops = Stops::of(&[true; 256], false);
        self.encoding_and_suspects
            .get(set as usize)
            .unwrap_or(&EVERY_BYTE)
    }

    /// Every set, in [`Set`]'s order.
    #[cfg(feature = "vm")]
    pub(crate) fn sets(&self) -> &[CodePointSet; SETS] {
        &self.sets
    }

    /// The special schemes.
    #[cfg(feature = "vm")]
    pub(crate) fn special_schemes(&self) -> &Cow<'static, [SpecialScheme]> {
        &self.special_schemes
    }

    /// One of the sets.
    #[inline]
    pub(crate) fn set(&self, set: Set) -> &CodePointSet {
        &self.sets[set as usize]
    }

    /// What the table says of an ASCII-lowercase `scheme`: whether it is special and its
    /// default port.
    pub(crate) fn scheme_kind(&self, scheme: &str) -> SchemeKind {
        self.scheme_kind_of(SchemeName::of(scheme), scheme)
    }

    /// [`Tables::scheme_kind`] of an ASCII-lowercase `scheme` whose [`SchemeName`] is known.
    #[inline]
    pub(crate) fn scheme_kind_of(&self, name: SchemeName, scheme: &str) -> SchemeKind {
        let special = match self.by_name.get(name as usize) {
            Some(special) => *special,
            None if self.has_others => self
                .special_schemes
                .iter()
                .find(|s| s.name == scheme)
                .map(|s| s.default_port),
            None => None,
        };
        match special {
            Some(default_port) => SchemeKind::special(name, default_port),
            None => SchemeKind::not_special(name),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Each set as the spec's prose lists it, ASCII part, to hold the grammar's rules to.
    fn ascii_of_the_spec(set: Set) -> Vec<u8> {
        let c0: Vec<u8> = (0..=0x1f).chain([0x7f]).collect();
        let with = |base: Vec<u8>, extra: &[u8]| [base, extra.to_vec()].concat();
        let query = with(c0.clone(), b" \"#<>");
        let path = with(query.clone(), b"?^`{}");
        let userinfo = with(path.clone(), b"/:;=@[\\]|");
        let component = with(userinfo.clone(), b"$%&+,");
        let forbidden_host = b"\0\t\n\r #/:<>?@[\\]^|".to_vec();
        match set {
            Set::C0Control => c0,
            Set::Fragment => with(c0, b" \"<>`"),
            Set::Query => query,
            Set::SpecialQuery => with(query, b"'"),
            Set::Path => path,
            Set::Userinfo => userinfo,
            Set::Component => component.clone(),
            Set::Form => with(component, b"!'()~"),
            Set::ForbiddenHost => forbidden_host.clone(),
            Set::ForbiddenDomain => with(with(forbidden_host, &c0), b"%"),
            Set::UrlCodePoint => (0..0x80u8)
                .filter(|b| b.is_ascii_alphanumeric() || b"!$&'()*+,-./:;=?@_~".contains(b))
                .collect(),
        }
    }

    /// Every set, in [`Set`]'s order.
    pub(crate) const ALL: [Set; SETS] = [
        Set::C0Control,
        Set::Fragment,
        Set::Query,
        Set::SpecialQuery,
        Set::Path,
        Set::Userinfo,
        Set::Component,
        Set::Form,
        Set::ForbiddenHost,
        Set::ForbiddenDomain,
        Set::UrlCodePoint,
    ];

    #[test]
    fn the_grammars_sets_are_the_specs() {
        for set in ALL {
            let spec = ascii_of_the_spec(set);
            for b in 0..0x80u8 {
                assert_eq!(
                    BUILTIN.set(set).contains(char::from(b)),
                    spec.contains(&b),
                    "{set:?} {b:#x}"
                );
            }
        }
        // Percent-encode sets hold every code point above U+007E; forbidden code points none.
        for c in ['\u{80}', 'é', '\u{FFFF}', '\u{10FFFF}'] {
            for set in &ALL[..8] {
                assert!(BUILTIN.set(*set).contains(c), "{set:?} {c:?}");
            }
            assert!(!BUILTIN.set(Set::ForbiddenHost).contains(c));
        }
    }

    #[test]
    fn url_code_points_beyond_ascii_leave_out_noncharacters() {
        let url = BUILTIN.set(Set::UrlCodePoint);
        for c in [
            '\u{A0}',
            '\u{D7FF}',
            '\u{E000}',
            '\u{FDCF}',
            '\u{FDF0}',
            '\u{1F600}',
            '\u{10FFFD}',
        ] {
            assert!(url.contains(c), "{c:?}");
        }
        for c in [
            '\u{7F}',
            '\u{9F}',
            '\u{FDD0}',
            '\u{FDEF}',
            '\u{FFFE}',
            '\u{1FFFF}',
            '\u{10FFFF}',
        ] {
            assert!(!url.contains(c), "{c:?}");
        }
    }

    #[test]
    fn finds_the_first_byte_a_set_may_hold_at_every_place() {
        let path = BUILTIN.set(Set::Path);
        for len in 0..40 {
            assert_eq!(path.first_byte_it_may_hold("a".repeat(len).as_bytes()), len);
            for at in 0..len {
                for held in [" ", "?", "é"] {
                    let text = format!("{}{held}{}", "b".repeat(at), "c".repeat(len - at));
                    assert_eq!(path.first_byte_it_may_hold(text.as_bytes()), at, "{text:?}");
                }
            }
        }
    }

    #[test]
    fn the_scheme_table_is_the_specs() {
        let kind = |s| BUILTIN.scheme_kind(s);
        for (scheme, port) in [("ftp", Some(21)), ("http", Some(80)), ("https", Some(443))] {
            assert!(kind(scheme).is_special() && kind(scheme).default_port() == port);
        }
        for (scheme, port) in [("ws", Some(80)), ("wss", Some(443)), ("file", None)] {
            assert!(kind(scheme).is_special() && kind(scheme).default_port() == port);
        }
        assert!(kind("file").is_file() && kind("ws").is_websocket());
        assert!(!kind("gopher").is_special() && !kind("HTTP").is_special());
        for (i, name) in NAMED.iter().enumerate() {
            assert_eq!(kind(name).name() as usize, i, "{name}");
        }
    }
}
