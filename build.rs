//! Generates the crate's parsers from `grammar/url.pest`, `grammar/valid.pest` and
//! `grammar/rfc3986.pest`.
//!
//! pest_meta reads and optimizes the grammar exactly as pest_derive does; this script then writes
//! one Rust function per rule that works on bytes: no per-call bookkeeping, no error-position
//! tracking, single-byte classes as lookup tables and `(!class ~ ANY)*` as a table-driven skip.
//! The parser it writes records the same tokens pest_derive's would (`src/fast.rs` drives it;
//! `tests/engines.rs`, the `valid.rs` unit tests and the `engines` fuzz target check that the
//! trees are equal). Rule
//! semantics follow pest's: `@` rules hide their inner rules, `$` and `!` rules do not, `_` rules
//! make no token, a lookahead makes no token, and `EOI` is a rule of its own.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// The grammars compiled, each with the prefix of its functions and whether its rules are the
/// builder's productions (the URL grammar's are; the writing grammar's are looked up by number).
const GRAMMARS: &[(&str, &str, &str, bool)] = &[
    ("grammar/url.pest", "url_grammar.rs", "r_", true),
    ("grammar/valid.pest", "valid_grammar.rs", "v_", false),
    ("grammar/rfc3986.pest", "rfc3986_grammar.rs", "rfc_", false),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for &(path, file, prefix, productions) in GRAMMARS {
        println!("cargo::rerun-if-changed={path}");
        let source = std::fs::read_to_string(path).expect("the grammar is readable");
        let (_, rules) = pest_meta::parse_and_optimize(&source).unwrap_or_else(|errors| {
            let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!("{path} does not compile:\n{}", text.join("\n"))
        });
        let code = Generator::new(&rules, prefix, productions).generate(path);
        std::fs::write(out.join(file), code).expect("OUT_DIR is writable");
    }
}

/// The code being written and the tables it needs.
struct Generator<'r> {
    rules: BTreeMap<&'r str, &'r OptimizedRule>,
    /// Grammar order of the rules.
    order: Vec<&'r str>,
    /// Rules that make tokens, `EOI` included: their index is the token's rule number.
    named: Vec<String>,
    /// Byte classes, each a 256-entry table.
    classes: Vec<[bool; 256]>,
    /// The prefix of the rule functions' names (the grammars share one parser type).
    prefix: &'static str,
    /// Whether rule numbers map to the builder's productions.
    productions: bool,
}

impl<'r> Generator<'r> {
    fn new(rules: &'r [OptimizedRule], prefix: &'static str, productions: bool) -> Self {
        for rule in rules {
            if rule.name == "WHITESPACE" || rule.name == "COMMENT" {
                panic!(
                    "the generator does not do implicit whitespace ({})",
                    rule.name
                );
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
            prefix,
            productions,
        };
        generator.refuse_recursion();
        generator
    }

    /// The generated functions call each other without a depth limit, so the grammar must not
    /// recurse: then the depth is bounded by the number of rules, whatever the input.
    fn refuse_recursion(&self) {
        fn calls(expr: &OptimizedExpr, into: &mut BTreeSet<String>) {
            match expr {
                OptimizedExpr::Ident(name) => {
                    into.insert(name.clone());
                }
                OptimizedExpr::PosPred(e)
                | OptimizedExpr::NegPred(e)
                | OptimizedExpr::Opt(e)
                | OptimizedExpr::Rep(e)
                | OptimizedExpr::Push(e)
                | OptimizedExpr::RestoreOnErr(e) => calls(e, into),
                OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
                    calls(a, into);
                    calls(b, into);
                }
                _ => {}
            }
        }
        for start in &self.order {
            let mut seen = BTreeSet::new();
            let mut todo = vec![start.to_string()];
            while let Some(name) = todo.pop() {
                let Some(rule) = self.rules.get(name.as_str()) else {
                    continue;
                };
                let mut next = BTreeSet::new();
                calls(&rule.expr, &mut next);
                for callee in next {
                    assert!(callee != *start, "rule {start} recurses (through {name})");
                    if seen.insert(callee.clone()) {
                        todo.push(callee);
                    }
                }
            }
        }
    }

