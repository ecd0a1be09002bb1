//! A pest grammar as the generator reads it: pest_meta's (unoptimized) syntax tree turned into a
//! flat list of expressions, children before parents, with each rule's cheapest derivation.

use std::collections::HashMap;

use pest_meta::ast;

use super::GenerateError;

/// How deeply expressions may nest inside one rule; deeper ones are refused (the walks over them
/// recurse).
const MAX_NESTING: usize = 200;

/// The cost the cheapest derivation of an expression that derives nothing has.
pub(crate) const NEVER: u32 = u32::MAX;

/// A built-in rule of pest's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    Any,
    Soi,
    Eoi,
    /// A set of code points given as inclusive ranges (ASCII_DIGIT, ASCII_ALPHA, ...).
    Class(&'static [(char, char)]),
    /// "\n", "\r\n" or "\r".
    Newline,
    /// A Unicode property by its pest name (`LETTER`, `WHITE_SPACE`, ...).
    Property(String),
}

/// One expression; children are indices into [`Grammar::exprs`], always smaller than the
/// parent's own.
#[derive(Clone, Debug)]
pub(crate) enum Expr {
    Literal(String),
    Insensitive(String),
    Range(char, char),
    Builtin(Builtin),
    Rule(usize),
    Seq(Vec<usize>),
    /// An ordered choice; `first` is the number of its first alternative in the grammar's list.
    Choice {
        first: usize,
        alternatives: Vec<usize>,
    },
    Repeat {
        expr: usize,
        min: u32,
        max: Option<u32>,
    },
    Lookahead {
        expr: usize,
        negative: bool,
    },
    /// Anything up to one of the strings (or the end).
    Skip(Vec<String>),
}

/// A rule's kind, as far as implicit whitespace is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Atomicity {
    /// `@` and `$`: no implicit whitespace inside.
    Atomic,
    /// `!`: implicit whitespace again, even inside an atomic rule.
    NonAtomic,
    /// `=` and `_`: as the caller.
    Inherit,
}

/// A rule of the grammar.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    pub(crate) name: String,
    pub(crate) atomicity: Atomicity,
    pub(crate) expr: usize,
}

/// A grammar ready for generation and matching.
#[derive(Clone, Debug)]
pub(crate) struct Grammar {
    pub(crate) rules: Vec<Rule>,
    pub(crate) exprs: Vec<Expr>,
    pub(crate) by_name: HashMap<String, usize>,
    /// For each alternative (numbered across the grammar): its rule and its expression.
    pub(crate) alternatives: Vec<(usize, usize)>,
    /// The cheapest derivation of each expression, in expansion steps ([`NEVER`]: none).
    pub(crate) cost: Vec<u32>,
    /// The code points the grammar's literals and ranges mention.
    pub(crate) mentioned: Vec<char>,
    pub(crate) whitespace: Option<usize>,
    pub(crate) comment: Option<usize>,
    /// Rules and alternatives reached only inside look-aheads: conditions on the text rather
    /// than parts of its structure (coverage does not count them).
    pub(crate) condition_rules: Vec<bool>,
    pub(crate) condition_alternatives: Vec<bool>,
}

impl Grammar {
    /// Reads a pest grammar. pest_meta panics on a few inputs (a `\u{D800}` escape), so its
    /// calls run under `catch_unwind` and a panic becomes an error.
    pub(crate) fn load(source: &str) -> Result<Grammar, GenerateError> {
        let read = std::panic::catch_unwind(|| read_rules(source))
            .map_err(|_| GenerateError::Grammar("pest_meta could not read it".to_owned()))??;
        let mut grammar = Grammar {
            by_name: read
                .iter()
                .enumerate()
                .map(|(i, r)| (r.name.clone(), i))
                .collect(),
            rules: Vec::with_capacity(read.len()),
            exprs: Vec::new(),
            alternatives: Vec::new(),
            cost: Vec::new(),
            mentioned: Vec::new(),
            whitespace: None,
            comment: None,
            condition_rules: Vec::new(),
            condition_alternatives: Vec::new(),
        };
        for rule in &read {
            let atomicity = match rule.ty {
                ast::RuleType::Atomic | ast::RuleType::CompoundAtomic => Atomicity::Atomic,
                ast::RuleType::NonAtomic => Atomicity::NonAtomic,
                ast::RuleType::Normal | ast::RuleType::Silent => Atomicity::Inherit,
            };
            let index = grammar.rules.len();
            let expr = grammar.convert(&rule.expr, index, 0)?;
            grammar.rules.push(Rule {
                name: rule.name.clone(),
                atomicity,
                expr,
            });
        }
        grammar.whitespace = grammar.by_name.get("WHITESPACE").copied();
        grammar.comment = grammar.by_name.get("COMMENT").copied();
        grammar.mentioned.sort_unstable();
        grammar.mentioned.dedup();
        grammar.cost = grammar.cheapest();
        grammar.mark_conditions();
        Ok(grammar)
    }

