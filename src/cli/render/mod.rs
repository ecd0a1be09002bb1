//! Output formats of `pegurl check`: one file each. Every renderer writes as items come, and
//! what it writes for a diagnostic is bounded by the diagnostic, never by the whole input (a
//! long URL with many errors costs linear output).

mod human;
mod jsonl;
mod sarif;

use std::io::{self, Write};

use super::input::Item;
use super::outcome::Outcome;

/// The output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics with the document's line and a caret under each span.
    Human,
    /// One JSON object per URL found.
    Jsonl,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
}

/// The totals of a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// URLs checked.
    pub checked: usize,
    /// URLs with a diagnostic, or not a valid URL string.
    pub with_problems: usize,
}

/// A renderer: told of the start, of each checked item as it comes, and of the end.
pub trait Render {
    /// Before the first item.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// One item.
    fn report(&mut self, out: &mut dyn Write, item: &Item, outcome: &Outcome) -> io::Result<()>;
    /// After the last item (also after an I/O error, so the document stays whole).
    fn end(&mut self, out: &mut dyn Write, summary: Summary) -> io::Result<()>;
    /// A renderer that worker threads can use for `report` on their own, when what it writes
    /// for an item depends on nothing else (human and JSON lines; SARIF numbers its results).
    fn for_worker(&self) -> Option<Box<dyn Render + Send>> {
        None
    }
}

/// The renderer for a format.
pub fn new(format: Format, colour: bool) -> Box<dyn Render> {
    match format {
        Format::Human => Box::new(human::Human::new(colour)),
        Format::Jsonl => Box::new(jsonl::Jsonl),
        Format::Sarif => Box::new(sarif::Sarif::default()),
    }
}

/// A file name for reports: arguments have none.
pub fn is_argument(item: &Item) -> bool {
    item.file.starts_with("argument ")
}
