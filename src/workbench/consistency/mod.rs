//! The spec's two definitions of a valid URL string checked against each other (feature `vm`):
//! the writing section (`grammar/valid.pest` and its checks) and the parser (no validation
//! error), on strings generated from both grammars and near misses of them. Every disagreement
//! is minimized and grouped by the writing grammar's production and the validation errors
//! involved; the writing grammar's rules and alternatives that the inputs went through are
//! counted. See whatwg/url#704.
//!
//! ```
//! let options = pegurl::workbench::consistency::Options { count: 300, ..Default::default() };
//! let outcome = pegurl::workbench::consistency::run(&options)?;
//! assert_eq!(outcome.inputs, 300);
//! # Ok::<(), String>(())
//! ```

mod definitions;
mod minimize;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::api::Url;
use crate::workbench::generate::{near_miss, Alternative, Coverage, Generator, Rng};
use crate::workbench::{
    RuntimeGrammar, RuntimeWritingGrammar, BUILTIN_GRAMMAR, BUILTIN_WRITING_GRAMMAR,
};
use definitions::{parse_base, relative_entry_name, Parsing, Writing};

/// The writing grammar's entry rule for a string read without a base.
const ABSOLUTE: &str = "absolute_url_with_fragment_string";

/// The parsing grammar's entry rule.
const URL: &str = "url";

/// How many minimized examples a group keeps.
const EXAMPLES: usize = 5;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// How many inputs to generate.
    pub count: u64,
    /// The seed: the same seed (and options) gives the same inputs.
    pub seed: u64,
    /// The bases, taken in turn; an empty one stands for no base (no bases at all: every input
    /// is read without a base).
    pub bases: Vec<String>,
    /// How many threads.
    pub jobs: usize,
    /// A writing grammar's source to use instead of `grammar/valid.pest`.
    pub writing_grammar: Option<String>,
    /// A parsing grammar's source to use instead of `grammar/url.pest`.
    pub parsing_grammar: Option<String>,
    /// Before the random inputs, every string the writing grammar's entries (for each base)
    /// derive within this many rule expansions (0: none; see [`Generator::enumerate`]).
    pub enumerate_depth: u32,
    /// Keep every n-th input with both verdicts in [`Outcome::samples`] (0: none), to check
    /// them against another implementation.
    pub sample_every: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            count: 10_000,
            seed: 1,
            bases: Vec::new(),
            jobs: 1,
            writing_grammar: None,
            parsing_grammar: None,
            sample_every: 0,
            enumerate_depth: 0,
        }
    }
}

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Origin {
    /// Derived from the writing grammar (it should be valid, unless a check that is not
    /// context-free rules it out).
    Writing,
    /// Derived from the parsing grammar.
    Parsing,
    /// A derivation of either with one code point changed, inserted or dropped.
    NearMiss,
    /// Enumerated from the writing grammar up to a small depth.
    Enumerated,
}

/// Which side says the input is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Direction {
    /// The writing section says valid; the parser reports validation errors or fails.
    OnlyWritingValid,
    /// The parser reports no validation error; the writing section says invalid.
    OnlyParserValid,
}

/// One disagreement, minimized.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Example {
    /// The shortest form found that still disagrees the same way.
    pub input: String,
    /// The base it was read against.
    pub base: Option<String>,
    /// The generated input it came from.
    pub original: String,
    /// What the writing section says: "valid", or the production that fails.
    pub writing: String,
    /// What the parser says: "valid", or the validation error codes (and "failure").
    pub parser: String,
}

/// Disagreements of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Which side says valid.
    pub direction: Direction,
    /// The writing grammar's production: the one that fails, or, when the writing section says
    /// valid, the innermost one around the parser's first error.
    pub production: String,
    /// The parser's validation error codes (empty when it says valid).
    pub codes: Vec<String>,
    /// How many generated inputs fell in this group.
    pub count: u64,
    /// The first few of them (by their number, so the same for a seed whatever the threads),
    /// minimized, shortest first.
    pub examples: Vec<Example>,
}

/// How the writing grammar's rules and alternatives were covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageSummary {
    /// Rules gone through, and all rules.
    pub rules: (usize, usize),
    /// Alternatives taken, and all alternatives.
    pub alternatives: (usize, usize),
    /// The rules never gone through.
    pub missed_rules: Vec<String>,
    /// The alternatives never taken: rule and alternative.
    pub missed_alternatives: Vec<(String, String)>,
}

