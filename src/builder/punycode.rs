//! The Punycode encoder and decoder of [RFC 3492](https://www.rfc-editor.org/rfc/rfc3492)
//! (sections 6.2 and 6.3), for labels of any length.
//!
//! UTS 46 ToASCII converts "each label with non-ASCII characters into Punycode" and sets no
//! length limit when VerifyDnsLength is false, as the URL Standard's domain parser asks. The `idna`
//! crate refuses labels of more than 1000 code points because the textbook encoder scans the whole
//! label once per distinct code point: O(n·m) for n code points of which m are distinct. This one
//! produces the same output in O(n log n): it visits the code points in increasing order (a sort)
//! and counts "code points smaller than the current one before this position" with a Fenwick tree
//! over positions, instead of rescanning. Likewise `idna` decodes at most 2000 code points,
//! because each insertion shifts the ones before it; [`decode`] records the insertions and places
//! them afterwards, last first, each in the k-th free slot found in the same kind of tree.
//!
//! Overflow: the RFC lets each implementation choose the width of its integers and fail when a
//! value does not fit (section 6.4). Both directions fail where the reference implementation of
//! the URL Standard (npm whatwg-url, through tr46 and punycode.js) fails: when a value would
//! exceed 2^31 − 1.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// Section 5, "Parameter values for Punycode".
const BASE: u64 = 36;
const TMIN: u64 = 1;
const TMAX: u64 = 26;
const SKEW: u64 = 38;
const DAMP: u64 = 700;
const INITIAL_BIAS: u64 = 72;
const INITIAL_N: u32 = 0x80;

/// The largest delta, as in punycode.js (`maxInt`); a larger one is an overflow.
const MAX_DELTA: u64 = 0x7FFF_FFFF;

/// Encodes `input` (a label, without the "xn--" prefix) as Punycode, appending to `out`. Returns
/// `None` on overflow, and then `out` holds a partial result the caller must drop.
pub(crate) fn encode_into(input: &[char], out: &mut String) -> Option<()> {
    // "Let h = b = the number of basic code points in the input. Copy them to the output in
    // order, followed by a delimiter if b > 0."
    let mut smaller = Positions::new(input.len());
    let mut basic = 0u64;
    for (position, &c) in input.iter().enumerate() {
        if c.is_ascii() {
            out.push(c);
            smaller.insert(position);
            basic += 1;
        }
    }
    if basic > 0 {
        out.push('-');
    }
    // The non-basic code points with their positions, in the order the encoder handles them:
    // by code point, then by position.
    let mut pending: Vec<(u32, usize)> = input
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(position, &c)| (u32::from(c), position))
        .collect();
    pending.sort_unstable();

    let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u64, INITIAL_BIAS, basic);
    let mut rest = pending.as_slice();
    // "While h < length(input) do begin"
    while let Some(&(m, _)) = rest.first() {
        // "Let m = the minimum {non-basic} code point >= n in the input."
        let count = rest.iter().take_while(|(c, _)| *c == m).count();
        let (same, after) = rest.split_at(count);
        rest = after;
        // "Let delta = delta + (m - n) * (h + 1), fail on overflow."
        delta += u64::from(m - n) * (handled + 1);
        if delta > MAX_DELTA {
            return None;
        }
        // "Let n = m."
        n = m;
        // "For each code point c in the input (in order)": "if c < n then increment delta, fail on
        // overflow"; "if c == n then" output delta as a variable-length integer, adapt the bias,
        // reset delta and increment h. The increments between two occurrences of n are counted
        // at once: the code points smaller than n are exactly those already handled.
        let mut from = 0;
        for &(_, position) in same {
            delta += smaller.count_before(position) - smaller.count_before(from);
            if delta > MAX_DELTA {
                return None;
            }
            push_variable_length_integer(delta, bias, out);
            bias = adapt(delta, handled + 1, handled == basic);
            delta = 0;
            handled += 1;
            from = position + 1;
        }
        // The code points smaller than n after its last occurrence still count.
        delta += smaller.count_before(input.len()) - smaller.count_before(from);
        if delta > MAX_DELTA {
            return None;
        }
        for &(_, position) in same {
            smaller.insert(position);
        }
        // "Increment delta and n."
        delta += 1;
        n += 1;
    }
    Some(())
}

