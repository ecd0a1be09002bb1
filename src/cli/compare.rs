//! `pegurl compare`: each input read by RFC 3986 and by the URL Standard, side by side, with the
//! disagreements that matter for security (`pegurl::rfc3986::compare`).
//!
//! Inputs are URLs given as arguments, or files (or `-` for standard input; standard input too
//! when there is no argument) read as one URL per line or as JSON lines `{"input": ...,
//! "base": ...}`. Output is a human table or one JSON object a line (for a security team's
//! logs). Exit code 0 when no input shows a disagreement, 1 when any does, 2 on usage or I/O
//! errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use pegurl::rfc3986::{compare, Comparison, Disagreement, Reading};

use super::input::jsonl::input_and_base;
use serde_json::{json, Value};

/// Arguments of `pegurl compare`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The base URL for inputs that have none of their own.
    #[arg(long)]
    base: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// How files and standard input are read: one URL per line, or JSON lines
    /// `{"input": ..., "base": ...}`.
    #[arg(long, value_enum, default_value_t = InputFormat::Lines)]
    input_format: InputFormat,
    /// URLs, files of URLs, or `-` for standard input (the default). An argument that names an
    /// existing file is read as a file.
    inputs: Vec<String>,
}

/// How files and standard input are read.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum InputFormat {
    /// One URL per line (the line break, and a CR before it, are not part of the URL).
    Lines,
    /// One JSON object per line: `{"input": str, "base": str|null}`.
    Jsonl,
}

/// An I/O error, with the path it happened on.
fn annotate(e: io::Error, path: &str) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

/// Output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Both readings side by side, the disagreements below, and a summary.
    Human,
    /// One JSON object a line: the input, both readings and the disagreements.
    Jsonl,
}

/// Counts for the summary.
#[derive(Default)]
struct Tally {
    inputs: usize,
    disagreeing: usize,
    /// Per kind, in first-seen order.
    kinds: Vec<(&'static str, usize)>,
}

/// Compares every input and writes the reports.
pub fn run(args: &Args) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let stdin_only = ["-".to_owned()];
    let inputs = if args.inputs.is_empty() {
        &stdin_only[..]
    } else {
        &args.inputs[..]
    };
    let result = (|| -> io::Result<()> {
        for arg in inputs {
            if arg == "-" {
                read(io::stdin().lock(), "-", args, &mut tally, &mut out)?;
            } else if Path::new(arg).is_file() {
                let file = File::open(arg).map_err(|e| annotate(e, arg))?;
                read(BufReader::new(file), arg, args, &mut tally, &mut out)?;
            } else {
                report(arg, args.base.as_deref(), args.format, &mut tally, &mut out)?;
            }
        }
        if args.format == Format::Human {
            summary(&tally, &mut out)?;
        }
        out.flush()
    })();
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pegurl compare: {e}");
            ExitCode::from(2)
        }
        Ok(()) if tally.disagreeing > 0 => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// Reads a file or standard input line by line.
fn read(
    reader: impl BufRead,
    path: &str,
    args: &Args,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> io::Result<()> {
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| annotate(e, path))?;
        match args.input_format {
            InputFormat::Lines => {
                let input = line.strip_suffix('\r').unwrap_or(&line);
                report(input, args.base.as_deref(), args.format, tally, out)?;
            }
            InputFormat::Jsonl => {
                if line.trim().is_empty() {
                    continue;
                }
                let (input, base) = input_and_base(&line).map_err(|e| {
                    let message = format!("{path}:{}: {e}", i + 1);
                    io::Error::new(io::ErrorKind::InvalidData, message)
                })?;
                let base = base.or_else(|| args.base.clone());
                report(&input, base.as_deref(), args.format, tally, out)?;
            }
        }
    }
    Ok(())
}

