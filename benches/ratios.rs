//! The ratios that issue 20's goals name, each measured interleaved: its two sides are timed in
//! turn over the whole list, the side that goes first alternating from one round to the next,
//! for 21 rounds, and the median of the 21 per-round ratios is reported with its quartiles.
//! After the setters chain, each of its setters alone against `url`'s, which the goal does not
//! name but which says where the chain's ratio comes from, and the pathname setter with a
//! plain path (no dot segment: a row of segments written as they are).
//! On a shared machine whose speed drifts within seconds, both sides of a ratio then run under
//! the same conditions; criterion's groups, timed one after another over minutes, do not (on
//! the 2-core VM the README's figures come from, the same ratio moved by up to 20% from one
//! criterion run to the next).
//!
//! `cargo bench --features bench-peers --bench ratios` (the feature builds the C++ peer
//! ada-url). kasztp and node_files are read from `../shared/data/urls/` or
//! `$PEGURL_BENCH_DATA`, as in `benches/parse.rs`; a list that is not there is left out with a
//! message. Words after `--` keep only the ratios whose name holds one of them (`-- setters`).

use std::hint::black_box;
use std::time::Instant;

mod common;
use common::{
    errors_counted, mixed_cases, mixed_tsv, on_a_copy, pegurl_api_setters, pegurl_append_pairs,
    pegurl_set_host, pegurl_set_pathname, pegurl_set_plain_pathname, pegurl_set_search,
    pegurl_setters, url_api_setters, url_append_pairs, url_list, url_set_host, url_set_path,
    url_set_plain_path, url_set_query, url_setters, SETTERS_URL,
};

/// Rounds per ratio: each times both sides once.
const ROUNDS: usize = 21;

/// Times `work` once, in seconds.
fn seconds(work: &dyn Fn() -> usize) -> f64 {
    let start = Instant::now();
    black_box(work());
    start.elapsed().as_secs_f64()
}

/// Whether the ratio `name` is to be measured: every one, unless the command line names words
/// (`cargo bench --bench ratios -- setters`), then those whose name holds one of them.
fn wanted(name: &str) -> bool {
    let mut words = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .peekable();
    words.peek().is_none() || words.any(|w| name.contains(&w))
}

/// One line of the report: `a`'s time over `b`'s, as the median of [`ROUNDS`] rounds with the
/// first and third quartiles, and each side's median time per item (`items` per run).
fn ratio(name: &str, items: usize, a: &dyn Fn() -> usize, b: &dyn Fn() -> usize) {
    if !wanted(name) {
        return;
    }
    // One run of each first, so that neither pays for cold caches or lazily made tables.
    seconds(a);
    seconds(b);
    let mut ratios = Vec::with_capacity(ROUNDS);
    let (mut times_a, mut times_b) = (Vec::with_capacity(ROUNDS), Vec::with_capacity(ROUNDS));
    for round in 0..ROUNDS {
        let (ta, tb) = if round % 2 == 0 {
            let ta = seconds(a);
            (ta, seconds(b))
        } else {
            let tb = seconds(b);
            (seconds(a), tb)
        };
        ratios.push(ta / tb);
        times_a.push(ta);
        times_b.push(tb);
    }
    for v in [&mut ratios, &mut times_a, &mut times_b] {
        v.sort_by(f64::total_cmp);
    }
    let per_item = |t: f64| t / items as f64 * 1e9;
    println!(
        "{name:<44} {:>6.3}x  ({:.3}-{:.3})  {:>9.1} ns / {:>9.1} ns",
        ratios[ROUNDS / 2],
        ratios[ROUNDS / 4],
        ratios[3 * ROUNDS / 4],
        per_item(times_a[ROUNDS / 2]),
        per_item(times_b[ROUNDS / 2]),
    );
}

/// pegurl's parse + href over `urls`: the total length, so that nothing is left out.
fn pegurl_parse(urls: &[String]) -> usize {
    urls.iter()
        .filter_map(|u| pegurl::Url::parse(black_box(u)).ok())
        .map(|u| u.href().len())
        .sum()
}

/// The ratios on one list of absolute URLs.
fn list(name: &str, urls: &[String]) {
    let n = urls.len();
    let parse = || pegurl_parse(urls);
    let ada = || {
        urls.iter()
            .filter_map(|u| ada_url::Url::parse(black_box(u.as_str()), None).ok())
            .map(|u| u.href().len())
            .sum()
    };
    let url = || {
        urls.iter()
            .filter_map(|u| url::Url::parse(black_box(u)).ok())
            .map(|u| u.as_str().len())
            .sum()
    };
    let can_parse = || {
        urls.iter()
            .filter(|u| pegurl::Url::can_parse(black_box(u)))
            .count()
    };
    let ada_can_parse = || {
        urls.iter()
            .filter(|u| ada_url::Url::can_parse(black_box(u.as_str()), None))
            .count()
    };
    let errors = || errors_counted(urls.iter().map(|u| (u.as_str(), None)));
    let valid = || {
        urls.iter()
            .filter(|u| pegurl::is_valid_url_string(black_box(u), None))
            .count()
    };
    ratio(&format!("{name}: parse / ada"), n, &parse, &ada);
    ratio(&format!("{name}: parse / url"), n, &parse, &url);
    ratio(&format!("{name}: can_parse / parse"), n, &can_parse, &parse);
    ratio(
        &format!("{name}: ada can_parse / can_parse"),
        n,
        &ada_can_parse,
        &can_parse,
    );
    ratio(
        &format!("{name}: parse with errors / parse"),
        n,
        &errors,
        &parse,
    );
    ratio(
        &format!("{name}: is_valid_url_string / parse"),
        n,
        &valid,
        &parse,
    );
}

