//! SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), streamed: one result per
//! diagnostic as items are checked, then the artifacts that are not files (URLs given as
//! arguments, standard input) and the tool's rules. A file is a URI reference relative to the
//! working directory (`%SRCROOT%`), or a `file:` URI when its path is absolute. Safe fixes are
//! SARIF `fixes`. No result repeats the input, so the output is linear in the diagnostics.

use std::collections::HashMap;
use std::io::{self, Write};

use serde_json::{json, Value};

use super::{is_argument, Render, Summary};
use crate::cli::input::{Item, Place};
use crate::cli::outcome::{Code, Outcome};
use crate::cli::url_api::encode_path;

/// The SARIF renderer.
#[derive(Default)]
pub struct Sarif {
    results: usize,
    /// Artifacts that are not files: (what, the URL given as an argument).
    virtual_artifacts: Vec<(String, Option<String>)>,
    /// Their indexes, by what they are.
    virtual_indexes: HashMap<String, usize>,
}

impl Sarif {
    /// The artifact location of an item's file.
    fn artifact(&mut self, item: &Item) -> Value {
        if is_argument(item) || item.file.as_ref() == "-" {
            let contents = is_argument(item).then(|| item.text.to_string());
            let name = if is_argument(item) {
                item.file.to_string()
            } else {
                "standard input".to_owned()
            };
            // GitHub code scanning wants a URI on every location: a relative one that names the
            // argument ("argument-2") or standard input ("stdin"); the artifact holds the text.
            let uri = name.replace(' ', "-").replace("standard-input", "stdin");
            let next = self.virtual_artifacts.len();
            let index = *self.virtual_indexes.entry(name.clone()).or_insert(next);
            if index == next {
                self.virtual_artifacts.push((name, contents));
            }
            return json!({"uri": uri, "index": index});
        }
        file_location(&item.file)
    }
}

/// A file path as a SARIF artifact location.
fn file_location(path: &str) -> Value {
    let path = path.replace('\\', "/");
    let encoded = encode_path(&path);
    if path.starts_with('/') {
        json!({"uri": format!("file://{encoded}")})
    } else {
        json!({"uri": encoded.trim_start_matches("./"), "uriBaseId": "%SRCROOT%"})
    }
}

/// A rule's friendly name: its code in Pascal case ("invalid-URL-unit" is "InvalidUrlUnit").
fn pascal_case(code: &str) -> String {
    code.split('-')
        .flat_map(|part| {
            let mut chars = part.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            first
                .into_iter()
                .chain(chars.map(|c| c.to_ascii_lowercase()))
        })
        .collect()
}

fn region(start: Place, end: Place) -> Value {
    json!({
        "startLine": start.line,
        "startColumn": start.column,
        "endLine": end.line,
        "endColumn": end.column,
    })
}

impl Render for Sarif {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(
            br#"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"columnKind":"unicodeCodePoints","results":["#,
        )
    }

    fn report(&mut self, out: &mut dyn Write, item: &Item, outcome: &Outcome) -> io::Result<()> {
        if outcome.diagnostics.is_empty() {
            return Ok(());
        }
        let artifact = self.artifact(item);
        for d in &outcome.diagnostics {
            let fixes: Vec<Value> = d
                .fix
                .iter()
                .filter(|f| f.safe)
                .map(|f| {
                    json!({
                        "description": {"text": format!("Replace with {:?}.", f.replacement)},
                        "artifactChanges": [{
                            "artifactLocation": artifact,
                            "replacements": [{
                                "deletedRegion": region(f.start, f.end),
                                "insertedContent": {"text": f.replacement},
                            }],
                        }],
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": d.code.code(),
                "ruleIndex": d.code.index(),
                "level": if d.fatal { "error" } else { "warning" },
                "message": {"text": d.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": artifact,
                    "region": region(d.start, d.end),
                }}],
                "properties": {"start": d.span.start, "end": d.span.end},
            });
            if !fixes.is_empty() {
                result["fixes"] = Value::Array(fixes);
            }
            if self.results > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, &result)?;
            self.results += 1;
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write, _: Summary) -> io::Result<()> {
        let rules: Vec<Value> = Code::all()
            .map(|code| {
                let level = match code {
                    Code::Url(_) => "warning",
                    Code::Other(c) if c.fatal() => "error",
                    Code::Other(_) => "warning",
                };
                json!({
                    "id": code.code(),
                    "name": pascal_case(code.code()),
                    "shortDescription": {"text": code.description()},
                    "fullDescription": {"text": format!("{} {}", code.description(), code.help())},
                    "help": {"text": code.help()},
                    "helpUri": code.spec_url(),
                    "defaultConfiguration": {"level": level},
                })
            })
            .collect();
        let tool = json!({"driver": {
            "name": "pegurl",
            "version": env!("CARGO_PKG_VERSION"),
            "informationUri": "https://url.spec.whatwg.org/",
            "rules": rules,
        }});
        let artifacts: Vec<Value> = self
            .virtual_artifacts
            .iter()
            .map(|(name, contents)| {
                let uri = name.replace(' ', "-").replace("standard-input", "stdin");
                let mut artifact = json!({
                    "location": {"uri": uri},
                    "description": {"text": name},
                });
                if let Some(text) = contents {
                    artifact["contents"] = json!({"text": text});
                }
                artifact
            })
            .collect();
        let cwd = std::env::current_dir().ok().and_then(|d| {
            d.to_str()
                .map(|d| format!("file://{}/", encode_path(d.trim_end_matches('/'))))
        });
        out.write_all(b"],")?;
        if !artifacts.is_empty() {
            out.write_all(br#""artifacts":"#)?;
            serde_json::to_writer(&mut *out, &artifacts)?;
            out.write_all(b",")?;
        }
        if let Some(cwd) = cwd {
            let bases = json!({"%SRCROOT%": {"uri": cwd}});
            out.write_all(br#""originalUriBaseIds":"#)?;
            serde_json::to_writer(&mut *out, &bases)?;
            out.write_all(b",")?;
        }
        out.write_all(br#""tool":"#)?;
        serde_json::to_writer(&mut *out, &tool)?;
        out.write_all(b"}]}\n")
    }
}
