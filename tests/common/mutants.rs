//! Mutants of a `.pest` grammar, made on its text: a literal changed, a delimiter replaced
//! everywhere (with the same replacement to splice into inputs), a repetition or look-ahead
//! changed, a rule's modifier changed. Used by `tests/grammar_mutants.rs` and the
//! `grammar_mutants` fuzz target to show that no grammar loaded at run time makes the builder
//! panic.

/// A place in the grammar's text that a mutation can change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Site {
    /// A string literal: the byte range of its contents (between the quotes).
    Literal(std::ops::Range<usize>),
    /// A repetition or look-ahead operator (`*`, `+`, `?`, `!`, `&`) at this byte.
    Operator(usize),
    /// A rule's modifier (`@`, `$`, `_`, `!`) just before its `{`, at this byte.
    Modifier(usize),
}

/// The mutable places of a grammar, in order: string literals, operators and rule modifiers
/// outside comments and literals.
pub fn sites(grammar: &str) -> Vec<Site> {
    let bytes = grammar.as_bytes();
    let mut sites = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                // A comment, to the end of the line.
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                sites.push(Site::Literal(start..i.min(bytes.len())));
                i += 1;
            }
            b'\'' => {
                // A character of a range: 'a'..'z'.
                i += 1;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'*' | b'+' | b'?' | b'&' => {
                sites.push(Site::Operator(i));
                i += 1;
            }
            b'!' if bytes.get(i + 1) == Some(&b'{') => {
                sites.push(Site::Modifier(i));
                i += 1;
            }
            b'!' => {
                sites.push(Site::Operator(i));
                i += 1;
            }
            b'@' | b'$' | b'_' if bytes.get(i + 1) == Some(&b'{') => {
                sites.push(Site::Modifier(i));
                i += 1;
            }
            _ => i += 1,
        }
    }
    sites
}

/// What a literal becomes: other delimiters, nothing, several bytes, non-ASCII (so that a
/// builder that slices a delimiter off by its expected length lands inside a code point).
pub const LITERAL_REPLACEMENTS: &[&str] = &[
    "é", "", "€x", "//", "0X", "\\\\", "%", ":", "@", "?", "#", ".", "[", "a",
];

/// What an operator becomes.
const OPERATOR_REPLACEMENTS: &[&str] = &["*", "+", "?", "", "!", "&"];

/// What a rule's modifier becomes.
const MODIFIER_REPLACEMENTS: &[&str] = &["@", "$", "_", "!", ""];

/// Delimiters that can be replaced everywhere, as they are written in the grammar's literals
/// and as they stand in an input.
pub const DELIMITERS: &[(&str, &str)] = &[
    ("/", "/"),
    ("\\\\", "\\"),
    ("?", "?"),
    ("#", "#"),
    (":", ":"),
    ("@", "@"),
    (".", "."),
    ("[", "["),
    ("]", "]"),
    ("0x", "0x"),
];

/// Code points a delimiter is replaced with everywhere: two bytes, three bytes, ASCII.
pub const DELIMITER_REPLACEMENTS: &[&str] = &["é", "€", "!", "~~"];

/// The grammar with site `site` changed by its `choice`-th replacement (taken modulo the
/// number of replacements); None when the site does not exist.
pub fn mutate(grammar: &str, sites: &[Site], site: usize, choice: usize) -> Option<String> {
    let (range, replacements) = match sites.get(site)? {
        Site::Literal(range) => (range.clone(), LITERAL_REPLACEMENTS),
        Site::Operator(at) => (*at..*at + 1, OPERATOR_REPLACEMENTS),
        Site::Modifier(at) => (*at..*at + 1, MODIFIER_REPLACEMENTS),
    };
    let replacement = replacements[choice % replacements.len()];
    let mut out = String::with_capacity(grammar.len() + replacement.len());
    out.push_str(grammar.get(..range.start)?);
    out.push_str(replacement);
    out.push_str(grammar.get(range.end..)?);
    Some(out)
}

/// The grammar with every literal that is exactly `delimiter` (as written in the grammar) made
/// `replacement`, and every literal that holds it changed the same way.
pub fn replace_delimiter(grammar: &str, delimiter: &str, replacement: &str) -> String {
    let mut out = String::with_capacity(grammar.len());
    let mut last = 0;
    for site in sites(grammar) {
        if let Site::Literal(range) = site {
            let Some(literal) = grammar.get(range.clone()) else {
                continue;
            };
            if literal.contains(delimiter) {
                out.push_str(&grammar[last..range.start]);
                out.push_str(&literal.replace(delimiter, replacement));
                last = range.end;
            }
        }
    }
    out.push_str(&grammar[last..]);
    out
}
