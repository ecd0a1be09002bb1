//! The grammar: `grammar/url.pest` compiled by pest_derive, and the [`Production`] names that let
//! one builder walk trees from any source of productions (pest_derive today; a grammar loaded at
//! run time for experiments).

use std::ops::Range;

use pest::iterators::Pairs;
use pest::{Parser, RuleType};

/// The parser pest_derive generates from `grammar/url.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/url.pest"]
pub(crate) struct UrlGrammar;

macro_rules! productions {
    ($($variant:ident => $rule:ident,)*) => {
        /// A production of `grammar/url.pest`, named as the grammar names it.
        ///
        /// The builder matches on these, never on a parser's own rule type, so a grammar loaded at
        /// run time drives the same builder as the compiled one.
        #[non_exhaustive]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Production {
            $(
                #[doc = concat!("The `", stringify!($rule), "` rule.")]
                $variant,
            )*
        }

        impl Production {
            /// Every production, in grammar order.
            pub const ALL: &'static [Production] = &[$(Production::$variant,)*];

            /// The rule's name in the grammar.
            pub fn name(self) -> &'static str {
                match self { $(Production::$variant => stringify!($rule),)* }
            }

            /// The production a grammar rule name stands for, if any.
            pub fn from_name(name: &str) -> Option<Production> {
                match name { $(stringify!($rule) => Some(Production::$variant),)* _ => None }
            }

            fn rule(self) -> Rule {
                match self { $(Production::$variant => Rule::$rule,)* }
            }

            fn from_rule(rule: Rule) -> Option<Production> {
                #[allow(unreachable_patterns)]
                match rule { $(Rule::$rule => Some(Production::$variant),)* _ => None }
            }
        }
    };
}

productions! {
    Url => url,
    Scheme => scheme,
    SpecialScheme => special_scheme,
    FileScheme => file_scheme,
    FileUrl => file_url,
    SpecialUrl => special_url,
    NonSpecialUrl => non_special_url,
    FileHierPart => file_hier_part,
    RelativeUrl => relative_url,
    NonSpecialRelativeUrl => non_special_relative_url,
    SameSchemeRelativeUrl => same_scheme_relative_url,
    SpecialSlashes => special_slashes,
    AuthoritySlashes => authority_slashes,
    FileSlashes => file_slashes,
    Authority => authority,
    AuthorityAt => authority_at,
    Credentials => credentials,
    Username => username,
    Password => password,
    Host => host,
    Port => port,
    NonSpecialAuthority => non_special_authority,
    NonSpecialAuthorityAt => non_special_authority_at,
    NonSpecialCredentials => non_special_credentials,
    NonSpecialUsername => non_special_username,
    NonSpecialPassword => non_special_password,
    OpaqueHost => opaque_host,
    NonSpecialPort => non_special_port,
    FileHost => file_host,
    SpecialPath => special_path,
    SpecialPathAbsolute => special_path_absolute,
    SpecialPathRelative => special_path_relative,
    SpecialPathSegment => special_path_segment,
    SpecialFirstSegment => special_first_segment,
    Path => path,
    PathAbsolute => path_absolute,
    PathRelative => path_relative,
    PathSegment => path_segment,
    FirstSegment => first_segment,
    OpaquePath => opaque_path,
    Query => query,
    Fragment => fragment,
    Ipv4 => ipv4,
    Ipv4Hex => ipv4_hex,
    Ipv4Octal => ipv4_octal,
    Ipv4Decimal => ipv4_decimal,
    Ipv4NonNumeric => ipv4_non_numeric,
    SetProtocol => set_protocol,
    SetHost => set_host,
    SetOpaqueHost => set_opaque_host,
    SetFileHost => set_file_host,
    SetPort => set_port,
    SetterPort => setter_port,
    SetSpecialPathname => set_special_pathname,
    PathStartSlash => path_start_slash,
    SpecialSetterFirstSegment => special_setter_first_segment,
    SpecialSetterSegment => special_setter_segment,
    SetPathname => set_pathname,
    SetterFirstSegment => setter_first_segment,
    SetterSegment => setter_segment,
    SetSearch => set_search,
    SetterQuery => setter_query,
    SetHash => set_hash,
    Eoi => EOI,
}

