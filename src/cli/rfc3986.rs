//! `pegurl grammar rfc3986-diff`: the WPT inputs read by RFC 3986 (grammar/experiments/rfc3986.pest,
//! loaded at run time) and by the URL Standard, side by side: which are valid in one and not the
//! other, and which resolve to different URLs. RFC 3986 §5.2 reference resolution is here too.

use std::process::ExitCode;

use pest_vm::Vm;
use serde_json::Value;

/// The experiment grammar.
pub const GRAMMAR: &str = include_str!("../../grammar/experiments/rfc3986.pest");

/// The five components of RFC 3986 §3 (undefined components are None).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reference {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// The RFC 3986 grammar, compiled at run time.
pub struct Rfc3986 {
    vm: Vm,
}

impl Rfc3986 {
    /// Loads the experiment grammar.
    pub fn load() -> Result<Rfc3986, String> {
        let (_, rules) =
            pest_meta::parse_and_optimize(GRAMMAR).map_err(|e| super::grammar_errors(&e))?;
        Ok(Rfc3986 { vm: Vm::new(rules) })
    }

    /// Reads `input` as a URI-reference (or, with `absolute`, as an absolute-URI): its
    /// components, or None when it is not one.
    pub fn read(&self, input: &str, absolute: bool) -> Option<Reference> {
        let entry = if absolute {
            "absolute_uri"
        } else {
            "uri_reference"
        };
        let pairs = self.vm.parse(entry, input).ok()?;
        let mut reference = Reference::default();
        // Components are the first node of each kind, depth first (the tree is a few levels deep).
        let mut stack: Vec<_> = pairs.collect();
        stack.reverse();
        while let Some(pair) = stack.pop() {
            let text = pair.as_str().to_owned();
            match pair.as_rule() {
                "scheme" if reference.scheme.is_none() => reference.scheme = Some(text),
                "authority" if reference.authority.is_none() => reference.authority = Some(text),
                "path_abempty" | "path_absolute" | "path_noscheme" | "path_rootless"
                | "path_empty" => reference.path = text,
                "query" if reference.query.is_none() => reference.query = Some(text),
                "fragment" if reference.fragment.is_none() => reference.fragment = Some(text),
                _ => {
                    let mut children: Vec<_> = pair.into_inner().collect();
                    children.reverse();
                    stack.extend(children);
                }
            }
        }
        Some(reference)
    }
}