/// An input with both definitions' verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The input.
    pub input: String,
    /// The base it was read against.
    pub base: Option<String>,
    /// Whether the writing section says valid.
    pub writing_valid: bool,
    /// Whether the parser gives a URL and reports no validation error.
    pub parser_valid: bool,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Inputs checked.
    pub inputs: u64,
    /// Inputs by origin.
    pub by_origin: BTreeMap<Origin, u64>,
    /// Inputs both sides call valid.
    pub both_valid: u64,
    /// Derivations that could not be made (the input was then a near miss of an empty string).
    pub generation_failures: u64,
    /// The disagreements, largest group first.
    pub groups: Vec<Group>,
    /// The writing grammar's coverage.
    pub coverage: CoverageSummary,
    /// Every n-th input (see [`Options::sample_every`]), in order.
    pub samples: Vec<Sample>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Outcome {
    /// Inputs per second.
    pub fn rate(&self) -> f64 {
        self.inputs as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Disagreeing inputs, over all groups.
    pub fn disagreements(&self) -> u64 {
        self.groups.iter().map(|g| g.count).sum()
    }
}

/// Everything a worker needs, shared.
struct Setup {
    writing: Writing,
    parsing: Parsing,
    writing_generator: Generator,
    parsing_generator: Generator,
    bases: Vec<(Option<String>, Option<Url>)>,
    seed: u64,
    sample_every: u64,
    /// The code points either grammar mentions, for near misses.
    mentioned: Vec<char>,
    /// The enumerated inputs, with the index of their base; numbered after the random ones.
    enumerated: Vec<(String, usize)>,
    count: u64,
}

/// An input by its number, with the index of its base.
type Numbered = (u64, String, usize);

/// What one worker found.
#[derive(Default)]
struct Tally {
    inputs: u64,
    by_origin: BTreeMap<Origin, u64>,
    both_valid: u64,
    generation_failures: u64,
    /// Per group: how many inputs, and the lowest-numbered ones.
    groups: BTreeMap<minimize::Key, (u64, Vec<Numbered>)>,
    coverage: Option<Coverage>,
    samples: Vec<(u64, Sample)>,
}

/// Generates `options.count` inputs and checks both definitions on each.
pub fn run(options: &Options) -> Result<Outcome, String> {
    let started = Instant::now();
    let setup = setup(options)?;
    let next = AtomicU64::new(0);
    let jobs = options.jobs.max(1);
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| scope.spawn(|| work(&setup, &next)))
            .collect();
        workers.into_iter().filter_map(|w| w.join().ok()).collect()
    });
    if tallies.len() != jobs {
        return Err("a worker thread stopped".to_owned());
    }
    let mut total = Tally::default();
    let mut coverage = setup.writing_generator.empty_coverage();
    for tally in tallies {
        total.inputs += tally.inputs;
        total.both_valid += tally.both_valid;
        total.generation_failures += tally.generation_failures;
        for (origin, n) in tally.by_origin {
            *total.by_origin.entry(origin).or_default() += n;
        }
        for (key, (n, first)) in tally.groups {
            let slot = total.groups.entry(key).or_default();
            slot.0 += n;
            slot.1.extend(first);
        }
        if let Some(c) = tally.coverage {
            coverage.merge(&c);
        }
        total.samples.extend(tally.samples);
    }
    total.samples.sort_by_key(|(index, _)| *index);
    let mut groups: Vec<Group> = total
        .groups
        .into_iter()
        .map(|((direction, production, codes), (count, mut first))| {
            // The lowest-numbered inputs, whatever thread met them: the same for a seed.
            first.sort_unstable();
            first.truncate(EXAMPLES);
            let mut examples: Vec<Example> = first
                .iter()
                .map(|(_, input, base)| {
                    let (text, url) = setup.bases.get(*base).cloned().unwrap_or((None, None));
                    minimize::example(&setup, input, text, url.as_ref())
                })
                .collect();
            examples.sort_by(|a, b| (a.input.len(), a).cmp(&(b.input.len(), b)));
            examples.dedup_by(|a, b| a.input == b.input && a.base == b.base);
            Group {
                direction,
                production,
                codes,
                count,
                examples,
            }
        })
        .collect();
    groups.sort_by_key(|g| std::cmp::Reverse(g.count));
    Ok(Outcome {
        inputs: total.inputs,
        by_origin: total.by_origin,
        both_valid: total.both_valid,
        generation_failures: total.generation_failures,
        groups,
        coverage: summarize(&setup.writing_generator, &coverage),
        samples: total.samples.into_iter().map(|(_, s)| s).collect(),
        elapsed: started.elapsed(),
    })
}

