//! SQL over a Parquet file the test writes from the real URL lists (../shared/data/urls): the
//! absolute URLs of kasztp.txt and node_files.txt, and kasztp's paths with a column of bases,
//! with null rows; every row of `url_parse` compared with pegurl's `Url::parse` and getters,
//! every `url_<component>` with the struct's field, and `url_join` with `Url::parse`'s href.

#[path = "../../arrow/tests/common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, ArrayRef, Int64Array, RecordBatch, StringArray};
use common::{check_row, expected, url_list};
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use pegurl_arrow::Component;

/// The base of the relative rows.
const BASE: &str = "https://example.org/dir/page?x#y";

/// The table's rows: id, url, base (null for the absolute URLs).
struct Table {
    urls: Vec<Option<String>>,
    bases: Vec<Option<String>>,
}

/// The rows written to Parquet, or `None` when the lists are absent.
fn table() -> Option<Table> {
    let kasztp = url_list("kasztp.txt")?;
    let node_files = url_list("node_files.txt")?;
    let mut table = Table {
        urls: Vec::new(),
        bases: Vec::new(),
    };
    for (i, url) in kasztp.iter().chain(&node_files).enumerate() {
        if i % 101 == 0 {
            table.urls.push(None);
            table.bases.push(None);
        }
        table.urls.push(Some(url.clone()));
        table.bases.push(None);
    }
    for url in &kasztp {
        let path = match url.split_once("://") {
            Some((_, rest)) => rest.find('/').map_or("", |at| &rest[at..]),
            None => url,
        };
        table.urls.push(Some(path.to_owned()));
        table.bases.push(Some(BASE.to_owned()));
    }
    Some(table)
}

/// Writes `table` to a Parquet file of its own and registers it as `urls` on a new context.
async fn context(table: &Table, name: &str) -> (SessionContext, Written) {
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..table.urls.len() as i64));
    let urls: ArrayRef = Arc::new(StringArray::from(table.urls.clone()));
    let bases: ArrayRef = Arc::new(StringArray::from(table.bases.clone()));
    let batch =
        RecordBatch::try_from_iter([("id", ids), ("url", urls), ("base", bases)]).expect("a batch");
    let path =
        std::env::temp_dir().join(format!("pegurl-sql-{name}-{}.parquet", std::process::id()));
    write_parquet(&path, &batch);
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    let file = path.to_str().expect("a UTF-8 temporary path");
    ctx.register_parquet("urls", file, ParquetReadOptions::default())
        .await
        .expect("the Parquet file registers");
    (ctx, Written(path))
}

/// The Parquet file a test wrote; removed when the test ends.
struct Written(PathBuf);

