//! The Utf8View layout of the kernel's string columns (`StringLayout::Utf8View`): the declared
//! types, values equal to the Utf8 layout's, and host names taken from the input as views into
//! the input's own buffers, from each input layout, sliced or not.

mod common;

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, NullArray, StringArray, StringViewArray};
use common::same_strings;
use pegurl_arrow::{
    parse_component, parse_urls, url_struct_type_in, Base, Component, ParseOptions, StringLayout,
};

/// Host names of each kind: long and as written (shared), short (held in the view), in need of
/// lowercasing, IDNA or IPv4 serialization (copied), behind spaces the parser trims, failing,
/// relative, null.
const ROWS: [Option<&str>; 12] = [
    Some("https://www.a-long-host-name.example/path?q#f"),
    Some("http://short.io/"),
    Some("HTTPS://WWW.UPPERCASE-HOST.EXAMPLE/"),
    Some("https://bücher.example.com/"),
    Some("http://0x7f.0.0.1:8080/"),
    Some("  https://trimmed-host-name.example/  "),
    None,
    Some("http://[::1/"),
    Some("/relative/path"),
    Some("https://user:pass@another-long-host.example:8443/"),
    Some("file:///etc/hosts"),
    Some("https://www.a-long-host-name.example.org"),
];

fn views() -> ParseOptions<'static> {
    ParseOptions::new().with_layout(StringLayout::Utf8View)
}

/// The same rows in each input layout.
fn inputs(rows: &[Option<&str>]) -> [(&'static str, ArrayRef); 3] {
    [
        ("Utf8", Arc::new(StringArray::from(rows.to_vec()))),
        ("LargeUtf8", Arc::new(LargeStringArray::from(rows.to_vec()))),
        ("Utf8View", Arc::new(StringViewArray::from(rows.to_vec()))),
    ]
}

/// The addresses of the buffers that hold `array`'s strings.
fn buffer_addresses(array: &dyn Array) -> Vec<*const u8> {
    match array.data_type() {
        arrow_schema::DataType::Utf8 => vec![array.as_string::<i32>().values().as_ptr()],
        arrow_schema::DataType::LargeUtf8 => vec![array.as_string::<i64>().values().as_ptr()],
        _ => array
            .as_string_view()
            .data_buffers()
            .iter()
            .map(|b| b.as_ptr())
            .collect(),
    }
}

/// How many of `hosts`'s values point into one of `input`'s buffers.
fn shared_values(hosts: &StringViewArray, input: &dyn Array) -> usize {
    let addresses = buffer_addresses(input);
    hosts
        .views()
        .iter()
        .filter(|&&view| view as u32 > 12)
        .filter(|&&view| {
            let buffer = &hosts.data_buffers()[(view >> 64) as u32 as usize];
            addresses.contains(&buffer.as_ptr())
        })
        .count()
}

#[test]
fn every_column_has_the_declared_view_type_and_the_utf8_values() {
    for (layout, input) in inputs(&ROWS) {
        let utf8 = parse_urls(&input, &ParseOptions::new()).expect("Utf8 output");
        let parsed = parse_urls(&input, &views()).expect("Utf8View output");
        assert_eq!(
            parsed.data_type(),
            &url_struct_type_in(StringLayout::Utf8View)
        );
        for component in Component::ALL {
            let alone = parse_component(&input, component, &views()).expect("a column");
            assert_eq!(
                alone.data_type(),
                &component.data_type_in(StringLayout::Utf8View),
                "{layout} {}",
                component.name()
            );
            let field = utf8.column_by_name(component.name()).expect("a field");
            let in_struct = parsed.column_by_name(component.name()).expect("a field");
            for (what, column) in [("alone", alone.as_ref()), ("in the struct", in_struct)] {
                if let Err(e) = same_strings(column, field) {
                    panic!("{layout} {} {what}: {e}", component.name());
                }
            }
        }
    }
}

#[test]
fn host_names_as_written_point_into_the_input_and_the_others_are_copied() {
    for (layout, input) in inputs(&ROWS) {
        let hosts = parse_component(&input, Component::Hostname, &views()).expect("a column");
        let hosts = hosts.as_string_view();
        // Rows 0, 5 (whose spaces the parser trims without a copy) and 11 hold their long host
        // names as written. Row 9's credentials send it through the production functions, which
        // write the host anew; the others are short, changed by the parser, failed or null.
        assert_eq!(shared_values(hosts, input.as_ref()), 3, "{layout}");
        assert_eq!(hosts.value(0), "www.a-long-host-name.example");
        assert_eq!(hosts.value(2), "www.uppercase-host.example");
        assert_eq!(hosts.value(3), "xn--bcher-kva.example.com");
        assert_eq!(hosts.value(4), "127.0.0.1");
        assert_eq!(hosts.value(5), "trimmed-host-name.example");
        assert!(hosts.is_null(6) && hosts.is_null(7) && hosts.is_null(8));
        assert_eq!(hosts.value(9), "another-long-host.example");
        assert_eq!(hosts.value(10), "");
    }
}

#[test]
fn a_sliced_input_gives_views_at_its_own_rows() {
    for (layout, input) in inputs(&ROWS) {
        let sliced = input.slice(9, 3);
        let hosts = parse_component(&sliced, Component::Hostname, &views()).expect("a column");
        let hosts = hosts.as_string_view();
        let got: Vec<Option<&str>> = hosts.iter().collect();
        assert_eq!(
            got,
            [
                Some("another-long-host.example"),
                Some(""),
                Some("www.a-long-host-name.example.org")
            ],
            "{layout}"
        );
        // Row 9 has credentials (its host is written anew), row 10 an empty host.
        assert_eq!(shared_values(hosts, sliced.as_ref()), 1, "{layout}");
    }
}

#[test]
fn a_column_with_no_shared_value_keeps_no_input_buffer() {
    let input: ArrayRef = Arc::new(StringViewArray::from(vec![
        "HTTPS://WWW.UPPERCASE-HOST.EXAMPLE/",
        "http://short.io/",
    ]));
    let hosts = parse_component(&input, Component::Hostname, &views()).expect("a column");
    let hosts = hosts.as_string_view();
    assert_eq!(shared_values(hosts, input.as_ref()), 0);
    let input_buffers = buffer_addresses(input.as_ref());
    assert!(hosts
        .data_buffers()
        .iter()
        .all(|b| !input_buffers.contains(&b.as_ptr())));
}

#[test]
fn views_against_a_base_and_of_null_and_empty_columns() {
    let input: ArrayRef = Arc::new(StringViewArray::from(vec![
        Some("../other-long-path/page"),
        None,
        Some("//another-long-host.example/"),
    ]));
    let options = views().with_base(Base::Scalar(Some("https://base-host-name.example/a/b")));
    let hosts = parse_component(&input, Component::Hostname, &options).expect("a column");
    let got: Vec<Option<&str>> = hosts.as_string_view().iter().collect();
    assert_eq!(
        got,
        [
            Some("base-host-name.example"),
            None,
            Some("another-long-host.example")
        ]
    );
    let nulls: ArrayRef = Arc::new(NullArray::new(2));
    let parsed = parse_urls(&nulls, &views()).expect("nulls");
    assert_eq!(parsed.null_count(), 2);
    let empty: ArrayRef = Arc::new(StringViewArray::from(Vec::<&str>::new()));
    let parsed = parse_urls(&empty, &views()).expect("empty");
    assert_eq!(
        parsed.data_type(),
        &url_struct_type_in(StringLayout::Utf8View)
    );
}
