//! What `check` reports about one [`Item`]: its diagnostics (the URL Standard's validation
//! errors, the input kind's findings, a failure with no spec name), each with its place in the
//! document and its fix, and the URL's own extent. Worked out on worker threads.

use std::ops::Range;

use pegurl::ErrorCode;

use super::findings::OtherCode;
use super::fix;
use std::sync::Arc;

use super::input::list::RawLines;
use super::input::{Item, Place};
use super::render::Render;
use super::url_api;

/// A diagnostic's code: the URL Standard's, or one of pegurl's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// A validation error of the URL Standard.
    Url(ErrorCode),
    /// A problem the URL Standard does not name.
    Other(OtherCode),
}

impl Code {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            Code::Url(c) => c.code(),
            Code::Other(c) => c.code(),
        }
    }

    /// The one-line description.
    pub fn description(self) -> &'static str {
        match self {
            Code::Url(c) => c.description(),
            Code::Other(c) => c.description(),
        }
    }

    /// How to put it right.
    pub fn help(self) -> &'static str {
        match self {
            Code::Url(c) => c.help(),
            Code::Other(c) => c.help(),
        }
    }

    /// Where the rule is defined.
    pub fn spec_url(self) -> &'static str {
        match self {
            Code::Url(c) => c.spec_url(),
            Code::Other(c) => c.spec_url(),
        }
    }

    /// Every code, the spec's first: SARIF's rule order.
    pub fn all() -> impl Iterator<Item = Code> {
        let url = ErrorCode::ALL.iter().map(|&c| Code::Url(c));
        url.chain(OtherCode::ALL.iter().map(|&c| Code::Other(c)))
    }

    /// The index of this code in [`Code::all`].
    pub fn index(self) -> usize {
        Code::all().position(|c| c == self).unwrap_or(0)
    }
}

/// A replacement for a diagnostic's bytes in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The bytes of the input it replaces: the diagnostic's, or (to trim both ends) the input's.
    pub span: Range<usize>,
    /// Where they are in the document.
    pub start: Place,
    /// See `start`.
    pub end: Place,
    /// What the span's bytes become.
    pub replacement: String,
    /// Whether `--fix` applies it: the bytes stand as they are in the source, and the fixed URL
    /// parses to the same resource.
    pub safe: bool,
}

/// One problem, placed.
pub struct Diagnostic {
    /// What.
    pub code: Code,
    /// Byte offsets in the item's input.
    pub span: Range<usize>,
    /// Whether the URL cannot be used.
    pub fatal: bool,
    /// The message.
    pub message: String,
    /// Where the span starts and ends in the document.
    pub start: Place,
    /// See `start`.
    pub end: Place,
    /// The repair, when there is one.
    pub fix: Option<Fix>,
}

/// Everything reported about one item.
pub struct Outcome {
    /// The serialization, when the input parsed.
    pub href: Option<String>,
    /// Whether the writing grammar calls the input a valid URL string.
    pub valid: bool,
    /// The writing grammar's complaint, when it and the parser disagree.
    pub disagreement: Option<String>,
    /// Every problem, in the input's order.
    pub diagnostics: Vec<Diagnostic>,
    /// The URL's extent in the document.
    pub start: Place,
    /// See `start`.
    pub end: Place,
}

impl Outcome {
    /// Whether the input has a problem (counted in the summary and the exit code).
    pub fn has_problems(&self) -> bool {
        !self.valid || !self.diagnostics.is_empty()
    }
}

/// Checks one item.
pub fn check(item: &Item) -> Outcome {
    let verdict = url_api::check(&item.input, item.base.as_deref(), item.encoding);
    let mut raw: Vec<(Code, Range<usize>, bool, String)> = Vec::new();
    for finding in &item.findings {
        let code = Code::Other(finding.code);
        let message = finding.code.description().to_owned();
        raw.push((code, finding.span.clone(), finding.code.fatal(), message));
    }
    let failed_base = item.base.is_none() && item.base_text.is_some();
    if failed_base {
        let code = OtherCode::InputInvalidBase;
        raw.push((Code::Other(code), 0..0, true, code.description().to_owned()));
    }
    for error in &verdict.errors {
        let description = error.code.description();
        let message = if error.fatal {
            format!("{description} The parser returns failure.")
        } else {
            description.to_owned()
        };
        raw.push((
            Code::Url(error.code),
            error.span.clone(),
            error.fatal,
            message,
        ));
    }
    if let Some(failure) = &verdict.failure {
        let named =
            url_api::failure_code(failure).is_some() && verdict.errors.iter().any(|e| e.fatal);
        if !named && !failed_base {
            let code = Code::Other(OtherCode::UrlFailure);
            raw.push((code, failure.span.clone(), true, failure.to_string()));
        }
    }
    let mut fixes = fix::fixes(item, &verdict, &raw);
    // Places: the URL's ends, then each diagnostic's, then each fix's.
    let mut offsets = vec![(0, false), (item.input.len(), true)];
    for (_, span, _, _) in &raw {
        offsets.push((span.start, false));
        offsets.push((span.end, true));
    }
    for fix in fixes.iter().flatten() {
        offsets.push((fix.span.start, false));
        offsets.push((fix.span.end, true));
    }
    let places = item.places(&offsets);
    let place = |i: usize| places.get(i).copied().unwrap_or(item.start);
    let mut next = 2 + 2 * raw.len();
    for fix in fixes.iter_mut().flatten() {
        fix.start = place(next);
        fix.end = place(next + 1);
        next += 2;
    }
    let diagnostics = raw
        .into_iter()
        .zip(fixes)
        .enumerate()
        .map(|(i, ((code, span, fatal, message), fix))| Diagnostic {
            code,
            span,
            fatal,
            message,
            start: place(2 + 2 * i),
            end: place(3 + 2 * i),
            fix,
        })
        .collect::<Vec<_>>();
    let clean = diagnostics.is_empty();
    let disagreement = match (&verdict.invalid, clean) {
        (Some(invalid), true) => Some(format!(
            "the parser reports no validation error, but the writing grammar says this is not a \
             valid URL string: {invalid}"
        )),
        (None, false) if verdict.href.is_some() && item.findings.is_empty() => Some(
            "the writing grammar says this is a valid URL string, but the parser reports \
             validation errors"
                .to_owned(),
        ),
        _ => None,
    };
    Outcome {
        href: verdict.href,
        valid: verdict.invalid.is_none(),
        disagreement,
        diagnostics,
        start: place(0),
        end: place(1),
    }
}

