//! UTS 46 ToASCII for domains with a label longer than the `idna` crate accepts.
//!
//! The URL Standard's domain parser runs [UTS 46 ToASCII](https://www.unicode.org/reports/tr46/#ToASCII)
//! with VerifyDnsLength false, which sets no length limit. The `idna` crate marks any non-ASCII
//! label of more than 1000 code points (after mapping) as an error, to keep its quadratic Punycode
//! encoder in check: it writes U+FFFD at the label's index 1000, after its other label checks and
//! before the Bidi rule. When `idna` refuses a domain, [`to_ascii_with_long_labels`] asks it again
//! in a form where that limit cannot decide the answer, and encodes the labels itself with the
//! linear-ish encoder of [`super::punycode`].
//!
//! How: every long label L (first code point c) is validated as c repeated 1001 times followed by
//! L. The U+FFFD `idna` writes at index 1000 then lands on a copy of c, and every code point of L
//! is checked where it stands. The prefix changes no verdict:
//! - mapping and normalization: L is already mapped and in NFC, and c cannot compose with c (no
//!   canonical composition pairs a code point with itself), so the prefixed label maps to itself;
//! - the first code point is still c (so "starts with a combining mark", a leading joiner, and the
//!   Bidi rule's first code point judge c, as for L);
//! - CheckJoiners: a joiner in L sees the same code point before it (`L[0]` is not a joiner, or
//!   index 0 fails anyway); a ZWNJ looking back through transparent code points to the start of
//!   L finds only more copies of c, transparent or not as `L[0]` is;
//! - the Bidi rule: the set of code points in the domain is unchanged (so is "Bidi domain name"),
//!   copies of c are allowed wherever c is first, U+FFFD (Bidi class ON) is allowed in the middle
//!   of any label, and L's last code point is still last;
//! - a label L decoded from Punycode must come back from the second run unchanged, or it was not
//!   mapped and in NFC (UTS 46 validity criterion 1).
//!
//! Likewise `idna` refuses Punycode of more than 2000 code points, which the spec decodes: such a
//! label is decoded here ([`punycode::decode`]) and given to the second run as Unicode, behind the
//! prefix if it is long.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use icu_normalizer::uts46::Uts46MapperBorrowed;
use idna::uts46::{AsciiDenyList, Hyphens, Uts46};

use super::punycode;

/// The longest non-ASCII label (in code points) the `idna` crate encodes.
const IDNA_LIMIT: usize = 1000;

/// The `idna` crate decodes Punycode of at most this many code points (after "xn--").
const IDNA_DECODE_LIMIT: usize = 2000;

/// How many copies of its first code point go before a long label: enough that index
/// [`IDNA_LIMIT`] falls among them.
const PREFIX: usize = IDNA_LIMIT + 1;

/// One label of the mapped domain.
struct Label<'m> {
    /// As mapped (Punycode still encoded).
    mapped: &'m str,
    /// The code points the second run validates instead, when idna cannot be left to judge the
    /// mapped label: a long label, or Punycode longer than idna decodes.
    unicode: Option<Vec<char>>,
    /// Whether `unicode` is long, and so goes behind the prefix.
    long: bool,
}

