//! Cases pegurl is known to fail, each with its reason. They run inverted: such a test passes
//! while the case fails, and fails (asking to be removed from here) once the case passes.

/// (suite, input, reason). `input` is the case's input exactly as in the fixture after loading.
pub const KNOWN_FAILURES: &[(&str, &str, &str)] = &[
    (
        "IdnaTestV2",
        "\u{3e8ac}\u{3002}\u{729}\u{3002}\u{cbd9}5",
        UNICODE_18,
    ),
    (
        "IdnaTestV2",
        "\u{3e8ac}\u{3002}\u{729}\u{3002}\u{110d}\u{1173}\u{11ac}5",
        UNICODE_18,
    ),
];

/// Why the two IdnaTestV2 cases with U+3E8AC fail, and why they stay failing.
const UNICODE_18: &str = "U+3E8AC is assigned (Lo) in Unicode 18, whose UTS 46 data the idna crate (ICU4X 2.4) and \
     whatwg-url 17.3 (tr46 7.0) use, and both accept it (fixtures/validation/idna-unicode-18.json); \
     this copy of IdnaTestV2 predates Unicode 18 and expects V7 (disallowed)";

/// The reason a case is known to fail, if it is.
pub fn reason(suite: &str, input: &str) -> Option<&'static str> {
    KNOWN_FAILURES
        .iter()
        .find(|(s, i, _)| *s == suite && *i == input)
        .map(|(_, _, reason)| *reason)
}
