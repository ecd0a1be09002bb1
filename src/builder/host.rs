//! `host`, `opaque_host` and `file_host`: the [host parser](https://url.spec.whatwg.org/#concept-host-parser),
//! the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) and the
//! [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser).

use alloc::borrow::Cow;
use alloc::string::String;
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::long_labels::to_ascii_with_long_labels;
use super::strict_domain::passes_strict_to_ascii;
use super::url::is_windows_drive_letter;
use super::{span, Builder, Node};
use crate::error::{ErrorCode, ParseError, ParseErrorKind};
use crate::generated::Generated;
use crate::grammar::{Production, Productions};
use crate::percent;
use crate::record::HostKind;
use crate::tables::Set;
use crate::tokens::Few;

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// `host` and `opaque_host`: host-parse the leaf and write its serialization.
    pub(super) fn host(&mut self, node: Node<'_>, opaque: bool) -> Result<(), ParseError> {
        let at = span(&node);
        let text = node.as_str();
        let (kind, serialized) = self.host_parser(text, at, opaque)?;
        self.out.host(kind, &serialized);
        Ok(())
    }

    /// `file_host`: the [file host state](https://url.spec.whatwg.org/#file-host-state).
    pub(super) fn file_host(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let at = span(&node);
        let text = node.as_str();
        // "If state override is not given and buffer is a Windows drive letter,
        // file-invalid-Windows-drive-letter-host validation error, set state to path state."
        // The buffer becomes the path's first segment.
        if is_windows_drive_letter(text) {
            self.report(ErrorCode::FileInvalidWindowsDriveLetterHost, at);
            self.write_empty_host();
            // The path state: "If url's scheme is "file", url's path is empty, and buffer is a
            // Windows drive letter, then replace the second code point in buffer with U+003A (:)."
            self.out.segment(|out| {
                out.push_str(&text[..1]);
                out.push(':');
            });
            return Ok(());
        }
        // "Otherwise, if buffer is the empty string, then: Set url's host to the empty string."
        if text.is_empty() {
            self.write_empty_host();
            return Ok(());
        }
        let (kind, serialized) = self.host_parser(text, at, false)?;
        self.out.start_authority();
        // "If host is "localhost", then set host to the empty string."
        if kind == HostKind::Domain && serialized == "localhost" {
            self.out.host(HostKind::Empty, "");
        } else {
            self.out.host(kind, &serialized);
        }
        self.out.end_authority();
        Ok(())
    }

    /// The host parser, given a host leaf at `at`. Returns the host's kind and serialization.
    pub(super) fn host_parser<'d>(
        &mut self,
        input: &'d str,
        at: Range<usize>,
        opaque: bool,
    ) -> Result<(HostKind, Cow<'d, str>), ParseError> {
        // "If input starts with U+005B ([), then: If input does not end with U+005D (]),
        // IPv6-unclosed validation error, return failure."
        if let Some(inner) = input.strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                return Err(self.fail(ErrorCode::Ipv6Unclosed, at));
            };
            // "Return the result of IPv6 parsing input with its leading U+005B ([) and trailing
            // U+005D (]) removed."
            let address = self.ipv6(inner, at.start + 1)?;
            let mut s = String::with_capacity(41);
            s.push('[');
            serialize_ipv6(&address, &mut s);
            s.push(']');
            return Ok((HostKind::Ipv6, Cow::Owned(s)));
        }
        // "If isOpaque is true, then return the result of opaque-host parsing input."
        if opaque {
            return self.opaque_host(input, at);
        }
        // "If input contains a percent-encoded byte, domain-percent-encoded validation error."
        let kinds = byte_kinds(input, &self.source.tables().domain_bytes);
        let has_percent = kinds & PERCENT != 0;
        if has_percent && percent::has_percent_encoded_byte(input) {
            self.report(ErrorCode::DomainPercentEncoded, at.clone());
        }
        // "Let domain be the result of running UTF-8 decode without BOM on the percent-decoding
        // of input." "Let asciiDomain be the result of running domain parser with domain and
        // false." (A domain already ASCII and lowercase is borrowed, not copied.)
        let (ascii, domain_is_ascii): (Cow<'d, str>, bool) = if has_percent {
            let domain = String::from_utf8_lossy(&percent::decode(input)).into_owned();
            let kinds = byte_kinds(&domain, &self.source.tables().domain_bytes);
            let ascii = self.domain_parser(&domain, kinds, at.clone())?.into_owned();
            (Cow::Owned(ascii), kinds & NON_ASCII == 0)
        } else {
            let ascii = self.domain_parser(input, kinds, at.clone())?;
            (ascii, kinds & NON_ASCII == 0)
        };
        // "If asciiDomain ends in a number: If domain is not an ASCII string,
        // IPv4-non-ASCII-input validation error. Return the result of IPv4 parsing asciiDomain."
        // The checker and the IPv4 parser read the `ipv4` rule's one tree, made unless one byte
        // tells that the domain does not end in a number.
        let ipv4 = if may_end_in_a_number(ascii.as_bytes()) {
            let source = self.source;
            let read = |parts: &Node<'_>| {
                if !ends_in_a_number(parts) {
                    return None;
                }
                if !domain_is_ascii {
                    self.report(ErrorCode::Ipv4NonAsciiInput, at.clone());
                }
                Some(self.ipv4(parts, at.clone()))
            };
            with_ipv4_tree(source, &ascii, read)
                .ok_or_else(|| self.unexpected(Production::Ipv4, at.clone()))?
        } else {
            None
        };
        if let Some(address) = ipv4 {
            let address = address?;
            let mut serialized = String::with_capacity(15);
            serialize_ipv4(address, &mut serialized);
            return Ok((HostKind::Ipv4, Cow::Owned(serialized)));
        }
        Ok((HostKind::Domain, ascii))
    }

    /// The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) with beStrict
    /// false.
    fn domain_parser<'d>(
        &mut self,
        domain: &'d str,
        kinds: u8,
        at: Range<usize>,
    ) -> Result<Cow<'d, str>, ParseError> {
        // "Let strictResult be the result of running domain parser ToASCII with domain and true.
        // If strictResult is a failure value, domain-to-ASCII validation error." Only a listener
        // needs it. A domain beyond ASCII that strict ToASCII takes has the same result without
        // `strict` (strict only adds checks: the ASCII deny list, hyphens, DNS lengths; the
        // mapping is the same), so that result then serves as the one below.
        let (strict, strict_failed) = match (self.wants_errors(), kinds & NON_ASCII != 0) {
            (false, _) => (None, false),
            (true, true) => {
                let strict = domain_to_ascii(domain, true);
                let failed = strict.is_none();
                (strict, failed)
            }
            (true, false) => (None, strict_to_ascii_fails(domain, 0..domain.len())),
        };
        // `kinds` (of the domain's bytes) tells whether it is ASCII, has upper case letters or
        // forbidden domain code points.
        let result: Cow<'d, str> = if kinds & NON_ASCII == 0 {
            // "If domain is an ASCII string, then set result to domain, lowercased."
            if kinds & UPPER != 0 {
                Cow::Owned(domain.to_ascii_lowercase())
            } else {
                Cow::Borrowed(domain)
            }
        } else if let Some(result) = strict {
            Cow::Owned(result)
        } else {
            // "Set result to the result of running domain parser ToASCII with domain and false.
            // If result is a failure value, then return failure."
            match domain_to_ascii(domain, false) {
                Some(result) => Cow::Owned(result),
                None => return Err(self.fail(ErrorCode::DomainToAscii, at)),
            }
        };
        if strict_failed {
            self.report(ErrorCode::DomainToAscii, at.clone());
        }
        // "If result is the empty string, then return failure."
        if result.is_empty() {
            return Err(self.fail_silently(ParseErrorKind::EmptyDomain, at));
        }
        // "If result contains a forbidden domain code point, then return failure." Lowercasing
        // keeps an ASCII domain's kinds; ToASCII's result is looked at afresh.
        let kinds = if kinds & NON_ASCII == 0 {
            kinds
        } else {
            byte_kinds(&result, &self.source.tables().domain_bytes)
        };
        if kinds & FORBIDDEN != 0 {
            return Err(self.fail_silently(ParseErrorKind::ForbiddenDomainCodePoint, at));
        }
        Ok(result)
    }

    /// The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser).
    #[inline(never)]
    fn opaque_host<'d>(
        &mut self,
        input: &'d str,
        at: Range<usize>,
    ) -> Result<(HostKind, Cow<'d, str>), ParseError> {
        // "If input contains a forbidden host code point, host-invalid-code-point validation
        // error, return failure."
        if let Some((i, c)) = input
            .char_indices()
            .find(|&(_, c)| self.table(Set::ForbiddenHost).contains(c))
        {
            let from = at.start + i;
            return Err(self.fail(ErrorCode::HostInvalidCodePoint, from..from + c.len_utf8()));
        }
        // "If input contains a code point that is not a URL code point and not U+0025 (%),
        // invalid-URL-unit validation error." "If input contains a U+0025 (%) and the two code
        // points following it are not ASCII hex digits, invalid-URL-unit validation error."
        // One error each at most, at the first such code point. (Only a listener needs them.)
        if self.wants_errors() {
            let (mut code_point, mut percent) = (None, None);
            for unit in self.invalid_url_units(input) {
                let first = if unit.1 {
                    &mut percent
                } else {
                    &mut code_point
                };
                first.get_or_insert(unit);
                if code_point.is_some() && percent.is_some() {
                    break;
                }
            }
            for (i, _, width) in [code_point, percent].into_iter().flatten() {
                let from = at.start + i;
                self.report(ErrorCode::InvalidUrlUnit, from..from + width);
            }
        }
        // "Return the result of running UTF-8 percent-encode on input using the C0 control
        // percent-encode set."
        let encoded = percent::encode(input, self.table(Set::C0Control));
        let kind = if encoded.is_empty() {
            HostKind::Empty
        } else {
            HostKind::Opaque
        };
        Ok((kind, encoded))
    }
}

