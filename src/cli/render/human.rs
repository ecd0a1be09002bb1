//! rustc-style diagnostics: the code, the message, `file:line:column`, the document's line (a
//! window of it around the span, so a long line costs a bounded amount per diagnostic) with a
//! caret under the span, the help, the fix and the spec link. ANSI colour when asked.

use std::io::{self, Write};

use super::{Render, Summary};
use crate::cli::input::Item;
use crate::cli::outcome::{Diagnostic, Outcome};

/// Characters of context shown on each side of a span, and the longest span underlined.
const CONTEXT: usize = 40;
const LONGEST_SPAN: usize = 80;

/// The human renderer.
#[derive(Clone, Copy)]
pub struct Human {
    colour: bool,
}

impl Human {
    /// A renderer, with ANSI colour when `colour`.
    pub fn new(colour: bool) -> Human {
        Human { colour }
    }

    fn paint(&self, style: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{style}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    fn diagnostic(&self, out: &mut dyn Write, item: &Item, d: &Diagnostic) -> io::Result<()> {
        let (level, style) = if d.fatal {
            ("error", "1;31")
        } else {
            ("warning", "1;33")
        };
        let title = format!("{level}[{}]", d.code.code());
        writeln!(
            out,
            "{}{}",
            self.paint(style, &title),
            self.paint("1", &format!(": {}", d.message))
        )?;
        let (window, caret_at, caret_len) = window(item, d);
        let number = d.start.line.to_string();
        let gutter = " ".repeat(number.len());
        let bar = self.paint("1;34", "|");
        writeln!(
            out,
            "{gutter}{} {}:{}:{}",
            self.paint("1;34", "-->"),
            item.file,
            d.start.line,
            d.start.column
        )?;
        writeln!(out, "{gutter} {bar}")?;
        writeln!(out, "{} {bar} {window}", self.paint("1;34", &number))?;
        let carets = "^".repeat(caret_len.max(1));
        let pad = " ".repeat(caret_at);
        writeln!(out, "{gutter} {bar} {pad}{}", self.paint(style, &carets))?;
        writeln!(out, "{gutter} = help: {}", d.code.help())?;
        if let Some(fix) = &d.fix {
            let how = if fix.safe {
                ""
            } else {
                " (not applied by --fix)"
            };
            let what = if fix.span == d.span {
                String::new()
            } else {
                format!(
                    " the URL ({}:{} to {}:{})",
                    fix.start.line, fix.start.column, fix.end.line, fix.end.column
                )
            };
            writeln!(
                out,
                "{gutter} = fix: replace{what} with {:?}{how}",
                fix.replacement
            )?;
        }
        writeln!(out, "{gutter} = note: see {}\n", d.code.spec_url())
    }
}

/// The part of the diagnostic's line shown, where its caret starts in it, and how many carets:
/// at most `CONTEXT` characters each side of at most `LONGEST_SPAN` characters, control
/// characters shown as spaces so the caret lines up.
fn window(item: &Item, d: &Diagnostic) -> (String, usize, usize) {
    let range = item.text_range(&d.span);
    let text = item.text.as_ref();
    let start = range.start.min(text.len());
    let before = text.get(..start).unwrap_or_default();
    let mut shown = String::new();
    // Back to the line's start, but never further than the window: a long line with many
    // errors costs the window per error, not the line.
    let lead: Vec<char> = before
        .chars()
        .rev()
        .take_while(|&c| c != '\n')
        .take(CONTEXT + 1)
        .collect();
    let cut_before = lead.len() > CONTEXT;
    if cut_before {
        shown.push('…');
    }
    shown.extend(lead.iter().rev().skip(usize::from(cut_before)).map(visible));
    let caret_at = shown.chars().count();
    let after = text.get(start..).unwrap_or_default();
    let span_chars = text
        .get(start..range.end.max(start))
        .unwrap_or_default()
        .chars()
        .take_while(|&c| c != '\n')
        .take(LONGEST_SPAN)
        .count();
    let mut rest = after.chars().take_while(|&c| c != '\n' && c != '\r');
    shown.extend(
        rest.by_ref()
            .take(span_chars + CONTEXT)
            .map(|c| visible(&c)),
    );
    if rest.next().is_some() {
        shown.push('…');
    }
    (shown, caret_at, span_chars)
}

fn visible(c: &char) -> char {
    if c.is_control() {
        ' '
    } else {
        *c
    }
}

impl Render for Human {
    fn begin(&mut self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn report(&mut self, out: &mut dyn Write, item: &Item, outcome: &Outcome) -> io::Result<()> {
        for d in &outcome.diagnostics {
            self.diagnostic(out, item, d)?;
        }
        // The writing grammar and the parser should agree; a gap interests spec editors
        // (whatwg/url#704).
        if let Some(note) = &outcome.disagreement {
            let at = outcome.start;
            writeln!(
                out,
                "note: {}:{}:{}: {note}\n",
                item.file, at.line, at.column
            )?;
        }
        Ok(())
    }

    fn for_worker(&self) -> Option<Box<dyn Render + Send>> {
        Some(Box::new(*self))
    }

    fn end(&mut self, out: &mut dyn Write, summary: Summary) -> io::Result<()> {
        let noun = if summary.checked == 1 { "URL" } else { "URLs" };
        writeln!(
            out,
            "checked {} {noun}: {} valid, {} with validation errors or failures",
            summary.checked,
            summary.checked - summary.with_problems,
            summary.with_problems
        )
    }
}
