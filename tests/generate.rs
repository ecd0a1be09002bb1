//! The generator of strings from pest grammars: its strings are ones the grammar's own parser
//! (pest_vm, pest's reference engine) matches whole; a seed always gives the same strings; odd
//! and broken grammars give errors, never a panic or a hang.

use pegurl::workbench::generate::{GenerateError, Generator};

const VALID: &str = include_str!("../grammar/valid.pest");
const URL: &str = include_str!("../grammar/url.pest");

const WRITING_ENTRIES: [&str; 5] = [
    "absolute_url_with_fragment_string",
    "relative_url_with_fragment_string_special",
    "relative_url_with_fragment_string_file",
    "relative_url_with_fragment_string_other",
    "relative_url_with_fragment_string_opaque",
];

fn vm(source: &str) -> pest_vm::Vm {
    let (_, rules) = pest_meta::parse_and_optimize(source).expect("the grammar loads");
    pest_vm::Vm::new(rules)
}

/// Whether pest_vm matches `rule` on the whole of `text`.
fn pest_matches_whole(vm: &pest_vm::Vm, rule: &str, text: &str) -> bool {
    vm.parse(rule, text)
        .ok()
        .and_then(|pairs| pairs.last().map(|p| p.as_span().end()))
        .is_some_and(|end| end == text.len())
}

#[test]
fn every_string_derived_from_the_writing_grammar_is_matched_by_pest_vm() {
    let generator = Generator::load(VALID).unwrap();
    let vm = vm(VALID);
    for entry in WRITING_ENTRIES {
        for seed in 0..400 {
            let derivation = generator.random(entry, seed).unwrap();
            assert!(
                pest_matches_whole(&vm, entry, &derivation.text),
                "{entry} seed {seed}: {:?}",
                derivation.text
            );
        }
    }
}

#[test]
fn strings_from_the_writing_grammar_fail_only_its_checks_that_are_not_context_free() {
    // The grammar admits them; only the domain parser, the port range and the IPv6 piece count
    // (checked on the tree, src/valid.rs) may still rule them out.
    let generator = Generator::load(VALID).unwrap();
    let checks = [
        "valid_domain_string",
        "url_port_string",
        "valid_ipv6_address_string",
    ];
    let (mut valid, mut checked_out) = (0, 0);
    for seed in 0..2000 {
        let text = generator.random(WRITING_ENTRIES[0], seed).unwrap().text;
        match pegurl::validate_url_string(&text, None) {
            Ok(()) => valid += 1,
            Err(e) => {
                assert!(checks.contains(&e.production.as_str()), "{text:?}: {e}");
                checked_out += 1;
            }
        }
    }
    assert!(
        valid > 1000 && checked_out > 0,
        "{valid} valid, {checked_out} ruled out by checks"
    );
}

#[test]
fn every_string_derived_from_the_parsing_grammar_is_matched_by_pest_vm() {
    let generator = Generator::load(URL).unwrap();
    let vm = vm(URL);
    for seed in 0..1000 {
        let text = generator.random("url", seed).unwrap().text;
        assert!(
            pest_matches_whole(&vm, "url", &text),
            "seed {seed}: {text:?}"
        );
    }
}

#[test]
fn a_seed_gives_the_same_string_and_seeds_differ() {
    let generator = Generator::load(VALID).unwrap();
    let entry = WRITING_ENTRIES[0];
    let first: Vec<String> = (0..200)
        .map(|s| generator.random(entry, s).unwrap().text)
        .collect();
    let again: Vec<String> = (0..200)
        .map(|s| generator.random(entry, s).unwrap().text)
        .collect();
    assert_eq!(first, again);
    let distinct: std::collections::HashSet<&String> = first.iter().collect();
    assert!(distinct.len() > 150, "{} distinct of 200", distinct.len());
    assert_eq!(
        generator.near_miss("https://h/", 9),
        generator.near_miss("https://h/", 9)
    );
}

