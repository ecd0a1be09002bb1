//! `pegurl check`: validation errors of URLs (given as arguments, in lists, JSON lines, HTML and
//! Markdown documents), for linters and CI pipelines.
//!
//! Which argument is what: `-` is standard input; with `--url` every other argument is a URL;
//! otherwise an argument that names an existing regular file is that file, one that names
//! something else that exists (a directory, a FIFO, a device) is an I/O error, a missing path
//! that looks like one (no scheme, and a `/` or `\` or a document's extension) is an I/O error,
//! and anything else is a URL. Every argument is classified before any output, so an I/O error
//! writes nothing and exits 2. Lists are read in chunks checked on every core, reported in
//! input order, in constant memory. The exit code is 0 when no URL has a problem, 1 when any
//! has, 2 on usage or I/O errors.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use pegurl::encoding_rs::Encoding;

use super::input::list::Lines;
use super::input::{html, jsonl, markdown, InputFormat, Item};
use super::outcome::{self, Work};
use super::render::{self, Format, Render, Summary};
use super::url_api::{self, Base};

/// Arguments of `pegurl check`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "An argument that names an existing regular file is read as a file \
    (its kind by --input-format, or by extension: .html/.htm/.xhtml, .md/.markdown, .jsonl, \
    anything else a list of URLs, one a line); `-` is standard input. A path that exists but is \
    not a regular file, or a missing one that looks like a path (no scheme, and a / or \\ or a \
    document's extension), is an I/O error (exit 2). Anything else is a URL; --url makes every \
    argument a URL. Exit code: 0 when no URL has a problem, 1 when any has, 2 on usage or I/O \
    errors."
)]
pub struct Args {
    /// The base URL: for URLs and lists, of every input without its own; for documents, the
    /// document's URL (a `<base href>` is resolved against it; without --base, the file's own
    /// `file:` URL).
    #[arg(long)]
    base: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// How files and standard input are read (auto: by extension; standard input is a list).
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    input_format: InputFormat,
    /// Every argument (but `-`) is a URL, even when a file of that name exists.
    #[arg(long)]
    url: bool,
    /// The encoding of HTML documents without a byte order mark (an Encoding Standard label);
    /// it wins over `<meta charset>`, and encodes the query of special URLs.
    #[arg(long)]
    encoding: Option<String>,
    /// Threads that check URLs (default: the available cores).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// Colour: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    color: Colour,
    /// Apply the safe fixes in place (files only: lists and documents), then check again and
    /// report what is left; standard input and arguments are only reported.
    #[arg(long)]
    fix: bool,
    /// URLs, files, or `-` for standard input.
    #[arg(required = true)]
    inputs: Vec<String>,
}

/// When to colour the human output.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// On a terminal, unless the NO_COLOR environment variable is set and not empty.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Whether to colour: `--color`, the terminal, and NO_COLOR (https://no-color.org).
pub fn use_colour(choice: Colour, terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    match choice {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
    }
}

/// Whether to show progress: only on a terminal's stderr, and only when stdout is not that
/// terminal too (the two would interleave).
pub fn show_progress(stderr_terminal: bool, stdout_terminal: bool) -> bool {
    stderr_terminal && !stdout_terminal
}

/// What one argument is.
#[derive(Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input.
    Stdin,
    /// A regular file.
    File(String),
    /// A URL, with its 1-based argument number.
    Url(usize, String),
}

/// How an argument that names nothing on disk is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A missing path that looks like one is an I/O error (`check`).
    PathIsError,
    /// It is a URL (`parse`, whose arguments are mostly relative references).
    Url,
}

