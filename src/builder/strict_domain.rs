//! Whether strict ToASCII surely accepts an ASCII domain, without running it: the shortcut the
//! domain parser's domain-to-ASCII validation error and the writing grammar's valid domain take
//! for the usual domain, before they ask the idna crate.
//!
//! A domain of up to 63 bytes (most of them) is read whole, eight bytes a step: the places of
//! its dots and hyphens become two bit masks (a table lookup a byte gives both, and marks any
//! other byte that is not a letter or digit), and every condition on its labels is a test on
//! the masks, so that no branch depends on where a label ends. One of 8 to 24 bytes (nearly
//! all) takes three steps whatever its length. One of more than 63 is read a label at a time.

use crate::scan::{leading, Stops};

/// Whether [`super::host::domain_to_ascii`] with `strict` surely succeeds on an ASCII `domain`,
/// for the usual one, without running it: labels of ASCII letters, digits and hyphens (all that
/// UseSTD3ASCIIRules keeps; ToASCII only lowercases them), 1 to 63 bytes each and 253 in all
/// (VerifyDnsLength), none starting or ending with "-" or with "--" in its third and fourth
/// places (CheckHyphens), and none starting with "xn--" (whose Punycode ToASCII would check).
/// False means "not sure": ToASCII decides. The domain is given as bytes, so that a caller with
/// the domain's place in a text need not find its ends on character boundaries.
#[inline]
pub(super) fn passes_strict_to_ascii(bytes: &[u8]) -> bool {
    match bytes.len() {
        0 => false,
        1..=63 => short_domain_passes(bytes),
        64..=253 => labels_pass(bytes),
        _ => false,
    }
}

/// [`passes_strict_to_ascii`] for a domain of 1 to 63 bytes (no label can be too long, nor the
/// whole), by the masks of its dots and hyphens: bit `i` stands for byte `i`.
#[inline]
fn short_domain_passes(bytes: &[u8]) -> bool {
    let n = bytes.len();
    let (dots, hyphens) = match n {
        8..=24 => three_steps(bytes),
        _ => steps(bytes),
    };
    // Any byte but a letter, digit, hyphen or dot (marked as both) refuses the domain.
    let other = dots & hyphens != 0;
    let last = 1u64 << (n - 1);
    // Where labels start (the first byte, and each after a dot) and end (each before a dot, and
    // the last byte).
    let starts = (dots << 1) | 1;
    let ends = (dots >> 1) | last;
    // A dot where a label starts makes an empty label (".a", "a..b"); so does one at the end.
    let empty_label = dots & (starts | last) != 0;
    let hyphen_at_an_edge = hyphens & (starts | ends) != 0;
    // A "-" two places after a label's start followed by another: "--" in its third and fourth
    // places (the two are in the label, as neither is a dot).
    let third_and_fourth = (starts << 2) & hyphens & (hyphens >> 1) != 0;
    !(other | empty_label | hyphen_at_an_edge | third_and_fourth)
}

