//! The generator's unit tests. That its parsers make pest_derive's trees is checked on the
//! compiled grammars by `tests/engines.rs` and the `engines` fuzz target.

use super::expressions::bytes;
use super::generator::{variant, Context, Generator};
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

/// `ANY*` takes the rest of the input at once (also as the tail pest_meta writes `ANY+` with:
/// one `ANY`, then `ANY*`); a repetition of anything else steps through it.
#[test]
fn any_repeated_is_the_rest_of_the_input() {
    let grammar = "a = @{ ANY* }\nb = @{ \"x\" ~ ANY* }\nc = @{ ANY+ }\nd = @{ (\"a\" | ANY)* }\n";
    let code = compiled(grammar).unwrap();
    for f in ["t_a", "t_b"] {
        assert!(body(&code, f).contains("self.rest()"), "{f}: {code}");
        assert!(!body(&code, f).contains("self.any()"), "{f}: {code}");
    }
    assert!(
        body(&code, "t_c").contains("self.any() && self.rest()"),
        "{code}"
    );
    assert!(!body(&code, "t_d").contains("self.rest()"), "{code}");
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
    use super::expressions::insensitive_word;
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

/// The bytes [`Generator::one_byte_steps`] finds in the body of rule `name`, a repetition.
fn one_byte_steps_of(generator: &Generator<'_>, grammar: &Grammar, name: &str) -> Option<Vec<u8>> {
    let rule = grammar.rules.iter().find(|r| r.name == name).unwrap();
    let OptimizedExpr::Rep(body) = &rule.expr else {
        panic!("{name}: {:?}", rule.expr)
    };
    generator.one_byte_steps(body).map(|set| {
        (0..=255u8)
            .filter(|b| set[usize::from(*b)])
            .collect::<Vec<u8>>()
    })
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
    let steps = |name: &str| one_byte_steps_of(&generator, &grammar, name);
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

/// A step `!X ~ ANY` whose `X` stops at every byte from 0x80 on is a one-byte class among the
/// alternatives of a repetition: `(!set ~ ANY | percent_encoded_byte)*` (the serialized path's
/// segment) skips the bytes the step takes in one scan and stops at "%".
#[test]
fn a_repetition_takes_a_step_before_a_set_as_a_one_byte_alternative() {
    const GRAMMAR: &str =
        "set = _{ '\\u{00}'..'\\u{1F}' | '\\u{7F}'..'\\u{10FFFF}' | \"%\" | \"/\" }\n\
         pct = _{ \"%\" ~ ASCII_HEX_DIGIT ~ ASCII_HEX_DIGIT }\n\
         s = @{ (!set ~ ANY | pct)* }\n\
         t = @{ (!(\"%\" | \"/\") ~ ANY | pct)* }\n";
    let grammar = read(GRAMMAR);
    // A parser that does not explain its failures (as the URL grammar's).
    let mut generator = Generator::new(&grammar.rules, "t_", true).unwrap();
    // Inside the `@` rules, where the steps make no token.
    generator.context = Context::Atomic;
    let steps = |name: &str| one_byte_steps_of(&generator, &grammar, name);
    let expected: Vec<u8> = (0x20..0x7F).filter(|b| !b"%/".contains(b)).collect();
    assert_eq!(steps("s"), Some(expected));
    // A set that does not stop at the bytes beyond ASCII: a step there may take more than one
    // byte (a code point), so the step is not a class.
    assert_eq!(steps("t"), None);
    let code = compile(&grammar, "test.pest", "t_", true, Tokens::AsPest, &[], &[]);
    let code = code.expect("compiled");
    assert!(body(&code, "t_s").contains("self.skip(&STOPS_"), "{code}");
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

/// The parser of `source` as the URL grammar's is compiled: rules that are productions, tokens as
/// pest_derive makes them, no failure explained.
fn url_parser(source: &str) -> String {
    outlined(source, &[]).unwrap()
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

#[path = "set_tests.rs"]
mod set_tests;

#[path = "option_tests.rs"]
mod option_tests;
