//! The parser generator: one Rust function per rule of a grammar that pest_meta has read and
//! optimised, working on bytes (single-byte classes as lookup tables, `(!class ~ ANY)*` as a
//! table-driven skip, a repetition of a choice as one scan over its one-byte alternatives, a
//! failing first byte rejected by the caller before the call; see `first_bytes.rs`). The parser
//! it writes records the same tokens pest_derive's would: `@` rules hide their inner rules, `$`
//! and `!` rules do not, `_` rules make no token, a lookahead makes no token, and `EOI` is a rule
//! of its own. Which of these applies is known where a rule is called ([`Context`]), so a rule
//! has a function per context it is called in and the parser keeps no such state at run time.
//! It refuses recursive grammars, so the depth of the generated calls is bounded by the number of
//! rules whatever the input.
//!
//! The parsers of grammars whose rules are not the builder's productions (the writing and RFC
//! 3986 grammars) explain their failures: they are generic over `TRACK`, and with `TRACK` they
//! record their farthest failure and the rules tried there as pest does (`src/generated/
//! attempts.rs`). pest records a rule where it ends unless the atomicity there is an `@` rule's,
//! which the context says too; and every rule runs, so with `TRACK` neither the caller's
//! first-byte test nor a repetition's one-scan skip leaves a rule out. The URL grammar's parser,
//! the hot one, is written without any of it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

pub(crate) use super::context::{Context, Tokens};

/// The code being written and the tables it needs.
pub(crate) struct Generator<'r> {
    pub(crate) rules: BTreeMap<&'r str, &'r OptimizedRule>,
    /// Grammar order of the rules.
    order: Vec<&'r str>,
    /// Rules that make tokens, `EOI` included: their index is the token's rule number.
    pub(crate) named: Vec<String>,
    /// Byte classes, each a 256-entry table.
    pub(crate) classes: Vec<[bool; 256]>,
    /// The scans' stops: a class of `classes` and whether the scan runs inside it (`STOPS_n`).
    pub(crate) stops: Vec<(usize, bool)>,
    /// The prefix of the rule functions' names (the grammars share one parser type).
    prefix: &'static str,
    /// Whether rule numbers map to the builder's productions.
    productions: bool,
    /// Whether the parser records its farthest failure as pest does, to explain it (the grammars
    /// whose rules are not the builder's productions: the writing and RFC 3986 grammars; the URL
    /// grammar's parser, the hot one, does not pay for it).
    pub(crate) explains: bool,
    /// Which rules make tokens.
    pub(crate) tokens: Tokens,
    /// Where the expression being written runs.
    pub(crate) context: Context,
    /// Rules an outline run leaves empty (see [`Generator::outlined`]).
    pub(super) outlined: BTreeSet<String>,
    /// The rules that call an outlined rule, directly or not: with the outlined rules, those
    /// that have a function of their own in an outline.
    outline_callers: BTreeSet<String>,
    /// Rules whose functions are always inlined into their callers ([`Generator::inlined`]).
    inlined: BTreeSet<String>,
    /// Rule functions called so far, by rule and context: each is written once.
    wanted: BTreeSet<(String, Context)>,
    /// Those of `wanted` not written yet.
    todo: Vec<(String, Context)>,
}

impl<'r> Generator<'r> {
    /// A generator for `rules`; an error when the grammar uses what it does not do.
    pub(crate) fn new(
        rules: &'r [OptimizedRule],
        prefix: &'static str,
        productions: bool,
    ) -> Result<Self, String> {
        for rule in rules {
            if rule.name == "WHITESPACE" || rule.name == "COMMENT" {
                return Err(format!(
                    "the generator does not do implicit whitespace ({})",
                    rule.name
                ));
            }
        }
        let mut named: Vec<String> = rules
            .iter()
            .filter(|r| r.ty != RuleType::Silent)
            .map(|r| r.name.clone())
            .collect();
        named.push("EOI".to_owned());
        let generator = Generator {
            rules: rules.iter().map(|r| (r.name.as_str(), r)).collect(),
            order: rules.iter().map(|r| r.name.as_str()).collect(),
            named,
            classes: Vec::new(),
            stops: Vec::new(),
            prefix,
            productions,
            explains: !productions,
            tokens: Tokens::AsPest,
            context: Context::Tokens,
            outlined: BTreeSet::new(),
            outline_callers: BTreeSet::new(),
            inlined: BTreeSet::new(),
            wanted: BTreeSet::new(),
            todo: Vec::new(),
        };
        generator.refuse_recursion()?;
        Ok(generator)
    }

