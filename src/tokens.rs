//! The trees a source of productions returns, as one flat list of tokens in pre-order: each
//! token knows its rule, its span and where its subtree ends. The builder walks them through
//! [`Node`], whatever parser made them.

#[cfg(any(feature = "reference", test))]
use alloc::vec;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use core::cell::Cell;
use core::ops::Range;

#[cfg(any(feature = "reference", test))]
use pest::iterators::Pairs;
#[cfg(any(feature = "reference", test))]
use pest::RuleType;

use crate::grammar::Production;

/// A matched rule: its number in the source's rule list, the production it stands for, its span
/// in the string the rule ran on, and the index of the first token after its subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// The production the rule stands for; None for a rule the builder does not know.
    pub(crate) production: Option<Production>,
    /// The rule's number in its source (for naming it).
    pub(crate) rule: u16,
    /// Byte offset where the match starts.
    pub(crate) start: u32,
    /// Byte offset where the match ends.
    pub(crate) end: u32,
    /// Index of the first token after this token's subtree.
    pub(crate) next: u32,
}

/// A tree: the string a rule ran on and the tokens of its match, the root first.
#[derive(Debug)]
pub(crate) struct Matched<'i> {
    text: &'i str,
    /// Never empty.
    tokens: Vec<Token>,
}

impl<'i> Matched<'i> {
    /// The tokens of a match, if the entry rule made one.
    #[inline]
    pub(crate) fn new(text: &'i str, tokens: Vec<Token>) -> Option<Matched<'i>> {
        (!tokens.is_empty()).then_some(Matched { text, tokens })
    }

    /// The root node: the entry rule's.
    pub(crate) fn root(&self) -> Node<'_> {
        Node {
            text: self.text,
            tokens: &self.tokens,
            index: 0,
        }
    }
}

impl Matched<'_> {
    /// `each` on the nodes whose rule `wanted` accepts, in pre-order, up to the first error:
    /// the others are passed over without making a [`Node`] (a plain loop over the tokens).
    pub(crate) fn try_each_where<E>(
        &self,
        wanted: impl Fn(u16) -> bool,
        mut each: impl FnMut(Node<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        for (index, token) in self.tokens.iter().enumerate() {
            if wanted(token.rule) {
                each(Node {
                    text: self.text,
                    tokens: &self.tokens,
                    index,
                })?;
            }
        }
        Ok(())
    }

    /// Every node, in pre-order (the order of the tokens).
    #[cfg(test)]
    pub(crate) fn nodes(&self) -> impl Iterator<Item = Node<'_>> {
        (0..self.tokens.len()).map(move |index| Node {
            text: self.text,
            tokens: &self.tokens,
            index,
        })
    }
}

#[cfg(feature = "rfc3986")]
impl Matched<'_> {
    /// Every token's rule and span, in pre-order: for a tree of leaves only (a parser made with
    /// `Tokens::Leaves`), each node's, read without making a [`Node`].
    pub(crate) fn spans(&self) -> impl Iterator<Item = (u16, Range<usize>)> + '_ {
        self.tokens
            .iter()
            .map(|t| (t.rule, t.start as usize..t.end as usize))
    }
}

#[cfg(feature = "std")]
impl Drop for Matched<'_> {
    fn drop(&mut self) {
        // Keep the buffer for the next parse on this thread, unless a huge input made it huge.
        if self.tokens.capacity() <= SPARE_LIMIT {
            let mut tokens = core::mem::take(&mut self.tokens);
            tokens.clear();
            // During a thread-local destructor the spare slot may be gone: then the buffer is
            // simply freed.
            let _ = SPARE.try_with(|spare| spare.set(tokens));
        }
    }
}

/// The most tokens a kept buffer holds.
#[cfg(feature = "std")]
const SPARE_LIMIT: usize = 1024;

#[cfg(feature = "std")]
thread_local! {
    /// A token buffer to reuse, so that a parse does not allocate one.
    static SPARE: Cell<Vec<Token>> = const { Cell::new(Vec::new()) };
}

/// An empty token buffer: this thread's spare one, or a new one with room for a usual URL (also
/// when the thread's spare slot is already destroyed, as it is while thread-locals are dropped).
#[cfg(feature = "std")]
pub(crate) fn spare() -> Vec<Token> {
    let tokens = SPARE.try_with(Cell::take).unwrap_or_default();
    if tokens.capacity() == 0 {
        Vec::with_capacity(32)
    } else {
        tokens
    }
}

/// An empty token buffer with room for a usual URL: without "std" there are no thread-locals to
/// keep a spare one in, so each parse allocates its own.
#[cfg(not(feature = "std"))]
pub(crate) fn spare() -> Vec<Token> {
    Vec::with_capacity(32)
}

