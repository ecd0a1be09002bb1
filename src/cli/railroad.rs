//! Railroad diagrams of a `.pest` grammar's productions: pest_meta's unoptimised AST rendered
//! with the `railroad` crate, one diagram per rule with its doc comment.

use std::collections::HashMap;
use std::fmt::Write as _;

use pest_meta::ast::{Expr, RuleType};
use pest_meta::parser::{self, Rule};
use railroad::{
    Choice, Comment, Diagram, Empty, LabeledBox, Link, Node, NonTerminal, Optional, Repeat,
    Sequence, SimpleEnd, SimpleStart, Terminal, VerticalGrid,
};

/// What `grammar railroad -o PATH` writes, by the path's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// A page of every diagram (`.html`, `.htm`).
    Html,
    /// One SVG image (`.svg`).
    Svg,
}

/// The kind of file `path` names; any other extension is refused rather than written with
/// content it does not hold (HTML in a `.png`).
pub fn output_kind(path: &str) -> Result<OutputKind, String> {
    let extension = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "html" | "htm" => Ok(OutputKind::Html),
        "svg" => Ok(OutputKind::Svg),
        _ => Err(format!(
            "{path}: railroad diagrams are written as .html or .svg; no other extension is known"
        )),
    }
}

/// A rule of the grammar, ready to draw.
pub struct DrawnRule {
    /// The rule's name.
    pub name: String,
    /// Its doc comment (`///` lines), joined.
    pub doc: String,
    /// Its type, as the grammar writes it (`@`, `$`, `_` or nothing).
    pub modifier: &'static str,
    /// The diagram, an SVG element.
    pub svg: String,
}

/// The grammar's `//!` header and its rules, drawn; `only` keeps the named rules.
pub fn draw(source: &str, only: &[String]) -> Result<(String, Vec<DrawnRule>), String> {
    let pairs = parser::parse(Rule::grammar_rules, source).map_err(|e| e.to_string())?;
    let mut header = Vec::new();
    let mut docs: HashMap<String, String> = HashMap::new();
    let mut pending: Vec<String> = Vec::new();
    for pair in pairs.clone() {
        match pair.as_rule() {
            Rule::grammar_doc => header.push(doc_text(pair)),
            Rule::grammar_rule => {
                let Some(first) = pair.clone().into_inner().next() else {
                    continue;
                };
                if first.as_rule() == Rule::line_doc {
                    pending.push(doc_text(first));
                } else {
                    docs.insert(first.as_str().to_owned(), pending.join(" "));
                    pending.clear();
                }
            }
            _ => {}
        }
    }
    let rules = parser::consume_rules(pairs).map_err(|e| super::grammar_errors(&e))?;
    let mut drawn = Vec::new();
    for rule in rules {
        if !only.is_empty() && !only.contains(&rule.name) {
            continue;
        }
        let root = Sequence::new(vec![
            Box::new(SimpleStart) as Box<dyn Node>,
            node(&rule.expr, &mut 0),
            Box::new(SimpleEnd),
        ]);
        let modifier = match rule.ty {
            RuleType::Atomic => "@",
            RuleType::CompoundAtomic => "$",
            RuleType::Silent => "_",
            RuleType::NonAtomic => "!",
            _ => "",
        };
        // Explicit dimensions keep every diagram at one scale on the page.
        let mut diagram = Diagram::new(root);
        let (width, height) = (diagram.width().to_string(), diagram.height().to_string());
        diagram.attr("width".to_owned()).or_insert(width);
        diagram.attr("height".to_owned()).or_insert(height);
        drawn.push(DrawnRule {
            doc: docs.remove(&rule.name).unwrap_or_default(),
            svg: diagram.to_string(),
            name: rule.name,
            modifier,
        });
    }
    Ok((header.join("\n"), drawn))
}

fn doc_text(pair: pest::iterators::Pair<'_, Rule>) -> String {
    pair.into_inner()
        .find(|p| p.as_rule() == Rule::inner_doc)
        .map_or_else(String::new, |p| p.as_str().trim().to_owned())
}

/// The railroad node of an expression. Each rule name it draws (each `Ident`, pest's built-ins
/// too) carries `data-ident="N"`, its number in the expression's pre-order, counted in `idents`:
/// the viewer marks the ones a parse went through (see `taken_path`).
fn node(expr: &Expr, idents: &mut usize) -> Box<dyn Node> {
    match expr {
        Expr::Str(s) => Box::new(Terminal::new(format!("{s:?}"))),
        Expr::Insens(s) => Box::new(Terminal::new(format!("^{s:?} (any case)"))),
        Expr::Range(a, b) => Box::new(Terminal::new(format!("'{a}'..'{b}'"))),
        Expr::Ident(name) => {
            let number = idents.to_string();
            *idents += 1;
            if is_builtin(name) {
                let mut terminal = Terminal::new(name.clone());
                terminal.attr("data-ident".to_owned()).or_insert(number);
                return Box::new(terminal);
            }
            let mut rule = NonTerminal::new(name.clone());
            rule.attr("data-ident".to_owned()).or_insert(number);
            Box::new(Link::new(rule, format!("#rule-{name}")))
        }
        Expr::PosPred(e) => Box::new(LabeledBox::new(
            node(e, idents),
            Comment::new("followed by".into()),
        )),
        Expr::NegPred(e) => Box::new(LabeledBox::new(
            node(e, idents),
            Comment::new("not followed by".into()),
        )),
        Expr::Seq(..) => {
            let mut items = Vec::new();
            flatten(expr, seq_operands, &mut items);
            Box::new(Sequence::new(nodes(&items, idents)))
        }
        Expr::Choice(..) => {
            let mut items = Vec::new();
            flatten(expr, choice_operands, &mut items);
            Box::new(Choice::new(nodes(&items, idents)))
        }
        Expr::Opt(e) => Box::new(Optional::new(node(e, idents))),
        Expr::Rep(e) => Box::new(Optional::new(Repeat::new(node(e, idents), Empty))),
        Expr::RepOnce(e) => Box::new(Repeat::new(node(e, idents), Empty)),
        Expr::RepExact(e, n) => repeat(e, format!("{n} times"), idents),
        Expr::RepMin(e, n) => repeat(e, format!("at least {n} times"), idents),
        Expr::RepMax(e, n) => repeat(e, format!("at most {n} times"), idents),
        Expr::RepMinMax(e, m, n) => repeat(e, format!("{m} to {n} times"), idents),
        Expr::Skip(strings) => Box::new(Terminal::new(format!("skip to {strings:?}"))),
        Expr::Push(e) => Box::new(LabeledBox::new(
            node(e, idents),
            Comment::new("push".into()),
        )),
        other => Box::new(Terminal::new(format!("{other:?}"))),
    }
}

