//! Where a run of a generated parser failed farthest and which rules it tried there, recorded
//! the way pest records them (`ParserState::rule` and `ParserState::track` in pest 2.9), so that
//! an explanation made from the generated parser reads word for word as one made from
//! pest_derive's error. The writing grammar's and RFC 3986's parsers record attempts only when
//! asked to explain a failure; the URL grammar's parser never does.

use alloc::vec::Vec;

/// The attempts of one run.
#[derive(Debug, Default)]
pub(crate) struct Attempts {
    /// The farthest position a recorded rule started at.
    pos: usize,
    /// The rules recorded there outside negative lookaheads (pest's "positives").
    positives: Vec<u16>,
    /// The rules recorded there inside negative lookaheads (pest's "negatives").
    negatives: Vec<u16>,
    /// Whether the run is inside an odd number of negative lookaheads.
    pub(super) negative: bool,
}

/// What the attempts were when a rule started.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Attempt {
    /// Where the rule started.
    pos: usize,
    /// How many positives and negatives there were, if the rule starts at the farthest
    /// position (else none).
    positives: usize,
    negatives: usize,
    /// How many attempts there were at the rule's start.
    before: usize,
}

impl Attempts {
    /// The attempts when a rule starts at `pos`.
    pub(super) fn start(&self, pos: usize) -> Attempt {
        let here = pos == self.pos;
        Attempt {
            pos,
            positives: if here { self.positives.len() } else { 0 },
            negatives: if here { self.negatives.len() } else { 0 },
            before: self.at(pos),
        }
    }

    /// The number of attempts recorded at `pos`.
    fn at(&self, pos: usize) -> usize {
        if pos == self.pos {
            self.positives.len() + self.negatives.len()
        } else {
            0
        }
    }

    /// Records that `rule`, started at `attempt`, ended (`ok` when it matched). Where pest
    /// records nothing (a rule that ends inside an `@` rule) the parser does not call this.
    pub(super) fn end(&mut self, rule: u16, attempt: Attempt, ok: bool) {
        // pest records a failure outside a negative lookahead, and a match inside one.
        if ok != self.negative {
            return;
        }
        // "If nested rules made no progress, there is no use to report them; it's only useful
        // to track the current rule, the exception being when only one attempt has been made
        // during the children rules."
        let now = self.at(attempt.pos);
        if now > attempt.before && now - attempt.before == 1 {
            return;
        }
        if attempt.pos == self.pos {
            self.positives.truncate(attempt.positives);
            self.negatives.truncate(attempt.negatives);
        }
        if attempt.pos > self.pos {
            self.positives.clear();
            self.negatives.clear();
            self.pos = attempt.pos;
        }
        if attempt.pos == self.pos {
            if self.negative {
                self.negatives.push(rule);
            } else {
                self.positives.push(rule);
            }
        }
    }

    /// The farthest position and the rules expected there, in pest's order (its `Rule` enum's:
    /// `EOI`, rule number `eoi`, first, then the grammar's order), each once.
    pub(crate) fn expected(mut self, eoi: u16) -> (usize, Vec<u16>) {
        self.positives.sort_by_key(|&rule| (rule != eoi, rule));
        self.positives.dedup();
        (self.pos, self.positives)
    }
}
