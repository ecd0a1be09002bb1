//! The table of the rules whose tokens a check of the tree reads (`KEPT`): a run that keeps
//! only those makes a smaller tree for the same check (the writing grammar's validity).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::generator::Generator;

impl Generator<'_> {
    /// `KEPT`, by rule number: whether a run for `checked` keeps the rule's token. A check that
    /// reads the nodes of rules `checked` and everything inside them needs those rules, every
    /// rule they call (directly or not), and every rule that calls one of these: a token it
    /// drops is then never around a token it keeps, so that the tree of the tokens it keeps has
    /// the nesting of the whole one. An error for a name that is no rule.
    pub(super) fn kept_table(&self, checked: &[&str]) -> Result<String, String> {
        if let Some(name) = checked.iter().find(|n| !self.rules.contains_key(*n)) {
            return Err(format!("the checked rule {name} is not in the grammar"));
        }
        let mut inside: BTreeSet<String> = checked.iter().map(|n| (*n).to_owned()).collect();
        for name in checked {
            // One walk over everything `name` calls, each rule among them collected (not the
            // built-in ones: every rule that calls `ANY` is not around a checked one).
            self.first_call(name, |callee| {
                if self.rules.contains_key(callee) {
                    inside.insert(callee.to_owned());
                }
                false
            });
        }
        let mut out = format!(
            "/// Whether a run for the checks of rules {checked:?} keeps the token of each rule, by\n\
             /// rule number: those rules, the rules inside them and the rules around them.\n\
             pub(crate) const KEPT: [bool; {}] = [\n",
            self.named.len()
        );
        for name in &self.named {
            let kept = inside.contains(name) || self.calls_any(name, &inside);
            writeln!(out, "    {kept}, // {name}").unwrap();
        }
        out.push_str("];\n");
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{kept, Grammar};

    /// The rules kept by name, from the table's comments.
    fn kept_names(source: &str, checked: &[&str]) -> Vec<String> {
        let grammar = Grammar::read(source).unwrap();
        let table = kept(&grammar, checked).unwrap();
        table
            .lines()
            .filter_map(|line| line.trim().strip_prefix("true, // "))
            .map(str::to_owned)
            .collect()
    }

    /// A checked rule keeps what it calls, directly or not, and what calls it; not a rule that
    /// only shares a callee with it, nor one beside it.
    #[test]
    fn a_check_keeps_its_rules_those_inside_and_those_around() {
        let source = "a = { b ~ c }\nb = { d ~ c }\nc = { \"x\" }\nd = { f }\nf = { \"y\" ~ ANY }\ne = { c ~ f }\ng = { ANY }\n";
        assert_eq!(kept_names(source, &["d"]), ["a", "b", "d", "f", "e"]);
        assert_eq!(kept_names(source, &["c"]), ["a", "b", "c", "e"]);
        assert_eq!(kept_names(source, &["f"]), ["a", "b", "d", "f", "e"]);
        let grammar = Grammar::read(source).unwrap();
        assert!(kept(&grammar, &["nope"]).unwrap_err().contains("nope"));
    }
}
