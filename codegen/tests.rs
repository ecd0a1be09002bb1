//! The generator's unit tests. That its parsers make pest_derive's trees is checked on the
//! compiled grammars by `tests/engines.rs` and the `engines` fuzz target.

use super::generator::{bytes, variant, Context, Generator};
use super::{compile, productions, rule_docs, Grammar, Tokens};
use pest_meta::ast::RuleType;
use pest_meta::optimizer::OptimizedExpr;

const URL_GRAMMAR: &str = include_str!("../grammar/url.pest");

fn read(source: &str) -> Grammar {
    Grammar::read(source).unwrap_or_else(|e| panic!("{source}: {e}"))
}

/// The parser of `source` as the writing grammar's is compiled: rules looked up by number, and
/// explaining its failures (generic over `TRACK`).
fn compiled(source: &str) -> Result<String, String> {
    compile(
        &read(source),
        "test.pest",
        "t_",
        false,
        Tokens::AsPest,
        &[],
        &[],
    )
}

/// The code of function `f` in `code`, up to its closing brace.
fn body(code: &str, f: &str) -> String {
    let at = code
        .find(&format!("fn {f}_at<"))
        .or_else(|| code.find(&format!("fn {f}_at(")))
        .unwrap_or_else(|| panic!("no {f}: {code}"));
    code[at..at + code[at..].find("\n    }").unwrap()].to_owned()
}

#[test]
fn variants_are_the_rule_names_in_camel_case() {
    assert_eq!(variant("url_against_file_base"), "UrlAgainstFileBase");
    assert_eq!(variant("ipv4"), "Ipv4");
    assert_eq!(variant("EOI"), "Eoi");
}

#[test]
fn literals_are_written_byte_by_byte() {
    assert_eq!(bytes("a/é"), "b\"\\x61\\x2f\\xc3\\xa9\"");
    assert_eq!(bytes(""), "b\"\"");
}

#[test]
fn docs_are_the_lines_right_above_a_rule() {
    let docs = rule_docs(
        "//! grammar doc\n\n/// First line\n/// second line.\na = { \"x\" }\n\n// plain\nb = { \"y\" }\n/// Orphan\n\nc = { \"z\" }\n",
    );
    assert_eq!(
        docs.get("a").map(String::as_str),
        Some("First line second line.")
    );
    assert_eq!(docs.get("b"), None);
    assert_eq!(docs.get("c"), None, "a blank line ends a doc comment");
}

#[test]
fn the_production_enum_lists_every_rule_that_makes_tokens() {
    let grammar = read(URL_GRAMMAR);
    let code = productions(&grammar, "grammar/url.pest").unwrap();
    // Silent rules make no token, so no production; EOI is the last.
    assert!(code.contains("    UrlAgainstFileBase,\n"), "{code}");
    assert!(!code.contains("LastAt,"), "last_at is silent");
    assert!(!code.contains("Ipv4Part,"), "ipv4_part is silent");
    let all = &code[code.find("pub const ALL").unwrap()..];
    let eoi = all.find("Production::Eoi,").unwrap();
    let url = all.find("Production::Url,").unwrap();
    assert!(url < eoi && all[eoi..].find("];").is_some());
    // Each variant carries its rule's doc comment.
    assert!(
        code.contains("#[doc = \"`file_scheme`: The \\\"file\\\""),
        "{code}"
    );
    assert!(code.contains("Production::SetHash => \"set_hash\","));
    assert!(code.contains("\"set_hash\" => Some(Production::SetHash),"));
}

#[test]
fn rule_numbers_leave_out_silent_rules_and_end_with_eoi() {
    let grammar = read("a = { b ~ c }\nb = _{ \"x\" }\nc = @{ \"y\" }\n");
    let named = Generator::new(&grammar.rules, "t_", false).unwrap().named;
    assert_eq!(named, ["a", "c", "EOI"]);
    let code = compiled("a = { b ~ c }\nb = _{ \"x\" }\nc = @{ \"y\" }\n").unwrap();
    assert!(code.contains(
        "pub(crate) const RULE_NAMES: &[&str] = &[\n    \"a\",\n    \"c\",\n    \"EOI\",\n];"
    ));
    assert!(code.contains("pub(crate) const C: u16 = 1;"));
}

