//! Every row of the real URL lists (../shared/data/urls: kasztp.txt, node_files.txt) through the
//! kernel, in each string layout and with null rows between them, compared with pegurl's
//! `Url::parse` and getters row by row; and each component's own column compared with the
//! struct's field.

mod common;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use common::{check_row, expected, same_strings, url_list, Expected};
use pegurl_arrow::{parse_component, parse_urls, Base, Component, ParseOptions, StringLayout};

/// A null row after every `NULL_EVERY` URLs.
const NULL_EVERY: usize = 101;

/// The list's URLs with null rows mixed in.
fn rows_with_nulls(urls: &[String]) -> Vec<Option<&str>> {
    let mut rows = Vec::with_capacity(urls.len() + urls.len() / NULL_EVERY + 1);
    for (i, url) in urls.iter().enumerate() {
        if i % NULL_EVERY == 0 {
            rows.push(None);
        }
        rows.push(Some(url.as_str()));
    }
    rows
}

/// The three layouts of the same column.
fn layouts(rows: &[Option<&str>]) -> [(&'static str, ArrayRef); 3] {
    [
        ("Utf8", Arc::new(StringArray::from(rows.to_vec()))),
        ("LargeUtf8", Arc::new(LargeStringArray::from(rows.to_vec()))),
        ("Utf8View", Arc::new(StringViewArray::from(rows.to_vec()))),
    ]
}

/// Checks every row of `rows` parsed against `base`, in each layout; then each component's
/// column against the struct's field (Utf8 layout); then the Utf8View output against the Utf8
/// output: the struct and the hostname column for each input layout, every component's own
/// column for a Utf8View input.
fn check_list(rows: &[Option<&str>], base: Option<&str>) {
    let expected: Vec<Option<Expected>> = rows
        .iter()
        .map(|row| row.map(|input| expected(input, base)))
        .collect();
    let options = ParseOptions::new().with_base(match base {
        Some(base) => Base::Scalar(Some(base)),
        None => Base::None,
    });
    let mut mismatches = Vec::new();
    for (layout, column) in layouts(rows) {
        let parsed = match parse_urls(&column, &options) {
            Ok(parsed) => parsed,
            Err(e) => panic!("{layout}: the batch failed: {e}"),
        };
        assert_eq!(parsed.len(), rows.len(), "{layout}: row count");
        for (i, want) in expected.iter().enumerate() {
            if let Err(e) = check_row(&parsed, i, want.as_ref()) {
                mismatches.push(format!("{layout} {e} (input {:?})", rows[i]));
            }
        }
        let views = options.with_layout(StringLayout::Utf8View);
        let in_views = parse_urls(&column, &views).expect("the batch parses into views");
        for (component, field) in Component::ALL.iter().zip(in_views.columns()) {
            let utf8 = parsed.column_by_name(component.name()).expect("a field");
            if let Err(e) = same_strings(field, utf8) {
                panic!("{layout} {} in views: {e}", component.name());
            }
        }
        let own = if layout == "Utf8View" {
            &Component::ALL[..]
        } else {
            &[Component::Hostname]
        };
        for component in own {
            let alone = parse_component(&column, *component, &views).expect("a column of views");
            let utf8 = parsed.column_by_name(component.name()).expect("a field");
            if let Err(e) = same_strings(&alone, utf8) {
                panic!("{layout} {} alone in views: {e}", component.name());
            }
        }
        if layout == "Utf8" {
            for component in Component::ALL {
                let alone = parse_component(&column, component, &options);
                let field = parsed.column_by_name(component.name());
                let same = matches!((&alone, field), (Ok(a), Some(f)) if a.as_ref() == f.as_ref());
                assert!(
                    same,
                    "{}: its own column differs from the struct's",
                    component.name()
                );
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} rows differ from Url::parse; the first ones:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

#[test]
fn kasztp_every_row_equals_url_parse() {
    let Some(urls) = url_list("kasztp.txt") else {
        return;
    };
    assert_eq!(urls.len(), 48_010, "kasztp.txt changed");
    check_list(&rows_with_nulls(&urls), None);
}

#[test]
fn node_files_every_row_equals_url_parse() {
    let Some(urls) = url_list("node_files.txt") else {
        return;
    };
    assert_eq!(urls.len(), 43_415, "node_files.txt changed");
    check_list(&rows_with_nulls(&urls), None);
}

/// The kasztp URLs turned relative (scheme and host cut off) and resolved against a scalar base.
#[test]
fn kasztp_paths_against_a_scalar_base_equal_url_parse() {
    let Some(urls) = url_list("kasztp.txt") else {
        return;
    };
    let relative: Vec<String> = urls
        .iter()
        .map(|url| match url.split_once("://") {
            Some((_, rest)) => rest.find('/').map_or("", |at| &rest[at..]).to_owned(),
            None => url.clone(),
        })
        .collect();
    check_list(
        &rows_with_nulls(&relative),
        Some("https://example.org/dir/page?x#y"),
    );
}
