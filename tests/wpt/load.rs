//! Loading the vendored WPT JSON files.

use serde_json::Value;

/// Reads a fixture of `fixtures/wpt/` as JSON: an array's items, or an object alone. Lone UTF-16 surrogates in `\u` escapes become
/// U+FFFD first, as JavaScript turns them into U+FFFD before `new URL()` sees them (and
/// serde_json rejects them).
pub fn wpt(name: &str) -> Vec<Value> {
    let path = format!("{}/fixtures/wpt/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let text = replace_lone_surrogates(&text);
    match serde_json::from_str(&text) {
        Ok(Value::Array(items)) => items,
        // setters_tests.json is one object, by attribute.
        Ok(object @ Value::Object(_)) => vec![object],
        other => panic!("{path}: not JSON: {other:?}"),
    }
}

/// Replaces each `\uXXXX` escape of a surrogate that is not half of a pair with `\uFFFD`.
fn replace_lone_surrogates(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let escape_at = |i: usize| -> Option<u16> {
        let hex = text.get(i + 2..i + 6)?;
        (bytes.get(i) == Some(&b'\\') && bytes.get(i + 1) == Some(&b'u'))
            .then(|| u16::from_str_radix(hex, 16).ok())
            .flatten()
    };
    let mut i = 0;
    let mut last = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        match escape_at(i) {
            Some(high @ 0xD800..=0xDBFF) if matches!(escape_at(i + 6), Some(0xDC00..=0xDFFF)) => {
                let _ = high;
                i += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str(&text[last..i]);
                out.push_str("\\uFFFD");
                i += 6;
                last = i;
            }
            // Any other escape, "\\" included: skip both characters.
            _ => i += 2,
        }
    }
    out.push_str(&text[last..]);
    out
}

/// A string field of a case, or None when absent or null.
pub fn field<'a>(case: &'a Value, name: &str) -> Option<&'a str> {
    case.get(name).and_then(Value::as_str)
}

/// A short, printable form of a string for a test name.
pub fn show(s: &str) -> String {
    let escaped: String = s.escape_debug().collect();
    if escaped.chars().count() > 60 {
        let cut: String = escaped.chars().take(57).collect();
        format!("{cut}...")
    } else {
        escaped
    }
}

/// Checks the surrogate replacement; the harness runs it as a test of its own.
pub fn self_test() -> Result<(), String> {
    let cases = [
        (r#""a\uD800b""#, r#""a\uFFFDb""#),
        (r#""\uD83D\uDE00""#, r#""\uD83D\uDE00""#),
        (r#""\\uD800""#, r#""\\uD800""#),
        (r#""\uDC00\uD800""#, r#""\uFFFD\uFFFD""#),
    ];
    for (input, expected) in cases {
        let actual = replace_lone_surrogates(input);
        if actual != expected {
            return Err(format!("{input}: expected {expected}, got {actual}"));
        }
    }
    Ok(())
}
