//! Tests of the way for inputs already in serialized form: where it is taken, and that its
//! record is the one the production functions write, on every WPT input and URL list line.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::Builder;
use super::{Family, Units};
use crate::error::{ErrorCode, ValidationError};
use crate::generated::Generated;
use crate::grammar::Production;
use crate::grammar::Productions;
use crate::input::Input;
use crate::tokens::Few;

/// The basic URL parser on `input` (no base) with the record written by `url` (the builder's
/// production functions, or the way for inputs as written), returning what `url` returned:
/// the record and the validation errors (preprocessing's, then the builder's), debug-printed,
/// and whether an invalid-URL-unit error is among the builder's.
fn run(
    input: &str,
    url: impl FnOnce(&mut Builder<'_, '_, '_, Generated>, &crate::tokens::Node<'_>) -> bool,
) -> Option<(String, bool)> {
    let input = Input::new(input);
    let mut errors: Vec<ValidationError> = Vec::new();
    let mut push = |e| errors.push(e);
    let mut listener: crate::builder::Listener<'_> = &mut push;
    let mut builder = Builder::new(&Generated, &input, None, Some(&mut listener));
    builder.preprocessing();
    let tree = builder.run(Production::Url).ok()?;
    if !url(&mut builder, &tree.root()) {
        return None;
    }
    let record = builder.out.finish().expect("a short record");
    drop(tree);
    let builders = &errors[preprocessing_errors(&input)..];
    let invalid_units = builders.iter().any(|e| e.code == ErrorCode::InvalidUrlUnit);
    Some((format!("{record:?} {errors:?}"), invalid_units))
}

/// How many validation errors preprocessing raises on `input`.
fn preprocessing_errors(input: &Input<'_>) -> usize {
    let mut errors = 0;
    let mut count = |_| errors += 1;
    let mut listener: crate::builder::Listener<'_> = &mut count;
    Builder::new(&Generated, input, None, Some(&mut listener)).preprocessing();
    errors
}

/// The record and validation errors of the `serialized_url` way on `input` (no base), as
/// [`run`] gives them; None when that way does not take it.
fn run_serialized(original: &str) -> Option<String> {
    // Taken on the input as it is, as a parse tries it before preprocessing.
    let as_it_is = run_serialized_on(Input::as_it_is(original));
    let input = Input::new(original);
    if as_it_is.is_some() {
        // It needs no preprocessing: preprocessing leaves it as it is.
        assert_eq!(&*input.text, original, "{original:?}");
    }
    let preprocessed = run_serialized_on(input);
    if input_needs_no_preprocessing(original) {
        assert_eq!(as_it_is, preprocessed, "{original:?}");
    }
    preprocessed
}

/// Whether preprocessing leaves `original` as it is.
fn input_needs_no_preprocessing(original: &str) -> bool {
    *Input::new(original).text == *original
}

/// [`run_serialized`] on an input already preprocessed (or taken as it is).
fn run_serialized_on(input: Input<'_>) -> Option<String> {
    run_serialized_by(input, |b| b.serialized_url())
}

/// The record and validation errors of the way `serialized_url_of_url_units` alone takes on
/// `input`, as [`run`] gives them; None when it does not take it.
fn run_serialized_of_url_units(input: &str) -> Option<String> {
    run_serialized_by(Input::new(input), |b| b.serialized_url_of_url_units())
}

/// The record and validation errors of the way `serialized` on `input`, preprocessed.
fn run_serialized_by(
    input: Input<'_>,
    serialized: impl FnOnce(&mut Builder<'_, '_, '_, Generated>) -> bool,
) -> Option<String> {
    let mut errors: Vec<ValidationError> = Vec::new();
    let mut push = |e| errors.push(e);
    let mut listener: crate::builder::Listener<'_> = &mut push;
    let mut builder = Builder::new(&Generated, &input, None, Some(&mut listener));
    builder.preprocessing();
    if !serialized(&mut builder) {
        return None;
    }
    let record = builder.out.finish().expect("a short record");
    Some(format!("{record:?} {errors:?}"))
}

/// A parse's request without base or listener.
fn plain_request<'r>() -> super::super::Request<'r, 'r> {
    super::super::Request {
        base: None,
        errors: None,
        encoding: encoding_rs::UTF_8,
        trace: None,
    }
}