/// Whether domain parser ToASCII with beStrict true fails on the ASCII domain at `at` in
/// `text`: the domain parser's domain-to-ASCII validation error. The shortcut reads the
/// domain's bytes (the usual domain needs no look at character boundaries); ToASCII, when the
/// shortcut cannot tell, its text.
#[inline(always)]
pub(super) fn strict_to_ascii_fails(text: &str, at: Range<usize>) -> bool {
    !text
        .as_bytes()
        .get(at.clone())
        .is_some_and(passes_strict_to_ascii)
        && text.get(at).is_some_and(strict_to_ascii_refuses)
}

/// Whether strict [`domain_to_ascii`] fails on `domain`: out of line, as the usual domain does
/// not get here ([`passes_strict_to_ascii`]).
#[cold]
#[inline(never)]
fn strict_to_ascii_refuses(domain: &str) -> bool {
    domain_to_ascii(domain, true).is_none()
}

/// Whether strict [`domain_to_ascii`] of `domain` ends in a number, or `None` when it fails
/// (or when the built-in grammar's `ipv4` rule, which reads any domain, does not match): what a
/// valid domain is not. For the usual domain ([`passes_strict_to_ascii`]) ToASCII only
/// lowercases it, and the ends-in-a-number checker reads either case: it is not run.
/// Inlined into its one caller, the writing grammar's check of a valid domain string, so that
/// the usual domain is read there without a call; the rare one goes to
/// [`to_ascii_ends_in_a_number`].
#[inline]
pub(crate) fn strict_ascii_ends_in_a_number(domain: &str) -> Option<bool> {
    if passes_strict_to_ascii(domain.as_bytes()) {
        return domain_ends_in_a_number(&Generated, domain);
    }
    to_ascii_ends_in_a_number(domain)
}

