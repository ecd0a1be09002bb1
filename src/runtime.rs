//! Grammars loaded at run time (feature `vm`): a `.pest` source compiled by pest_meta and run by
//! pest_vm drives the same builder as the built-in grammar, for grammar experiments.

use std::collections::HashMap;

use pest_vm::Vm;

use crate::api::{SetterPlan, Url};
use crate::error::SetterError;
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::tokens::{push_pairs, Token};

/// The built-in grammar's source, `grammar/url.pest`.
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub const BUILTIN_GRAMMAR: &str = include_str!("../grammar/url.pest");

/// A grammar loaded at run time.
///
/// ```
/// let grammar = pegurl::workbench::RuntimeGrammar::load(pegurl::workbench::BUILTIN_GRAMMAR).unwrap();
/// let url = pegurl::Url::options().grammar(&grammar).parse("HTTP://Example.org/a/../b").unwrap();
/// assert_eq!(url.as_str(), "http://example.org/b");
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub struct RuntimeGrammar {
    vm: Vm,
    /// Each rule's number, by name.
    rules: HashMap<String, u16>,
    /// Each rule's name, by number.
    names: Vec<String>,
}

impl std::fmt::Debug for RuntimeGrammar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuntimeGrammar")
            .field("rules", &self.rules.len())
            .finish()
    }
}

impl RuntimeGrammar {
    /// Compiles a `.pest` grammar; the error lists pest_meta's messages.
    pub fn load(source: &str) -> Result<RuntimeGrammar, String> {
        let rules = compile(source)?;
        let mut names: Vec<String> = rules.iter().map(|r| r.name.clone()).collect();
        names.push("EOI".to_owned());
        let numbers = names
            .iter()
            .enumerate()
            .map(|(i, name)| (name.clone(), u16::try_from(i).unwrap_or(u16::MAX)))
            .collect();
        Ok(RuntimeGrammar {
            vm: Vm::new(rules),
            rules: numbers,
            names,
        })
    }

    /// The productions the builder needs that this grammar lacks (inputs that reach them fail
    /// with a grammar error naming them).
    pub fn missing_productions(&self) -> Vec<Production> {
        Production::ALL
            .iter()
            .copied()
            .filter(|p| *p != Production::Eoi && !self.rules.contains_key(p.name()))
            .collect()
    }

    /// This grammar as a source of productions for the builder.
    pub(crate) fn source(&self) -> Source<'_> {
        Source { grammar: self }
    }

    /// Runs the setter named `name` with this grammar's setter rules (see
    /// [`Url::set_component`]).
    pub fn set_component(
        &self,
        url: &mut Url,
        name: &str,
        value: &str,
    ) -> Option<Result<(), SetterError>> {
        Some(match url.plan_setter(name, value)? {
            SetterPlan::Done(result) => result,
            SetterPlan::Href(value) => {
                let parsed = Url::options().grammar(self).parse(&value);
                parsed
                    .map(|parsed| *url = parsed)
                    .map_err(SetterError::from)
            }
            SetterPlan::Parse(setter, value) => {
                let input = Input::for_setter(&value);
                url.apply_setter(&Source { grammar: self }, setter, &input)
            }
        })
    }
}

/// Reads and optimises a grammar loaded at run time: refused when it is beyond the bounds a
/// default thread's stack can read ([`crate::workbench::check_grammar_bounds`]); pest_meta's
/// messages when it does not compile; and an error, not a panic, where pest_meta itself panics
/// (it does on a literal holding an escaped surrogate, `"\u{D800}"`).
pub(crate) fn compile(source: &str) -> Result<Vec<pest_meta::optimizer::OptimizedRule>, String> {
    crate::grammar_size::check(source)?;
    let compiled = std::panic::catch_unwind(|| pest_meta::parse_and_optimize(source))
        .map_err(|_| "pest_meta could not read the grammar (it panicked)".to_owned())?;
    let (_, rules) = compiled.map_err(|errors| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    Ok(rules)
}

/// A runtime grammar as a source of productions for the builder.
pub(crate) struct Source<'v> {
    grammar: &'v RuntimeGrammar,
}

impl Productions for Source<'_> {
    fn parse_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool {
        // pest_vm panics on an undefined rule: a grammar without this production has no reading.
        if !self.grammar.rules.contains_key(entry.name()) {
            return false;
        }
        let Ok(pairs) = self.grammar.vm.parse(entry.name(), input) else {
            return false;
        };
        let rules = &self.grammar.rules;
        let rule = |name: &str| {
            let number = rules.get(name).copied().unwrap_or(u16::MAX);
            (number, Production::from_name(name))
        };
        push_pairs(pairs, &rule, tokens)
    }

    fn rule_name(&self, rule: u16) -> String {
        self.grammar
            .names
            .get(usize::from(rule))
            .cloned()
            .unwrap_or_default()
    }
}