    fn push(&mut self, expr: Expr) -> usize {
        self.exprs.push(expr);
        self.exprs.len() - 1
    }

    /// Converts one expression of `rule`, children first.
    fn convert(
        &mut self,
        expr: &ast::Expr,
        rule: usize,
        depth: usize,
    ) -> Result<usize, GenerateError> {
        if depth > MAX_NESTING {
            return Err(GenerateError::Grammar(format!(
                "rule {} nests expressions more than {MAX_NESTING} deep",
                self.rule_name_at(rule)
            )));
        }
        let converted = match expr {
            ast::Expr::Str(s) => {
                self.mentioned.extend(s.chars());
                Expr::Literal(s.clone())
            }
            ast::Expr::Insens(s) => {
                self.mentioned.extend(
                    s.chars()
                        .flat_map(|c| [c.to_ascii_lowercase(), c.to_ascii_uppercase()]),
                );
                Expr::Insensitive(s.clone())
            }
            ast::Expr::Range(start, end) => {
                let (Some(lo), Some(hi)) = (start.chars().next(), end.chars().next()) else {
                    return Err(GenerateError::Grammar("an empty range bound".to_owned()));
                };
                self.mentioned.extend([lo, hi]);
                Expr::Range(lo, hi)
            }
            ast::Expr::Ident(name) => self.ident(name)?,
            ast::Expr::PosPred(e) | ast::Expr::NegPred(e) => Expr::Lookahead {
                expr: self.convert(e, rule, depth + 1)?,
                negative: matches!(expr, ast::Expr::NegPred(_)),
            },
            ast::Expr::Seq(..) => {
                let mut parts = Vec::new();
                flatten(expr, &mut parts, true);
                let children = parts
                    .into_iter()
                    .map(|p| self.convert(p, rule, depth + 1))
                    .collect::<Result<_, _>>()?;
                Expr::Seq(children)
            }
            ast::Expr::Choice(..) => {
                let mut parts = Vec::new();
                flatten(expr, &mut parts, false);
                let children: Vec<usize> = parts
                    .into_iter()
                    .map(|p| self.convert(p, rule, depth + 1))
                    .collect::<Result<_, _>>()?;
                let first = self.alternatives.len();
                self.alternatives
                    .extend(children.iter().map(|&c| (rule, c)));
                Expr::Choice {
                    first,
                    alternatives: children,
                }
            }
            ast::Expr::Opt(e) => self.repeat(e, 0, Some(1), rule, depth)?,
            ast::Expr::Rep(e) => self.repeat(e, 0, None, rule, depth)?,
            ast::Expr::RepOnce(e) => self.repeat(e, 1, None, rule, depth)?,
            ast::Expr::RepExact(e, n) => self.repeat(e, *n, Some(*n), rule, depth)?,
            ast::Expr::RepMin(e, n) => self.repeat(e, *n, None, rule, depth)?,
            ast::Expr::RepMax(e, n) => self.repeat(e, 0, Some(*n), rule, depth)?,
            ast::Expr::RepMinMax(e, lo, hi) => self.repeat(e, *lo, Some(*hi), rule, depth)?,
            ast::Expr::Skip(strings) => {
                self.mentioned
                    .extend(strings.iter().flat_map(|s| s.chars()));
                Expr::Skip(strings.clone())
            }
            ast::Expr::PeekSlice(..) | ast::Expr::Push(_) => return Err(stack(rule, self)),
            // Constructs of pest_meta's "grammar-extras" feature, when some crate turns it on.
            #[allow(unreachable_patterns)]
            _ => {
                return Err(GenerateError::Unsupported(format!(
                    "rule {} uses a construct the generator does not know",
                    self.rule_name_at(rule)
                )))
            }
        };
        Ok(self.push(converted))
    }