/// UTS 46 ToASCII with the flags of the domain parser's non-strict run (CheckHyphens false,
/// CheckBidi and CheckJoiners true, UseSTD3ASCIIRules false, Transitional_Processing false,
/// VerifyDnsLength false), for a domain the `idna` crate refused. Returns `None` when the domain
/// has no label beyond idna's limits (so idna's answer stands) or when ToASCII fails.
pub(super) fn to_ascii_with_long_labels(domain: &str) -> Option<String> {
    // "1. Map" and "2. Normalize", as the idna crate does them; "3. Break" into labels.
    let mapped: String = Uts46MapperBorrowed::new()
        .map_normalize(domain.chars())
        .collect();
    let labels = mapped
        .split('.')
        .map(label)
        .collect::<Option<Vec<Label<'_>>>>()?;
    if labels.iter().all(|l| l.unicode.is_none()) {
        return None;
    }
    // "4. Convert/Validate", by the idna crate, with each long label behind its prefix.
    let mut prefixed = String::with_capacity(mapped.len() + PREFIX * 4);
    for (i, l) in labels.iter().enumerate() {
        if i > 0 {
            prefixed.push('.');
        }
        match (
            &l.unicode,
            l.unicode.as_ref().and_then(|chars| chars.first()),
        ) {
            (Some(chars), Some(&first)) => {
                if l.long {
                    prefixed.extend(core::iter::repeat_n(first, PREFIX));
                }
                prefixed.extend(chars);
            }
            _ => prefixed.push_str(l.mapped),
        }
    }
    let (validated, _) =
        Uts46::new().to_unicode(prefixed.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    // Then ToASCII: "Convert each label with non-ASCII characters into Punycode."
    let mut ascii = String::with_capacity(validated.len());
    let mut validated_labels = validated.split('.');
    for (i, l) in labels.iter().enumerate() {
        let got = validated_labels.next()?;
        let unicode: Cow<'_, [char]> = match &l.unicode {
            Some(chars) => {
                if !is_unchanged(got, chars, l.long) {
                    return None;
                }
                Cow::Borrowed(chars)
            }
            None if got.contains('\u{fffd}') => return None,
            None => Cow::Owned(got.chars().collect()),
        };
        if i > 0 {
            ascii.push('.');
        }
        if unicode.iter().all(char::is_ascii) {
            ascii.extend(unicode.iter());
        } else {
            ascii.push_str("xn--");
            punycode::encode_into(&unicode, &mut ascii)?;
        }
    }
    if validated_labels.next().is_some() {
        return None;
    }
    Some(ascii)
}

/// A label of the mapped domain, with the code points the second run validates instead when
/// idna cannot judge it; `None` when the label fails ToASCII for a reason found here.
fn label(mapped: &str) -> Option<Label<'_>> {
    let left_to_idna = Some(Label {
        mapped,
        unicode: None,
        long: false,
    });
    let chars = match mapped.strip_prefix("xn--") {
        // An ASCII label "xn--…" is decoded ("If the label starts with “xn--”: ... Attempt to
        // convert the rest of the label to Unicode according to Punycode. If that conversion
        // fails, record that there was an error").
        Some(encoded) if mapped.is_ascii() => {
            let decoded = punycode::decode(encoded)?;
            // "If the label is empty, or if the label contains only ASCII code points, record
            // that there was an error."
            if decoded.iter().all(char::is_ascii) {
                return None;
            }
            let idna_decodes = encoded.len() <= IDNA_DECODE_LIMIT;
            if idna_decodes && decoded.len() <= IDNA_LIMIT {
                return left_to_idna;
            }
            decoded
        }
        _ => {
            let chars: Vec<char> = mapped.chars().collect();
            if chars.len() <= IDNA_LIMIT || chars.iter().all(char::is_ascii) {
                return left_to_idna;
            }
            chars
        }
    };
    // "If not CheckHyphens, the label must not begin with “xn--”" (validity criterion 4), whether
    // it is the mapped label (which is then not ASCII) or what Punycode decoded to.
    // U+FFFD stands for a disallowed code point (and is one): the check of the second run could
    // not tell it from the label's own.
    if chars.starts_with(&['x', 'n', '-', '-']) || chars.contains(&'\u{fffd}') {
        return None;
    }
    Some(Label {
        mapped,
        long: chars.len() > IDNA_LIMIT,
        unicode: Some(chars),
    })
}

/// Whether the idna crate's output for a label given as `label` (behind the prefix, with its
/// U+FFFD at index [`IDNA_LIMIT`], when `prefixed`) is the label unchanged: then the label passed
/// every check, and, if it was decoded from Punycode, was mapped and in NFC (validity criterion 1).
fn is_unchanged(got: &str, label: &[char], prefixed: bool) -> bool {
    let mut got = got.chars();
    if prefixed {
        let Some(&first) = label.first() else {
            return false;
        };
        let prefix_ok = (0..PREFIX).all(|i| {
            let expected = if i == IDNA_LIMIT { '\u{fffd}' } else { first };
            got.next() == Some(expected)
        });
        if !prefix_ok {
            return false;
        }
    }
    got.eq(label.iter().copied())
}