/// [`strict_ascii_ends_in_a_number`] for a domain the shortcut is not sure of, by strict
/// ToASCII itself. Out of line and cold, as [`strict_to_ascii_refuses`]: ToASCII's code would
/// otherwise be inlined where the usual domain is checked, and few domains get here.
#[cold]
#[inline(never)]
fn to_ascii_ends_in_a_number(domain: &str) -> Option<bool> {
    domain_to_ascii(domain, true).and_then(|ascii| domain_ends_in_a_number(&Generated, &ascii))
}

/// [Domain parser ToASCII](https://url.spec.whatwg.org/#domain-parser-toascii): Unicode
/// ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to `strict`.
pub(crate) fn domain_to_ascii(domain: &str, strict: bool) -> Option<String> {
    let (deny, hyphens, dns) = if strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    match Uts46::new().to_ascii(domain.as_bytes(), deny, hyphens, dns) {
        Ok(ascii) => Some(ascii.into_owned()),
        // The idna crate refuses non-ASCII labels longer than 1000 code points; the spec does
        // not. (With VerifyDnsLength such a label fails anyway: its Punycode is too long.)
        Err(_) if !strict => to_ascii_with_long_labels(domain),
        Err(_) => None,
    }
}

/// [`domain_byte_kinds`]'s kinds of byte.
const UPPER: u8 = 1;
const FORBIDDEN: u8 = 2;
const NON_ASCII: u8 = 4;
const PERCENT: u8 = 8;