/// Decodes Punycode (a label without its "xn--" prefix, ASCII) as section 6.2 says. Returns
/// `None` where punycode.js throws: a digit that is not one, a number cut short, an overflow past
/// 2^31 − 1; and where the result is not a string of Unicode scalar values.
pub(crate) fn decode(input: &str) -> Option<Vec<char>> {
    // "Let b = the number of input code points before the last delimiter, or 0 if there is none,
    // then copy the first b code points to the output."
    let (basic, digits) = match input.rfind('-') {
        Some(0) | None => ("", input),
        Some(last) => (&input[..last], &input[last + 1..]),
    };
    if !basic.is_ascii() {
        return None;
    }
    let (mut n, mut i, mut bias) = (u64::from(INITIAL_N), 0u64, INITIAL_BIAS);
    let mut length = basic.len() as u64;
    // Each insertion as (index in the output at the time, code point).
    let mut insertions: Vec<(u64, char)> = Vec::new();
    let mut digits = digits.bytes();
    // "While the input is not exhausted do begin"
    while let Some(mut byte) = digits.next() {
        // "Let oldi = i, let w = 1."
        let (old_i, mut w, mut k) = (i, 1u64, BASE);
        loop {
            // "Consume a code point, or fail if there was none to consume"; "let digit = the
            // code point's digit-value, fail if it has none".
            let digit = digit_value(byte)?;
            // "Let i = i + digit * w, fail on overflow."
            i += digit * w;
            if i > MAX_DELTA {
                return None;
            }
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            // "Let w = w * (base - t), fail on overflow."
            w *= BASE - t;
            if w > MAX_DELTA {
                return None;
            }
            k += BASE;
            byte = digits.next()?;
        }
        // "Let bias = adapt(i - oldi, length(output) + 1, test oldi is 0?)."
        bias = adapt(i - old_i, length + 1, old_i == 0);
        // "Let n = n + i div (length(output) + 1), fail on overflow."
        n += i / (length + 1);
        if n > MAX_DELTA {
            return None;
        }
        // "Let i = i mod (length(output) + 1)"; "insert n into output at position i".
        i %= length + 1;
        insertions.push((i, char::from_u32(u32::try_from(n).ok()?)?));
        // "Increment i."
        i += 1;
        length += 1;
    }
    Some(place(basic, &insertions))
}

/// Builds the decoder's output from the basic code points and the insertions, in O(n log n):
/// the last insertion's index is its final position; going backwards, each earlier one goes to
/// the slot that is the index-th of those still free; the basic code points fill the rest, in
/// order.
fn place(basic: &str, insertions: &[(u64, char)]) -> Vec<char> {
    let len = basic.len() + insertions.len();
    let mut free = Positions::all_marked(len);
    let mut out = vec!['\0'; len];
    let mut taken = vec![false; len];
    for &(index, c) in insertions.iter().rev() {
        let slot = free.find(index);
        if let (Some(place), Some(mark)) = (out.get_mut(slot), taken.get_mut(slot)) {
            *place = c;
            *mark = true;
        }
        free.remove(slot);
    }
    let slots = taken
        .iter()
        .zip(out.iter_mut())
        .filter(|(taken, _)| !**taken);
    for ((_, place), b) in slots.zip(basic.chars()) {
        *place = b;
    }
    out
}

/// Section 5: "a".."z" and "A".."Z" are 0..25, "0".."9" are 26..35.
fn digit_value(byte: u8) -> Option<u64> {
    match byte {
        b'a'..=b'z' => Some(u64::from(byte - b'a')),
        b'A'..=b'Z' => Some(u64::from(byte - b'A')),
        b'0'..=b'9' => Some(u64::from(byte - b'0') + 26),
        _ => None,
    }
}

