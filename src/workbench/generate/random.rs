//! Random derivations: a seeded walk over a rule's expressions that picks alternatives,
//! repetition counts and code points, weighted towards short strings and boundary cases, within
//! a budget of expansion steps that always leaves room to finish.

use super::grammar::{Builtin, Expr, Grammar, NEVER};
use super::matcher::Matcher;

/// SplitMix64: a small, fast, seedable generator of 64-bit numbers (Steele, Lea and Flood,
/// 2014). Not for secrets; for reproducible draws.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }

    /// True `n` times out of `d`.
    pub(crate) fn chance(&mut self, n: usize, d: usize) -> bool {
        self.below(d) < n
    }

    /// One of `items`, if any.
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        items.get(self.below(items.len())).copied()
    }
}

/// Code points at the edges of what URL-like grammars tell apart: controls, the C1 block,
/// non-breaking space, soft hyphen, noncharacters, the replacement character, the last code
/// points of planes, and characters that IDNA or case mapping change.
pub(crate) const BOUNDARY: &[char] = &[
    '\0',
    '\t',
    '\n',
    '\r',
    '\u{1f}',
    ' ',
    '"',
    '%',
    '<',
    '\\',
    '^',
    '`',
    '{',
    '|',
    '}',
    '\u{7f}',
    '\u{80}',
    '\u{9f}',
    '\u{a0}',
    '\u{ad}',
    'ß',
    'é',
    'İ',
    'K',
    '\u{200d}',
    '\u{3000}',
    '。',
    '．',
    '\u{fdcf}',
    '\u{fdd0}',
    '\u{fdef}',
    '\u{fdf0}',
    '\u{fffd}',
    '\u{fffe}',
    '\u{ffff}',
    '\u{10000}',
    '\u{1fffe}',
    '\u{10fffd}',
    '\u{10ffff}',
];

/// A code point for `ANY`: one the grammar mentions, an ASCII letter or digit, printable ASCII,
/// a boundary case, or any scalar value.
pub(crate) fn any_code_point(rng: &mut Rng, mentioned: &[char]) -> char {
    const ALNUM: &[char] = &['a', 'z', 'A', 'Z', '0', '9', 'x', 'q', '1', '5'];
    match rng.below(20) {
        0..=6 if !mentioned.is_empty() => rng.pick(mentioned).unwrap_or('a'),
        0..=12 => rng.pick(ALNUM).unwrap_or('a'),
        13..=15 => char::from(b' ' + u8::try_from(rng.below(95)).unwrap_or(0)),
        16..=18 => rng.pick(BOUNDARY).unwrap_or('a'),
        _ => char::from_u32(u32::try_from(rng.below(0x11_0000)).unwrap_or(0)).unwrap_or('\u{fffd}'),
    }
}

/// A code point in `lo..=hi`: an end one time in four each, otherwise anywhere (a surrogate
/// draw becomes an end).
fn in_range(rng: &mut Rng, lo: char, hi: char) -> char {
    match rng.below(4) {
        0 => lo,
        1 => hi,
        _ => {
            let span = (hi as usize).saturating_sub(lo as usize) + 1;
            let c = (lo as usize) + rng.below(span);
            u32::try_from(c).ok().and_then(char::from_u32).unwrap_or(lo)
        }
    }
}

/// A repetition count from `min`: mostly 0, 1 or 2 more, rarely up to 8 more; at most `max`.
fn count(rng: &mut Rng, min: u32, max: Option<u32>) -> u32 {
    let extra = match rng.below(10) {
        0..=3 => 0,
        4..=6 => 1,
        7..=8 => 2,
        _ => 3 + u32::try_from(rng.below(6)).unwrap_or(0),
    };
    let wanted = min.saturating_add(extra);
    max.map_or(wanted, |max| wanted.min(max))
}

/// Why a derivation attempt stopped: a look-ahead could not be met, or a property had no
/// member among the draws. The caller tries again.
#[derive(Debug)]
pub(crate) struct Stuck;

/// The most expressions a derivation nests in one another (a chain of rules longer than this
/// cannot be derived; see [`super::matcher`] for the stack this leaves).
const MAX_NESTING: u32 = 400;

/// The longest string a derivation makes, in bytes (a long literal repeated would make more).
pub(crate) const MAX_OUTPUT: usize = 1 << 20;

/// One random derivation in progress.
pub(crate) struct Deriver<'g, 'r> {
    pub(crate) grammar: &'g Grammar,
    pub(crate) rng: &'r mut Rng,
    pub(crate) out: String,
    /// How deeply the current expression is nested.
    pub(crate) nesting: u32,
}

impl Deriver<'_, '_> {
    /// Derives `expr` with at most `fuel` expansion steps (never less than its cost); the steps
    /// used.
    pub(crate) fn derive(&mut self, expr: usize, fuel: u32) -> Result<u32, Stuck> {
        if self.nesting >= MAX_NESTING {
            return Err(Stuck);
        }
        self.nesting += 1;
        let result = self.derive_nested(expr, fuel);
        self.nesting -= 1;
        result
    }