/// Each byte's kinds: an ASCII upper case letter, a forbidden domain code point (as
/// `forbidden`, the forbidden domain code points' byte table, says), not ASCII, "%".
pub(crate) const fn domain_byte_kinds(forbidden: &[bool; 256]) -> [u8; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = if b >= 128 {
            NON_ASCII
        } else {
            let mut kinds = 0;
            if forbidden[b] {
                kinds |= FORBIDDEN;
            }
            if b == b'%' as usize {
                kinds |= PERCENT;
            }
            if (b as u8).is_ascii_uppercase() {
                kinds |= UPPER;
            }
            kinds
        };
        b += 1;
    }
    table
}

/// The kinds of the bytes of `text`, in one pass.
#[inline]
pub(super) fn byte_kinds(text: &str, table: &[u8; 256]) -> u8 {
    text.bytes()
        .fold(0, |kinds, b| kinds | table[usize::from(b)])
}

/// Whether `domain` may end in a number: its last byte is one that a number's last part ends
/// in (an ASCII digit or hex digit, or the "x" of "0x"), or "." (before an empty last part).
/// One byte tells it for most domains, which end in another letter; the grammar's parts tell
/// the rest ([`ends_in_a_number`]).
#[inline]
pub(super) fn may_end_in_a_number(domain: &[u8]) -> bool {
    domain
        .last()
        .is_some_and(|b| b.is_ascii_hexdigit() || matches!(b, b'x' | b'X' | b'.'))
}

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker) on
/// `domain`, whose parts `source`'s `ipv4` rule finds. Inlined: most domains are told by
/// [`may_end_in_a_number`]'s one byte, and the rule runs out of line for the others. None
/// when the rule does not match (a grammar loaded at run time may have changed it): the
/// checker cannot tell, and the caller does not take the domain as one.
#[inline]
pub(crate) fn domain_ends_in_a_number<S: Productions + ?Sized>(
    source: &S,
    domain: &str,
) -> Option<bool> {
    if may_end_in_a_number(domain.as_bytes()) {
        parts_end_in_a_number(source, domain)
    } else {
        Some(false)
    }
}

/// [`domain_ends_in_a_number`] for a domain that may: the `ipv4` rule run.
#[inline(never)]
pub(super) fn parts_end_in_a_number<S: Productions + ?Sized>(
    source: &S,
    domain: &str,
) -> Option<bool> {
    with_ipv4_tree(source, domain, ends_in_a_number)
}

