//! Reading the web-platform-tests URL data, for the test suites and the grammar workbench.
//!
//! Some WPT strings hold lone UTF-16 surrogates (`\uD800`). JavaScript turns them into U+FFFD
//! before `new URL()` sees them, and JSON parsers for Rust reject them; [`replace_lone_surrogates`]
//! does what JavaScript does, on the JSON text.

use alloc::string::String;

/// Replaces each `\uXXXX` escape of a surrogate that is not half of a pair with `\uFFFD`.
///
/// ```
/// let json = r#"["a\uD800b", "\uD83D\uDE00", "\\uD800"]"#;
/// assert_eq!(
///     pegurl::workbench::wpt::replace_lone_surrogates(json),
///     r#"["a\uFFFDb", "\uD83D\uDE00", "\\uD800"]"#
/// );
/// ```
pub fn replace_lone_surrogates(json: &str) -> String {
    let bytes = json.as_bytes();
    let escape_at = |i: usize| -> Option<u16> {
        let hex = json.get(i + 2..i + 6)?;
        (bytes.get(i) == Some(&b'\\') && bytes.get(i + 1) == Some(&b'u'))
            .then(|| u16::from_str_radix(hex, 16).ok())
            .flatten()
    };
    let mut out = String::with_capacity(json.len());
    let (mut i, mut last) = (0, 0);
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        match escape_at(i) {
            Some(0xD800..=0xDBFF) if matches!(escape_at(i + 6), Some(0xDC00..=0xDFFF)) => i += 12,
            Some(0xD800..=0xDFFF) => {
                out.push_str(&json[last..i]);
                out.push_str("\\uFFFD");
                i += 6;
                last = i;
            }
            // Any other escape, "\\" included: skip both characters.
            _ => i += 2,
        }
    }
    out.push_str(&json[last..]);
    out
}

/// The vendored `urltestdata.json` (fixtures/wpt/), for tools that run the suite.
pub const URLTESTDATA: &str = include_str!("../../fixtures/wpt/urltestdata.json");

/// The vendored `setters_tests.json` (fixtures/wpt/).
pub const SETTERS_TESTS: &str = include_str!("../../fixtures/wpt/setters_tests.json");

/// Every case's input in [`URLTESTDATA`], lone surrogates replaced: the strings the unit tests
/// run parsers on.
#[cfg(test)]
pub(crate) fn urltestdata_inputs() -> alloc::vec::Vec<String> {
    let cases: serde_json::Value =
        serde_json::from_str(&replace_lone_surrogates(URLTESTDATA)).expect("the WPT JSON");
    cases
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|case| case.get("input")?.as_str().map(String::from))
        .collect()
}
