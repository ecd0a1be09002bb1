//! What the generator knows of the bytes an expression can start with: the one-byte classes
//! (written as 256-entry tables), the first bytes of a rule (tested by its callers before the
//! call), and the bytes a repetition of a choice takes one at a time (skipped in one scan).

use pest_meta::optimizer::OptimizedExpr;

use super::generator::{Context, Generator};

impl Generator<'_> {
    /// The byte class an expression matches, when it matches exactly one ASCII byte.
    pub(crate) fn class_of(&self, expr: &OptimizedExpr) -> Option<[bool; 256]> {
        let mut class = [false; 256];
        let mut range = |a: u8, b: u8| {
            for byte in a..=b {
                class[byte as usize] = true;
            }
        };
        match expr {
            OptimizedExpr::Str(s) if s.len() == 1 && s.is_ascii() => {
                range(s.as_bytes()[0], s.as_bytes()[0])
            }
            OptimizedExpr::Insens(s) if s.len() == 1 && s.is_ascii() => {
                let b = s.as_bytes()[0];
                range(b.to_ascii_lowercase(), b.to_ascii_lowercase());
                range(b.to_ascii_uppercase(), b.to_ascii_uppercase());
            }
            OptimizedExpr::Range(a, b)
                if a.is_ascii() && b.is_ascii() && a.len() == 1 && b.len() == 1 =>
            {
                range(a.as_bytes()[0], b.as_bytes()[0])
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "ASCII_DIGIT" => range(b'0', b'9'),
                "ASCII_NONZERO_DIGIT" => range(b'1', b'9'),
                "ASCII_BIN_DIGIT" => range(b'0', b'1'),
                "ASCII_OCT_DIGIT" => range(b'0', b'7'),
                "ASCII_HEX_DIGIT" => {
                    range(b'0', b'9');
                    range(b'a', b'f');
                    range(b'A', b'F');
                }
                "ASCII_ALPHA_LOWER" => range(b'a', b'z'),
                "ASCII_ALPHA_UPPER" => range(b'A', b'Z'),
                "ASCII_ALPHA" => {
                    range(b'a', b'z');
                    range(b'A', b'Z');
                }
                "ASCII_ALPHANUMERIC" => {
                    range(b'a', b'z');
                    range(b'A', b'Z');
                    range(b'0', b'9');
                }
                "ASCII" => range(0, 0x7f),
                _ => return None,
            },
            OptimizedExpr::Choice(a, b) => {
                let (a, b) = (self.class_of(a)?, self.class_of(b)?);
                for i in 0..256 {
                    class[i] = a[i] || b[i];
                }
            }
            _ => return None,
        }
        Some(class)
    }

    /// The bytes at which `expr`, as the `X` of a `!X ~ ANY` step, matches the code point that
    /// starts there, when a byte tells: `expr` is a choice of one-byte classes
    /// ([`Generator::class_of`]), silent rules of them, and ranges that run from at most U+0080
    /// to U+10FFFF (every code point beyond ASCII, so every byte from 0x80 on: at a code point's
    /// first byte, the only place the step looks, such a range matches). A scan that stops at
    /// these bytes never stops inside a code point.
    pub(crate) fn stop_class_of(&self, expr: &OptimizedExpr, depth: usize) -> Option<[bool; 256]> {
        if let Some(class) = self.class_of(expr) {
            return Some(class);
        }
        let mut class = [false; 256];
        match expr {
            OptimizedExpr::Range(a, b) if b == "\u{10FFFF}" => {
                let from = a.chars().next().filter(|&c| c <= '\u{80}')? as usize;
                class[from..].iter_mut().for_each(|b| *b = true);
            }
            OptimizedExpr::Ident(name) if depth < 16 => {
                let rule = self.rules.get(name.as_str())?;
                if rule.ty != pest_meta::ast::RuleType::Silent {
                    return None;
                }
                return self.stop_class_of(&rule.expr, depth + 1);
            }
            OptimizedExpr::Choice(a, b) => {
                let (a, b) = (self.stop_class_of(a, depth)?, self.stop_class_of(b, depth)?);
                for i in 0..256 {
                    class[i] = a[i] || b[i];
                }
            }
            _ => return None,
        }
        Some(class)
    }

    /// For the body of a repetition that is a choice, the bytes on which one pass of the choice
    /// takes exactly that byte and nothing else: those where the first alternative that can
    /// start with the byte is a one-byte class (`c`, or a step `!X ~ ANY` that is one: see
    /// [`Generator::one_step_before`]) or a run of one (`c+`, when no alternative
    /// before it can start with a byte of `c`, so that the run is the same bytes taken one at a
    /// time). The repetition skips them in one table scan and runs the choice itself only on
    /// the other bytes: `(plain+ | pct_encoded)*` is one loop, not a call per character. A rule
    /// the choice calls that makes no token where it runs counts as its own alternatives
    /// (`url_unit*`, with `url_unit = @{ url_code_point | percent_encoded_byte }` inside an `@`
    /// rule, skips the ASCII URL code points), and an alternative `!c ~ e` with `c` a class
    /// takes e's one-byte steps but c's bytes (`(!"/" ~ url_unit)*`). None when there are no
    /// such bytes.
    pub(crate) fn one_byte_steps(&self, expr: &OptimizedExpr) -> Option<[bool; 256]> {
        self.one_byte_steps_in(expr, self.context, 0)
    }

    /// [`Generator::one_byte_steps`] of `expr` running in `context`; `depth` bounds the descent
    /// into rules.
    fn one_byte_steps_in(
        &self,
        expr: &OptimizedExpr,
        context: Context,
        depth: usize,
    ) -> Option<[bool; 256]> {
        let mut alternatives = Vec::new();
        self.alternatives(expr, context, depth, &mut alternatives);
        let mut steps = [false; 256];
        // Bytes an earlier alternative may start with: there it decides, not a later one.
        let mut claimed = [false; 256];
        for (alternative, context) in alternatives {
            // `!c ~ e`, with c a class: e's one-byte steps but c's bytes, on which it fails.
            let guarded = match alternative {
                OptimizedExpr::Seq(a, b) => match &**a {
                    OptimizedExpr::NegPred(not) => self.class_of(not).map(|c| (c, &**b)),
                    _ => None,
                },
                _ => None,
            };
            if let Some((not, rest)) = guarded {
                if let Some(inner) = self.one_byte_steps_in(rest, context, depth + 1) {
                    for b in 0..256 {
                        steps[b] |= inner[b] && !not[b] && !claimed[b];
                    }
                }
            }
            let run = match alternative {
                OptimizedExpr::Seq(a, b) => match (self.class_of(a), &**b) {
                    (Some(class), OptimizedExpr::Rep(again))
                        if self.class_of(again) == Some(class) =>
                    {
                        Some(class)
                    }
                    _ => None,
                },
                _ => None,
            };
            // A class, or one `!X ~ ANY` step that is one (a URL code point of a component).
            let class = self
                .class_of(alternative)
                .or_else(|| self.one_step_before(alternative));
            if let Some(class) = class {
                for b in 0..256 {
                    steps[b] |= class[b] && !claimed[b];
                }
            } else if let Some(class) = run.filter(|c| (0..256).all(|b| !(c[b] && claimed[b]))) {
                for b in 0..256 {
                    steps[b] |= class[b];
                }
            }
            let (first, nullable) = self.first(alternative);
            if nullable {
                break;
            }
            for b in 0..256 {
                claimed[b] |= first[b];
            }
        }
        steps.iter().any(|step| *step).then_some(steps)
    }

    /// The alternatives of the choice `expr`, in order, into `into`; a rule it calls that makes
    /// no token in `context` stands for its own alternatives (an ordered choice of an ordered
    /// choice is the one choice of them all). `depth` bounds the descent, although the
    /// generator refuses recursive grammars.
    fn alternatives<'e>(
        &'e self,
        expr: &'e OptimizedExpr,
        context: Context,
        depth: usize,
        into: &mut Vec<(&'e OptimizedExpr, Context)>,
    ) {
        match expr {
            OptimizedExpr::Choice(a, b) => {
                self.alternatives(a, context, depth, into);
                self.alternatives(b, context, depth, into);
            }
            OptimizedExpr::Ident(name) if depth < self.rules.len() => {
                match self.rules.get(name.as_str()) {
                    Some(rule) => match context.enter(rule.ty, self.tokens, self.explains) {
                        (false, inner) => self.alternatives(&rule.expr, inner, depth + 1, into),
                        (true, _) => into.push((expr, context)),
                    },
                    None => into.push((expr, context)),
                }
            }
            other => into.push((other, context)),
        }
    }

    /// The bytes a successful match of `expr` can start with (a superset), and whether it can
    /// match without consuming anything (then the bytes say nothing).
    pub(crate) fn first(&self, expr: &OptimizedExpr) -> ([bool; 256], bool) {
        if let Some(class) = self.class_of(expr) {
            return (class, false);
        }
        let mut set = [false; 256];
        let nullable = match expr {
            OptimizedExpr::Str(s) | OptimizedExpr::Insens(s) => match s.as_bytes().first() {
                None => true,
                Some(&b) => {
                    set[b as usize] = true;
                    if matches!(expr, OptimizedExpr::Insens(_)) {
                        set[b.to_ascii_lowercase() as usize] = true;
                        set[b.to_ascii_uppercase() as usize] = true;
                    }
                    false
                }
            },
            // A range with code points beyond ASCII: any lead byte, and its ASCII part.
            OptimizedExpr::Range(a, b) => {
                let (a, b) = (
                    a.chars().next().unwrap_or('\0'),
                    b.chars().next().unwrap_or('\0'),
                );
                for byte in 0..256u32 {
                    set[byte as usize] = byte >= 0x80 || (a as u32 <= byte && byte <= b as u32);
                }
                false
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "ANY" => return ([true; 256], false),
                "SOI" | "EOI" => true,
                "NEWLINE" => {
                    set[b'\n' as usize] = true;
                    set[b'\r' as usize] = true;
                    false
                }
                _ => match self.rules.get(name.as_str()) {
                    Some(rule) => return self.first(&rule.expr),
                    None => return ([true; 256], true),
                },
            },
            OptimizedExpr::Seq(a, b) => {
                let (first_a, nullable_a) = self.first(a);
                if !nullable_a {
                    return (first_a, false);
                }
                let (first_b, nullable_b) = self.first(b);
                for i in 0..256 {
                    set[i] = first_a[i] || first_b[i];
                }
                nullable_b
            }
            OptimizedExpr::Choice(a, b) => {
                let ((first_a, nullable_a), (first_b, nullable_b)) = (self.first(a), self.first(b));
                for i in 0..256 {
                    set[i] = first_a[i] || first_b[i];
                }
                nullable_a || nullable_b
            }
            OptimizedExpr::Opt(e) | OptimizedExpr::Rep(e) => return (self.first(e).0, true),
            OptimizedExpr::RestoreOnErr(e) => return self.first(e),
            // Lookaheads consume nothing; anything else may match empty.
            _ => return ([true; 256], true),
        };
        (set, nullable)
    }
}