/// `read` on the root of the tree of `source`'s `ipv4` rule on `domain`; None when the rule
/// does not match. The usual domain's tree is made in a few tokens on the stack
/// ([`Productions::parse_ipv4`]); a domain of more parts, or a source without that way, has
/// its tree made by [`Productions::parse`].
#[inline]
fn with_ipv4_tree<S: Productions + ?Sized, T>(
    source: &S,
    domain: &str,
    read: impl FnOnce(&Node<'_>) -> T,
) -> Option<T> {
    let mut few = Few::new();
    if source.parse_ipv4(domain, &mut few) {
        if let Some(root) = few
            .tokens()
            .and_then(|tokens| Node::root_of(domain, tokens))
        {
            return Some(read(&root));
        }
    }
    let tree = source.parse(Production::Ipv4, domain, false)?;
    Some(read(&tree.root()))
}

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker) on
/// the node of an `ipv4` rule: "Let parts be the result of strictly splitting input on U+002E
/// (.)": the node's children (the end of input left out), each a part the grammar classified
/// by the IPv4 number parser's radix.
pub(super) fn ends_in_a_number(ipv4: &Node<'_>) -> bool {
    let parts = ipv4
        .children()
        .filter(|part| part.production() != Some(Production::Eoi));
    let (mut last, mut before_last) = (None, None);
    for part in parts {
        (last, before_last) = (Some(part), last);
    }
    // "If the last item in parts is the empty string, then: If parts's size is 1, return false.
    // Remove the last item from parts."
    let last = match (last, before_last) {
        (Some(last), _) if !last.as_str().is_empty() => last,
        (Some(_), Some(before_last)) => before_last,
        _ => return false,
    };
    // "If last is non-empty and contains only ASCII digits, then return true."
    let text = last.as_str();
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // "If parsing last as an IPv4 number does not return failure, then return true." The
    // grammar's radix rules are the numbers the IPv4 number parser takes.
    matches!(
        last.production(),
        Some(Production::Ipv4Hex | Production::Ipv4Octal | Production::Ipv4Decimal)
    )
}

/// The kind of host the host parser makes of `domain`, a domain the domain parser returns as it
/// is (ASCII, lowercase, no forbidden domain code point), when the host serializer writes it
/// as it is: a domain that does not end in a number, or an IPv4 address written as the IPv4
/// serializer writes it (its `ipv4` tree four radix-10 parts, each at most 255, which the IPv4
/// parser takes with no validation error, and the serializer's text the domain). None for any
/// other domain that ends in a number (the IPv4 parser writes it again, or fails), and when
/// `source`'s `ipv4` rule does not match.
#[inline]
pub(super) fn host_kind_as_written<S: Productions + ?Sized>(
    source: &S,
    domain: &str,
) -> Option<HostKind> {
    if !may_end_in_a_number(domain.as_bytes()) {
        return Some(HostKind::Domain);
    }
    kind_as_written_of_numbers(source, domain)
}

/// [`host_kind_as_written`] for a domain that may end in a number: the `ipv4` rule run. Out of
/// line, as [`parts_end_in_a_number`].
#[inline(never)]
pub(super) fn kind_as_written_of_numbers<S: Productions + ?Sized>(
    source: &S,
    domain: &str,
) -> Option<HostKind> {
    let kind = |parts: &Node<'_>| {
        // Four radix-10 parts, each at most 255: the IPv4 parser takes them with no validation
        // error. The serializer then writes the domain as it is when it writes the same text
        // (no leading zero, "." between the numbers). Such a domain ends in a number.
        let (mut octets, mut count) = ([0u8; 4], 0);
        let numbers = parts
            .children()
            .filter(|part| part.production() != Some(Production::Eoi))
            .all(|part| {
                let digits = part.as_str().as_bytes();
                let octet = (part.production() == Some(Production::Ipv4Decimal)
                    && (1..=3).contains(&digits.len())
                    && digits.iter().all(u8::is_ascii_digit))
                .then(|| digits.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
                .and_then(|n| u8::try_from(n).ok());
                match (octet, octets.get_mut(count)) {
                    (Some(octet), Some(slot)) => {
                        (*slot, count) = (octet, count + 1);
                        true
                    }
                    _ => false,
                }
            });
        let mut text = [0u8; 15];
        if numbers && count == 4 && ipv4_text(octets, &mut text) == domain.as_bytes() {
            return Some(HostKind::Ipv4);
        }
        // Any other domain that ends in a number is written again (or fails).
        (!ends_in_a_number(parts)).then_some(HostKind::Domain)
    };
    with_ipv4_tree(source, domain, kind)?
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer): the four
/// numbers in decimal, joined by ".", appended to `out`.
pub(crate) fn serialize_ipv4(address: Ipv4Addr, out: &mut String) {
    let mut text = [0u8; 15];
    // ASCII digits and dots.
    out.push_str(core::str::from_utf8(ipv4_text(address.octets(), &mut text)).unwrap_or_default());
}