    fn repeat(
        &mut self,
        expr: &ast::Expr,
        min: u32,
        max: Option<u32>,
        rule: usize,
        depth: usize,
    ) -> Result<Expr, GenerateError> {
        let expr = self.convert(expr, rule, depth + 1)?;
        Ok(Expr::Repeat { expr, min, max })
    }

    fn ident(&mut self, name: &str) -> Result<Expr, GenerateError> {
        const DIGIT: &[(char, char)] = &[('0', '9')];
        const HEX: &[(char, char)] = &[('0', '9'), ('A', 'F'), ('a', 'f')];
        const ALPHA: &[(char, char)] = &[('A', 'Z'), ('a', 'z')];
        const ALNUM: &[(char, char)] = &[('0', '9'), ('A', 'Z'), ('a', 'z')];
        let class = |set| Ok(Expr::Builtin(Builtin::Class(set)));
        match name {
            "ANY" => Ok(Expr::Builtin(Builtin::Any)),
            "SOI" => Ok(Expr::Builtin(Builtin::Soi)),
            "EOI" => Ok(Expr::Builtin(Builtin::Eoi)),
            "NEWLINE" => Ok(Expr::Builtin(Builtin::Newline)),
            "ASCII_DIGIT" => class(DIGIT),
            "ASCII_NONZERO_DIGIT" => class(&[('1', '9')]),
            "ASCII_BIN_DIGIT" => class(&[('0', '1')]),
            "ASCII_OCT_DIGIT" => class(&[('0', '7')]),
            "ASCII_HEX_DIGIT" => class(HEX),
            "ASCII_ALPHA_LOWER" => class(&[('a', 'z')]),
            "ASCII_ALPHA_UPPER" => class(&[('A', 'Z')]),
            "ASCII_ALPHA" => class(ALPHA),
            "ASCII_ALPHANUMERIC" => class(ALNUM),
            "ASCII" => class(&[('\0', '\u{7f}')]),
            "PEEK" | "PEEK_ALL" | "POP" | "POP_ALL" | "DROP" => Err(GenerateError::Unsupported(
                format!("{name} uses pest's stack (PUSH/POP/PEEK/DROP), which the generator does not model"),
            )),
            _ => match self.by_name.get(name) {
                Some(&rule) => Ok(Expr::Rule(rule)),
                None if pest::unicode::by_name(name).is_some() => {
                    Ok(Expr::Builtin(Builtin::Property(name.to_owned())))
                }
                None => Err(GenerateError::Grammar(format!("no rule {name}"))),
            },
        }
    }

    fn rule_name_at(&self, rule: usize) -> String {
        self.by_name
            .iter()
            .find(|(_, &i)| i == rule)
            .map(|(n, _)| n.clone())
            .unwrap_or_default()
    }

    /// Marks what is reached only inside look-aheads: everything not reachable from the rules
    /// no other rule names (or from every rule, when each is named) without entering one.
    fn mark_conditions(&mut self) {
        let mut named = vec![false; self.rules.len()];
        for expr in &self.exprs {
            if let Expr::Rule(r) = expr {
                if let Some(slot) = named.get_mut(*r) {
                    *slot = true;
                }
            }
        }
        let roots: Vec<usize> = if named.iter().all(|n| *n) {
            (0..self.rules.len()).collect()
        } else {
            (0..self.rules.len()).filter(|r| !named[*r]).collect()
        };
        let mut rules = vec![true; self.rules.len()];
        let mut alternatives = vec![true; self.alternatives.len()];
        let mut pending: Vec<usize> = Vec::new();
        for root in roots {
            if let (Some(slot), Some(rule)) = (rules.get_mut(root), self.rules.get(root)) {
                *slot = false;
                pending.push(rule.expr);
            }
        }
        while let Some(expr) = pending.pop() {
            match self.exprs.get(expr) {
                Some(Expr::Rule(r)) => {
                    if let (Some(slot @ true), Some(rule)) = (rules.get_mut(*r), self.rules.get(*r))
                    {
                        *slot = false;
                        pending.push(rule.expr);
                    }
                }
                Some(Expr::Seq(parts)) => pending.extend(parts),
                Some(Expr::Choice {
                    first,
                    alternatives: alts,
                }) => {
                    for (i, alt) in alts.iter().enumerate() {
                        if let Some(slot) = alternatives.get_mut(first + i) {
                            *slot = false;
                        }
                        pending.push(*alt);
                    }
                }
                Some(Expr::Repeat { expr, .. }) => pending.push(*expr),
                _ => {}
            }
        }
        self.condition_rules = rules;
        self.condition_alternatives = alternatives;
    }

