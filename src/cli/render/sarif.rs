//! SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), streamed: the results are
//! written as inputs are checked, the tool's rules (every error code) after them.

use std::io::{self, Write};

use pegurl::ErrorCode;
use serde_json::{json, Value};

use super::{message, Render};
use crate::cli::check::Checked;

/// The SARIF renderer.
#[derive(Default)]
pub struct Sarif {
    results: usize,
}

impl Render for Sarif {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(
            br#"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"columnKind":"unicodeCodePoints","results":["#,
        )
    }

    fn report(&mut self, out: &mut dyn Write, checked: &Checked<'_>) -> io::Result<()> {
        for error in checked.errors {
            let location = match checked.file {
                // A file: the line, and columns counted in code points.
                Some((path, line)) => {
                    let column = |at: usize| checked.input[..at].chars().count() + 1;
                    json!({"physicalLocation": {
                        "artifactLocation": {"uri": path},
                        "region": {
                            "startLine": line,
                            "startColumn": column(error.span.start),
                            "endColumn": column(error.span.end),
                        },
                    }})
                }
                // An argument: no artifact, the input named as a logical location.
                None => json!({"logicalLocations": [{
                    "fullyQualifiedName": checked.origin,
                    "kind": "url",
                }]}),
            };
            let result = json!({
                "ruleId": error.code.code(),
                "ruleIndex": rule_index(error.code),
                "level": if error.fatal { "error" } else { "warning" },
                "message": {"text": message(error)},
                "locations": [location],
                "properties": {
                    "input": checked.input,
                    "base": checked.base,
                    "start": error.span.start,
                    "end": error.span.end,
                },
            });
            if self.results > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, &result)?;
            self.results += 1;
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write, _: usize, _: usize) -> io::Result<()> {
        let rules: Vec<Value> = ErrorCode::ALL
            .iter()
            .map(|code| {
                json!({
                    "id": code.code(),
                    "shortDescription": {"text": code.description()},
                    "help": {"text": code.help()},
                    "helpUri": code.spec_url(),
                })
            })
            .collect();
        let tool = json!({"driver": {
            "name": "pegurl",
            "version": env!("CARGO_PKG_VERSION"),
            "informationUri": "https://url.spec.whatwg.org/",
            "rules": rules,
        }});
        out.write_all(br#"],"tool":"#)?;
        serde_json::to_writer(&mut *out, &tool)?;
        out.write_all(b"}]}\n")
    }
}

fn rule_index(code: ErrorCode) -> usize {
    ErrorCode::ALL.iter().position(|&c| c == code).unwrap_or(0)
}