#[test]
fn what_the_generator_does_not_do_is_an_error_not_a_panic() {
    let recursive = compiled("a = { \"(\" ~ a? ~ \")\" }\n").unwrap_err();
    assert!(recursive.contains("rule a recurses"), "{recursive}");
    let mutual = compiled("a = { \"x\" ~ b? }\nb = { \"y\" ~ a }\n").unwrap_err();
    assert!(mutual.contains("recurses"), "{mutual}");
    let whitespace = compiled("WHITESPACE = _{ \" \" }\na = { \"x\" }\n").unwrap_err();
    assert!(whitespace.contains("implicit whitespace"), "{whitespace}");
    let stack = compiled("a = { PUSH(\"x\") ~ POP }\n").unwrap_err();
    assert!(stack.contains("does not do"), "{stack}");
    let builtin = compiled("a = { XID_START }\n").unwrap_err();
    assert!(builtin.contains("builtin XID_START"), "{builtin}");
    assert!(Grammar::read("a = { ").is_err());
}

#[test]
fn first_bytes_and_nullability() {
    let grammar =
        read("a = { \"ab\" | ^\"c\" }\nb = { \"x\"? }\nc = { !\"/\" ~ ANY }\nd = { b ~ \"z\" }\n");
    let generator = Generator::new(&grammar.rules, "t_", false).unwrap();
    let first = |name: &str| {
        let rule = grammar.rules.iter().find(|r| r.name == name).unwrap();
        let (set, nullable) = generator.first(&rule.expr);
        let bytes: Vec<u8> = (0..=255u8).filter(|b| set[usize::from(*b)]).collect();
        (bytes, nullable)
    };
    assert_eq!(first("a"), (b"Cac".to_vec(), false));
    assert_eq!(first("b"), (b"x".to_vec(), true));
    // A look-ahead says nothing about the first byte: after it, ANY takes any byte.
    assert_eq!(first("c"), ((0..=255u8).collect(), false));
    // Through a nullable first operand, the second's bytes count too.
    assert_eq!(first("d"), (b"xz".to_vec(), false));
}

#[test]
fn single_byte_classes_become_tables_and_skips() {
    let code = compiled("a = @{ (!(\"/\" | \"?\") ~ ANY)* }\nb = @{ ASCII_HEX_DIGIT+ }\n").unwrap();
    // One scan stops at exactly "/" and "?"; the other at all but the hexadecimal digits.
    assert_eq!(members_of(&code, "t_a", "self.skip("), b"/?");
    let hex = b"0123456789ABCDEFabcdef";
    let not_hex: Vec<u8> = (0..=255u8).filter(|b| !hex.contains(b)).collect();
    assert_eq!(members_of(&code, "t_b", "self.skip("), not_hex);
}

#[test]
fn a_skip_may_stop_at_set_rules_and_at_every_code_point_beyond_ascii() {
    let grammar = "set = _{ \"<\" | '\\u{7F}'..'\\u{10FFFF}' }\n\
                   a = @{ (!(set | \"/\") ~ ANY)* }\n\
                   b = @{ (!set ~ ANY)+ }\n\
                   c = @{ (!(\"<\" | '\\u{E9}'..'\\u{10FFFF}') ~ ANY)* }\n";
    // As the URL grammar's parser is compiled (it explains no failure).
    let code = url_parser(grammar);
    // A skip up to "/", "<", DEL and every byte that is not ASCII (a code point's first byte).
    let mut stops = vec![b'/', b'<'];
    stops.extend(0x7f..=0xff);
    assert_eq!(members_of(&code, "t_a", "self.skip("), stops);
    // One such step (the first of `+`) is one byte of the other ASCII bytes.
    let mut takes: Vec<u8> = (0..0x7f).collect();
    takes.retain(|&b| b != b'<');
    assert_eq!(members_of(&code, "t_b", "self.class("), takes);
    // A range that starts beyond U+0080 is not every code point of its first bytes: no skip.
    assert!(!body(&code, "t_c").contains("skip("));
    // A parser that explains keeps the step's look-ahead, which records its attempts.
    let explaining = compiled(grammar).unwrap();
    assert!(body(&explaining, "t_b").contains("t_set_in_atomic_lookahead"));
}