/// The IPv4 serializer's text of the address of `octets`, written in `text`: each number in
/// decimal from its highest digit that is not zero (the last digit always), joined by ".".
fn ipv4_text(octets: [u8; 4], text: &mut [u8; 15]) -> &[u8] {
    let mut len = 0;
    let mut put = |b: u8| {
        text[len] = b;
        len += 1;
    };
    for (i, octet) in octets.into_iter().enumerate() {
        if i > 0 {
            put(b'.');
        }
        if octet >= 100 {
            put(b'0' + octet / 100);
        }
        if octet >= 10 {
            put(b'0' + octet / 10 % 10);
        }
        put(b'0' + octet % 10);
    }
    &text[..len]
}

/// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer) for an IPv6
/// address, without brackets: the first longest run of two or more zero pieces compressed.
pub(crate) fn serialize_ipv6(address: &Ipv6Addr, out: &mut String) {
    let pieces = address.segments();
    // "Let compress be an index to the first IPv6 piece in the first longest sequences of
    // address's IPv6 pieces that are 0." Only sequences longer than one count.
    let (mut best, mut best_len, mut i) = (None, 1, 0);
    while i < 8 {
        if pieces[i] == 0 {
            let start = i;
            while i < 8 && pieces[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                best = Some(start);
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    let mut ignore0 = false;
    for (index, piece) in pieces.iter().enumerate() {
        if ignore0 && *piece == 0 {
            continue;
        }
        ignore0 = false;
        if best == Some(index) {
            out.push_str(if index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        crate::percent::push_lower_hex(out, *piece);
        if index != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ends(domain: &str) -> bool {
        domain_ends_in_a_number(&Generated, domain).expect("the built-in ipv4 rule matches")
    }

    #[test]
    fn ends_in_a_number_as_the_spec_examples_say() {
        assert!(ends("1.2.3.4"));
        assert!(ends("a.0x"));
        assert!(ends("a.09."));
        assert!(ends("08"));
        assert!(!ends("a.b"));
        assert!(!ends("a.0xg"));
        assert!(!ends("1.2.."));
        assert!(!ends(""));
        assert!(!ends("."));
        assert!(!ends("example.de"));
    }

    /// The checker in the spec's words, on the string itself: split on ".", the last part
    /// (less an empty one after a "."), all digits or an IPv4 number (hex after "0x", octal
    /// after "0", or decimal).
    fn ends_by_the_spec(input: &str) -> bool {
        let mut parts: Vec<&str> = input.split('.').collect();
        if parts.last() == Some(&"") {
            if parts.len() == 1 {
                return false;
            }
            parts.pop();
        }
        let last = parts.last().copied().unwrap_or("");
        if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
            return true;
        }
        // The IPv4 number parser: "0x" or "0X" removed for radix 16, else a leading "0" of
        // two or more code points removed for radix 8.
        let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
        let octal = last.strip_prefix('0').filter(|_| last.len() > 1);
        let (digits, radix) = match (hex, octal) {
            (Some(digits), _) => (digits, 16),
            (None, Some(digits)) => (digits, 8),
            (None, None) => (last, 10),
        };
        !(radix == 10 && digits.is_empty()) && digits.chars().all(|c| c.is_digit(radix))
    }

    /// The checker on the grammar's parts answers as the spec's words do, on every string of
    /// up to four characters that matter to it (and one that is not ASCII).
    #[test]
    fn ends_in_a_number_is_the_spec_checker_on_every_short_string() {
        let alphabet = [".", "0", "1", "8", "a", "f", "g", "x", "X", "\u{e9}"];
        let mut strings = vec![String::new()];
        let mut compared = 0;
        for _ in 0..4 {
            strings = strings
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            for s in &strings {
                assert_eq!(ends(s), ends_by_the_spec(s), "{s:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 10 + 100 + 1_000 + 10_000);
    }

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

    #[test]
    fn forbidden_code_points() {
        let (host, domain) = (
            crate::tables::BUILTIN.set(crate::tables::Set::ForbiddenHost),
            crate::tables::BUILTIN.set(crate::tables::Set::ForbiddenDomain),
        );
        assert!(domain.contains('%'));
        assert!(domain.contains('\x7f'));
        assert!(!host.contains('%'));
        let kinds = crate::tables::BUILTIN.domain_bytes;
        assert_eq!(kinds[usize::from(b'%')], FORBIDDEN | PERCENT);
        assert_eq!(kinds[usize::from(b'A')], UPPER);
    }
}
