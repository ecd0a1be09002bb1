//! Loading the vendored WPT JSON files.

use serde_json::Value;

/// Reads a fixture of `fixtures/wpt/` as JSON: an array's items, or an object alone. Lone UTF-16 surrogates in `\u` escapes become
/// U+FFFD first, as JavaScript turns them into U+FFFD before `new URL()` sees them (and
/// serde_json rejects them).
pub fn wpt(name: &str) -> Vec<Value> {
    let path = format!("{}/fixtures/wpt/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let text = pegurl::workbench::wpt::replace_lone_surrogates(&text);
    match serde_json::from_str(&text) {
        Ok(Value::Array(items)) => items,
        // setters_tests.json is one object, by attribute.
        Ok(object @ Value::Object(_)) => vec![object],
        other => panic!("{path}: not JSON: {other:?}"),
    }
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
