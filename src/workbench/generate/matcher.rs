//! A small PEG interpreter over the generator's reading of a grammar: whether a rule matches a
//! whole string, and which rules (with their spans) and alternatives the match went through.
//! It follows pest's semantics (ordered choice, greedy repetition, look-aheads, implicit
//! `WHITESPACE`/`COMMENT` in non-atomic rules), within a budget of steps and of nesting, so a
//! grammar that backtracks exponentially or recurses deeply gives up instead of hanging.

use super::grammar::{Atomicity, Builtin, Expr, Grammar};

/// The most expressions one match may try.
const MAX_STEPS: u32 = 1_000_000;

/// The most expressions nested in one another (rule calls included) during a match: about
/// 0.9 MiB of stack in a debug build, within the 2 MiB a spawned thread has.
const MAX_FRAMES: u32 = 600;

/// What a successful match went through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A rule matched `start..end` (byte offsets).
    Rule { rule: u32, start: u32, end: u32 },
    /// An alternative (by its number in the grammar) was taken.
    Alternative(u32),
}

/// The match gave up: too many steps or too deep.
#[derive(Debug)]
pub(crate) struct Exhausted;

/// One match of a grammar on a text.
pub(crate) struct Matcher<'g, 't> {
    grammar: &'g Grammar,
    text: &'t str,
    steps: u32,
    frames: u32,
    /// The events of the match so far, undone on backtracking.
    pub(crate) trail: Vec<Event>,
}

impl<'g, 't> Matcher<'g, 't> {
    pub(crate) fn new(grammar: &'g Grammar, text: &'t str) -> Matcher<'g, 't> {
        Matcher {
            grammar,
            text,
            steps: 0,
            frames: 0,
            trail: Vec::new(),
        }
    }

    /// Whether `rule` matches the whole text; the trail then holds the match's events.
    pub(crate) fn whole(&mut self, rule: usize) -> bool {
        self.trail.clear();
        matches!(self.rule(rule, 0, false), Ok(Some(end)) if end == self.text.len())
    }

    /// Matches expression `expr` at `pos`; the end of the match, if any.
    pub(crate) fn expr(
        &mut self,
        expr: usize,
        pos: usize,
        atomic: bool,
    ) -> Result<Option<usize>, Exhausted> {
        self.steps += 1;
        self.frames += 1;
        if self.steps > MAX_STEPS || self.frames > MAX_FRAMES {
            return Err(Exhausted);
        }
        let result = self.expr_inner(expr, pos, atomic);
        self.frames -= 1;
        result
    }

