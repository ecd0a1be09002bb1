//! `pegurl check`: validation errors of URLs, for linters and CI pipelines.
//!
//! Inputs are URLs given as arguments, or files (or `-` for standard input) read as one URL per
//! line or as JSON lines `{"input": ..., "base": ...}`. Each input is parsed and reported as it
//! is read (constant memory); the exit code is 0 when no input has a validation error or a
//! failure, 1 when any has, 2 on usage or I/O errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use pegurl::{ParseError, Url, ValidationError};

use super::render::{self, Format};

/// Arguments of `pegurl check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The base URL for inputs that have none of their own.
    #[arg(long)]
    base: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// How files and standard input are read: one URL per line, or JSON lines
    /// `{"input": ..., "base": ...}` (inputs may then hold tabs and newlines).
    #[arg(long, value_enum, default_value_t = InputFormat::Lines)]
    input_format: InputFormat,
    /// URLs, files of URLs, or `-` for standard input. An argument that names an existing file
    /// is read as a file.
    #[arg(required = true)]
    inputs: Vec<String>,
}

/// How input files are read.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum InputFormat {
    /// One URL per line (the line break, and a CR before it, are not part of the URL).
    Lines,
    /// One JSON object per line: `{"input": str, "base": str|null}`.
    Jsonl,
}

/// One input, where it came from, and what the parser made of it.
pub struct Checked<'a> {
    /// Where the input came from: "argument 2", "urls.txt:14", "-:3".
    pub origin: &'a str,
    /// Path and line, when the input came from a file or standard input.
    pub file: Option<(&'a str, usize)>,
    /// The input, as given.
    pub input: &'a str,
    /// The base it was parsed against.
    pub base: Option<&'a str>,
    /// The URL, or the failure.
    pub url: &'a Result<Url, ParseError>,
    /// Every validation error, in order.
    pub errors: &'a [ValidationError],
    /// The writing grammar's verdict.
    pub writing: &'a Result<(), pegurl::Invalid>,
}

impl Checked<'_> {
    /// Whether the input is a valid URL string, by the writing grammar (grammar/valid.pest).
    pub fn valid(&self) -> bool {
        self.writing.is_ok()
    }

    /// Whether the parser met no validation error and no failure.
    pub fn clean(&self) -> bool {
        self.errors.is_empty() && self.url.is_ok()
    }
}

/// Checks every input and renders the reports.
pub fn run(args: &Args) -> ExitCode {
    let stdout = io::stdout();
    let colour = stdout.is_terminal();
    let mut out = BufWriter::new(stdout.lock());
    let mut renderer = render::new(args.format, colour);
    let mut state = State {
        renderer: &mut *renderer,
        default_base: args.base.clone(),
        checked: 0,
        with_errors: 0,
        progress: io::stderr().is_terminal(),
    };
    let result = (|| -> io::Result<()> {
        state.renderer.begin(&mut out)?;
        for (n, arg) in args.inputs.iter().enumerate() {
            if arg == "-" {
                state.read(io::stdin().lock(), "-", args.input_format, &mut out)?;
            } else if Path::new(arg).is_file() {
                let file = File::open(arg).map_err(|e| annotate(e, arg))?;
                state.read(BufReader::new(file), arg, args.input_format, &mut out)?;
            } else {
                let origin = format!("argument {}", n + 1);
                let base = state.default_base.clone();
                state.check(&origin, None, arg, base.as_deref(), &mut out)?;
            }
        }
        state
            .renderer
            .end(&mut out, state.checked, state.with_errors)?;
        out.flush()
    })();
    if state.progress && state.checked >= PROGRESS_EVERY {
        eprint!("\r\x1b[K");
    }
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pegurl check: {e}");
            ExitCode::from(2)
        }
        Ok(()) if state.with_errors > 0 => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// How often the progress line on a terminal's stderr is updated.
const PROGRESS_EVERY: usize = 10_000;

struct State<'r> {
    renderer: &'r mut dyn render::Render,
    default_base: Option<String>,
    checked: usize,
    with_errors: usize,
    progress: bool,
}

impl State<'_> {
    /// Reads a file or standard input line by line.
    fn read(
        &mut self,
        reader: impl BufRead,
        path: &str,
        format: InputFormat,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        for (i, line) in reader.lines().enumerate() {
            let line = line.map_err(|e| annotate(e, path))?;
            let number = i + 1;
            let origin = format!("{path}:{number}");
            let file = Some((path, number));
            match format {
                InputFormat::Lines => {
                    let input = line.strip_suffix('\r').unwrap_or(&line);
                    let base = self.default_base.clone();
                    self.check(&origin, file, input, base.as_deref(), out)?;
                }
                InputFormat::Jsonl => {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let (input, base) = parse_jsonl(&line).map_err(|e| {
                        io::Error::new(io::ErrorKind::InvalidData, format!("{origin}: {e}"))
                    })?;
                    let base = base.or_else(|| self.default_base.clone());
                    self.check(&origin, file, &input, base.as_deref(), out)?;
                }
            }
        }
        Ok(())
    }

    /// Parses one input and renders its report.
    fn check(
        &mut self,
        origin: &str,
        file: Option<(&str, usize)>,
        input: &str,
        base: Option<&str>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let (url, errors) = super::parse_collecting(input, base);
        let base_url = base.and_then(|b| Url::parse(b).ok());
        let writing = pegurl::validate_url_string(input, base_url.as_ref());
        let checked = Checked {
            origin,
            file,
            input,
            base,
            url: &url,
            errors: &errors,
            writing: &writing,
        };
        if !checked.valid() || !checked.clean() {
            self.with_errors += 1;
        }
        self.renderer.report(out, &checked)?;
        self.checked += 1;
        if self.progress && self.checked.is_multiple_of(PROGRESS_EVERY) {
            eprint!(
                "\r\x1b[Kchecked {} inputs, {} with errors",
                self.checked, self.with_errors
            );
        }
        Ok(())
    }
}

/// Reads `{"input": str, "base": str|null}`.
fn parse_jsonl(line: &str) -> Result<(String, Option<String>), String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let input = value
        .get("input")
        .and_then(|v| v.as_str())
        .ok_or("expected an object with a string \"input\"")?;
    let base = match value.get("base") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(b)) => Some(b.clone()),
        Some(_) => return Err("\"base\" must be a string or null".to_owned()),
    };
    Ok((input.to_owned(), base))
}

fn annotate(e: io::Error, path: &str) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}