    /// The parser makes the tokens `tokens` says (pest_derive's by default).
    pub(crate) fn tokens(self, tokens: Tokens) -> Self {
        Generator { tokens, ..self }
    }

    /// The parser also gets `run_outline`, an entry that makes rules `names` make their own
    /// token and none inside it: their body runs as a look-ahead's, which matches the same text
    /// and makes no token (and, where no token is made, a repetition of segments is one scan).
    /// For a builder that reads nothing inside them in some runs: the URL builder reads no path
    /// segment when only the outcome is asked for. Rules that call none of them, directly or not,
    /// are the same functions in both entries. An error for a name that is no rule.
    pub(crate) fn outlined(self, names: &[&str]) -> Result<Self, String> {
        if let Some(name) = names.iter().find(|n| !self.rules.contains_key(*n)) {
            return Err(format!("the outlined rule {name} is not in the grammar"));
        }
        let outlined: BTreeSet<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let outline_callers = self
            .order
            .iter()
            .filter(|name| self.calls_any(name, &outlined))
            .map(|name| (*name).to_owned())
            .collect();
        Ok(Generator {
            outlined,
            outline_callers,
            ..self
        })
    }

    /// The rules `entries` name, and every rule they call directly or not, are written
    /// `#[inline(always)]`: each entry's run is then one function. For an entry whose rules are
    /// few and whose callers are hot (the URL grammar's `serialized_url`, what most URLs take);
    /// inlining every rule of a grammar would multiply its code. An error for a name that is no
    /// rule.
    pub(crate) fn inlined(self, entries: &[&str]) -> Result<Self, String> {
        let mut inlined = BTreeSet::new();
        for entry in entries {
            if !self.rules.contains_key(entry) {
                return Err(format!("the inlined rule {entry} is not in the grammar"));
            }
            inlined.insert((*entry).to_owned());
            inlined.extend(self.reached(entry));
        }
        Ok(Generator { inlined, ..self })
    }

    /// Whether rule `name` calls a rule of `targets`, directly or not (the grammar does not
    /// recurse: [`Generator::refuse_recursion`]).
    pub(super) fn calls_any(&self, name: &str, targets: &BTreeSet<String>) -> bool {
        self.first_call(name, |callee| targets.contains(callee))
            .is_some()
    }