/// Whether the two ways agree on `input`; whether the way for inputs as written took it.
/// Check mode (`can_parse`), which takes it where the scheme and authority are as written,
/// agrees with a parse on every input.
fn agree(input: &str) -> bool {
    let parses = super::super::parse(&Generated, input, plain_request(), |record| record).is_ok();
    let checks = super::super::check(&Generated, input, plain_request()).is_ok();
    assert_eq!(checks, parses, "check mode on {input:?}");
    // The hostname of check mode is the URL's.
    let host = crate::Url::options().hostname(input).ok();
    let url = crate::Url::parse(input).ok();
    assert_eq!(
        host.as_deref(),
        url.as_ref().map(|u| u.hostname()),
        "{input:?}"
    );
    // In check mode, `serialized_url_head` takes exactly the inputs the way on `url`'s tree
    // takes (the scheme and authority as written), so a check never runs that way after it.
    let check_mode = |way: &dyn Fn(&mut Builder<'_, '_, '_, Generated>) -> bool| {
        let input = Input::new(input);
        let mut builder = Builder::new(&Generated, &input, None, None);
        builder.outcome_only = true;
        way(&mut builder)
    };
    let by_the_head = check_mode(&|b| b.serialized_url());
    let on_the_tree = check_mode(&|b| {
        let taken = match b.run(Production::Url) {
            Ok(tree) => b.url_as_written(&tree.root()),
            Err(_) => false,
        };
        taken
    });
    let credentials = check_mode(&|b| match b.run(Production::Url) {
        Ok(tree) => b.has_credentials(&tree.root()),
        Err(_) => false,
    });
    // The grammar's `serialized_url` (and its head) takes exactly the inputs the way on
    // `url`'s tree takes but those with credentials, which a parse takes on the tree, with the
    // same record and errors.
    assert_eq!(
        by_the_head,
        on_the_tree && !credentials,
        "check mode on {input:?}"
    );
    let by_the_grammar = run_serialized(input);
    let Some((as_written, invalid_units)) = run(input, |b, root| b.url_as_written(root)) else {
        assert_eq!(by_the_grammar, None, "{input:?}");
        return false;
    };
    match credentials {
        true => assert_eq!(by_the_grammar, None, "{input:?}"),
        false => assert_eq!(by_the_grammar.as_ref(), Some(&as_written), "{input:?}"),
    }
    // `serialized_url_of_url_units` takes the same, and reads a component by its rule of URL
    // units only when the input has no invalid URL unit there (the debug build's check in
    // `errors_as_written` says so of each component it does not look at).
    let of_url_units = run_serialized_of_url_units(input);
    match credentials {
        true => assert_eq!(of_url_units, None, "{input:?}"),
        false => assert_eq!(of_url_units.as_ref(), Some(&as_written), "{input:?}"),
    }
    if !credentials {
        let units = units_of(input).expect("taken");
        assert_eq!(units == Units::Unchecked, invalid_units, "{input:?}");
    }
    let by_the_productions = run(input, |b, root| b.url(*root).is_ok()).map(|(record, _)| record);
    assert_eq!(Some(&as_written), by_the_productions.as_ref(), "{input:?}");
    // A parse without a listener takes it too, and writes the same record.
    let plain = super::super::parse(&Generated, input, plain_request(), |record| record);
    let plain = format!("{:?}", plain.expect("a URL"));
    assert!(as_written.starts_with(&format!("{plain} [")), "{input:?}");
    true
}

