//! The Rust expression the generator writes for each pest expression ([`Generator::expr`]), and
//! the shapes it writes as one step: alternatives of one byte each as one class, and
//! repetitions as scans (a class, bytes up to a class, path segments).

use std::fmt::Write as _;

use pest_meta::optimizer::OptimizedExpr;

use super::generator::Generator;

impl Generator<'_> {
    /// The class `expr` skips up to, when it is `(!class ~ ANY)*` with a class of ASCII bytes
    /// (which pest_meta may have made a `Skip` of one-byte strings) or of what
    /// [`Generator::stop_class_of`] takes: one table-driven skip.
    pub(super) fn skipped_until(&self, expr: &OptimizedExpr) -> Option<[bool; 256]> {
        match expr {
            OptimizedExpr::Skip(strings) => {
                let mut class = [false; 256];
                for s in strings {
                    let &[byte] = s.as_bytes() else {
                        return None;
                    };
                    class[usize::from(byte)] = byte.is_ascii();
                    byte.is_ascii().then_some(())?;
                }
                Some(class)
            }
            OptimizedExpr::Rep(step) => {
                let OptimizedExpr::Seq(not, any) = &**step else {
                    return None;
                };
                let (OptimizedExpr::NegPred(not), OptimizedExpr::Ident(any)) = (&**not, &**any)
                else {
                    return None;
                };
                self.stop_class_of(not, 0).filter(|_| any == "ANY")
            }
            _ => None,
        }
    }

    /// The bytes `expr` takes when it is one `!X ~ ANY` step whose `X` stops at every byte
    /// from 0x80 on ([`Generator::stop_class_of`]): an ASCII byte not of `X`, one code point.
    /// The step on its own, as the body of a repetition is (pest_meta nests a longer sequence
    /// to the right, where the step's two parts are in different operands). Not while
    /// explaining, where the look-ahead records its attempts.
    pub(super) fn one_step_before(&self, expr: &OptimizedExpr) -> Option<[bool; 256]> {
        let OptimizedExpr::Seq(not, any) = expr else {
            return None;
        };
        let (OptimizedExpr::NegPred(not), OptimizedExpr::Ident(any)) = (&**not, &**any) else {
            return None;
        };
        if self.explains || any != "ANY" {
            return None;
        }
        let stop = self.stop_class_of(not, 0)?;
        if !stop[0x80..].iter().all(|&b| b) {
            return None;
        }
        let mut takes = [false; 256];
        for b in 0..256 {
            takes[b] = !stop[b];
        }
        Some(takes)
    }

    /// The code of each operand of a sequence or a choice, which pest_meta nests to the right.
    fn operands(&mut self, expr: &OptimizedExpr) -> Result<Vec<String>, String> {
        let mut parts = Vec::new();
        let mut current = expr;
        loop {
            match current {
                OptimizedExpr::Seq(a, b) if matches!(expr, OptimizedExpr::Seq(..)) => {
                    parts.push(self.expr(a)?);
                    current = b;
                }
                OptimizedExpr::Choice(a, b) if matches!(expr, OptimizedExpr::Choice(..)) => {
                    // Alternatives of one byte each in a row are one class: one look-up.
                    if let Some((rest, class)) = self.leading_class(current) {
                        parts.push(format!("self.class({})", self.class(class)));
                        match rest {
                            Some(rest) => current = rest,
                            None => return Ok(parts),
                        }
                        continue;
                    }
                    parts.push(self.expr(a)?);
                    current = b;
                }
                last => {
                    parts.push(self.expr(last)?);
                    return Ok(parts);
                }
            }
        }
    }

    /// The class of the alternatives of one byte each that start the choice `expr` (or that
    /// `expr` is), and the alternatives after them (None when there are none); None when the
    /// first is not of one byte.
    fn leading_class<'e>(
        &self,
        expr: &'e OptimizedExpr,
    ) -> Option<(Option<&'e OptimizedExpr>, [bool; 256])> {
        let mut class: Option<[bool; 256]> = None;
        let mut rest = Some(expr);
        while let Some(next) = rest {
            let (head, tail) = match next {
                OptimizedExpr::Choice(a, b) => (a.as_ref(), Some(b.as_ref())),
                other => (other, None),
            };
            let Some(more) = self.class_of(head) else {
                break;
            };
            let class = class.get_or_insert([false; 256]);
            for (byte, member) in class.iter_mut().zip(more) {
                *byte |= member;
            }
            rest = tail;
        }
        class.map(|class| (rest, class))
    }

    /// A Rust expression of type `bool` that matches `expr`, leaving position and tokens as they
    /// were when it fails.
    pub(super) fn expr(&mut self, expr: &OptimizedExpr) -> Result<String, String> {
        if let Some(class) = self.class_of(expr) {
            return Ok(format!("self.class({})", self.class(class)));
        }
        if let Some(class) = self.one_step_before(expr) {
            return Ok(format!("self.class({})", self.class(class)));
        }
        Ok(match expr {
            OptimizedExpr::Str(s) => format!("self.literal({})", bytes(s)),
            OptimizedExpr::Insens(s) => match insensitive_word(s) {
                Some((lower, case)) => format!(
                    "self.insensitive_word({}, 0x{lower:016x}, 0x{case:016x})",
                    s.len()
                ),
                None => format!("self.insensitive({})", bytes(s)),
            },
            OptimizedExpr::Range(a, b) => {
                let (a, b) = (a.chars().next().unwrap_or('\0'), b.chars().next().unwrap_or('\0'));
                format!("self.char_range({a:?}, {b:?})")
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "ANY" => "self.any()".to_owned(),
                "SOI" => "(self.pos == 0)".to_owned(),
                "EOI" => self.eoi(),
                "NEWLINE" => {
                    "(self.literal(b\"\\n\") || self.literal(b\"\\r\\n\") || self.literal(b\"\\r\"))"
                        .to_owned()
                }
                _ if self.rules.contains_key(name.as_str()) => self.call(name),
                _ => return Err(format!("the generator does not do the builtin {name}")),
            },
            OptimizedExpr::PosPred(e) | OptimizedExpr::NegPred(e) => {
                let inside = self.context.lookahead(self.explains);
                let outer = std::mem::replace(&mut self.context, inside);
                let inner = self.expr(e);
                self.context = outer;
                let negative = matches!(expr, OptimizedExpr::NegPred(_));
                if negative && self.explains {
                    // A negative look-ahead turns what pest records inside it around.
                    return Ok(format!("({{ let at = self.pos; self.turn::<TRACK>(); let ok = {}; self.turn::<TRACK>(); self.pos = at; !ok }})", inner?));
                }
                let not = if negative { "!" } else { "" };
                format!("({{ let at = self.pos; let ok = {}; self.pos = at; {not}ok }})", inner?)
            }
            // Where no rule makes tokens, going back is going back to a position.
            OptimizedExpr::Seq(..) if self.context.makes_no_tokens(self.tokens) => format!(
                "({{ let at = self.pos; ({}) || {{ self.pos = at; false }} }})",
                self.operands(expr)?.join(" && ")
            ),
            OptimizedExpr::Seq(..) => format!(
                "({{ let mark = self.mark(); ({}) || self.reset(mark) }})",
                self.operands(expr)?.join(" && ")
            ),
            OptimizedExpr::Choice(..) => format!("({})", self.operands(expr)?.join(" || ")),
            OptimizedExpr::Opt(e) => format!("({{ let _ = {}; true }})", self.expr(e)?),
            OptimizedExpr::Rep(e) => {
                // `ANY*`: every code point left, the rest of the input (on a code point
                // boundary: the input is a string).
                if matches!(&**e, OptimizedExpr::Ident(any) if any == "ANY") {
                    return Ok("self.rest()".to_owned());
                }
                if let Some(class) = self.class_of(e) {
                    return Ok(format!("self.skip({})", self.stops(class, true)));
                }
                if let Some(class) = self.skipped_until(expr) {
                    return Ok(format!("self.skip({})", self.stops(class, false)));
                }
                if let Some((first, stops)) = self.segments(e) {
                    // Few stops (a path's "?" and "#"): eight bytes a step.
                    let few: Vec<String> = (0..128u8)
                        .filter(|&b| stops[usize::from(b)])
                        .map(|b| format!("{b}"))
                        .collect();
                    let skip = if few.len() <= 3 && (128..256).all(|b| !stops[b]) {
                        format!("self.skip_to_any_of([{}])", few.join(", "))
                    } else {
                        format!("self.skip({})", self.stops(stops, false))
                    };
                    return Ok(format!(
                        "({{ if self.class({}) {{ let _ = {skip}; }} true }})",
                        self.class(first)
                    ));
                }
                let each = self.expr(e)?;
                // While recording attempts the choice runs on every byte, to record its rules.
                let scan = if self.explains { "if !TRACK { " } else { "" };
                let end = if self.explains { "} " } else { "" };
                match self.one_byte_steps(e) {
                    Some(steps) => format!(
                        "({{ loop {{ {scan}self.skip({}); {end}let at = self.pos; if !{each} || self.pos == at {{ break; }} }} true }})",
                        self.stops(steps, true)
                    ),
                    None => format!(
                        "({{ loop {{ let at = self.pos; if !{each} || self.pos == at {{ break; }} }} true }})"
                    ),
                }
            }
            OptimizedExpr::Skip(strings) => {
                if let Some(class) = self.skipped_until(expr) {
                    format!("self.skip({})", self.stops(class, false))
                } else {
                    let list: Vec<String> = strings.iter().map(|s| bytes(s)).collect();
                    format!("self.skip_until_any(&[{}])", list.join(", "))
                }
            }
            OptimizedExpr::RestoreOnErr(e) => self.expr(e)?,
            other => return Err(format!("the generator does not do {other:?}")),
        })
    }
}

/// A case-insensitive literal of 2 to 8 ASCII bytes as a word (little-endian): its bytes
/// lowercased, and 0x20 in the place of each letter (see `Parser::insensitive_word`).
pub(crate) fn insensitive_word(s: &str) -> Option<(u64, u64)> {
    if !(2..=8).contains(&s.len()) || !s.is_ascii() {
        return None;
    }
    let (mut lower, mut case) = (0u64, 0u64);
    for (i, b) in s.bytes().enumerate() {
        lower |= u64::from(b.to_ascii_lowercase()) << (8 * i);
        if b.is_ascii_alphabetic() {
            case |= 0x20 << (8 * i);
        }
    }
    Some((lower, case))
}

/// A byte-string literal.
pub(crate) fn bytes(s: &str) -> String {
    let mut out = String::from("b\"");
    for b in s.bytes() {
        write!(out, "\\x{b:02x}").unwrap();
    }
    out.push('"');
    out
}