#[test]
fn derivations_are_mostly_short() {
    let generator = Generator::load(VALID).unwrap();
    let lengths: Vec<usize> = (0..1000)
        .map(|s| {
            generator
                .random(WRITING_ENTRIES[0], s)
                .unwrap()
                .text
                .chars()
                .count()
        })
        .collect();
    let median = {
        let mut sorted = lengths.clone();
        sorted.sort_unstable();
        sorted[sorted.len() / 2]
    };
    assert!(median < 40, "median length {median}");
}

#[test]
fn a_near_miss_is_one_edit_away() {
    let generator = Generator::load(VALID).unwrap();
    let text = "https://example.org/a?b#c";
    for seed in 0..300 {
        let miss = generator.near_miss(text, seed);
        let (a, b): (Vec<char>, Vec<char>) = (text.chars().collect(), miss.chars().collect());
        let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let suffix = a[prefix..]
            .iter()
            .rev()
            .zip(b[prefix..].iter().rev())
            .take_while(|(x, y)| x == y)
            .count();
        assert!(
            a.len() - prefix - suffix <= 1 && b.len() - prefix - suffix <= 1,
            "{miss:?}"
        );
        assert!(a.len().abs_diff(b.len()) <= 1);
    }
}

#[test]
fn enumeration_up_to_a_depth_gives_matched_distinct_strings() {
    let generator = Generator::load(VALID).unwrap();
    let vm = vm(VALID);
    let entry = WRITING_ENTRIES[0];
    let (strings, _) = generator.enumerate(entry, 5, 3000).unwrap();
    assert!(strings.len() > 100, "{}", strings.len());
    let distinct: std::collections::HashSet<&str> =
        strings.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(distinct.len(), strings.len());
    for d in &strings {
        assert!(pest_matches_whole(&vm, entry, &d.text), "{:?}", d.text);
    }
    let small = Generator::load(r#"r = { ("a" | "b") ~ "c"? }"#).unwrap();
    let (all, cut) = small.enumerate("r", 2, 100).unwrap();
    let mut texts: Vec<String> = all.into_iter().map(|d| d.text).collect();
    texts.sort();
    assert_eq!(texts, ["a", "ac", "b", "bc"]);
    assert!(!cut);
}

#[test]
fn coverage_names_the_alternatives_a_string_went_through() {
    let generator = Generator::load(r#"r = { "x" ~ ("a" | "b") }"#).unwrap();
    let alternatives = generator.alternatives();
    assert_eq!(alternatives.len(), 2);
    for seed in 0..20 {
        let d = generator.random("r", seed).unwrap();
        let taken = if d.text == "xa" { 0 } else { 1 };
        assert!(d.coverage.has_alternative(taken) && !d.coverage.has_alternative(1 - taken));
        assert!(d.coverage.has_rule(0));
    }
}

#[test]
fn case_insensitive_literals_vary_in_case() {
    let generator = Generator::load(r#"r = { ^"https" }"#).unwrap();
    let texts: std::collections::HashSet<String> = (0..50)
        .map(|s| generator.random("r", s).unwrap().text)
        .collect();
    assert!(texts.len() > 10);
    assert!(texts.iter().all(|t| t.eq_ignore_ascii_case("https")));
}

#[test]
fn recursive_rules_are_bounded() {
    let generator =
        Generator::load(r#"r = { "(" ~ r ~ ")" | "x" } s = { s_a } s_a = { "[" ~ s? ~ "]" }"#)
            .unwrap();
    for seed in 0..200 {
        let text = generator.random("r", seed).unwrap().text;
        assert!(text.len() < 400 && text.ends_with([')', 'x']), "{text}");
        assert!(generator.random("s", seed).unwrap().text.starts_with('['));
    }
}

#[test]
fn odd_grammars_give_errors_not_panics() {
    let cases: &[(&str, &str)] = &[
        (r#"r = { "x" ~ r }"#, "derives no finite string"),
        (r#"r = { 'b'..'a' }"#, "derives no finite string"),
        (r#"r = { PUSH("a") ~ POP }"#, "stack"),
        (r#"r = { "a" ~ PEEK }"#, "stack"),
        (r#"r = { !"x" ~ "x" }"#, "no derivation"),
        (r#"r = { "x"{4000000000} }"#, "steps"),
        // A literal of 600 KiB, twice: longer than a derivation may make.
        (
            &format!("r = {{ \"{}\"{{2}} }}", "y".repeat(600 << 10)),
            "no derivation",
        ),
        (r#"r = { "\u{D800}" }"#, "does not load"),
        (r#"r = { '\u{D800}'..'b' }"#, "does not load"),
        (r#"r = { undefined_rule }"#, "does not load"),
        (r#"r = { r ~ "x" }"#, "does not load"),
        ("r = {", "does not load"),
    ];
    for (source, expected) in cases {
        let error = Generator::load(source).and_then(|g| g.random("r", 1).map(|_| ()));
        let message = error.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains(expected), "{source}: {message:?}");
    }
}

#[test]
fn expressions_nested_too_deep_are_refused() {
    // pest_meta's own reader recurses on nesting too: give it room, as a caller of pest_meta
    // must, and check that the generator refuses what it would walk too deep.
    let deep = std::thread::Builder::new()
        .stack_size(32 << 20)
        .spawn(|| {
            let deep = format!("r = {{ {}\"x\"{} }}", "(".repeat(250), ")?".repeat(250));
            Generator::load(&deep).and_then(|g| g.random("r", 1))
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(matches!(deep, Err(GenerateError::Grammar(_))), "{deep:?}");
}

#[test]
fn mutated_grammars_never_panic() {
    // Delete, duplicate or swap a few bytes of the shipped grammars; whatever loads is asked for
    // strings from a few rules. Each call must return.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut loaded = 0;
    for round in 0..120 {
        let source = if round % 2 == 0 { VALID } else { URL };
        let mut bytes = source.as_bytes().to_vec();
        for _ in 0..1 + next(3) {
            let at = next(bytes.len());
            match next(3) {
                0 => {
                    bytes.remove(at);
                }
                1 => {
                    let copied = bytes[next(bytes.len())];
                    bytes.insert(at, copied);
                }
                _ => {
                    let other = next(bytes.len());
                    bytes.swap(at, other);
                }
            }
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let Ok(generator) = Generator::load(&text) else {
            continue;
        };
        loaded += 1;
        let names: Vec<String> = generator.rule_names().map(str::to_owned).collect();
        for _ in 0..3 {
            let rule = &names[next(names.len())];
            if let Ok(d) = generator.random(rule, round as u64) {
                let _ = generator.near_miss(&d.text, 1);
            }
            let _ = generator.enumerate(rule, 3, 200);
        }
    }
    assert!(loaded > 20, "{loaded}");
}

#[test]
fn matching_a_deeply_nested_string_gives_up_instead_of_overflowing() {
    let generator = Generator::load(r#"r = { "(" ~ r ~ ")" | "x" }"#).unwrap();
    let shallow = format!("{}x{}", "(".repeat(50), ")".repeat(50));
    assert!(generator.accepts("r", &shallow).is_some());
    // Runs on the test's own thread (2 MiB of stack by default).
    let deep = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(generator.accepts("r", &deep).is_none());
}

#[test]
fn long_chains_of_rules_give_up_instead_of_overflowing() {
    // r0 = { r1 } ... r699 = { "x" }: its only derivation nests 700 rules.
    let mut source: String = (0..699)
        .map(|i| format!("r{i} = {{ r{} }}\n", i + 1))
        .collect();
    source.push_str("r699 = { \"x\" }\n");
    let generator = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || Generator::load(&source))
        .unwrap()
        .join()
        .unwrap()
        .unwrap();
    // On the test's own thread from here.
    assert!(generator.random("r0", 1).is_err());
    assert!(generator.random("r690", 1).is_ok());
    assert!(generator.accepts("r0", "x").is_none());
    let (strings, cut) = generator.enumerate("r0", 8, 100).unwrap();
    assert!(strings.is_empty() && !cut);
}