#[test]
fn inputs_as_written_and_not() {
    let cases = [
        ("https://example.org/a/b?c=d#e", true),
        ("https://example.org", true),
        ("http://example.org:8080/", true),
        ("wss://example.org:80/x", true),
        ("ftp://a.b.c./%zz/%41?%#", true),
        ("https://example.org//a//?", true),
        ("https://xn--nxasmq6b.com/", true),
        ("file:///usr/bin/env", true),
        ("file://host.example/share", true),
        ("file://benchmark", true),
        ("  https://example.org/\t", true),
        ("HTTPS://example.org/", false),
        ("https://Example.org/", false),
        ("https://user@example.org/", true),
        ("https://user:pa%zzss@example.org:8080/a", true),
        ("https://:pass@example.org/", true),
        ("https://u:1@example.org", true),
        ("https://user:pw@example.org:8080/a?q#f", true),
        ("https://u;v:p=q@example.org/", false),
        ("https://u!$&'()*+,~:p-._%@example.org/", true),
        ("https://:@example.org/", false),
        ("https://@example.org/", false),
        ("https://user:@example.org/", false),
        ("https://user::p@example.org/", false),
        ("https://a@b@example.org/", false),
        ("https://us er@example.org/", false),
        ("https://us\u{e9}r@example.org/", false),
        ("https://user@/", false),
        ("https://user@Example.org/", false),
        ("https://user@example.org:443/", false),
        ("file://user@host/", false),
        ("https://example.org:443/", false),
        ("ws://example.org:80/", false),
        ("https://example.org:0443/", false),
        ("https://example.org:/", false),
        ("https://example.org/a/../b", false),
        ("https://example.org/a/./b", false),
        ("https://example.org/%2e/b", false),
        ("https://example.org/.%2E", false),
        ("https://example.org/a b", false),
        ("https://example.org/é", false),
        ("https://example.org/?a'b", false),
        ("https://example.org/#a`b", false),
        ("https://example.org/a%zz|?%#%4", true),
        ("https://a_b.example/", true),
        ("https://example.org?q", false),
        ("https://example.org\\a", false),
        ("https://127.0.0.1/", true),
        ("https://0.0.0.0", true),
        ("https://255.255.255.255:8080/a?q#f", true),
        ("https://10.200.249.199/", true),
        ("wss://user@192.168.0.1/", true),
        ("file://192.168.0.1/share", true),
        ("https://127.0.0.01/", false),
        ("https://127.0.0.1./", false),
        ("https://127.0.0.256/", false),
        ("https://256.0.0.1/", false),
        ("https://127.0.0.1.2/", false),
        ("https://127.0.1/", false),
        ("https://1.2.3.45x/", true),
        ("https://1.2.3.0x4/", false),
        ("https://127.0.0.1:443/", false),
        ("file://127.0.0.1:80/", false),
        ("https://0x7f/", false),
        ("https://[::1]/", false),
        ("https://exa%41mple.org/", false),
        ("https://ex\u{e1}mple.org/", false),
        ("https:example.org", false),
        ("https:///example.org", false),
        ("file:///C:/x", false),
        ("file:///c|/x", false),
        ("file://localhost/x", false),
        ("file://C:/x", false),
        ("file://host?q", false),
        ("file:/x", false),
        ("mailto:a@b", false),
        ("foo://example.org/", false),
        ("https://exa mple.org/", false),
    ];
    // Check mode takes the way wherever the scheme and authority are as written.
    for input in [
        "https://example.org/a/../b c",
        "file://host/C|/x",
        "https://a/?'#`",
    ] {
        let input = Input::new(input);
        let mut builder = Builder::new(&Generated, &input, None, None);
        builder.outcome_only = true;
        let tree = builder.run(Production::Url).expect("a tree");
        assert!(builder.url_as_written(&tree.root()), "{:?}", input.text);
    }
    for (input, taken) in cases {
        assert_eq!(agree(input), taken, "{input:?}");
    }
}

/// What `serialized_url_of_url_units` knows of the invalid URL units of `input`; None when it
/// does not take it.
fn units_of(input: &str) -> Option<Units> {
    let input = Input::new(input);
    let mut listener: crate::builder::Listener<'_> = &mut |_| {};
    let mut builder = Builder::new(&Generated, &input, None, Some(&mut listener));
    builder.preprocessing();
    let mut tokens = Few::new();
    if !builder
        .source
        .parse_serialized_of_url_units(builder.text, &mut tokens)
    {
        return None;
    }
    let (_, units) = builder.serialized_places(tokens.tokens()?, Family::OfUrlUnits)?;
    Some(units)
}

/// `serialized_url_of_url_units` reads a path, query or fragment that holds an invalid URL unit
/// (a code point that is no URL code point, or a "%" that starts no percent-encoded byte) by
/// `serialized_url`'s rule, and every other by its rule of URL units, so that a parse taking
/// its way need not look for one there; the way on the tree takes them too, reporting each.
#[test]
fn serialized_urls_of_url_units_hold_no_invalid_url_unit() {
    let serialized = |input: &str| units_of(input) == Some(Units::NoneInvalid);
    for input in [
        "https://a/b%41c?d%42e#f%43g",
        "https://a/!$&'()*+,-.:;=@_~?!$&()*+,-./:;=?@_~#!$&'()*+,-./:;=?@_~",
        "file:///x%2F",
    ] {
        assert!(serialized(input), "{input:?}");
    }
    for input in [
        "https://a/b|c",
        "https://a/[x]",
        "https://a/%zz",
        "https://a/%4",
        "https://a/x%",
        "https://a/?q[]=1",
        "https://a/?x{y}^z`|\\",
        "https://a/?%g0",
        "https://a/#a#b",
        "https://a/#{x}",
        "https://a/#%",
        "file:///x|y",
    ] {
        assert_eq!(units_of(input), Some(Units::Unchecked), "{input:?}");
        assert!(run_serialized(input).is_some(), "{input:?}");
        assert!(agree(input), "{input:?}");
        let (_, invalid_units) = run(input, |b, root| b.url_as_written(root)).expect("taken");
        assert!(invalid_units, "{input:?}");
    }
}

#[test]
fn every_wpt_input_as_written_is_what_the_productions_write() {
    let inputs = crate::workbench::wpt::urltestdata_inputs();
    let taken = inputs.iter().filter(|input| agree(input)).count();
    // The way is exercised: WPT has such inputs beside the ones that test the prose.
    assert!(taken > 50, "{taken} of {} taken", inputs.len());
}

