//! Tests of the Punycode encoder and decoder: RFC 3492's samples, the `idna` crate's encoder and
//! decoder on random labels, punycode.js's overflow limit, and a label of a million distinct code
//! points.

use proptest::prelude::*;
use serde_json::Value;

use super::{decode, encode_into};

fn encode(input: &[char]) -> Option<String> {
    let mut out = String::new();
    encode_into(input, &mut out).map(|()| out)
}

#[test]
fn rfc3492_sample_strings() {
    let text = include_str!("../../fixtures/punycode/rfc3492-samples.json");
    let fixture: Value = serde_json::from_str(text).unwrap();
    let cases = fixture["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 19, "(A) to (S)");
    for case in cases {
        let input: Vec<char> = case["code_points"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|hex| char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap())
            .collect();
        let expected = case["punycode"].as_str().unwrap();
        assert_eq!(
            encode(&input).as_deref(),
            Some(expected),
            "{}",
            case["name"]
        );
        assert_eq!(decode(expected), Some(input), "{}", case["name"]);
    }
}

#[test]
fn empty_and_basic_only_labels() {
    assert_eq!(encode(&[]).as_deref(), Some(""));
    assert_eq!(encode(&['a', 'b']).as_deref(), Some("ab-"));
}

/// Labels of up to 1000 code points, drawn so that repeats, ASCII and astral code points all
/// occur: the `idna` crate's encoder (the textbook algorithm) gives the same output.
fn label() -> impl Strategy<Value = Vec<char>> {
    let code_point = prop_oneof![
        3 => proptest::char::range('a', 'z'),
        2 => proptest::char::range('\u{e0}', '\u{ff}'),
        2 => proptest::char::range('\u{4e00}', '\u{4e20}'),
        2 => any::<char>(),
    ];
    proptest::collection::vec(code_point, 0..=1000)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn same_as_the_idna_crates_encoder(input in label()) {
        let encoded = encode(&input);
        prop_assert_eq!(&encoded, &idna::punycode::encode(&input));
        prop_assert_eq!(encoded.and_then(|e| decode(&e)), Some(input));
    }

    /// Any ASCII text as Punycode: valid or not, the same verdict and result as idna's decoder
    /// (short inputs, where a value past 2^31 - 1 cannot make a code point anyway).
    #[test]
    fn decodes_as_the_idna_crates_decoder(input in "[a-zA-Z0-9-]{0,40}") {
        prop_assert_eq!(decode(&input), idna::punycode::decode(&input));
    }
}

/// A label that needs a delta of `(m - 0x80) * (h + 1)`: `h` basic code points, then `m`.
fn basic_then(h: usize, m: char) -> Vec<char> {
    let mut input = vec!['a'; h];
    input.push(m);
    input
}

#[test]
fn overflow_is_a_delta_above_2_pow_31_minus_1_as_in_punycode_js() {
    // (0x3134A - 0x80) * (h + 1) crosses 2^31 - 1 between h = 10_660 and h = 10_661, where
    // punycode.js 2.3.1 starts to throw "Overflow" (checked with node).
    let m = '\u{3134a}';
    assert!(encode(&basic_then(10_660, m)).is_some());
    assert!(encode(&basic_then(10_661, m)).is_none());
    // The idna crate's external encoder counts in u32 and goes further; punycode.js 2.3.1 does
    // not decode what it writes ("Overflow", checked with node), nor does this decoder.
    let beyond = idna::punycode::encode(&basic_then(10_661, m)).unwrap();
    assert!(beyond.ends_with("-hh99146o"));
    assert_eq!(decode(&beyond), None);
    assert!(idna::punycode::decode(&beyond).is_some());
    let within = encode(&basic_then(10_660, m)).unwrap();
    assert_eq!(decode(&within), Some(basic_then(10_660, m)));
}

#[test]
fn decoding_fails_where_punycode_js_throws() {
    for bad in ["-", "\u{e9}-a", "a-b!", "99999999999", "a-zz", "-a"] {
        assert_eq!(decode(bad), None, "{bad:?}");
    }
    // Basic code points only, and the delimiter kept when it is the first code point.
    assert_eq!(decode("abc-"), Some(vec!['a', 'b', 'c']));
    assert_eq!(decode(""), Some(vec![]));
}

#[test]
fn longer_labels_agree_with_the_idna_crates_encoder() {
    // A few thousand code points, where the textbook encoder is still quick: many distinct code
    // points in a scrambled order, and repeats.
    let input: Vec<char> = (0..6000u32)
        .map(|i| char::from_u32(0xa0 + (i * 7919) % 3001).unwrap())
        .collect();
    let encoded = encode(&input);
    assert_eq!(encoded, idna::punycode::encode(&input));
    let encoded = encoded.unwrap();
    assert_eq!(decode(&encoded), idna::punycode::decode(&encoded));
}

#[test]
fn a_label_of_a_million_distinct_code_points_is_encoded() {
    // 2^20 distinct non-ASCII code points in increasing order: every delta is small, so nothing
    // overflows, and the textbook encoder would scan the label 2^20 times (about 10^12 steps);
    // this one sorts and walks a Fenwick tree (about 2 * 10^7 steps).
    let input: Vec<char> = (0x80u32..)
        .filter_map(char::from_u32)
        .take(1 << 20)
        .collect();
    let out = encode(&input).unwrap();
    assert!(out.is_ascii());
    assert!(out.len() >= input.len());
    // Decoding inserts each code point in front of the previous ones' positions: the textbook
    // decoder moves the whole output each time; this one places them with the same tree.
    assert_eq!(decode(&out).as_deref(), Some(input.as_slice()));
    // The same code points in decreasing order: each is preceded by larger ones only.
    let reversed: Vec<char> = input.iter().rev().copied().collect();
    assert!(encode(&reversed).is_some());
}
