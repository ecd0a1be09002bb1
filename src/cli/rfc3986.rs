//! RFC 3986 in the command line: `pegurl parse --standard rfc3986|rfc3987` (the components of a
//! URI-reference, resolved and normalized) and `pegurl grammar rfc3986-diff` (the WPT inputs read
//! by RFC 3986 and by the URL Standard, side by side). Both use `pegurl::rfc3986`, which runs the
//! grammar/rfc3986.pest that build.rs compiles into the library.

use std::fmt::Write as _;
use std::process::ExitCode;

use pegurl::rfc3986::{self, Options, Reference};
use serde_json::Value;

/// Which standard `pegurl parse` reads by.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Standard {
    /// The WHATWG URL Standard.
    #[default]
    Whatwg,
    /// RFC 3986 URI-references.
    Rfc3986,
    /// RFC 3987 IRI-references (RFC 3986 with Unicode characters).
    Rfc3987,
}

/// `pegurl parse --standard rfc3986 [--base B] INPUT...`: each input's components, the reference
/// resolved against the base, and its normal form; exit 1 when any input is not a URI-reference
/// (or cannot be resolved), 2 when the base is not a URI.
pub fn parse(standard: Standard, inputs: &[String], base: Option<&str>) -> ExitCode {
    let options = Options::new().iri(standard == Standard::Rfc3987);
    let base = match base.map(|b| options.parse(b)).transpose() {
        Ok(Some(b)) if !b.is_absolute() => {
            eprintln!("pegurl: the base {b} has no scheme (RFC 3986 section 5.2.1)");
            return ExitCode::from(2);
        }
        Ok(base) => base,
        Err(e) => {
            eprintln!("pegurl: the base does not parse: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failed = false;
    let mut out = String::new();
    for input in inputs {
        let _ = writeln!(out, "input      {input:?}");
        match options.parse(input) {
            Ok(reference) => {
                describe(&reference, &mut out);
                let target = match &base {
                    Some(base) => match rfc3986::resolve(base, &reference) {
                        Ok(target) => Some(target),
                        Err(e) => {
                            failed = true;
                            let _ = writeln!(out, "failure    {e}");
                            None
                        }
                    },
                    None => Some(reference),
                };
                if let (Some(target), Some(_)) = (&target, &base) {
                    let _ = writeln!(out, "resolved   {target}");
                }
                if let Some(target) = target {
                    let _ = writeln!(out, "normalized {}", rfc3986::normalize(&target));
                }
            }
            Err(e) => {
                failed = true;
                let _ = writeln!(out, "failure    {e}");
                let prefix = input.get(..e.span.start).unwrap_or_default();
                let _ = writeln!(out, "           {input}");
                let _ = writeln!(out, "           {}^", " ".repeat(prefix.chars().count()));
            }
        }
        out.push('\n');
    }
    super::stdout::write_all(out.as_bytes());
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// A reference's components, "undefined" for those it does not have.
fn describe(r: &Reference<'_>, out: &mut String) {
    let show = |v: Option<&str>| v.map_or("undefined".to_owned(), |s| format!("{s:?}"));
    let _ = writeln!(out, "scheme     {}", show(r.scheme()));
    let _ = writeln!(out, "userinfo   {}", show(r.userinfo()));
    let host = r.host().map_or("undefined".to_owned(), |host| {
        format!("{} {:?}", host.production(), host.text())
    });
    let _ = writeln!(out, "host       {host}");
    let _ = writeln!(out, "port       {}", show(r.port()));
    let _ = writeln!(out, "path       {:?}", r.path());
    let _ = writeln!(out, "query      {}", show(r.query()));
    let _ = writeln!(out, "fragment   {}", show(r.fragment()));
}

/// The RFC 3986 reading of a WPT case: the reference resolved against the base (a base's
/// fragment is not part of it, section 5.1), recomposed; None when the input is not a
/// URI-reference, or is relative and the base is missing or not a URI.
fn resolved(input: &str, base: Option<&str>) -> Option<String> {
    let reference = rfc3986::parse(input).ok()?;
    let target = if reference.is_absolute() {
        rfc3986::resolve(&reference, &reference).ok()?
    } else {
        let base = rfc3986::parse(base?).ok()?;
        rfc3986::resolve(&base, &reference).ok()?
    };
    Some(target.to_string())
}

/// One input's readings.
struct Row {
    input: String,
    base: Option<String>,
    rfc: Option<String>,
    whatwg: Option<String>,
    whatwg_valid: bool,
}

/// Runs the report over urltestdata.json; exit 0.
pub fn diff(show: usize) -> Result<ExitCode, String> {
    let text = pegurl::workbench::wpt::replace_lone_surrogates(pegurl::workbench::wpt::URLTESTDATA);
    let data: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = case.get("base").and_then(Value::as_str);
        let (url, errors) = super::parse_collecting(input, base);
        let url = url.ok();
        rows.push(Row {
            input: input.to_owned(),
            base: base.map(str::to_owned),
            rfc: resolved(input, base),
            whatwg_valid: url.is_some() && errors.is_empty(),
            whatwg: url.map(|u| u.href().to_owned()),
        });
    }
    let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
    out_println!(
        "RFC 3986 and the URL Standard on the {} inputs of urltestdata.json",
        rows.len()
    );
    out_println!(
        "  a URI reference (resolvable) in RFC 3986:       {}",
        count(&|r| r.rfc.is_some())
    );
    out_println!(
        "  a valid URL string (no validation error):       {}",
        count(&|r| r.whatwg_valid)
    );
    out_println!(
        "  parsed by the URL Standard:                      {}",
        count(&|r| r.whatwg.is_some())
    );
    type Keep<'a> = &'a dyn Fn(&Row) -> bool;
    let sections: [(&str, Keep); 4] = [
        ("valid in RFC 3986, invalid in the URL Standard", &|r| {
            r.rfc.is_some() && !r.whatwg_valid
        }),
        ("valid in the URL Standard, invalid in RFC 3986", &|r| {
            r.rfc.is_none() && r.whatwg_valid
        }),
        ("valid in both, resolving to different URLs", &|r| {
            r.whatwg_valid && r.rfc.is_some() && r.rfc != r.whatwg
        }),
        ("valid in both, resolving to the same URL", &|r| {
            r.whatwg_valid && r.rfc.is_some() && r.rfc == r.whatwg
        }),
    ];
    for (title, keep) in sections {
        let matching: Vec<&Row> = rows.iter().filter(|r| keep(r)).collect();
        out_println!("\n{title}: {}", matching.len());
        for row in matching.iter().take(show) {
            let base = row
                .base
                .as_deref()
                .map_or(String::new(), |b| format!(" against {b:?}"));
            out_println!(
                "  {:?}{base}\n      RFC 3986 {:?}\n      WHATWG   {:?}",
                row.input,
                row.rfc,
                row.whatwg
            );
        }
        if matching.len() > show {
            out_println!("  ... {} more", matching.len() - show);
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegurl::Url;

    const BASE: &str = "http://a/b/c/d;p?q";

    #[test]
    fn the_url_standard_differs_from_rfc3986_on_two_of_its_examples() {
        // RFC 3986 section 5.4 (tests/rfc3986.rs has them all, one test each).
        let examples = [
            ("g", "http://a/b/c/g"),
            ("//g", "http://g"),
            ("http:g", "http:g"),
        ];
        let base = Url::parse(BASE).unwrap();
        let differences: Vec<(&str, String)> = examples
            .iter()
            .filter_map(|(reference, expected)| {
                assert_eq!(resolved(reference, Some(BASE)).as_deref(), Some(*expected));
                let href = base.join(reference).unwrap().href().to_owned();
                (href != *expected).then_some((*reference, href))
            })
            .collect();
        assert_eq!(
            differences,
            [
                // A special URL's empty path serializes as "/".
                ("//g", "http://g/".to_owned()),
                // "http:g" against an "http" base is relative (RFC 3986 §5.4.2 calls this the
                // backward-compatible reading; the strict one keeps "http:g").
                ("http:g", "http://a/b/c/g".to_owned()),
            ]
        );
    }
}
