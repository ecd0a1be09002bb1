//! The table of an outlined rule's children (`OUTLINE_CHILDREN`), which a builder that reads an
//! outlined node's inside steps through (`src/generated/steps.rs`).

use std::fmt::Write as _;

use pest_meta::ast::RuleType;
use pest_meta::optimizer::OptimizedExpr;

use super::generator::{variant, Generator};

impl Generator<'_> {
    /// `OUTLINE_CHILDREN`: for each outlined rule, the children its body matches one after
    /// another, each a rule that makes a token, once or any number of times. The
    /// builder steps through an outlined node's children with it (`src/generated/steps.rs`),
    /// running each child's rule where the last one ended: a rule at a position matches the same
    /// way whoever calls it, so the steps find the children the whole tree has. An error for an
    /// outlined rule whose body is not such a sequence, or that hides its children (`@`).
    pub(super) fn outline_children(&mut self) -> Result<String, String> {
        let mut out = String::from(
            "/// The children of each outlined rule, in the order its body matches them: each child's\n\
             /// production, how many times it matches, and its rule run where the parser is.\n\
             #[allow(unused_parens)]\n\
             pub(crate) const OUTLINE_CHILDREN: &[(Production, &Children)] = &[\n",
        );
        for name in &self.outlined.clone() {
            let rule = self.rules[name.as_str()];
            if matches!(rule.ty, RuleType::Atomic | RuleType::Silent) {
                return Err(format!(
                    "the outlined rule {name} makes no tokens for its children"
                ));
            }
            let mut items = Vec::new();
            self.children_in_sequence(name, &rule.expr, &mut items)?;
            write!(out, "    (Production::{}, &[", variant(name)).unwrap();
            for (child, times) in items {
                let call = self.call(&child).replace("self.", "parser.");
                write!(
                    out,
                    "(Production::{}, Times::{times}, |parser| {call}), ",
                    variant(&child)
                )
                .unwrap();
            }
            out.push_str("]),\n");
        }
        out.push_str("];\n\n");
        Ok(out)
    }

    /// The children of `expr`, the body of outlined rule `name`: a sequence of rules that make
    /// tokens, each once (`One`) or repeated (`Any`).
    fn children_in_sequence(
        &self,
        name: &str,
        expr: &OptimizedExpr,
        items: &mut Vec<(String, &'static str)>,
    ) -> Result<(), String> {
        let (child, times) = match expr {
            OptimizedExpr::Seq(first, rest) => {
                self.children_in_sequence(name, first, items)?;
                return self.children_in_sequence(name, rest, items);
            }
            OptimizedExpr::Ident(child) => (child, "One"),
            OptimizedExpr::Rep(inner) => match &**inner {
                OptimizedExpr::Ident(child) => (child, "Any"),
                _ => return Err(self.not_a_sequence(name)),
            },
            _ => return Err(self.not_a_sequence(name)),
        };
        let makes_token = self
            .rules
            .get(child.as_str())
            .is_some_and(|r| r.ty != RuleType::Silent);
        if !makes_token {
            return Err(self.not_a_sequence(name));
        }
        items.push((child.clone(), times));
        Ok(())
    }

    /// The error for an outlined rule whose children cannot be stepped through.
    fn not_a_sequence(&self, name: &str) -> String {
        format!(
            "the outlined rule {name} is not a sequence of rules that make tokens, each once or \
             repeated"
        )
    }
}