    fn expr_inner(
        &mut self,
        expr: usize,
        pos: usize,
        atomic: bool,
    ) -> Result<Option<usize>, Exhausted> {
        let grammar = self.grammar;
        let Some(node) = grammar.exprs.get(expr) else {
            return Ok(None);
        };
        let rest = self.text.get(pos..).unwrap_or_default();
        let one = |ok: bool| {
            rest.chars()
                .next()
                .filter(|_| ok)
                .map(|c| pos + c.len_utf8())
        };
        Ok(match node {
            Expr::Literal(s) => rest.starts_with(s.as_str()).then(|| pos + s.len()),
            Expr::Insensitive(s) => rest
                .get(..s.len())
                .filter(|r| r.eq_ignore_ascii_case(s))
                .map(|_| pos + s.len()),
            Expr::Range(lo, hi) => {
                let c = rest.chars().next();
                one(c.is_some_and(|c| *lo <= c && c <= *hi))
            }
            Expr::Builtin(builtin) => match builtin {
                Builtin::Any => one(true),
                Builtin::Soi => (pos == 0).then_some(pos),
                Builtin::Eoi => (pos == self.text.len()).then_some(pos),
                Builtin::Class(set) => {
                    let c = rest.chars().next();
                    one(c.is_some_and(|c| in_class(set, c)))
                }
                Builtin::Newline => ["\n", "\r\n", "\r"]
                    .iter()
                    .find(|n| rest.starts_with(**n))
                    .map(|n| pos + n.len()),
                Builtin::Property(name) => {
                    let c = rest.chars().next();
                    let holds = pest::unicode::by_name(name);
                    one(c.zip(holds).is_some_and(|(c, holds)| holds(c)))
                }
            },
            Expr::Rule(rule) => self.rule(*rule, pos, atomic)?,
            Expr::Seq(parts) => {
                let mut at = pos;
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        at = self.skip(at, atomic)?;
                    }
                    match self.expr(*part, at, atomic)? {
                        Some(end) => at = end,
                        None => return Ok(None),
                    }
                }
                Some(at)
            }
            Expr::Choice {
                first,
                alternatives,
            } => {
                let mark = self.trail.len();
                for (i, alternative) in alternatives.iter().enumerate() {
                    let number = u32::try_from(first + i).unwrap_or(u32::MAX);
                    self.trail.push(Event::Alternative(number));
                    if let Some(end) = self.expr(*alternative, pos, atomic)? {
                        return Ok(Some(end));
                    }
                    self.trail.truncate(mark);
                }
                None
            }
            Expr::Repeat { expr, min, max } => {
                let mut at = pos;
                let mut count = 0u32;
                while max.is_none_or(|max| count < max) {
                    let mark = self.trail.len();
                    let start = if count > 0 {
                        self.skip(at, atomic)?
                    } else {
                        at
                    };
                    match self.expr(*expr, start, atomic)? {
                        // A repetition that consumes nothing would repeat forever.
                        Some(end) if end == at && count >= *min => {
                            self.trail.truncate(mark);
                            break;
                        }
                        Some(end) => {
                            at = end;
                            count += 1;
                        }
                        None => {
                            self.trail.truncate(mark);
                            break;
                        }
                    }
                }
                (count >= *min).then_some(at)
            }
            Expr::Lookahead { expr, negative } => {
                let mark = self.trail.len();
                let matched = self.expr(*expr, pos, atomic)?.is_some();
                self.trail.truncate(mark);
                (matched != *negative).then_some(pos)
            }
            Expr::Skip(strings) => {
                let found = rest
                    .char_indices()
                    .map(|(i, _)| i)
                    .find(|&i| strings.iter().any(|s| rest[i..].starts_with(s.as_str())));
                Some(pos + found.unwrap_or(rest.len()))
            }
        })
    }

    fn rule(&mut self, rule: usize, pos: usize, atomic: bool) -> Result<Option<usize>, Exhausted> {
        let Some(r) = self.grammar.rules.get(rule) else {
            return Ok(None);
        };
        let atomic = match r.atomicity {
            Atomicity::Atomic => true,
            Atomicity::NonAtomic => false,
            Atomicity::Inherit => atomic,
        };
        let mark = self.trail.len();
        let number = u32::try_from(rule).unwrap_or(u32::MAX);
        let start = u32::try_from(pos).unwrap_or(u32::MAX);
        self.trail.push(Event::Rule {
            rule: number,
            start,
            end: start,
        });
        let matched = self.expr(r.expr, pos, atomic)?;
        match (matched, self.trail.get_mut(mark)) {
            (Some(end), Some(Event::Rule { end: slot, .. })) => {
                *slot = u32::try_from(end).unwrap_or(u32::MAX);
            }
            _ => self.trail.truncate(mark),
        }
        Ok(matched)
    }

    /// pest's implicit whitespace between the parts of a non-atomic sequence or repetition:
    /// `WHITESPACE*` and `(COMMENT ~ WHITESPACE*)*`, each read atomically.
    fn skip(&mut self, pos: usize, atomic: bool) -> Result<usize, Exhausted> {
        if atomic {
            return Ok(pos);
        }
        let mut at = pos;
        loop {
            let before = at;
            for rule in [self.grammar.whitespace, self.grammar.comment]
                .into_iter()
                .flatten()
            {
                let mark = self.trail.len();
                while let Some(end) = self.rule(rule, at, true)? {
                    if end == at {
                        break;
                    }
                    at = end;
                }
                // Implicit whitespace is not part of what the match went through.
                self.trail.truncate(mark);
            }
            if at == before {
                return Ok(at);
            }
        }
    }
}

/// Whether `c` is in one of the inclusive ranges.
pub(crate) fn in_class(set: &[(char, char)], c: char) -> bool {
    set.iter().any(|(lo, hi)| *lo <= c && c <= *hi)
}
