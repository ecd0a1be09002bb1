//! The WPT suites run with two grammars (an edited one and its baseline): how many cases each
//! passes, and which cases differ. `pegurl grammar test` prints it; `pegurl serve` sends it.

use serde_json::Value;

use super::adapter::Parser;

/// The WPT suites `grammar test` runs.
pub const SUITES: [&str; 2] = ["urltestdata", "setters"];

/// One suite's outcome.
#[derive(Debug, Default)]
pub struct Tally {
    /// The suite's name.
    pub suite: &'static str,
    /// How many cases ran.
    pub cases: usize,
    /// How many the edited grammar passes.
    pub passes: usize,
    /// How many the baseline passes.
    pub baseline_passes: usize,
    /// The cases whose results differ between the two.
    pub differences: Vec<Difference>,
}

/// A WPT case whose result differs between the grammars.
#[derive(Debug)]
pub struct Difference {
    /// The case: the input and its base, or the URL, setter and value.
    pub case: String,
    /// The baseline's result (href, or None for a failure).
    pub baseline: Option<String>,
    /// The edited grammar's result.
    pub grammar: Option<String>,
    /// For a setter, why the baseline's setter left the URL as it was or failed, or why its
    /// href did not parse.
    pub baseline_refused: Option<String>,
    /// The same for the edited grammar.
    pub grammar_refused: Option<String>,
}

/// Runs one suite (`urltestdata` or `setters`) with `grammar` and `baseline`.
pub fn run(suite: &str, grammar: &Parser, baseline: &Parser) -> Result<Tally, String> {
    match suite {
        "urltestdata" => urltestdata(grammar, baseline),
        "setters" => setters(grammar, baseline),
        other => Err(format!(
            "unknown suite {other} (urltestdata, setters or all)"
        )),
    }
}

fn load(text: &str) -> Result<Value, String> {
    serde_json::from_str(&pegurl::workbench::wpt::replace_lone_surrogates(text))
        .map_err(|e| e.to_string())
}

fn urltestdata(grammar: &Parser, baseline: &Parser) -> Result<Tally, String> {
    let mut tally = Tally {
        suite: "urltestdata",
        ..Tally::default()
    };
    for case in load(pegurl::workbench::wpt::URLTESTDATA)?
        .as_array()
        .into_iter()
        .flatten()
    {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = case.get("base").and_then(Value::as_str);
        let expected = case.get("href").and_then(Value::as_str);
        let before = baseline.outcome(input, base).href;
        let after = grammar.outcome(input, base).href;
        tally.cases += 1;
        tally.baseline_passes += usize::from(before.as_deref() == expected);
        tally.passes += usize::from(after.as_deref() == expected);
        if before != after {
            let case = match base {
                Some(b) => format!("{input:?} against {b:?}"),
                None => format!("{input:?}"),
            };
            tally.differences.push(Difference {
                case,
                baseline: before,
                grammar: after,
                baseline_refused: None,
                grammar_refused: None,
            });
        }
    }
    Ok(tally)
}

fn setters(grammar: &Parser, baseline: &Parser) -> Result<Tally, String> {
    let mut tally = Tally {
        suite: "setters",
        ..Tally::default()
    };
    let data = load(pegurl::workbench::wpt::SETTERS_TESTS)?;
    let malformed = |what: &str| format!("the setters suite is malformed: {what}");
    let attributes = data.as_object().ok_or_else(|| malformed("not an object"))?;
    for (attribute, cases) in attributes {
        if attribute == "comment" {
            continue;
        }
        let cases = cases
            .as_array()
            .ok_or_else(|| malformed(&format!("{attribute:?} is not a list")))?;
        for case in cases {
            let text = |key: &str| {
                case.get(key)
                    .and_then(Value::as_str)
                    .ok_or_else(|| malformed(&format!("a case of {attribute:?} has no {key:?}")))
            };
            let (href, value) = (text("href")?, text("new_value")?);
            // Every attribute of the suite is a setter (its "href" too).
            let (Some(before), Some(after)) = (
                baseline.set(href, attribute, value),
                grammar.set(href, attribute, value),
            ) else {
                return Err(format!("the setters suite names no setter {attribute:?}"));
            };
            let expected = case.get("expected").and_then(Value::as_object);
            let passes = |result: &super::adapter::SetterResult| {
                expected.is_some_and(|expected| {
                    expected
                        .iter()
                        .all(|(name, v)| result.get(name) == v.as_str())
                })
            };
            tally.cases += 1;
            tally.baseline_passes += usize::from(passes(&before));
            tally.passes += usize::from(passes(&after));
            // Any getter differs (WPT checks some of each case's; why a setter refused is shown
            // beside them, not compared).
            if before.components != after.components {
                tally.differences.push(Difference {
                    case: format!("<{href}>.{attribute} = {value:?}"),
                    baseline: before.get("href").map(str::to_owned),
                    grammar: after.get("href").map(str::to_owned),
                    baseline_refused: before.refused,
                    grammar_refused: after.refused,
                });
            }
        }
    }
    Ok(tally)
}
