//! The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer): a host the
//! host parser returned, written where the URL is written. The usual host is the input's own
//! text (borrowed) or made from it where it is written (lowercased, or an IP address
//! serialized): no text of its own is made on the heap unless ToASCII, percent-decoding or
//! percent-encoding made one, or the host parser lowercased an upper-case domain that may end
//! in a number for the `ipv4` rule to read.

use alloc::borrow::Cow;
use alloc::string::String;
use core::net::{Ipv4Addr, Ipv6Addr};

/// A host as the host parser returns it, to be serialized.
#[derive(Debug)]
pub(super) enum SerializedHost<'d> {
    /// A domain, opaque host or empty host whose serialization is this text.
    Text(Cow<'d, str>),
    /// An ASCII domain whose serialization is this text lowercased.
    Lowercased(&'d str),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
}

impl<'d> SerializedHost<'d> {
    /// The host serializer: appends the host's serialization to `out`.
    pub(super) fn write_to(&self, out: &mut String) {
        match self {
            // "If host is an IPv4 address, return the result of running the IPv4 serializer
            // on host."
            SerializedHost::Ipv4(address) => serialize_ipv4(*address, out),
            // "Otherwise, if host is an IPv6 address, return U+005B ([), followed by the result
            // of running the IPv6 serializer on host, followed by U+005D (])."
            SerializedHost::Ipv6(address) => {
                out.push('[');
                serialize_ipv6(address, out);
                out.push(']');
            }
            // "Otherwise, host is a domain, opaque host, or empty host, return host."
            SerializedHost::Text(text) => out.push_str(text),
            SerializedHost::Lowercased(text) => {
                let start = out.len();
                out.push_str(text);
                out[start..].make_ascii_lowercase();
            }
        }
    }

    /// The host's serialization: the input's text when it is that, else a text of its own.
    pub(super) fn into_text(self) -> Cow<'d, str> {
        match self {
            SerializedHost::Text(text) => text,
            other => {
                let mut text = String::new();
                other.write_to(&mut text);
                Cow::Owned(text)
            }
        }
    }

    /// Whether the host is the domain "localhost".
    pub(super) fn is_localhost(&self) -> bool {
        match self {
            SerializedHost::Text(text) => text == "localhost",
            SerializedHost::Lowercased(text) => text.eq_ignore_ascii_case("localhost"),
            SerializedHost::Ipv4(_) | SerializedHost::Ipv6(_) => false,
        }
    }
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer), appending to
/// `out`.
pub(crate) fn serialize_ipv4(address: Ipv4Addr, out: &mut String) {
    // Room first, then each digit pushed masked to ASCII, as `percent::push_decimal` does: a
    // store each, without a check of the room or of the character's length.
    out.reserve(15);
    let mut push = |b: u8| out.push(char::from(b & 0x7f));
    // "Let n be the value of address. For each i in the range 1 to 4, inclusive: Prepend n %
    // 256, serialized, to output. If i is not 4, then prepend U+002E (.) to output. Set n to
    // floor(n / 256)." Prepending from the last number is appending from the first: the four
    // octets in order, "." between, each in decimal from its highest digit that is not zero
    // (the last digit always).
    for (i, octet) in address.octets().into_iter().enumerate() {
        if i > 0 {
            push(b'.');
        }
        if octet >= 100 {
            push(b'0' + octet / 100);
        }
        if octet >= 10 {
            push(b'0' + octet / 10 % 10);
        }
        push(b'0' + octet % 10);
    }
}