    /// The first call, from rule `start` or a rule it calls (directly or not), of a rule that
    /// `wanted` accepts: the caller and the callee. Each rule is looked into once.
    pub(super) fn first_call(
        &self,
        start: &str,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Option<(String, String)> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.to_owned()];
        while let Some(name) = todo.pop() {
            let Some(rule) = self.rules.get(name.as_str()) else {
                continue;
            };
            let mut called = BTreeSet::new();
            rule_calls(&rule.expr, &mut called);
            for callee in called {
                if wanted(&callee) {
                    return Some((name, callee));
                }
                if seen.insert(callee.clone()) {
                    todo.push(callee);
                }
            }
        }
        None
    }

    /// Every rule that rule `start` calls, directly or not ([`Generator::first_call`] with a
    /// test that notes each callee and accepts none).
    fn reached(&self, start: &str) -> BTreeSet<String> {
        let mut reached = BTreeSet::new();
        self.first_call(start, |callee| {
            reached.insert(callee.to_owned());
            false
        });
        reached
    }

    /// The generated functions call each other without a depth limit, so the grammar must not
    /// recurse: then the depth is bounded by the number of rules, whatever the input.
    fn refuse_recursion(&self) -> Result<(), String> {
        for start in &self.order {
            if let Some((name, _)) = self.first_call(start, |callee| callee == *start) {
                return Err(format!("rule {start} recurses (through {name})"));
            }
        }
        Ok(())
    }

    /// The parser's code: the rule functions, their tables and the entry point `run`.
    pub(crate) fn generate(mut self, path: &str) -> Result<String, String> {
        let mut out = format!("// Generated by build.rs from {path}. Do not edit.\n\n");
        let mut run = String::new();
        if self.productions {
            run.push_str("\n/// Runs the rule a production names from the input's first byte.\n");
            run.push_str(
                "#[allow(unused_parens)]\npub(crate) fn run<O: Out>(parser: &mut Parser<'_, '_, O>, entry: Production) -> bool {\n",
            );
        } else {
            run.push_str("\n/// Runs the rule numbered `entry` from the input's first byte.\n");
            // A parser that explains is generic over recording attempts, so the runs that do
            // not record them pay nothing for it.
            writeln!(
                run,
                "#[allow(unused_parens)]\npub(crate) fn run{}(parser: &mut Parser<'_, '_, O>, entry: u16) -> bool {{",
                self.generic_with_out()
            )
            .unwrap();
        }
        run.push_str("    match entry {\n");
        for name in self.named.clone() {
            let name = &name;
            let pattern = if self.productions {
                format!("Production::{}", variant(name))
            } else {
                self.number(name).to_string()
            };
            let call = if name == "EOI" {
                self.eoi()
            } else {
                self.call(name)
            };
            let call = call.replace("self.", "parser.");
            writeln!(run, "        {pattern} => {call},").unwrap();
        }
        run.push_str("        #[allow(unreachable_patterns)]\n        _ => false,\n    }\n}\n\n");
        if self.productions && !self.outlined.is_empty() {
            run.push_str(&self.run_outline());
            run.push_str(&self.outline_children()?);
        }
        // Every function the entries call, and every function those call, in grammar order.
        let mut written = BTreeMap::new();
        while let Some((name, context)) = self.todo.pop() {
            let rule = self.rules[name.as_str()];
            let (token, inner) = context.enter(rule.ty, self.tokens, self.explains);
            self.context = inner;
            if context == Context::Outline && self.outlined.contains(&name) {
                // Its own token, and a body that makes none.
                self.context = Context::Lookahead;
            }
            let body = self.expr(&rule.expr)?;
            let at = self.order.iter().position(|n| *n == name);
            written.insert(
                (at, context),
                self.rule_function(rule, context, token, &body),
            );
        }
        let functions: String = written.into_values().collect();
        out.push_str("/// The name of each rule that makes tokens, by rule number.\n");
        out.push_str("pub(crate) const RULE_NAMES: &[&str] = &[\n");
        for name in &self.named {
            writeln!(out, "    {name:?},").unwrap();
        }
        out.push_str("];\n\n/// The production each rule number stands for.\n");
        out.push_str("pub(crate) const RULE_PRODUCTIONS: &[Option<Production>] = &[\n");
        for name in &self.named {
            if self.productions {
                writeln!(out, "    Some(Production::{}),", variant(name)).unwrap();
            } else {
                out.push_str("    None,\n");
            }
        }
        out.push_str("];\n\n");
        if self.productions {
            out.push_str("/// The productions an outline run (`run_outline`) leaves empty.\n");
            out.push_str("pub(crate) const OUTLINED: &[Production] = &[\n");
            for name in &self.outlined {
                writeln!(out, "    Production::{},", variant(name)).unwrap();
            }
            out.push_str("];\n\n");
        }
        if !self.productions {
            for name in &self.named {
                writeln!(out, "/// The number of rule `{name}`.").unwrap();
                let constant = name.to_ascii_uppercase();
                writeln!(
                    out,
                    "pub(crate) const {constant}: u16 = {};",
                    self.number(name)
                )
                .unwrap();
            }
        }
        for (i, class) in self.classes.iter().enumerate() {
            write!(out, "static CLASS_{i}: [bool; 256] = [").unwrap();
            for (b, member) in class.iter().enumerate() {
                if b % 32 == 0 {
                    out.push_str("\n    ");
                }
                out.push_str(if *member { "T," } else { "F," });
            }
            out.push_str("\n];\n");
        }
        for (n, (class, inside)) in self.stops.iter().enumerate() {
            writeln!(
                out,
                "static STOPS_{n}: Stops = Stops::of(&CLASS_{class}, {inside});"
            )
            .unwrap();
        }
        out.push_str(&run);
        out.push_str("#[allow(unused_parens, clippy::all)]\nimpl<O: Out> Parser<'_, '_, O> {\n");
        out.push_str(&functions);
        out.push_str("}\n");
        Ok(out)
    }

    /// `run_outline`: `run` in an outline, for the rules that are productions (the entries).
    fn run_outline(&mut self) -> String {
        let mut run = String::from(
            "/// Runs the rule a production names from the input's first byte, in an outline: the\n\
             /// outlined rules make their own token and none inside it.\n\
             #[allow(unused_parens)]\npub(crate) fn run_outline<O: Out>(parser: &mut Parser<'_, '_, O>, entry: Production) -> bool {\n    match entry {\n",
        );
        self.context = Context::Outline;
        for name in self.named.clone() {
            if name == "EOI"
                || !self.outline_callers.contains(&name) && !self.outlined.contains(&name)
            {
                continue;
            }
            let call = self.call(&name).replace("self.", "parser.");
            writeln!(run, "        Production::{} => {call},", variant(&name)).unwrap();
        }
        self.context = Context::Tokens;
        run.push_str("        _ => run(parser, entry),\n    }\n}\n\n");
        run
    }

    /// The function name of a rule.
    fn function(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// The rule number of a rule that makes tokens (`EOI` is the last; a name that makes no
    /// token is never asked for).
    fn number(&self, name: &str) -> usize {
        self.named
            .iter()
            .position(|n| n == name)
            .unwrap_or(self.named.len() - 1)
    }

    /// A call of rule `name`. A rule that must consume a byte fails at once on a byte that
    /// cannot start it: the caller tests that byte, before the call and before the rule makes
    /// (and unmakes) a token.
    pub(super) fn call(&mut self, name: &str) -> String {
        let Some(rule) = self.rules.get(name).copied() else {
            return format!("self.{}()", self.function(name));
        };
        // In an outline, a rule that reaches no outlined rule is the same as in `Tokens`.
        let context = match self.context {
            Context::Outline
                if !self.outline_callers.contains(name) && !self.outlined.contains(name) =>
            {
                Context::Tokens
            }
            context => context,
        };
        let key = (name.to_owned(), context);
        if self.wanted.insert(key.clone()) {
            self.todo.push(key);
        }
        let call = format!(
            "self.{}{}{}()",
            self.function(name),
            context.suffix(),
            self.track()
        );
        let (first, nullable) = self.first(&rule.expr);
        if nullable || first.iter().all(|member| *member) {
            return call;
        }
        let class = self.class(first);
        if self.explains {
            // While recording attempts every rule runs, as in pest, to be recorded.
            return format!("((TRACK || self.starts_with_one_of({class})) && {call})");
        }
        format!("(self.starts_with_one_of({class}) && {call})")
    }

    /// `EOI` here: a rule of its own that makes a token where rules do (pest_derive's tokens),
    /// recorded where pest records a rule (a parser that explains).
    pub(super) fn eoi(&self) -> String {
        let n = self.number("EOI");
        let makes_tokens = matches!(self.context, Context::Tokens | Context::Outline);
        let end = if makes_tokens && self.tokens == Tokens::AsPest {
            format!("self.eoi({n}, RULE_PRODUCTIONS[{n}])")
        } else {
            "(self.pos == self.bytes.len())".to_owned()
        };
        if !self.explains || !self.context.records(RuleType::Normal) {
            return end;
        }
        format!("({{ let attempt = self.attempt::<TRACK>(); let ok = {end}; self.tracked::<TRACK>({n}, attempt, ok) }})")
    }

    /// The generic parameters of `run`: where the tokens go, and whether attempts are recorded
    /// where the parser explains.
    fn generic_with_out(&self) -> &'static str {
        if self.explains {
            "<const TRACK: bool, O: Out>"
        } else {
            "<O: Out>"
        }
    }

    /// The generic parameters of a rule function: whether it records attempts, if it can.
    fn generic(&self) -> &'static str {
        if self.explains {
            "<const TRACK: bool>"
        } else {
            ""
        }
    }

    /// Its argument in a call.
    fn track(&self) -> &'static str {
        if self.explains {
            "::<TRACK>"
        } else {
            ""
        }
    }

    /// The function of `rule` in `context`; `token` says whether it makes one.
    fn rule_function(
        &self,
        rule: &OptimizedRule,
        context: Context,
        token: bool,
        body: &str,
    ) -> String {
        let name = &rule.name;
        let plain = format!("{}{}", self.function(name), context.suffix());
        let (generic, track) = (self.generic(), self.track());
        let inline = match self.inlined.contains(name) {
            true => "#[inline(always)]",
            false => "#[inline]",
        };
        let matched = if token {
            format!(
                "{{\n            let mark = self.open({n}, RULE_PRODUCTIONS[{n}]);\n            let ok = {body};\n            self.close(mark, ok)\n        }}",
                n = self.number(name)
            )
        } else {
            body.to_owned()
        };
        let ok = if !self.explains || !context.records(rule.ty) {
            format!("        let ok = {matched};\n")
        } else {
            format!(
                "        let attempt = self.attempt::<TRACK>();\n        let ok = {matched};\n        let ok = self.tracked::<TRACK>({n}, attempt, ok);\n",
                n = self.number(name)
            )
        };
        // The position goes in and out in registers, and the wrapper that keeps the call sites'
        // form (`self.r_x()`) is always inlined: a rule function that read and wrote it only
        // through `self` would make each caller load it back from memory after the call, a
        // store-to-load forward on the way of every rule.
        format!(
            "    /// `{name}`, from and to the parser's position.\n    #[inline(always)]\n    fn {plain}{generic}(&mut self) -> bool {{\n        let (ok, at) = self.{plain}_at{track}(self.pos);\n        self.pos = at;\n        ok\n    }}\n\n    /// `{name}` from `at`: whether it matched, and where it ended.\n    {inline}\n    fn {plain}_at{generic}(&mut self, at: usize) -> (bool, usize) {{\n        self.pos = at;\n{ok}        (ok, self.pos)\n    }}\n\n"
        )
    }

    /// The name of a class table, made once per distinct class.
    pub(super) fn class(&mut self, class: [bool; 256]) -> String {
        format!("&CLASS_{}", self.class_number(class))
    }

    /// The number of `class` among the tables (`CLASS_n`), added if it is new.
    fn class_number(&mut self, class: [bool; 256]) -> usize {
        match self.classes.iter().position(|c| *c == class) {
            Some(i) => i,
            None => {
                self.classes.push(class);
                self.classes.len() - 1
            }
        }
    }

    /// The name of the stops of a scan of `class` (`inside`: a run of its bytes) or up to it.
    pub(super) fn stops(&mut self, class: [bool; 256], inside: bool) -> String {
        let class = self.class_number(class);
        let n = match self.stops.iter().position(|s| *s == (class, inside)) {
            Some(n) => n,
            None => {
                self.stops.push((class, inside));
                self.stops.len() - 1
            }
        };
        format!("&STOPS_{n}")
    }
}

/// The names `expr` calls (rules and builtins) into `into`.
fn rule_calls(expr: &OptimizedExpr, into: &mut BTreeSet<String>) {
    match expr {
        OptimizedExpr::Ident(name) => {
            into.insert(name.clone());
        }
        OptimizedExpr::PosPred(e)
        | OptimizedExpr::NegPred(e)
        | OptimizedExpr::Opt(e)
        | OptimizedExpr::Rep(e)
        | OptimizedExpr::Push(e)
        | OptimizedExpr::RestoreOnErr(e) => rule_calls(e, into),
        OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
            rule_calls(a, into);
            rule_calls(b, into);
        }
        _ => {}
    }
}

/// The `Production` variant of a rule: its name in camel case.
pub(crate) fn variant(name: &str) -> String {
    name.split('_')
        .map(|word| {
            let lower = word.to_ascii_lowercase();
            let mut chars = lower.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}