    fn generate(mut self, path: &str) -> String {
        let mut out = format!("// Generated by build.rs from {path}. Do not edit.\n\n");
        let mut functions = String::new();
        for name in self.order.clone() {
            let rule = self.rules[name];
            let body = self.expr(&rule.expr);
            // A rule that must consume a byte fails at once on a byte that cannot start it,
            // before it makes (and unmakes) a token.
            let (first, nullable) = self.first(&rule.expr);
            if !nullable && first.iter().any(|member| !member) {
                let class = self.class(first);
                functions.push_str(&self.rule_function(rule, &body, Some(&class)));
            } else {
                functions.push_str(&self.rule_function(rule, &body, None));
            }
        }
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
        if self.productions {
            out.push_str("\n/// Runs the rule a production names from the input's first byte.\n");
            out.push_str(
                "pub(crate) fn run(parser: &mut Parser<'_, '_>, entry: Production) -> bool {\n",
            );
        } else {
            out.push_str("\n/// Runs the rule numbered `entry` from the input's first byte.\n");
            out.push_str("pub(crate) fn run(parser: &mut Parser<'_, '_>, entry: u16) -> bool {\n");
        }
        out.push_str("    match entry {\n");
        for name in &self.named {
            let pattern = if self.productions {
                format!("Production::{}", variant(name))
            } else {
                self.number(name).to_string()
            };
            let call = if name == "EOI" {
                let n = self.number(name);
                format!("parser.eoi({n}, RULE_PRODUCTIONS[{n}])")
            } else {
                format!("parser.{}()", self.function(name))
            };
            writeln!(out, "        {pattern} => {call},").unwrap();
        }
        out.push_str("        #[allow(unreachable_patterns)]\n        _ => false,\n    }\n}\n\n");
        out.push_str("#[allow(unused_parens, clippy::all)]\nimpl Parser<'_, '_> {\n");
        out.push_str(&functions);
        out.push_str("}\n");
        out
    }

    /// The code of each operand of a sequence or a choice, which pest_meta nests to the right.
    fn operands(&mut self, expr: &OptimizedExpr) -> Vec<String> {
        let mut parts = Vec::new();
        let mut current = expr;
        loop {
            match current {
                OptimizedExpr::Seq(a, b) if matches!(expr, OptimizedExpr::Seq(..)) => {
                    parts.push(self.expr(a));
                    current = b;
                }
                OptimizedExpr::Choice(a, b) if matches!(expr, OptimizedExpr::Choice(..)) => {
                    parts.push(self.expr(a));
                    current = b;
                }
                last => {
                    parts.push(self.expr(last));
                    return parts;
                }
            }
        }
    }

