//! Strings derived from the rules of a pest grammar (feature `vm`): random derivations with a
//! seed, weighted towards short strings and boundary cases; every string up to a small depth;
//! near misses. Each string comes with the rules and alternatives its match went through.
//!
//! A grammar is read from its source text with pest_meta. Derivations treat it as a generative
//! grammar (choices, repetitions, code point sets), then keep only strings that the rule
//! matches whole under pest's own semantics (ordered choice, greedy repetition, look-aheads),
//! which this module checks with a small interpreter of its own. Recursion is bounded by a
//! budget of expansion steps that always leaves room to finish; a rule that derives nothing
//! finite is an error. pest's stack (`PUSH`, `POP`, `PEEK`, `DROP`) is refused.
//!
//! ```
//! let grammar = pegurl::workbench::generate::Generator::load(r#"greeting = { ^"hi" ~ ("!" | "?")* }"#)?;
//! let derivation = grammar.random("greeting", 7)?;
//! assert!(derivation.text.to_ascii_lowercase().starts_with("hi"));
//! assert!(grammar.accepts("greeting", &derivation.text).is_some());
//! # Ok::<(), pegurl::workbench::generate::GenerateError>(())
//! ```

mod grammar;
mod matcher;
mod random;
mod variants;

use std::fmt;

use grammar::{Expr, Grammar, NEVER};
use matcher::{Event, Matcher};
use random::Deriver;
pub(crate) use random::Rng;

/// How many expansion steps a random derivation may take (at least its rule's cheapest).
const FUEL: u32 = 120;

/// The most expansion steps a rule's cheapest derivation may need (`"x"{4000000000}` needs
/// more).
const MAX_FUEL: u32 = 100_000;

/// How many derivations are tried before a rule is said to derive nothing its own match
/// accepts.
const ATTEMPTS: usize = 40;

/// Why strings could not be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The grammar does not load (pest_meta's messages).
    Grammar(String),
    /// The grammar uses what the generator does not model.
    Unsupported(String),
    /// No such rule.
    NoRule(String),
    /// The rule derives no finite string.
    Underivable(String),
    /// The rule's shortest derivation is too long to make.
    TooLarge(String),
    /// No attempt derived a string the rule matches whole (look-aheads, ordered choice or
    /// greedy repetition rule them out, or the strings grew past 1 MiB).
    NoMatch(String),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Grammar(m) => write!(f, "the grammar does not load: {m}"),
            GenerateError::Unsupported(m) => write!(f, "not supported: {m}"),
            GenerateError::NoRule(r) => write!(f, "no rule {r}"),
            GenerateError::Underivable(r) => write!(f, "rule {r} derives no finite string"),
            GenerateError::TooLarge(r) => write!(
                f,
                "rule {r}: its shortest derivation takes more than {MAX_FUEL} steps"
            ),
            GenerateError::NoMatch(r) => write!(
                f,
                "rule {r}: no derivation in {ATTEMPTS} attempts was a string it matches whole \
                 (look-aheads, ordered choice, greedy repetition or the size limit rule them out)"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// The rules and alternatives some strings' matches went through, as sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    rules: Vec<bool>,
    alternatives: Vec<bool>,
}

impl Coverage {
    fn empty(grammar: &Grammar) -> Coverage {
        Coverage {
            rules: vec![false; grammar.rules.len()],
            alternatives: vec![false; grammar.alternatives.len()],
        }
    }

    fn add(&mut self, trail: &[Event]) {
        for event in trail {
            let (set, index) = match event {
                Event::Rule { rule, .. } => (&mut self.rules, rule),
                Event::Alternative(a) => (&mut self.alternatives, a),
            };
            if let Some(slot) = set.get_mut(*index as usize) {
                *slot = true;
            }
        }
    }

    /// Adds another coverage of the same grammar.
    pub fn merge(&mut self, other: &Coverage) {
        for (mine, theirs) in [
            (&mut self.rules, &other.rules),
            (&mut self.alternatives, &other.alternatives),
        ] {
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), false);
            }
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m |= *t;
            }
        }
    }

    /// Whether the rule numbered `rule` (see [`Generator::rule_names`]) was gone through.
    pub fn has_rule(&self, rule: usize) -> bool {
        self.rules.get(rule).copied().unwrap_or(false)
    }

    /// Whether the alternative numbered `alternative` (see [`Generator::alternatives`]) was
    /// taken.
    pub fn has_alternative(&self, alternative: usize) -> bool {
        self.alternatives.get(alternative).copied().unwrap_or(false)
    }
}

/// A string and what its match went through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    /// The string.
    pub text: String,
    /// The rules and alternatives the rule's match of it went through.
    pub coverage: Coverage,
}

