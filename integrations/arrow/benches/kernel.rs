//! Rows per second, on one core, for the kernel against plain loops of pegurl's `Url::parse` and
//! getters that compute the same values (`benches/loops/mod.rs`) over the same URLs (../shared/data/urls: kasztp.txt, node_files.txt), in batches of
//! 8,192 rows as a data engine hands them over.
//!
//! `cargo bench -p pegurl-arrow --bench kernel -- --warm-up-time 1 --measurement-time 3`

#[path = "../tests/common/mod.rs"]
mod common;
mod loops;

use std::hint::black_box;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StringArray};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pegurl_arrow::{parse_component, parse_urls, Component, ParseOptions};

/// The rows of one batch, as DataFusion's default batch size.
const BATCH: usize = 8192;

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
        group.bench_function("loop Url::parse + 11 getters", |b| {
            b.iter(|| {
                urls.iter()
                    .map(|u| loops::parse_and_get_all(u))
                    .sum::<usize>()
            })
        });
        group.bench_function(
            "loop Url::parse with errors + 11 getters + valid, codes, failure",
            |b| {
                let mut errors = Vec::new();
                b.iter(|| {
                    urls.iter()
                        .map(|u| loops::parse_with_errors_and_get_all(u, &mut errors))
                        .sum::<usize>()
                })
            },
        );
        group.bench_function("loop Url::parse + hostname", |b| {
            b.iter(|| {
                urls.iter()
                    .map(|u| loops::parse_and_get(u, Component::Hostname))
                    .sum::<usize>()
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
