//! Output formats of `pegurl check`: one file each.

mod human;
mod jsonl;
mod sarif;

use std::io::{self, Write};

use super::check::Checked;

/// The output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics with a caret under each span; colour on a terminal.
    Human,
    /// One JSON object per input.
    Jsonl,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
}

/// A renderer: told of the start, of each checked input as it comes, and of the end.
pub trait Render {
    /// Before the first input.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// One input.
    fn report(&mut self, out: &mut dyn Write, checked: &Checked<'_>) -> io::Result<()>;
    /// After the last input: how many were checked, how many had an error or failed.
    fn end(&mut self, out: &mut dyn Write, checked: usize, with_errors: usize) -> io::Result<()>;
}

/// The renderer for a format.
pub fn new(format: Format, colour: bool) -> Box<dyn Render> {
    match format {
        Format::Human => Box::new(human::Human::new(colour)),
        Format::Jsonl => Box::new(jsonl::Jsonl),
        Format::Sarif => Box::new(sarif::Sarif::default()),
    }
}

/// The message of a validation error: its description, and "(failure)" when parsing stopped.
pub fn message(error: &pegurl::ValidationError) -> String {
    let description = error.code.description();
    if error.fatal {
        format!("{description} The parser returns failure.")
    } else {
        description.to_owned()
    }
}
