//! RFC 3986 parsing, per URL: `pegurl::rfc3986::parse` beside fluent-uri 0.4.1's
//! `UriRef::parse` (an established zero-copy RFC 3986 parser), interleaved in one run, on the
//! URL lists of `$PEGURL_BENCH_DATA` (default `../shared/data/urls`): `kasztp.txt` and
//! `node_files.txt`. Each iteration parses every URL of a list and reads its path, so both sides
//! do the work of finding every component.
//!
//! `cargo bench --bench rfc3986 -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

mod common;
use common::url_list;

fn rfc3986(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(urls) = url_list(name) else { continue };
        let mut group = c.benchmark_group(format!("rfc3986/{name}"));
        // Elements: criterion reports URLs per second; time per URL is its inverse.
        group.throughput(Throughput::Elements(urls.len() as u64));
        group.sample_size(20);
        group.bench_function("pegurl", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(r) = pegurl::rfc3986::parse(black_box(u)) {
                        n += r.path().len();
                    }
                }
                n
            })
        });
        group.bench_function("fluent-uri", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(r) = fluent_uri::UriRef::parse(black_box(u.as_str())) {
                        n += r.path().as_str().len();
                    }
                }
                n
            })
        });
        group.finish();
    }
}

criterion_group!(benches, rfc3986);
criterion_main!(benches);