#[test]
fn a_case_insensitive_literal_of_two_to_eight_bytes_is_one_word() {
    use super::generator::insensitive_word;
    // "Ab-": lowercase bytes, little-endian; 0x20 in the place of each letter only.
    assert_eq!(insensitive_word("Ab-"), Some((0x2d_62_61, 0x00_20_20)));
    assert_eq!(insensitive_word("a"), None);
    assert_eq!(insensitive_word("abcdefghi"), None);
    assert_eq!(insensitive_word("é"), None);
    let code = compiled("a = { ^\"https\" }\n").unwrap();
    assert!(body(&code, "t_a")
        .contains("self.insensitive_word(5, 0x0000007370747468, 0x0000002020202020)"));
}

/// [`members`] of the first `call` in function `f` of `code`.
fn members_of(code: &str, f: &str, call: &str) -> Vec<u8> {
    table_members(code, &body(code, f), call)
}

/// The bytes of the class table that `code` first passes to `call` (as `call&CLASS_N)`).
fn members(code: &str, call: &str) -> Vec<u8> {
    table_members(code, code, call)
}

/// The bytes of the class table of `code` that `caller` first passes to `call`; for a scan's
/// stops (`STOPS_N`), the bytes it stops on.
fn table_members(code: &str, caller: &str, call: &str) -> Vec<u8> {
    let at = caller
        .find(call)
        .unwrap_or_else(|| panic!("no {call} in {caller}"))
        + call.len();
    let name = &caller[at + 1..];
    let name = &name[..name.find(')').unwrap()];
    let definition = &code[code.find(&format!("static {name}:")).unwrap()..];
    if let Some(stops) = definition.strip_prefix(&format!("static {name}: Stops = Stops::of(&")) {
        let (class, inside) = stops[..stops.find(')').unwrap()].split_once(", ").unwrap();
        let members = class_members(code, class);
        return match inside {
            "false" => members,
            _ => (0..=255u8).filter(|b| !members.contains(b)).collect(),
        };
    }
    class_members(code, name)
}

/// The bytes the class table `name` of `code` holds.
fn class_members(code: &str, name: &str) -> Vec<u8> {
    let table = &code[code.find(&format!("static {name}:")).unwrap()..];
    let table = &table[table.find('[').unwrap() + 1..];
    let table = &table[table.find('[').unwrap() + 1..table.find("];").unwrap()];
    (0..=255u8)
        .zip(table.split(',').map(str::trim))
        .filter(|(_, cell)| *cell == "T")
        .map(|(b, _)| b)
        .collect()
}

#[test]
fn a_call_tests_the_first_byte_before_the_rule_runs() {
    let code = compiled("a = { b | \"z\" }\nb = { \"x\" ~ \"y\" }\nc = { \"w\"? ~ a? }\n").unwrap();
    // b must start with "x": its callers test that byte first; the entry point tests a's "x" or
    // "z"; c may match empty of its own and is called as it is.
    assert_eq!(members(&code, "self.starts_with_one_of("), b"x");
    assert_eq!(members(&code, "parser.starts_with_one_of("), b"xz");
    assert!(code.contains(" => parser.t_c::<TRACK>(),"), "{code}");
    // While attempts are recorded, every rule runs, as in pest: the test is skipped.
    assert!(
        code.contains("((TRACK || self.starts_with_one_of("),
        "{code}"
    );
}

