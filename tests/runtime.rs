//! The built-in grammar loaded at run time (pest_meta + pest_vm) drives the builder to the same
//! results as the compiled grammar (the generated parser) on every WPT input, and a modified grammar
//! changes results.
#![cfg(feature = "vm")]

#[allow(dead_code)] // shared with tests/wpt.rs, which uses all of it
#[path = "wpt/load.rs"]
mod load;

use load::{field, wpt};
use pegurl::workbench::{RuntimeGrammar, BUILTIN_GRAMMAR};
use pegurl::Url;
use serde_json::Value;

/// The built-in grammar with each `(from, to)` edit made wherever `from` occurs; each must
/// occur (an edit that changes nothing would test the built-in grammar).
fn edited(edits: &[(&str, &str)]) -> String {
    let mut grammar = BUILTIN_GRAMMAR.to_owned();
    for (from, to) in edits {
        assert!(grammar.contains(from), "the grammar has {from:?}");
        grammar = grammar.replace(from, to);
    }
    grammar
}

fn outcome(result: Result<Url, pegurl::ParseError>) -> Result<String, String> {
    result
        .map(|u| u.href().to_owned())
        .map_err(|e| e.to_string())
}

#[test]
fn the_builtin_grammar_at_run_time_equals_the_compiled_one_on_urltestdata() {
    let grammar = RuntimeGrammar::load(BUILTIN_GRAMMAR).expect("the built-in grammar loads");
    assert!(grammar.missing_productions().is_empty());
    let mut compared = 0;
    for case in wpt("urltestdata.json") {
        let Some(input) = field(&case, "input") else {
            continue;
        };
        let base = field(&case, "base").and_then(|b| Url::parse(b).ok());
        let compiled = outcome(Url::options().base_url(base.as_ref()).parse(input));
        let runtime = outcome(run_time(&grammar, base.as_ref()).parse(input));
        assert_eq!(compiled, runtime, "{input:?} against {base:?}");
        let (mut compiled_trees, mut runtime_trees) = (Vec::new(), Vec::new());
        let options = Url::options().base_url(base.as_ref());
        let _ = options.trace(&mut compiled_trees).parse(input);
        let _ = run_time(&grammar, base.as_ref())
            .trace(&mut runtime_trees)
            .parse(input);
        assert_eq!(compiled_trees, runtime_trees, "trees of {input:?}");
        compared += 1;
    }
    assert_eq!(compared, 891);
}

#[test]
fn the_builtin_grammar_at_run_time_equals_the_compiled_one_on_hosts_and_setters() {
    let grammar = RuntimeGrammar::load(BUILTIN_GRAMMAR).unwrap();
    for file in ["toascii.json", "IdnaTestV2.json"] {
        for case in wpt(file) {
            let Some(input) = field(&case, "input") else {
                continue;
            };
            let href = format!("https://{input}/x");
            assert_eq!(
                outcome(Url::parse(&href)),
                outcome(run_time(&grammar, None).parse(&href))
            );
        }
    }
    let Some(Value::Object(by_attribute)) = wpt("setters_tests.json").into_iter().next() else {
        panic!("setters_tests.json");
    };
    for (attribute, cases) in by_attribute {
        let Value::Array(cases) = cases else { continue };
        if attribute == "comment" {
            continue;
        }
        for case in cases {
            let href = field(&case, "href").unwrap();
            let value = field(&case, "new_value").unwrap();
            let mut compiled = Url::parse(href).unwrap();
            let mut runtime = compiled.clone();
            let a = compiled.set_component(&attribute, value);
            let b = grammar.set_component(&mut runtime, &attribute, value);
            assert_eq!(a, b, "<{href}>.{attribute} = {value:?}");
            assert_eq!(compiled, runtime, "<{href}>.{attribute} = {value:?}");
        }
    }
}

