//! Tests of the generator's options and calling convention: tokens as RFC 3986's parser makes
//! them, outlined and inlined rules, and rule functions that take and return the position.

use super::*;

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

/// A segment rule that is a row of whole segments or one segment still scans as one: each
/// alternative takes openings and contents only, so the repetition ends where the scan does. An
/// alternative that may stop inside a segment (after an opening, before its content) does not.
#[test]
fn a_row_of_whole_segments_before_the_segment_is_still_one_scan() {
    let rows = "u = ${ p ~ EOI }\np = ${ s* }\n\
                s = @{ r | \"/\" ~ c }\nr = _{ \"/\" ~ !d ~ c ~ (\"/\" ~ !d ~ c)* }\n\
                c = _{ (!(\"/\" | \"?\") ~ ANY)* }\nd = _{ \".\" ~ &(\"/\" | \"?\" | EOI) }\n";
    let code = outlined(rows, &["p"]).unwrap();
    let outline = body(&code, "t_p_outline");
    assert!(outline.contains("self.skip_to_any_of([63])"), "{outline}");
    assert!(!outline.contains("t_s"), "{outline}");
    // A row that may end right after an opening: the segments are matched one by one.
    let cut = "u = ${ p ~ EOI }\np = ${ s* }\n\
               s = @{ r | \"/\" ~ c }\nr = _{ \"/\" ~ c ~ \"/\" }\n\
               c = _{ (!(\"/\" | \"?\") ~ ANY)* }\n";
    let code = outlined(cut, &["p"]).unwrap();
    let outline = body(&code, "t_p_outline");
    assert!(!outline.contains("skip_to_any_of"), "{outline}");
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
    let always = |code: &str, f: &str| code.contains(&format!("#[inline(always)]\n    fn {f}_at("));
    for f in ["t_u", "t_s", "t_h", "t_d"] {
        assert!(always(&with, f), "{f} in {with}");
    }
    assert!(with.contains("#[inline]\n    fn t_other_at("), "{with}");
    // Without the option, no rule function is forced inline (only the wrappers are).
    let without = code(&[]).unwrap();
    assert!(!always(&without, "t_u"), "{without}");
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
