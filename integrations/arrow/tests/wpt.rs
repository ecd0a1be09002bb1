//! WPT's urltestdata.json inputs (with their bases) through the kernel: one named test per case
//! (a one-row batch against a scalar base), and the whole suite as batches (a column of bases,
//! each string layout, null rows), every row compared with pegurl's `Url::parse` and getters.

mod common;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StringArray, StringViewArray};
use common::{check_row, expected, wpt_cases};
use libtest_mimic::{Arguments, Failed, Trial};
use pegurl_arrow::{parse_urls, Base, ParseOptions};

fn main() {
    let args = Arguments::from_args();
    let cases = wpt_cases();
    let mut trials: Vec<Trial> = cases
        .iter()
        .enumerate()
        .map(|(index, (input, base))| {
            let (input, base) = (input.clone(), base.clone());
            Trial::test(format!("urltestdata::{index:04} {input:?}"), move || {
                one_row(&input, base.as_deref()).map_err(Failed::from)
            })
        })
        .collect();
    let batch = cases.clone();
    trials.push(Trial::test(
        "urltestdata::batch with a column of bases",
        move || batch_with_base_column(&batch).map_err(Failed::from),
    ));
    let batch = cases.clone();
    trials.push(Trial::test(
        "urltestdata::batch of views with null rows",
        move || batch_of_views_with_nulls(&batch).map_err(Failed::from),
    ));
    assert!(
        cases.len() >= 891,
        "urltestdata.json has {} cases",
        cases.len()
    );
    libtest_mimic::run(&args, trials).exit();
}

/// One case as a one-row batch, its base as a scalar.
fn one_row(input: &str, base: Option<&str>) -> Result<(), String> {
    let column: ArrayRef = Arc::new(StringArray::from(vec![input]));
    let base = base.map_or(Base::None, |b| Base::Scalar(Some(b)));
    let parsed = parse_urls(&column, &ParseOptions::new().with_base(base))
        .map_err(|e| format!("the batch failed: {e}"))?;
    check_row(&parsed, 0, Some(&expected(input, base_str(&base))))
}

/// The base string of a scalar base.
fn base_str<'a>(base: &Base<'a>) -> Option<&'a str> {
    match base {
        Base::Scalar(base) => *base,
        _ => None,
    }
}

/// Every case that has a base, in one batch whose bases are a column (so the base changes from
/// row to row), followed by a row whose base is null (a null row).
fn batch_with_base_column(cases: &[(String, Option<String>)]) -> Result<(), String> {
    let with_base: Vec<(&str, &str)> = cases
        .iter()
        .filter_map(|(input, base)| Some((input.as_str(), base.as_deref()?)))
        .collect();
    let mut inputs: Vec<Option<&str>> = with_base.iter().map(|(i, _)| Some(*i)).collect();
    let mut bases: Vec<Option<&str>> = with_base.iter().map(|(_, b)| Some(*b)).collect();
    inputs.push(Some("/x"));
    bases.push(None);
    let column: ArrayRef = Arc::new(StringArray::from(inputs.clone()));
    let base_column: ArrayRef = Arc::new(StringViewArray::from(bases.clone()));
    let options = ParseOptions::new().with_base(Base::Column(base_column.as_ref()));
    let parsed = parse_urls(&column, &options).map_err(|e| format!("the batch failed: {e}"))?;
    for (i, (input, base)) in inputs.iter().zip(&bases).enumerate() {
        let want = match (input, base) {
            (Some(input), Some(base)) => Some(expected(input, Some(base))),
            _ => None,
        };
        check_row(&parsed, i, want.as_ref())?;
    }
    Ok(())
}

/// The cases without a base, as views, a null row between each two.
fn batch_of_views_with_nulls(cases: &[(String, Option<String>)]) -> Result<(), String> {
    let inputs: Vec<Option<&str>> = cases
        .iter()
        .filter(|(_, base)| base.is_none())
        .flat_map(|(input, _)| [Some(input.as_str()), None])
        .collect();
    let column: ArrayRef = Arc::new(StringViewArray::from(inputs.clone()));
    let parsed = parse_urls(&column, &ParseOptions::new()).map_err(|e| e.to_string())?;
    if parsed.len() != inputs.len() {
        return Err(format!("{} rows out of {}", parsed.len(), inputs.len()));
    }
    for (i, input) in inputs.iter().enumerate() {
        check_row(
            &parsed,
            i,
            input.map(|input| expected(input, None)).as_ref(),
        )?;
    }
    Ok(())
}