#[test]
fn a_modified_grammar_changes_results() {
    // An experiment: special URLs no longer take "\" as a slash in their path.
    let modified = BUILTIN_GRAMMAR.replace(
        r##"special_path_segment = @{ special_path_row | ("/" | "\\") ~ special_segment_content }"##,
        r##"special_path_segment = @{ "/" ~ (!("/" | "?" | "#") ~ ANY)* }"##,
    );
    assert_ne!(
        modified, BUILTIN_GRAMMAR,
        "the rule to change is in the grammar"
    );
    let grammar = RuntimeGrammar::load(&modified).unwrap();
    let input = "http://h/a\\b";
    assert_eq!(Url::parse(input).unwrap().href(), "http://h/a/b");
    // "\" is not in the path percent-encode set: it stays, inside one segment.
    let url = run_time(&grammar, None).parse(input).unwrap();
    assert_eq!(url.href(), "http://h/a\\b");
    assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a\\b"]);
}

#[test]
fn a_grammar_without_the_serialized_url_rules_needs_none_of_them_and_parses_the_same() {
    // The section of the `serialized_*` rules, which only the built-in parser reads.
    let start = BUILTIN_GRAMMAR
        .find("// URLs as the URL serializer writes them")
        .unwrap();
    let end = BUILTIN_GRAMMAR
        .find("// IPv4, on the ASCII domain")
        .unwrap();
    let without = format!("{}{}", &BUILTIN_GRAMMAR[..start], &BUILTIN_GRAMMAR[end..]);
    assert!(
        !without.contains("serialized_url ="),
        "the section is cut whole"
    );
    let grammar = RuntimeGrammar::load(&without).unwrap();
    assert!(grammar.missing_productions().is_empty());
    for input in [
        "https://example.org/a?b#c",
        "file:///x",
        "HTTP://h:80/./a b",
    ] {
        let url = run_time(&grammar, None).parse(input).unwrap();
        assert_eq!(url.href(), Url::parse(input).unwrap().href(), "{input:?}");
    }
}

#[test]
fn a_grammar_without_a_production_fails_with_its_name_and_bad_grammars_are_errors() {
    let without_ipv4 = BUILTIN_GRAMMAR.replace("\nipv4 = ${", "\nipv4_renamed = ${");
    let grammar = RuntimeGrammar::load(&without_ipv4).unwrap();
    assert_eq!(
        grammar.missing_productions(),
        [pegurl::workbench::Production::Ipv4]
    );
    let e = run_time(&grammar, None)
        .parse("http://1.2.3.4/")
        .unwrap_err();
    assert!(
        matches!(e.kind, pegurl::ParseErrorKind::Grammar("ipv4")),
        "{e}"
    );
    // A domain whose last byte no number ends in needs no `ipv4` rule; nor does one that ends
    // in hex digits, one a letter, not after "0x" (only a hex number ends in a letter).
    for domain in ["a.org", "a.b", "a.cafe"] {
        let url = format!("http://{domain}/");
        assert_eq!(run_time(&grammar, None).parse(&url).unwrap().href(), url);
    }
    // One whose last bytes may end a number (hex digits after "0x", or a digit) needs the
    // rule's parts to tell whether it ends in a number: without the rule, the grammar's error,
    // with its name.
    for domain in ["a.0xb", "a.0Xb", "a.b1", "a.x", "a.b."] {
        let e = run_time(&grammar, None)
            .parse(&format!("http://{domain}/"))
            .unwrap_err();
        assert!(
            matches!(e.kind, pegurl::ParseErrorKind::Grammar("ipv4")),
            "{domain}: {e}"
        );
    }
    assert!(RuntimeGrammar::load("url = { ").is_err());
}

