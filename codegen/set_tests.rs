//! Tests of the code point sets and the scheme table the generator reads from a grammar.

use super::*;

/// The sets and scheme table of a grammar source.
fn tables_of(source: &str) -> Result<super::super::sets::GrammarTables, String> {
    super::super::sets::read(&read(source).rules)
}

#[test]
fn a_set_rule_is_the_union_of_its_literals_ranges_and_rules() {
    let read = tables_of(
        "c0_control_percent_encode_set = _{ 'a'..'c' | \"e\" | other | other }\nother = _{ ^\"x\" | \"d\" }\n",
    )
    .unwrap();
    let ranges = [(u32::from('X'), u32::from('X')), (0x61, 0x65), (0x78, 0x78)];
    assert_eq!(read.sets[0].as_deref(), Some(&ranges[..]));
    assert!(read.sets[1..].iter().all(Option::is_none), "absent rules");
    assert!(read.special_schemes.is_none());
}

#[test]
fn a_rule_that_is_not_a_set_is_an_error_naming_it() {
    // (A rule naming an undefined or recursive rule does not get past pest_meta.)
    for body in ["\"ab\"", "\"a\" ~ \"b\"", "ANY", "\"a\"*", "'b'..'a'"] {
        let error = tables_of(&format!("url_code_point = _{{ {body} }}\n")).err();
        assert!(
            error
                .as_deref()
                .is_some_and(|e| e.contains("`url_code_point`")),
            "{body}: {error:?}"
        );
    }
}

#[test]
fn the_scheme_table_gives_each_special_scheme_its_port() {
    let read = tables_of(
        "special_scheme = @{ default_port_8 | ^\"bare\" }\ndefault_port_8 = _{ ^\"A+b\" | \"c\" }\nfile_scheme = @{ ^\"file\" }\n",
    )
    .unwrap();
    let schemes: Vec<(&str, Option<u16>)> = read
        .special_schemes
        .iter()
        .flatten()
        .map(|(s, p)| (s.as_str(), *p))
        .collect();
    assert_eq!(
        schemes,
        [
            ("a+b", Some(8)),
            ("c", Some(8)),
            ("bare", None),
            ("file", None)
        ]
    );
    for bad in [
        "special_scheme = @{ http }\nhttp = _{ \"http\" }\n",
        "special_scheme = @{ default_port_99999 }\ndefault_port_99999 = _{ \"x\" }\n",
        "special_scheme = @{ default_port_1 }\ndefault_port_1 = _{ \"1x\" }\n",
    ] {
        assert!(tables_of(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_url_grammar_states_every_set_and_the_scheme_table() {
    let code = super::super::tables(&read(URL_GRAMMAR), "grammar/url.pest").unwrap();
    assert!(
        code.contains("Cow::Borrowed(\"wss\"), default_port: Some(443)"),
        "{code}"
    );
    assert!(super::super::tables(&read("a = { \"a\" }\n"), "x.pest").is_err());
}
