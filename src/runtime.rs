//! Grammars loaded at run time (feature `vm`): a `.pest` source compiled by pest_meta and run by
//! pest_vm drives the same builder as the built-in grammar, for grammar experiments.
//!
//! The grammar's code point sets and scheme table (the rules `codegen/sets.rs` reads, the same
//! reader build.rs compiles the built-in ones with) drive the builder too. A grammar that lacks
//! one of those rules uses the built-in grammar's; one whose rule is not a set (or a scheme
//! table) does not load, and the error names the rule.

// The reader build.rs uses; the unit tests build `codegen` itself, whose copy is used then.
#[cfg(not(test))]
#[path = "../codegen/sets.rs"]
mod sets;
#[cfg(test)]
use crate::codegen::sets;

use std::collections::HashMap;

use pest_vm::Vm;

use crate::api::{SetterPlan, Url};
use crate::error::SetterError;
use crate::grammar::{Production, Productions};
use crate::input::Input;
use crate::tables::{CodePointSet, SpecialScheme, Tables, BUILTIN};
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
    /// The grammar's code point sets and special schemes.
    tables: Tables,
    /// The set and scheme table rules the grammar lacks.
    missing_tables: Vec<&'static str>,
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
        let (tables, missing_tables) = tables(&rules)?;
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
            tables,
            missing_tables,
        })
    }

    /// The rules of the code point sets and the scheme table that this grammar lacks: the
    /// built-in grammar's stand in for them.
    pub fn missing_tables(&self) -> Vec<&'static str> {
        self.missing_tables.clone()
    }

    /// The productions the builder needs that this grammar lacks (inputs that reach them fail
    /// with a grammar error naming them). The `serialized_*` ones are not needed: only the
    /// built-in grammar's parser reads them.
    pub fn missing_productions(&self) -> Vec<Production> {
        let needed = |p: &Production| {
            *p != Production::Eoi && !crate::builder::serialized::BUILT_IN_ONLY.contains(p)
        };
        Production::ALL
            .iter()
            .copied()
            .filter(|p| needed(p) && !self.rules.contains_key(p.name()))
            .collect()
    }

    /// This grammar as a source of productions for the builder.
    pub(crate) fn source(&self) -> Source<'_> {
        Source { grammar: self }
    }

    /// Runs the setter named `name` with this grammar's setter rules (see
    /// [`Url::set_component`]); a value this grammar does not read, or reads into a tree the
    /// builder does not know, fails with [`SetterError::Grammar`] (an href, with the `url`
    /// rule's name).
    pub fn set_component(
        &self,
        url: &mut Url,
        name: &str,
        value: &str,
    ) -> Option<Result<(), SetterError>> {
        Some(match url.plan_setter(name, value, &self.tables)? {
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

    fn failed_at(&self, entry: Production, input: &str) -> Option<usize> {
        if !self.grammar.rules.contains_key(entry.name()) {
            return None;
        }
        let error = self.grammar.vm.parse(entry.name(), input).err()?;
        match error.location {
            pest::error::InputLocation::Pos(at) | pest::error::InputLocation::Span((at, _)) => {
                Some(at)
            }
        }
    }

    fn tables(&self) -> &Tables {
        &self.grammar.tables
    }

    fn rule_name(&self, rule: u16) -> String {
        self.grammar
            .names
            .get(usize::from(rule))
            .cloned()
            .unwrap_or_default()
    }
}

/// The tables `rules` state, the built-in grammar's where a rule is missing.
fn tables(
    rules: &[pest_meta::optimizer::OptimizedRule],
) -> Result<(Tables, Vec<&'static str>), String> {
    let read = sets::read(rules)?;
    let mut missing = Vec::new();
    let mut sets = BUILTIN.sets().clone();
    for ((set, name), ranges) in sets.iter_mut().zip(sets::SET_RULES).zip(read.sets) {
        match ranges {
            Some(ranges) => *set = CodePointSet::of_ranges(ranges),
            None => missing.push(name),
        }
    }
    let special_schemes = match read.special_schemes {
        Some(schemes) => schemes
            .into_iter()
            .map(|(name, default_port)| SpecialScheme {
                name: name.into(),
                default_port,
            })
            .collect(),
        None => {
            missing.push(sets::SPECIAL_SCHEME_RULE);
            BUILTIN.special_schemes().clone()
        }
    };
    Ok((Tables::new(sets, special_schemes), missing))
}