/// A URL list of ../shared/data/urls (MIT, from ada-url/url-various-datasets), or None, said on
/// stderr, when the folder is not beside the repository.
fn url_list(name: &str) -> Option<String> {
    let dir = std::env::var_os("PEGURL_BENCH_DATA").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        std::path::PathBuf::from,
    );
    let path = dir.join(name);
    std::fs::read_to_string(&path)
        .map_err(|e| std::eprintln!("NOT COMPARED: {}: {e}", path.display()))
        .ok()
}

#[test]
fn every_url_list_line_as_written_is_what_the_productions_write() {
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(text) = url_list(name) else {
            continue;
        };
        let lines = text.lines().count();
        let taken = text.lines().filter(|line| agree(line)).count();
        std::eprintln!("{name}: {taken} of {lines} lines taken as written");
        // Most real URLs are written as the serializer writes them.
        assert!(taken * 2 > lines, "{name}: {taken} of {lines}");
    }
}

#[test]
fn every_mixed_benchmark_input_as_written_is_what_the_productions_write() {
    // benches/data/mixed.tsv: inputs beside their bases; each input is read here without one.
    let text = include_str!("../../benches/data/mixed.tsv");
    let inputs: Vec<&str> = text.lines().filter_map(|l| l.split('\t').next()).collect();
    let taken = inputs.iter().filter(|input| agree(input)).count();
    assert!(taken > 100, "{taken} of {} taken", inputs.len());
}

/// Every input put together from pieces at the edges the rules check (the scheme, the host and
/// its "localhost", the port and its default, what ends the authority, the first segment):
/// the ways agree on each, in a parse and in check mode (the fuzz target `check` found
/// `file://localhost\/x`, whose head once kept "localhost" as the host).
#[test]
fn every_input_of_pieces_at_the_edges_agrees() {
    let schemes = ["https://", "ws://", "file://", "HTTP://", "foo://"];
    let hosts = [
        "",
        "localhost",
        "localhostx",
        "LOCALHOST",
        "a",
        "A",
        "1.2",
        "a.0x1",
        "x_y",
        "[::1]",
        "\u{e9}",
        "a%41",
        "1.2.3.4",
        "1.2.3.04",
        "1.2.3.4.",
    ];
    let ports = ["", ":", ":0", ":80", ":443", ":0080", ":65536"];
    let rests = [
        "", "/", "\\", "?", "#", "\\x", "/\\x", "\\/x", "/.", "/..", "/%2e/", "/C:", "/c|/",
        "\\c:", "/x?\\#\\", " ", "\t/",
    ];
    let mut taken = 0;
    for scheme in schemes {
        for host in hosts {
            for port in ports {
                for rest in rests {
                    taken += usize::from(agree(&format!("{scheme}{host}{port}{rest}")));
                }
            }
        }
    }
    assert!(taken > 100, "{taken} taken");
}

/// A host of four numbers is taken as written, as an IPv4 address, exactly when the IPv4
/// serializer writes it the same: each number from 0 to 255 in decimal without a leading zero.
/// The way for inputs as written and the way on `url`'s tree (both by the `ipv4` rule's parts)
/// agree on every host of four numbers from a list of edges, and with the parse.
#[test]
fn ipv4_addresses_as_written_are_the_ones_the_ipv4_serializer_writes() {
    let numbers = [
        "0", "00", "01", "7", "10", "99", "100", "199", "249", "250", "255", "256", "1000", "0x1",
    ];
    let mut taken = 0;
    for a in numbers {
        for b in ["0", "255", "01", "256"] {
            for c in numbers {
                for d in numbers {
                    let host = format!("{a}.{b}.{c}.{d}");
                    let as_written = agree(&format!("https://{host}/"));
                    let serialized = [a, b, c, d]
                        .iter()
                        .all(|n| n.parse::<u8>().is_ok_and(|v| v.to_string() == *n));
                    assert_eq!(as_written, serialized, "{host}");
                    taken += usize::from(as_written);
                }
            }
        }
    }
    assert_eq!(taken, 9 * 2 * 9 * 9);
}

/// A port is taken as written only when the port state would write the same digits: a 16-bit
/// number, no leading zero, not the scheme's default; a byte that is not a digit (which a
/// grammar's port rule could let through) is refused, not read as a number.
#[test]
fn ports_as_written_are_the_ones_the_port_state_writes_again() {
    use super::port_as_written;
    assert_eq!(port_as_written("8080", Some(443)), Some(8080));
    assert_eq!(port_as_written("0", Some(443)), Some(0));
    assert_eq!(port_as_written("65535", None), Some(65535));
    for digits in ["", "443", "0443", "00", "65536", "8a", "8/", ":", "１"] {
        assert_eq!(port_as_written(digits, Some(443)), None, "{digits:?}");
    }
}
