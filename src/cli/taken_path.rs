//! Which way a parse went through a rule's railroad diagram. A node of a production tree names
//! its rule and, in order, the rules its children matched; walking the rule's expression over
//! those names finds the rule names (numbered as `railroad` numbers its `data-ident` nodes, in
//! pre-order) that the parse took: for `authority`, the `host` of the branch with credentials
//! and not the one without.
//!
//! The walk reads names only, not the input: at a choice it takes the first alternative that
//! accounts for the next child, or else the first that accounts for none. When it cannot account
//! for every child, it gives no answer and the viewer marks the children by name instead.

use std::collections::{BTreeSet, HashMap};

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};
use pest_meta::parser::{self, Rule};

/// How deep the walk goes (expression nesting plus silent rules entered): a grammar loaded at
/// run time may nest or recurse through silent rules without bound.
const MAX_DEPTH: usize = 256;

/// A grammar's rules, ready to walk.
pub struct Paths {
    rules: HashMap<String, AstRule>,
}

impl Paths {
    /// Reads a `.pest` source (pest_meta's unoptimised AST, as the diagrams are drawn from).
    pub fn new(source: &str) -> Result<Paths, String> {
        let pairs = parser::parse(Rule::grammar_rules, source).map_err(|e| e.to_string())?;
        let rules = parser::consume_rules(pairs).map_err(|e| super::grammar_errors(&e))?;
        Ok(Paths {
            rules: rules.into_iter().map(|r| (r.name.clone(), r)).collect(),
        })
    }

    /// The numbers of the rule names in `rule`'s diagram that a match with these `children`
    /// (rule names, in order) went through; None when the walk cannot account for them all.
    pub fn taken(&self, rule: &str, children: &[&str]) -> Option<BTreeSet<usize>> {
        let rule = self.rules.get(rule)?;
        if matches!(rule.ty, RuleType::Atomic) {
            // Inside an atomic rule nothing makes a node: there is nothing to go by.
            return children.is_empty().then(BTreeSet::new);
        }
        let mut numbers = HashMap::new();
        number(&rule.expr, &mut numbers, 0);
        let walk = Walk {
            paths: self,
            numbers: &numbers,
            children,
        };
        let (end, taken) = walk.expr(&rule.expr, 0, 0)?;
        (end == children.len()).then_some(taken)
    }
}

/// Numbers each `Ident` of an expression in pre-order, by its address.
fn number(expr: &Expr, numbers: &mut HashMap<*const Expr, usize>, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match expr {
        Expr::Ident(_) => {
            let next = numbers.len();
            numbers.insert(expr, next);
        }
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            number(a, numbers, depth + 1);
            number(b, numbers, depth + 1);
        }
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _)
        | Expr::Push(e) => number(e, numbers, depth + 1),
        _ => {}
    }
}

struct Walk<'w> {
    paths: &'w Paths,
    numbers: &'w HashMap<*const Expr, usize>,
    children: &'w [&'w str],
}

/// Where a walk ends (the next child) and the numbers it took.
type Step = Option<(usize, BTreeSet<usize>)>;

