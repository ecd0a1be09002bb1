//! Scans of bytes, eight a step: where the first byte of a class (or the first not in it) is,
//! whether a text holds any byte of a class, and which bytes of a word equal one byte. The
//! generated parsers' repetitions, percent-encoding's plain runs, the strict-ToASCII shortcut
//! and the invalid-URL-unit checks are written in them.

/// The offset of the first byte of `bytes` that `stops` stops on, or the length ([`leading`]:
/// the usual text, with no such byte, costs one branch per eight bytes).
#[inline]
pub(crate) fn first_byte_in(bytes: &[u8], stops: &Stops) -> usize {
    leading(bytes, 0, stops)
}

/// The bytes that stop a scan ([`leading`]), as eight tables, one per place in a step of eight
/// bytes: the table of place `i` gives `1 << i` for a byte that stops the scan and 0 for any
/// other, so a step gathers its stops with one load and one "or" a byte (2 KiB, built at compile
/// time for the generated parsers' scans and the built-in grammar's sets, once for a grammar
/// loaded at run time).
#[derive(Clone)]
pub(crate) struct Stops([[u8; 256]; 8]);

impl core::fmt::Debug for Stops {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let stops: alloc::vec::Vec<u8> = (0..=255).filter(|&b| self.stops_on(b)).collect();
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

    /// `1 << i` if `b` stops the scan, else 0 (`i` below 8): byte `b` at place `i` of a step.
    #[inline(always)]
    fn at(&self, i: usize, b: u8) -> u8 {
        self.0[i][usize::from(b)]
    }

    /// Whether `b` stops the scan.
    #[inline(always)]
    pub(crate) fn stops_on(&self, b: u8) -> bool {
        self.at(0, b) != 0
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

/// Whether `stops` stops on any byte of `bytes`: eight bytes a step, their answers joined
/// without a branch, and the last eight read again for the bytes after the last full step
/// (reading a byte twice changes no answer), so that only an input of fewer than eight is read
/// byte by byte. Inlined always: the invalid-URL-unit check of an input as written, its main
/// caller, spent ten instructions a URL on the call.
#[inline(always)]
pub(crate) fn any_byte_in(bytes: &[u8], stops: &Stops) -> bool {
    let held = |any: u8, b: &u8| any | stops.at(0, *b);
    let Some(last_eight) = bytes.len().checked_sub(8) else {
        return bytes.iter().fold(0, held) != 0;
    };
    let tail = bytes[last_eight..].iter().fold(0, held);
    bytes
        .chunks_exact(8)
        .fold(tail, |any, eight| any | eight.iter().fold(0, held))
        != 0
}

/// [`leading`], called rather than inlined (see [`crate::tokens::Out::SCANS_CALLED`]).
#[inline(never)]
pub(crate) fn leading_called(bytes: &[u8], from: usize, stops: &Stops) -> usize {
    leading(bytes, from, stops)
}

/// Where a scan from `from` ends: at the first byte `stops` stops on, or at the end. Eight
/// bytes a step, their stops gathered in a mask without a branch, so that a scan branches once a
/// step and its end is one branch, wherever it falls in the step. Fewer than eight bytes before
/// the end are read as the input's last eight, the places before `from` shifted out of the mask
/// and the end of the input a stop.
#[inline(always)]
pub(crate) fn leading(bytes: &[u8], from: usize, stops: &Stops) -> usize {
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
    // Nothing left (a run asked for at the end of the input: a path's last segment after its
    // "/", an empty query): no step to read.
    if at >= bytes.len() {
        return at;
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

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

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
                assert_eq!(
                    any_byte_in(&bytes, &Stops::of(&table, false)),
                    held < len,
                    "{bytes:?}"
                );
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
}
