//! Parse + href per URL: pegurl, the `url` crate and `ada-url`, interleaved in one run.
//!
//! Datasets are read from `$PEGURL_BENCH_DATA` (default `../shared/data/urls`): `kasztp.txt` and
//! `node_files.txt`, one URL per line; missing files are skipped with a note. The `long_url`
//! group parses single URLs of 16 KiB to 4 MiB to show that cost per byte stays flat.
//!
//! `cargo bench --bench parse`

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn data_dir() -> PathBuf {
    std::env::var_os("PEGURL_BENCH_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        PathBuf::from,
    )
}

fn load(name: &str) -> Option<Vec<String>> {
    let path = data_dir().join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().map(str::to_owned).collect()),
        Err(e) => {
            eprintln!("skipping {}: {e}", path.display());
            None
        }
    }
}

fn datasets(c: &mut Criterion) {
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(urls) = load(name) else { continue };
        let bytes: usize = urls.iter().map(String::len).sum();
        let mut group = c.benchmark_group(format!("parse_href/{name}"));
        group.throughput(Throughput::Bytes(bytes as u64));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(8));
        group.bench_function("pegurl", |b| {
            b.iter(|| {
                let mut n = 0;
                for u in &urls {
                    if let Ok(url) = pegurl::Url::parse(black_box(u), None) {
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
        eprintln!("{name}: {} URLs, {bytes} bytes", urls.len());
    }
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
                b.iter(|| pegurl::Url::parse(black_box(input), None).map(|u| u.href().len()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, datasets, long_url);
criterion_main!(benches);
