//! The reference the kernel's rows are checked against: each row parsed on its own with
//! `pegurl::Url::parse` and read with its getters, `pegurl::parse_with_errors` for the codes and
//! `pegurl::is_valid_url_string` for validity. Every pegurl call of the tests is here.

#![allow(dead_code)] // Each test file uses part of it.

use std::path::PathBuf;

use arrow_array::cast::AsArray;
use arrow_array::{Array, StructArray};
use pegurl_arrow::Component;

/// What one row must hold, worked out from pegurl's own API.
#[derive(Debug, PartialEq)]
pub struct Expected {
    /// href, protocol, ..., origin (in [`Component::ALL`]'s order); `None` when the parse fails.
    pub components: Vec<Option<String>>,
    /// `is_valid_url_string(input, base)`.
    pub valid: bool,
    /// The codes of `parse_with_errors(input, base)`.
    pub errors: Vec<String>,
    /// The failure's spec code when `Url::parse` fails (`Some(None)`: failed, no code).
    pub failure: Option<Option<String>>,
}

/// The URL components: the getters of the `URL` class, the first eleven of [`Component::ALL`].
pub const URL_COMPONENTS: usize = 11;

/// Parses `input` against `base` row by row.
pub fn expected(input: &str, base: Option<&str>) -> Expected {
    use pegurl::quirks;
    let mut codes = Vec::new();
    let parsed = match base.map(pegurl::Url::parse).transpose() {
        Ok(base_url) => pegurl::Url::options()
            .base_url(base_url.as_ref())
            .validation_errors(&mut codes)
            .parse(input),
        // A base that fails fails the input, as `new URL(input, base)` does.
        Err(_) => quirks::new_url(input, base),
    };
    let components = match &parsed {
        Ok(url) => vec![
            url.href(),
            url.protocol(),
            quirks::username(url),
            quirks::password(url),
            quirks::host(url),
            url.hostname(),
            quirks::port(url),
            url.pathname(),
            url.search(),
            url.hash(),
            &quirks::origin(url),
        ]
        .into_iter()
        .map(|s| Some(s.to_owned()))
        .collect(),
        Err(_) => vec![None; URL_COMPONENTS],
    };
    let errors = codes.iter().map(|e| e.code.code().to_owned()).collect();
    Expected {
        components,
        valid: pegurl::is_valid_url_string(input, base),
        errors,
        failure: parsed.err().map(|e| e.code().map(|c| c.code().to_owned())),
    }
}

/// Compares row `i` of the kernel's struct with `expected` (`None`: the row must be null).
pub fn check_row(
    parsed: &StructArray,
    i: usize,
    expected: Option<&Expected>,
) -> Result<(), String> {
    let Some(expected) = expected else {
        let all_null = parsed.is_null(i) && parsed.columns().iter().all(|c| c.is_null(i));
        return if all_null {
            Ok(())
        } else {
            Err(format!("row {i}: a null row is not null in every field"))
        };
    };
    if parsed.is_null(i) {
        return Err(format!("row {i} is null"));
    }
    let column = |c: Component| parsed.column_by_name(c.name()).ok_or(c.name());
    for (component, want) in Component::ALL[..URL_COMPONENTS]
        .iter()
        .zip(&expected.components)
    {
        let got = string_at(column(*component)?, i)?;
        if got != want.as_deref() {
            return Err(format!(
                "row {i} {}: {got:?}, expected {want:?}",
                component.name()
            ));
        }
    }
    let valid = column(Component::Valid)?.as_boolean();
    if valid.is_null(i) || valid.value(i) != expected.valid {
        return Err(format!(
            "row {i} valid: {:?}, expected {}",
            valid.value(i),
            expected.valid
        ));
    }
    let errors = column(Component::Errors)?.as_list::<i32>();
    let list = errors.value(i);
    let codes = (0..list.len())
        .map(|j| string_at(list.as_ref(), j))
        .collect::<Result<Vec<_>, _>>()?;
    let codes: Vec<&str> = codes.into_iter().flatten().collect();
    if errors.is_null(i) || codes != expected.errors {
        return Err(format!(
            "row {i} errors: {codes:?}, expected {:?}",
            expected.errors
        ));
    }
    let got = string_at(column(Component::Failure)?, i)?;
    let agrees = match (got, &expected.failure) {
        (None, None) => true,
        (Some(text), Some(Some(code))) => text.starts_with(code.as_str()),
        (Some(text), Some(None)) => !text.is_empty(),
        _ => false,
    };
    if !agrees {
        return Err(format!(
            "row {i} failure: {got:?}, expected code {:?}",
            expected.failure
        ));
    }
    Ok(())
}