/// RFC 3986 §5.2.2, "Transform References" (strict: a scheme in the reference is kept).
pub fn resolve(base: &Reference, r: &Reference) -> Reference {
    let mut t = Reference::default();
    if r.scheme.is_some() {
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                t.query = r.query.clone().or_else(|| base.query.clone());
            } else {
                t.path = if r.path.starts_with('/') {
                    remove_dot_segments(&r.path)
                } else {
                    remove_dot_segments(&merge(base, &r.path))
                };
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// RFC 3986 §5.2.3, "Merge Paths".
fn merge(base: &Reference, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{path}")
    } else {
        match base.path.rfind('/') {
            Some(i) => format!("{}{path}", &base.path[..=i]),
            None => path.to_owned(),
        }
    }
}

/// RFC 3986 §5.2.4, "Remove Dot Segments".
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A. Remove a prefix of "../" or "./".
            input = rest;
        } else if input.starts_with("/./") {
            // B. Replace a prefix of "/./" with "/".
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") || input == "/.." {
            // C. Replace "/../" (or "/..") with "/" and remove the last segment of the output.
            input = if input == "/.." { "/" } else { &input[3..] };
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "." || input == ".." {
            // D. Remove a lone "." or "..".
            input = "";
        } else {
            // E. Move the first segment (with its "/", up to the next "/") to the output.
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// RFC 3986 §5.3, "Component Recomposition".
pub fn recompose(t: &Reference) -> String {
    let mut s = String::new();
    if let Some(scheme) = &t.scheme {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = &t.authority {
        s.push_str("//");
        s.push_str(authority);
    }
    s.push_str(&t.path);
    if let Some(query) = &t.query {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = &t.fragment {
        s.push('#');
        s.push_str(fragment);
    }
    s
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
    let rfc = Rfc3986::load()?;
    let text = pegurl::wpt::replace_lone_surrogates(pegurl::wpt::URLTESTDATA);
    let data: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = case.get("base").and_then(Value::as_str);
        // RFC 3986 resolves against an absolute URI; a base's fragment is not part of it (§5.1).
        let rfc_base = base.map(|b| b.split_once('#').map_or(b, |(b, _)| b));
        let rfc_result = rfc.read(input, false).and_then(|r| match rfc_base {
            _ if r.scheme.is_some() => Some(recompose(&resolve(&Reference::default(), &r))),
            Some(b) => rfc.read(b, true).map(|b| recompose(&resolve(&b, &r))),
            None => None,
        });
        let (url, errors) = super::parse_collecting(input, base);
        rows.push(Row {
            input: input.to_owned(),
            base: base.map(str::to_owned),
            rfc: rfc_result,
            whatwg_valid: url.is_ok() && errors.is_empty(),
            whatwg: url.ok().map(|u| u.href().to_owned()),
        });
    }
    let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
    println!(
        "RFC 3986 and the URL Standard on the {} inputs of urltestdata.json",
        rows.len()
    );
    println!(
        "  a URI reference (resolvable) in RFC 3986:       {}",
        count(&|r| r.rfc.is_some())
    );
    println!(
        "  a valid URL string (no validation error):       {}",
        count(&|r| r.whatwg_valid)
    );
    println!(
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
        println!("\n{title}: {}", matching.len());
        for row in matching.iter().take(show) {
            let base = row
                .base
                .as_deref()
                .map_or(String::new(), |b| format!(" against {b:?}"));
            println!(
                "  {:?}{base}\n      RFC 3986 {:?}\n      WHATWG   {:?}",
                row.input, row.rfc, row.whatwg
            );
        }
        if matching.len() > show {
            println!("  ... {} more", matching.len() - show);
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegurl::Url;

    const BASE: &str = "http://a/b/c/d;p?q";

    /// RFC 3986 §5.4.1 and §5.4.2 (seed 004's appendix has the 1996 forerunner).
    const EXAMPLES: &[(&str, &str)] = &[
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // Abnormal examples.
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ];

    #[test]
    fn rfc3986_resolution_gives_the_rfc_examples() {
        let rfc = Rfc3986::load().unwrap();
        let base = rfc.read(BASE, true).unwrap();
        for (reference, expected) in EXAMPLES {
            let r = rfc
                .read(reference, false)
                .unwrap_or_else(|| panic!("{reference:?} reads"));
            assert_eq!(recompose(&resolve(&base, &r)), *expected, "{reference:?}");
        }
    }

    #[test]
    fn the_url_standard_differs_from_rfc3986_on_two_examples() {
        let base = Url::parse(BASE).unwrap();
        let differences: Vec<(&str, String)> = EXAMPLES
            .iter()
            .filter_map(|(reference, expected)| {
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

    #[test]
    fn the_grammar_reads_what_rfc3986_allows_and_rejects_the_rest() {
        let rfc = Rfc3986::load().unwrap();
        for valid in [
            "http://[::1]:80/p",
            "http://[1:2:3:4:5:6:7:8]/",
            "http://[::ffff:1.2.3.4]/",
            "http://[v1.x]/",
            "http://1.2.3.4/",
            "http://1.2.3.4.5/",
            "mailto:a@b",
            "//h",
            "a/b",
            "?q",
            "#f",
            "",
            "http://u:p@h/%41",
        ] {
            assert!(
                rfc.read(valid, false).is_some(),
                "{valid:?} is a URI reference"
            );
        }
        for invalid in [
            "http://[::1",
            "http://h/a b",
            "a:b c",
            ":x",
            "http://h/%zz",
            "http://[1:2]/",
        ] {
            assert!(rfc.read(invalid, false).is_none(), "{invalid:?} is not");
        }
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }
}