/// Compares one input and writes its report.
fn report(
    input: &str,
    base: Option<&str>,
    format: Format,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> io::Result<()> {
    let comparison = compare(input, base);
    tally.inputs += 1;
    if !comparison.disagreements.is_empty() {
        tally.disagreeing += 1;
    }
    for d in &comparison.disagreements {
        match tally.kinds.iter_mut().find(|(kind, _)| *kind == d.kind()) {
            Some((_, n)) => *n += 1,
            None => tally.kinds.push((d.kind(), 1)),
        }
    }
    match format {
        Format::Human => human(input, base, &comparison, out),
        Format::Jsonl => {
            serde_json::to_writer(&mut *out, &jsonl(input, base, &comparison))?;
            writeln!(out)
        }
    }
}

/// Both readings side by side.
fn human(input: &str, base: Option<&str>, c: &Comparison, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "input       {input:?}")?;
    if let Some(base) = base {
        writeln!(out, "base        {base:?}")?;
    }
    let column = |r: &Result<Reading, String>, f: &dyn Fn(&Reading) -> String| match r {
        Ok(reading) => f(reading),
        Err(_) => "-".to_owned(),
    };
    let show = |v: &Option<String>| v.as_ref().map_or("none".to_owned(), |s| format!("{s:?}"));
    type Field<'a> = (&'a str, &'a dyn Fn(&Reading) -> String);
    let fields: [Field; 8] = [
        ("href", &|r| r.href.clone()),
        ("scheme", &|r| show(&r.scheme)),
        ("userinfo", &|r| show(&r.userinfo)),
        ("host", &|r| show(&r.host)),
        ("port", &|r| show(&r.port)),
        ("path", &|r| format!("{:?}", r.path)),
        ("query", &|r| show(&r.query)),
        ("fragment", &|r| show(&r.fragment)),
    ];
    let rows: Vec<(&str, String, String)> = fields
        .iter()
        .map(|(name, f)| (*name, column(&c.rfc3986, f), column(&c.whatwg, f)))
        .collect();
    let width = rows
        .iter()
        .map(|(_, rfc, _)| rfc.chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    writeln!(out, "            {:<width$}  whatwg", "rfc3986")?;
    for (name, rfc, whatwg) in &rows {
        writeln!(out, "{name:<11} {rfc:<width$}  {whatwg}")?;
    }
    let verdict_rfc = match (&c.rfc3986, &c.rfc3986_normalized) {
        (Ok(_), Some(normalized)) => format!("normalized {normalized}"),
        (Err(e), _) => format!("rejects: {e}"),
        (Ok(_), None) => String::new(),
    };
    let verdict_whatwg = match &c.whatwg {
        Ok(_) if c.whatwg_valid => "valid".to_owned(),
        Ok(_) => "parses, with validation errors".to_owned(),
        Err(e) => format!("rejects: {e}"),
    };
    writeln!(out, "rfc3986     {verdict_rfc}")?;
    writeln!(out, "whatwg      {verdict_whatwg}")?;
    if c.disagreements.is_empty() {
        writeln!(out, "agree       yes")?;
    }
    for d in &c.disagreements {
        writeln!(out, "DISAGREE    {d}")?;
    }
    writeln!(out)
}

/// The totals.
fn summary(tally: &Tally, out: &mut dyn Write) -> io::Result<()> {
    write!(
        out,
        "{} inputs, {} with disagreements",
        tally.inputs, tally.disagreeing
    )?;
    for (i, (kind, n)) in tally.kinds.iter().enumerate() {
        let sep = if i == 0 { ": " } else { ", " };
        write!(out, "{sep}{kind} {n}")?;
    }
    writeln!(out)
}

/// One JSON object for a comparison.
fn jsonl(input: &str, base: Option<&str>, c: &Comparison) -> Value {
    let reading = |r: &Result<Reading, String>| match r {
        Ok(r) => json!({
            "href": r.href, "scheme": r.scheme, "userinfo": r.userinfo, "host": r.host,
            "port": r.port, "path": r.path, "query": r.query, "fragment": r.fragment,
        }),
        Err(e) => json!({ "error": e }),
    };
    let disagreements: Vec<Value> = c.disagreements.iter().map(disagreement).collect();
    json!({
        "input": input,
        "base": base,
        "rfc3986": reading(&c.rfc3986),
        "rfc3986_normalized": c.rfc3986_normalized,
        "whatwg": reading(&c.whatwg),
        "whatwg_valid": c.whatwg_valid,
        "disagreements": disagreements,
    })
}

/// One disagreement as data: its kind and both sides.
fn disagreement(d: &Disagreement) -> Value {
    let mut value = match d {
        Disagreement::Acceptance {
            accepted_by,
            reason,
        } => json!({ "accepted_by": accepted_by.name(), "reason": reason }),
        Disagreement::Scheme { rfc3986, whatwg }
        | Disagreement::Host { rfc3986, whatwg }
        | Disagreement::Port { rfc3986, whatwg }
        | Disagreement::Credentials { rfc3986, whatwg } => {
            json!({ "rfc3986": rfc3986, "whatwg": whatwg })
        }
        Disagreement::Path { rfc3986, whatwg } => json!({ "rfc3986": rfc3986, "whatwg": whatwg }),
        Disagreement::PathLeavesRoot { path, normalized } => {
            json!({ "path": path, "normalized": normalized })
        }
        _ => json!({ "description": d.to_string() }),
    };
    if let Value::Object(map) = &mut value {
        map.insert("kind".to_owned(), Value::from(d.kind()));
    }
    value
}