/// Checks `items` on `jobs` threads; the outcomes come back in the items' order.
pub fn check_all(items: &[Item], jobs: usize) -> Vec<Outcome> {
    let jobs = jobs.max(1);
    if jobs == 1 || items.len() < 64 {
        return items.iter().map(check).collect();
    }
    let per_job = items.len().div_ceil(jobs);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(per_job)
            .map(|chunk| scope.spawn(move || chunk.iter().map(check).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// One part of a chunk, checked (and, for formats that allow it, rendered) by a worker.
pub struct Checked {
    /// The items, in order; empty when the worker rendered them (it drops them itself, so that
    /// the thread that writes the output frees nothing).
    pub items: Vec<Item>,
    /// Their outcomes (empty with the items).
    pub outcomes: Vec<Outcome>,
    /// What the worker rendered for them, when the format lets workers render.
    pub rendered: Option<std::io::Result<Vec<u8>>>,
    /// How many items were checked.
    pub count: usize,
    /// Where the items with problems are among them (for the progress line's counts).
    pub with_problems: Vec<usize>,
}

/// What one worker checks: items read already, or lines of a list that it reads itself (with
/// the base every line is resolved against, if any).
pub enum Work {
    /// Items read by the reading thread.
    Items(Vec<Item>),
    /// Lines of a list, decoded by the worker.
    Lines(RawLines, Option<(Arc<url_api::Base>, Arc<str>)>),
}

impl Work {
    /// The items to check.
    pub fn into_items(self) -> Vec<Item> {
        match self {
            Work::Items(items) => items,
            Work::Lines(lines, base) => {
                let mut items = lines.items();
                if let Some((base, text)) = base {
                    for item in &mut items {
                        item.base = Some(base.clone());
                        item.base_text = Some(text.clone());
                    }
                }
                items
            }
        }
    }
}

/// A chunk of items being checked on worker threads that own them.
pub struct Batch {
    parts: Vec<std::thread::JoinHandle<Checked>>,
}

impl Batch {
    /// Starts checking `parts` on worker threads: a part of read items is split in `jobs`, a
    /// part of lines is one worker's; with `render`, the workers also render.
    pub fn spawn(parts: Vec<Work>, jobs: usize, render: Option<&dyn Render>) -> Batch {
        let mut split = Vec::new();
        for part in parts {
            match part {
                Work::Items(mut items) => {
                    let per_job = items.len().div_ceil(jobs.max(1)).max(1);
                    // Split from the end, so each item moves once.
                    let mut pieces = Vec::new();
                    while items.len() > per_job {
                        let at = (items.len() - 1) / per_job * per_job;
                        pieces.push(Work::Items(items.split_off(at)));
                    }
                    pieces.push(Work::Items(items));
                    pieces.reverse();
                    split.extend(pieces);
                }
                lines => split.push(lines),
            }
        }
        Batch::spawn_parts(split, render)
    }

    /// Starts checking each part on a thread of its own; with `render`, the workers also
    /// render.
    fn spawn_parts(parts: Vec<Work>, render: Option<&dyn Render>) -> Batch {
        let parts = parts
            .into_iter()
            .map(|part| {
                let renderer = render.and_then(|r| r.for_worker());
                std::thread::spawn(move || work(part, renderer))
            })
            .collect();
        Batch { parts }
    }

    /// The parts, in the order given.
    pub fn join(self) -> Vec<Checked> {
        self.parts
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    }
}

/// A worker: reads, checks and (with `renderer`) renders one part.
fn work(part: Work, renderer: Option<Box<dyn Render + Send>>) -> Checked {
    let items = part.into_items();
    let outcomes: Vec<Outcome> = items.iter().map(check).collect();
    let count = items.len();
    let with_problems = outcomes
        .iter()
        .enumerate()
        .filter(|(_, outcome)| outcome.has_problems())
        .map(|(at, _)| at)
        .collect();
    let Some(mut renderer) = renderer else {
        return Checked {
            items,
            outcomes,
            rendered: None,
            count,
            with_problems,
        };
    };
    let mut buffer = Vec::new();
    let rendered = items
        .iter()
        .zip(&outcomes)
        .try_for_each(|(item, outcome)| renderer.report(&mut buffer, item, outcome))
        .map(|()| buffer);
    Checked {
        items: Vec::new(),
        outcomes: Vec::new(),
        rendered: Some(rendered),
        count,
        with_problems,
    }
}
