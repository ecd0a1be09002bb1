//! Command-line interface: one file per subcommand.

pub mod check;
mod compare;
mod grammar;
mod parse;
mod railroad;
mod render;
mod rfc3986;

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
    /// Report every validation error of URLs, with spans: human, JSON lines or SARIF output.
    Check(check::Args),
    /// Read URLs by RFC 3986 and by the URL Standard, side by side, and list the disagreements
    /// that matter for security (scheme, host, port, credentials, path, acceptance).
    Compare(compare::Args),
    /// The grammar workbench: railroad diagrams, and the WPT suites with a modified grammar.
    #[command(subcommand)]
    Grammar(grammar::Command),
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
    match cli.command {
        Command::Parse(args) => parse::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Grammar(command) => grammar::run(&command),
    }
}
