//! `pegurl grammar test --corpus FILE`: what a grammar edit does to real URLs. Every input of
//! every corpus is parsed with the edited grammar and with the baseline (the built-in grammar or
//! `--baseline G`), on every core, and the inputs are counted by what changed: the href, failing,
//! validity, and the validation errors.

use std::fmt::Write as _;

use super::adapter::{Outcome, Parser};

/// One input of a corpus: where it came from, the input and its base.
#[derive(Debug, Clone)]
pub struct Item {
    /// `FILE:LINE`.
    pub origin: String,
    /// The input.
    pub input: String,
    /// Its base, if any.
    pub base: Option<String>,
}

/// Reads a corpus: JSONL (`{"input", "base"}` a line) when the name ends in `.jsonl` or
/// `.ndjson`, otherwise a URL list, one a line (blank lines skipped; a byte order mark at the
/// start and a CR at a line's end are not part of the URL).
pub fn read(path: &str) -> Result<Vec<Item>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let jsonl = path.ends_with(".jsonl") || path.ends_with(".ndjson");
    let mut items = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let origin = format!("{path}:{}", i + 1);
        let (input, base) = if jsonl {
            super::input::jsonl::input_and_base(line).map_err(|e| format!("{origin}: {e}"))?
        } else {
            (line.to_owned(), None)
        };
        items.push(Item {
            origin,
            input,
            base,
        });
    }
    Ok(items)
}

/// What changes between the baseline's and the edited grammar's outcome of an input; one input
/// can be in several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Both parse, to different hrefs.
    Href,
    /// The baseline parses it, the edited grammar fails.
    StartsFailing,
    /// The baseline fails, the edited grammar parses it.
    StopsFailing,
    /// Valid (parses, no validation error) in one and not in the other.
    Validity,
    /// The validation error codes differ.
    Errors,
}

impl Change {
    /// Every kind, in report order.
    pub const ALL: [Change; 5] = [
        Change::Href,
        Change::StartsFailing,
        Change::StopsFailing,
        Change::Validity,
        Change::Errors,
    ];

    /// The report's words for it.
    pub fn label(self) -> &'static str {
        match self {
            Change::Href => "change href",
            Change::StartsFailing => "start failing",
            Change::StopsFailing => "stop failing",
            Change::Validity => "change validity",
            Change::Errors => "change validation errors",
        }
    }

    /// Whether this kind of change happened between `before` and `after`.
    fn holds(self, before: &Outcome, after: &Outcome) -> bool {
        let valid = |o: &Outcome| o.href.is_some() && o.findings.is_empty();
        let codes = |o: &Outcome| o.findings.iter().map(|f| f.code).collect::<Vec<_>>();
        match self {
            Change::Href => {
                before.href.is_some() && after.href.is_some() && before.href != after.href
            }
            Change::StartsFailing => before.href.is_some() && after.href.is_none(),
            Change::StopsFailing => before.href.is_none() && after.href.is_some(),
            Change::Validity => valid(before) != valid(after),
            Change::Errors => codes(before) != codes(after),
        }
    }
}

/// One input whose outcome changed, with both outcomes.
#[derive(Debug, Clone)]
pub struct Changed {
    /// The input.
    pub item: Item,
    /// The baseline's outcome.
    pub before: Outcome,
    /// The edited grammar's outcome.
    pub after: Outcome,
    /// What changed.
    pub changes: Vec<Change>,
}

/// The impact of an edit on one corpus.
#[derive(Debug, Default)]
pub struct Impact {
    /// How many inputs were parsed.
    pub inputs: usize,
    /// Every input whose outcome changed, in corpus order.
    pub changed: Vec<Changed>,
}

impl Impact {
    /// How many inputs had this change.
    pub fn count(&self, change: Change) -> usize {
        self.changed
            .iter()
            .filter(|c| c.changes.contains(&change))
            .count()
    }
}

/// Parses every item with both grammars, split over the machine's cores.
pub fn measure(items: &[Item], grammar: &Parser, baseline: &Parser) -> Impact {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = items.len().div_ceil(cores).max(1);
    let changed = std::thread::scope(|scope| {
        // pest_vm runs a grammar's expressions recursively: the workers get the stack that
        // grammar_size's bounds call for. One that cannot start leaves its part out.
        let workers: Vec<_> = items
            .chunks(chunk)
            .filter_map(|part| {
                std::thread::Builder::new()
                    .stack_size(super::grammar_size::STACK)
                    .spawn_scoped(scope, move || {
                        (part.len(), compare(part, grammar, baseline))
                    })
                    .ok()
            })
            .collect();
        // A worker that panicked lost its part: the count of inputs leaves it out too.
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect::<Vec<_>>()
    });
    Impact {
        inputs: changed.iter().map(|(n, _)| n).sum(),
        changed: changed.into_iter().flat_map(|(_, c)| c).collect(),
    }
}

