//! Rows per second, on one core (one partition, one target partition), of the same DataFusion
//! query with pegurl's functions and with datafusion-spark's `try_parse_url` (its `parse_url`
//! fails the whole query on a URL it rejects), over a table of kasztp.txt or node_files.txt
//! (../shared/data/urls) in batches of 8,192 rows. Before timing, it prints how many rows'
//! results differ between the two and a few examples.
//!
//! `cargo bench -p pegurl-datafusion --features spark --bench query -- --warm-up-time 1 --measurement-time 3`

#[path = "../../arrow/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};
use tokio::runtime::Runtime;

/// pegurl's hostname, pathname and search. (Spark's QUERY is the query without its "?", NULL
/// when empty: [`as_query`] makes the search that for the comparison. SQL's `substr` would need
/// DataFusion's `unicode_expressions` feature, which these crates do not build.)
const PEGURL: &str =
    "SELECT url_hostname(url) AS host, url_pathname(url) AS path, url_search(url) AS query FROM urls";
/// Spark's HOST, PATH and QUERY parts.
const SPARK: &str =
    "SELECT try_parse_url(url, 'HOST') AS host, try_parse_url(url, 'PATH') AS path, \
     try_parse_url(url, 'QUERY') AS query FROM urls";

/// A context on one core with both sets of functions and `urls` as a table in memory.
fn context(urls: &[String]) -> SessionContext {
    let config = SessionConfig::new().with_target_partitions(1);
    let ctx = SessionContext::new_with_config(config);
    pegurl_datafusion::register(&ctx);
    for function in datafusion_spark::function::url::functions() {
        ctx.register_udf(function.as_ref().clone());
    }
    let batches: Vec<RecordBatch> = urls
        .chunks(8192)
        .filter_map(|chunk| {
            let column: ArrayRef = Arc::new(StringArray::from(chunk.to_vec()));
            RecordBatch::try_from_iter([("url", column)]).ok()
        })
        .collect();
    if let Some(schema) = batches.first().map(RecordBatch::schema) {
        if let Ok(table) = MemTable::try_new(schema, vec![batches]) {
            let _ = ctx.register_table("urls", Arc::new(table));
        }
    }
    ctx
}

/// Runs `sql` and returns its rows: host, path and query per URL, in the table's order.
async fn rows(ctx: &SessionContext, sql: &str) -> Vec<[Option<String>; 3]> {
    let batches = match ctx.sql(sql).await {
        Ok(frame) => frame
            .collect()
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}")),
        Err(e) => panic!("{sql}: {e}"),
    };
    let mut rows = Vec::new();
    for batch in &batches {
        let text = |c: usize, i: usize| {
            let column = batch.column(c).as_string::<i32>();
            column.is_valid(i).then(|| column.value(i).to_owned())
        };
        rows.extend((0..batch.num_rows()).map(|i| [text(0, i), text(1, i), text(2, i)]));
    }
    rows
}

/// Prints how many rows differ in each part, with up to three examples each.
fn print_differences(
    name: &str,
    urls: &[String],
    pegurl: &[[Option<String>; 3]],
    spark: &[[Option<String>; 3]],
) {
    for (part, label) in ["host", "path", "query"].iter().enumerate() {
        let differing: Vec<usize> = (0..urls.len().min(pegurl.len()).min(spark.len()))
            .filter(|&i| pegurl[i][part] != spark[i][part])
            .collect();
        eprintln!(
            "{name}: {label} differs on {} of {} rows",
            differing.len(),
            urls.len()
        );
        for &i in differing.iter().take(3) {
            eprintln!(
                "  {:?}: pegurl {:?}, spark {:?}",
                urls[i], pegurl[i][part], spark[i][part]
            );
        }
    }
}

/// The `search` getter's value as Spark's QUERY: without its "?", NULL when empty.
fn as_query(search: Option<String>) -> Option<String> {
    search
        .and_then(|s| s.strip_prefix('?').map(str::to_owned))
        .filter(|q| !q.is_empty())
}

fn queries(c: &mut Criterion) {
    let Ok(runtime) = Runtime::new() else { return };
    for name in ["kasztp.txt", "node_files.txt"] {
        let Some(urls) = common::url_list(name) else {
            continue;
        };
        let ctx = context(&urls);
        let mut pegurl = runtime.block_on(rows(&ctx, PEGURL));
        for row in &mut pegurl {
            row[2] = as_query(row[2].take());
        }
        let spark = runtime.block_on(rows(&ctx, SPARK));
        print_differences(name, &urls, &pegurl, &spark);
        let mut group = c.benchmark_group(format!("query/{name}"));
        group.throughput(Throughput::Elements(urls.len() as u64));
        group.sample_size(10);
        for (label, sql) in [
            ("pegurl url_hostname/url_pathname/url_search", PEGURL),
            ("datafusion-spark try_parse_url x3", SPARK),
        ] {
            group.bench_function(label, |b| {
                b.iter(|| runtime.block_on(rows(&ctx, sql)).len())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, queries);
criterion_main!(benches);