/// The ratios on benches/data/mixed.tsv: inputs against bases, each base parsed once (ada takes
/// its base as a string and parses it with each input, as in `benches/parse.rs`).
fn mixed() {
    let text = mixed_tsv();
    let cases = mixed_cases(&text);
    let bases: Vec<_> = cases
        .iter()
        .map(|(_, b)| b.map(|b| pegurl::Url::parse(b).expect("a base")))
        .collect();
    let url_bases: Vec<_> = cases
        .iter()
        .map(|(_, b)| b.map(|b| url::Url::parse(b).expect("a base")))
        .collect();
    let n = cases.len();
    let parse = || {
        cases
            .iter()
            .zip(&bases)
            .filter_map(|((input, _), base)| {
                let options = pegurl::Url::options().base_url(base.as_ref());
                options.parse(black_box(input)).ok()
            })
            .map(|u| u.href().len())
            .sum()
    };
    let ada = || {
        cases
            .iter()
            .filter_map(|(input, base)| ada_url::Url::parse(black_box(*input), *base).ok())
            .map(|u| u.href().len())
            .sum()
    };
    let url = || {
        cases
            .iter()
            .zip(&url_bases)
            .filter_map(|((input, _), base)| {
                let options = url::Url::options().base_url(base.as_ref());
                options.parse(black_box(input)).ok()
            })
            .map(|u| u.as_str().len())
            .sum()
    };
    let errors = || errors_counted(cases.iter().zip(&bases).map(|((i, _), b)| (*i, b.as_ref())));
    let valid = || {
        cases
            .iter()
            .zip(&bases)
            .filter(|((input, _), base)| {
                pegurl::validate_url_string(black_box(input), base.as_ref()).is_ok()
            })
            .count()
    };
    ratio("mixed.tsv: parse / ada", n, &parse, &ada);
    ratio("mixed.tsv: parse / url", n, &parse, &url);
    ratio("mixed.tsv: parse with errors / parse", n, &errors, &parse);
    ratio("mixed.tsv: validate_url_string / parse", n, &valid, &parse);
}

/// A setter alone (one of the chain's, or the pathname setter with a plain path): its name in
/// the report, pegurl's and `url`'s.
type Alone = (&'static str, fn(&mut pegurl::Url), fn(&mut url::Url));

/// The setters of `benches/parse.rs`: host, pathname and search on a copy of one URL, by pegurl
/// and by the `url` crate's own setters; 20,000 copies a run. Then each setter of the chain
/// alone on a copy (the copy included on both sides), to say which of them the chain's ratio
/// comes from, the pathname setter alone with a plain path (`PLAIN_PATHNAME`), and two pairs
/// appended by `query_pairs_mut`.
fn setters() {
    const COPIES: usize = 20_000;
    let ours = pegurl::Url::parse(SETTERS_URL).expect("a URL");
    let theirs = url::Url::parse(SETTERS_URL).expect("a URL");
    let pegurl_chain = || (0..COPIES).map(|_| pegurl_setters(&ours)).sum();
    let url_chain = || (0..COPIES).map(|_| url_setters(&theirs)).sum();
    ratio("setters: pegurl / url", COPIES, &pegurl_chain, &url_chain);
    // The `url` crate's setter calls, the same on both `Url`s.
    let pegurl_api = || (0..COPIES).map(|_| pegurl_api_setters(&ours)).sum();
    let url_api = || (0..COPIES).map(|_| url_api_setters(&theirs)).sum();
    ratio("setters: url's API calls", COPIES, &pegurl_api, &url_api);
    let alone: [Alone; 5] = [
        ("setters: host alone", pegurl_set_host, url_set_host),
        ("setters: pathname alone", pegurl_set_pathname, url_set_path),
        ("setters: search alone", pegurl_set_search, url_set_query),
        (
            "setters: plain pathname alone",
            pegurl_set_plain_pathname,
            url_set_plain_path,
        ),
        (
            "setters: query_pairs_mut, 2 pairs",
            pegurl_append_pairs,
            url_append_pairs,
        ),
    ];
    for (name, pegurl_set, url_set) in alone {
        let pegurl_one = || (0..COPIES).map(|_| on_a_copy(&ours, pegurl_set)).sum();
        let url_one = || (0..COPIES).map(|_| on_a_copy(&theirs, url_set)).sum();
        ratio(name, COPIES, &pegurl_one, &url_one);
    }
}

fn main() {
    println!(
        "{:<44} {:>7}  {:<13}  {:>12} / {:>12}",
        "ratio (a / b)", "median", "(quartiles)", "a per item", "b per item"
    );
    for name in ["kasztp.txt", "node_files.txt"] {
        if let Some(urls) = url_list(name) {
            list(name, &urls);
        }
    }
    mixed();
    setters();
}