fn compare(items: &[Item], grammar: &Parser, baseline: &Parser) -> Vec<Changed> {
    let mut changed = Vec::new();
    for item in items {
        let before = baseline.outcome(&item.input, item.base.as_deref());
        let after = grammar.outcome(&item.input, item.base.as_deref());
        let changes: Vec<Change> = Change::ALL
            .into_iter()
            .filter(|c| c.holds(&before, &after))
            .collect();
        if !changes.is_empty() {
            changed.push(Changed {
                item: item.clone(),
                before,
                after,
                changes,
            });
        }
    }
    changed
}

/// The report of one corpus: a count per kind of change, and up to `show` examples of each.
pub fn report(name: &str, impact: &Impact, show: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "corpus {name}: {} inputs; {} change",
        impact.inputs,
        impact.changed.len()
    );
    for change in Change::ALL {
        let _ = writeln!(out, "  {}: {}", change.label(), impact.count(change));
        let examples = impact
            .changed
            .iter()
            .filter(|c| c.changes.contains(&change));
        for c in examples.take(show) {
            let _ = writeln!(out, "    {} {:?}", c.item.origin, c.item.input);
            let _ = writeln!(out, "      baseline     {}", describe(&c.before));
            let _ = writeln!(out, "      this grammar {}", describe(&c.after));
        }
    }
    out
}

fn describe(outcome: &Outcome) -> String {
    let result = match (&outcome.href, &outcome.failure) {
        (Some(href), _) => href.clone(),
        (None, Some(failure)) => format!("failure: {failure}"),
        (None, None) => "failure".to_owned(),
    };
    let codes: Vec<String> = outcome
        .findings
        .iter()
        .map(|f| format!("{}@{}..{}", f.code, f.start, f.end))
        .collect();
    if codes.is_empty() {
        result
    } else {
        format!("{result} [{}]", codes.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(name: &str, text: &str) -> Vec<Item> {
        let dir = std::env::temp_dir().join(format!("pegurl-impact-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        read(&path.to_string_lossy()).expect("read")
    }

    #[test]
    fn a_url_list_drops_the_byte_order_mark_line_ends_and_blank_lines() {
        let items = corpus("list.txt", "\u{feff}http://a/\r\n\n  \nhttp://b/ c\n");
        let inputs: Vec<&str> = items.iter().map(|i| i.input.as_str()).collect();
        assert_eq!(inputs, ["http://a/", "http://b/ c"]);
        assert!(
            items[1].origin.ends_with("list.txt:4"),
            "{}",
            items[1].origin
        );
        assert!(items.iter().all(|i| i.base.is_none()));
    }

    #[test]
    fn jsonl_gives_each_input_its_base() {
        let items = corpus(
            "bases.jsonl",
            "{\"input\": \"a\\tb\", \"base\": \"http://h/\"}\n{\"input\": \"x:y\", \"base\": null}\n",
        );
        assert_eq!(items[0].input, "a\tb");
        assert_eq!(items[0].base.as_deref(), Some("http://h/"));
        assert_eq!(items[1].base, None);
    }

    #[test]
    fn each_kind_of_change_is_told_apart() {
        let outcome = |href: Option<&str>, codes: &[&'static str]| Outcome {
            href: href.map(str::to_owned),
            failure: href.is_none().then(|| "failure".to_owned()),
            findings: codes
                .iter()
                .map(|code| crate::cli::adapter::Finding {
                    code,
                    start: 0,
                    end: 0,
                    fatal: false,
                    message: "",
                    help: "",
                    link: "",
                })
                .collect(),
        };
        let kinds = |before: &Outcome, after: &Outcome| -> Vec<Change> {
            Change::ALL
                .into_iter()
                .filter(|c| c.holds(before, after))
                .collect()
        };
        let valid = outcome(Some("http://a/"), &[]);
        let other = outcome(Some("http://b/"), &[]);
        let warned = outcome(Some("http://a/"), &["x"]);
        let failed = outcome(None, &[]);
        assert_eq!(kinds(&valid, &valid), []);
        assert_eq!(kinds(&valid, &other), [Change::Href]);
        assert_eq!(kinds(&valid, &warned), [Change::Validity, Change::Errors]);
        assert_eq!(
            kinds(&valid, &failed),
            [Change::StartsFailing, Change::Validity]
        );
        assert_eq!(
            kinds(&failed, &warned),
            [Change::StopsFailing, Change::Errors]
        );
    }
}
