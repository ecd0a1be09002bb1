//! Generates the crate's parsers from `grammar/url.pest`, `grammar/valid.pest` and
//! `grammar/rfc3986.pest` with the
//! generator in `codegen/` (see its docs), and the `Production` enum from the URL grammar's
//! rules. A grammar the generator cannot compile fails the build with the reason.

#[path = "codegen/mod.rs"]
mod codegen;

use std::path::PathBuf;

use codegen::Tokens;

/// The grammars compiled: the source, the file written, the prefix of its rule functions,
/// whether its rules are the builder's productions (the URL grammar's are; the writing
/// grammar's are looked up by number), and which rules make tokens (pest_derive's tree for the
/// URL and writing grammars, whose builders read the structure; the components only for RFC
/// 3986, whose builder reads nothing else).
const GRAMMARS: &[(&str, &str, &str, bool, Tokens)] = &[
    (
        "grammar/url.pest",
        "url_grammar.rs",
        "r_",
        true,
        Tokens::AsPest,
    ),
    (
        "grammar/valid.pest",
        "valid_grammar.rs",
        "v_",
        false,
        Tokens::AsPest,
    ),
    (
        "grammar/rfc3986.pest",
        "rfc3986_grammar.rs",
        "rfc_",
        false,
        Tokens::Leaves,
    ),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=codegen");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for &(path, file, prefix, productions, tokens) in GRAMMARS {
        println!("cargo::rerun-if-changed={path}");
        let source = std::fs::read_to_string(path).expect("the grammar is readable");
        let fail = |error: String| -> ! { panic!("{path} does not compile:\n{error}") };
        let grammar = codegen::Grammar::read(&source).unwrap_or_else(|e| fail(e));
        let code = codegen::compile(&grammar, path, prefix, productions, tokens)
            .unwrap_or_else(|e| fail(e));
        std::fs::write(out.join(file), code).expect("OUT_DIR is writable");
        if productions {
            let enum_code = codegen::productions(&grammar, path).unwrap_or_else(|e| fail(e));
            std::fs::write(out.join("productions.rs"), enum_code).expect("OUT_DIR is writable");
            let tables = codegen::tables(&grammar, path).unwrap_or_else(|e| fail(e));
            std::fs::write(out.join("tables.rs"), tables).expect("OUT_DIR is writable");
        }
    }
}