fn setup(options: &Options) -> Result<Setup, String> {
    let writing_source = options
        .writing_grammar
        .as_deref()
        .unwrap_or(BUILTIN_WRITING_GRAMMAR);
    let parsing_source = options
        .parsing_grammar
        .as_deref()
        .unwrap_or(BUILTIN_GRAMMAR);
    let writing = match &options.writing_grammar {
        None => Writing::BuiltIn,
        Some(source) => Writing::Loaded(Box::new(RuntimeWritingGrammar::load(source)?)),
    };
    let parsing = match &options.parsing_grammar {
        None => Parsing::BuiltIn,
        Some(source) => Parsing::Loaded(Box::new(RuntimeGrammar::load(source)?)),
    };
    let writing_generator =
        Generator::load(writing_source).map_err(|e| format!("the writing grammar: {e}"))?;
    let parsing_generator =
        Generator::load(parsing_source).map_err(|e| format!("the parsing grammar: {e}"))?;
    if !parsing_generator.rule_names().any(|r| r == URL) {
        return Err(format!("the parsing grammar has no rule {URL}"));
    }
    let mut bases = Vec::new();
    for base in &options.bases {
        if base.is_empty() {
            bases.push((None, None));
        } else {
            bases.push((Some(base.clone()), Some(parse_base(base)?)));
        }
    }
    if bases.is_empty() {
        bases.push((None, None));
    }
    let mut mentioned: Vec<char> = writing_generator
        .mentioned()
        .iter()
        .chain(parsing_generator.mentioned())
        .copied()
        .collect();
    mentioned.sort_unstable();
    mentioned.dedup();
    let enumerated = enumerate(&writing_generator, &bases, options.enumerate_depth)?;
    Ok(Setup {
        count: options.count,
        enumerated,
        mentioned,
        writing,
        parsing,
        writing_generator,
        parsing_generator,
        bases,
        seed: options.seed,
        sample_every: options.sample_every,
    })
}

/// Takes inputs in chunks until all are done.
fn work(setup: &Setup, next: &AtomicU64) -> Tally {
    let count = setup.count + setup.enumerated.len() as u64;
    const CHUNK: u64 = 256;
    let mut tally = Tally {
        coverage: Some(setup.writing_generator.empty_coverage()),
        ..Tally::default()
    };
    loop {
        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
        if start >= count {
            return tally;
        }
        for index in start..count.min(start + CHUNK) {
            check(setup, index, &mut tally);
        }
    }
}

/// The strings each writing-grammar entry in use derives up to `depth`, with their base.
fn enumerate(
    generator: &Generator,
    bases: &[(Option<String>, Option<Url>)],
    depth: u32,
) -> Result<Vec<(String, usize)>, String> {
    /// At most this many strings per entry.
    const LIMIT: usize = 3_000;
    let mut out = Vec::new();
    if depth == 0 {
        return Ok(out);
    }
    for (index, (_, base)) in bases.iter().enumerate() {
        let mut entries = vec![ABSOLUTE];
        entries.extend(base.as_ref().map(relative_entry_name));
        for entry in entries {
            let (strings, _) = generator
                .enumerate(entry, depth, LIMIT)
                .map_err(|e| format!("the writing grammar: {e}"))?;
            out.extend(strings.into_iter().map(|d| (d.text, index)));
        }
    }
    Ok(out)
}

