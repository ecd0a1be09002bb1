//! The kernel's edges: bases that do not parse or are null, columns of the wrong type or
//! length, sliced and empty columns, a column of the Null type.

mod common;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, Int32Array, NullArray, StringArray};
use common::{check_row, expected};
use pegurl_arrow::{parse_component, parse_urls, url_struct_type, Base, Component, ParseOptions};

const INPUTS: [&str; 4] = ["https://example.org/a", "/b", "not a url", "http://[::1/"];

fn column(rows: &[&str]) -> ArrayRef {
    Arc::new(StringArray::from(rows.to_vec()))
}

#[test]
fn a_base_that_does_not_parse_fails_every_row_as_url_parse_does() {
    for bad in ["", "/relative", "http://[::1/", "not a url"] {
        let options = ParseOptions::new().with_base(Base::Scalar(Some(bad)));
        let parsed = parse_urls(&column(&INPUTS), &options).expect("the batch parses");
        for (i, input) in INPUTS.iter().enumerate() {
            let want = expected(input, Some(bad));
            assert!(
                want.failure.is_some(),
                "Url::parse accepts the base {bad:?}"
            );
            check_row(&parsed, i, Some(&want)).unwrap_or_else(|e| panic!("base {bad:?}: {e}"));
        }
    }
}

#[test]
fn a_null_scalar_base_makes_every_row_null() {
    let options = ParseOptions::new().with_base(Base::Scalar(None));
    let parsed = parse_urls(&column(&INPUTS), &options).expect("the batch parses");
    assert_eq!(parsed.null_count(), INPUTS.len());
    for i in 0..INPUTS.len() {
        check_row(&parsed, i, None).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_column_that_is_not_strings_is_an_error_that_names_its_type() {
    let numbers: ArrayRef = Arc::new(Int32Array::from(vec![1, 2]));
    let e = parse_urls(&numbers, &ParseOptions::new()).expect_err("Int32 is refused");
    assert!(e.to_string().contains("Int32"), "{e}");
    let options = ParseOptions::new().with_base(Base::Column(numbers.as_ref()));
    let e = parse_urls(&column(&INPUTS[..2]), &options).expect_err("an Int32 base is refused");
    assert!(e.to_string().contains("base"), "{e}");
}

#[test]
fn a_base_column_of_another_length_is_an_error() {
    let bases = column(&["http://h/"]);
    let options = ParseOptions::new().with_base(Base::Column(bases.as_ref()));
    let e = parse_urls(&column(&INPUTS), &options).expect_err("lengths differ");
    assert!(e.to_string().contains("rows"), "{e}");
}

#[test]
fn a_sliced_column_reads_its_own_rows() {
    let all = column(&INPUTS);
    let sliced = all.slice(1, 2);
    let parsed = parse_urls(&sliced, &ParseOptions::new()).expect("the batch parses");
    assert_eq!(parsed.len(), 2);
    for (i, input) in INPUTS[1..3].iter().enumerate() {
        check_row(&parsed, i, Some(&expected(input, None))).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn empty_and_null_typed_columns_give_structs_of_the_same_type() {
    let empty = parse_urls(&column(&[]), &ParseOptions::new()).expect("empty");
    assert_eq!((empty.len(), empty.data_type()), (0, &url_struct_type()));
    let nulls: ArrayRef = Arc::new(NullArray::new(3));
    let parsed = parse_urls(&nulls, &ParseOptions::new()).expect("nulls");
    assert_eq!(
        (parsed.null_count(), parsed.data_type()),
        (3, &url_struct_type())
    );
    let hosts = parse_component(&nulls, Component::Host, &ParseOptions::new()).expect("nulls");
    assert_eq!(hosts.null_count(), 3);
}

#[test]
fn each_component_column_has_its_declared_type() {
    for component in Component::ALL {
        let alone = parse_component(&column(&INPUTS), component, &ParseOptions::new())
            .unwrap_or_else(|e| panic!("{}: {e}", component.name()));
        assert_eq!(
            alone.data_type(),
            &component.data_type(),
            "{}",
            component.name()
        );
        assert_eq!(Component::from_name(component.name()), Some(component));
    }
}

/// Each component's own column equals the struct's field against every kind of base: a column
/// with nulls, bases that do not parse and repeated bases; a scalar that does not parse. (The
/// hostname column has a parse of its own.)
#[test]
fn each_component_alone_equals_the_struct_against_any_base() {
    let urls = column(&[
        "../a",
        "//other.example/x",
        "b?q",
        "https://x.example/",
        "c",
    ]);
    let bases: ArrayRef = Arc::new(StringArray::from(vec![
        Some("https://base.example/p/q"),
        Some("https://base.example/p/q"),
        None,
        Some("not a base"),
        Some("file:///C:/dir/"),
    ]));
    let scalar_bad = ParseOptions::new().with_base(Base::Scalar(Some("not a base")));
    for options in [
        ParseOptions::new().with_base(Base::Column(bases.as_ref())),
        scalar_bad,
    ] {
        let parsed = parse_urls(&urls, &options).expect("the batch parses");
        for component in Component::ALL {
            let alone = parse_component(&urls, component, &options).expect("a column");
            let field = parsed.column_by_name(component.name()).expect("a field");
            assert_eq!(alone.as_ref(), field.as_ref(), "{}", component.name());
        }
    }
}
