//! RFC 3986 parsing, per URL: `pegurl::rfc3986::parse` beside fluent-uri 0.4.1's
//! `UriRef::parse` (an established zero-copy RFC 3986 parser), interleaved in one run, on the
//! URL lists of `$PEGURL_BENCH_DATA` (default `../shared/data/urls`): `kasztp.txt` and
//! `node_files.txt`. Each iteration parses every URL of a list and reads its path, so both sides
//! do the work of finding every component.
//!
//! `cargo bench --bench rfc3986 -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn load(name: &str) -> Option<Vec<String>> {
    let dir = std::env::var_os("PEGURL_BENCH_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        PathBuf::from,
    );
    let path = dir.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().map(str::to_owned).collect()),
        Err(e) => {
            eprintln!("skipping {}: {e}", path.display());
            None
        }
    }
}

fn rfc3986(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(urls) = load(name) else { continue };
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