/// Input number `index`: an enumerated one, or one generated from the seed and its number;
/// with its origin and its base's index.
fn input(setup: &Setup, index: u64, tally: &mut Tally) -> (String, Origin, usize) {
    if let Some(enumerated) = index
        .checked_sub(setup.count)
        .and_then(|i| setup.enumerated.get(usize::try_from(i).ok()?))
    {
        return (enumerated.0.clone(), Origin::Enumerated, enumerated.1);
    }
    let mut rng = Rng::new(setup.seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let seed = rng.next();
    let base_index = usize::try_from(index / 3).unwrap_or(0) % setup.bases.len();
    let base = setup
        .bases
        .get(base_index)
        .and_then(|(_, url)| url.as_ref());
    let writing_entry = match (base, rng.chance(1, 2)) {
        (Some(base), true) => relative_entry_name(base),
        _ => ABSOLUTE,
    };
    let origin = match index % 3 {
        0 => Origin::Writing,
        1 => Origin::Parsing,
        _ => Origin::NearMiss,
    };
    let derived = match origin {
        Origin::Parsing => setup.parsing_generator.random(URL, seed),
        _ if rng.chance(1, 4) && origin == Origin::NearMiss => {
            setup.parsing_generator.random(URL, seed)
        }
        _ => setup.writing_generator.random(writing_entry, seed),
    };
    let input = match derived {
        Ok(d) => d.text,
        Err(_) => {
            tally.generation_failures += 1;
            String::new()
        }
    };
    let input = match origin {
        Origin::NearMiss => near_miss(&input, &setup.mentioned, rng.next()),
        _ => input,
    };
    (input, origin, base_index)
}

/// Makes input number `index` and checks it.
fn check(setup: &Setup, index: u64, tally: &mut Tally) {
    let (input, origin, base_index) = input(setup, index, tally);
    let (base_text, base) = setup.bases.get(base_index).cloned().unwrap_or((None, None));
    tally.inputs += 1;
    *tally.by_origin.entry(origin).or_default() += 1;
    let writing = setup.writing.says(&input, base.as_ref());
    let parser = setup.parsing.says(&input, base.as_ref());
    let writing_valid = writing.invalid.is_none();
    // The writing grammar's coverage: the entry that reads the input, if one does.
    let relative = base.as_ref().map(relative_entry_name);
    let matched = setup
        .writing_generator
        .matches(ABSOLUTE, &input)
        .or_else(|| relative.and_then(|r| setup.writing_generator.matches(r, &input)));
    if let (Some(m), Some(coverage)) = (&matched, tally.coverage.as_mut()) {
        coverage.merge(&m.coverage);
    }
    if setup.sample_every > 0 && index.is_multiple_of(setup.sample_every) {
        let sample = Sample {
            input: input.clone(),
            base: base_text.clone(),
            writing_valid,
            parser_valid: parser.valid(),
        };
        tally.samples.push((index, sample));
    }
    if writing_valid == parser.valid() {
        tally.both_valid += u64::from(writing_valid);
        return;
    }
    let Some(key) = minimize::key(setup, &input, base.as_ref()) else {
        return;
    };
    let slot = tally.groups.entry(key).or_default();
    slot.0 += 1;
    // Inputs come in increasing numbers within a thread: the first few are its lowest.
    if slot.1.len() < EXAMPLES {
        slot.1.push((index, input, base_index));
    }
}

/// The coverage of the rules and alternatives that are parts of the structure (those reached
/// only inside look-aheads are conditions, not counted).
fn summarize(generator: &Generator, coverage: &Coverage) -> CoverageSummary {
    let rules: Vec<(usize, &str)> = generator
        .rule_names()
        .enumerate()
        .filter(|(i, _)| !generator.is_condition_rule(*i))
        .collect();
    let alternatives: Vec<(usize, Alternative<'_>)> = generator
        .alternatives()
        .into_iter()
        .enumerate()
        .filter(|(_, a)| !a.condition)
        .collect();
    let missed_rules: Vec<String> = rules
        .iter()
        .filter(|(i, _)| !coverage.has_rule(*i))
        .map(|(_, n)| (*n).to_owned())
        .collect();
    let missed_alternatives: Vec<(String, String)> = alternatives
        .iter()
        .filter(|(i, _)| !coverage.has_alternative(*i))
        .map(|(_, a)| (a.rule.to_owned(), a.text.clone()))
        .collect();
    CoverageSummary {
        rules: (rules.len() - missed_rules.len(), rules.len()),
        alternatives: (
            alternatives.len() - missed_alternatives.len(),
            alternatives.len(),
        ),
        missed_rules,
        missed_alternatives,
    }
}