    fn derive_nested(&mut self, expr: usize, fuel: u32) -> Result<u32, Stuck> {
        let grammar = self.grammar;
        let cost = |e: usize| grammar.cost.get(e).copied().unwrap_or(NEVER);
        if cost(expr) > fuel {
            return Err(Stuck);
        }
        let Some(node) = grammar.exprs.get(expr) else {
            return Err(Stuck);
        };
        match node {
            Expr::Literal(s) if self.out.len() + s.len() > MAX_OUTPUT => return Err(Stuck),
            Expr::Literal(s) => self.out.push_str(s),
            Expr::Insensitive(s) => {
                for c in s.chars() {
                    let flip = self.rng.chance(1, 2);
                    self.out.push(if flip {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
            Expr::Range(lo, hi) => {
                let c = in_range(self.rng, *lo, *hi);
                self.out.push(c);
            }
            Expr::Builtin(builtin) => self.builtin(builtin)?,
            Expr::Rule(rule) => {
                let inner = grammar.rules.get(*rule).map_or(usize::MAX, |r| r.expr);
                return Ok(1 + self.derive(inner, fuel - 1)?);
            }
            Expr::Seq(parts) => return self.seq(parts, fuel),
            Expr::Choice { alternatives, .. } => {
                let affordable: Vec<usize> = alternatives
                    .iter()
                    .copied()
                    .filter(|a| cost(*a) < fuel)
                    .collect();
                let chosen = self.rng.pick(&affordable).ok_or(Stuck)?;
                return Ok(1 + self.derive(chosen, fuel - 1)?);
            }
            Expr::Repeat {
                expr: inner,
                min,
                max,
            } => {
                let each = cost(*inner);
                let affordable = if each == NEVER || each == 0 {
                    0
                } else {
                    (fuel - 1) / each
                };
                let n = count(self.rng, *min, *max).min(affordable.max(*min));
                let mut left = fuel - 1;
                let mut used = 1;
                for i in 0..n {
                    let reserve = each.saturating_mul(n - i - 1);
                    let spent = self.derive(*inner, left.saturating_sub(reserve))?;
                    left -= spent.min(left);
                    used += spent;
                }
                return Ok(used);
            }
            // A look-ahead derives nothing; the sequence it stands in checks it.
            Expr::Lookahead { .. } => {}
            Expr::Skip(strings) => {
                for _ in 0..self.rng.below(3) {
                    // The code point stays unless it completes a string the skip stops at
                    // (pushed and checked in place: no copy of what is written so far).
                    let c = any_code_point(self.rng, &grammar.mentioned);
                    self.out.push(c);
                    if strings.iter().any(|s| self.out.ends_with(s.as_str())) {
                        self.out.pop();
                    }
                }
            }
        }
        Ok(1)
    }

    fn builtin(&mut self, builtin: &Builtin) -> Result<(), Stuck> {
        let c = match builtin {
            Builtin::Any => any_code_point(self.rng, &self.grammar.mentioned),
            Builtin::Soi | Builtin::Eoi => return Ok(()),
            Builtin::Class(set) => {
                let (lo, hi) = self.rng.pick(set).ok_or(Stuck)?;
                in_range(self.rng, lo, hi)
            }
            Builtin::Newline => self.rng.pick(&['\n', '\r']).unwrap_or('\n'),
            Builtin::Property(name) => {
                let holds = pest::unicode::by_name(name).ok_or(Stuck)?;
                (0..64)
                    .map(|_| any_code_point(self.rng, &[]))
                    .find(|c| holds(*c))
                    .ok_or(Stuck)?
            }
        };
        self.out.push(c);
        Ok(())
    }

    /// A sequence: each part gets the fuel the parts after it do not need. A look-ahead is
    /// checked on what the next part derives, which is drawn again (a few times) until it holds.
    fn seq(&mut self, parts: &[usize], fuel: u32) -> Result<u32, Stuck> {
        let grammar = self.grammar;
        let cost = |e: usize| grammar.cost.get(e).copied().unwrap_or(NEVER);
        let mut reserve: u32 = parts.iter().fold(0, |s, p| s.saturating_add(cost(*p)));
        let mut left = fuel - 1;
        let mut used = 1;
        let mut pending = None;
        for part in parts {
            reserve = reserve.saturating_sub(cost(*part));
            let budget = left.saturating_sub(reserve);
            if let Some(Expr::Lookahead { expr, negative }) = grammar.exprs.get(*part) {
                pending = Some((*expr, *negative));
                used += 1;
                left = left.saturating_sub(1);
                continue;
            }
            let start = self.out.len();
            let mut spent = self.derive(*part, budget)?;
            if let Some((ahead, negative)) = pending.take() {
                let mut tries = 0;
                while !self.holds(ahead, negative, start) {
                    tries += 1;
                    if tries > 8 {
                        return Err(Stuck);
                    }
                    self.out.truncate(start);
                    spent = self.derive(*part, budget)?;
                }
            }
            left -= spent.min(left);
            used += spent;
        }
        Ok(used)
    }

    /// Whether a look-ahead holds on the text derived from `start` on.
    fn holds(&self, ahead: usize, negative: bool, start: usize) -> bool {
        let piece = self.out.get(start..).unwrap_or_default();
        let mut matcher = Matcher::new(self.grammar, piece);
        match matcher.expr(ahead, 0, true) {
            Ok(matched) => matched.is_some() != negative,
            Err(_) => false,
        }
    }
}