/// The masks of dots and hyphens of a domain of 8 to 24 bytes (most of them), from three steps
/// of eight at its start, its middle and its end, which overlap unless it has 24 (a byte read
/// twice sets the same bits): no branch depends on its length, which varies from one URL to the
/// next (a loop of one step or two, then the bytes left, branches on it three times).
#[inline(always)]
fn three_steps(bytes: &[u8]) -> (u64, u64) {
    let n = bytes.len();
    let (mut dots, mut hyphens) = (0u64, 0u64);
    for at in [0, (n - 8) / 2, n - 8] {
        // Each step is inside the bytes (for 8 to 24 of them); were one not, its bytes would
        // count as neither letters nor digits, and refuse the domain.
        let step = bytes
            .get(at..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map_or(u16::MAX, |eight| kinds_of(eight));
        dots |= u64::from(step & 0xff) << at;
        hyphens |= u64::from(step >> 8) << at;
    }
    (dots, hyphens)
}

/// The masks of dots and hyphens of a domain of up to 63 bytes, eight a step and then the bytes
/// left.
#[inline]
fn steps(bytes: &[u8]) -> (u64, u64) {
    let n = bytes.len();
    let (mut dots, mut hyphens) = (0u64, 0u64);
    let mut at = 0;
    while let Some(eight) = bytes.get(at..at + 8) {
        let step = kinds_of(eight);
        dots |= u64::from(step & 0xff) << at;
        hyphens |= u64::from(step >> 8) << at;
        at += 8;
    }
    if at < n {
        // Fewer than eight bytes are left: the input's last eight are read (each half of the
        // step shifted past the bytes before `at`), or, in a shorter input, all of it.
        let step = match n.checked_sub(8) {
            Some(last_eight) => {
                let step = kinds_of(&bytes[last_eight..]);
                let before = at - last_eight;
                (step & 0xff) >> before | (step >> 8) >> before << 8
            }
            None => kinds_of(bytes),
        };
        dots |= u64::from(step & 0xff) << at;
        hyphens |= u64::from(step >> 8) << at;
    }
    (dots, hyphens)
}

/// The kinds of up to eight bytes, as a step of [`short_domain_passes`] reads them: bit `i` for
/// a "." at place `i`, bit `8 + i` for a "-", both for a byte that is not an ASCII letter or
/// digit either, none for a letter or digit. One load and one "or" a byte ([`KINDS`]).
#[inline(always)]
fn kinds_of(bytes: &[u8]) -> u16 {
    let mut step = 0;
    for (i, &b) in bytes.iter().enumerate() {
        step |= KINDS[i][usize::from(b)];
    }
    step
}

/// [`kinds_of`]'s tables, one per place in a step of eight bytes (4 KiB).
static KINDS: [[u16; 256]; 8] = {
    let mut places = [[0; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            let dot = 1 << i;
            let hyphen = 1 << (8 + i);
            places[i][b] = match c {
                b'.' => dot,
                b'-' => hyphen,
                _ if c.is_ascii_alphanumeric() => 0,
                _ => dot | hyphen,
            };
            b += 1;
        }
        i += 1;
    }
    places
};

/// [`passes_strict_to_ascii`] a label at a time: each label runs to the first byte other than
/// a letter, digit or hyphen (found eight bytes a step, `leading`), which must be the "." that
/// ends it.
fn labels_pass(bytes: &[u8]) -> bool {
    let mut start = 0;
    loop {
        let end = leading(bytes, start, &LABEL_ENDS);
        if !plain_label(&bytes[start..end]) {
            return false;
        }
        match bytes.get(end) {
            None => return true,
            Some(b'.') => start = end + 1,
            Some(_) => return false,
        }
    }
}

/// The bytes that end or refuse a label: all but ASCII letters, digits and "-".
static LABEL_ENDS: Stops = Stops::of(&bytes_but(b'-'), false);

/// A table of the bytes that are neither ASCII letters and digits nor `also`.
const fn bytes_but(also: u8) -> [bool; 256] {
    let mut table = [true; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = !(c.is_ascii_alphanumeric() || c == also);
        b += 1;
    }
    table
}

/// A label of letters, digits and hyphens that passes VerifyDnsLength and CheckHyphens.
fn plain_label(label: &[u8]) -> bool {
    (1..=63).contains(&label.len())
        && label.first() != Some(&b'-')
        && label.last() != Some(&b'-')
        && label.get(2..4) != Some(b"--".as_slice())
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    use super::*;
    use crate::builder::host::domain_to_ascii;

    /// A step reads exactly the dots and hyphens, wherever they fall in it, and marks every
    /// other byte but letters and digits as both.
    #[test]
    fn kinds_of_marks_each_byte_at_its_place() {
        for place in 0..8 {
            for b in 0..=255u8 {
                let mut bytes = [b'a'; 8];
                bytes[place] = b;
                let (dot, hyphen) = (1 << place, 1 << (8 + place));
                let want = match b {
                    b'.' => dot,
                    b'-' => hyphen,
                    _ if b.is_ascii_alphanumeric() => 0,
                    _ => dot | hyphen,
                };
                assert_eq!(kinds_of(&bytes), want, "{bytes:?}");
                assert_eq!(kinds_of(&bytes[..=place]), want, "{bytes:?}");
            }
        }
    }

    #[test]
    fn the_strict_shortcut_says_yes_only_where_to_ascii_does() {
        let long_label = "a".repeat(63);
        let too_long_label = "a".repeat(64);
        let long_domain = ["a"; 127].join(".");
        let too_long_domain = format!("{long_domain}.ab");
        let mut domains = vec![
            "example.org",
            "EXAMPLE.org",
            "a-b.c",
            "1.2.3.4",
            "xn--a.b",
            "ab--c.d",
            "-a.b",
            "a-.b",
            "a..b",
            "a.",
            ".a",
            "",
            "a_b.c",
            "a b",
            "a%b",
            "xn--nxasmq6b.com",
            "a.b.c.d.e.f",
            "a--",
            "--",
            "z9",
        ];
        domains.extend([
            long_label.as_str(),
            too_long_label.as_str(),
            long_domain.as_str(),
            too_long_domain.as_str(),
        ]);
        // Every label of four bytes of a small alphabet, and each of them at several places
        // relative to the eight-byte steps, alone and among other labels.
        let alphabet = ["a", "Z", "0", "-", ".", "_", "x", "n"];
        let mut generated = Vec::new();
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in alphabet {
                        generated.push(format!("{a}{b}{c}{d}"));
                    }
                }
            }
        }
        let placed: Vec<String> = generated
            .iter()
            .flat_map(|g| {
                (0..=22).flat_map(move |k| {
                    let before = &"ab.cd.efghi.jk-lm.nopqr"[..k];
                    [format!("{before}{g}.org"), format!("{before}{g}")]
                })
            })
            .collect();
        let near_63: Vec<String> = (55..=70)
            .flat_map(|n| {
                [
                    format!("{}.b", "a".repeat(n)),
                    format!("b.{}", "a".repeat(n)),
                    format!("{}--.b", "a".repeat(n)),
                    format!("ab--{}", "a".repeat(n)),
                ]
            })
            .collect();
        domains.extend(generated.iter().map(String::as_str));
        domains.extend(placed.iter().map(String::as_str));
        domains.extend(near_63.iter().map(String::as_str));
        let mut shortcuts = 0;
        for domain in domains {
            let passes = passes_strict_to_ascii(domain.as_bytes());
            // The masks answer what the labels read one at a time answer.
            if (1..=253).contains(&domain.len()) {
                assert_eq!(passes, labels_pass(domain.as_bytes()), "{domain:?}");
            }
            if passes {
                shortcuts += 1;
                assert!(domain_to_ascii(domain, true).is_some(), "{domain:?}");
            }
        }
        assert!(shortcuts > 1000, "{shortcuts}");
        assert!(passes_strict_to_ascii(b"example.org"));
        assert!(!passes_strict_to_ascii(too_long_domain.as_bytes()));
    }
}