#[test]
fn a_repetition_of_a_choice_skips_its_one_byte_alternatives_in_one_scan() {
    let grammar = read(
        "p = _{ \"%\" ~ ASCII_HEX_DIGIT ~ ASCII_HEX_DIGIT }\n\
         a = @{ ((ASCII_ALPHA | \"-\")+ | p)* }\n\
         b = @{ (\"ab\" | ASCII_ALPHA+ | \"%\" | p)* }\n\
         c = @{ (\"%\" ~ \"x\" | \"%\")* }\n",
    );
    let generator = Generator::new(&grammar.rules, "t_", false).unwrap();
    let steps = |name: &str| {
        let rule = grammar.rules.iter().find(|r| r.name == name).unwrap();
        let OptimizedExpr::Rep(body) = &rule.expr else {
            panic!("{name}: {:?}", rule.expr)
        };
        generator.one_byte_steps(body).map(|set| {
            (0..=255u8)
                .filter(|b| set[usize::from(*b)])
                .collect::<Vec<u8>>()
        })
    };
    let letters: Vec<u8> = (b'A'..=b'Z').chain(b'a'..=b'z').collect();
    let mut a = vec![b'-'];
    a.extend(&letters);
    assert_eq!(steps("a"), Some(a));
    // "a" may start "ab", which comes first, so the run of letters is not one byte at a time;
    // "%" alone is one byte, before p.
    assert_eq!(steps("b"), Some(b"%".to_vec()));
    // "%" alone comes after "%x", which decides on "%": no byte is taken alone.
    assert_eq!(steps("c"), None);
}

#[test]
fn a_repetition_sees_through_the_rules_it_calls_that_make_no_token() {
    let grammar = read(
        "unit = @{ cp | pct }\n\
         cp = @{ ASCII_ALPHA | \"-\" | '\\u{A0}'..'\\u{FFFD}' }\n\
         pct = @{ \"%\" ~ ASCII_HEX_DIGIT ~ ASCII_HEX_DIGIT }\n\
         q = @{ unit* }\n\
         s = @{ (!(\"/\" | \"a\") ~ unit)* }\n",
    );
    let mut generator = Generator::new(&grammar.rules, "t_", false).unwrap();
    let rule = grammar.rules.iter().find(|r| r.name == "q").unwrap();
    let OptimizedExpr::Rep(body) = &rule.expr else {
        panic!("{:?}", rule.expr)
    };
    let bytes = |set: [bool; 256]| {
        (0..=255u8)
            .filter(|b| set[usize::from(*b)])
            .collect::<Vec<u8>>()
    };
    // Inside the `@` rule q, unit and cp make no token: the ASCII letters and "-" are taken one
    // at a time by cp; "%" starts pct and the lead bytes of the range are not one byte.
    generator.context = Context::Atomic;
    let mut expected = vec![b'-'];
    expected.extend((b'A'..=b'Z').chain(b'a'..=b'z'));
    assert_eq!(generator.one_byte_steps(body).map(bytes), Some(expected));
    // A segment that stops at "/" and "a": the same bytes but "a" ("/" is none of them).
    let rule = grammar.rules.iter().find(|r| r.name == "s").unwrap();
    let OptimizedExpr::Rep(segment) = &rule.expr else {
        panic!("{:?}", rule.expr)
    };
    let mut expected = vec![b'-'];
    expected.extend((b'A'..=b'Z').chain(b'b'..=b'z'));
    assert_eq!(generator.one_byte_steps(segment).map(bytes), Some(expected));
    // Where unit makes a token, each byte must make one: no scan.
    generator.context = Context::Tokens;
    assert_eq!(generator.one_byte_steps(body).map(bytes), None);
}

#[test]
fn a_rule_makes_a_token_as_its_context_says_with_one_function_per_context() {
    let code = compiled("a = { b ~ &b ~ c }\nb = { \"x\" }\nc = @{ b ~ d }\nd = ${ b }\n").unwrap();
    // b makes a token in a, none in a look-ahead or in the `@` rule c; the `$` rule d makes one
    // inside c, and so does b inside d.
    let body = |f: &str| body(&code, f);
    assert!(body("t_b").contains("self.open("));
    assert!(!body("t_b_in_lookahead").contains("self.open("));
    assert!(!body("t_b_in_atomic").contains("self.open("));
    assert!(body("t_d_in_atomic").contains("self.open("));
    assert!(body("t_d_in_atomic").contains("self.t_b::<TRACK>()"));
}

