//! The grammar: `grammar/url.pest` compiled by pest_derive (the reference; the parser build.rs
//! generates from the same file is what runs, see `src/generated.rs`), and the [`Production`] names
//! that let one builder walk trees from any source of productions (either compiled parser, or a
//! grammar loaded at run time for experiments).

use std::ops::Range;

use pest::Parser;

use crate::tokens::{push_pairs, Matched, Node, Token};

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
    UrlAgainstFileBase => url_against_file_base,
    UrlAgainstNonSpecialBase => url_against_non_special_base,
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
    Credentials => credentials,
    Username => username,
    Password => password,
    Host => host,
    Port => port,
    NonSpecialAuthority => non_special_authority,
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
    SetterHost => setter_host,
    SetterOpaqueHost => setter_opaque_host,
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
    /// The tree of a node, its rules named by `name`, spans mapped by `span`.
    pub(crate) fn of(
        node: Node<'_>,
        name: &dyn Fn(u16) -> String,
        span: &dyn Fn(Range<usize>) -> Range<usize>,
        depth: usize,
    ) -> Tree {
        let children = if depth >= MAX_TREE_DEPTH {
            Vec::new()
        } else {
            node.children()
                .map(|child| Tree::of(child, name, span, depth + 1))
                .collect()
        };
        Tree {
            rule: name(node.rule()),
            span: span(node.span()),
            text: node.as_str().to_owned(),
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

/// Which compiled parser of `grammar/url.pest` matches the productions. Both make the same trees
/// (the test suite checks it on every conformance input); they differ in speed.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The byte-level parser that build.rs generates from the grammar with pest_meta: what
    /// [`Url::parse`](crate::Url::parse) and every other entry point use.
    #[default]
    Generated,
    /// pest_derive's parser of the same grammar: the reference the generated one is held to.
    PestDerive,
}

impl Engine {
    /// Runs one production on `input` from its first byte (a match may stop before the end)
    /// and returns its tree, spans in `input`; None when it does not match.
    ///
    /// ```
    /// use pegurl::{Engine, Production};
    /// let tree = Engine::Generated.run(Production::Host, "example.org:80/").unwrap();
    /// assert_eq!((tree.rule.as_str(), tree.text.as_str()), ("host", "example.org"));
    /// assert_eq!(Engine::PestDerive.run(Production::Host, "example.org:80/"), Some(tree));
    /// ```
    pub fn run(self, production: Production, input: &str) -> Option<Tree> {
        fn tree<S: Productions>(source: &S, production: Production, input: &str) -> Option<Tree> {
            let matched = source.parse(production, input)?;
            let name = |rule| source.rule_name(rule);
            Some(Tree::of(matched.root(), &name, &|span| span, 0))
        }
        match self {
            Engine::Generated => tree(&crate::generated::Generated, production, input),
            Engine::PestDerive => tree(&Compiled, production, input),
        }
    }
}

/// A source of productions: something that can run an entry rule on a string and name the rules
/// of the tree it returns.
pub(crate) trait Productions {
    /// Runs `entry` on `input` from its first byte (a match may stop before the end), appending
    /// the tokens of its tree to `tokens` in pre-order; false when it does not match.
    fn parse_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool;

    /// The name of a rule of this source, by its number.
    fn rule_name(&self, rule: u16) -> String;

    /// Runs `entry` on `input` and returns its tree.
    fn parse<'i>(&self, entry: Production, input: &'i str) -> Option<Matched<'i>> {
        // Tree offsets are 32-bit.
        if input.len() > crate::MAX_INPUT_LEN {
            return None;
        }
        let mut tokens = crate::tokens::spare();

        if !self.parse_into(entry, input, &mut tokens) {
            return None;
        }
        Matched::new(input, tokens)
    }
}

/// The grammar compiled into the crate by pest_derive: the reference the generated parser is
/// checked against.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Compiled;

impl Productions for Compiled {
    fn parse_into(&self, entry: Production, input: &str, tokens: &mut Vec<Token>) -> bool {
        let Ok(pairs) = UrlGrammar::parse(entry.rule(), input) else {
            return false;
        };
        // A rule's number is its place in `Rule::all_rules()`, which names it; `EOI`, which that
        // list leaves out, comes after them.
        let rule = |rule: Rule| {
            let all = Rule::all_rules();
            let number = all.iter().position(|r| *r == rule).unwrap_or(all.len());
            let number = u16::try_from(number).unwrap_or(u16::MAX);
            (number, Production::from_rule(rule))
        };
        push_pairs(pairs, &rule, tokens)
    }

    fn rule_name(&self, rule: u16) -> String {
        let rule = Rule::all_rules()
            .get(usize::from(rule))
            .unwrap_or(&Rule::EOI);
        format!("{rule:?}")
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
