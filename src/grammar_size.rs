//! Bounds on a grammar loaded at run time, checked before pest_meta reads it. pest_meta reads,
//! validates and optimizes an expression recursively, and pest_vm runs it recursively: a rule
//! of ten thousand terms, or parentheses nested a few hundred deep, overflows the stack and
//! aborts the process. [`crate::workbench::RuntimeGrammar::load`] refuses such a grammar with a
//! message instead; the command-line tool also runs on a thread whose stack holds what these
//! bounds let through.

/// The most operators and groups one rule may have (the built-in grammar's longest has < 100).
pub(crate) const MAX_TERMS_PER_RULE: usize = 2_000;

/// The deepest parentheses may nest (the built-in grammar nests 3 deep).
pub(crate) const MAX_NESTING: usize = 64;

/// The most rules a grammar may have (the built-in grammar has about 90). pest_meta's
/// left-recursion check walks chains of rules recursively and in more than quadratic time: a
/// chain of 4,000 rules took 49 s to load; 1,000 take about a second.
pub(crate) const MAX_RULES: usize = 1_000;

/// Checks a `.pest` source against the bounds: string and character literals and comments are
/// skipped; everything else is counted a character at a time.
pub fn check(source: &str) -> Result<(), String> {
    let mut chars = source.chars().peekable();
    let (mut braces, mut parens, mut terms, mut line) = (0usize, 0usize, 0usize, 1usize);
    let mut rules = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '"' | '\'' => {
                // A literal, with backslash escapes.
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '\n' => line += 1,
                        _ if d == c => break,
                        _ => {}
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for d in chars.by_ref() {
                    if d == '\n' {
                        line += 1;
                    }
                    if last == '*' && d == '/' {
                        break;
                    }
                    last = d;
                }
            }
            '{' => {
                if braces == 0 {
                    rules += 1;
                    if rules > MAX_RULES {
                        return Err(format!(
                            "line {line}: more than {MAX_RULES} rules; pegurl loads grammars \
                             of at most that many"
                        ));
                    }
                }
                braces += 1;
            }
            '}' => {
                braces = braces.saturating_sub(1);
                if braces == 0 {
                    terms = 0;
                }
            }
            '(' => {
                parens += 1;
                terms += 1;
                if parens > MAX_NESTING {
                    return Err(format!(
                        "line {line}: parentheses nest deeper than {MAX_NESTING}; pegurl loads \
                         grammars nested up to that depth"
                    ));
                }
            }
            ')' => parens = parens.saturating_sub(1),
            '~' | '|' | '!' | '&' | '?' | '*' | '+' => terms += 1,
            _ => {}
        }
        if terms > MAX_TERMS_PER_RULE {
            return Err(format!(
                "line {line}: a rule with more than {MAX_TERMS_PER_RULE} operators; pegurl \
                 loads grammars whose rules have at most that many"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_grammar_is_within_bounds() {
        assert_eq!(check(crate::workbench::BUILTIN_GRAMMAR), Ok(()));
    }

    #[test]
    fn long_rules_and_deep_nesting_are_refused() {
        let long = format!("a = {{ {} }}", vec!["\"x\""; 3000].join(" ~ "));
        assert!(check(&long).is_err_and(|e| e.starts_with("line 1: a rule with more")));
        let deep = format!("a = {{\n{}\"x\"{} }}", "(".repeat(100), ")".repeat(100));
        assert!(check(&deep).is_err_and(|e| e.starts_with("line 2: parentheses nest")));
        let prefixes = format!("a = {{ {}\"x\" }}", "!".repeat(5000));
        assert!(check(&prefixes).is_err());
    }

    #[test]
    fn a_long_chain_of_rules_is_refused() {
        let chain: String = (0..=MAX_RULES)
            .map(|i| format!("c{i} = {{ c{} }}\n", i + 1))
            .collect();
        let error = check(&chain).unwrap_err();
        assert!(error.contains("rules"), "{error}");
        let within: String = (0..MAX_RULES / 2)
            .map(|i| format!("c{i} = {{ \"x\" }}\n"))
            .collect();
        assert_eq!(check(&within), Ok(()));
    }

    #[test]
    fn literals_and_comments_are_not_counted() {
        let quoted = format!("a = {{ \"{}\" }}", "((((~".repeat(1000));
        assert_eq!(check(&quoted), Ok(()));
        let commented = format!(
            "// {}\n/* {} */ a = {{ \"x\" }}",
            "(".repeat(500),
            "~".repeat(5000)
        );
        assert_eq!(check(&commented), Ok(()));
        assert_eq!(check(r#"a = { "\"" ~ '(' }"#), Ok(()));
        // Counts start again with each rule.
        let many = vec!["a = { \"x\" ~ \"y\" }"; MAX_RULES].join("\n");
        assert_eq!(check(&many), Ok(()));
    }

    /// What the bounds let through loads, draws and parses without overflowing, on the stack
    /// the workbench gives it.
    #[test]
    fn the_largest_grammar_within_bounds_loads_and_runs_on_a_default_thread() {
        let longest = vec!["\"x\""; MAX_TERMS_PER_RULE].join(" ~ ");
        let deepest = format!(
            "{}\"x\"{}",
            "(".repeat(MAX_NESTING),
            ")".repeat(MAX_NESTING)
        );
        let source = format!("url = {{ {longest} }}\nb = {{ {deepest} }}");
        // A thread with the standard library's default stack (2 MiB): what a library user has.
        let loaded = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let grammar = crate::workbench::RuntimeGrammar::load(&source)?;
                let input = "x".repeat(MAX_TERMS_PER_RULE);
                Ok::<_, String>(
                    crate::Url::options()
                        .grammar(&grammar)
                        .parse(&input)
                        .is_err(),
                )
            })
            .unwrap()
            .join();
        assert!(matches!(loaded, Ok(Ok(true))), "{loaded:?}");
    }
}
