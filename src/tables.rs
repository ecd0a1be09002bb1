//! The spec's code point sets and its table of special schemes, as the builder uses them. They
//! are rules of the grammar (`grammar/url.pest`, see `codegen/sets.rs` for how a rule is read):
//! build.rs compiles the built-in grammar's into [`BUILTIN`], and a grammar loaded at run time
//! derives its own with the same reader, so no set is written down twice.

use alloc::borrow::Cow;

use crate::record::{SchemeKind, SchemeName};

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

/// The offset of the first byte of `bytes` that `table` holds, or the length ([`leading`]: the
/// usual text, none of whose bytes the table holds, costs one branch per eight bytes).
#[inline]
pub(crate) fn first_byte_in(bytes: &[u8], table: &[bool; 256]) -> usize {
    leading(bytes, 0, &Held(table))
}

/// The bytes that stop a scan ([`leading`]), as eight tables, one per place in a step of eight
/// bytes: the table of place `i` gives `1 << i` for a byte that stops the scan and 0 for any
/// other, so a step gathers its stops with one load and one "or" a byte (2 KiB, built at compile
/// time for the generated parsers' scans and the built-in grammar's sets).
#[derive(Clone)]
pub(crate) struct Stops([[u8; 256]; 8]);

impl core::fmt::Debug for Stops {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let stops: alloc::vec::Vec<usize> = (0..256).filter(|&b| self.0[0][b] != 0).collect();
        f.debug_tuple("Stops").field(&stops).finish()
    }
}

impl Stops {
    /// The stops of a run of bytes of `class` (`inside`) or of bytes not in it (`!inside`).
    pub(crate) const fn of(class: &[bool; 256], inside: bool) -> Stops {
        let mut places = [[0; 256]; 8];
        let mut b = 0;
        while b < 256 {
            if class[b] != inside {
                let mut i = 0;
                while i < 8 {
                    places[i][b] = 1 << i;
                    i += 1;
                }
            }
            b += 1;
        }
        Stops(places)
    }
}

/// The stops of a scan, as [`leading`] reads them: `1 << i` for a byte at place `i` of a step
/// that stops the scan, 0 for any other.
pub(crate) trait StopBits {
    /// `1 << i` if `b` stops the scan, else 0 (`i` below 8).
    fn at(&self, i: usize, b: u8) -> u8;
}

impl StopBits for Stops {
    #[inline(always)]
    fn at(&self, i: usize, b: u8) -> u8 {
        self.0[i][usize::from(b)]
    }
}

/// The bytes a table holds, as stops: for tables made at run time (a grammar's sets), where a
/// [`Stops`] of each would cost 2 KiB; a byte costs a shift more.
pub(crate) struct Held<'a>(pub(crate) &'a [bool; 256]);

impl StopBits for Held<'_> {
    #[inline(always)]
    fn at(&self, i: usize, b: u8) -> u8 {
        u8::from(self.0[usize::from(b)]) << i
    }
}

/// The bytes of `word` (eight bytes, little-endian) that equal `byte`, as the high bit of each
/// such byte: exactly, without a borrow between bytes. A byte's high bit is set in `nonzero`
/// when it differs from `byte`: its low seven bits (of the XOR) plus 0x7f reach the high bit
/// unless they are all zero, and no sum passes its byte.
#[inline(always)]
pub(crate) fn bytes_equal_to(word: u64, byte: u8) -> u64 {
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ (0x0101_0101_0101_0101 * u64::from(byte));
    let nonzero = ((x & LOW_SEVEN) + LOW_SEVEN) | x;
    !nonzero & !LOW_SEVEN
}

/// Whether `table` holds any byte of `bytes`: eight bytes a step, their answers joined without a
/// branch, and the last eight read again for the bytes after the last full step (reading a byte
/// twice changes no answer), so that only an input of fewer than eight is read byte by byte.
#[inline]
pub(crate) fn any_byte_in(bytes: &[u8], table: &[bool; 256]) -> bool {
    let held = |any: bool, b: &u8| any | table[usize::from(*b)];
    let Some(last_eight) = bytes.len().checked_sub(8) else {
        return bytes.iter().fold(false, held);
    };
    let tail = bytes[last_eight..].iter().fold(false, held);
    bytes
        .chunks_exact(8)
        .fold(tail, |any, eight| any | eight.iter().fold(false, held))
}