#[test]
fn a_parser_that_explains_records_a_rule_where_pest_does() {
    let code = compiled(
        "a = { b ~ c ~ !d ~ EOI }\nb = { \"x\" }\nc = @{ b ~ !b ~ d ~ e }\nd = ${ b }\ne = _{ \"z\" }\n",
    )
    .unwrap();
    let body = |f: &str| body(&code, f);
    let records = |f: &str| body(f).contains("self.tracked::<TRACK>(");
    // pest records a rule where it ends unless the atomicity there is an `@` rule's: b in a, the
    // `@` rule c itself, and the `$` rule d everywhere (its own atomicity), b inside d too, in a
    // look-ahead as well; not b inside c, nor in c's look-ahead; a silent rule never.
    for f in [
        "t_a",
        "t_b",
        "t_c",
        "t_d_in_atomic",
        "t_d_in_lookahead",
        "t_b_in_lookahead",
    ] {
        assert!(records(f), "{f}: {code}");
    }
    for f in ["t_b_in_atomic", "t_b_in_atomic_lookahead", "t_e_in_atomic"] {
        assert!(!records(f), "{f}: {code}");
    }
    // EOI is a rule that pest records; a negative look-ahead turns the recording around.
    assert!(body("t_a").contains("let ok = self.eoi("), "{code}");
    assert!(body("t_a").contains("self.turn::<TRACK>()"), "{code}");
    assert!(body("t_c").contains("self.t_b_in_atomic_lookahead::<TRACK>()"));
}

#[test]
fn only_a_parser_that_explains_scans_a_repetition_in_one_pass_when_not_recording() {
    let source = "a = @{ (ASCII_ALPHA | p)* }\np = { \"%\" ~ ASCII_HEX_DIGIT ~ ASCII_HEX_DIGIT }\n";
    let explains = compiled(source).unwrap();
    assert!(
        explains.contains("{ loop { if !TRACK { self.skip(&STOPS_"),
        "{explains}"
    );
    // The URL grammar's parser (productions) records nothing and knows no TRACK.
    let plain = url_parser(source);
    assert!(plain.contains("{ loop { self.skip(&STOPS_"), "{plain}");
    assert!(!plain.contains("TRACK"), "{plain}");
    let url = compile(
        &read(URL_GRAMMAR),
        "grammar/url.pest",
        "r_",
        true,
        Tokens::AsPest,
        &[],
        &[],
    );
    assert!(!url.unwrap().contains("TRACK"));
}

#[test]
fn the_url_grammar_compiles_the_same_way_twice() {
    let grammar = read(URL_GRAMMAR);
    let url = || {
        compile(
            &grammar,
            "grammar/url.pest",
            "r_",
            true,
            Tokens::AsPest,
            &[],
            &[],
        )
    };
    let (once, twice) = (url().unwrap(), url().unwrap());
    assert_eq!(once, twice);
    assert!(once.contains(
        "Production::UrlAgainstNonSpecialBase => parser.r_url_against_non_special_base(),"
    ));
}

/// The sets and scheme table of a grammar source.
fn tables_of(source: &str) -> Result<super::sets::GrammarTables, String> {
    super::sets::read(&read(source).rules)
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
    let code = super::tables(&read(URL_GRAMMAR), "grammar/url.pest").unwrap();
    assert!(
        code.contains("Cow::Borrowed(\"wss\"), default_port: Some(443)"),
        "{code}"
    );
    assert!(super::tables(&read("a = { \"a\" }\n"), "x.pest").is_err());
}

/// The parser of `source` as the URL grammar's is compiled: rules that are productions, tokens as
/// pest_derive makes them, no failure explained.
fn url_parser(source: &str) -> String {
    outlined(source, &[]).unwrap()
}

