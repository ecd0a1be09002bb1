//! What the benchmarks share: the URL lists, the lines of `benches/data/mixed.tsv`, the parse
//! with every validation error counted, and the setters chain (its URL, values and setters, by
//! pegurl, `url` and `url::quirks`). Each benchmark uses some of it; `examples/instructions.rs`
//! includes it too (`#[path]`), to count the instructions of the same setters.
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

/// The host and port the setters benchmarks set: together for pegurl's host setter (the WHATWG
/// one), apart for `url`'s `set_host` and `set_port`.
pub const HOST_AND_PORT: &str = "other.example.com:81";
/// [`HOST_AND_PORT`]'s host.
pub const HOST: &str = "other.example.com";
/// [`HOST_AND_PORT`]'s port.
pub const PORT: u16 = 81;
/// The pathname the setters benchmarks set.
pub const PATHNAME: &str = "/d/e/../f";
/// The search the setters benchmarks set (`url`'s `set_query` takes it without its "?").
pub const SEARCH: &str = "?q=a b";

/// pegurl's host setter with [`HOST_AND_PORT`].
pub fn pegurl_set_host(u: &mut pegurl::Url) {
    pegurl::quirks::set_host(u, black_box(HOST_AND_PORT)).expect("a host");
}

/// pegurl's pathname setter with [`PATHNAME`].
pub fn pegurl_set_pathname(u: &mut pegurl::Url) {
    pegurl::quirks::set_pathname(u, black_box(PATHNAME)).expect("a path");
}

/// A pathname with no segment the path state looks at: what an application sets most often,
/// for the pathname setter alone beside [`PATHNAME`] (the setters chain keeps that one).
pub const PLAIN_PATHNAME: &str = "/api/v1/users/123/profile";

/// pegurl's pathname setter with [`PLAIN_PATHNAME`].
pub fn pegurl_set_plain_pathname(u: &mut pegurl::Url) {
    pegurl::quirks::set_pathname(u, black_box(PLAIN_PATHNAME)).expect("a path");
}

/// `url`'s `set_path` with [`PLAIN_PATHNAME`].
pub fn url_set_plain_path(u: &mut url::Url) {
    u.set_path(black_box(PLAIN_PATHNAME));
}

/// pegurl's search setter with [`SEARCH`].
pub fn pegurl_set_search(u: &mut pegurl::Url) {
    pegurl::quirks::set_search(u, black_box(SEARCH)).expect("a query");
}

/// `url`'s `set_host` and `set_port` with [`HOST`] and [`PORT`].
pub fn url_set_host(u: &mut url::Url) {
    u.set_host(Some(black_box(HOST))).expect("a host");
    u.set_port(Some(black_box(PORT))).expect("a port");
}

/// `url`'s `set_path` with [`PATHNAME`].
pub fn url_set_path(u: &mut url::Url) {
    u.set_path(black_box(PATHNAME));
}

/// `url`'s `set_query` with [`SEARCH`] less its "?".
pub fn url_set_query(u: &mut url::Url) {
    u.set_query(Some(black_box(&SEARCH[1..])));
}

/// `set` run on a copy of `url` (pegurl's or the `url` crate's URL); the serialization's
/// length, so that nothing is left out.
pub fn on_a_copy<U: Clone + AsRef<str>>(url: &U, set: impl FnOnce(&mut U)) -> usize {
    let mut u = url.clone();
    set(&mut u);
    u.as_ref().len()
}

/// pegurl's three setters of the setters benchmarks on a copy of `url`: host, pathname and
/// search; the href's length.
pub fn pegurl_setters(url: &pegurl::Url) -> usize {
    on_a_copy(url, |u| {
        pegurl_set_host(u);
        pegurl_set_pathname(u);
        pegurl_set_search(u);
    })
}

/// The same by the `url` crate's own setters (its host and port apart, its path and query
/// without the WHATWG setters' leading "?").
pub fn url_setters(url: &url::Url) -> usize {
    on_a_copy(url, |u| {
        url_set_host(u);
        url_set_path(u);
        url_set_query(u);
    })
}

/// The same three WHATWG setters through the `url` crate's own implementation of them
/// (`url::quirks`, what its wasm and JS bindings call), with pegurl's values.
pub fn url_quirks_setters(url: &url::Url) -> usize {
    on_a_copy(url, |u| {
        url::quirks::set_host(u, black_box(HOST_AND_PORT)).expect("a host");
        url::quirks::set_pathname(u, black_box(PATHNAME));
        url::quirks::set_search(u, black_box(SEARCH));
    })
}

/// The `url` crate's API, the same calls on pegurl's `Url` and on `url`'s (a user who moved
/// by changing the import keeps them): host, port, path and query set, then the fragment and
/// the query removed; the href's length.
macro_rules! url_api_setters {
    ($name:ident, $url:ty) => {
        /// The `url` crate's setter calls, on a copy of `url` (see `url_api_setters`).
        pub fn $name(url: &$url) -> usize {
            on_a_copy(url, |u| {
                u.set_host(Some(black_box(HOST))).expect("a host");
                u.set_port(Some(black_box(PORT))).expect("a port");
                u.set_path(black_box(PATHNAME));
                u.set_query(Some(black_box(&SEARCH[1..])));
                u.set_fragment(None);
                u.set_query(None);
            })
        }
    };
}
url_api_setters!(pegurl_api_setters, pegurl::Url);
url_api_setters!(url_api_setters, url::Url);

/// `query_pairs_mut` with two pairs appended, one of them percent-encoded: the same calls on
/// pegurl's `Url` and on `url`'s.
macro_rules! append_pairs {
    ($name:ident, $url:ty) => {
        /// Two pairs appended by `query_pairs_mut` (see `append_pairs`).
        pub fn $name(u: &mut $url) {
            u.query_pairs_mut()
                .append_pair(black_box("page"), black_box("2"))
                .append_pair(black_box("q"), black_box("a b&c"));
        }
    };
}
append_pairs!(pegurl_append_pairs, pegurl::Url);
append_pairs!(url_append_pairs, url::Url);