    /// The cheapest derivation of every expression: rules are settled by iterating to a fixed
    /// point (each round can only lower a cost; a rule's cost settles within as many rounds as
    /// there are rules).
    fn cheapest(&self) -> Vec<u32> {
        let mut rule_cost = vec![NEVER; self.rules.len()];
        let mut cost = vec![NEVER; self.exprs.len()];
        for _ in 0..=self.rules.len() {
            for (i, expr) in self.exprs.iter().enumerate() {
                let plus = |c: u32| c.saturating_add(1);
                cost[i] = match expr {
                    Expr::Literal(_)
                    | Expr::Insensitive(_)
                    | Expr::Builtin(_)
                    | Expr::Lookahead { .. }
                    | Expr::Skip(_) => 1,
                    Expr::Range(lo, hi) => {
                        if lo <= hi {
                            1
                        } else {
                            NEVER
                        }
                    }
                    Expr::Rule(r) => rule_cost.get(*r).copied().map_or(NEVER, plus),
                    Expr::Seq(parts) => plus(parts.iter().fold(0u32, |sum, p| {
                        sum.saturating_add(cost.get(*p).copied().unwrap_or(NEVER))
                    })),
                    Expr::Choice { alternatives, .. } => plus(
                        alternatives
                            .iter()
                            .map(|a| cost.get(*a).copied().unwrap_or(NEVER))
                            .min()
                            .unwrap_or(NEVER),
                    ),
                    Expr::Repeat { expr, min, max } => {
                        let one = cost.get(*expr).copied().unwrap_or(NEVER);
                        if max.is_some_and(|m| m < *min) {
                            NEVER
                        } else if *min == 0 {
                            1
                        } else {
                            plus(one.saturating_mul(*min))
                        }
                    }
                };
            }
            let before = rule_cost.clone();
            for (r, rule) in self.rules.iter().enumerate() {
                rule_cost[r] = cost.get(rule.expr).copied().unwrap_or(NEVER);
            }
            if before == rule_cost {
                break;
            }
        }
        cost
    }
}

fn stack(rule: usize, grammar: &Grammar) -> GenerateError {
    GenerateError::Unsupported(format!(
        "rule {} uses pest's stack (PUSH/POP/PEEK), which the generator does not model",
        grammar.rule_name_at(rule)
    ))
}

/// The operands of nested sequences (or choices), left to right, without recursion (a long
/// sequence nests as deep as it is long).
fn flatten<'e>(expr: &'e ast::Expr, out: &mut Vec<&'e ast::Expr>, seq: bool) {
    let mut pending = vec![expr];
    while let Some(expr) = pending.pop() {
        match (expr, seq) {
            (ast::Expr::Seq(l, r), true) | (ast::Expr::Choice(l, r), false) => {
                pending.push(r);
                pending.push(l);
            }
            _ => out.push(expr),
        }
    }
}

/// pest_meta's reading of a grammar: parsed, validated, as its syntax tree.
fn read_rules(source: &str) -> Result<Vec<ast::Rule>, GenerateError> {
    use pest_meta::parser;
    let messages = |errors: Vec<pest::error::Error<parser::Rule>>| {
        GenerateError::Grammar(
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    };
    let pairs =
        parser::parse(parser::Rule::grammar_rules, source).map_err(|e| messages(vec![e]))?;
    pest_meta::validator::validate_pairs(pairs.clone()).map_err(messages)?;
    parser::consume_rules(pairs).map_err(messages)
}