/// A rule's match of a string, and the rules it went through with their spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The rules and alternatives the match went through.
    pub coverage: Coverage,
    /// Each matched rule's number and byte span, outer rules first.
    pub spans: Vec<(usize, std::ops::Range<usize>)>,
}

/// An alternative of a choice in a grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative<'g> {
    /// The rule it is in.
    pub rule: &'g str,
    /// The alternative written out in pest's syntax, shortened.
    pub text: String,
    /// Whether it is reached only inside a look-ahead (a condition on the text, not a part of
    /// its structure).
    pub condition: bool,
}

/// A grammar read for generating strings.
#[derive(Clone, Debug)]
pub struct Generator {
    grammar: Grammar,
}

impl Generator {
    /// Reads a pest grammar from its source text.
    pub fn load(source: &str) -> Result<Generator, GenerateError> {
        Ok(Generator {
            grammar: Grammar::load(source)?,
        })
    }

    /// The rules' names, by number.
    pub fn rule_names(&self) -> impl Iterator<Item = &str> {
        self.grammar.rules.iter().map(|r| r.name.as_str())
    }

    /// Every alternative of every choice, by number.
    pub fn alternatives(&self) -> Vec<Alternative<'_>> {
        self.grammar
            .alternatives
            .iter()
            .enumerate()
            .map(|(i, (rule, expr))| {
                let name = self
                    .grammar
                    .rules
                    .get(*rule)
                    .map_or("", |r| r.name.as_str());
                let mut text = String::new();
                self.write(*expr, &mut text, 0);
                Alternative {
                    rule: name,
                    text,
                    condition: self
                        .grammar
                        .condition_alternatives
                        .get(i)
                        .copied()
                        .unwrap_or(false),
                }
            })
            .collect()
    }

    /// Whether the rule numbered `rule` is reached only inside look-aheads (a condition on the
    /// text, not a part of its structure).
    pub fn is_condition_rule(&self, rule: usize) -> bool {
        self.grammar
            .condition_rules
            .get(rule)
            .copied()
            .unwrap_or(false)
    }

    /// No coverage yet: the starting point for merging.
    pub fn empty_coverage(&self) -> Coverage {
        Coverage::empty(&self.grammar)
    }

    /// The code points the grammar's literals and ranges mention.
    pub fn mentioned(&self) -> &[char] {
        &self.grammar.mentioned
    }

    fn rule(&self, name: &str) -> Result<usize, GenerateError> {
        self.grammar
            .by_name
            .get(name)
            .copied()
            .ok_or_else(|| GenerateError::NoRule(name.to_owned()))
    }

    /// A random string that `rule` derives and matches whole; the same seed gives the same
    /// string.
    pub fn random(&self, rule: &str, seed: u64) -> Result<Derivation, GenerateError> {
        let index = self.rule(rule)?;
        let expr = self.grammar.rules.get(index).map_or(usize::MAX, |r| r.expr);
        let cost = self.grammar.cost.get(expr).copied().unwrap_or(NEVER);
        if cost == NEVER {
            return Err(GenerateError::Underivable(rule.to_owned()));
        }
        if cost > MAX_FUEL {
            return Err(GenerateError::TooLarge(rule.to_owned()));
        }
        let mut rng = Rng::new(seed);
        for _ in 0..ATTEMPTS {
            let mut deriver = Deriver {
                grammar: &self.grammar,
                rng: &mut rng,
                out: String::new(),
                nesting: 0,
            };
            if deriver.derive(expr, FUEL.max(cost)).is_err() {
                continue;
            }
            let text = deriver.out;
            if let Some(coverage) = self.accepts(rule, &text) {
                return Ok(Derivation { text, coverage });
            }
        }
        Err(GenerateError::NoMatch(rule.to_owned()))
    }

    /// Every string `rule` derives within `depth` rule expansions (at most 8) that it matches
    /// whole, with repetitions taken up to twice beyond their minimum and code point sets
    /// represented by their ends; at most `limit` strings. The flag says whether the limit cut
    /// the list.
    pub fn enumerate(
        &self,
        rule: &str,
        depth: u32,
        limit: usize,
    ) -> Result<(Vec<Derivation>, bool), GenerateError> {
        let index = self.rule(rule)?;
        let mut enumerator = variants::Enumerator::new(&self.grammar, limit);
        let strings = enumerator.strings(
            self.grammar.rules.get(index).map_or(usize::MAX, |r| r.expr),
            depth.min(8),
        );
        let mut seen = std::collections::HashSet::new();
        let derivations = strings
            .iter()
            .filter(|s| seen.insert(s.as_str()))
            .filter_map(|text| {
                let coverage = self.accepts(rule, text)?;
                Some(Derivation {
                    text: text.clone(),
                    coverage,
                })
            })
            .collect();
        Ok((derivations, enumerator.truncated))
    }

    /// `text` with one code point changed, inserted or dropped, drawn from the code points the
    /// grammar mentions, printable ASCII and boundary cases; the same seed gives the same string.
    pub fn near_miss(&self, text: &str, seed: u64) -> String {
        near_miss(text, &self.grammar.mentioned, seed)
    }

    /// Whether `rule` matches the whole of `text`, and if so what the match went through.
    pub fn accepts(&self, rule: &str, text: &str) -> Option<Coverage> {
        self.matches(rule, text).map(|m| m.coverage)
    }

    /// [`Generator::accepts`], with the spans of the rules the match went through.
    pub fn matches(&self, rule: &str, text: &str) -> Option<Match> {
        let index = self.rule(rule).ok()?;
        let mut matcher = Matcher::new(&self.grammar, text);
        if !matcher.whole(index) {
            return None;
        }
        let mut coverage = Coverage::empty(&self.grammar);
        coverage.add(&matcher.trail);
        let spans = matcher
            .trail
            .iter()
            .filter_map(|e| match e {
                Event::Rule { rule, start, end } => {
                    Some((*rule as usize, *start as usize..*end as usize))
                }
                Event::Alternative(_) => None,
            })
            .collect();
        Some(Match { coverage, spans })
    }

    /// Writes an expression in pest's syntax, up to about 60 characters.
    fn write(&self, expr: usize, out: &mut String, depth: usize) {
        use std::fmt::Write as _;
        if out.len() > 60 || depth > 8 {
            if !out.ends_with('…') {
                out.push('…');
            }
            return;
        }
        let Some(node) = self.grammar.exprs.get(expr) else {
            return;
        };
        let list = |this: &Generator, out: &mut String, parts: &[usize], sep: &str| {
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                let grouped = matches!(
                    this.grammar.exprs.get(*p),
                    Some(Expr::Seq(_) | Expr::Choice { .. })
                );
                out.push_str(if grouped { "(" } else { "" });
                this.write(*p, out, depth + 1);
                out.push_str(if grouped { ")" } else { "" });
            }
        };
        let _ = match node {
            Expr::Literal(s) => write!(out, "{s:?}"),
            Expr::Insensitive(s) => write!(out, "^{s:?}"),
            Expr::Range(lo, hi) => write!(out, "{lo:?}..{hi:?}"),
            Expr::Builtin(b) => write!(out, "{}", builtin_name(b)),
            Expr::Rule(r) => write!(
                out,
                "{}",
                self.grammar.rules.get(*r).map_or("?", |r| r.name.as_str())
            ),
            Expr::Seq(parts) => {
                list(self, out, parts, " ~ ");
                Ok(())
            }
            Expr::Choice { alternatives, .. } => {
                list(self, out, alternatives, " | ");
                Ok(())
            }
            Expr::Repeat { expr, min, max } => {
                out.push('(');
                self.write(*expr, out, depth + 1);
                match (min, max) {
                    (0, Some(1)) => write!(out, ")?"),
                    (0, None) => write!(out, ")*"),
                    (1, None) => write!(out, ")+"),
                    (n, None) => write!(out, "){{{n},}}"),
                    (n, Some(m)) => write!(out, "){{{n},{m}}}"),
                }
            }
            Expr::Lookahead { expr, negative } => {
                out.push_str(if *negative { "!(" } else { "&(" });
                self.write(*expr, out, depth + 1);
                write!(out, ")")
            }
            Expr::Skip(strings) => write!(out, "(skip to {strings:?})"),
        };
    }
}

/// `text` with one code point changed, inserted or dropped; the new code point is one of
/// `code_points`, printable ASCII, or a boundary case (controls, noncharacters, code points that
/// IDNA maps). The same seed gives the same string.
///
/// ```
/// let miss = pegurl::workbench::generate::near_miss("http://h/", &['@', '%'], 3);
/// assert!(miss.chars().count().abs_diff(9) <= 1);
/// ```
pub fn near_miss(text: &str, code_points: &[char], seed: u64) -> String {
    variants::near_miss(text, code_points, &mut Rng::new(seed))
}

fn builtin_name(builtin: &grammar::Builtin) -> String {
    use grammar::Builtin;
    match builtin {
        Builtin::Any => "ANY".to_owned(),
        Builtin::Soi => "SOI".to_owned(),
        Builtin::Eoi => "EOI".to_owned(),
        Builtin::Newline => "NEWLINE".to_owned(),
        Builtin::Class(set) => set
            .iter()
            .map(|(l, h)| format!("{l:?}..{h:?}"))
            .collect::<Vec<_>>()
            .join("|"),
        Builtin::Property(name) => name.clone(),
    }
}
