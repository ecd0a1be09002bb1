//! The viewer's JSON API: each request as JSON in, JSON out. Offsets are given twice, in bytes
//! of the input (as pegurl reports them) and in UTF-16 code units (as the page's strings count).

use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::Workbench;
use crate::cli::adapter::{Finding, Node, Parser, View};
use crate::cli::wpt_delta;

/// An error object: `{"error": message}`.
pub fn error(message: &str) -> Value {
    json!({ "error": message })
}

/// Answers one API request: the status and the JSON body.
pub fn handle(
    method: &str,
    path: &str,
    body: Option<&str>,
    workbench: &mut Workbench,
) -> (u16, Value) {
    let request = match body.map(serde_json::from_str::<Value>) {
        None => Value::Null,
        Some(Ok(value)) => value,
        Some(Err(e)) => return (400, error(&format!("the body is not JSON: {e}"))),
    };
    let text = |key: &str| request.get(key).and_then(Value::as_str);
    match (method, path) {
        ("POST", "/api/parse") => match text("input") {
            Some(input) => (200, parse(input, text("base"), workbench)),
            None => (
                400,
                error("expected {\"input\": string, \"base\": string|null}"),
            ),
        },
        ("GET", "/api/grammar") => (200, grammar(workbench)),
        ("GET", "/api/grammar/builtin") => (
            200,
            json!({ "source": Parser::builtin_source(), "name": "the built-in grammar" }),
        ),
        ("POST", "/api/grammar") => match text("source") {
            Some(source) => load(source, workbench),
            None => (400, error("expected {\"source\": string}")),
        },
        _ => (404, error(&format!("no {method} {path}"))),
    }
}

fn grammar(workbench: &Workbench) -> Value {
    json!({
        "source": workbench.source,
        "name": workbench.name,
        "missing": workbench.parser.missing_productions(),
    })
}

/// Loads a grammar from the page. One that does not load leaves the current one in place and
/// comes back as `{"ok": false, "error"}`; one that loads replaces it, with its WPT delta
/// against the built-in grammar.
fn load(source: &str, workbench: &mut Workbench) -> (u16, Value) {
    let parser = match Parser::load(source) {
        Ok(parser) => parser,
        Err(message) => return (200, json!({ "ok": false, "error": message })),
    };
    let mut suites = Vec::new();
    for suite in wpt_delta::SUITES {
        match wpt_delta::run(suite, &parser, &Parser::Builtin) {
            Ok(tally) => suites.push(json!({
                "suite": tally.suite,
                "cases": tally.cases,
                "passes": tally.passes,
                "baseline_passes": tally.baseline_passes,
                "differences": tally.differences.iter().map(|d| json!({
                    "case": d.case,
                    "baseline": d.baseline,
                    "grammar": d.grammar,
                    "baseline_refused": d.baseline_refused,
                    "grammar_refused": d.grammar_refused,
                })).collect::<Vec<_>>(),
            })),
            Err(e) => return (500, error(&e)),
        }
    }
    *workbench = Workbench::new(source.to_owned(), "the page".to_owned(), parser);
    let reply = json!({
        "ok": true,
        "source": workbench.source,
        "name": workbench.name,
        "missing": workbench.parser.missing_productions(),
        "wpt": suites,
    });
    (200, reply)
}

/// What the current grammar makes of `input` against `base`.
fn parse(input: &str, base: Option<&str>, workbench: &Workbench) -> Value {
    let base = base.filter(|b| !b.is_empty());
    let View {
        outcome,
        record,
        trees,
    } = workbench.parser.view(input, base);
    let record = record.map(|r| {
        json!({
            "scheme": r.scheme,
            "host_kind": r.host_kind,
            "host": r.host,
            "port": r.port,
            "path": r.path,
            "opaque_path": r.opaque_path,
            "query": r.query,
            "fragment": r.fragment,
            "getters": r.getters.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        })
    });
    json!({
        "input": input,
        "base": base,
        "href": outcome.href,
        "failure": outcome.failure,
        "valid": outcome.href.is_some() && outcome.findings.is_empty(),
        "errors": outcome.findings.iter().map(|f| finding(input, f)).collect::<Vec<_>>(),
        "record": record,
        "trees": trees.iter().map(|t| node(input, t)).collect::<Vec<_>>(),
        "diagrams": diagrams(workbench, &trees),
    })
}

/// The UTF-16 offset of a byte offset of `text` (its end when out of range).
fn utf16(text: &str, byte: usize) -> usize {
    let prefix = text.get(..byte.min(text.len())).unwrap_or(text);
    prefix.encode_utf16().count()
}

fn finding(input: &str, f: &Finding) -> Value {
    json!({
        "code": f.code,
        "start": f.start,
        "end": f.end,
        "utf16_start": utf16(input, f.start),
        "utf16_end": utf16(input, f.end),
        "fatal": f.fatal,
        "message": f.message,
        "help": f.help,
        "link": f.link,
    })
}

/// A tree node as JSON; the library bounds a tree's depth, so this recursion is bounded.
fn node(input: &str, n: &Node) -> Value {
    json!({
        "rule": n.rule,
        "start": n.start,
        "end": n.end,
        "utf16_start": utf16(input, n.start),
        "utf16_end": utf16(input, n.end),
        "text": n.text,
        "children": n.children.iter().map(|c| node(input, c)).collect::<Vec<_>>(),
    })
}

/// The railroad diagram of each rule the trees visited, in order of first visit, with the way
/// the parse went through it: `taken`, the numbers of its `data-ident` nodes that the walk of
/// `taken_path` found, and `taken_by_name`, the rules a node whose children the walk could not
/// account for went on to (the page marks every node of those names).
fn diagrams(workbench: &Workbench, trees: &[Node]) -> Value {
    let (paths, drawn) = match (&workbench.paths, &workbench.drawn) {
        (Ok(paths), Ok(drawn)) => (paths, drawn),
        (Err(e), _) | (_, Err(e)) => return json!({ "error": e }),
    };
    let mut order: Vec<String> = Vec::new();
    let mut taken: Vec<(BTreeSet<usize>, BTreeSet<String>)> = Vec::new();
    let mut stack: Vec<&Node> = trees.iter().rev().collect();
    while let Some(n) = stack.pop() {
        let index = match order.iter().position(|r| *r == n.rule) {
            Some(i) => i,
            None => {
                order.push(n.rule.clone());
                taken.push(Default::default());
                order.len() - 1
            }
        };
        let children: Vec<&str> = n.children.iter().map(|c| c.rule.as_str()).collect();
        if let Some((numbers, names)) = taken.get_mut(index) {
            match paths.taken(&n.rule, &children) {
                Some(found) => numbers.extend(found),
                None => names.extend(children.iter().map(|c| c.to_string())),
            }
        }
        stack.extend(n.children.iter().rev());
    }
    let mut out = Vec::new();
    for (rule, (numbers, names)) in order.iter().zip(&taken) {
        if let Some(d) = drawn.iter().find(|d| &d.name == rule) {
            out.push(json!({
                "rule": rule,
                "doc": d.doc,
                "svg": d.svg,
                "taken": numbers,
                "taken_by_name": names,
            }));
        }
    }
    json!(out)
}
