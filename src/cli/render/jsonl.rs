//! JSON lines: one object per input,
//! `{"input", "base", "href", "valid", "errors": [{"code", "start", "end", "fatal", "message"}]}`.

use std::io::{self, Write};

use serde_json::json;

use super::{message, Render};
use crate::cli::check::Checked;

/// The JSON lines renderer.
pub struct Jsonl;

impl Render for Jsonl {
    fn begin(&mut self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn report(&mut self, out: &mut dyn Write, checked: &Checked<'_>) -> io::Result<()> {
        let errors: Vec<_> = checked
            .errors
            .iter()
            .map(|e| {
                json!({
                    "code": e.code.code(),
                    "start": e.span.start,
                    "end": e.span.end,
                    "fatal": e.fatal,
                    "message": message(e),
                })
            })
            .collect();
        let record = json!({
            "input": checked.input,
            "base": checked.base,
            "href": checked.url.as_ref().ok().map(|u| u.href()),
            "valid": checked.valid(),
            "errors": errors,
        });
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")
    }

    fn end(&mut self, _: &mut dyn Write, _: usize, _: usize) -> io::Result<()> {
        Ok(())
    }
}
