//! Whether strict ToASCII surely accepts an ASCII domain, without running it: the shortcut the
//! domain parser's domain-to-ASCII validation error and the writing grammar's valid domain take
//! for the usual domain, before they ask the idna crate.
//!
//! A domain of up to 63 bytes (most of them) is read whole, eight bytes a step: the places of
//! its dots and hyphens become two bit masks, and every condition on its labels is a test on
//! the masks, so that no branch depends on where a label ends. A longer one is read a label at
//! a time.

use crate::tables::{any_byte_in, bytes_equal_to, leading, Stops};

/// Whether [`super::host::domain_to_ascii`] with `strict` surely succeeds on an ASCII `domain`,
/// for the usual one, without running it: labels of ASCII letters, digits and hyphens (all that
/// UseSTD3ASCIIRules keeps; ToASCII only lowercases them), 1 to 63 bytes each and 253 in all
/// (VerifyDnsLength), none starting or ending with "-" or with "--" in its third and fourth
/// places (CheckHyphens), and none starting with "xn--" (whose Punycode ToASCII would check).
/// False means "not sure": ToASCII decides.
pub(super) fn passes_strict_to_ascii(domain: &str) -> bool {
    let bytes = domain.as_bytes();
    match bytes.len() {
        0 => false,
        1..=63 => short_domain_passes(bytes),
        64..=253 => labels_pass(bytes),
        _ => false,
    }
}

/// [`passes_strict_to_ascii`] for a domain of 1 to 63 bytes (no label can be too long, nor the
/// whole), by the masks of its dots and hyphens: bit `i` stands for byte `i`.
fn short_domain_passes(bytes: &[u8]) -> bool {
    let n = bytes.len();
    let (mut dots, mut hyphens) = (0u64, 0u64);
    let mut at = 0;
    while at < n {
        let word = word_at(bytes, at);
        dots |= places_of(word, b'.') << at;
        hyphens |= places_of(word, b'-') << at;
        at += 8;
    }
    // Any byte but a letter, digit, hyphen or dot refuses the domain.
    let other = any_byte_in(bytes, &NOT_LETTER_DIGIT_HYPHEN_OR_DOT);
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

/// The eight bytes of `bytes` from `at` as a little-endian word, the places past the end zero
/// (a byte no test here looks for). Past the last full step the input's last eight bytes are
/// read and shifted, so that only an input of fewer than eight is read byte by byte.
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let word = |eight: &[u8]| <[u8; 8]>::try_from(eight).map_or(0, u64::from_le_bytes);
    if let Some(eight) = bytes.get(at..at + 8) {
        return word(eight);
    }
    match bytes.len().checked_sub(8) {
        // `at` is past `last_eight` here: fewer than eight bytes are left.
        Some(last_eight) => word(&bytes[last_eight..]) >> (8 * (at - last_eight)),
        None => bytes[at..]
            .iter()
            .rev()
            .fold(0, |word, &b| word << 8 | u64::from(b)),
    }
}

/// The places of `word`'s bytes that equal `byte`, as the low eight bits (bit `i` for byte `i`,
/// the least significant first), from [`bytes_equal_to`].
fn places_of(word: u64, byte: u8) -> u64 {
    // Byte i's flag (bit 8i once shifted) is carried to bit 56 + i by one multiplication: each
    // product term lands on a place of its own, so nothing carries into the top byte.
    (bytes_equal_to(word, byte) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

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
static LABEL_ENDS: Stops = Stops::of(&bytes_but(b"-"), false);

/// The bytes that refuse a domain: all but ASCII letters, digits, "-" and ".".
const NOT_LETTER_DIGIT_HYPHEN_OR_DOT: [bool; 256] = bytes_but(b"-.");

/// A table of the bytes that are neither ASCII letters and digits nor one of `also`.
const fn bytes_but(also: &[u8]) -> [bool; 256] {
    let mut table = [true; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut kept = c.is_ascii_alphanumeric();
        let mut i = 0;
        while i < also.len() {
            kept |= c == also[i];
            i += 1;
        }
        table[b] = !kept;
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

    /// The masks read exactly the dots and hyphens, wherever they fall in a step: the places of
    /// a byte in every word of bytes around it.
    #[test]
    fn places_of_finds_each_byte_and_no_other() {
        for place in 0..8 {
            for other in [0u8, b'-' - 1, b'-' + 1, b'.', 0x80, 0xff, b'-' ^ 0x80] {
                let mut bytes = [other; 8];
                bytes[place] = b'-';
                let word = u64::from_le_bytes(bytes);
                assert_eq!(places_of(word, b'-'), 1 << place, "{bytes:?}");
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
                (0..=10).flat_map(move |k| {
                    let before = &"ab.cd.efghi"[..k];
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
            let passes = passes_strict_to_ascii(domain);
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
        assert!(passes_strict_to_ascii("example.org"));
        assert!(!passes_strict_to_ascii(&too_long_domain));
    }
}
