//! The children of an outlined node, found one at a time: an outline run leaves the path
//! productions empty (their own token, none inside it), and a builder that does read the path
//! then steps through its segments, running each segment's rule where the last one ended. Only
//! one child's token is held at a time, so a path of two million segment leaves (a row of
//! segments the path state appends as they are is one leaf; a dot segment is a leaf of its
//! own), which the whole tree keeps as two million tokens (32 MiB), costs one token.
//!
//! The grammar still decides every boundary: each child is what its rule matches at that
//! position, and a rule at a position matches the same way whoever calls it (a PEG rule's match
//! depends on the text and the position only), so the steps find exactly the children the whole
//! tree has (`steps_tests` checks it on every WPT input and URL list line). The generator
//! refuses what would make a match depend on more than that (the stack's `PUSH` and `POP`,
//! implicit whitespace). Which rules follow which, and how many times, is generated from the
//! outlined rules' bodies (`OUTLINE_CHILDREN`).

use core::ops::Range;

use super::{url_rules, Parser};
use crate::grammar::Production;
use crate::tokens::{Out, Token};

/// A child's rule, run where the parser is.
pub(crate) type Step = for<'p, 'i, 'o> fn(&'p mut Parser<'i, 'o, Root>) -> bool;

/// The children of an outlined rule's body, in order: each child's production, how many times
/// it matches, and its rule.
pub(crate) type Children = [(Production, Times, Step)];

/// How many times a child of an outlined rule's body is matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Times {
    /// Exactly once: `child`.
    One,
    /// As long as it matches: `child*`.
    Any,
}

/// The children of an outlined node, each as its production and span, in order.
#[derive(Debug)]
pub(crate) struct Steps<'s> {
    /// The text the tree was made of, whose rules the steps run again.
    input: &'s str,
    /// The body's children, each with how many times it may match and its rule.
    items: &'static Children,
    /// The item being matched.
    item: usize,
    /// Where the next child starts.
    at: usize,
    /// Whether an item that must match did not (the steps then end short of the node).
    failed: bool,
}

impl<'s> Steps<'s> {
    /// The steps through the children of a node of `production` that starts at `at` in
    /// `input`; None when an outline does not leave `production` empty.
    pub(crate) fn new(production: Production, input: &'s str, at: usize) -> Option<Steps<'s>> {
        let (_, items) = url_rules::OUTLINE_CHILDREN
            .iter()
            .find(|(outlined, _)| *outlined == production)?;
        #[cfg(all(test, feature = "std"))]
        STEPS_MADE.with(|made| made.set(made.get() + 1));
        Some(Steps {
            input,
            items,
            item: 0,
            at,
            failed: false,
        })
    }

    /// Where the children found so far end, when every item matched as its body says: the
    /// node's end once the steps are done. None after a step that failed.
    pub(crate) fn end(&self) -> Option<usize> {
        (!self.failed).then_some(self.at)
    }

    /// Runs `rule` where the last child ended: the production and span of the child it matches.
    #[inline]
    fn step(&mut self, rule: Step) -> Option<(Production, Range<usize>)> {
        let mut parser = Parser {
            bytes: self.input.as_bytes(),
            text: self.input,
            pos: self.at,
            out: Root::default(),
            attempts: None,
        };
        if !rule(&mut parser) {
            return None;
        }
        let root = parser.out;
        let token = root.token.filter(|_| root.len > 0)?;
        let span = token.start as usize..token.end as usize;
        self.at = span.end;
        Some((token.production?, span))
    }
}

impl Iterator for Steps<'_> {
    type Item = (Production, Range<usize>);

    fn next(&mut self) -> Option<Self::Item> {
        while let Some(&(_, times, rule)) = self.items.get(self.item) {
            if self.failed {
                return None;
            }
            let start = self.at;
            let found = self.step(rule);
            match (times, found) {
                (Times::Any, Some(found)) if found.1.end > start => return Some(found),
                // A repetition ends where its rule fails, or after a match that took nothing:
                // the generated loop keeps that match and stops (pest_meta refuses most
                // grammars where a repeated rule can match nothing).
                (Times::Any, None) => self.item += 1,
                (_, Some(found)) => {
                    self.item += 1;
                    return Some(found);
                }
                (Times::One, None) => self.failed = true,
            }
        }
        None
    }
}

#[cfg(all(test, feature = "std"))]
thread_local! {
    /// How many [`Steps`] this thread made: for the tests that check which parses step.
    pub(crate) static STEPS_MADE: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// Where a step's parser hands its tokens: it keeps the first, the child's own, and counts the
/// rest (a segment's rule makes none inside it; another child's would be read by nobody).
#[derive(Default)]
pub(crate) struct Root {
    /// The child's token, once pushed.
    token: Option<Token>,
    /// How many tokens there are.
    len: usize,
}

impl Out for Root {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        if self.len == 0 {
            self.token = Some(token);
        }
        self.len += 1;
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, next: u32) {
        if let (0, Some(token)) = (index, self.token.as_mut()) {
            token.end = end;
            token.next = next;
        }
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}