/// A node of a tree the grammar matched: the rule's name, the span it took, and its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// The rule's name in the grammar.
    pub rule: String,
    /// Byte offsets in the original input (before preprocessing).
    pub span: Range<usize>,
    /// The text the rule matched (of the preprocessed input).
    pub text: String,
    /// The nodes inside, in order.
    pub children: Vec<Tree>,
}

/// How deep a tree is recorded; a grammar loaded at run time may nest without bound.
pub const MAX_TREE_DEPTH: usize = 256;

impl Tree {
    /// The tree of a pair, its rules named by `name`, spans mapped by `span`.
    pub(crate) fn of<R: RuleType>(
        pair: &pest::iterators::Pair<'_, R>,
        name: &dyn Fn(R) -> String,
        span: &dyn Fn(Range<usize>) -> Range<usize>,
        depth: usize,
    ) -> Tree {
        let s = pair.as_span();
        let children = if depth >= MAX_TREE_DEPTH {
            Vec::new()
        } else {
            pair.clone()
                .into_inner()
                .map(|child| Tree::of(&child, name, span, depth + 1))
                .collect()
        };
        Tree {
            rule: name(pair.as_rule()),
            span: span(s.start()..s.end()),
            text: pair.as_str().to_owned(),
            children,
        }
    }

    /// An indented listing: one node a line, rule name, span and matched text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut stack = vec![(self, 0usize)];
        while let Some((node, depth)) = stack.pop() {
            out.push_str(&format!(
                "{:indent$}{} {}..{} {:?}\n",
                "",
                node.rule,
                node.span.start,
                node.span.end,
                node.text,
                indent = depth * 2
            ));
            stack.extend(node.children.iter().rev().map(|c| (c, depth + 1)));
        }
        out
    }
}

/// A source of productions: something that can run an entry rule on an input and name the rules
/// of the tree it returns.
pub(crate) trait Productions<'i> {
    /// The parser's own rule type.
    type Rule: RuleType;

    /// Runs `entry` on `input` from its first byte (a match may stop before the end).
    fn parse(&self, entry: Production, input: &'i str) -> Option<Pairs<'i, Self::Rule>>;

    /// The production a rule of this parser stands for.
    fn production(&self, rule: Self::Rule) -> Option<Production>;

    /// Runs `entry` on a string the builder derived (not the input), and returns the productions
    /// and spans of the entry node's children.
    fn children_of(
        &self,
        entry: Production,
        input: &str,
    ) -> Option<Vec<(Production, Range<usize>)>>;

    /// The name of a rule of this parser.
    fn rule_name(&self, rule: Self::Rule) -> String;
}

/// The grammar compiled into the crate by pest_derive.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Compiled;

impl<'i> Productions<'i> for Compiled {
    type Rule = Rule;

    fn parse(&self, entry: Production, input: &'i str) -> Option<Pairs<'i, Rule>> {
        UrlGrammar::parse(entry.rule(), input).ok()
    }

    fn production(&self, rule: Rule) -> Option<Production> {
        Production::from_rule(rule)
    }

    fn rule_name(&self, rule: Rule) -> String {
        format!("{rule:?}")
    }

    fn children_of(
        &self,
        entry: Production,
        input: &str,
    ) -> Option<Vec<(Production, Range<usize>)>> {
        let node = UrlGrammar::parse(entry.rule(), input).ok()?.next()?;
        node.into_inner()
            .map(|child| {
                let span = child.as_span();
                Some((
                    Production::from_rule(child.as_rule())?,
                    span.start()..span.end(),
                ))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_production_names_a_rule_of_the_grammar() {
        for &p in Production::ALL {
            assert_eq!(Production::from_name(p.name()), Some(p));
            assert_eq!(Production::from_rule(p.rule()), Some(p));
        }
    }
}