/// A node of a tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'t> {
    text: &'t str,
    tokens: &'t [Token],
    index: usize,
}

impl<'t> Node<'t> {
    /// The root of the tree of `tokens` (in pre-order, the root first) on `text`; None when
    /// there is no token.
    #[inline]
    pub(crate) fn root_of(text: &'t str, tokens: &'t [Token]) -> Option<Node<'t>> {
        (!tokens.is_empty()).then_some(Node {
            text,
            tokens,
            index: 0,
        })
    }

    #[inline]
    fn token(&self) -> &'t Token {
        &self.tokens[self.index]
    }

    /// The production the node's rule stands for.
    #[inline]
    pub(crate) fn production(&self) -> Option<Production> {
        self.token().production
    }

    /// The rule's number in its source.
    #[inline]
    pub(crate) fn rule(&self) -> u16 {
        self.token().rule
    }

    /// The span the rule matched.
    #[inline]
    pub(crate) fn span(&self) -> Range<usize> {
        let t = self.token();
        t.start as usize..t.end as usize
    }

    /// The text the rule matched.
    #[inline(always)]
    pub(crate) fn as_str(&self) -> &'t str {
        let t = self.token();
        &self.text[t.start as usize..t.end as usize]
    }

    /// The nodes directly inside, in order.
    #[inline]
    pub(crate) fn children(&self) -> Nodes<'t> {
        Nodes {
            text: self.text,
            tokens: self.tokens,
            at: self.index + 1,
            end: self.token().next as usize,
        }
    }
}

/// The children of a node.
#[derive(Clone, Debug)]
pub(crate) struct Nodes<'t> {
    text: &'t str,
    tokens: &'t [Token],
    at: usize,
    end: usize,
}

impl<'t> Iterator for Nodes<'t> {
    type Item = Node<'t>;

    #[inline]
    fn next(&mut self) -> Option<Node<'t>> {
        if self.at >= self.end {
            return None;
        }
        let node = Node {
            text: self.text,
            tokens: self.tokens,
            index: self.at,
        };
        self.at = self.tokens[self.at].next as usize;
        Some(node)
    }
}

/// Appends the tokens of pest pairs (a pest_derive or pest_vm result) in pre-order; `rule` gives
/// a rule's number and production. Iterative, so a deep tree cannot exhaust the stack. False
/// when the tree has more tokens than 32-bit indices reach (a grammar loaded at run time may make
/// many tokens a byte). pest_derive's parser of the URL grammar (feature `reference`, which `vm`
/// turns on), grammars loaded at run time and the tests use it.
#[cfg(any(feature = "reference", test))]
pub(crate) fn push_pairs<R: RuleType>(
    pairs: Pairs<'_, R>,
    rule: &dyn Fn(R) -> (u16, Option<Production>),
    out: &mut Vec<Token>,
) -> bool {
    let mut stack = vec![(pairs, usize::MAX)];
    while let Some((pairs, _)) = stack.last_mut() {
        match pairs.next() {
            Some(pair) => {
                let (number, production) = rule(pair.as_rule());
                let span = pair.as_span();
                out.push(Token {
                    production,
                    rule: number,
                    start: offset(span.start()),
                    end: offset(span.end()),
                    next: 0,
                });
                stack.push((pair.into_inner(), out.len() - 1));
                if out.len() > u32::MAX as usize {
                    return false;
                }
            }
            None => {
                let (_, index) = stack.pop().expect("a frame");
                if index != usize::MAX {
                    let Ok(next) = u32::try_from(out.len()) else {
                        return false;
                    };
                    out[index].next = next;
                }
            }
        }
    }
    true
}

/// Where a generated parser hands its tokens as its rules start and end: a list ([`Vec`]), or a
/// builder that keeps what it needs of them (the RFC 3986 builder keeps each component's span in
/// its place). Tokens come in pre-order; a failed alternative takes back the ones it pushed.
pub(crate) trait Out {
    /// How many tokens there are: where a failed alternative's [`Out::truncate`] goes back to.
    /// (A sink that keeps a bounded number of them stops counting when it overflows, and its
    /// tokens are not read then.)
    fn len(&self) -> usize;
    /// Adds a token, its end and `next` still unknown.
    fn push(&mut self, token: Token);
    /// Completes the token at `index`: its end, and the index of the first token after it.
    fn close(&mut self, index: usize, end: u32, next: u32);
    /// Takes back every token from `len` on.
    fn truncate(&mut self, len: usize);
    /// Whether the parser calls its scan of a run of bytes ([`crate::scan::leading`]) rather
    /// than inline it at each rule that skips one: so for the setters' short values, whose
    /// rules then take fewer lines of the instruction cache, while a parse keeps each scan in
    /// its rule.
    const SCANS_CALLED: bool = false;
}

