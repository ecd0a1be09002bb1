//! The spec's code point sets and its table of special schemes, read from a grammar's rules:
//! what build.rs compiles into the built-in tables and what a grammar loaded at run time
//! (`src/runtime.rs`) derives its own tables with, so both read a rule the same way.
//!
//! A set rule is a choice of one-code-point literals (`"a"`, `^"a"`), ranges (`'a'..'z'`) and
//! other set rules. The scheme table is the rule `special_scheme` and the rule `file_scheme`:
//! each alternative of `special_scheme` names a rule `default_port_N` whose literals are the
//! special schemes with default port N (or is a literal itself: a special scheme without a
//! default port), and the literals of `file_scheme` are special schemes without a default port.

use std::collections::HashMap;

use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// The set rules, in the order of `crate::tables::Set`'s variants.
pub(crate) const SET_RULES: [&str; 11] = [
    "c0_control_percent_encode_set",
    "fragment_percent_encode_set",
    "query_percent_encode_set",
    "special_query_percent_encode_set",
    "path_percent_encode_set",
    "userinfo_percent_encode_set",
    "component_percent_encode_set",
    "application_x_www_form_urlencoded_percent_encode_set",
    "forbidden_host_code_point",
    "forbidden_domain_code_point",
    "url_code_point",
];

/// The rule whose alternatives are the special schemes other than "file".
pub(crate) const SPECIAL_SCHEME_RULE: &str = "special_scheme";

/// The rule whose literals are the "file" scheme.
pub(crate) const FILE_SCHEME_RULE: &str = "file_scheme";

/// The prefix of a rule whose literals are special schemes with the default port that follows.
pub(crate) const DEFAULT_PORT_PREFIX: &str = "default_port_";

/// Sorted, disjoint, non-adjacent ranges of code points (both ends included).
pub(crate) type Ranges = Vec<(u32, u32)>;

/// A special scheme (ASCII lowercase) and its default port.
pub(crate) type SpecialScheme = (String, Option<u16>);

/// What a grammar states of the sets and the scheme table; None where it lacks the rule.
pub(crate) struct GrammarTables {
    /// The code points of each rule of [`SET_RULES`], in that order.
    pub(crate) sets: Vec<Option<Ranges>>,
    /// The special schemes, in grammar order, "file" included.
    pub(crate) special_schemes: Option<Vec<SpecialScheme>>,
}

