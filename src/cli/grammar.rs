//! `pegurl grammar`: the workbench for grammar experiments.
//!
//! - `railroad [--grammar FILE] [-o out.html|out.svg] [RULE...]`: railroad diagrams.
//! - `test --grammar FILE [--baseline FILE] [--suite urltestdata|setters|all|none]
//!   [--corpus FILE...]`: the WPT suites run with a grammar loaded at run time, compared with the
//!   expected results and with the baseline (the built-in grammar by default); then the impact
//!   on each corpus of real URLs (see `impact`).
//! - `consistency [--count N] [--seed S] [--base B]... [--valid-grammar F] [--grammar G]`: the
//!   writing section and the parser checked against each other (src/cli/consistency.rs).

use std::process::ExitCode;

use super::adapter::Parser;
use super::{impact, railroad, wpt_delta};

/// `pegurl grammar` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Draw railroad diagrams of a grammar's productions (HTML page or one SVG).
    Railroad {
        /// The .pest grammar; the built-in grammar/url.pest by default.
        #[arg(long)]
        grammar: Option<String>,
        /// Where to write: a .html page (default: standard output) or a .svg image.
        #[arg(short, long)]
        output: Option<String>,
        /// Only these rules.
        rules: Vec<String>,
    },
    /// Run the WPT suites (and any corpus of real URLs) with a grammar loaded at run time and
    /// compare it with the built-in one or with a baseline grammar.
    Test(TestArgs),
    /// Read the WPT inputs with RFC 3986 (grammar/rfc3986.pest) and with the URL
    /// Standard: which are valid in one and not the other, and which resolve differently.
    #[command(name = "rfc3986-diff")]
    Rfc3986Diff {
        /// How many cases to list per section.
        #[arg(long, default_value_t = 10)]
        show: usize,
    },
    /// Check the spec's two definitions of a valid URL string (the writing section and the
    /// parser's validation errors) against each other on generated inputs.
    Consistency(super::consistency::Args),
}

/// Arguments of `pegurl grammar test`.
#[derive(clap::Args, Debug)]
pub struct TestArgs {
    /// The .pest grammar to load (pest_meta + pest_vm).
    #[arg(long)]
    grammar: String,
    /// Compare with this .pest grammar instead of the built-in one.
    #[arg(long)]
    baseline: Option<String>,
    /// Which WPT suite: urltestdata, setters, all or none.
    #[arg(long, default_value = "all")]
    suite: String,
    /// How many differing WPT cases to list.
    #[arg(long, default_value_t = 50)]
    show: usize,
    /// A corpus of real URLs: one URL a line, or JSONL (`{"input", "base"}` a line) when the
    /// name ends in .jsonl; repeatable. Reports how many inputs change href, start or stop
    /// failing, change validity or validation errors.
    #[arg(long)]
    corpus: Vec<String>,
    /// How many examples of each kind of corpus change to list.
    #[arg(long, default_value_t = 3)]
    examples: usize,
}

/// Runs a `grammar` subcommand.
pub fn run(command: &Command) -> ExitCode {
    let result = match command {
        Command::Railroad {
            grammar,
            output,
            rules,
        } => railroad(grammar.as_deref(), output.as_deref(), rules),
        Command::Test(args) => test(args),
        Command::Rfc3986Diff { show } => super::rfc3986::diff(*show),
        Command::Consistency(args) => super::consistency::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("pegurl grammar: {message}");
            ExitCode::from(2)
        }
    }
}

fn read(path: Option<&str>) -> Result<(String, String), String> {
    match path {
        None => Ok((
            Parser::builtin_source().to_owned(),
            "grammar/url.pest".to_owned(),
        )),
        Some(path) => std::fs::read_to_string(path)
            .map(|text| (text, path.to_owned()))
            .map_err(|e| format!("{path}: {e}")),
    }
}

fn railroad(
    grammar: Option<&str>,
    output: Option<&str>,
    only: &[String],
) -> Result<ExitCode, String> {
    let kind = output.map(railroad::output_kind).transpose()?;
    let (source, name) = read(grammar)?;
    pegurl::workbench::check_grammar_bounds(&source).map_err(|e| format!("{name}: {e}"))?;
    let (header, rules) = railroad::draw(&source, only)?;
    if let Some(missing) = only.iter().find(|r| !rules.iter().any(|d| &d.name == *r)) {
        return Err(format!("no rule {missing} in {name}"));
    }
    let text = match kind {
        Some(railroad::OutputKind::Svg) => railroad::svg(&source, only)?,
        _ => railroad::html(&format!("Railroad diagrams of {name}"), &header, &rules),
    };
    match output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?,
        None => out_print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

fn test(args: &TestArgs) -> Result<ExitCode, String> {
    let path = &args.grammar;
    let grammar = load(path)?;
    let missing = grammar.missing_productions();
    if !missing.is_empty() {
        out_println!(
            "note: {path} lacks productions the builder uses: {}",
            missing.join(", ")
        );
    }
    let (baseline, baseline_name) = match &args.baseline {
        Some(path) => (load(path)?, path.as_str()),
        None => (Parser::Builtin, "the built-in grammar"),
    };
    let suites = match args.suite.as_str() {
        "all" => wpt_delta::SUITES.to_vec(),
        "none" => Vec::new(),
        one => vec![one],
    };
    let mut any_difference = false;
    for suite in suites {
        let tally = wpt_delta::run(suite, &grammar, &baseline)?;
        out_println!(
            "{suite}: {} cases; {path} passes {}, {baseline_name} passes {}; {} differ",
            tally.cases,
            tally.passes,
            tally.baseline_passes,
            tally.differences.len()
        );
        let before = if args.baseline.is_some() {
            "baseline"
        } else {
            "built-in"
        };
        // A setter's refusal follows the href it left, in parentheses.
        let refused = |why: &Option<String>| why.as_ref().map(|w| format!(" ({w})"));
        for d in tally.differences.iter().take(args.show) {
            out_println!(
                "  {}: {before} {:?}{}, this grammar {:?}{}",
                d.case,
                d.baseline,
                refused(&d.baseline_refused).unwrap_or_default(),
                d.grammar,
                refused(&d.grammar_refused).unwrap_or_default()
            );
        }
        if tally.differences.len() > args.show {
            out_println!("  ... {} more", tally.differences.len() - args.show);
        }
        any_difference |= !tally.differences.is_empty();
    }
    for corpus in &args.corpus {
        let items = impact::read(corpus)?;
        let impact = impact::measure(&items, &grammar, &baseline);
        out_print!("{}", impact::report(corpus, &impact, args.examples));
        any_difference |= !impact.changed.is_empty();
    }
    Ok(if any_difference {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Loads a grammar file at run time.
fn load(path: &str) -> Result<Parser, String> {
    let (source, _) = read(Some(path))?;
    Parser::load(&source).map_err(|e| format!("{path} does not load:\n{e}"))
}