/// The parser of `source` as RFC 3986's is compiled: only the outermost atomic rules make tokens.
fn leaves(source: &str) -> String {
    compile(
        &read(source),
        "test.pest",
        "t_",
        false,
        Tokens::Leaves,
        &[],
        &[],
    )
    .unwrap()
}

#[test]
fn with_leaves_only_the_outermost_atomic_rules_make_tokens() {
    let source = "a = { b ~ c ~ EOI }\nb = @{ \"x\" ~ d }\nc = ${ d }\nd = @{ \"y\" }\n";
    let code = leaves(source);
    let body = |f: &str| body(&code, f);
    // b and d (inside the `$` rule c, and alone) make tokens; a, c and EOI do not, nor d inside b.
    assert!(body("t_b").contains("self.open("));
    assert!(body("t_d").contains("self.open("));
    assert!(!body("t_d_in_atomic").contains("self.open("));
    assert!(!body("t_a").contains("self.open("));
    assert!(!body("t_c").contains("self.open("));
    assert!(!code.contains("eoi("), "{code}");
    assert!(body("t_c").contains("self.t_d::<TRACK>()"), "{code}");
}

#[test]
fn with_leaves_a_compound_atomic_rule_inside_an_atomic_one_is_recorded_and_makes_no_token() {
    let source = "a = @{ c }\nc = ${ d }\nd = @{ \"y\" }\n";
    let code = leaves(source);
    let body = |f: &str| body(&code, f);
    // Inside a, c runs with its own atomicity: recorded, as d inside it is; neither makes a token.
    assert!(body("t_c_in_atomic").contains("self.t_d_in_lookahead::<TRACK>()"));
    for f in ["t_c_in_atomic", "t_d_in_lookahead"] {
        assert!(body(f).contains("self.tracked::<TRACK>("), "{f}: {code}");
        assert!(!body(f).contains("self.open("), "{f}: {code}");
    }
}

/// Where `makes_no_tokens` says so, no rule of any type makes a token, and neither does anything
/// inside it: the sequences written there go back by position alone, and may.
#[test]
fn where_no_rule_makes_tokens_no_rule_inside_does() {
    let contexts = [
        Context::Tokens,
        Context::Atomic,
        Context::Lookahead,
        Context::AtomicLookahead,
    ];
    let types = [
        RuleType::Normal,
        RuleType::Silent,
        RuleType::Atomic,
        RuleType::CompoundAtomic,
        RuleType::NonAtomic,
    ];
    let mut tokenless = 0;
    for tokens in [Tokens::AsPest, Tokens::Leaves] {
        for explains in [false, true] {
            // Every context reachable from these, through rules of every type.
            let mut todo: Vec<Context> = contexts.to_vec();
            let mut seen = Vec::new();
            while let Some(context) = todo.pop() {
                if seen.contains(&context) {
                    continue;
                }
                seen.push(context);
                for ty in types {
                    let (token, inner) = context.enter(ty, tokens, explains);
                    if context.makes_no_tokens(tokens) {
                        tokenless += 1;
                        assert!(!token, "{context:?} {ty:?} {tokens:?}");
                        assert!(
                            inner.makes_no_tokens(tokens),
                            "{context:?} {ty:?} {tokens:?}"
                        );
                    }
                    todo.push(inner);
                    todo.push(inner.lookahead(explains));
                }
            }
        }
    }
    assert!(tokenless > 0);
    // An `@` rule's body in a parser of leaves, and a look-ahead, are such places; a rule that
    // makes tokens is not.
    assert!(Context::Atomic.makes_no_tokens(Tokens::Leaves));
    assert!(!Context::Atomic.makes_no_tokens(Tokens::AsPest));
    assert!(Context::Lookahead.makes_no_tokens(Tokens::AsPest));
    assert!(!Context::Tokens.makes_no_tokens(Tokens::Leaves));
}

/// The parser of `source`, with productions, that outlines rules `names`.
fn outlined(source: &str, names: &[&str]) -> Result<String, String> {
    compile(
        &read(source),
        "test.pest",
        "t_",
        true,
        Tokens::AsPest,
        names,
        &[],
    )
}

