//! Generates the crate's parsers from `grammar/url.pest`, `grammar/valid.pest` and
//! `grammar/rfc3986.pest` with the
//! generator in `codegen/` (see its docs), and the `Production` enum from the URL grammar's
//! rules. A grammar the generator cannot compile fails the build with the reason.

#[path = "codegen/mod.rs"]
mod codegen;

use std::path::PathBuf;

use codegen::Tokens;

/// A grammar compiled: the source, the file written, the prefix of its rule functions, whether
/// its rules are the builder's productions (the URL grammar's are; the writing grammar's are
/// looked up by number), which rules make tokens (pest_derive's tree for the URL and writing
/// grammars, whose builders read the structure; the components only for RFC 3986, whose builder
/// reads nothing else), which rules an outline run leaves empty, the entries whose rules are
/// always inlined, and the rules whose nodes a check of the tree reads (`KEPT`, when any).
struct Compiled {
    source: &'static str,
    file: &'static str,
    prefix: &'static str,
    productions: bool,
    tokens: Tokens,
    outlined: &'static [&'static str],
    inlined: &'static [&'static str],
    checked: &'static [&'static str],
}

/// The grammars compiled.
const GRAMMARS: &[Compiled] = &[
    Compiled {
        source: "grammar/url.pest",
        file: "url_grammar.rs",
        prefix: "r_",
        productions: true,
        tokens: Tokens::AsPest,
        outlined: URL_OUTLINED,
        inlined: URL_INLINED,
        checked: &[],
    },
    Compiled {
        source: "grammar/valid.pest",
        file: "valid_grammar.rs",
        prefix: "v_",
        productions: false,
        tokens: Tokens::AsPest,
        outlined: &[],
        inlined: VALID_INLINED,
        checked: VALID_CHECKED,
    },
    Compiled {
        source: "grammar/rfc3986.pest",
        file: "rfc3986_grammar.rs",
        prefix: "rfc_",
        productions: false,
        tokens: Tokens::Leaves,
        outlined: &[],
        inlined: &[],
        checked: &[],
    },
];

/// The URL grammar's path productions: when only the outcome of a parse is asked for (a check,
/// `can_parse`, a hostname), the builder reads none of their segments (no path makes a parse
/// fail; `Builder::path` and `special_path_as_written` return first thing), so such a parse
/// runs the parser as an outline, which makes these rules' tokens and none inside them.
/// `generated::outline_tests` checks the outline against the whole tree, and every outcome.
const URL_OUTLINED: &[&str] = &[
    "special_path",
    "special_path_absolute",
    "special_path_relative",
    "path",
    "path_absolute",
    "path_relative",
];

/// The URL grammar's entries for inputs already in serialized form, which most URLs take: each
/// is compiled into one function with the rules it calls (scheme, domain, port, path, query,
/// fragment), so that the parser's position stays in a register through the run instead of
/// going through memory at every rule's call and return (a fifth of a parse of kasztp.txt on an
/// AMD EPYC host). `codegen::tests` checks which functions the option inlines.
const URL_INLINED: &[&str] = &[
    "serialized_url",
    "serialized_url_head",
    "serialized_url_of_url_units",
];

/// The writing grammar's small rules of the usual URL's head (its scheme, domain and port):
/// inlined into their callers, for the same reason as `URL_INLINED` (`is_valid_url_string` on
/// kasztp.txt 1,280 -> 1,228 instructions a URL, 121 -> 114 ns). Inlining whole entries of this
/// grammar was slower: `url_unit`, with its ranges of code points, would be copied into every
/// rule that reads units.
const VALID_INLINED: &[&str] = &[
    "special_scheme_string",
    "file_scheme_string",
    "valid_domain_string",
    "url_port_string",
];

/// The writing grammar's rules whose nodes `valid::check` reads (`valid::is_checked`): a run
/// for the checks keeps their tokens, and those around them, and drops the rest (the path's
/// segments, the query, the fragment), which `is_valid_url_string` would make and walk past.
/// `valid::tests` holds the table to `is_checked` and the trees it keeps to the whole ones.
const VALID_CHECKED: &[&str] = &[
    "valid_domain_string",
    "url_port_string",
    "valid_ipv6_address_string",
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=codegen");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for grammar in GRAMMARS {
        let Compiled {
            source: path,
            file,
            prefix,
            productions,
            tokens,
            outlined,
            inlined,
            checked,
        } = *grammar;
        println!("cargo::rerun-if-changed={path}");
        let source = std::fs::read_to_string(path).expect("the grammar is readable");
        let fail = |error: String| -> ! { panic!("{path} does not compile:\n{error}") };
        let grammar = codegen::Grammar::read(&source).unwrap_or_else(|e| fail(e));
        let code = codegen::compile(
            &grammar,
            path,
            prefix,
            productions,
            tokens,
            outlined,
            inlined,
        )
        .unwrap_or_else(|e| fail(e));
        let code = match checked {
            [] => code,
            _ => code + &codegen::kept(&grammar, checked).unwrap_or_else(|e| fail(e)),
        };
        std::fs::write(out.join(file), code).expect("OUT_DIR is writable");
        if productions {
            let enum_code = codegen::productions(&grammar, path).unwrap_or_else(|e| fail(e));
            std::fs::write(out.join("productions.rs"), enum_code).expect("OUT_DIR is writable");
            let tables = codegen::tables(&grammar, path).unwrap_or_else(|e| fail(e));
            std::fs::write(out.join("tables.rs"), tables).expect("OUT_DIR is writable");
        }
    }
}
