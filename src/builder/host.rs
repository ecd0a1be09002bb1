//! `host`, `opaque_host` and `file_host`: the [host parser](https://url.spec.whatwg.org/#concept-host-parser),
//! the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) and the
//! [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser).

use alloc::borrow::Cow;
use alloc::string::String;
use core::ops::Range;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::host_serializer::SerializedHost;
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
        self.out.host_by(kind, |out| serialized.write_to(out));
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
        if kind == HostKind::Domain && serialized.is_localhost() {
            self.out.host(HostKind::Empty, "");
        } else {
            self.out.host_by(kind, |out| serialized.write_to(out));
        }
        self.out.end_authority();
        Ok(())
    }

    /// The host parser, given a host leaf at `at`. Returns the host's kind and the host, to be
    /// serialized where it is written.
    pub(super) fn host_parser<'d>(
        &mut self,
        input: &'d str,
        at: Range<usize>,
        opaque: bool,
    ) -> Result<(HostKind, SerializedHost<'d>), ParseError> {
        // "If input starts with U+005B ([), then: If input does not end with U+005D (]),
        // IPv6-unclosed validation error, return failure."
        if let Some(inner) = input.strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                return Err(self.fail(ErrorCode::Ipv6Unclosed, at));
            };
            // "Return the result of IPv6 parsing input with its leading U+005B ([) and trailing
            // U+005D (]) removed."
            let address = self.ipv6(inner, at.start + 1)?;
            return Ok((HostKind::Ipv6, SerializedHost::Ipv6(address)));
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
        // false." (A domain already ASCII and lowercase is borrowed, not copied; one ASCII but
        // not lowercase is lowercased where it is written.)
        let (ascii, domain_is_ascii) = if has_percent {
            let domain = String::from_utf8_lossy(&percent::decode(input)).into_owned();
            let kinds = byte_kinds(&domain, &self.source.tables().domain_bytes);
            let ascii = self.domain_parser(&domain, kinds, at.clone())?;
            let ascii = SerializedHost::Text(Cow::Owned(ascii.into_text().into_owned()));
            (ascii, kinds & NON_ASCII == 0)
        } else {
            let ascii = self.domain_parser(input, kinds, at.clone())?;
            (ascii, kinds & NON_ASCII == 0)
        };
        // "If asciiDomain ends in a number: If domain is not an ASCII string,
        // IPv4-non-ASCII-input validation error. Return the result of IPv4 parsing asciiDomain."
        // The checker and the IPv4 parser read the `ipv4` rule's one tree, made unless the last
        // bytes tell that the domain does not end in a number (the same in either case): a
        // domain still to be lowercased that may is lowercased first, as the rule reads it.
        let ascii = match ascii {
            SerializedHost::Lowercased(domain) if may_end_in_a_number(domain.as_bytes()) => {
                SerializedHost::Text(Cow::Owned(domain.to_ascii_lowercase()))
            }
            ascii => ascii,
        };
        let ipv4 = match &ascii {
            SerializedHost::Text(ascii) if may_end_in_a_number(ascii.as_bytes()) => {
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
                with_ipv4_tree(source, ascii, read)
                    .ok_or_else(|| self.unexpected(Production::Ipv4, at.clone()))?
            }
            _ => None,
        };
        if let Some(address) = ipv4 {
            return Ok((HostKind::Ipv4, SerializedHost::Ipv4(address?)));
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
    ) -> Result<SerializedHost<'d>, ParseError> {
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
        // forbidden domain code points. ToASCII's result is a text of its own; an ASCII domain's
        // is the domain, lowercased where it is written.
        let to_ascii = match (kinds & NON_ASCII == 0, strict) {
            (true, _) => None,
            (false, Some(result)) => Some(result),
            // "Set result to the result of running domain parser ToASCII with domain and false.
            // If result is a failure value, then return failure."
            (false, None) => Some(
                domain_to_ascii(domain, false)
                    .ok_or_else(|| self.fail(ErrorCode::DomainToAscii, at.clone()))?,
            ),
        };
        if strict_failed {
            self.report(ErrorCode::DomainToAscii, at.clone());
        }
        let text = to_ascii.as_deref().unwrap_or(domain);
        // "If result is the empty string, then return failure."
        if text.is_empty() {
            return Err(self.fail_silently(ParseErrorKind::EmptyDomain, at));
        }
        // "If result contains a forbidden domain code point, then return failure." Lowercasing
        // keeps an ASCII domain's kinds; ToASCII's result is looked at afresh.
        let result_kinds = match to_ascii {
            None => kinds,
            Some(_) => byte_kinds(text, &self.source.tables().domain_bytes),
        };
        if result_kinds & FORBIDDEN != 0 {
            return Err(self.fail_silently(ParseErrorKind::ForbiddenDomainCodePoint, at));
        }
        Ok(match to_ascii {
            Some(result) => SerializedHost::Text(Cow::Owned(result)),
            // "If domain is an ASCII string, then set result to domain, lowercased."
            None if kinds & UPPER != 0 => SerializedHost::Lowercased(domain),
            None => SerializedHost::Text(Cow::Borrowed(domain)),
        })
    }

    /// The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser).
    #[inline(never)]
    fn opaque_host<'d>(
        &mut self,
        input: &'d str,
        at: Range<usize>,
    ) -> Result<(HostKind, SerializedHost<'d>), ParseError> {
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
        Ok((kind, SerializedHost::Text(encoded)))
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
/// in (an ASCII digit, the "x" of "0x"), or "." (before an empty last part); or it ends in hex
/// digits, one of them a letter, right after "0x" or "0X" (a part that ends in a letter is a
/// number only in hex: "example.de" is not one). The last bytes tell it for most domains,
/// which end in another letter or in a letter of a word; the grammar's parts tell the rest
/// ([`ends_in_a_number`]).
#[inline]
pub(super) fn may_end_in_a_number(domain: &[u8]) -> bool {
    let Some(&last) = domain.last() else {
        return false;
    };
    if !(last.is_ascii_hexdigit() || matches!(last, b'x' | b'X' | b'.')) {
        return false;
    }
    if !matches!(last, b'a'..=b'f' | b'A'..=b'F') {
        // A digit, "x", "X" or ".".
        return true;
    }
    let digits = domain.iter().rev().take_while(|b| b.is_ascii_hexdigit());
    let before = domain.len() - digits.count();
    matches!(domain.get(..before), Some([.., b'0', b'x' | b'X']))
}

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker) on
/// `domain`, whose parts `source`'s `ipv4` rule finds. Inlined: most domains are told by
/// [`may_end_in_a_number`]'s last bytes, and the rule runs out of line for the others. None
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
        // error. The serializer then writes the domain as it is when it writes the same text:
        // each number in decimal with no leading zero, "." between them and nothing else. Such
        // a domain ends in a number.
        let bytes = domain.as_bytes();
        let (mut count, mut from) = (0, 0);
        let as_written = parts
            .children()
            .filter(|part| part.production() != Some(Production::Eoi))
            .all(|part| {
                let at = part.span();
                let followed = match count {
                    3 => at.end == bytes.len(),
                    _ => bytes.get(at.end) == Some(&b'.'),
                };
                let octet = match part.production() {
                    Some(Production::Ipv4Decimal) => {
                        bytes.get(at.clone()).and_then(octet_as_written)
                    }
                    _ => None,
                };
                // Where the part starts and what follows it are read, not assumed: a grammar
                // loaded at run time may split the domain otherwise.
                let taken = count < 4 && at.start == from && followed && octet.is_some();
                (count, from) = (count + 1, at.end + 1);
                taken
            });
        if as_written && count == 4 {
            return Some(HostKind::Ipv4);
        }
        // Any other domain that ends in a number is written again (or fails).
        (!ends_in_a_number(parts)).then_some(HostKind::Domain)
    };
    with_ipv4_tree(source, domain, kind)?
}

/// The number of an IPv4 part of one to three decimal digits with no leading zero (or "0"),
/// when it is at most 255: the IPv4 serializer writes that number as these digits.
#[inline(always)]
fn octet_as_written(digits: &[u8]) -> Option<u8> {
    let digit = |d: &u8| d.is_ascii_digit().then(|| u32::from(d - b'0'));
    let n = match digits {
        [a] => digit(a)?,
        [a @ b'1'..=b'9', b] => digit(a)? * 10 + digit(b)?,
        [a @ b'1'..=b'9', b, c] => digit(a)? * 100 + digit(b)? * 10 + digit(c)?,
        _ => return None,
    };
    u8::try_from(n).ok()
}

#[cfg(test)]
#[path = "host_tests.rs"]
mod tests;