#[test]
fn an_outline_run_leaves_an_outlined_rule_empty_and_scans_its_segments_once() {
    let source = "u = ${ \"a:\" ~ h ~ p ~ EOI }\nh = @{ \"h\" }\n\
                  p = ${ s* }\ns = @{ \"/\" ~ (!(\"/\" | \"?\") ~ ANY)* }\n";
    let code = outlined(source, &["p"]).unwrap();
    let of = |f: &str| body(&code, f);
    // The whole run is as before: p's segments make tokens.
    assert!(of("t_p").contains("self.t_s()"), "{code}");
    // The outline: u and p have functions of their own; h, which reaches no outlined rule, is
    // the same function; p makes its token, and its segments are one scan, no call.
    assert!(
        code.contains(
            "Production::U => (parser.starts_with_one_of(&CLASS_0) && parser.t_u_outline()),"
        ),
        "{code}"
    );
    assert!(code.contains("_ => run(parser, entry),"), "{code}");
    assert!(of("t_u_outline").contains("self.t_h()"), "{code}");
    assert!(of("t_u_outline").contains("self.t_p_outline()"), "{code}");
    assert!(of("t_u_outline").contains("self.eoi("), "{code}");
    let outline = of("t_p_outline");
    assert!(outline.contains("self.open("), "{outline}");
    assert!(outline.contains("if self.class(&CLASS_"), "{outline}");
    // Its one stop, "?" ("/" starts the next segment), eight bytes a step.
    assert!(outline.contains("self.skip_to_any_of([63])"), "{outline}");
    assert!(!outline.contains("t_s"), "{outline}");
    assert!(!code.contains("fn t_h_outline"), "{code}");
    assert!(code.contains("pub(crate) const OUTLINED: &[Production] = &[\n    Production::P,\n];"));
    // A name that is no rule is refused.
    let unknown = outlined(source, &["q"]);
    assert!(unknown.unwrap_err().contains("outlined rule q"));
    // Segments whose opening byte does not end them are not scanned as one.
    let apart = "u = ${ p ~ EOI }\np = ${ s* }\ns = @{ \"/\" ~ (!\"?\" ~ ANY)* }\n";
    let code = outlined(apart, &["p"]).unwrap();
    assert!(
        body(&code, "t_p_outline").contains("t_s_in_lookahead"),
        "{code}"
    );
}

#[test]
fn an_outlined_rule_lists_its_children_for_the_steps_through_them() {
    // A first child once, then any number of another (`+` is one and any).
    let source = "u = ${ p ~ EOI }\np = ${ f ~ s+ }\nf = @{ \"x\" }\ns = @{ \"/\" ~ \"y\"* }\n";
    let code = outlined(source, &["p"]).unwrap();
    let table = &code[code.find("OUTLINE_CHILDREN").expect("the table")..];
    let row = &table[..table.find("\n];").expect("its end")];
    assert!(
        row.contains(
            "(Production::P, &[(Production::F, Times::One, |parser| \
             (parser.starts_with_one_of(&CLASS_0) && parser.t_f())), \
             (Production::S, Times::One, |parser| (parser.starts_with_one_of(&CLASS_1) && \
             parser.t_s())), "
        ),
        "{row}"
    );
    assert!(
        row.contains("(Production::S, Times::Any, |parser| "),
        "{row}"
    );
    // A body that is not a sequence of rules, or children that make no token, are refused.
    for refused in [
        "u = ${ p ~ EOI }\np = ${ s | \"z\" }\ns = @{ \"/\" }\n",
        "u = ${ p ~ EOI }\np = ${ s? }\ns = @{ \"/\" }\n",
        "u = ${ p ~ EOI }\np = ${ s* }\ns = _{ \"/\" }\n",
        "u = ${ p ~ EOI }\np = @{ s* }\ns = { \"/\" }\n",
    ] {
        let error = outlined(refused, &["p"]).unwrap_err();
        assert!(error.contains("outlined rule p"), "{refused}: {error}");
    }
}

