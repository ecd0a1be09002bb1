//! `pegurl grammar consistency`: the spec's two definitions of a valid URL string (the writing
//! section and the parser's validation errors) checked against each other on strings generated
//! from both grammars and near misses of them. Exit code 0 when they agree on every input, 1
//! when they disagree on any, 2 on usage errors.

use std::fmt::Write as _;
use std::process::ExitCode;

use pegurl::workbench::consistency::{self, Direction, Options, Outcome};

/// Arguments of `pegurl grammar consistency`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many inputs to generate.
    #[arg(long, default_value_t = 100_000)]
    count: u64,
    /// The seed; the same seed and options give the same inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A base URL; give it several times to take them in turn; "" stands for no base (default:
    /// no base).
    #[arg(long)]
    base: Vec<String>,
    /// A writing grammar to use instead of grammar/valid.pest.
    #[arg(long)]
    valid_grammar: Option<String>,
    /// A parsing grammar to use instead of grammar/url.pest.
    #[arg(long)]
    grammar: Option<String>,
    /// Threads (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Also check every string the writing grammar derives within this many rule expansions
    /// (code point sets by their ends, repetitions up to twice more than their minimum; 0: none).
    #[arg(long, default_value_t = 6)]
    enumerate_depth: u32,
    /// How many minimized examples to show per group.
    #[arg(long, default_value_t = 3)]
    show: usize,
    /// How many uncovered alternatives to list.
    #[arg(long, default_value_t = 20)]
    show_uncovered: usize,
    /// Write every disagreement (minimized and as generated) and every n-th input (see
    /// --sample-every) as JSON lines {"input", "base", "writing_valid", "parser_valid"} to this
    /// file, for scripts/reference/consistency.mjs.
    #[arg(long)]
    jsonl: Option<String>,
    /// With --jsonl: also every n-th input.
    #[arg(long, default_value_t = 1000)]
    sample_every: u64,
}

/// Runs the check and prints the report.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let read = |path: &Option<String>| {
        path.as_ref()
            .map(|p| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}")))
            .transpose()
    };
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let options = Options {
        count: args.count,
        seed: args.seed,
        bases: args.base.clone(),
        jobs,
        writing_grammar: read(&args.valid_grammar)?,
        parsing_grammar: read(&args.grammar)?,
        enumerate_depth: args.enumerate_depth,
        sample_every: if args.jsonl.is_some() {
            args.sample_every
        } else {
            0
        },
    };
    let outcome = consistency::run(&options)?;
    out_print!("{}", report(args, jobs, &outcome));
    if let Some(path) = &args.jsonl {
        std::fs::write(path, jsonl(&outcome)).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(if outcome.groups.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The disagreements (minimized, then as generated) and the samples, as JSON lines.
fn jsonl(outcome: &Outcome) -> String {
    let line = |input: &str, base: &Option<String>, writing: bool, parser: bool, kind: &str| {
        let value = serde_json::json!({
            "input": input, "base": base, "writing_valid": writing, "parser_valid": parser, "kind": kind,
        });
        format!("{value}\n")
    };
    let mut out = String::new();
    for group in &outcome.groups {
        let writing = group.direction == Direction::OnlyWritingValid;
        for e in &group.examples {
            out.push_str(&line(&e.input, &e.base, writing, !writing, "minimized"));
            out.push_str(&line(&e.original, &e.base, writing, !writing, "generated"));
        }
    }
    for s in &outcome.samples {
        out.push_str(&line(
            &s.input,
            &s.base,
            s.writing_valid,
            s.parser_valid,
            "sample",
        ));
    }
    out
}

/// The report, as plain text.
fn report(args: &Args, jobs: usize, outcome: &Outcome) -> String {
    let mut out = String::new();
    let writing = args
        .valid_grammar
        .as_deref()
        .unwrap_or("grammar/valid.pest");
    let parsing = args.grammar.as_deref().unwrap_or("grammar/url.pest");
    let bases = if args.base.is_empty() {
        "none".to_owned()
    } else {
        let shown: Vec<&str> = args
            .base
            .iter()
            .map(|b| if b.is_empty() { "(none)" } else { b.as_str() })
            .collect();
        shown.join(", ")
    };
    let _ = writeln!(out, "writing grammar {writing}, parsing grammar {parsing}");
    let _ = writeln!(out, "seed {}, bases: {bases}", args.seed);
    let _ = writeln!(
        out,
        "{} inputs in {:.1} s on {jobs} threads: {:.0} inputs per second",
        outcome.inputs,
        outcome.elapsed.as_secs_f64(),
        outcome.rate()
    );
    let origins: Vec<String> = outcome
        .by_origin
        .iter()
        .map(|(origin, n)| format!("{origin:?} {n}"))
        .collect();
    let _ = writeln!(out, "origins: {}", origins.join(", "));
    let _ = writeln!(
        out,
        "both valid: {}; derivations that failed: {}",
        outcome.both_valid, outcome.generation_failures
    );
    let c = &outcome.coverage;
    let _ = writeln!(
        out,
        "coverage of the writing grammar: rules {}/{}, alternatives {}/{}",
        c.rules.0, c.rules.1, c.alternatives.0, c.alternatives.1
    );
    if !c.missed_rules.is_empty() {
        let _ = writeln!(
            out,
            "  rules never gone through: {}",
            c.missed_rules.join(", ")
        );
    }
    for (rule, alternative) in c.missed_alternatives.iter().take(args.show_uncovered) {
        let _ = writeln!(out, "  alternative never taken: {rule}: {alternative}");
    }
    if c.missed_alternatives.len() > args.show_uncovered {
        let more = c.missed_alternatives.len() - args.show_uncovered;
        let _ = writeln!(out, "  ... {more} more");
    }
    if outcome.groups.is_empty() {
        let _ = writeln!(out, "no disagreement");
        return out;
    }
    let _ = writeln!(
        out,
        "{} disagreements in {} groups:",
        outcome.disagreements(),
        outcome.groups.len()
    );
    for group in &outcome.groups {
        let says = match group.direction {
            Direction::OnlyWritingValid => "writing section: valid; parser: errors",
            Direction::OnlyParserValid => "parser: no error; writing section: invalid",
            _ => "other",
        };
        let codes = if group.codes.is_empty() {
            "-".to_owned()
        } else {
            group.codes.join(", ")
        };
        let _ = writeln!(
            out,
            "\n[{}] {says} | production {} | errors {codes}",
            group.count, group.production
        );
        for example in group.examples.iter().take(args.show) {
            let base = example
                .base
                .as_deref()
                .map_or_else(String::new, |b| format!(" against {b:?}"));
            let _ = writeln!(
                out,
                "  {:?}{base}: writing {}, parser {} (from {:?})",
                example.input, example.writing, example.parser, example.original
            );
        }
    }
    out
}