/// Classifies an argument (see the module's doc); the error is an I/O error's message.
pub fn classify(
    number: usize,
    arg: &str,
    force_url: bool,
    missing: Missing,
) -> Result<Source, String> {
    if arg == "-" {
        return Ok(Source::Stdin);
    }
    if force_url {
        return Ok(Source::Url(number, arg.to_owned()));
    }
    match std::fs::metadata(arg) {
        Ok(meta) if meta.is_file() => Ok(Source::File(arg.to_owned())),
        Ok(_) => Err(format!(
            "{arg}: not a regular file (a directory, FIFO or device); give a file, `-` for \
             standard input, or --url to check the argument as a URL"
        )),
        Err(e) if missing == Missing::PathIsError && looks_like_path(arg) => Err(format!(
            "{arg}: {e}; use --url to check the argument as a URL"
        )),
        Err(_) => Ok(Source::Url(number, arg.to_owned())),
    }
}

/// No scheme, and a path separator or the extension of a file `check` reads.
fn looks_like_path(arg: &str) -> bool {
    let has_scheme = arg.split_once(':').is_some_and(|(scheme, _)| {
        let mut chars = scheme.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    let extension = arg.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let document = matches!(
        extension.as_deref(),
        Some("html" | "htm" | "xhtml" | "md" | "markdown" | "jsonl" | "txt" | "list")
    );
    !has_scheme && (arg.contains(['/', '\\']) || document)
}

/// URLs checked per chunk: the unit of work split across threads.
const CHUNK: usize = 16_384;

/// How many chunks are checked ahead of the one reported. The main thread reads a chunk and
/// starts its workers; once more than `IN_FLIGHT` chunks are started and not reported, it waits
/// for the oldest and reports it. With 2, the workers of up to three chunks run while it waits,
/// so that a part of the oldest still being checked leaves a core idle less often than with 1;
/// the first report comes after three chunks are read. Measured in docs/performance-log.md,
/// thirty-third round.
const IN_FLIGHT: usize = 2;

/// The reading buffer of a file or standard input: lists are read a buffer at a time.
const READ_SIZE: usize = 1 << 18;
/// How often the progress line is updated.
const PROGRESS_EVERY: usize = 10_000;

/// Checks every input and renders the reports.
pub fn run(args: &Args) -> ExitCode {
    match prepare(args) {
        Ok(run) => run.go(args),
        Err(message) => {
            eprintln!("pegurl check: {message}");
            ExitCode::from(2)
        }
    }
}

/// Everything decided before the first output.
struct Run {
    sources: Vec<Source>,
    base: Option<(Arc<Base>, Arc<str>)>,
    encoding: Option<&'static Encoding>,
    jobs: usize,
}

fn prepare(args: &Args) -> Result<Run, String> {
    let base = match &args.base {
        None => None,
        Some(text) => {
            let url = url_api::parse_base(text)
                .map_err(|e| format!("--base {text:?} is not a URL: {e}"))?;
            Some((Arc::new(url), Arc::from(text.as_str())))
        }
    };
    let encoding = match &args.encoding {
        None => None,
        Some(label) => Some(Encoding::for_label(label.as_bytes()).ok_or_else(|| {
            format!(
                "unknown encoding label {label:?} (see \
                 https://encoding.spec.whatwg.org/#names-and-labels)"
            )
        })?),
    };
    let sources = args
        .inputs
        .iter()
        .enumerate()
        .map(|(i, arg)| classify(i + 1, arg, args.url, Missing::PathIsError))
        .collect::<Result<Vec<_>, _>>()?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let jobs = args.jobs.unwrap_or(cores);
    if jobs == 0 {
        return Err("--jobs must be at least 1".to_owned());
    }
    Ok(Run {
        sources,
        base,
        encoding,
        jobs,
    })
}

impl Run {
    fn go(&self, args: &Args) -> ExitCode {
        if args.fix {
            if let Err(e) = self.fix_files(args) {
                eprintln!("pegurl check: {e}");
                return ExitCode::from(2);
            }
        }
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        let colour = use_colour(
            args.color,
            terminal,
            std::env::var_os("NO_COLOR").as_deref(),
        );
        let mut out = BufWriter::new(stdout.lock());
        let mut renderer = render::new(args.format, colour);
        let mut state = State {
            renderer: &mut *renderer,
            summary: Summary::default(),
            progress: show_progress(io::stderr().is_terminal(), terminal),
        };
        let workers = render::new(args.format, colour);
        let mut result = state.renderer.begin(&mut out);
        if result.is_ok() {
            result = self.each_chunk(args, &*workers, |checked| state.report(&mut out, checked));
        }
        // The document is closed even after an I/O error, so SARIF stays whole.
        let end = state.renderer.end(&mut out, state.summary);
        let result = result.and(end).and_then(|()| out.flush());
        if state.progress && state.summary.checked >= PROGRESS_EVERY {
            eprint!("\r\x1b[K");
        }
        match result {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("pegurl check: {e}");
                ExitCode::from(2)
            }
            Ok(()) if state.summary.with_problems > 0 => ExitCode::FAILURE,
            Ok(()) => ExitCode::SUCCESS,
        }
    }

    /// Reads every source in chunks, checks each chunk on `jobs` threads, and hands the items
    /// with their outcomes to `report` in input order. A pipeline: while the chunks after the
    /// oldest are checked (up to [`IN_FLIGHT`] of them), this thread reports the oldest and
    /// then reads the next. When a source cannot be read on (a line that is not JSON, say), the
    /// chunks read before it are still reported, then the error is returned; after an error
    /// writing a report, nothing more is written.
    fn each_chunk(
        &self,
        args: &Args,
        workers: &dyn Render,
        mut report: impl FnMut(outcome::Checked) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut in_flight: VecDeque<outcome::Batch> = VecDeque::with_capacity(IN_FLIGHT + 1);
        let mut report_batch = |batch: outcome::Batch| -> io::Result<()> {
            batch.join().into_iter().try_for_each(&mut report)
        };
        // The error writing a report, kept here: the reading stops with one of its kind.
        let mut write_error = None;
        let mut read = Ok(());
        for source in &self.sources {
            read = self.read(args, source, &mut |parts: Vec<Work>| {
                in_flight.push_back(outcome::Batch::spawn(parts, self.jobs, Some(workers)));
                if in_flight.len() > IN_FLIGHT {
                    if let Some(oldest) = in_flight.pop_front() {
                        report_batch(oldest).map_err(|e| {
                            let stop = io::Error::from(e.kind());
                            write_error = Some(e);
                            stop
                        })?;
                    }
                }
                Ok(())
            });
            if read.is_err() {
                break;
            }
        }
        if let Some(e) = write_error {
            return Err(e);
        }
        in_flight.into_iter().try_for_each(report_batch)?;
        read
    }

    /// Reads one source and hands its items on, a chunk at a time.
    fn read(
        &self,
        args: &Args,
        source: &Source,
        each: &mut dyn FnMut(Vec<Work>) -> io::Result<()>,
    ) -> io::Result<()> {
        let (name, reader): (Arc<str>, Box<dyn io::BufRead + Send>) = match source {
            Source::Url(number, url) => {
                let file: Arc<str> = Arc::from(format!("argument {number}"));
                let mut item = Item::whole(file, url, 1, 0);
                self.default_base(&mut item);
                return each(vec![Work::Items(vec![item])]);
            }
            Source::Stdin => (
                Arc::from("-"),
                Box::new(BufReader::with_capacity(READ_SIZE, io::stdin())),
            ),
            Source::File(path) => {
                let file = File::open(path).map_err(|e| annotate(e, path))?;
                (
                    Arc::from(path.as_str()),
                    Box::new(BufReader::with_capacity(READ_SIZE, file)),
                )
            }
        };
        let annotated = |e: io::Error| annotate(e, &name);
        match args.input_format.of(if matches!(source, Source::Stdin) {
            "-"
        } else {
            &name
        }) {
            InputFormat::Html | InputFormat::Markdown => {
                let mut reader = reader;
                let mut bytes = Vec::new();
                reader.read_to_end(&mut bytes).map_err(annotated)?;
                let items = self.document(args, &name, &bytes);
                for chunk in chunks(items) {
                    each(vec![Work::Items(chunk)])?;
                }
                Ok(())
            }
            InputFormat::Jsonl => {
                let mut lines = Lines::new(name.clone(), reader);
                let mut cache: Option<(Arc<str>, Option<Arc<Base>>)> = None;
                loop {
                    let mut items = jsonl::next_chunk(&mut lines, CHUNK).map_err(annotated)?;
                    if items.is_empty() {
                        return Ok(());
                    }
                    for item in &mut items {
                        self.own_base(item, &mut cache);
                    }
                    each(vec![Work::Items(items)])?;
                }
            }
            InputFormat::Lines | InputFormat::Auto => {
                // This thread only splits the list; each worker decodes its lines.
                let mut lines = Lines::new(name.clone(), reader);
                let per_job = CHUNK.div_ceil(self.jobs);
                loop {
                    let mut parts = Vec::with_capacity(self.jobs);
                    while parts.len() < self.jobs {
                        let Some(raw) = lines.next_raw(per_job).map_err(annotated)? else {
                            break;
                        };
                        parts.push(Work::Lines(raw, self.base.clone()));
                    }
                    if parts.is_empty() {
                        return Ok(());
                    }
                    each(parts)?;
                }
            }
        }
    }

    /// The items of an HTML or Markdown document. Its URL is `--base`, or else the file's own
    /// `file:` URL, as a browser that opens the file has it.
    fn document(&self, args: &Args, name: &Arc<str>, bytes: &[u8]) -> Vec<Item> {
        let own_url = || {
            let (url, text) = url_api::file_url(name).filter(|_| name.as_ref() != "-")?;
            Some((Arc::new(url), Arc::from(text.as_str())))
        };
        let document_url = self.base.clone().or_else(own_url);
        if args.input_format.of(name) == InputFormat::Html {
            let context = html::Context {
                base: document_url,
                encoding: self.encoding,
            };
            return html::read(name, bytes, &context);
        }
        let without_bom = super::input::strip_bom(bytes);
        let bom = bytes.len() - without_bom.len();
        let text = String::from_utf8_lossy(without_bom);
        let fixable = matches!(text, std::borrow::Cow::Borrowed(_));
        let mut items = markdown::read(name, &text);
        for item in &mut items {
            item.base = document_url.as_ref().map(|(url, _)| url.clone());
            item.base_text = document_url.as_ref().map(|(_, text)| text.clone());
            item.text_offset = if fixable { bom } else { usize::MAX };
        }
        items
    }

    fn default_base(&self, item: &mut Item) {
        if let Some((base, text)) = &self.base {
            item.base = Some(base.clone());
            item.base_text = Some(text.clone());
        }
    }

    /// A JSON line's own base, parsed once while lines repeat it.
    fn own_base(&self, item: &mut Item, cache: &mut Option<(Arc<str>, Option<Arc<Base>>)>) {
        let Some(text) = item.base_text.clone() else {
            self.default_base(item);
            return;
        };
        let hit = cache.as_ref().filter(|(t, _)| *t == text);
        let parsed = match hit {
            Some((_, parsed)) => parsed.clone(),
            None => {
                let parsed = url_api::parse_base(&text).ok().map(Arc::new);
                *cache = Some((text, parsed.clone()));
                parsed
            }
        };
        item.base = parsed;
    }
}

impl Run {
    /// `--fix`: checks each file, applies its safe fixes in place, and says how many.
    fn fix_files(&self, args: &Args) -> io::Result<()> {
        for source in &self.sources {
            let Source::File(path) = source else {
                continue;
            };
            let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
            self.read(args, source, &mut |parts: Vec<Work>| {
                let items: Vec<Item> = parts.into_iter().flat_map(Work::into_items).collect();
                let outcomes = outcome::check_all(&items, self.jobs);
                for (item, outcome) in items.iter().zip(&outcomes) {
                    edits.extend(super::fix::safe_edits(item, outcome));
                }
                Ok(())
            })?;
            if edits.is_empty() {
                continue;
            }
            let bytes = std::fs::read(path).map_err(|e| annotate(e, path))?;
            let (fixed, applied) = super::fix::apply_edits(&bytes, edits);
            std::fs::write(path, fixed).map_err(|e| annotate(e, path))?;
            let noun = if applied == 1 { "fix" } else { "fixes" };
            eprintln!("pegurl check: {path}: applied {applied} {noun}");
        }
        Ok(())
    }
}

/// A document's items in chunks of at most `CHUNK`.
fn chunks(items: Vec<Item>) -> Vec<Vec<Item>> {
    let mut chunks = Vec::new();
    let mut current = Vec::new();
    for item in items {
        current.push(item);
        if current.len() == CHUNK {
            chunks.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    chunks
}

struct State<'r> {
    renderer: &'r mut dyn Render,
    summary: Summary,
    progress: bool,
}

impl State<'_> {
    /// Counts a checked part and writes its reports (rendered by the workers when they could).
    fn report(&mut self, out: &mut dyn Write, checked: outcome::Checked) -> io::Result<()> {
        match checked.rendered {
            Some(buffer) => out.write_all(&buffer?)?,
            None => {
                for (item, outcome) in checked.items.iter().zip(&checked.outcomes) {
                    self.renderer.report(out, item, outcome)?;
                }
            }
        }
        let (checked_before, problems_before) = (self.summary.checked, self.summary.with_problems);
        self.summary.checked += checked.count;
        self.summary.with_problems += checked.with_problems.len();
        if self.progress {
            // The count at every multiple of PROGRESS_EVERY the part passes.
            let first = checked_before / PROGRESS_EVERY + 1;
            for step in first..=self.summary.checked / PROGRESS_EVERY {
                let within = step * PROGRESS_EVERY - checked_before;
                let problems = checked
                    .with_problems
                    .iter()
                    .filter(|&&i| i < within)
                    .count();
                eprint!(
                    "\r\x1b[Kchecked {} URLs, {} with problems",
                    step * PROGRESS_EVERY,
                    problems_before + problems
                );
            }
        }
        Ok(())
    }
}

pub(super) fn annotate(e: io::Error, path: &str) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_only_on_a_terminal_that_is_not_also_stdout() {
        assert!(show_progress(true, false));
        assert!(!show_progress(true, true));
        assert!(!show_progress(false, false));
    }

    #[test]
    fn no_color_turns_auto_off() {
        let set = Some(std::ffi::OsStr::new("1"));
        let empty = Some(std::ffi::OsStr::new(""));
        assert!(use_colour(Colour::Auto, true, None));
        assert!(use_colour(Colour::Auto, true, empty));
        assert!(!use_colour(Colour::Auto, true, set));
        assert!(!use_colour(Colour::Auto, false, None));
        assert!(use_colour(Colour::Always, false, set));
        assert!(!use_colour(Colour::Never, true, None));
    }

    #[test]
    fn arguments_are_files_urls_or_io_errors() {
        assert_eq!(
            classify(1, "-", false, Missing::PathIsError),
            Ok(Source::Stdin)
        );
        assert_eq!(
            classify(2, "https://example.org/", false, Missing::PathIsError),
            Ok(Source::Url(2, "https://example.org/".to_owned()))
        );
        assert_eq!(
            classify(1, "example.org", false, Missing::PathIsError),
            Ok(Source::Url(1, "example.org".to_owned()))
        );
        assert!(classify(1, "no/such/file", false, Missing::PathIsError).is_err());
        assert!(classify(1, "missing.html", false, Missing::PathIsError).is_err());
        assert_eq!(
            classify(1, "missing.html", true, Missing::PathIsError),
            Ok(Source::Url(1, "missing.html".to_owned()))
        );
        assert!(classify(1, "/", false, Missing::PathIsError).is_err());
        assert_eq!(
            classify(1, "Cargo.toml", false, Missing::PathIsError),
            Ok(Source::File("Cargo.toml".to_owned()))
        );
    }
}