/// The [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer) (no brackets),
/// appending to `out`. (Each piece's digits pushed one by one cost fewer instructions than a
/// text made on the stack and checked as UTF-8 before one copy.)
pub(crate) fn serialize_ipv6(address: &Ipv6Addr, out: &mut String) {
    let pieces = address.segments();
    // "Let compress be an index to the first IPv6 piece in the first longest sequences of
    // address's IPv6 pieces that are 0." Only sequences longer than one count.
    let (mut compress, mut best_len, mut i) = (None, 1, 0);
    while i < 8 {
        if pieces[i] == 0 {
            let start = i;
            while i < 8 && pieces[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                compress = Some(start);
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    // "Let ignore0 be false."
    let mut ignore0 = false;
    // "For each pieceIndex in the range 0 to 7, inclusive:"
    for (index, piece) in pieces.into_iter().enumerate() {
        // "If ignore0 is true and address[pieceIndex] is 0, then continue." "Otherwise, if
        // ignore0 is true, set ignore0 to false."
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        // "If compress is pieceIndex, then: Let separator be "::" if pieceIndex is 0, and
        // U+003A (:) otherwise. Append separator to output. Set ignore0 to true and continue."
        if compress == Some(index) {
            out.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        // "Append address[pieceIndex], represented as the shortest possible lowercase
        // hexadecimal number, to output."
        crate::percent::push_lower_hex(out, piece);
        // "If pieceIndex is not 7, then append U+003A (:) to output."
        if index != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn ipv6_serializes_with_the_first_longest_zero_run_compressed() {
        let cases = [
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("0:0:0:0:0:0:0:0", "::"),
            ("1:0:1:0:1:0:1:0", "1:0:1:0:1:0:1:0"),
            ("0:0:1:0:0:1:0:0", "::1:0:0:1:0:0"),
            ("1:2:3:4:5:6:7:0", "1:2:3:4:5:6:7:0"),
        ];
        for (input, expected) in cases {
            let address: Ipv6Addr = input.parse().unwrap();
            let mut s = String::new();
            serialize_ipv6(&address, &mut s);
            assert_eq!(s, expected, "{input}");
        }
    }

    /// Every octet in every place is written as the standard library writes the address.
    #[test]
    fn ipv4_serializes_each_octet_in_decimal() {
        for octet in 0..=255u8 {
            let places = [
                [octet, 0, 0, 0],
                [1, octet, 255, 9],
                [10, 99, octet, 100],
                [0, 0, 0, octet],
            ];
            for octets in places {
                let address = Ipv4Addr::from(octets);
                let mut out = String::from("x");
                serialize_ipv4(address, &mut out);
                assert_eq!(out, format!("x{address}"));
            }
        }
    }

    /// Each kind of host is written where it is written as on its own, after what is there.
    #[test]
    fn a_host_is_written_after_what_is_there_as_on_its_own() {
        let hosts = [
            (
                SerializedHost::Text(Cow::Borrowed("example.com")),
                "example.com",
            ),
            (
                SerializedHost::Text(Cow::Owned("xn--bcher-kva.de".into())),
                "xn--bcher-kva.de",
            ),
            (SerializedHost::Lowercased("ExAmple.COM"), "example.com"),
            (
                SerializedHost::Ipv4(Ipv4Addr::new(10, 0, 255, 1)),
                "10.0.255.1",
            ),
            (SerializedHost::Ipv6(Ipv6Addr::LOCALHOST), "[::1]"),
        ];
        for (host, expected) in hosts {
            let mut out = String::from("https://U@");
            host.write_to(&mut out);
            assert_eq!(out, format!("https://U@{expected}"));
            assert_eq!(host.into_text(), expected);
        }
    }

    #[test]
    fn localhost_in_either_case_is_localhost() {
        assert!(SerializedHost::Text(Cow::Borrowed("localhost")).is_localhost());
        assert!(SerializedHost::Lowercased("LocalHost").is_localhost());
        assert!(!SerializedHost::Lowercased("LocalHost.").is_localhost());
        assert!(!SerializedHost::Ipv4(Ipv4Addr::LOCALHOST).is_localhost());
        assert!(!SerializedHost::Ipv6(Ipv6Addr::LOCALHOST).is_localhost());
    }

    /// The IPv6 serializer's text by another writer: the standard library's, which follows
    /// RFC 5952 (the first longest run of two or more zero pieces compressed, lowercase hex
    /// without leading zeros), as the spec does, but for an IPv4-mapped address, which it writes
    /// with a dotted IPv4 tail where the spec writes two pieces.
    fn ipv6_by_the_standard_library(pieces: [u16; 8]) -> String {
        let text = Ipv6Addr::from(pieces).to_string();
        match text.contains('.') {
            true => format!("::ffff:{:x}:{:x}", pieces[6], pieces[7]),
            false => text,
        }
    }

    /// Every address of pieces 0, 1, 0xabc and 0xffff (all runs of zeros, ties among them, every
    /// digit count) is written as an independent writer of the same rules writes it.
    #[test]
    fn ipv6_serializes_as_rfc_5952_writes_every_address_of_four_pieces() {
        let values = [0, 1, 0xabc, 0xffff];
        for n in 0..4usize.pow(8) {
            let pieces: [u16; 8] = core::array::from_fn(|i| values[n >> (2 * i) & 3]);
            let mut out = String::new();
            serialize_ipv6(&Ipv6Addr::from(pieces), &mut out);
            assert_eq!(out, ipv6_by_the_standard_library(pieces), "{pieces:?}");
        }
    }
}
