//! Paths as one scan: a repetition of path segments, in a parser that makes no token there (an
//! outline's path), is one scan up to the byte that ends the path, when the grammar's segment
//! rule says that is what it matches.

use pest_meta::optimizer::OptimizedExpr;

use super::generator::Generator;

/// How deep a silent rule may name another before the look gives up.
const DEPTH: usize = 16;

impl Generator<'_> {
    /// For the body `e` of a repetition that makes no token here, in a parser that does not
    /// explain: when `e` (or the rule `e` names) is one byte of a class `first` and then every
    /// byte up to one of a class `stop` that holds `first` (a path segment: "/" and what
    /// follows up to "/", "?" or "#"), the repetition is one scan: a byte of `first`, then every
    /// byte up to one of `stop` but not of `first` (a segment ends where the next may start).
    /// The segment may also be a choice whose last alternative is that one segment and whose
    /// others match whole segments of the same kind only ([`Generator::whole_segments`], as a
    /// row of segments that the path state appends as they are): the repetition still ends
    /// where the scan does. Returns `first` and those stops.
    pub(super) fn segments(&self, e: &OptimizedExpr) -> Option<([bool; 256], [bool; 256])> {
        if self.explains || !self.context.makes_no_tokens(self.tokens) {
            return None;
        }
        let body = match e {
            OptimizedExpr::Ident(name) => &self.rules.get(name.as_str())?.expr,
            other => other,
        };
        let mut alternatives = Vec::new();
        let mut rest = body;
        while let OptimizedExpr::Choice(a, b) = rest {
            alternatives.push(a.as_ref());
            rest = b;
        }
        let OptimizedExpr::Seq(opening, content) = rest else {
            return None;
        };
        let first = self.class_of(opening)?;
        let stop = self.content(content, 0)?;
        if (0..256).any(|b| first[b] && !stop[b]) {
            return None;
        }
        if !alternatives
            .iter()
            .all(|a| self.whole_segments(a, &first, &stop, 0))
        {
            return None;
        }
        let mut stops = stop;
        for b in 0..256 {
            stops[b] = stop[b] && !first[b];
        }
        Some((first, stops))
    }

    /// Whether `expr` (or the silent rule it names) matches whole segments only, one or more:
    /// each a byte of `first`, then look-aheads (which take nothing), then every byte up to one
    /// of `stop` (the segment rule's own content), or a repetition of such segments. What it takes then ends where a
    /// segment may start or the path ends, and never holds a byte that ends the path.
    fn whole_segments(
        &self,
        expr: &OptimizedExpr,
        first: &[bool; 256],
        stop: &[bool; 256],
        depth: usize,
    ) -> bool {
        if let OptimizedExpr::Ident(name) = expr {
            let rule = self.rules.get(name.as_str());
            return depth < DEPTH
                && rule.is_some_and(|rule| {
                    rule.ty == pest_meta::ast::RuleType::Silent
                        && self.whole_segments(&rule.expr, first, stop, depth + 1)
                });
        }
        let mut operands = Vec::new();
        let mut rest = expr;
        while let OptimizedExpr::Seq(a, b) = rest {
            operands.push(a.as_ref());
            rest = b;
        }
        operands.push(rest);
        // Each segment: its opening, its look-aheads, its content.
        let mut segments = 0;
        let mut i = 0;
        while i < operands.len() {
            if let OptimizedExpr::Rep(inner) = operands[i] {
                if !self.whole_segments(inner, first, stop, depth) {
                    return false;
                }
                i += 1;
                continue;
            }
            let within = self
                .class_of(operands[i])
                .is_some_and(|class| (0..256).all(|b| !class[b] || first[b]));
            if !within {
                return false;
            }
            i += 1;
            while matches!(
                operands.get(i),
                Some(OptimizedExpr::NegPred(_) | OptimizedExpr::PosPred(_))
            ) {
                i += 1;
            }
            let content = operands.get(i).and_then(|c| self.content(c, depth));
            if content.as_ref() != Some(stop) {
                return false;
            }
            i += 1;
            segments += 1;
        }
        segments > 0
    }

    /// The class `expr` skips up to ([`Generator::skipped_until`]), through silent rules.
    fn content(&self, expr: &OptimizedExpr, depth: usize) -> Option<[bool; 256]> {
        match expr {
            OptimizedExpr::Ident(name) if depth < DEPTH => {
                let rule = self.rules.get(name.as_str())?;
                if rule.ty != pest_meta::ast::RuleType::Silent {
                    return None;
                }
                self.content(&rule.expr, depth + 1)
            }
            other => self.skipped_until(other),
        }
    }
}