    /// The function name of a rule.
    fn function(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// The rule number of a rule that makes tokens.
    fn number(&self, name: &str) -> usize {
        self.named
            .iter()
            .position(|n| n == name)
            .expect("a named rule")
    }

    fn rule_function(&self, rule: &OptimizedRule, body: &str, first: Option<&str>) -> String {
        let name = &rule.name;
        let f = self.function(name);
        let mut head =
            format!("    /// `{name}`\n    #[inline]\n    fn {f}(&mut self) -> bool {{\n");
        if let Some(class) = first {
            writeln!(head, "        if !self.starts_with_one_of({class}) {{\n            return false;\n        }}").unwrap();
        }
        let inner = match rule.ty {
            RuleType::Silent => format!("        {body}\n"),
            RuleType::Normal => format!(
                "        let mark = self.open({n}, RULE_PRODUCTIONS[{n}]);\n        let ok = {body};\n        self.close(mark, ok)\n",
                n = self.number(name)
            ),
            RuleType::Atomic => format!(
                "        let mark = self.open({n}, RULE_PRODUCTIONS[{n}]);\n        let outer = self.enter(ATOMIC);\n        let ok = {body};\n        self.atomicity = outer;\n        self.close(mark, ok)\n",
                n = self.number(name)
            ),
            RuleType::CompoundAtomic | RuleType::NonAtomic => format!(
                "        let outer = self.enter({a});\n        let mark = self.open({n}, RULE_PRODUCTIONS[{n}]);\n        let ok = {body};\n        let ok = self.close(mark, ok);\n        self.atomicity = outer;\n        ok\n",
                a = if rule.ty == RuleType::NonAtomic { "NON_ATOMIC" } else { "COMPOUND_ATOMIC" },
                n = self.number(name)
            ),
        };
        format!("{head}{inner}    }}\n\n")
    }

    /// The byte class an expression matches, when it matches exactly one ASCII byte.
    fn class_of(&self, expr: &OptimizedExpr) -> Option<[bool; 256]> {
        let mut class = [false; 256];
        let mut range = |a: u8, b: u8| {
            for byte in a..=b {
                class[byte as usize] = true;
            }
        };
        match expr {
            OptimizedExpr::Str(s) if s.len() == 1 && s.is_ascii() => {
                range(s.as_bytes()[0], s.as_bytes()[0])
            }
            OptimizedExpr::Insens(s) if s.len() == 1 && s.is_ascii() => {
                let b = s.as_bytes()[0];
                range(b.to_ascii_lowercase(), b.to_ascii_lowercase());
                range(b.to_ascii_uppercase(), b.to_ascii_uppercase());
            }
            OptimizedExpr::Range(a, b)
                if a.is_ascii() && b.is_ascii() && a.len() == 1 && b.len() == 1 =>
            {
                range(a.as_bytes()[0], b.as_bytes()[0])
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "ASCII_DIGIT" => range(b'0', b'9'),
                "ASCII_NONZERO_DIGIT" => range(b'1', b'9'),
                "ASCII_BIN_DIGIT" => range(b'0', b'1'),
                "ASCII_OCT_DIGIT" => range(b'0', b'7'),
                "ASCII_HEX_DIGIT" => {
                    range(b'0', b'9');
                    range(b'a', b'f');
                    range(b'A', b'F');
                }
                "ASCII_ALPHA_LOWER" => range(b'a', b'z'),
                "ASCII_ALPHA_UPPER" => range(b'A', b'Z'),
                "ASCII_ALPHA" => {
                    range(b'a', b'z');
                    range(b'A', b'Z');
                }
                "ASCII_ALPHANUMERIC" => {
                    range(b'a', b'z');
                    range(b'A', b'Z');
                    range(b'0', b'9');
                }
                "ASCII" => range(0, 0x7f),
                _ => return None,
            },
            OptimizedExpr::Choice(a, b) => {
                let (a, b) = (self.class_of(a)?, self.class_of(b)?);
                for i in 0..256 {
                    class[i] = a[i] || b[i];
                }
            }
            _ => return None,
        }
        Some(class)
    }

    /// The bytes a successful match of `expr` can start with (a superset), and whether it can
    /// match without consuming anything (then the bytes say nothing).
    fn first(&self, expr: &OptimizedExpr) -> ([bool; 256], bool) {
        if let Some(class) = self.class_of(expr) {
            return (class, false);
        }
        let mut set = [false; 256];
        let nullable = match expr {
            OptimizedExpr::Str(s) | OptimizedExpr::Insens(s) => match s.as_bytes().first() {
                None => true,
                Some(&b) => {
                    set[b as usize] = true;
                    if matches!(expr, OptimizedExpr::Insens(_)) {
                        set[b.to_ascii_lowercase() as usize] = true;
                        set[b.to_ascii_uppercase() as usize] = true;
                    }
                    false
                }
            },
            // A range with code points beyond ASCII: any lead byte, and its ASCII part.
            OptimizedExpr::Range(a, b) => {
                let (a, b) = (
                    a.chars().next().unwrap_or('\0'),
                    b.chars().next().unwrap_or('\0'),
                );
                for byte in 0..256u32 {
                    set[byte as usize] = byte >= 0x80 || (a as u32 <= byte && byte <= b as u32);
                }
                false
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "ANY" => return ([true; 256], false),
                "SOI" | "EOI" => true,
                "NEWLINE" => {
                    set[b'\n' as usize] = true;
                    set[b'\r' as usize] = true;
                    false
                }
                _ => match self.rules.get(name.as_str()) {
                    Some(rule) => return self.first(&rule.expr),
                    None => return ([true; 256], true),
                },
            },
            OptimizedExpr::Seq(a, b) => {
                let (first_a, nullable_a) = self.first(a);
                if !nullable_a {
                    return (first_a, false);
                }
                let (first_b, nullable_b) = self.first(b);
                for i in 0..256 {
                    set[i] = first_a[i] || first_b[i];
                }
                nullable_b
            }
            OptimizedExpr::Choice(a, b) => {
                let ((first_a, nullable_a), (first_b, nullable_b)) = (self.first(a), self.first(b));
                for i in 0..256 {
                    set[i] = first_a[i] || first_b[i];
                }
                nullable_a || nullable_b
            }
            OptimizedExpr::Opt(e) | OptimizedExpr::Rep(e) => return (self.first(e).0, true),
            OptimizedExpr::RestoreOnErr(e) => return self.first(e),
            // Lookaheads consume nothing; anything else may match empty.
            _ => return ([true; 256], true),
        };
        (set, nullable)
    }

    /// The name of a class table, made once per distinct class.
    fn class(&mut self, class: [bool; 256]) -> String {
        let i = match self.classes.iter().position(|c| *c == class) {
            Some(i) => i,
            None => {
                self.classes.push(class);
                self.classes.len() - 1
            }
        };
        format!("&CLASS_{i}")
    }

    /// A Rust expression of type `bool` that matches `expr`, leaving position and tokens as they
    /// were when it fails.
    fn expr(&mut self, expr: &OptimizedExpr) -> String {
        if let Some(class) = self.class_of(expr) {
            return format!("self.class({})", self.class(class));
        }
        match expr {
            OptimizedExpr::Str(s) => format!("self.literal({})", bytes(s)),
            OptimizedExpr::Insens(s) => format!("self.insensitive({})", bytes(s)),
            OptimizedExpr::Range(a, b) => {
                let (a, b) = (a.chars().next().unwrap_or('\0'), b.chars().next().unwrap_or('\0'));
                format!("self.char_range({a:?}, {b:?})")
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "ANY" => "self.any()".to_owned(),
                "SOI" => "(self.pos == 0)".to_owned(),
                "EOI" => {
                    let n = self.number("EOI");
                    format!("self.eoi({n}, RULE_PRODUCTIONS[{n}])")
                }
                "NEWLINE" => {
                    "(self.literal(b\"\\n\") || self.literal(b\"\\r\\n\") || self.literal(b\"\\r\"))"
                        .to_owned()
                }
                _ if self.rules.contains_key(name.as_str()) => {
                    format!("self.{}()", self.function(name))
                }
                _ => panic!("the generator does not do the builtin {name}"),
            },
            OptimizedExpr::PosPred(e) => {
                format!("({{ let look = self.look(); let ok = {}; self.unlook(look); ok }})", self.expr(e))
            }
            OptimizedExpr::NegPred(e) => {
                format!("({{ let look = self.look(); let ok = {}; self.unlook(look); !ok }})", self.expr(e))
            }
            OptimizedExpr::Seq(..) => format!(
                "({{ let mark = self.mark(); ({}) || self.reset(mark) }})",
                self.operands(expr).join(" && ")
            ),
            OptimizedExpr::Choice(..) => format!("({})", self.operands(expr).join(" || ")),
            OptimizedExpr::Opt(e) => format!("({{ let _ = {}; true }})", self.expr(e)),
            OptimizedExpr::Rep(e) => {
                if let Some(class) = self.class_of(e) {
                    return format!("self.skip_while({})", self.class(class));
                }
                if let OptimizedExpr::Seq(a, b) = &**e {
                    if let (OptimizedExpr::NegPred(not), OptimizedExpr::Ident(any)) = (&**a, &**b) {
                        if any == "ANY" {
                            if let Some(class) = self.class_of(not) {
                                return format!("self.skip_until({})", self.class(class));
                            }
                        }
                    }
                }
                format!(
                    "({{ loop {{ let at = self.pos; if !{} || self.pos == at {{ break; }} }} true }})",
                    self.expr(e)
                )
            }
            OptimizedExpr::Skip(strings) => {
                if strings.iter().all(|s| s.len() == 1 && s.is_ascii()) {
                    let mut class = [false; 256];
                    for s in strings {
                        class[s.as_bytes()[0] as usize] = true;
                    }
                    format!("self.skip_until({})", self.class(class))
                } else {
                    let list: Vec<String> = strings.iter().map(|s| bytes(s)).collect();
                    format!("self.skip_until_any(&[{}])", list.join(", "))
                }
            }
            OptimizedExpr::RestoreOnErr(e) => self.expr(e),
            other => panic!("the generator does not do {other:?}"),
        }
    }
}

/// The `Production` variant of a rule: its name in camel case.
fn variant(name: &str) -> String {
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

/// A byte-string literal.
fn bytes(s: &str) -> String {
    let mut out = String::from("b\"");
    for b in s.bytes() {
        write!(out, "\\x{b:02x}").unwrap();
    }
    out.push('"');
    out
}
