//! A driver for instruction counts per URL (`valgrind --tool=callgrind`), which do not move with
//! the load of a shared machine as times do: it reads a URL list, one URL a line, and does one
//! kind of work on every line. Subtract the `read` mode's count from another mode's and divide
//! by the number of lines.
//!
//! ```text
//! cargo build --release --features bench-peers --example instructions
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/instructions MODE ../shared/data/urls/kasztp.txt
//! ```
//!
//! MODE is one of:
//! - `read`: read the lines only;
//! - `parse`: `Url::parse`, then the serialization's length;
//! - `can_parse`: `Url::can_parse`;
//! - `hostname`: `Url::options().hostname`, then its length;
//! - `errors`: `Url::parse` collecting every validation error;
//! - `valid`: `is_valid_url_string` (no base);
//! - `rfc3986`: `rfc3986::parse`;
//! - `fluent` (with `--features rfc3986`): fluent-uri's `UriRef::parse`, its peer;
//! - `url`: the `url` crate's `Url::parse`, then the serialization's length;
//! - `clone`, `url_clone`: per line (whatever it holds), a clone of the setters URL of
//!   `benches/common` (parsed once), by pegurl and by `url`;
//! - `setters`, `url_setters`: per line, the benchmarks' setters chain on that clone, by pegurl
//!   (host, pathname and search) and by the `url` crate's own setters (host, port, path and
//!   query), as `benches/parse.rs` and `benches/ratios.rs` time them (`benches/common`);
//!   `url_quirks_setters`: the chain by `url::quirks`, the WHATWG setters pegurl's are;
//!   `api_setters`, `url_api_setters`: the `url` crate's setter calls (host, port, path, query,
//!   then the fragment and the query removed), the same on pegurl's `Url` and on `url`'s;
//! - `host_setter`, `pathname_setter`, `search_setter` and their `url_` peers (the `url`
//!   crate's own setters): one setter of the chain alone, on a clone (subtract `clone` or
//!   `url_clone`); `plain_pathname_setter`, `url_plain_pathname_setter`: the pathname setter
//!   with a plain path (`PLAIN_PATHNAME`) alone, the same way; `append_pairs`,
//!   `url_append_pairs`: two pairs appended by `query_pairs_mut`, the same way;
//! - `parse_setters_url`, `url_parse_setters_url`: per line, a parse of the setters URL;
//! - `parse_with_base`, `url_with_base`: for lines "input TAB base" (`benches/data/mixed.tsv`),
//!   the base parsed, then the input against it, by pegurl and by `url`;
//! - `errors_with_base`, `valid_with_base`: the same lines, the base parsed, then the input
//!   parsed against it counting its validation errors (as `benches/parse.rs` does), or checked
//!   with `validate_url_string`; `bases`: the bases parsed only (subtract it from these three);
//! - `ada`, `ada_can_parse` (with `--features bench-peers`): ada's `Url::parse` and `href`, and
//!   its `can_parse`; `ada_with_base`: the lines "input TAB base" by ada, which takes the base
//!   as a string and parses it with each input (as `benches/parse.rs` times it).

use std::hint::black_box;
use std::process::ExitCode;
use std::sync::OnceLock;

// The setters chain the benchmarks time, and the URL it runs on.
#[path = "../benches/common/mod.rs"]
mod common;
use common::{
    on_a_copy, pegurl_api_setters, pegurl_append_pairs, pegurl_set_host, pegurl_set_pathname,
    pegurl_set_plain_pathname, pegurl_set_search, pegurl_setters, url_api_setters,
    url_append_pairs, url_quirks_setters, url_set_host, url_set_path, url_set_plain_path,
    url_set_query, url_setters, SETTERS_URL,
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: instructions MODE URL-LIST (see the source for the modes)");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(work) = work(mode) else {
        eprintln!("unknown mode {mode:?} (see the source for the modes)");
        return ExitCode::FAILURE;
    };
    let mut total = 0usize;
    let mut lines = 0usize;
    for line in text.lines() {
        total = total.wrapping_add(work(black_box(line)));
        lines += 1;
    }
    println!("{lines} lines, {total}");
    ExitCode::SUCCESS
}

/// The setters URL, parsed once by pegurl.
fn pegurl_setters_url() -> &'static pegurl::Url {
    static PARSED: OnceLock<pegurl::Url> = OnceLock::new();
    PARSED.get_or_init(|| pegurl::Url::parse(SETTERS_URL).expect("a URL"))
}

/// The setters URL, parsed once by `url`.
fn url_setters_url() -> &'static url::Url {
    static PARSED: OnceLock<url::Url> = OnceLock::new();
    PARSED.get_or_init(|| url::Url::parse(SETTERS_URL).expect("a URL"))
}

/// A line of `benches/data/mixed.tsv`: the input, and the base after a tab unless it is empty.
fn input_and_base(line: &str) -> (&str, Option<&str>) {
    let (input, base) = line.split_once('\t').unwrap_or((line, ""));
    (input, (!base.is_empty()).then_some(base))
}

