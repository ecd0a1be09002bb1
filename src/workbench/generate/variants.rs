//! Near misses (one code point changed, inserted or dropped) and exhaustive enumeration up to a
//! small depth.

use std::collections::HashMap;
use std::rc::Rc;

use super::grammar::{Builtin, Expr, Grammar};
use super::random::{Rng, BOUNDARY, MAX_OUTPUT};

/// `text` with one code point changed, inserted or dropped; the new code point is one of
/// `mentioned` (the code points a grammar mentions), printable ASCII, or a boundary case.
pub(crate) fn near_miss(text: &str, mentioned: &[char], rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let draw = |rng: &mut Rng| match rng.below(10) {
        0..=3 if !mentioned.is_empty() => rng.pick(mentioned).unwrap_or(' '),
        0..=6 => char::from(b' ' + u8::try_from(rng.below(95)).unwrap_or(0)),
        _ => rng.pick(BOUNDARY).unwrap_or(' '),
    };
    let at = rng.below(chars.len() + 1);
    match rng.below(3) {
        0 if at < chars.len() => {
            let c = draw(rng);
            if let Some(slot) = chars.get_mut(at) {
                *slot = c;
            }
        }
        1 if at < chars.len() => {
            chars.remove(at);
        }
        _ => {
            let c = draw(rng);
            chars.insert(at, c);
        }
    }
    chars.into_iter().collect()
}

/// The lists' strings taken in turn (the first of each, then the second of each, ...), so that
/// a cut keeps some of every list.
fn interleave(lists: &[Rc<Vec<String>>]) -> Vec<String> {
    let longest = lists.iter().map(|l| l.len()).max().unwrap_or(0);
    (0..longest)
        .flat_map(|i| lists.iter().filter_map(move |l| l.get(i).cloned()))
        .collect()
}

/// Representatives of one code point set: its ends.
fn ends(lo: char, hi: char) -> Vec<String> {
    let mut out = vec![lo.to_string()];
    if hi != lo {
        out.push(hi.to_string());
    }
    out
}

/// Every string an expression derives within `depth` rule expansions, with repetitions taken
/// 0, 1 or 2 times beyond their minimum and code point sets represented by their ends; at most
/// `limit` strings per expression (the first ones met).
pub(crate) struct Enumerator<'g> {
    pub(crate) grammar: &'g Grammar,
    pub(crate) limit: usize,
    memo: HashMap<(usize, u32), Rc<Vec<String>>>,
    /// How deeply the current expression is nested.
    nesting: u32,
    /// Whether some list was cut at the limit.
    pub(crate) truncated: bool,
}

impl<'g> Enumerator<'g> {
    pub(crate) fn new(grammar: &'g Grammar, limit: usize) -> Enumerator<'g> {
        Enumerator {
            grammar,
            limit,
            memo: HashMap::new(),
            nesting: 0,
            truncated: false,
        }
    }

    pub(crate) fn strings(&mut self, expr: usize, depth: u32) -> Rc<Vec<String>> {
        /// The most expressions nested in one another (as in the random derivations).
        const MAX_NESTING: u32 = 400;
        if let Some(known) = self.memo.get(&(expr, depth)) {
            return Rc::clone(known);
        }
        if self.nesting >= MAX_NESTING {
            self.truncated = true;
            return Rc::new(Vec::new());
        }
        self.nesting += 1;
        let list = self.strings_nested(expr, depth);
        self.nesting -= 1;
        list
    }

    fn strings_nested(&mut self, expr: usize, depth: u32) -> Rc<Vec<String>> {
        let grammar = self.grammar;
        let list = match grammar.exprs.get(expr) {
            None => Vec::new(),
            Some(Expr::Literal(s)) => vec![s.clone()],
            Some(Expr::Insensitive(s)) => {
                let mut out = vec![s.to_ascii_lowercase(), s.to_ascii_uppercase()];
                out.dedup();
                out
            }
            Some(Expr::Range(lo, hi)) if lo <= hi => ends(*lo, *hi),
            Some(Expr::Range(..)) => Vec::new(),
            Some(Expr::Builtin(builtin)) => match builtin {
                Builtin::Any => ["a", "0", "/", "%", " ", "é"].map(str::to_owned).to_vec(),
                Builtin::Soi | Builtin::Eoi => vec![String::new()],
                Builtin::Class(set) => match (set.first(), set.last()) {
                    (Some((lo, _)), Some((_, hi))) => ends(*lo, *hi),
                    _ => Vec::new(),
                },
                Builtin::Newline => vec!["\n".to_owned()],
                Builtin::Property(name) => pest::unicode::by_name(name)
                    .and_then(|holds| {
                        ('\0'..='\u{3000}')
                            .chain(BOUNDARY.iter().copied())
                            .find(|c| holds(*c))
                    })
                    .map(|c| vec![c.to_string()])
                    .unwrap_or_default(),
            },
            Some(Expr::Rule(rule)) => match (depth, grammar.rules.get(*rule)) {
                (1.., Some(r)) => self.strings(r.expr, depth - 1).to_vec(),
                _ => Vec::new(),
            },
            Some(Expr::Seq(parts)) => {
                let mut acc = vec![String::new()];
                for part in parts {
                    let next = self.strings(*part, depth);
                    acc = self.product(&acc, &next);
                }
                acc
            }
            Some(Expr::Choice { alternatives, .. }) => {
                let lists: Vec<Rc<Vec<String>>> = alternatives
                    .iter()
                    .map(|a| self.strings(*a, depth))
                    .collect();
                let out = interleave(&lists);
                self.cut(out)
            }
            // Too many copies to enumerate: left out, and said so.
            Some(Expr::Repeat { min, .. }) if *min > 64 => {
                self.truncated = true;
                Vec::new()
            }
            Some(Expr::Repeat {
                expr: inner,
                min,
                max,
            }) => {
                let once = self.strings(*inner, depth);
                let mut counts = Vec::new();
                let top = max.map_or(min.saturating_add(2), |m| m.min(min.saturating_add(2)));
                let mut acc = vec![String::new()];
                for n in 0..=top {
                    if n >= *min {
                        counts.push(Rc::new(acc.clone()));
                    }
                    if n < top {
                        acc = self.product(&acc, &once);
                    }
                }
                let out = interleave(&counts);
                self.cut(out)
            }
            Some(Expr::Lookahead { .. } | Expr::Skip(_)) => vec![String::new()],
        };
        let list = Rc::new(list);
        self.memo.insert((expr, depth), Rc::clone(&list));
        list
    }

    /// Each string of `left` followed by each of `right`, the pairs of early strings first
    /// (by the sum of their positions), so that a cut keeps variety from both sides.
    fn product(&mut self, left: &[String], right: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        for sum in 0..(left.len() + right.len()).saturating_sub(1) {
            let first = sum.saturating_sub(right.len().saturating_sub(1));
            for (i, l) in left.iter().enumerate().take(sum + 1).skip(first) {
                let Some(r) = right.get(sum - i) else {
                    continue;
                };
                if out.len() >= self.limit {
                    self.truncated = true;
                    return out;
                }
                if l.len() + r.len() > MAX_OUTPUT {
                    self.truncated = true;
                    continue;
                }
                out.push(format!("{l}{r}"));
            }
        }
        out
    }

    fn cut(&mut self, mut list: Vec<String>) -> Vec<String> {
        if list.len() > self.limit {
            self.truncated = true;
            list.truncate(self.limit);
        }
        list
    }
}
