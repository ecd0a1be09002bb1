//! Parse + href per URL: pegurl, the `url` crate and `ada-url`, interleaved in one run.
//!
//! Datasets are read from `$PEGURL_BENCH_DATA` (default `../shared/data/urls`): `kasztp.txt` and
//! `node_files.txt`, one URL per line; missing files are skipped with a note. `mixed.tsv`
//! (benches/data, made by scripts/bench-data.py) is a mix of our own with relative URLs against
//! bases. Also: `can_parse` beside a parse (`can_parse/*`), parse with errors, the writing grammar, setters, and the `long_url` group, single
//! URLs of 16 KiB to 4 MiB that show the cost per byte staying flat.
//!
//! `cargo bench --bench parse`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

mod common;
use common::{
    errors_counted, mixed_cases, mixed_tsv, pegurl_setters, url_list, url_quirks_setters,
    url_setters, SETTERS_URL,
};

fn datasets(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(urls) = url_list(name) else { continue };
        let bytes: usize = urls.iter().map(String::len).sum();
        let mut group = c.benchmark_group(format!("parse_href/{name}"));
        group.throughput(Throughput::Bytes(bytes as u64));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(8));
        group.bench_function("pegurl", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = pegurl::Url::parse(black_box(u)) {
                        n += url.href().len();
                    }
                }
                n
            })
        });
        group.bench_function("url", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = url::Url::parse(black_box(u)) {
                        n += url.as_str().len();
                    }
                }
                n
            })
        });
        group.bench_function("ada", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = ada_url::Url::parse(black_box(u.as_str()), None) {
                        n += url.href().len();
                    }
                }
                n
            })
        });
        group.finish();
        can_parse(c, name, &urls, bytes);
        eprintln!("{name}: {} URLs, {bytes} bytes", urls.len());
    }
}

/// The validation-only check beside a plain parse (whose URL is dropped unread), and ada's;
/// and, beside the same parse, a parse that counts every validation error (as mixed.tsv's
/// `parse_with_errors`) and the writing section's `is_valid_url_string`.
fn can_parse(c: &mut Criterion, name: &str, urls: &[String], bytes: usize) {
    let mut group = c.benchmark_group(format!("can_parse/{name}"));
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("pegurl_parse", |b| {
        b.iter(|| {
            urls.iter()
                .filter(|u| pegurl::Url::parse(black_box(u)).is_ok())
                .count()
        })
    });
    group.bench_function("pegurl_can_parse", |b| {
        b.iter(|| {
            urls.iter()
                .filter(|u| pegurl::Url::can_parse(black_box(u)))
                .count()
        })
    });
    group.bench_function("ada_can_parse", |b| {
        b.iter(|| {
            urls.iter()
                .filter(|u| ada_url::Url::can_parse(black_box(u.as_str()), None))
                .count()
        })
    });
    group.bench_function("pegurl_parse_with_errors", |b| {
        b.iter(|| errors_counted(urls.iter().map(|u| (u.as_str(), None))))
    });
    group.bench_function("pegurl_is_valid_url_string", |b| {
        b.iter(|| {
            urls.iter()
                .filter(|u| pegurl::is_valid_url_string(black_box(u), None))
                .count()
        })
    });
    group.finish();
}

/// benches/data/mixed.tsv (scripts/bench-data.py): input and base per line.
fn mixed(c: &mut Criterion) {
    let text = mixed_tsv();
    let cases = mixed_cases(&text);
    let bytes: usize = cases.iter().map(|(i, _)| i.len()).sum();
    // Bases parsed once, as a browser holds a document's base URL.
    let pegurl_bases: Vec<_> = cases
        .iter()
        .map(|(_, b)| b.map(|b| pegurl::Url::parse(b).unwrap()))
        .collect();
    let url_bases: Vec<_> = cases
        .iter()
        .map(|(_, b)| b.map(|b| url::Url::parse(b).unwrap()))
        .collect();
    let mut group = c.benchmark_group("parse_href/mixed.tsv");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("pegurl", |b| {
        b.iter(|| {
            let mut n = 0;
            for ((input, _), base) in cases.iter().zip(&pegurl_bases) {
                if let Ok(u) = pegurl::Url::options()
                    .base_url(base.as_ref())
                    .parse(black_box(input))
                {
                    n += u.href().len();
                }
            }
            n
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            let mut n = 0;
            for ((input, _), base) in cases.iter().zip(&url_bases) {
                let options = url::Url::options().base_url(base.as_ref());
                if let Ok(u) = options.parse(black_box(input)) {
                    n += u.as_str().len();
                }
            }
            n
        })
    });
    group.bench_function("ada", |b| {
        b.iter(|| {
            let mut n = 0;
            for (input, base) in &cases {
                if let Ok(u) = ada_url::Url::parse(black_box(*input), *base) {
                    n += u.href().len();
                }
            }
            n
        })
    });
    group.finish();

    let mut group = c.benchmark_group("pegurl_only/mixed.tsv");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.bench_function("parse_with_errors", |b| {
        b.iter(|| {
            let inputs = cases.iter().zip(&pegurl_bases);
            errors_counted(inputs.map(|((input, _), base)| (*input, base.as_ref())))
        })
    });
    group.bench_function("is_valid_url_string", |b| {
        b.iter(|| {
            let mut n = 0;
            for ((input, _), base) in cases.iter().zip(&pegurl_bases) {
                n += usize::from(
                    pegurl::validate_url_string(black_box(input), base.as_ref()).is_ok(),
                );
            }
            n
        })
    });
    group.finish();
}

/// Setters: host, pathname and search on one URL, against the url crate's own setters and its
/// WHATWG ones (`url::quirks`).
fn setters(c: &mut Criterion) {
    let mut group = c.benchmark_group("setters");
    let start = SETTERS_URL;
    group.bench_function("pegurl", |b| {
        let url = pegurl::Url::parse(start).unwrap();
        b.iter(|| pegurl_setters(&url))
    });
    group.bench_function("url", |b| {
        let url = url::Url::parse(start).unwrap();
        b.iter(|| url_setters(&url))
    });
    // The same three WHATWG setters through the url crate's own implementation of them.
    group.bench_function("url_quirks", |b| {
        let url = url::Url::parse(start).unwrap();
        b.iter(|| url_quirks_setters(&url))
    });
    group.finish();
}

fn long_url(c: &mut Criterion) {
    let mut group = c.benchmark_group("long_url");
    group.sample_size(10);
    for size in [16 * 1024, 256 * 1024, 4 * 1024 * 1024] {
        let shapes = [
            ("path", format!("http://a/{}", "x/".repeat(size / 2))),
            ("dots", format!("http://a/{}", "../".repeat(size / 3))),
            ("userinfo", format!("http://{}@a/", "u:@".repeat(size / 3))),
            ("host", format!("http://{}/", "a.".repeat(size / 2))),
            ("query", format!("http://a/?{}", "q=%20&".repeat(size / 6))),
        ];
        for (shape, input) in shapes {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new(shape, size), &input, |b, input| {
                b.iter(|| pegurl::Url::parse(black_box(input)).map(|u| u.href().len()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, datasets, mixed, setters, long_url);
criterion_main!(benches);
