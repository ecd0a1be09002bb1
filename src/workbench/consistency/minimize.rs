//! A disagreement made as short as it gets (code points and runs of them deleted greedily while
//! the two definitions still disagree the same way), and the group it belongs to.

use super::{Direction, Example, Setup};
use crate::api::Url;

/// The most checks one minimization runs.
const MAX_CHECKS: usize = 4_000;

/// The group of a disagreement: which side says valid, the writing grammar's production, the
/// parser's error codes.
pub(super) type Key = (Direction, String, Vec<String>);

/// Which way `input` disagrees, if it does; with both sides' verdicts.
fn disagreement(setup: &Setup, input: &str, base: Option<&Url>) -> Option<(Direction, Sides)> {
    let writing = setup.writing.says(input, base);
    let parser = setup.parsing.says(input, base);
    let direction = match (writing.invalid.is_none(), parser.valid()) {
        (true, false) => Direction::OnlyWritingValid,
        (false, true) => Direction::OnlyParserValid,
        _ => return None,
    };
    Some((
        direction,
        Sides {
            production: writing.invalid,
            codes: parser.codes(),
            first_at: parser.first_at(),
        },
    ))
}

/// Both sides' verdicts on an input that they disagree on.
struct Sides {
    production: Option<String>,
    codes: Vec<&'static str>,
    first_at: Option<usize>,
}

/// The group of an input the two definitions disagree on; None when they agree.
pub(super) fn key(setup: &Setup, input: &str, base: Option<&Url>) -> Option<Key> {
    let (direction, sides) = disagreement(setup, input, base)?;
    let production = match &sides.production {
        Some(p) => p.clone(),
        None => innermost(setup, input, base, sides.first_at.unwrap_or(0)),
    };
    let codes = sides.codes.iter().map(|c| (*c).to_owned()).collect();
    Some((direction, production, codes))
}

/// Minimizes a disagreeing input and says what each side says of the result.
pub(super) fn example(
    setup: &Setup,
    input: &str,
    base_text: Option<String>,
    base: Option<&Url>,
) -> Example {
    let direction = disagreement(setup, input, base).map(|(d, _)| d);
    let mut chars: Vec<char> = input.chars().collect();
    let mut checks = 0;
    let mut changed = true;
    while changed && checks < MAX_CHECKS {
        changed = false;
        let mut chunk = (chars.len() / 2).max(1);
        loop {
            let mut at = 0;
            while at < chars.len() && checks < MAX_CHECKS {
                let end = (at + chunk).min(chars.len());
                let candidate: String = chars[..at].iter().chain(&chars[end..]).collect();
                checks += 1;
                if disagreement(setup, &candidate, base).map(|(d, _)| d) == direction {
                    chars.drain(at..end);
                    changed = true;
                } else {
                    at += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
    }
    let minimized: String = chars.into_iter().collect();
    let sides = disagreement(setup, &minimized, base).map(|(_, sides)| sides);
    let (writing, parser) = match sides {
        Some(sides) => (
            sides.production.unwrap_or_else(|| "valid".to_owned()),
            if sides.codes.is_empty() {
                "valid".to_owned()
            } else {
                sides.codes.join(", ")
            },
        ),
        // Not reached: a candidate is kept only while it disagrees the same way.
        None => ("?".to_owned(), "?".to_owned()),
    };
    Example {
        input: minimized,
        base: base_text,
        original: input.to_owned(),
        writing,
        parser,
    }
}

/// The innermost rule of the writing grammar's match of `input` around byte `at`.
fn innermost(setup: &Setup, input: &str, base: Option<&Url>, at: usize) -> String {
    let generator = &setup.writing_generator;
    let relative = base.map(super::relative_entry_name);
    let matched = generator
        .matches(super::ABSOLUTE, input)
        .or_else(|| relative.and_then(|r| generator.matches(r, input)));
    let names: Vec<&str> = generator.rule_names().collect();
    matched
        .and_then(|m| {
            m.spans
                .iter()
                .rev()
                .find(|(_, span)| span.contains(&at) || (span.is_empty() && span.start == at))
                .or_else(|| m.spans.first())
                .and_then(|(rule, _)| names.get(*rule).map(|n| (*n).to_owned()))
        })
        .unwrap_or_else(|| "(no reading)".to_owned())
}