/// Reads the sets and the scheme table from `rules`; the error names the rule that is not one.
pub(crate) fn read(rules: &[OptimizedRule]) -> Result<GrammarTables, String> {
    let by_name: HashMap<&str, &OptimizedExpr> =
        rules.iter().map(|r| (r.name.as_str(), &r.expr)).collect();
    let sets = SET_RULES
        .iter()
        .map(|name| {
            by_name
                .get(name)
                .map(|_| code_points(&by_name, name))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let special_schemes = match by_name.get(SPECIAL_SCHEME_RULE) {
        Some(expr) => Some(special_schemes(&by_name, expr)?),
        None => None,
    };
    Ok(GrammarTables {
        sets,
        special_schemes,
    })
}

/// The code points of the set rule `name`: each rule it names is read once, so a rule naming
/// itself ends.
fn code_points(rules: &HashMap<&str, &OptimizedExpr>, name: &str) -> Result<Ranges, String> {
    let not_a_set = |what: &str| {
        format!("rule `{name}` is not a set of code points (a choice of one-code-point literals, ranges and set rules): it holds {what}")
    };
    let mut ranges = Vec::new();
    let mut seen = vec![name];
    let mut todo: Vec<&OptimizedExpr> = match rules.get(name) {
        Some(expr) => vec![*expr],
        None => return Err(format!("the grammar has no rule `{name}`")),
    };
    while let Some(expr) = todo.pop() {
        match expr {
            OptimizedExpr::Choice(a, b) => todo.extend([&**a, &**b]),
            OptimizedExpr::Str(s) => {
                let c = one_code_point(s).ok_or_else(|| not_a_set(&format!("{s:?}")))?;
                ranges.push((c, c));
            }
            OptimizedExpr::Insens(s) => {
                let c = one_code_point(s).ok_or_else(|| not_a_set(&format!("^{s:?}")))?;
                for c in [c, lower(c), upper(c)] {
                    ranges.push((c, c));
                }
            }
            OptimizedExpr::Range(a, b) => match (one_code_point(a), one_code_point(b)) {
                (Some(a), Some(b)) if a <= b => ranges.push((a, b)),
                _ => return Err(not_a_set(&format!("the range {a:?}..{b:?}"))),
            },
            OptimizedExpr::Ident(other) => {
                let expr = rules
                    .get(other.as_str())
                    .ok_or_else(|| not_a_set(&format!("`{other}`, which is not a rule")))?;
                if !seen.contains(&other.as_str()) {
                    seen.push(other);
                    todo.push(expr);
                }
            }
            other => return Err(not_a_set(&format!("`{other}`"))),
        }
    }
    Ok(merged(ranges))
}

/// The special schemes of `special_scheme` (`expr`) and of `file_scheme`.
fn special_schemes(
    rules: &HashMap<&str, &OptimizedExpr>,
    expr: &OptimizedExpr,
) -> Result<Vec<SpecialScheme>, String> {
    let mut schemes: Vec<SpecialScheme> = Vec::new();
    let mut add = |name: String, port: Option<u16>| {
        if !schemes.iter().any(|(s, _)| *s == name) {
            schemes.push((name, port));
        }
    };
    for alternative in alternatives(expr) {
        match alternative {
            OptimizedExpr::Ident(rule) => {
                let port = rule
                    .strip_prefix(DEFAULT_PORT_PREFIX)
                    .and_then(|n| n.parse::<u16>().ok())
                    .ok_or_else(|| {
                        format!("`{SPECIAL_SCHEME_RULE}` names `{rule}`: a special scheme's rule is named `{DEFAULT_PORT_PREFIX}` and its port (0 to 65535)")
                    })?;
                let body = rules.get(rule.as_str()).ok_or_else(|| {
                    format!("`{SPECIAL_SCHEME_RULE}` names `{rule}`, which is not a rule")
                })?;
                for scheme in alternatives(body) {
                    add(scheme_literal(rule, scheme)?, Some(port));
                }
            }
            literal => add(scheme_literal(SPECIAL_SCHEME_RULE, literal)?, None),
        }
    }
    if let Some(body) = rules.get(FILE_SCHEME_RULE) {
        for scheme in alternatives(body) {
            add(scheme_literal(FILE_SCHEME_RULE, scheme)?, None);
        }
    }
    Ok(schemes)
}

/// The alternatives of a choice (one, if `expr` is not a choice), in order.
fn alternatives(expr: &OptimizedExpr) -> Vec<&OptimizedExpr> {
    let mut out = Vec::new();
    let mut todo = vec![expr];
    while let Some(expr) = todo.pop() {
        match expr {
            OptimizedExpr::Choice(a, b) => todo.extend([&**b, &**a]),
            other => out.push(other),
        }
    }
    out
}

/// The scheme a literal of rule `rule` states, ASCII-lowercased.
fn scheme_literal(rule: &str, expr: &OptimizedExpr) -> Result<String, String> {
    match expr {
        OptimizedExpr::Str(s) | OptimizedExpr::Insens(s)
            if s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) =>
        {
            Ok(s.to_ascii_lowercase())
        }
        other => Err(format!(
            "rule `{rule}` holds `{other}`, which is not a scheme literal"
        )),
    }
}

/// The code point of a one-code-point string.
fn one_code_point(s: &str) -> Option<u32> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(u32::from(c))
}

/// An ASCII letter's lower case (another code point is itself).
fn lower(c: u32) -> u32 {
    char::from_u32(c).map_or(c, |c| u32::from(c.to_ascii_lowercase()))
}

/// An ASCII letter's upper case (another code point is itself).
fn upper(c: u32) -> u32 {
    char::from_u32(c).map_or(c, |c| u32::from(c.to_ascii_uppercase()))
}

/// `ranges` sorted, with overlapping and adjacent ones joined.
fn merged(mut ranges: Ranges) -> Ranges {
    ranges.sort_unstable();
    let mut out: Ranges = Vec::with_capacity(ranges.len());
    for (a, b) in ranges {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}
