//! JSON lines: one object per URL found,
//! `{"file", "line", "column", "end_line", "end_column", "element", "attribute", "input", "base",
//! "href", "valid", "errors": [{"code", "start", "end", "line", "column", "fatal", "message",
//! "fix"}]}`. `line`/`column` (1-based, columns in characters) place the URL and each error in
//! the document; `start`/`end` are byte offsets in `input`; `fix` is `null` or
//! `{"replacement", "safe", "start", "end"}` (bytes of `input` it replaces: the error's, or the
//! whole input's to trim both ends). A URL given as an argument has `"file":
//! null`.

use std::io::{self, Write};

use serde_json::json;

use super::{is_argument, Render, Summary};
use crate::cli::input::Item;
use crate::cli::outcome::Outcome;

/// The JSON lines renderer.
pub struct Jsonl;

impl Render for Jsonl {
    fn begin(&mut self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn report(&mut self, out: &mut dyn Write, item: &Item, outcome: &Outcome) -> io::Result<()> {
        let errors: Vec<_> = outcome
            .diagnostics
            .iter()
            .map(|d| {
                json!({
                    "code": d.code.code(),
                    "start": d.span.start,
                    "end": d.span.end,
                    "line": d.start.line,
                    "column": d.start.column,
                    "fatal": d.fatal,
                    "message": d.message,
                    "fix": d.fix.as_ref().map(|f| json!({
                        "replacement": f.replacement,
                        "safe": f.safe,
                        "start": f.span.start,
                        "end": f.span.end,
                    })),
                })
            })
            .collect();
        let file = (!is_argument(item)).then_some(item.file.as_ref());
        let record = json!({
            "file": file,
            "line": outcome.start.line,
            "column": outcome.start.column,
            "end_line": outcome.end.line,
            "end_column": outcome.end.column,
            "element": item.element,
            "attribute": item.attribute,
            "input": item.input,
            "base": item.base_text.as_deref(),
            "href": outcome.href,
            "valid": outcome.valid,
            "errors": errors,
        });
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")
    }

    fn end(&mut self, _: &mut dyn Write, _: Summary) -> io::Result<()> {
        Ok(())
    }

    fn for_worker(&self) -> Option<Box<dyn Render + Send>> {
        Some(Box::new(Jsonl))
    }
}
