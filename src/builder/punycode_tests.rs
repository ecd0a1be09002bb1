//! Tests of the Punycode encoder: RFC 3492's samples, the `idna` crate's encoder on random labels,
//! punycode.js's overflow limit, and a label of a million distinct code points.

use proptest::prelude::*;
use serde_json::Value;

use super::encode_into;

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
        prop_assert_eq!(encode(&input), idna::punycode::encode(&input));
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
    // The idna crate's external encoder counts in u32 and goes further.
    assert!(idna::punycode::encode(&basic_then(10_661, m)).is_some());
}

#[test]
fn longer_labels_agree_with_the_idna_crates_encoder() {
    // A few thousand code points, where the textbook encoder is still quick: many distinct code
    // points in a scrambled order, and repeats.
    let input: Vec<char> = (0..6000u32)
        .map(|i| char::from_u32(0xa0 + (i * 7919) % 3001).unwrap())
        .collect();
    assert_eq!(encode(&input), idna::punycode::encode(&input));
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
    // The same code points in decreasing order: each is preceded by larger ones only.
    let reversed: Vec<char> = input.iter().rev().copied().collect();
    assert!(encode(&reversed).is_some());
}
