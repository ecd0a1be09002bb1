//! No grammar loaded at run time makes the builder panic: the fuzzer picks a mutation of
//! `grammar/url.pest` (a literal, operator or rule modifier changed, or a delimiter replaced
//! everywhere) and an input (with the replaced delimiter spliced in), and the mutant parses it
//! against a base and runs a setter.
#![no_main]

#[path = "../../tests/common/mutants.rs"]
mod mutants;

use libfuzzer_sys::fuzz_target;
use pegurl::workbench::{RuntimeGrammar, BUILTIN_GRAMMAR};
use pegurl::Url;

use mutants::{mutate, replace_delimiter, sites, DELIMITERS, DELIMITER_REPLACEMENTS};

const BASES: &[Option<&str>] = &[
    None,
    Some("http://user:pass@example.org:81/a/b?q#f"),
    Some("file:///C:/dir/file"),
    Some("non-spec://h/p/q"),
    Some("x:opaque"),
];

const SETTERS: &[&str] = &[
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

fuzz_target!(|data: &[u8]| {
    let [a, b, choice, mode, rest @ ..] = data else {
        return;
    };
    let input = String::from_utf8_lossy(rest);
    let (grammar, input) = if mode & 1 == 0 {
        let sites = sites(BUILTIN_GRAMMAR);
        let site = usize::from(u16::from_le_bytes([*a, *b])) % sites.len();
        let Some(mutant) = mutate(BUILTIN_GRAMMAR, &sites, site, usize::from(*choice)) else {
            return;
        };
        (mutant, input.into_owned())
    } else {
        let (written, as_input) = DELIMITERS[usize::from(*a) % DELIMITERS.len()];
        let replacement = DELIMITER_REPLACEMENTS[usize::from(*b) % DELIMITER_REPLACEMENTS.len()];
        let mutant = replace_delimiter(BUILTIN_GRAMMAR, written, replacement);
        (mutant, input.replace(as_input, replacement))
    };
    let Ok(grammar) = RuntimeGrammar::load(&grammar) else {
        return;
    };
    let base = BASES[usize::from(mode >> 1) % BASES.len()].and_then(|b| Url::parse(b).ok());
    let options = || Url::options().grammar(&grammar).base_url(base.as_ref());
    let _ = options().trace(&mut Vec::new()).parse(&input);
    if let Ok(mut url) = options().parse(&input) {
        let setter = SETTERS[usize::from(*choice) % SETTERS.len()];
        let _ = grammar.set_component(&mut url, setter, &input);
    }
});