/// The work of `mode` on one line, as a number that keeps the compiler from dropping it.
fn work(mode: &str) -> Option<fn(&str) -> usize> {
    Some(match mode {
        "read" => |line| line.len(),
        "parse" => |line| pegurl::Url::parse(line).map_or(0, |u| u.as_str().len()),
        "can_parse" => |line| usize::from(pegurl::Url::can_parse(line)),
        "hostname" => |line| pegurl::Url::options().hostname(line).map_or(0, |h| h.len()),
        "errors" => |line| {
            let mut errors = Vec::new();
            let parsed = pegurl::Url::options()
                .validation_errors(&mut errors)
                .parse(line);
            parsed.map_or(0, |u| u.as_str().len()) + errors.len()
        },
        "valid" => |line| usize::from(pegurl::is_valid_url_string(line, None)),
        #[cfg(feature = "rfc3986")]
        "rfc3986" => |line| usize::from(pegurl::rfc3986::parse(line).is_ok()),
        #[cfg(feature = "rfc3986")]
        "fluent" => |line| usize::from(fluent_uri::UriRef::parse(line).is_ok()),
        "clone" => |_| on_a_copy(pegurl_setters_url(), |_| ()),
        "url_clone" => |_| on_a_copy(url_setters_url(), |_| ()),
        "setters" => |_| pegurl_setters(pegurl_setters_url()),
        "url_setters" => |_| url_setters(url_setters_url()),
        "url_quirks_setters" => |_| url_quirks_setters(url_setters_url()),
        "api_setters" => |_| pegurl_api_setters(pegurl_setters_url()),
        "url_api_setters" => |_| url_api_setters(url_setters_url()),
        "host_setter" => |_| on_a_copy(pegurl_setters_url(), pegurl_set_host),
        "pathname_setter" => |_| on_a_copy(pegurl_setters_url(), pegurl_set_pathname),
        "search_setter" => |_| on_a_copy(pegurl_setters_url(), pegurl_set_search),
        "url_host_setter" => |_| on_a_copy(url_setters_url(), url_set_host),
        "url_pathname_setter" => |_| on_a_copy(url_setters_url(), url_set_path),
        "url_search_setter" => |_| on_a_copy(url_setters_url(), url_set_query),
        "plain_pathname_setter" => |_| on_a_copy(pegurl_setters_url(), pegurl_set_plain_pathname),
        "url_plain_pathname_setter" => |_| on_a_copy(url_setters_url(), url_set_plain_path),
        "append_pairs" => |_| on_a_copy(pegurl_setters_url(), pegurl_append_pairs),
        "url_append_pairs" => |_| on_a_copy(url_setters_url(), url_append_pairs),
        "parse_setters_url" => |_| pegurl::Url::parse(SETTERS_URL).map_or(0, |u| u.as_str().len()),
        "url_parse_setters_url" => |_| url::Url::parse(SETTERS_URL).map_or(0, |u| u.as_str().len()),
        "parse_with_base" => |line| {
            let (input, base) = input_and_base(line);
            let base = base.and_then(|b| pegurl::Url::parse(b).ok());
            let options = pegurl::Url::options().base_url(base.as_ref());
            options.parse(input).map_or(0, |u| u.as_str().len())
        },
        "errors_with_base" => |line| {
            let (input, base) = input_and_base(line);
            let base = base.and_then(|b| pegurl::Url::parse(b).ok());
            let n = std::cell::Cell::new(0);
            let count = |_| n.set(n.get() + 1);
            let options = pegurl::Url::options().base_url(base.as_ref());
            let parsed = options.syntax_violation_callback(Some(&count)).parse(input);
            parsed.map_or(0, |u| u.as_str().len()) + n.get()
        },
        "valid_with_base" => |line| {
            let (input, base) = input_and_base(line);
            let base = base.and_then(|b| pegurl::Url::parse(b).ok());
            usize::from(pegurl::validate_url_string(input, base.as_ref()).is_ok())
        },
        "bases" => |line| {
            let (_, base) = input_and_base(line);
            let base = base.and_then(|b| pegurl::Url::parse(b).ok());
            base.map_or(0, |b| b.as_str().len())
        },
        "url_with_base" => |line| {
            let (input, base) = input_and_base(line);
            let base = base.and_then(|b| url::Url::parse(b).ok());
            let options = url::Url::options().base_url(base.as_ref());
            options.parse(input).map_or(0, |u| u.as_str().len())
        },
        "url" => |line| url::Url::parse(line).map_or(0, |u| u.as_str().len()),
        #[cfg(feature = "bench-peers")]
        "ada" => |line| ada_url::Url::parse(line, None).map_or(0, |u| u.href().len()),
        #[cfg(feature = "bench-peers")]
        "ada_with_base" => |line| {
            // ada takes the base as a string: it parses it on every line, as the benchmark does.
            let (input, base) = input_and_base(line);
            ada_url::Url::parse(input, base).map_or(0, |u| u.href().len())
        },
        #[cfg(feature = "bench-peers")]
        "ada_can_parse" => |line| usize::from(ada_url::Url::can_parse(line, None)),
        _ => return None,
    })
}