/// A sink lent to a run: the parser holds the sink itself when it can (one load from it to the
/// tokens' length, not two), and a borrowed one where the caller keeps it.
impl<T: Out + ?Sized> Out for &mut T {
    const SCANS_CALLED: bool = T::SCANS_CALLED;

    #[inline(always)]
    fn len(&self) -> usize {
        (**self).len()
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        (**self).push(token);
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, next: u32) {
        (**self).close(index, end, next);
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        (**self).truncate(len);
    }
}

impl Out for Vec<Token> {
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        Vec::push(self, token);
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, next: u32) {
        if let Some(token) = self.get_mut(index) {
            token.end = end;
            token.next = next;
        }
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }
}

/// A sink that keeps the first `N` tokens of a run in place, for a rule whose tree is known to
/// be small (`serialized_url`'s: the root and its components): no buffer to take from the
/// thread and give back, no growth to check. It counts the tokens past `N` but keeps none of
/// them; [`Few::tokens`] then has nothing to read.
pub(crate) struct Few<const N: usize> {
    tokens: [Token; N],
    len: usize,
}

impl<const N: usize> Few<N> {
    /// An empty sink.
    #[inline(always)]
    pub(crate) fn new() -> Few<N> {
        let none = Token {
            production: None,
            rule: 0,
            start: 0,
            end: 0,
            next: 0,
        };
        Few {
            tokens: [none; N],
            len: 0,
        }
    }

    /// The tokens in pre-order, the root first; None when there were more than `N`.
    #[inline(always)]
    pub(crate) fn tokens(&self) -> Option<&[Token]> {
        self.tokens.get(..self.len)
    }
}

impl<const N: usize> Out for Few<N> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        if let Some(place) = self.tokens.get_mut(self.len) {
            *place = token;
        }
        self.len += 1;
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, next: u32) {
        if let Some(token) = self.tokens.get_mut(index) {
            token.end = end;
            token.next = next;
        }
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

/// A byte offset of an input no longer than [`crate::MAX_INPUT_LEN`], in 32 bits.
pub(crate) fn offset(at: usize) -> u32 {
    debug_assert!(at <= crate::MAX_INPUT_LEN);
    at as u32
}

/// Trees as listings, for the tests that hold the generated parsers to pest_derive's.
#[cfg(test)]
pub(crate) mod listing {
    use std::ops::Range;

    use pest::iterators::Pairs;
    use pest::RuleType;

    use super::{push_pairs, Matched};

    /// A tree as (rule name, span) in pre-order.
    pub(crate) type Listing = Vec<(String, Range<usize>)>;

    /// The listing of a generated parser's tree, its rules named by `name`.
    pub(crate) fn of_matched(tree: &Matched<'_>, name: &dyn Fn(u16) -> String) -> Listing {
        tree.nodes().map(|n| (name(n.rule()), n.span())).collect()
    }

    /// Where a pest_derive parser failed and the rules it expected there (by name, in its order).
    pub(crate) fn of_error<R: RuleType>(e: pest::error::Error<R>) -> (usize, Vec<String>) {
        let at = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let expected = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                positives.iter().map(|r| format!("{r:?}")).collect()
            }
            pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
        };
        (at, expected)
    }

    /// The listing of pest_derive's pairs; `all` is the grammar's `Rule::all_rules()` (a rule
    /// not in it is `EOI`).
    pub(crate) fn of_pairs<R: RuleType>(pairs: Pairs<'_, R>, all: &[R]) -> Listing {
        let mut tokens = Vec::new();
        let number = |rule: R| {
            let at = all.iter().position(|r| *r == rule).unwrap_or(all.len());
            (u16::try_from(at).unwrap_or(u16::MAX), None)
        };
        assert!(push_pairs(pairs, &number, &mut tokens));
        let name = |n: u16| {
            all.get(usize::from(n))
                .map_or_else(|| "EOI".to_owned(), |r| format!("{r:?}"))
        };
        tokens
            .iter()
            .map(|t| (name(t.rule), t.start as usize..t.end as usize))
            .collect()
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use alloc::format;

    /// With "std" a parse leaves its token buffer to the next parse on the thread, so that the
    /// next one does not allocate (README, "`no_std`"; without "std" each parse allocates one).
    #[test]
    fn a_parse_leaves_its_token_buffer_to_the_next() {
        // Enough tokens to grow the buffer past the 32 a new one has room for (an upper case
        // host, so that `url` reads it: a token for each single-dot segment and for each row of
        // segments between them).
        let input = format!("https://Example.org/{}", "a/./".repeat(40));
        crate::Url::parse(&input).unwrap();
        let tokens = super::spare();
        assert!(tokens.is_empty());
        assert!(tokens.capacity() > 32, "capacity {}", tokens.capacity());
    }
}