/// The rules an inlined entry reaches, and the entry, are written `#[inline(always)]`, so that
/// its run is one function; a rule it does not reach keeps `#[inline]`; a name that is no rule
/// is refused.
#[test]
fn an_inlined_entry_and_the_rules_it_reaches_are_always_inlined() {
    let source = "u = ${ s ~ \":\" ~ h ~ EOI }\ns = @{ ASCII_ALPHA+ }\nh = _{ d ~ (\".\" ~ d)* }\n\
                  d = @{ ASCII_ALPHA+ }\nother = { d ~ \"!\" }\n";
    let grammar = read(source);
    let code = |inlined: &[&str]| {
        compile(
            &grammar,
            "test.pest",
            "t_",
            true,
            Tokens::AsPest,
            &[],
            inlined,
        )
    };
    let with = code(&["u"]).unwrap();
    let always = |f: &str| with.contains(&format!("#[inline(always)]\n    fn {f}_at("));
    for f in ["t_u", "t_s", "t_h", "t_d"] {
        assert!(always(f), "{f} in {with}");
    }
    assert!(with.contains("#[inline]\n    fn t_other_at("), "{with}");
    // Without the option, no rule function is forced inline (only the wrappers are).
    let without = code(&[]).unwrap();
    assert!(
        !without.contains("#[inline(always)]\n    fn t_u_at("),
        "{without}"
    );
    assert!(without.contains("#[inline]\n    fn t_u_at("), "{without}");
    let refused = code(&["nothing"]).unwrap_err();
    assert!(refused.contains("nothing"), "{refused}");
}

/// A rule function takes the position and returns it with whether the rule matched, so that it
/// stays in a register across the call; its wrapper, always inlined, keeps the call sites' form
/// and is the only place that moves the position between the parser and the call.
#[test]
fn a_rule_function_takes_and_returns_the_position() {
    let code = url_parser("u = { h ~ EOI }\nh = @{ \"h\" }\n");
    assert!(
        code.contains(
            "fn t_h_at(&mut self, at: usize) -> (bool, usize) {\n        self.pos = at;\n"
        ),
        "{code}"
    );
    assert!(body(&code, "t_h").ends_with("(ok, self.pos)"), "{code}");
    let wrapper = "#[inline(always)]\n    fn t_h(&mut self) -> bool {\n        let (ok, at) = self.t_h_at(self.pos);\n        self.pos = at;\n        ok\n    }";
    assert!(code.contains(wrapper), "{code}");
    // Calls are to the wrapper.
    assert!(body(&code, "t_u").contains("self.t_h()"), "{code}");
}

/// Alternatives of one byte each in a row are one class, looked up once; an alternative of
/// another kind after them stays an alternative of its own.
#[test]
fn a_choice_of_single_bytes_in_a_row_is_one_class() {
    let code = url_parser("u = { (\"/\" | \"?\" | '0'..'9' | EOI | \"x\") ~ h }\nh = @{ \"h\" }\n");
    let u = body(&code, "t_u");
    assert_eq!(u.matches("self.class(").count(), 2, "{u}");
    assert!(u.contains("self.eoi("), "{u}");
    // The first class's table: "/", "?" and the digits, nothing else ("x" is after `EOI`).
    let first = u.split("self.class(&").nth(1).unwrap();
    let first = &first[..first.find(')').unwrap()];
    let at = code
        .find(&format!("static {first}: [bool; 256] = ["))
        .unwrap();
    let table: Vec<bool> = code[at..]
        .split_once('[')
        .and_then(|(_, t)| t.split_once("= ["))
        .map(|(_, t)| &t[..t.find(']').unwrap()])
        .unwrap()
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| e == "T")
        .collect();
    assert_eq!(table.len(), 256);
    let members: Vec<u8> = (0..=255u8).filter(|b| table[usize::from(*b)]).collect();
    assert_eq!(members, b"/0123456789?".to_vec());
}