/// "Let t = tmin if k <= bias {+ tmin}, or tmax if k >= bias + tmax, or k - bias otherwise."
fn threshold(k: u64, bias: u64) -> u64 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

/// Section 6.3: "Let q = delta", then the digits of the generalized variable-length integer
/// (section 3.3) with thresholds from `bias`.
fn push_variable_length_integer(delta: u64, bias: u64, out: &mut String) {
    let mut q = delta;
    let mut k = BASE;
    loop {
        let t = threshold(k, bias);
        if q < t {
            break;
        }
        // "Output the code point for digit t + ((q - t) mod (base - t))."
        out.push(digit(t + (q - t) % (BASE - t)));
        q = (q - t) / (BASE - t);
        k += BASE;
    }
    // "Output the code point for digit q."
    out.push(digit(q));
}

/// Section 6.1, bias adaptation.
fn adapt(delta: u64, points: u64, first_time: bool) -> u64 {
    // "If firsttime then let delta = delta div damp else let delta = delta div 2."
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    // "Let delta = delta + (delta div numpoints)."
    delta += delta / points;
    // "While delta > ((base - tmin) * tmax) div 2 do let delta = delta div (base - tmin), let
    // k = k + base."
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    // "Return k + (((base - tmin + 1) * delta) div (delta + skew))."
    k + ((BASE - TMIN + 1) * delta) / (delta + SKEW)
}

/// Section 5: digit values 0..25 are "a".."z", 26..35 are "0".."9".
fn digit(value: u64) -> char {
    match value {
        0..=25 => char::from(b'a' + value as u8),
        _ => char::from(b'0' + (value - 26) as u8),
    }
}

/// A Fenwick (binary indexed) tree over the positions of a label: which positions are marked
/// (for the encoder, those holding a code point already handled; for the decoder, the free
/// slots), how many of them lie before a position, and where the k-th is, each in O(log n).
struct Positions {
    /// `tree[i]` counts the marked positions in `(i - lowbit(i), i]`, 1-based.
    tree: Vec<u64>,
}

impl Positions {
    fn new(len: usize) -> Self {
        Self {
            tree: vec![0; len + 1],
        }
    }

    /// Every position of `0..len` marked, built in O(n): node `i` covers `lowbit(i)` positions.
    fn all_marked(len: usize) -> Self {
        Self {
            tree: (0..=len).map(|i| (i & i.wrapping_neg()) as u64).collect(),
        }
    }

    /// Marks `position` (0-based).
    fn insert(&mut self, position: usize) {
        self.add(position, 1);
    }

    /// Unmarks a marked `position`.
    fn remove(&mut self, position: usize) {
        self.add(position, u64::MAX);
    }

    /// Adds `delta` (wrapping: `u64::MAX` is -1) at `position`.
    fn add(&mut self, position: usize, delta: u64) {
        let mut i = position + 1;
        while let Some(slot) = self.tree.get_mut(i) {
            *slot = slot.wrapping_add(delta);
            i += i & i.wrapping_neg();
        }
    }

    /// The position of the marked position that has `k` marked ones before it (the length when
    /// there are not that many).
    fn find(&self, k: u64) -> usize {
        let (mut position, mut rest) = (0, k);
        let mut step = (self.tree.len()).next_power_of_two();
        while step > 0 {
            if let Some(&count) = self.tree.get(position + step) {
                if count <= rest {
                    position += step;
                    rest -= count;
                }
            }
            step /= 2;
        }
        position
    }

    /// How many marked positions are smaller than `end`.
    fn count_before(&self, end: usize) -> u64 {
        let mut i = end.min(self.tree.len() - 1);
        let mut count = 0;
        while i > 0 {
            count += self.tree.get(i).copied().unwrap_or(0);
            i &= i - 1;
        }
        count
    }
}

#[cfg(test)]
#[path = "punycode_tests.rs"]
mod tests;