/// Row `i` of a string column in any of the three layouts (Utf8, LargeUtf8, Utf8View); `None`
/// when it is null, an error when `strings` is not a string column.
pub fn string_at(strings: &dyn Array, i: usize) -> Result<Option<&str>, String> {
    let valid = strings.is_valid(i);
    if let Some(a) = strings.as_string_opt::<i32>() {
        return Ok(valid.then(|| a.value(i)));
    }
    if let Some(a) = strings.as_string_opt::<i64>() {
        return Ok(valid.then(|| a.value(i)));
    }
    if let Some(a) = strings.as_string_view_opt() {
        return Ok(valid.then(|| a.value(i)));
    }
    Err(format!("not a string column: {}", strings.data_type()))
}

/// The URL list `name` of ../shared/data/urls, one URL a line, or `None` (with a message on
/// stderr) when it is absent: the lists live beside the repository, not in it.
pub fn url_list(name: &str) -> Option<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/urls")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().map(str::to_owned).collect()),
        Err(e) => {
            eprintln!(
                "SKIPPED: {} is absent ({e}); this test needs it",
                path.display()
            );
            None
        }
    }
}

/// The inputs and bases of WPT's urltestdata.json (the root package's vendored copy).
pub fn wpt_cases() -> Vec<(String, Option<String>)> {
    let json = pegurl::workbench::wpt::replace_lone_surrogates(pegurl::workbench::wpt::URLTESTDATA);
    let cases: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    let cases = cases.as_array().cloned().unwrap_or_default();
    cases
        .iter()
        .filter_map(|case| {
            let input = case.get("input")?.as_str()?.to_owned();
            let base = case.get("base").and_then(|b| b.as_str()).map(str::to_owned);
            Some((input, base))
        })
        .collect()
}

/// Checks that `views` (a column in the Utf8View layout: strings, or lists of strings) holds the
/// same rows as `utf8` (the same column in the Utf8 layout): the same nulls, strings and lists.
/// (The types are told apart by downcasting, so that the DataFusion tests, which share this
/// file, need no more dependencies than arrow-array.)
pub fn same_strings(views: &dyn Array, utf8: &dyn Array) -> Result<(), String> {
    if views.len() != utf8.len() {
        return Err(format!("{} rows, expected {}", views.len(), utf8.len()));
    }
    fn strings(a: &dyn Array) -> Result<Vec<Option<String>>, String> {
        (0..a.len())
            .map(|i| Ok(string_at(a, i)?.map(str::to_owned)))
            .collect()
    }
    fn rows(a: &dyn Array) -> Result<Vec<Option<Vec<String>>>, String> {
        if let Some(lists) = a.as_list_opt::<i32>() {
            let mut out = Vec::with_capacity(a.len());
            for i in 0..a.len() {
                out.push(match lists.is_valid(i) {
                    true => Some(
                        strings(lists.value(i).as_ref())?
                            .into_iter()
                            .flatten()
                            .collect(),
                    ),
                    false => None,
                });
            }
            return Ok(out);
        }
        if let Some(booleans) = a.as_boolean_opt() {
            return Ok(booleans
                .iter()
                .map(|b| b.map(|b| vec![b.to_string()]))
                .collect());
        }
        Ok(strings(a)?
            .into_iter()
            .map(|s| s.map(|s| vec![s]))
            .collect())
    }
    let (got, want) = (rows(views)?, rows(utf8)?);
    match got.iter().zip(&want).position(|(g, w)| g != w) {
        None => Ok(()),
        Some(i) => Err(format!("row {i}: {:?}, expected {:?}", got[i], want[i])),
    }
}
