//! What the benchmarks share: the URL lists, the lines of `benches/data/mixed.tsv`, and the
//! parse with every validation error counted. Each benchmark uses some of it.
#![allow(dead_code)]

use std::hint::black_box;
use std::path::PathBuf;

/// The lines of the URL list `name` (kasztp.txt, node_files.txt) in `$PEGURL_BENCH_DATA`, or in
/// `../shared/data/urls` beside the crate; None, with a message, when it cannot be read.
pub fn url_list(name: &str) -> Option<Vec<String>> {
    let folder = std::env::var_os("PEGURL_BENCH_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        PathBuf::from,
    );
    let path = folder.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().map(str::to_owned).collect()),
        Err(e) => {
            eprintln!("leaving out {}: {e}", path.display());
            None
        }
    }
}

/// `benches/data/mixed.tsv` (scripts/bench-data.py), read whole.
pub fn mixed_tsv() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/mixed.tsv");
    std::fs::read_to_string(path).expect("benches/data/mixed.tsv")
}

/// The lines of `mixed.tsv`'s text: an input and, after a tab, its base unless that is empty.
pub fn mixed_cases(text: &str) -> Vec<(&str, Option<&str>)> {
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(input, base)| (input, (!base.is_empty()).then_some(base)))
        .collect()
}

/// Parses each input against its base with every validation error counted by a callback (the
/// URL dropped unread); the number of errors.
pub fn errors_counted<'u>(
    inputs: impl Iterator<Item = (&'u str, Option<&'u pegurl::Url>)>,
) -> usize {
    let n = std::cell::Cell::new(0);
    let count = |_| n.set(n.get() + 1);
    for (input, base) in inputs {
        pegurl::Url::options()
            .base_url(base)
            .syntax_violation_callback(Some(&count))
            .parse(black_box(input))
            .ok();
    }
    n.get()
}

/// The URL the setters benchmarks start from (it has credentials and a port: the full way).
pub const SETTERS_URL: &str = "https://user@example.org:8080/a/b/c?x=1#f";

/// pegurl's three setters of the setters benchmarks on a copy of `url`: host, pathname and
/// search; the href's length.
pub fn pegurl_setters(url: &pegurl::Url) -> usize {
    let mut u = url.clone();
    pegurl::quirks::set_host(&mut u, black_box("other.example.com:81")).expect("a host");
    pegurl::quirks::set_pathname(&mut u, black_box("/d/e/../f")).expect("a path");
    pegurl::quirks::set_search(&mut u, black_box("?q=a b")).expect("a query");
    u.href().len()
}

/// The same by the `url` crate's own setters (its host and port apart, its path and query
/// without the WHATWG setters' leading "?").
pub fn url_setters(url: &url::Url) -> usize {
    let mut u = url.clone();
    u.set_host(Some(black_box("other.example.com")))
        .expect("a host");
    u.set_port(Some(81)).expect("a port");
    u.set_path(black_box("/d/e/../f"));
    u.set_query(Some(black_box("q=a b")));
    u.as_str().len()
}
