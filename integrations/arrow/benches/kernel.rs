//! Rows per second, on one core, for the kernel against a plain loop of pegurl's `Url::parse` and
//! getters over the same URLs (../shared/data/urls: kasztp.txt, node_files.txt), in batches of
//! 8,192 rows as a data engine hands them over.
//!
//! `cargo bench -p pegurl-arrow --bench kernel -- --warm-up-time 1 --measurement-time 3`

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StringArray};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pegurl_arrow::{parse_component, parse_urls, Component, ParseOptions};

/// The rows of one batch, as DataFusion's default batch size.
const BATCH: usize = 8192;

/// Every getter the kernel's struct holds, read once: the plain loop's work per URL.
fn getters(url: &pegurl::Url) -> usize {
    use pegurl::quirks;
    url.href().len()
        + url.protocol().len()
        + quirks::username(url).len()
        + quirks::password(url).len()
        + quirks::host(url).len()
        + url.hostname().len()
        + quirks::port(url).len()
        + url.pathname().len()
        + url.search().len()
        + url.hash().len()
        + quirks::origin(url).len()
}

fn lists(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(urls) = common::url_list(name) else {
            continue;
        };
        let batches: Vec<ArrayRef> = urls
            .chunks(BATCH)
            .map(|chunk| Arc::new(StringArray::from(chunk.to_vec())) as ArrayRef)
            .collect();
        let mut group = c.benchmark_group(format!("kernel/{name}"));
        group.throughput(Throughput::Elements(urls.len() as u64));
        group.sample_size(10);
        group.bench_function("loop Url::parse + getters", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = pegurl::Url::parse(black_box(u)) {
                        n += getters(&url);
                    }
                }
                n
            })
        });
        group.bench_function("loop Url::parse with validation errors + getters", |b| {
            b.iter(|| {
                let mut n = 0;
                let mut errors = Vec::new();
                for u in &urls {
                    errors.clear();
                    let parsed = pegurl::Url::options()
                        .validation_errors(&mut errors)
                        .parse(black_box(u));
                    if let Ok(url) = parsed {
                        n += getters(&url);
                    }
                    n += errors.len();
                }
                n
            })
        });
        let options = ParseOptions::new();
        group.bench_function("kernel parse_urls (struct)", |b| {
            b.iter(|| {
                let mut n = 0;
                for batch in &batches {
                    n += parse_urls(black_box(batch), &options).map_or(0, |s| s.len());
                }
                n
            })
        });
        group.bench_function("kernel parse_component (hostname)", |b| {
            b.iter(|| {
                let mut n = 0;
                for batch in &batches {
                    let hosts = parse_component(black_box(batch), Component::Hostname, &options);
                    n += hosts.map_or(0, |h| h.len());
                }
                n
            })
        });
        group.finish();
    }
}

criterion_group!(benches, lists);
criterion_main!(benches);