impl Walk<'_> {
    /// Walks `expr` from child `at`; `depth` bounds the recursion.
    fn expr(&self, expr: &Expr, at: usize, depth: usize) -> Step {
        if depth > MAX_DEPTH {
            return None;
        }
        match expr {
            Expr::Ident(name) => self.ident(expr, name, at, depth),
            Expr::Seq(a, b) => {
                let (middle, mut taken) = self.expr(a, at, depth + 1)?;
                let (end, more) = self.expr(b, middle, depth + 1)?;
                taken.extend(more);
                Some((end, taken))
            }
            Expr::Choice(..) => {
                let mut alternatives = Vec::new();
                choices(expr, &mut alternatives, depth);
                let steps: Vec<(usize, BTreeSet<usize>)> = alternatives
                    .iter()
                    .filter_map(|alternative| self.expr(alternative, at, depth + 1))
                    .collect();
                let first = steps.iter().position(|(end, _)| *end > at).unwrap_or(0);
                steps.into_iter().nth(first)
            }
            Expr::Opt(e) => self
                .expr(e, at, depth + 1)
                .or_else(|| Some((at, BTreeSet::new()))),
            Expr::Rep(e)
            | Expr::RepOnce(e)
            | Expr::RepExact(e, _)
            | Expr::RepMin(e, _)
            | Expr::RepMax(e, _)
            | Expr::RepMinMax(e, _, _) => {
                let (mut end, mut taken) = (at, BTreeSet::new());
                // Each round takes a child, so there are at most as many rounds as children.
                while let Some((next, more)) = self.expr(e, end, depth + 1) {
                    if next == end {
                        break;
                    }
                    end = next;
                    taken.extend(more);
                }
                Some((end, taken))
            }
            Expr::Push(e) => self.expr(e, at, depth + 1),
            // Terminals, and predicates, whose matches are not kept: no child.
            _ => Some((at, BTreeSet::new())),
        }
    }

    /// A rule name: the next child if the rule makes a node, its own walk if it is silent, and
    /// nothing for pest's built-ins that make no node (EOI makes one).
    fn ident(&self, expr: &Expr, name: &str, at: usize, depth: usize) -> Step {
        let number = self.numbers.get(&(expr as *const Expr)).copied();
        let here = || number.into_iter().collect::<BTreeSet<usize>>();
        match self.paths.rules.get(name) {
            Some(rule) if matches!(rule.ty, RuleType::Silent) => {
                let (end, _) = self.expr(&rule.expr, at, depth + 1)?;
                Some((end, if end > at { here() } else { BTreeSet::new() }))
            }
            Some(_) => (self.children.get(at) == Some(&name)).then(|| (at + 1, here())),
            None if self.children.get(at) == Some(&name) => Some((at + 1, here())),
            None => Some((at, BTreeSet::new())),
        }
    }
}

/// The alternatives of a chain of choices, in order.
fn choices<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>, depth: usize) {
    match expr {
        Expr::Choice(a, b) if depth <= MAX_DEPTH => {
            choices(a, out, depth + 1);
            choices(b, out, depth + 1);
        }
        other => out.push(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken(rule: &str, children: &[&str]) -> Option<Vec<usize>> {
        let paths = Paths::new(pegurl::workbench::BUILTIN_GRAMMAR).expect("the grammar reads");
        paths.taken(rule, children).map(|t| t.into_iter().collect())
    }

    // authority = ${ host ~ (":" ~ port)? ~ !"@" | credentials ~ host ~ (":" ~ port)? }
    // numbers:       0             1               2             3             4

    #[test]
    fn the_branch_without_credentials() {
        assert_eq!(taken("authority", &["host", "port"]), Some(vec![0, 1]));
        assert_eq!(taken("authority", &["host"]), Some(vec![0]));
    }

    #[test]
    fn the_branch_with_credentials() {
        assert_eq!(
            taken("authority", &["credentials", "host"]),
            Some(vec![2, 3])
        );
        assert_eq!(
            taken("authority", &["credentials", "host", "port"]),
            Some(vec![2, 3, 4])
        );
    }

    #[test]
    fn repetitions_and_optional_parts() {
        // special_path = ${ special_path_segment* }
        assert_eq!(
            taken("special_path", &["special_path_segment"; 3]),
            Some(vec![0])
        );
        assert_eq!(taken("special_path", &[]), Some(vec![]));
    }

    #[test]
    fn children_the_rule_cannot_have_give_no_answer() {
        assert_eq!(taken("authority", &["port", "host"]), None);
        assert_eq!(taken("authority", &["host", "host"]), None);
        assert_eq!(taken("no_such_rule", &[]), None);
    }

    #[test]
    fn silent_rules_are_walked_through() {
        let paths = Paths::new(
            "a = { b ~ c }\nb = _{ d | e }\nc = { \"x\" }\nd = { \"d\" }\ne = { \"e\" }",
        )
        .expect("reads");
        let got = paths.taken("a", &["e", "c"]);
        assert_eq!(got, Some([0, 1].into_iter().collect()));
        assert_eq!(paths.taken("a", &["c"]), None);
    }

    #[test]
    fn a_deeply_nested_grammar_is_walked_within_bounds() {
        // b ~ (b ~ (b ~ ...)): 400 levels of sequence, past MAX_DEPTH. pest_meta's own reader
        // recurses per level, so this runs with the main thread's stack size.
        let deep = format!(
            "a = {{ {} }}\nb = {{ \"b\" }}",
            "b ~ (".repeat(400) + "b" + &")".repeat(400)
        );
        let run = move || {
            let paths = Paths::new(&deep).expect("reads");
            paths.taken("a", &["b"; 401])
        };
        let walked = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(run)
            .expect("thread")
            .join()
            .expect("no overflow");
        assert_eq!(walked, None, "too deep to walk: no answer");
    }
}
