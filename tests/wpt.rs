//! The web-platform-tests URL suites: one named test per case (libtest-mimic).
//!
//! - `urltestdata.json`: `new URL(input, base)`, every field compared, or failure.
//! - `toascii.json`: the host of `https://{input}/x`, or failure.
//! - `IdnaTestV2.json`: the same, the empty input skipped (it cannot go through `new URL`).
//! - `setters_tests.json`: each setter, every expected getter compared.
//! - `percent-encoding.json`: the query in every listed encoding, the fragment in UTF-8.
//! - `urlencoded-parser-data.json`: `new URLSearchParams(input)`.

#[path = "wpt/api.rs"]
mod api;
#[path = "wpt/known_failures.rs"]
mod known_failures;
#[path = "wpt/load.rs"]
mod load;

use libtest_mimic::{Arguments, Failed, Trial};
use load::{field, show, wpt};
use pegurl::Url;
use serde_json::Value;

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    trials.extend(urltestdata());
    trials.extend(host_suite("toascii", "toascii.json"));
    trials.extend(host_suite("IdnaTestV2", "IdnaTestV2.json"));
    trials.extend(api::setters());
    trials.extend(api::percent_encoding());
    trials.extend(api::urlencoded_parser());
    libtest_mimic::run(&args, trials).exit();
}

/// Builds a trial for one case; a known failure runs inverted.
pub(crate) fn trial(
    suite: &'static str,
    index: usize,
    input: &str,
    what: String,
    check: impl FnOnce() -> Result<(), String> + Send + 'static,
) -> Trial {
    let name = format!("{suite}::{index:04} {what}");
    match known_failures::reason(suite, input) {
        None => Trial::test(name, move || check().map_err(Failed::from)),
        Some(reason) => Trial::test(
            format!("{name} [known failure: {reason}]"),
            move || match check() {
                Ok(()) => Err(Failed::from(
                    "this known failure now passes: remove it from tests/wpt/known_failures.rs",
                )),
                Err(_) => Ok(()),
            },
        ),
    }
}

/// urltestdata.json: every case object.
fn urltestdata() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (index, case) in wpt("urltestdata.json").into_iter().enumerate() {
        if !case.is_object() {
            continue; // a comment
        }
        let input = field(&case, "input").unwrap_or_default().to_owned();
        let base = field(&case, "base").map(str::to_owned);
        let what = match &base {
            Some(b) => format!("{:?} against {:?}", show(&input), show(b)),
            None => format!("{:?}", show(&input)),
        };
        let check_input = input.clone();
        trials.push(trial("urltestdata", index, &input, what, move || {
            check_url_case(&check_input, base.as_deref(), &case)
        }));
    }
    trials
}

/// Compares a parse with a urltestdata case.
fn check_url_case(input: &str, base: Option<&str>, case: &Value) -> Result<(), String> {
    let result = pegurl::quirks::new_url(input, base);
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        return match result {
            Err(_) => Ok(()),
            Ok(url) => Err(format!("expected failure, got {:?}", url.href())),
        };
    }
    let url = result.map_err(|e| format!("expected success, got failure: {e}"))?;
    let mut wrong = Vec::new();
    for name in Url::COMPONENTS {
        // `origin` is absent from cases whose origin the test does not state.
        let Some(expected) = field(case, name) else {
            continue;
        };
        let actual = url.component(name).unwrap_or_default();
        if actual != expected {
            wrong.push(format!("{name}: expected {expected:?}, got {actual:?}"));
        }
    }
    // `searchParams`: the application/x-www-form-urlencoded serialization of the query's pairs.
    if let Some(expected) = field(case, "searchParams") {
        let actual = url.search_params().to_string();
        if actual != expected {
            wrong.push(format!(
                "searchParams: expected {expected:?}, got {actual:?}"
            ));
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("\n"))
    }
}

/// toascii.json and IdnaTestV2.json: `new URL("https://" + input + "/x")`.
fn host_suite(suite: &'static str, file: &str) -> Vec<Trial> {
    let mut trials = Vec::new();
    for (index, case) in wpt(file).into_iter().enumerate() {
        let Some(input) = field(&case, "input").map(str::to_owned) else {
            continue; // a comment
        };
        if input.is_empty() && suite == "IdnaTestV2" {
            continue; // the empty input cannot be tested through new URL()
        }
        let output = field(&case, "output").map(str::to_owned);
        let what = format!("{:?}", show(&input));
        let check_input = input.clone();
        trials.push(trial(suite, index, &input, what, move || {
            let url = Url::parse(&format!("https://{check_input}/x"));
            match (output, url) {
                (None, Err(_)) => Ok(()),
                (None, Ok(url)) => Err(format!(
                    "expected failure, got host {:?}",
                    pegurl::quirks::host(&url)
                )),
                (Some(expected), Err(e)) => Err(format!("expected {expected:?}, got failure: {e}")),
                (Some(expected), Ok(url)) => {
                    let href = format!("https://{expected}/x");
                    if pegurl::quirks::host(&url) == expected
                        && url.hostname() == expected
                        && url.href() == href
                    {
                        Ok(())
                    } else {
                        Err(format!("expected {expected:?}, got {:?}", url.href()))
                    }
                }
            }
        }));
    }
    trials
}
