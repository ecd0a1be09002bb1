//! A writing grammar loaded at run time (feature `vm`): an edited `grammar/valid.pest`, run by
//! pest_vm and followed by the same checks that are not context-free as the built-in one
//! ([`crate::validate_url_string`]), so an editor can try a change of the spec's writing
//! section.

use std::collections::HashSet;

use pest_vm::Vm;

use crate::api::Url;
use crate::generated::valid_rules as v;
use crate::runtime::compile;
use crate::tokens::{push_pairs, Matched};
use crate::valid::{check, is_checked, relative_entry, Invalid};

/// The built-in writing grammar's source, `grammar/valid.pest`.
pub const BUILTIN_WRITING_GRAMMAR: &str = include_str!("../grammar/valid.pest");

/// The entry rules a writing grammar needs: the absolute reading, then one relative reading per
/// kind of base.
const ENTRIES: [&str; 5] = [
    "absolute_url_with_fragment_string",
    "relative_url_with_fragment_string_special",
    "relative_url_with_fragment_string_file",
    "relative_url_with_fragment_string_other",
    "relative_url_with_fragment_string_opaque",
];

/// A writing grammar loaded at run time.
///
/// ```
/// use pegurl::workbench::{RuntimeWritingGrammar, BUILTIN_WRITING_GRAMMAR};
/// let grammar = RuntimeWritingGrammar::load(BUILTIN_WRITING_GRAMMAR).unwrap();
/// assert!(grammar.validate("https://example.org/a?b#c", None).is_ok());
/// let invalid = grammar.validate("https://exa mple.org/", None).unwrap_err();
/// assert_eq!(invalid.production, "valid_domain_string");
/// ```
pub struct RuntimeWritingGrammar {
    vm: Vm,
    rules: HashSet<String>,
}

impl std::fmt::Debug for RuntimeWritingGrammar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RuntimeWritingGrammar({} rules)", self.rules.len())
    }
}

impl RuntimeWritingGrammar {
    /// Compiles a `.pest` writing grammar; the error lists pest_meta's messages, or the entry
    /// rules it lacks.
    pub fn load(source: &str) -> Result<RuntimeWritingGrammar, String> {
        let rules = compile(source)?;
        let names: HashSet<String> = rules.iter().map(|r| r.name.clone()).collect();
        let missing: Vec<&str> = ENTRIES
            .iter()
            .copied()
            .filter(|e| !names.contains(*e))
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "the grammar lacks the entry rules {}",
                missing.join(", ")
            ));
        }
        Ok(RuntimeWritingGrammar {
            vm: Vm::new(rules),
            rules: names,
        })
    }

    /// Whether `input` is a valid URL string against `base` by this grammar, as
    /// [`crate::validate_url_string`] decides it with the built-in one: the absolute reading,
    /// then the relative reading for the base's kind; the reading that got further explains a
    /// failure.
    pub fn validate(&self, input: &str, base: Option<&Url>) -> Result<(), Invalid> {
        let Err(absolute) = self.run(ENTRIES[0], input) else {
            return Ok(());
        };
        let Some(base) = base else {
            return Err(absolute);
        };
        let number = relative_entry(base);
        let entry = v::RULE_NAMES
            .get(usize::from(number))
            .copied()
            .unwrap_or("");
        let Err(relative) = self.run(entry, input) else {
            return Ok(());
        };
        Err(if relative.span.start > absolute.span.start {
            relative
        } else {
            absolute
        })
    }

    /// Runs one entry rule, then the checks on its tree.
    fn run(&self, entry: &str, input: &str) -> Result<(), Invalid> {
        // pest_vm panics on an undefined rule.
        if !self.rules.contains(entry) {
            return Err(Invalid {
                production: entry.to_owned(),
                span: 0..0,
                reason: "the grammar has no such rule".to_owned(),
            });
        }
        let pairs = self.vm.parse(entry, input).map_err(|e| {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
            };
            let (production, reason) = match &e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. } => {
                    match positives.first() {
                        Some(first) => (
                            (*first).to_owned(),
                            format!("expected {}", positives.join(" or ")),
                        ),
                        None => (entry.to_owned(), "does not match".to_owned()),
                    }
                }
                _ => (entry.to_owned(), "does not match".to_owned()),
            };
            Invalid::at(production, input, at, reason)
        })?;
        // Number each rule as the built-in writing grammar does, so the checks recognise it.
        let number = |name: &str| {
            let index = v::RULE_NAMES.iter().position(|n| *n == name);
            (
                index
                    .and_then(|i| u16::try_from(i).ok())
                    .unwrap_or(u16::MAX),
                None,
            )
        };
        let mut tokens = Vec::new();
        if !push_pairs(pairs, &number, &mut tokens) {
            return Err(Invalid {
                production: entry.to_owned(),
                span: 0..input.len(),
                reason: "the tree is too large".to_owned(),
            });
        }
        let Some(tree) = Matched::new(input, tokens) else {
            return Ok(());
        };
        tree.try_each_where(is_checked, check)
    }
}