/// A grammar whose radix-16 and radix-8 IPv4 parts are leaves (no child for the digits after
/// the prefix) gets the builder's grammar error naming `ipv4`: the builder reads the digits
/// from the grammar's child, it does not take the prefix off by position. The built-in grammar
/// reads the same parts.
/// A grammar whose decimal IPv4 parts may have leading zeros (read before octal ones): such a
/// host is not written as it is, as the IPv4 serializer writes each number without them.
#[test]
fn an_ipv4_host_is_taken_as_written_only_as_the_serializer_writes_it() {
    let changed = edited(&[
        (
            "ipv4_part = _{ ipv4_hex | ipv4_octal | ipv4_decimal | ipv4_non_numeric }",
            "ipv4_part = _{ ipv4_hex | ipv4_decimal | ipv4_octal | ipv4_non_numeric }",
        ),
        (
            "ipv4_decimal = @{ (\"0\" | ASCII_NONZERO_DIGIT ~ ASCII_DIGIT*) ~ &(\".\" | EOI) }",
            "ipv4_decimal = @{ ASCII_DIGIT+ ~ &(\".\" | EOI) }",
        ),
    ]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    for (input, href) in [
        ("http://01.2.3.4/", "http://1.2.3.4/"),
        ("http://1.2.3.004/", "http://1.2.3.4/"),
        ("http://1.2.3.4/", "http://1.2.3.4/"),
        ("http://000.0.0.0/", "http://0.0.0.0/"),
    ] {
        let url = run_time(&grammar, None).parse(input).unwrap();
        assert_eq!(url.href(), href, "{input}");
        assert_eq!(
            url.host(),
            Some(pegurl::Host::Ipv4(href[7..href.len() - 1].parse().unwrap()))
        );
    }
}

#[test]
fn ipv4_digits_come_from_the_grammar_not_from_slicing_the_prefix() {
    let changed = edited(&[
        (
            "ipv4_hex = ${ (\"0x\" | \"0X\") ~ ipv4_hex_digits ~",
            "ipv4_hex = @{ (\"0x\" | \"0X\") ~ ipv4_hex_digits ~",
        ),
        (
            "ipv4_octal = ${ \"0\" ~ ipv4_octal_digits ~",
            "ipv4_octal = @{ \"0\" ~ ipv4_octal_digits ~",
        ),
    ]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    for input in ["http://0x7f.1/", "http://0177.1/", "http://1.0X1/"] {
        assert_eq!(grammar_error(&grammar, input), Some("ipv4"), "{input}");
    }
    // A decimal part has no prefix: it is read as it is.
    assert_eq!(
        run_time(&grammar, None)
            .parse("http://127.1/")
            .unwrap()
            .href(),
        "http://127.0.0.1/"
    );
    let builtin = RuntimeGrammar::load(BUILTIN_GRAMMAR).unwrap();
    for (input, href) in [
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http://0177.1/", "http://127.0.0.1/"),
        ("http://1.0X1/", "http://1.0.0.1/"),
        ("http://0x.0/", "http://0.0.0.0/"),
    ] {
        assert_eq!(run_time(&builtin, None).parse(input).unwrap().href(), href);
    }
}

/// The rule a grammar error on `input` names, parsed with `grammar`; None for another outcome.
fn grammar_error(grammar: &RuntimeGrammar, input: &str) -> Option<&'static str> {
    match run_time(grammar, None).parse(input) {
        Err(pegurl::ParseError {
            kind: pegurl::ParseErrorKind::Grammar(rule),
            ..
        }) => Some(rule),
        _ => None,
    }
}

/// Options that parse with `grammar` against `base`.
fn run_time<'a>(grammar: &'a RuntimeGrammar, base: Option<&'a Url>) -> pegurl::ParseOptions<'a> {
    Url::options().base_url(base).grammar(grammar)
}

#[test]
fn a_grammar_without_a_set_rule_uses_the_built_in_set_and_says_so() {
    // The path set renamed away: the built-in path set stands in; the edited query set does not.
    let edited = BUILTIN_GRAMMAR
        .replace("path_percent_encode_set", "old_path_set")
        .replace(
            "query_percent_encode_set = _{ c0_control_percent_encode_set | \" \" |",
            "query_percent_encode_set = _{ c0_control_percent_encode_set | \"!\" | \" \" |",
        );
    let grammar = RuntimeGrammar::load(&edited).unwrap();
    assert_eq!(grammar.missing_tables(), ["path_percent_encode_set"]);
    let url = run_time(&grammar, None).parse("foo://h/a^!?b!").unwrap();
    assert_eq!(url.href(), "foo://h/a%5E!?b%21");
    assert!(RuntimeGrammar::load(BUILTIN_GRAMMAR)
        .unwrap()
        .missing_tables()
        .is_empty());
}

#[test]
fn a_set_rule_that_is_not_a_set_fails_to_load_naming_it() {
    let edited = edited(&[(
        "fragment_percent_encode_set = _{ c0_control_percent_encode_set |",
        "fragment_percent_encode_set = _{ \"ab\" | c0_control_percent_encode_set |",
    )]);
    let error = RuntimeGrammar::load(&edited).unwrap_err();
    assert!(error.contains("`fragment_percent_encode_set`"), "{error}");
}

#[test]
fn the_scheme_table_decides_special_schemes_and_their_ports() {
    let edited = edited(&[(
        "default_port_21 = _{ ^\"ftp\" }",
        "default_port_21 = _{ ^\"ftp\" | ^\"sftp\" }",
    )]);
    let grammar = RuntimeGrammar::load(&edited).unwrap();
    // Special now: "\" is a slash, the host a domain, port 21 the default.
    let url = run_time(&grammar, None)
        .parse("SFTP:\\\\EX.org:21\\a")
        .unwrap();
    assert_eq!(url.href(), "sftp://ex.org/a");
    assert_eq!(
        Url::parse("SFTP:\\\\EX.org:21\\a").unwrap().href(),
        "sftp:\\\\EX.org:21\\a"
    );
}

#[test]
fn a_run_time_grammar_that_cannot_read_the_input_names_where_it_stopped() {
    // A `url` rule without its fragment: "#" is where the grammar can go no further.
    let without_fragment = edited(&[(" ~ (\"#\" ~ fragment)? ~ EOI", " ~ EOI")]);
    let grammar = RuntimeGrammar::load(&without_fragment).unwrap();
    let e = run_time(&grammar, None)
        .parse("http://a.b/c#d")
        .unwrap_err();
    assert!(
        matches!(e.kind, pegurl::ParseErrorKind::Grammar("url")),
        "{e}"
    );
    assert_eq!(e.span, 12..13, "{e}");
    // The same on input with a removed tab: the span is of the input as given.
    let e = run_time(&grammar, None)
        .parse("http://a.b/\tc#d")
        .unwrap_err();
    assert_eq!(e.span, 13..14, "{e}");
}

#[test]
fn a_missing_production_is_blamed_on_the_text_it_was_to_read() {
    let without_ipv4 = BUILTIN_GRAMMAR.replace("\nipv4 = ${", "\nipv4_renamed = ${");
    let grammar = RuntimeGrammar::load(&without_ipv4).unwrap();
    let e = run_time(&grammar, None)
        .parse("http://1.2.3.4/")
        .unwrap_err();
    assert_eq!(e.span, 7..14, "{e}");
}

/// The way for inputs already in serialized form takes its shape from the tree, and declines a
/// tree of another shape: a grammar whose `special_path_segment` may match nothing before "//"
/// (its segments after that in a rule of their own) gets the builder's grammar error, no panic.
#[test]
fn an_empty_path_segment_of_a_run_time_grammar_is_refused_not_sliced() {
    let segment =
        "special_path_segment = @{ special_path_row | (\"/\" | \"\\\\\") ~ special_segment_content }";
    let inner = &segment[25..segment.len() - 2];
    let segment_and_plain =
        format!("special_path_segment = @{{ &\"//\" | {inner} }}\nplain_segment = @{{ {inner} }}");
    let changed = edited(&[
        (segment, &segment_and_plain),
        (
            "special_path = ${ special_path_segment* }",
            "special_path = ${ (special_path_segment ~ plain_segment*)? }",
        ),
        (
            "special_path_absolute = ${ special_path_segment+ }",
            "special_path_absolute = ${ plain_segment+ }",
        ),
        (
            "special_first_segment ~ special_path_segment* }",
            "special_first_segment ~ plain_segment* }",
        ),
    ]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    for input in ["https://a//b", "file:////x"] {
        let e = run_time(&grammar, None).parse(input).unwrap_err();
        assert!(
            matches!(e.kind, pegurl::ParseErrorKind::Grammar(_)),
            "{input}: {e}"
        );
        assert!(!run_time(&grammar, None).can_parse(input), "{input}");
    }
}

/// A grammar whose URL code points leave out "/" gets the invalid-URL-units of each path
/// segment's content, as the path state checks them, also for an input already in serialized
/// form.
#[test]
fn url_units_of_a_path_are_its_segments_with_a_run_time_grammar() {
    let changed = edited(&[("'&'..'/'", "'&'..'.'")]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    for input in ["https://a/b/c", "file:///x/y"] {
        let mut errors = Vec::new();
        let url = run_time(&grammar, None)
            .validation_errors(&mut errors)
            .parse(input);
        assert_eq!(url.map(|u| u.href().to_owned()).as_deref(), Ok(input));
        assert_eq!(errors, [], "{input}");
    }
}

/// The edit that puts "/" in the path percent-encode set: the builder must then look at each
/// segment of a row (the "/" between segments is the path's, never encoded).
const SLASH_IN_THE_PATH_SET: (&str, &str) = (
    "path_percent_encode_set = _{ query_percent_encode_set |",
    "path_percent_encode_set = _{ query_percent_encode_set | \"/\" |",
);

/// A row of segments read again one segment to a leaf (as the path state must when "/" is in
/// the path percent-encode set) must be read whole: a grammar whose reading stops after the
/// first segment gets the builder's grammar error, not a shorter path.
#[test]
fn a_row_read_again_must_be_read_whole() {
    let changed = edited(&[
        SLASH_IN_THE_PATH_SET,
        (
            "special_path_segment_by_segment = ${ SOI ~ special_single_path_segment* ~ EOI }",
            "special_path_segment_by_segment = ${ special_single_path_segment }",
        ),
    ]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    assert_eq!(
        grammar_error(&grammar, "http://h/a/b/c?q"),
        Some("special_path_segment_by_segment")
    );
    // One segment is the whole row.
    assert_eq!(
        run_time(&grammar, None)
            .parse("http://h/a?q")
            .unwrap()
            .href(),
        "http://h/a?q"
    );
}

/// A grammar whose path percent-encode set holds "/" encodes it inside a segment's content
/// only: the "/" between segments is the path's serialization, never percent-encoded, in a
/// parse and in the pathname setter alike.
#[test]
fn a_path_set_holding_the_slash_leaves_the_slashes_between_segments() {
    let changed = edited(&[SLASH_IN_THE_PATH_SET]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    for (input, href) in [
        ("https://h/a/b", "https://h/a/b"),
        ("https://h/a b/./c/../d", "https://h/a%20b/d"),
        ("foo://h/a/b/", "foo://h/a/b/"),
        ("file:///C:/x", "file:///C:/x"),
    ] {
        let url = run_time(&grammar, None).parse(input);
        assert_eq!(
            url.map(|u| u.href().to_owned()).as_deref(),
            Ok(href),
            "{input}"
        );
    }
    for (base, value, href) in [
        ("https://h/a/b?q", "/c/d", "https://h/c/d?q"),
        ("https://h/a/b?q", "e/f", "https://h/e/f?q"),
        ("https://h/a/b?q", "/g/./h\\i/j", "https://h/g/h/i/j?q"),
        ("foo://h/a/b?q", "/c/d/../e", "foo://h/c/e?q"),
        ("foo://h/a/b?q", "e/f", "foo://h/e/f?q"),
    ] {
        let mut url = run_time(&grammar, None).parse(base).expect("a URL");
        assert_eq!(
            grammar.set_component(&mut url, "pathname", value),
            Some(Ok(()))
        );
        assert_eq!(url.href(), href, "pathname = {value:?}");
    }
}

/// A setter whose rules give a tree the builder does not know (here the pathname setter's of an
/// older grammar, whose path start state's "/" was a token of its own) fails with the
/// production's name, and leaves the URL as it was; the values that tree's shape does not
/// reach are set as before.
#[test]
fn a_setter_of_a_grammar_the_builder_does_not_know_names_the_production() {
    let changed = edited(&[(
        "SOI ~ (special_setter_segment+ | special_setter_first_segment ~ special_setter_segment*) ~ EOI",
        "SOI ~ path_start_slash? ~ special_setter_first_segment ~ special_setter_segment* ~ EOI \
         }\npath_start_slash = @{ \"/\" | \"\\\\\"",
    )]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    let mut url = run_time(&grammar, None)
        .parse("https://h/a?q")
        .expect("a URL");
    for value in ["/b", "\\b"] {
        assert_eq!(
            grammar.set_component(&mut url, "pathname", value),
            Some(Err(pegurl::SetterError::Grammar("set_special_pathname"))),
            "{value:?}"
        );
        assert_eq!(url.href(), "https://h/a?q");
    }
    assert_eq!(
        grammar.set_component(&mut url, "pathname", "b/c"),
        Some(Ok(()))
    );
    assert_eq!(url.href(), "https://h/b/c?q");
    let e = pegurl::SetterError::Grammar("set_special_pathname");
    assert_eq!(
        e.to_string(),
        "the grammar returned an unexpected tree at production `set_special_pathname`"
    );
    // A protocol setter's tree without the scheme: the same, where the value itself is fine.
    let changed = edited(&[(
        "set_protocol = ${ SOI ~ scheme ~ \":\" }",
        "set_protocol = ${ SOI ~ (!\":\" ~ ANY)+ ~ \":\" }",
    )]);
    let grammar = RuntimeGrammar::load(&changed).expect("the changed grammar loads");
    let mut url = run_time(&grammar, None).parse("http://h/").expect("a URL");
    assert_eq!(
        grammar.set_component(&mut url, "protocol", "https"),
        Some(Err(pegurl::SetterError::Grammar("set_protocol")))
    );
    assert_eq!(url.href(), "http://h/");
}

/// A host setter's tree with two hosts, or a port where a file URL's host should be, is a grammar
/// the builder does not know: the setter fails with the production's name before it writes, and
/// the URL stays as it was (the builder reads the whole tree before it puts the host in place).
#[test]
fn a_host_setter_tree_with_two_hosts_leaves_the_url_as_it_was() {
    let two_file_hosts = edited(&[(
        "set_file_host = ${ SOI ~ file_host }",
        "set_file_host = ${ SOI ~ file_host ~ (\"/\" ~ file_host)? }",
    )]);
    let port_first = edited(&[(
        "set_file_host = ${ SOI ~ file_host }",
        "set_file_host = ${ SOI ~ (\"/\" ~ setter_port)? ~ file_host }",
    )]);
    let two_hosts = edited(&[(
        "set_host = ${ SOI ~ setter_host ~ (\":\" ~ setter_port)? }",
        "set_host = ${ SOI ~ setter_host ~ (\"/\" ~ setter_host)? ~ (\":\" ~ setter_port)? }",
    )]);
    let cases = [
        (&two_file_hosts, "file://h/p?q#f", "a/b", "set_file_host"),
        (&two_file_hosts, "file://h/p?q#f", "/1a", "set_file_host"),
        (&two_file_hosts, "file://h/p?q#f", "a/%%", "set_file_host"),
        (&port_first, "file://h/p?q#f", "/1a", "set_file_host"),
        (&two_hosts, "https://u@h:8080/p?q#f", "a/b", "set_host"),
        (&two_hosts, "https://u@h:8080/p?q#f", "a/b:81", "set_host"),
    ];
    for (source, href, value, production) in cases {
        let grammar = RuntimeGrammar::load(source).expect("the changed grammar loads");
        let mut url = run_time(&grammar, None).parse(href).expect("a URL");
        assert_eq!(
            grammar.set_component(&mut url, "host", value),
            Some(Err(pegurl::SetterError::Grammar(production))),
            "{value:?} on {href}"
        );
        assert_eq!(url.href(), href, "{value:?} on {href}");
        // A value with one host is set as with the built-in grammar.
        assert_eq!(grammar.set_component(&mut url, "host", "x"), Some(Ok(())));
        assert!(url.host_str() == Some("x"), "{}", url.href());
    }
}
