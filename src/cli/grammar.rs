//! `pegurl grammar`: the workbench for grammar experiments.
//!
//! - `railroad [--grammar FILE] [-o out.html|out.svg] [RULE...]`: railroad diagrams.
//! - `test --grammar FILE [--suite urltestdata|setters|all]`: the WPT suites run with a grammar
//!   loaded at run time, compared with the expected results and with the built-in grammar.

use std::fmt::Write as _;
use std::process::ExitCode;

use pegurl::{RuntimeGrammar, Url, BUILTIN_GRAMMAR};
use serde_json::Value;

use super::railroad;

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
    /// Run the WPT suites with a grammar loaded at run time and compare it with the built-in one.
    Test {
        /// The .pest grammar to load (pest_meta + pest_vm).
        #[arg(long)]
        grammar: String,
        /// Which suite: urltestdata, setters or all.
        #[arg(long, default_value = "all")]
        suite: String,
        /// How many differing cases to list.
        #[arg(long, default_value_t = 50)]
        show: usize,
    },
    /// Read the WPT inputs with RFC 3986 (grammar/experiments/rfc3986.pest) and with the URL
    /// Standard: which are valid in one and not the other, and which resolve differently.
    #[command(name = "rfc3986-diff")]
    Rfc3986Diff {
        /// How many cases to list per section.
        #[arg(long, default_value_t = 10)]
        show: usize,
    },
}

/// Runs a `grammar` subcommand.
pub fn run(command: &Command) -> ExitCode {
    let result = match command {
        Command::Railroad {
            grammar,
            output,
            rules,
        } => railroad(grammar.as_deref(), output.as_deref(), rules),
        Command::Test {
            grammar,
            suite,
            show,
        } => test(grammar, suite, *show),
        Command::Rfc3986Diff { show } => super::rfc3986::diff(*show),
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
        None => Ok((BUILTIN_GRAMMAR.to_owned(), "grammar/url.pest".to_owned())),
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
    let (source, name) = read(grammar)?;
    let (header, rules) = railroad::draw(&source, only)?;
    if let Some(missing) = only.iter().find(|r| !rules.iter().any(|d| &d.name == *r)) {
        return Err(format!("no rule {missing} in {name}"));
    }
    let text = match output {
        Some(path) if path.ends_with(".svg") => railroad::svg(&source, only)?,
        _ => railroad::html(&format!("Railroad diagrams of {name}"), &header, &rules),
    };
    match output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// One suite's outcome.
#[derive(Default)]
struct Tally {
    cases: usize,
    runtime_passes: usize,
    builtin_passes: usize,
    differences: Vec<String>,
}

fn test(path: &str, suite: &str, show: usize) -> Result<ExitCode, String> {
    let (source, _) = read(Some(path))?;
    let grammar =
        RuntimeGrammar::load(&source).map_err(|e| format!("{path} does not load:\n{e}"))?;
    let missing = grammar.missing_productions();
    if !missing.is_empty() {
        let names: Vec<_> = missing.iter().map(|p| p.name()).collect();
        println!(
            "note: {path} lacks productions the builder uses: {}",
            names.join(", ")
        );
    }
    let suites: &[&str] = match suite {
        "all" => &["urltestdata", "setters"],
        "urltestdata" => &["urltestdata"],
        "setters" => &["setters"],
        other => {
            return Err(format!(
                "unknown suite {other} (urltestdata, setters or all)"
            ))
        }
    };
    let mut any_difference = false;
    for suite in suites {
        let tally = match *suite {
            "urltestdata" => urltestdata(&grammar)?,
            _ => setters(&grammar)?,
        };
        println!(
            "{suite}: {} cases; {path} passes {}, the built-in grammar passes {}; {} differ",
            tally.cases,
            tally.runtime_passes,
            tally.builtin_passes,
            tally.differences.len()
        );
        for line in tally.differences.iter().take(show) {
            println!("  {line}");
        }
        if tally.differences.len() > show {
            println!("  ... {} more", tally.differences.len() - show);
        }
        any_difference |= !tally.differences.is_empty();
    }
    Ok(if any_difference {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn load(text: &str) -> Result<Value, String> {
    serde_json::from_str(&pegurl::wpt::replace_lone_surrogates(text)).map_err(|e| e.to_string())
}

fn outcome(result: Result<Url, pegurl::ParseError>) -> Option<String> {
    result.ok().map(|u| u.href().to_owned())
}

fn urltestdata(grammar: &RuntimeGrammar) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for case in load(pegurl::wpt::URLTESTDATA)?
        .as_array()
        .into_iter()
        .flatten()
    {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base_text = case.get("base").and_then(Value::as_str);
        let base = base_text.and_then(|b| Url::parse(b).ok());
        let expected = case.get("href").and_then(Value::as_str).map(str::to_owned);
        let builtin = outcome(Url::options().base_url(base.as_ref()).parse(input));
        let runtime = outcome(
            Url::options()
                .base_url(base.as_ref())
                .grammar(grammar)
                .parse(input),
        );
        tally.cases += 1;
        tally.builtin_passes += usize::from(builtin == expected);
        tally.runtime_passes += usize::from(runtime == expected);
        if builtin != runtime {
            let mut line = format!("{input:?}");
            if let Some(b) = base_text {
                let _ = write!(line, " against {b:?}");
            }
            let _ = write!(line, ": built-in {builtin:?}, this grammar {runtime:?}");
            tally.differences.push(line);
        }
    }
    Ok(tally)
}

fn setters(grammar: &RuntimeGrammar) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let data = load(pegurl::wpt::SETTERS_TESTS)?;
    for (attribute, cases) in data.as_object().into_iter().flatten() {
        if attribute == "comment" {
            continue;
        }
        for case in cases.as_array().into_iter().flatten() {
            let text = |key: &str| case.get(key).and_then(Value::as_str).unwrap_or_default();
            let (href, value) = (text("href"), text("new_value"));
            let Ok(mut builtin) = Url::parse(href) else {
                continue;
            };
            let mut runtime = builtin.clone();
            let _ = builtin.set_component(attribute, value);
            let _ = grammar.set_component(&mut runtime, attribute, value);
            let passes = |url: &Url| {
                case.get("expected")
                    .and_then(Value::as_object)
                    .is_some_and(|expected| {
                        expected
                            .iter()
                            .all(|(name, v)| url.component(name).as_deref() == v.as_str())
                    })
            };
            tally.cases += 1;
            tally.builtin_passes += usize::from(passes(&builtin));
            tally.runtime_passes += usize::from(passes(&runtime));
            if builtin != runtime {
                tally.differences.push(format!(
                    "<{href}>.{attribute} = {value:?}: built-in {:?}, this grammar {:?}",
                    builtin.href(),
                    runtime.href()
                ));
            }
        }
    }
    Ok(tally)
}