/// The nodes of a sequence's or a choice's operands, numbered left to right.
fn nodes(items: &[&Expr], idents: &mut usize) -> Vec<Box<dyn Node>> {
    let mut drawn = Vec::with_capacity(items.len());
    for item in items {
        drawn.push(node(item, idents));
    }
    drawn
}

fn repeat(e: &Expr, label: String, idents: &mut usize) -> Box<dyn Node> {
    Box::new(Repeat::new(node(e, idents), Comment::new(label)))
}

/// The operands of a chain of one binary operator (`a ~ b ~ c`, `a | b | c`), in order.
fn flatten<'e>(
    expr: &'e Expr,
    split: fn(&Expr) -> Option<(&Expr, &Expr)>,
    out: &mut Vec<&'e Expr>,
) {
    match split(expr) {
        Some((a, b)) => {
            flatten(a, split, out);
            flatten(b, split, out);
        }
        None => out.push(expr),
    }
}

fn seq_operands(e: &Expr) -> Option<(&Expr, &Expr)> {
    match e {
        Expr::Seq(a, b) => Some((a, b)),
        _ => None,
    }
}

fn choice_operands(e: &Expr) -> Option<(&Expr, &Expr)> {
    match e {
        Expr::Choice(a, b) => Some((a, b)),
        _ => None,
    }
}

/// pest's built-in rules (ANY, SOI, EOI, ASCII_DIGIT, ...): drawn as terminals.
fn is_builtin(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
}

/// A self-contained HTML page: the header, then one section per rule.
pub fn html(title: &str, header: &str, rules: &[DrawnRule]) -> String {
    let mut page = String::new();
    let _ = write!(
        page,
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8><title>{}</title>\n<style>\n\
         body {{ font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem; color: #222 }}\n\
         section {{ border-top: 1px solid #ddd; padding: .5rem 0 1rem }}\n\
         h2 {{ font-family: ui-monospace, monospace; font-size: 1.1rem }}\n\
         h2 small {{ color: #888; font-weight: normal }}\n\
         nav {{ display: flex; flex-wrap: wrap; gap: .2rem .7rem }}\n\
         nav a {{ font-family: ui-monospace, monospace }}\n\
         svg {{ max-width: 100%; height: auto }}\n{}\n</style></head><body>\n<h1>{}</h1>\n",
        escape(title),
        railroad::DEFAULT_CSS,
        escape(title)
    );
    for line in header.split("\n\n").filter(|p| !p.trim().is_empty()) {
        let _ = writeln!(page, "<p>{}</p>", linked(line));
    }
    page.push_str("<nav>");
    for rule in rules {
        let _ = write!(page, "<a href=\"#rule-{0}\">{0}</a>", escape(&rule.name));
    }
    page.push_str("</nav>\n");
    for rule in rules {
        let _ = writeln!(
            page,
            "<section id=\"rule-{0}\"><h2>{0} <small>{1}{{ }}</small></h2>\n<p>{2}</p>\n{3}\n</section>",
            escape(&rule.name),
            rule.modifier,
            linked(&rule.doc),
            rule.svg
        );
    }
    page.push_str("</body></html>\n");
    page
}

/// One SVG with every rule's diagram, stacked, each under its name.
pub fn svg(source: &str, only: &[String]) -> Result<String, String> {
    let pairs = parser::parse(Rule::grammar_rules, source).map_err(|e| e.to_string())?;
    let ast = parser::consume_rules(pairs).map_err(|e| super::grammar_errors(&e))?;
    let rows: Vec<Box<dyn Node>> = ast
        .iter()
        .filter(|r| only.is_empty() || only.contains(&r.name))
        .map(|r| {
            Box::new(LabeledBox::new(
                Sequence::new(vec![
                    Box::new(SimpleStart) as Box<dyn Node>,
                    node(&r.expr, &mut 0),
                    Box::new(SimpleEnd),
                ]),
                Comment::new(r.name.clone()),
            )) as Box<dyn Node>
        })
        .collect();
    Ok(Diagram::with_default_css(VerticalGrid::new(rows)).to_string())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Escapes text and turns Markdown links `[text](url)` and bare https URLs into links.
fn linked(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else {
            break;
        };
        out.push_str(&bare_links(&rest[..open]));
        let (label, url) = (&rest[open + 1..close], &rest[close + 2..end]);
        let _ = write!(out, "<a href=\"{}\">{}</a>", escape(url), escape(label));
        rest = &rest[end + 1..];
    }
    out.push_str(&bare_links(rest));
    out
}

fn bare_links(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            if word.starts_with("https://") {
                format!("<a href=\"{0}\">{0}</a>", escape(word))
            } else {
                escape(word)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