impl Drop for Written {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn write_parquet(path: &PathBuf, batch: &RecordBatch) {
    let file = std::fs::File::create(path).expect("a temporary file");
    let mut writer = ArrowWriter::try_new(file, batch.schema(), None).expect("a writer");
    writer.write(batch).expect("the rows are written");
    writer.close().expect("the file is closed");
}

/// Runs `sql` and returns its batches.
async fn query(ctx: &SessionContext, sql: &str) -> Vec<RecordBatch> {
    match ctx.sql(sql).await {
        Ok(frame) => frame
            .collect()
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}")),
        Err(e) => panic!("{sql}: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn url_parse_equals_url_parse_on_every_row() {
    let Some(table) = table() else { return };
    assert!(table.urls.len() >= 100_000, "{} rows", table.urls.len());
    let (ctx, _file) = context(&table, "parse").await;
    let components: Vec<String> = Component::ALL
        .iter()
        .map(|c| format!("url_{}(url) AS {}", c.name(), c.name()))
        .collect();
    let absolute = format!(
        "SELECT id, url_parse(url) AS parsed, {} FROM urls WHERE base IS NULL",
        components.join(", ")
    );
    let relative = "SELECT id, url_parse(url, base) AS parsed, url_join(base, url) AS joined \
                    FROM urls WHERE base IS NOT NULL";
    let mut seen = 0;
    let mut mismatches = Vec::new();
    for sql in [absolute.as_str(), relative] {
        for batch in query(&ctx, sql).await {
            let ids = batch.column(0).as_primitive::<Int64Type>();
            let parsed = batch.column(1).as_struct();
            for i in 0..batch.num_rows() {
                let id = ids.value(i) as usize;
                let (url, base) = (&table.urls[id], table.bases[id].as_deref());
                let want = url.as_deref().map(|url| expected(url, base));
                if let Err(e) = check_row(parsed, i, want.as_ref()) {
                    mismatches.push(format!("id {id} {url:?}: {e}"));
                }
                seen += 1;
            }
            compare_with_fields(&batch, parsed);
        }
    }
    assert_eq!(seen, table.urls.len(), "every row came back once");
    assert!(
        mismatches.is_empty(),
        "{} rows differ:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

/// Each `url_<component>` column (or `url_join`'s) equals the struct's field.
fn compare_with_fields(batch: &RecordBatch, parsed: &arrow_array::StructArray) {
    for (index, field) in batch.schema().fields().iter().enumerate().skip(2) {
        let name = if field.name() == "joined" {
            "href"
        } else {
            field.name().as_str()
        };
        let from_struct = parsed.column_by_name(name).expect("a struct field");
        assert!(
            batch.column(index).as_ref() == from_struct.as_ref(),
            "{} differs from url_parse(..)['{name}']",
            field.name()
        );
    }
}

/// The README's query: hosts counted in SQL equal hosts counted from `Url::parse`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hosts_counted_in_sql_equal_url_parse() {
    let Some(table) = table() else { return };
    let (ctx, _file) = context(&table, "hosts").await;
    let sql = "SELECT url_hostname(url) AS hostname, count(*) AS urls FROM urls \
               WHERE base IS NULL GROUP BY hostname";
    let mut counted = HashMap::new();
    for batch in query(&ctx, sql).await {
        let hosts = batch.column(0).as_string::<i32>();
        let counts = batch.column(1).as_primitive::<Int64Type>();
        for i in 0..batch.num_rows() {
            let host = hosts.is_valid(i).then(|| hosts.value(i).to_owned());
            counted.insert(host, counts.value(i));
        }
    }
    let mut want: HashMap<Option<String>, i64> = HashMap::new();
    for (url, _) in table
        .urls
        .iter()
        .zip(&table.bases)
        .filter(|(_, b)| b.is_none())
    {
        let host = url
            .as_deref()
            .and_then(|url| expected(url, None).components[5].clone());
        *want.entry(host).or_default() += 1;
    }
    assert_eq!(counted, want);
}

/// Constant arguments are folded to one scalar, the same as a row's value.
#[tokio::test]
async fn constant_arguments_give_the_value_of_url_parse() {
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    let sql = "SELECT url_host('HTTPS://EXAMPLE.com:8080/a/../b') AS host, \
               url_join('http://h/a/b', '../c') AS joined, \
               url_valid('http://exa mple.org/') AS valid, \
               url_errors('https:\\\\h\\p') AS errors, \
               url_href(NULL) AS nothing";
    let batches = query(&ctx, sql).await;
    let batch = &batches[0];
    let text = |i: usize| batch.column(i).as_string::<i32>().value(0).to_owned();
    let host = expected("HTTPS://EXAMPLE.com:8080/a/../b", None).components[4].clone();
    assert_eq!(Some(text(0)), host);
    assert_eq!(
        Some(text(1)),
        expected("../c", Some("http://h/a/b")).components[0].clone()
    );
    let valid = batch.column(2).as_boolean().value(0);
    assert_eq!(valid, expected("http://exa mple.org/", None).valid);
    let errors = batch.column(3).as_list::<i32>().value(0);
    let errors: Vec<&str> = errors.as_string::<i32>().iter().flatten().collect();
    assert_eq!(errors, expected("https:\\\\h\\p", None).errors);
    assert!(batch.column(4).is_null(0));
}
