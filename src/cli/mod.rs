//! Command-line interface: one file per subcommand.

/// `print!` through [`stdout::print`]: a closed reader ends the program quietly.
macro_rules! out_print {
    ($($arg:tt)*) => {
        $crate::cli::stdout::print(format_args!($($arg)*))
    };
}

/// `println!` through [`stdout::print`]: a closed reader ends the program quietly.
macro_rules! out_println {
    () => {
        $crate::cli::stdout::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {{
        $crate::cli::stdout::print(format_args!($($arg)*));
        $crate::cli::stdout::print(format_args!("\n"));
    }};
}

mod adapter;
pub mod check;
mod compare;
mod consistency;
mod findings;
mod fix;
mod grammar;
mod grammar_size;
mod impact;
mod input;
mod outcome;
mod parse;
mod railroad;
mod render;
mod rfc3986;
mod serve;
mod stdout;
mod taken_path;
mod url_api;
mod wpt_delta;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// pegurl: WHATWG URL parsing driven by a PEG grammar.
#[derive(Parser, Debug)]
#[command(name = "pegurl", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse URLs and print the href, the WHATWG components and the URL record.
    Parse(parse::Args),
    /// Report every validation error of URLs in arguments, lists, HTML and Markdown documents,
    /// with their places and fixes: human, JSON lines or SARIF output.
    Check(check::Args),
    /// Read URLs by RFC 3986 and by the URL Standard, side by side, and list the disagreements
    /// that matter for security (scheme, host, port, credentials, path, acceptance).
    Compare(compare::Args),
    /// The grammar workbench: railroad diagrams, and the WPT suites with a modified grammar.
    #[command(subcommand)]
    Grammar(grammar::Command),
    /// The live viewer: a local page that shows what pegurl makes of an input as you type it.
    Serve(serve::Args),
}

/// pest_meta's errors, one a line.
fn grammar_errors<E: std::fmt::Display>(errors: &[E]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the tool; exit code 0 when every input parsed, 1 when any failed, 2 on usage errors.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    // Grammars loaded at run time are read and run recursively: every command runs on the stack
    // grammar_size's bounds call for.
    let run = move || match cli.command {
        Command::Parse(args) => parse::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Grammar(command) => grammar::run(&command),
        Command::Serve(args) => serve::run(&args),
    };
    grammar_size::on_big_stack(run).unwrap_or_else(|e| {
        eprintln!("pegurl: {e}");
        ExitCode::from(2)
    })
}

/// Parses `input` against a base given as text, as `new URL(input, base)` does (a base that does
/// not parse is a failure), collecting every validation error of the input.
fn parse_collecting(
    input: &str,
    base: Option<&str>,
) -> (
    Result<pegurl::Url, pegurl::ParseError>,
    Vec<pegurl::ValidationError>,
) {
    let mut errors = Vec::new();
    let url = match base.map(pegurl::Url::parse).transpose() {
        Ok(base) => pegurl::Url::options()
            .base_url(base.as_ref())
            .validation_errors(&mut errors)
            .parse(input),
        Err(_) => pegurl::quirks::new_url(input, base),
    };
    (url, errors)
}