/// Where a scan from `from` ends: at the first byte `stops` stops on, or at the end. Eight
/// bytes a step, their stops gathered in a mask without a branch, so that a scan branches once a
/// step and its end is one branch, wherever it falls in the step. Fewer than eight bytes before
/// the end are read as the input's last eight, the places before `from` shifted out of the mask
/// and the end of the input a stop.
#[inline(always)]
pub(crate) fn leading(bytes: &[u8], from: usize, stops: &impl StopBits) -> usize {
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut mask = 0u8;
        for (i, &b) in chunk.iter().enumerate() {
            mask |= stops.at(i, b);
        }
        if mask != 0 {
            return at + mask.trailing_zeros() as usize;
        }
        at += 8;
    }
    if let Some(last_eight) = bytes.len().checked_sub(8) {
        // `at` is past `last_eight` (fewer than eight bytes are left) and at most the length.
        let mut mask = 0u8;
        for (i, &b) in bytes[last_eight..].iter().enumerate() {
            mask |= stops.at(i, b);
        }
        let mask = (u32::from(mask) | 1 << 8) >> (at - last_eight);
        return at + mask.trailing_zeros() as usize;
    }
    // An input of fewer than eight bytes.
    while let Some(&b) = bytes.get(at) {
        if stops.at(0, b) != 0 {
            return at;
        }
        at += 1;
    }
    at
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
    pub(crate) url_unit_suspects: [bool; 256],
}

// `BUILTIN`: the tables of `grammar/url.pest`, written by build.rs (codegen::tables).
include!(concat!(env!("OUT_DIR"), "/tables.rs"));

impl Tables {
    /// The tables of `sets` (in [`Set`]'s order) and `special_schemes`.
    pub(crate) const fn new(
        sets: [CodePointSet; SETS],
        special_schemes: Cow<'static, [SpecialScheme]>,
    ) -> Tables {
        let url_unit_suspects = sets[Set::UrlCodePoint as usize].outside_or_percent();
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
            domain_bytes,
        }
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
mod tests {
    use super::*;

    /// `any_byte_in` answers as a byte-by-byte look does, for every length around the step and
    /// every place of the one held byte (or none).
    #[test]
    fn any_byte_in_finds_a_held_byte_anywhere() {
        let mut table = [false; 256];
        table[usize::from(b'|')] = true;
        for len in 0..=20 {
            for held in 0..=len {
                let bytes: Vec<u8> = (0..len)
                    .map(|i| if i == held { b'|' } else { b'a' })
                    .collect();
                assert_eq!(any_byte_in(&bytes, &table), held < len, "{bytes:?}");
            }
        }
    }

    /// The scan stops where a byte-by-byte one does, from every place, on every pattern of
    /// stops in inputs of up to 11 bytes (before, inside and after a step of eight, and shorter
    /// than one) and on each single stop in inputs of up to 40, inside and outside the class.
    #[test]
    fn leading_stops_at_the_first_byte_that_stops_it() {
        let mut class = [false; 256];
        class[usize::from(b'a')] = true;
        let check = |bytes: &[u8]| {
            for from in 0..=bytes.len() {
                let want = (from..bytes.len())
                    .find(|&i| bytes[i] == b'/')
                    .unwrap_or(bytes.len());
                assert_eq!(
                    leading(bytes, from, &Stops::of(&class, true)),
                    want,
                    "{bytes:?} {from}"
                );
                let flipped: Vec<u8> = bytes
                    .iter()
                    .map(|&b| if b == b'a' { b'/' } else { b'a' })
                    .collect();
                let got = leading(&flipped, from, &Stops::of(&class, false));
                assert_eq!(got, want, "{flipped:?} {from}");
            }
        };
        for len in 0..=11 {
            for pattern in 0..1u32 << len {
                let bytes: Vec<u8> = (0..len)
                    .map(|i| if pattern >> i & 1 == 1 { b'/' } else { b'a' })
                    .collect();
                check(&bytes);
            }
        }
        for len in 12..=40 {
            for stop in 0..=len {
                let bytes: Vec<u8> = (0..len)
                    .map(|i| if i == stop { b'/' } else { b'a' })
                    .collect();
                check(&bytes);
            }
        }
    }

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

    const ALL: [Set; SETS] = [
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
