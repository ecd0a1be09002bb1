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
//! - `setters`, `url_setters`: per line (whatever it holds), `Url::parse` of the `benches/parse.rs`
//!   setters URL, then its host, pathname and search set, by pegurl and by `url::quirks`;
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

/// The URL `benches/parse.rs` times the setters on.
const SETTERS_URL: &str = "https://user@example.org:8080/a/b/c?x=1#f";

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
        "setters" => |_| {
            let mut u = pegurl::Url::parse(SETTERS_URL).expect("a URL");
            pegurl::quirks::set_host(&mut u, black_box("other.example.com:81")).ok();
            pegurl::quirks::set_pathname(&mut u, black_box("/d/e/../f")).ok();
            pegurl::quirks::set_search(&mut u, black_box("?q=a b")).ok();
            u.as_str().len()
        },
        "url_setters" => |_| {
            let mut u = url::Url::parse(SETTERS_URL).expect("a URL");
            url::quirks::set_host(&mut u, black_box("other.example.com:81")).ok();
            url::quirks::set_pathname(&mut u, black_box("/d/e/../f"));
            url::quirks::set_search(&mut u, black_box("?q=a b"));
            u.as_str().len()
        },
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
